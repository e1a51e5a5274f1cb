import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProposalFixtures } from '../../../tests/support/proposal-fixtures.ts';
import { fromSaved, toSaved } from '../billing/editor-model.ts';
import { billingDocumentArb } from '../billing/testing/arbitraries.ts';
import { validateBillingParameters } from '../billing/validate.ts';
import {
  type BillingPlan,
  billingPlanOf,
  commandsForBilling,
  matchBillingClasses,
  NEW_CLASS,
  toEditorDate,
} from './billing-plan.ts';

const fixtures = loadProposalFixtures();
const truth = (file: string): unknown => fixtures.find((f) => f.file.startsWith(file))!.truth;

let n = 0;
const ids = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

describe('billingPlanOf', () => {
  it('reads each class of a proposal with its tiers and monthly rates', () => {
    const plan = billingPlanOf(truth('dev05-uhc-dental-3class'), 'dental', 'UHC')!;
    expect(plan.carrier).toBe('UnitedHealthcare');
    expect(plan.effectiveDate).toBe('01/01/2026');
    expect(plan.classes.map((c) => c.name)).toEqual(['Class 1', 'Class 2', 'Class 3']);
    expect(plan.classes[0]!.tiers).toEqual([
      { name: 'EE', rate: 49.37 },
      { name: 'EE + Spouse', rate: 98.2 },
      { name: 'EE + Child(ren)', rate: 112.05 },
      { name: 'EE + Family', rate: 167.44 },
    ]);
    expect(billingPlanOf(truth('dev05-uhc-dental-3class'), 'vision', 'UHC')).toBeUndefined();
  });
  it.each([
    ['January 1, 2026', '01/01/2026'],
    ['Jan 15, 2026', '01/15/2026'],
    ['1/1/2026', '01/01/2026'],
    ['2026-04-01', '04/01/2026'],
    ['Plan year 2026', 'Plan year 2026'],
  ])('effective date %s → %s', (printed, editor) => expect(toEditorDate(printed)).toBe(editor));
});

