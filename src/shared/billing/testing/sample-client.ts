/**
 * A large, realistic billing document built the way a broker builds one: through the editor's
 * commands, so it is valid by construction. Server tests, the save benchmark and the editor's
 * re-render benchmark use it ("10 classes × 10 products").
 */
import {
  allowedAgeBandModes,
  allowedRateTypes,
  allowedVolumeTypes,
  productByCode,
  supportsAgeReduction,
  supportsAttainedAge,
  supportsMatchedADD,
  supportsSmokerIndicator,
  supportsSpouseAdminOnEE,
  supportsSpouseSmokerOnEE,
  volumeInputs,
} from '../../catalogue/products.ts';
import type { BillingCommand } from '../commands.ts';
import * as c from '../commands.ts';
import { type EditorState, emptyEditorState, type IdGenerator, toSaved } from '../editor-model.ts';
import { reduceBilling } from '../reduce.ts';
import type { Class } from '../schema.ts';
import { sequentialIds } from './factories.ts';

/** Ten product types that between them use every editor: tiers, both age-band modes, every
 * volume type, attained age, age reductions, smoker and spouse flags, matched AD&D. */
export const sampleProductCodes = [
  'VTL/AD&D',
  'CI',
  'LTD',
  'Dental',
  'Life/AD&D',
  'Voluntary LTD',
  'HI',
  'PFML',
  'Vision',
  'Stand Alone VAD&D',
] as const;

const tierNames = ['Employee', 'Employee + Spouse', 'Employee + Child(ren)', 'Family'];

/** Rates to the cent, as a carrier prints them. */
const cents = (n: number) => Math.round(n * 100) / 100;

export interface SampleOptions {
  classes?: number;
  products?: number;
  /** Age bands per age-banded product (5-year bands from 20). */
  ageBands?: number;
  /** Every product in every class (true) or each class holding about half of them. */
  everyProductInEveryClass?: boolean;
  newId?: IdGenerator;
}

/** The commands that fill one product of type `code` with everything its type allows. */
function fillProduct(key: string, code: string, ageBands: number): BillingCommand[] {
  const type = productByCode(code);
  if (type === undefined) throw new Error(`unknown product code ${code}`);
  const out: BillingCommand[] = [
    c.chooseProductType(key, code),
    c.setEffectiveDate(key, '01/01/2027'),
    c.setPriceRateBasis(key, 1000),
    c.setNotes(key, `${code}: rates guaranteed for 24 months; check the census before renewal.`),
  ];
  const smoker = supportsSmokerIndicator(type);
  if (smoker) out.push(c.setSmokerIndicator(key, true));
  if (supportsSpouseAdminOnEE(type)) out.push(c.setSpouseFlag(key, 'spouseAdminOnEE', true));
  if (supportsSpouseSmokerOnEE(type)) out.push(c.setSpouseFlag(key, 'spouseSmokerOnEE', true));
  if (supportsMatchedADD(type)) out.push(c.setMatchedADD(key, true));

  const rateTypes = allowedRateTypes(type);
  const rateType = rateTypes.includes('ageBanded') ? 'ageBanded' : rateTypes[0]!;
  out.push(c.setRateType(key, rateType));
  const tiers = (band?: number) =>
    tierNames.flatMap((tierName, i): BillingCommand[] => {
      const at = { productKey: key, band };
      const rate = 12.5 + i * 7.25;
      return [
        ...(i === 0 ? [] : [c.addRateTier(key, band)]),
        c.updateRateTier(at, i, { field: 'tierName', value: tierName }),
        c.updateRateTier(at, i, { field: 'rate', value: rate }),
        ...(smoker
          ? [c.updateRateTier(at, i, { field: 'tobaccoRate', value: cents(rate * 1.5) })]
          : []),
      ];
    });
  if (rateType === 'static') out.push(c.setStaticRate(key, 0.42));
  if (rateType === 'tiered') out.push(...tiers());
  if (rateType === 'ageBanded') {
    const modes = allowedAgeBandModes(type);
    const mode = modes.includes('tiered') ? 'tiered' : 'static';
    for (let b = 0; b < ageBands; b += 1) {
      const min = 20 + b * 5;
      out.push(
        c.addAgeBand(key, mode),
        c.updateAgeBand(key, b, 'minimumAge', min),
        c.updateAgeBand(key, b, 'maximumAge', Math.min(130, min + 4)),
      );
      if (mode === 'tiered') out.push(...tiers(b));
      else {
        out.push(c.updateAgeBand(key, b, 'rate', cents(0.05 + b * 0.03)));
        if (smoker) out.push(c.updateAgeBand(key, b, 'tobaccoRate', cents(0.08 + b * 0.05)));
      }
    }
  }

  const volumeType = allowedVolumeTypes(type).at(-1);
  if (volumeType !== undefined) {
    out.push(c.setVolumeType(key, volumeType));
    const inputs = volumeInputs(type, volumeType);
    const set = (field: Parameters<typeof c.updateVolumeField>[1]) =>
      out.push(c.updateVolumeField(key, field));
    if (inputs.includes('amount')) set({ field: 'amount', value: 50_000 });
    if (inputs.includes('salaryMultiple')) set({ field: 'salaryMultiple', value: 2 });
    if (inputs.includes('coverageBasis')) set({ field: 'coverageBasis', value: 'postBenefit' });
    if (inputs.includes('benefitPercentage')) set({ field: 'benefitPercentage', value: 60 });
    if (inputs.includes('coveredPayrollMode'))
      set({ field: 'coveredPayrollMode', value: 'monthly' });
    if (inputs.includes('minimum')) set({ field: 'minimum', value: 10_000 });
    if (inputs.includes('maximum')) set({ field: 'maximum', value: 500_000 });
    if (inputs.includes('increment')) set({ field: 'increment', value: 1000 });
    if (inputs.includes('roundingMethod')) set({ field: 'roundingMethod', value: 'nearest' });
  }

  if (supportsAttainedAge(type)) {
    out.push(
      c.setAttainedAgeField(key, { field: 'anchor', value: 'effectiveDate' }),
      c.setAttainedAgeField(key, { field: 'method', value: 'ageLastBirthday' }),
      c.setAttainedAgeField(key, { field: 'reRateOn', value: 'policyAnniversary' }),
      c.setAttainedAgeField(key, { field: 'reRateAlignment', value: 'firstOfSpecifiedMonth' }),
      c.setAttainedAgeField(key, { field: 'reRateMonth', value: 1 }),
    );
  }
  if (supportsAgeReduction(type)) {
    out.push(c.setAgeReductionType(key, 'percentage'));
    [65, 70, 75].forEach((age, i) => {
      out.push(
        c.addAgeReduction(key),
        c.updateAgeReduction(key, i, { field: 'age', value: age }),
        c.updateAgeReduction(key, i, { field: 'reduction', value: 35 + i * 15 }),
        c.updateAgeReduction(key, i, { field: 'increment', value: 1000 }),
        c.updateAgeReduction(key, i, { field: 'roundingMethod', value: 'down' }),
      );
    });
  }
  return out;
}

