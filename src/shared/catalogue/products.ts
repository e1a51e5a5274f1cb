/**
 * The product catalogue (spec §3 "Product catalogue"): the 23 insurance products a class can
 * hold, each with its name, its code and what its billing parameters may contain. The editor,
 * the server's validation and the tests read it through the queries below; nothing tests a
 * product's name.
 *
 * Decisions where the spec leaves the detail open (see docs/decisions/0004-billing-parameters.md):
 * - Names and codes are the spec's list exactly; an entry listed without a code ("Stand Alone
 *   AD&D", "Vision", "Dental", "Business Travel", …) uses its name as its code. Saved products
 *   are identified by productCode; productName must be that code's name.
 * - Every product has Effective Date, Price Rate Basis and Notes (the spec names no exception).
 * - Rate types and age-band modes are the capability table's rows; only Voluntary LTD and
 *   Voluntary STD allow two rate types (static, or age-banded with static bands).
 * - Volume inputs per volume type follow spec §4 "Volume type change" (what each type clears):
 *   fixed → amount; salary → salary multiple, minimum, maximum, increment, rounding;
 *   earnings-based → coverage basis, benefit percentage (post-benefit only), covered payroll
 *   mode, minimum, maximum, increment, rounding. A product's inputs are those of the volume
 *   types it allows; covered payroll mode applies to every product that allows earnings-based
 *   volume (LTD, STD, their voluntary versions, PFML, Vol PFML).
 * - "Smoker indicator, spouse flags" means Smoker Indicator, Spouse Admin On EE and Spouse
 *   Smoker On EE together (VTL, VTL/AD&D, CI, VCI). Tobacco rates exist only on those products.
 * - `separateADD` has no row in the table; it goes with Matched AD&D (the products that
 *   combine a life benefit with AD&D: Life/AD&D, VTL/AD&D).
 */
import {
  type AgeBandMode,
  type RateType,
  type VolumeField,
  type VolumeType,
  volumeFields,
  volumeTypeInputs,
} from '../billing/vocabulary.ts';

/** What a product type allows. A `ProductType` is one row of the catalogue. */
export interface ProductType {
  readonly productName: string;
  readonly productCode: string;
  readonly rate: {
    /** Allowed rate types; when there is exactly one it is applied automatically. */
    readonly types: readonly RateType[];
    /** Allowed age-band modes (empty unless age-banded rates are allowed). */
    readonly ageBandModes: readonly AgeBandMode[];
  };
  readonly volume: {
    /** Allowed volume types; empty when the product takes no volume. */
    readonly types: readonly VolumeType[];
    /** Which of the volume inputs apply (covered payroll mode is the flag below). */
    readonly inputs: readonly Exclude<VolumeField, 'coveredPayrollMode'>[];
    readonly coveredPayrollMode: boolean;
  };
  readonly priceRateBasis: boolean;
  readonly attainedAge: boolean;
  readonly smokerIndicator: boolean;
  readonly spouseAdminOnEE: boolean;
  readonly spouseSmokerOnEE: boolean;
  readonly ageReduction: boolean;
  /** Matched AD&D (and separate AD&D). */
  readonly matchedADD: boolean;
  readonly notes: boolean;
}

type Rate = ProductType['rate'];
type Volume = ProductType['volume'];

const staticRate: Rate = { types: ['static'], ageBandModes: [] };
const tieredRate: Rate = { types: ['tiered'], ageBandModes: [] };
const ageBandedStatic: Rate = { types: ['ageBanded'], ageBandModes: ['static'] };
const ageBandedStaticOrTiered: Rate = { types: ['ageBanded'], ageBandModes: ['static', 'tiered'] };
const staticOrAgeBandedStatic: Rate = { types: ['static', 'ageBanded'], ageBandModes: ['static'] };