describe('commandsForBilling', () => {
  const plan: BillingPlan = {
    product: 'dental',
    documentName: 'Ameritas 2026',
    carrier: 'Ameritas',
    effectiveDate: 'January 1, 2026',
    classes: [
      {
        name: 'Class 1',
        tiers: [
          { name: 'Employee Only', rate: 34.18 },
          { name: 'Family', rate: 122.36 },
        ],
      },
    ],
  };

  it('matches classes by name, and leaves the pick to the broker when none match', () => {
    const state = fromSaved(
      [
        { className: 'Salaried', classID: 'S', products: [] },
        { className: 'class 1', classID: '1', products: [] },
      ],
      ids,
    );
    expect(matchBillingClasses(plan, state)).toEqual({ 'Class 1': state.classes[1]!.key });
    const other = fromSaved(
      [
        { className: 'A', classID: 'A', products: [] },
        { className: 'B', classID: 'B', products: [] },
      ],
      ids,
    );
    expect(matchBillingClasses(plan, other)).toEqual({ 'Class 1': undefined });
    const one = fromSaved([{ className: 'Everybody', classID: 'E', products: [] }], ids);
    expect(matchBillingClasses(plan, one)).toEqual({ 'Class 1': one.classes[0]!.key });
  });

  it('matches and places a class whatever its name, "__proto__" too', () => {
    const odd = { ...plan, classes: [{ ...plan.classes[0]!, name: '__proto__' }] };
    const start = fromSaved([{ className: '__proto__', classID: 'P', products: [] }], ids);
    const choice = matchBillingClasses(odd, start);
    expect(Object.keys(choice)).toEqual(['__proto__']);
    expect(choice.__proto__).toBe(start.classes[0]!.key);
    const { state } = commandsForBilling(start, odd, { ...choice } as Record<string, string>, ids);
    expect(toSaved(state)[0]!.products).toHaveLength(1);
  });

  it('puts the rates, effective date and carrier into the class’s Dental product', () => {
    const start = fromSaved([{ className: 'Class 1', classID: '1', products: [] }], ids);
    const { commands, state } = commandsForBilling(
      start,
      plan,
      { 'Class 1': start.classes[0]!.key },
      ids,
    );
    expect(commands.length).toBeGreaterThan(0);
    const [saved] = toSaved(state);
    expect(saved!.products).toHaveLength(1);
    expect(saved!.products[0]).toMatchObject({
      productName: 'Dental',
      productCode: 'Dental',
      effectiveDate: '01/01/2026',
      notes: 'Carrier: Ameritas (from proposal “Ameritas 2026”)',
      rate: {
        type: 'tiered',
        rateTiers: [
          { tierName: 'Employee Only', rate: 34.18 },
          { tierName: 'Family', rate: 122.36 },
        ],
      },
    });
    // a second use replaces the rates in the same product
    const again = commandsForBilling(
      state,
      { ...plan, classes: [{ name: 'Class 1', tiers: [{ name: 'EE', rate: 1 }] }] },
      { 'Class 1': start.classes[0]!.key },
      ids,
    );
    const [resaved] = toSaved(again.state);
    expect(resaved!.products).toHaveLength(1);
    expect(resaved!.products[0]!.rate.rateTiers).toEqual([{ tierName: 'EE', rate: 1 }]);
  });

  const planArb: fc.Arbitrary<BillingPlan> = fc.record({
    product: fc.constantFrom('dental' as const, 'vision' as const),
    documentName: fc.string({ minLength: 1, maxLength: 20 }),
    carrier: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
    effectiveDate: fc.option(fc.constantFrom('January 1, 2026', '04/01/2026', 'Plan year'), {
      nil: null,
    }),
    classes: fc.uniqueArray(
      fc.record({
        name: fc.string({ minLength: 1, maxLength: 12 }),
        tiers: fc.uniqueArray(
          fc.record({
            name: fc.string({ maxLength: 16 }),
            rate: fc.integer({ min: 0, max: 999_900 }).map((c) => c / 100),
          }),
          { minLength: 1, maxLength: 6, selector: (t) => t.name },
        ),
      }),
      { minLength: 1, maxLength: 4, selector: (c) => c.name },
    ),
  });

  it('round-trips every tier of every class into a valid billing document (property)', () => {
    fc.assert(
      fc.property(
        billingDocumentArb,
        planArb,
        fc.array(fc.nat(), { maxLength: 4 }),
        (doc, p, picks) => {
          const start = fromSaved(doc, ids);
          // each plan class goes to an existing class (never two to one) or to a new class
          const free = start.classes.map((c) => c.key);
          const choice: Record<string, string> = Object.create(null);
          p.classes.forEach((cls, i) => {
            const pick = picks[i];
            choice[cls.name] =
              pick !== undefined && free.length > 0
                ? free.splice(pick % free.length, 1)[0]!
                : NEW_CLASS;
          });
          const { state } = commandsForBilling(start, p, choice, ids);
          const saved = toSaved(state);
          expect(validateBillingParameters(saved).ok).toBe(true);
          for (const cls of p.classes) {
            const chosen = choice[cls.name]!;
            const target =
              chosen === NEW_CLASS
                ? saved.find((c, i) => c.className === cls.name && i >= start.classes.length)
                : saved[start.classes.findIndex((c) => c.key === chosen)];
            expect(target).toBeDefined();
            const code = p.product === 'dental' ? 'Dental' : 'Vision';
            // the product the rates went to (a class may hold other products of the type too)
            const note = `Carrier: ${p.carrier ?? 'not printed'} (from proposal “${p.documentName}”)`;
            const products = target!.products.filter(
              (x) => x.productCode === code && x.notes === note,
            );
            expect(products).toHaveLength(1);
            expect(products[0]!.rate.rateTiers).toEqual(
              cls.tiers.map((t) => ({ tierName: t.name, rate: t.rate })),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