/** An editor state with `classes` classes and `products` products, every product filled in. */
export function sampleEditorState(options: SampleOptions = {}): EditorState {
  const {
    classes = 10,
    products = 10,
    ageBands = 10,
    everyProductInEveryClass = true,
    newId = sequentialIds(),
  } = options;
  let state = emptyEditorState;
  const apply = (command: BillingCommand) => {
    const next = reduceBilling(state, command);
    if (next === state) throw new Error(`sample: command refused: ${JSON.stringify(command)}`);
    state = next;
  };
  const classKeys: string[] = [];
  for (let i = 0; i < classes; i += 1) {
    const add = c.addClass(newId);
    if (add.type !== 'addClass') throw new Error('addClass');
    apply(add);
    classKeys.push(add.key);
    apply(
      c.updateClassField(add.key, 'className', `Class ${i + 1} — ${i % 2 ? 'Hourly' : 'Salaried'}`),
    );
    apply(c.updateClassField(add.key, 'classID', `C${String(i + 1).padStart(2, '0')}`));
    apply(c.updateClassField(add.key, 'location', i % 3 === 0 ? 'Boston, MA' : 'Remote'));
  }
  for (let i = 0; i < products; i += 1) {
    const add = c.addProduct(newId);
    if (add.type !== 'addProduct') throw new Error('addProduct');
    apply(add);
    const code = sampleProductCodes[i % sampleProductCodes.length]!;
    for (const command of fillProduct(add.key, code, ageBands)) {
      // Some commands are no-ops for some types (e.g. a rate type already applied automatically).
      state = reduceBilling(state, command);
    }
    const holders = everyProductInEveryClass
      ? classKeys
      : classKeys.filter((_, j) => (i + j) % 2 === 0);
    if (holders.length > 0) apply(c.setProductClasses(add.key, holders));
  }
  return state;
}

/** The saved `classes[]` of `sampleEditorState(options)`. */
export function sampleBillingDocument(options: SampleOptions = {}): Class[] {
  return toSaved(sampleEditorState(options));
}