const volumeOf = (types: VolumeType[]): Volume => ({
  types,
  inputs: volumeFields.filter(
    (f): f is Exclude<VolumeField, 'coveredPayrollMode'> =>
      f !== 'coveredPayrollMode' && types.some((t) => volumeTypeInputs[t].includes(f)),
  ),
  coveredPayrollMode: types.includes('earningsBased'),
});
const fixedOrSalary = volumeOf(['fixed', 'salary']);
const fixedOnly = volumeOf(['fixed']);
const fixedOrEarnings = volumeOf(['fixed', 'earningsBased']);
const earningsOnly = volumeOf(['earningsBased']);
const noVolume = volumeOf([]);

interface Extras {
  smokerAndSpouse?: boolean;
  attainedAge?: boolean;
  ageReduction?: boolean;
  matchedADD?: boolean;
}

function product(
  productName: string,
  productCode: string,
  rate: Rate,
  volume: Volume,
  extras: Extras = {},
): ProductType {
  return {
    productName,
    productCode,
    rate,
    volume,
    priceRateBasis: true,
    attainedAge: extras.attainedAge ?? false,
    smokerIndicator: extras.smokerAndSpouse ?? false,
    spouseAdminOnEE: extras.smokerAndSpouse ?? false,
    spouseSmokerOnEE: extras.smokerAndSpouse ?? false,
    ageReduction: extras.ageReduction ?? false,
    matchedADD: extras.matchedADD ?? false,
    notes: true,
  };
}

const smokerAndAttained = { smokerAndSpouse: true, attainedAge: true };

/** The 23 products, in the spec's order. */
export const productTypes: readonly ProductType[] = [
  product('Life', 'Life', staticRate, fixedOrSalary, { ageReduction: true }),
  product('Life and AD&D', 'Life/AD&D', staticRate, fixedOrSalary, {
    ageReduction: true,
    matchedADD: true,
  }),
  product('Voluntary Term Life', 'VTL', ageBandedStatic, fixedOrSalary, {
    ...smokerAndAttained,
    ageReduction: true,
  }),
  product('Voluntary Term Life with AD&D', 'VTL/AD&D', ageBandedStatic, fixedOrSalary, {
    ...smokerAndAttained,
    ageReduction: true,
    matchedADD: true,
  }),
  product('Accident', 'ACC', tieredRate, noVolume),
  product('Voluntary Accident', 'VACC', tieredRate, noVolume),
  product('Critical Illness', 'CI', ageBandedStaticOrTiered, fixedOnly, smokerAndAttained),
  product(
    'Voluntary Critical Illness',
    'VCI',
    ageBandedStaticOrTiered,
    fixedOnly,
    smokerAndAttained,
  ),
  product('Long Term Disability', 'LTD', staticRate, fixedOrEarnings),
  product(
    'Voluntary Long Term Disability',
    'Voluntary LTD',
    staticOrAgeBandedStatic,
    fixedOrEarnings,
    {
      attainedAge: true,
    },
  ),
  product('Short Term Disability', 'STD', staticRate, fixedOrEarnings),
  product(
    'Voluntary Short Term Disability',
    'Voluntary STD',
    staticOrAgeBandedStatic,
    fixedOrEarnings,
    { attainedAge: true },
  ),
  product('Hospital Indemnity', 'HI', ageBandedStaticOrTiered, noVolume, { attainedAge: true }),
  product('Voluntary Hospital Indemnity', 'VHI', ageBandedStaticOrTiered, noVolume, {
    attainedAge: true,
  }),
  product('Stand Alone AD&D', 'Stand Alone AD&D', staticRate, fixedOrSalary, {
    ageReduction: true,
  }),
  product('Stand Alone VAD&D', 'Stand Alone VAD&D', ageBandedStatic, fixedOrSalary, {
    attainedAge: true,
    ageReduction: true,
  }),
  product('Vision', 'Vision', tieredRate, noVolume),
  product('Voluntary Vision', 'Voluntary Vision', tieredRate, noVolume),
  product('Dental', 'Dental', tieredRate, noVolume),
  product('Voluntary Dental', 'Voluntary Dental', tieredRate, noVolume),
  product('Business Travel', 'Business Travel', staticRate, noVolume),
  product('Paid Family & Medical Leave', 'PFML', staticRate, earningsOnly),
  product('Voluntary PFML', 'Vol PFML', staticRate, earningsOnly),
];

