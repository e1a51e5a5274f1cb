/**
 * "Use for billing" (issue 14): a proposal's plan for one product (its carrier, effective date
 * and tiered monthly rates per class) turned into the billing editor's own commands, so the
 * rates arrive as unsaved edits the broker sees, saves through the normal revisioned save, or
 * reverts. Classes are matched by name; the broker picks where none match.
 */
import {
  addClass,
  addProduct,
  addRateTier,
  type BillingCommand,
  chooseProductType,
  deleteRateTier,
  setEffectiveDate,
  setNotes,
  setProductClasses,
  setRateType,
  updateClassField,
  updateRateTier,
} from '../billing/commands.ts';
import {
  classKeysOfProduct,
  type EditorState,
  type IdGenerator,
  randomId,
} from '../billing/editor-model.ts';
import { reduceBilling } from '../billing/reduce.ts';
import type { ComparedProduct } from '../documents/summary-fields.ts';
import { classKey, parseMoney, readProductPlan, rowsOf } from './read-plan.ts';

/** The catalogue product a compared product becomes in billing. */
export const billingProductCode: Record<ComparedProduct, string> = {
  dental: 'Dental',
  vision: 'Vision',
};

export interface BillingPlanClass {
  name: string;
  tiers: Array<{ name: string; rate: number }>;
}

export interface BillingPlan {
  product: ComparedProduct;
  documentName: string;
  carrier: string | null;
  /** As printed in the proposal. */
  effectiveDate: string | null;
  classes: BillingPlanClass[];
}

/** A proposal's rates for one product, per class, tiers as printed (only tiers with a rate). */
export function billingPlanOf(
  data: unknown,
  product: ComparedProduct,
  documentName: string,
): BillingPlan | undefined {
  const plan = readProductPlan(data, product);
  if (!plan) return undefined;
  const classes = plan.classes
    .map((name): BillingPlanClass => {
      const tiers: BillingPlanClass['tiers'] = [];
      for (const row of rowsOf(plan, 'rateTiers', name)) {
        const tier = row.rateTier?.text;
        const rate = row.carrierMonthlyRate ? parseMoney(row.carrierMonthlyRate.text) : undefined;
        if (
          tier &&
          rate !== undefined &&
          rate >= 0 &&
          rate <= 9999 &&
          !tiers.some((t) => t.name === tier)
        )
          tiers.push({ name: tier, rate });
      }
      return { name, tiers };
    })
    .filter((c) => c.tiers.length > 0);
  if (classes.length === 0) return undefined;
  return {
    product,
    documentName,
    carrier: plan.carrier?.text ?? null,
    effectiveDate: plan.effectiveDate?.text ?? null,
    classes,
  };
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A printed date as the editor's MM/DD/YYYY ('January 1, 2026' → '01/01/2026'); as printed when unreadable. */
export function toEditorDate(text: string): string {
  const t = text.trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (us) return `${pad(Number(us[1]))}/${pad(Number(us[2]))}/${us[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return `${iso[2]}/${iso[3]}/${iso[1]}`;
  const long = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(t);
  const month = long
    ? months.findIndex((m) => m.startsWith(long[1]!.toLowerCase().slice(0, 3)))
    : -1;
  if (long && month >= 0) return `${pad(month + 1)}/${pad(Number(long[2]))}/${long[3]}`;
  return t;
}

/**
 * The billing class each plan class goes to by name (undefined: the broker picks). One plan
 * class and one billing class match whatever their names.
 */
export function matchBillingClasses(
  plan: BillingPlan,
  state: EditorState,
): Record<string, string | undefined> {
  // (no prototype: a class may be named '__proto__' or 'constructor')
  const result: Record<string, string | undefined> = Object.create(null);
  const taken = new Set<string>();
  for (const cls of plan.classes) {
    const match = state.classes.find(
      (c) =>
        !taken.has(c.key) &&
        classKey(c.className) !== '' &&
        classKey(c.className) === classKey(cls.name),
    );
    result[cls.name] = match?.key;
    if (match) taken.add(match.key);
  }
  if (
    plan.classes.length === 1 &&
    state.classes.length === 1 &&
    result[plan.classes[0]!.name] === undefined
  )
    result[plan.classes[0]!.name] = state.classes[0]!.key;
  return result;
}

/** Where each plan class's rates go: a billing class key, or NEW_CLASS for a new class named as the plan's. */
export const NEW_CLASS = '__new__';

/**
 * The commands that put the plan's rates into billing, and the state they lead to. For each
 * plan class: the class (a new one when chosen), its product of the plan's catalogue type (the
 * one it holds alone, else a new one), tiered rates as in the proposal, the effective date and
 * the carrier in the notes.
 */
export function commandsForBilling(
  start: EditorState,
  plan: BillingPlan,
  choice: Record<string, string>,
  newId: IdGenerator = randomId,
): { commands: BillingCommand[]; state: EditorState } {
  let state = start;
  const commands: BillingCommand[] = [];
  const run = (command: BillingCommand) => {
    commands.push(command);
    state = reduceBilling(state, command);
  };
  const code = billingProductCode[plan.product];
  for (const cls of plan.classes) {
    let classKeyChosen = Object.hasOwn(choice, cls.name) ? choice[cls.name] : undefined;
    if (classKeyChosen === undefined) continue;
    if (classKeyChosen === NEW_CLASS || !state.classes.some((c) => c.key === classKeyChosen)) {
      const add = addClass(newId);
      run(add);
      classKeyChosen = (add as { key: string }).key;
      run(updateClassField(classKeyChosen, 'className', cls.name));
    }
    const target = classKeyChosen;
    const holder = state.classes.find((c) => c.key === target)!;
    const same = state.products.filter(
      (p) => p.productCode === code && holder.productKeys.includes(p.key),
    );
    let productKey = same.find((p) => classKeysOfProduct(state, p.key).length === 1)?.key;
    if (productKey === undefined) {
      // a product shared with other classes keeps serving them; this class gets its own
      for (const shared of same)
        run(
          setProductClasses(
            shared.key,
            classKeysOfProduct(state, shared.key).filter((k) => k !== target),
          ),
        );
      const add = addProduct(newId);
      run(add);
      productKey = (add as { key: string }).key;
      run(chooseProductType(productKey, code));
      run(setProductClasses(productKey, [...classKeysOfProduct(state, productKey), target]));
    }
    const key = productKey;
    run(setRateType(key, 'tiered'));
    const tierCount = () => state.products.find((p) => p.key === key)?.rate.rateTiers?.length ?? 0;
    while (tierCount() > cls.tiers.length)
      run(deleteRateTier({ productKey: key }, tierCount() - 1));
    while (tierCount() < cls.tiers.length) run(addRateTier(key));
    cls.tiers.forEach((tier, i) => {
      run(updateRateTier({ productKey: key }, i, { field: 'tierName', value: tier.name }));
      run(updateRateTier({ productKey: key }, i, { field: 'rate', value: tier.rate }));
    });
    if (plan.effectiveDate) run(setEffectiveDate(key, toEditorDate(plan.effectiveDate)));
    run(
      setNotes(
        key,
        `Carrier: ${plan.carrier ?? 'not printed'} (from proposal “${plan.documentName}”)`,
      ),
    );
  }
  return { commands, state };
}