const byCode = new Map(productTypes.map((p) => [p.productCode, p]));

/** The product type with this code (exact, as saved), or undefined. */
export function productByCode(code: string): ProductType | undefined {
  return byCode.get(code);
}

/** The product type a saved or edited product has chosen; undefined while none is chosen. */
export function productTypeOf(product: { productCode: string }): ProductType | undefined {
  return productByCode(product.productCode);
}

const fold = (text: string) => text.trim().toLocaleLowerCase('en-US');

/**
 * The product type a typed entry names: its name or its code, ignoring case and surrounding
 * spaces (spec §5). Undefined when nothing matches, in which case the picker reverts on blur.
 */
export function findProductType(query: string): ProductType | undefined {
  const q = fold(query);
  if (q === '') return undefined;
  return productTypes.find((p) => fold(p.productName) === q || fold(p.productCode) === q);
}

/** Type-ahead: product types whose name or code contains the entry, ignoring case. */
export function filterProductTypes(query: string): readonly ProductType[] {
  const q = fold(query);
  if (q === '') return productTypes;
  return productTypes.filter(
    (p) => fold(p.productName).includes(q) || fold(p.productCode).includes(q),
  );
}

// Queries take `undefined` (no product type chosen yet): such a product allows nothing.

export function allowedRateTypes(p: ProductType | undefined): readonly RateType[] {
  return p?.rate.types ?? [];
}

export function allowsRateType(p: ProductType | undefined, type: RateType): boolean {
  return allowedRateTypes(p).includes(type);
}

/** The rate type applied automatically: the only one the product allows. */
export function automaticRateType(p: ProductType | undefined): RateType | undefined {
  const types = allowedRateTypes(p);
  return types.length === 1 ? types[0] : undefined;
}

export function allowedAgeBandModes(p: ProductType | undefined): readonly AgeBandMode[] {
  return p?.rate.ageBandModes ?? [];
}

/** Add Age Band is disabled when no modes are allowed (spec §5). */
export function canAddAgeBand(p: ProductType | undefined): boolean {
  return allowedAgeBandModes(p).length > 0;
}

export function allowedVolumeTypes(p: ProductType | undefined): readonly VolumeType[] {
  return p?.volume.types ?? [];
}

export function takesVolume(p: ProductType | undefined): boolean {
  return allowedVolumeTypes(p).length > 0;
}

/** The volume inputs that apply for this product and volume type, in display order. */
export function volumeInputs(
  p: ProductType | undefined,
  type: VolumeType | undefined,
): readonly VolumeField[] {
  if (p === undefined || type === undefined || !p.volume.types.includes(type)) return [];
  return volumeTypeInputs[type].filter((f) =>
    f === 'coveredPayrollMode' ? p.volume.coveredPayrollMode : p.volume.inputs.includes(f),
  );
}

export function supportsPriceRateBasis(p: ProductType | undefined): boolean {
  return p?.priceRateBasis ?? false;
}
export function supportsAttainedAge(p: ProductType | undefined): boolean {
  return p?.attainedAge ?? false;
}
export function supportsSmokerIndicator(p: ProductType | undefined): boolean {
  return p?.smokerIndicator ?? false;
}
export function supportsSpouseAdminOnEE(p: ProductType | undefined): boolean {
  return p?.spouseAdminOnEE ?? false;
}
export function supportsSpouseSmokerOnEE(p: ProductType | undefined): boolean {
  return p?.spouseSmokerOnEE ?? false;
}
export function supportsAgeReduction(p: ProductType | undefined): boolean {
  return p?.ageReduction ?? false;
}
export function supportsMatchedADD(p: ProductType | undefined): boolean {
  return p?.matchedADD ?? false;
}
export function supportsNotes(p: ProductType | undefined): boolean {
  return p?.notes ?? false;
}
/** Effective Date is shown for every chosen product type. */
export function supportsEffectiveDate(p: ProductType | undefined): boolean {
  return p !== undefined;
}
