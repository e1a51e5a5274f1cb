/**
 * The product-level rules of spec §4 and §5 as pure functions (product, args) → product.
 * Each reads what the product's type allows from the catalogue. A change the product type
 * does not allow is refused: the same product object is returned, so callers can tell.
 * Numbers are clamped to their bounds (./numbers.ts); `undefined` means "unset".
 */
import {
  allowedAgeBandModes,
  allowedVolumeTypes,
  allowsRateType,
  automaticRateType,
  type ProductType,
  productTypeOf,
  supportsAgeReduction,
  supportsAttainedAge,
  supportsMatchedADD,
  supportsNotes,
  supportsPriceRateBasis,
  supportsSmokerIndicator,
  supportsSpouseAdminOnEE,
  supportsSpouseSmokerOnEE,
  volumeInputs,
} from '../catalogue/products.ts';
import {
  ageBandAgeBounds,
  ageReductionBounds,
  clampNumber,
  clampOptional,
  numberBounds,
  volumeBounds,
} from './numbers.ts';
import type {
  AgeBand,
  AgeReduction,
  AgeReductionRow,
  AttainedAge,
  Product,
  Rate,
  RateTier,
  Volume,
} from './schema.ts';
import {
  type AgeBandMode,
  type AgeReductionType,
  type AttainedAgeField,
  ageReductionTypes,
  attainedAgeAnchors,
  attainedAgeMethods,
  coverageBases,
  payrollModes,
  type RateType,
  reRateAlignments,
  reRateOnOptions,
  roundingMethods,
  type VolumeField,
  type VolumeType,
  volumeFields,
  type volumeNumberFields,
} from './vocabulary.ts';

// ——— small immutable helpers ———

/** A copy of `obj` with `key` set to `value`, or removed when `value` is undefined. */
function put<T extends object, K extends keyof T>(obj: T, key: K, value: T[K] | undefined): T {
  if (value === undefined) {
    if (!(key in obj)) return obj;
    const copy = { ...obj };
    delete copy[key];
    return copy;
  }
  if (obj[key] === value) return obj;
  return { ...obj, [key]: value };
}

/** Without the given keys (the same object when none is present). */
function omit<T extends object>(obj: T, keys: readonly (keyof T)[]): T {
  if (!keys.some((k) => k in obj)) return obj;
  const copy = { ...obj };
  for (const k of keys) delete copy[k];
  return copy;
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((x, i) => (i === index ? item : x));
}

function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

const isIndex = (items: readonly unknown[] | undefined, i: number): boolean =>
  items !== undefined && Number.isInteger(i) && i >= 0 && i < items.length;

/** A number command value is a finite number or unset. */
const isNumberValue = (v: unknown): v is number | undefined =>
  v === undefined || (typeof v === 'number' && Number.isFinite(v));

const isOneOf = <T extends string>(options: readonly T[], v: unknown): v is T | undefined =>
  v === undefined || (typeof v === 'string' && (options as readonly string[]).includes(v));

// ——— defaults (spec §3) ———

/** Default new tier: empty name, rate 0. */
export function defaultRateTier(): RateTier {
  return { tierName: '', rate: 0 };
}

/** Default new band: minimum age 0, rate 0 (a tiered band starts with one default tier). */
export function defaultAgeBand(mode: AgeBandMode): AgeBand {
  return mode === 'static'
    ? { type: 'static', minimumAge: 0, rate: 0 }
    : { type: 'tiered', minimumAge: 0, rateTiers: [defaultRateTier()] };
}

/** Default new age-reduction row: age 0, reduction 0. */
export function defaultAgeReductionRow(): AgeReductionRow {
  return { age: 0, reduction: 0 };
}

// ——— smoker indicator and tobacco rates ———

const smokerOn = (product: Product): boolean =>
  product.smokerIndicator === true && supportsSmokerIndicator(productTypeOf(product));

const withoutTobaccoTier = (tier: RateTier): RateTier => omit(tier, ['tobaccoRate']);

/** The rate with every tobacco rate removed (tiers, bands and band tiers). */
export function removeTobaccoRates(rate: Rate): Rate {
  let next = rate;
  if (rate.rateTiers?.some((t) => t.tobaccoRate !== undefined))
    next = { ...next, rateTiers: rate.rateTiers.map(withoutTobaccoTier) };
  if (
    rate.ageBands?.some(
      (b) => b.tobaccoRate !== undefined || b.rateTiers?.some((t) => t.tobaccoRate !== undefined),
    )
  ) {
    next = {
      ...next,
      ageBands: rate.ageBands.map((b) => {
        const band = omit(b, ['tobaccoRate']);
        return band.rateTiers
          ? { ...band, rateTiers: band.rateTiers.map(withoutTobaccoTier) }
          : band;
      }),
    };
  }
  return next;
}

/** Smoker Indicator on or off; off removes all tobacco rates and Spouse Smoker On EE. */
export function setSmokerIndicator(product: Product, on: boolean): Product {
  if (!supportsSmokerIndicator(productTypeOf(product))) return product;
  const next = put(product, 'smokerIndicator', on);
  if (on) return next;
  const rate = removeTobaccoRates(next.rate);
  return omit(rate === next.rate ? next : { ...next, rate }, ['spouseSmokerOnEE']);
}

/** Spouse Admin On EE; Spouse Smoker On EE only when the type allows it and smoker is on. */
export function setSpouseFlag(
  product: Product,
  flag: 'spouseAdminOnEE' | 'spouseSmokerOnEE',
  on: boolean,
): Product {
  const type = productTypeOf(product);
  if (flag === 'spouseAdminOnEE')
    return supportsSpouseAdminOnEE(type) ? put(product, flag, on) : product;
  if (!supportsSpouseSmokerOnEE(type) || !smokerOn(product)) return product;
  return put(product, flag, on);
}

// ——— rate type, static rate and tiers ———

/** The bands converted to `mode`, keeping minimum and maximum age (spec §4 "Age-band mode switch"). */
function convertBands(
  bands: readonly AgeBand[],
  mode: AgeBandMode,
  keepTobacco: boolean,
): AgeBand[] {
  return bands.map((band) => {
    if (band.type === mode) return band;
    const ages: Pick<AgeBand, 'minimumAge' | 'maximumAge'> = {};
    if (band.minimumAge !== undefined) ages.minimumAge = band.minimumAge;
    if (band.maximumAge !== undefined) ages.maximumAge = band.maximumAge;
    if (mode === 'tiered') {
      const tier: RateTier = { tierName: '', rate: band.rate ?? 0 };
      if (keepTobacco && band.tobaccoRate !== undefined) tier.tobaccoRate = band.tobaccoRate;
      return { type: 'tiered', ...ages, rateTiers: [tier] };
    }
    const first = band.rateTiers?.[0];
    const next: AgeBand = { type: 'static', ...ages, rate: first?.rate ?? 0 };
    if (keepTobacco && first?.tobaccoRate !== undefined) next.tobaccoRate = first.tobaccoRate;
    return next;
  });
}

/** The rate for a new rate type: static clears tiers and bands; tiered clears the static rate
 * and bands, keeping or starting tiers; age-banded clears the static rate and tiers. */
function rateOfType(rate: Rate, type: RateType): Rate {
  switch (type) {
    case 'static':
      return rate.staticRate === undefined ? { type } : { type, staticRate: rate.staticRate };
    case 'tiered':
      return { type, rateTiers: rate.rateTiers?.length ? rate.rateTiers : [defaultRateTier()] };
    case 'ageBanded':
      return { type, ageBands: rate.ageBands ?? [] };
  }
}

/** Bands in a mode the product allows (the first allowed one when theirs is not). */
function bandsInAllowedMode(product: Product, type: ProductType | undefined): Product {
  const bands = product.rate.ageBands;
  if (product.rate.type !== 'ageBanded' || bands === undefined || bands.length === 0)
    return product;
  const modes = allowedAgeBandModes(type);
  const current = bands[0]!.type;
  const mode = modes.includes(current) ? current : modes[0];
  if (mode === undefined || bands.every((b) => b.type === mode)) return product;
  const keepTobacco = supportsSmokerIndicator(type) && product.smokerIndicator === true;
  return {
    ...product,
    rate: { ...product.rate, ageBands: convertBands(bands, mode, keepTobacco) },
  };
}

/** Spec §4 "Rate type change". A type the product does not allow is refused. */
export function setRateType(product: Product, type: RateType): Product {
  const productType = productTypeOf(product);
  if (!allowsRateType(productType, type) || product.rate.type === type) return product;
  return bandsInAllowedMode({ ...product, rate: rateOfType(product.rate, type) }, productType);
}

/** Static rate (min 0); only with the static rate type. */
export function setStaticRate(product: Product, value: number | undefined): Product {
  if (product.rate.type !== 'static' || !isNumberValue(value)) return product;
  const rate = put(product.rate, 'staticRate', clampOptional(value, numberBounds.staticRate));
  return rate === product.rate ? product : { ...product, rate };
}

/** The tier list at a location: the rate's tiers, or a tiered band's tiers when `band` is given. */
function tiersAt(product: Product, band: number | undefined): readonly RateTier[] | undefined {
  const rate = product.rate;
  if (band === undefined) return rate.type === 'tiered' ? rate.rateTiers : undefined;
  if (rate.type !== 'ageBanded' || !isIndex(rate.ageBands, band)) return undefined;
  const b = rate.ageBands![band]!;
  return b.type === 'tiered' ? b.rateTiers : undefined;
}

function withTiersAt(product: Product, band: number | undefined, tiers: RateTier[]): Product {
  if (band === undefined) return { ...product, rate: { ...product.rate, rateTiers: tiers } };
  const bands = product.rate.ageBands!;
  return {
    ...product,
    rate: {
      ...product.rate,
      ageBands: replaceAt(bands, band, { ...bands[band]!, rateTiers: tiers }),
    },
  };
}

/** Adds a default tier to the rate's tiers, or to a tiered band's tiers. */
export function addRateTier(product: Product, band?: number): Product {
  const tiers = tiersAt(product, band);
  return tiers === undefined ? product : withTiersAt(product, band, [...tiers, defaultRateTier()]);
}

export type RateTierUpdate =
  | { field: 'tierName'; value: string }
  | { field: 'rate' | 'tobaccoRate'; value: number | undefined };

/** Edits one tier: name, rate (0–9999) or tobacco rate (0–9999, only with smoker on). */
export function updateRateTier(
  product: Product,
  band: number | undefined,
  index: number,
  update: RateTierUpdate,
): Product {
  const tiers = tiersAt(product, band);
  if (tiers === undefined || !isIndex(tiers, index)) return product;
  const tier = tiers[index]!;
  let next: RateTier;
  if (update.field === 'tierName') {
    if (typeof update.value !== 'string') return product;
    next = put(tier, 'tierName', update.value);
  } else {
    const { field, value } = update;
    if (!isNumberValue(value)) return product;
    if (field === 'tobaccoRate' && value !== undefined && !smokerOn(product)) return product;
    next = put(tier, field, clampOptional(value, numberBounds[field]));
  }
  return next === tier ? product : withTiersAt(product, band, replaceAt(tiers, index, next));
}

/** Deletes a tier; refused unless more than one exists. */
export function deleteRateTier(product: Product, band: number | undefined, index: number): Product {
  const tiers = tiersAt(product, band);
  if (tiers === undefined || tiers.length <= 1 || !isIndex(tiers, index)) return product;
  return withTiersAt(product, band, removeAt(tiers, index));
}

// ——— age bands ———

/** The mode of a product's age bands; undefined while it has none. */
export function ageBandMode(product: Product): AgeBandMode | undefined {
  return product.rate.ageBands?.[0]?.type;
}

/** Spec §4 "Age-band mode switch": converts every band, keeping minimum and maximum age;
 * switching without the smoker indicator drops tobacco rates. */
export function setAgeBandMode(product: Product, mode: AgeBandMode): Product {
  if (product.rate.type !== 'ageBanded') return product;
  if (!allowedAgeBandModes(productTypeOf(product)).includes(mode)) return product;
  const bands = product.rate.ageBands ?? [];
  if (bands.every((b) => b.type === mode)) return product;
  return {
    ...product,
    rate: { ...product.rate, ageBands: convertBands(bands, mode, smokerOn(product)) },
  };
}

/**
 * Adds a default band in the bands' mode. With no bands yet, `mode` (if allowed) or the first
 * allowed mode. Refused when the product allows no modes (spec §5).
 */
export function addAgeBand(product: Product, mode?: AgeBandMode): Product {
  const modes = allowedAgeBandModes(productTypeOf(product));
  if (product.rate.type !== 'ageBanded' || modes.length === 0) return product;
  const bands = product.rate.ageBands ?? [];
  const chosen =
    ageBandMode(product) ?? (mode !== undefined && modes.includes(mode) ? mode : modes[0]!);
  return { ...product, rate: { ...product.rate, ageBands: [...bands, defaultAgeBand(chosen)] } };
}

export type AgeBandField = 'minimumAge' | 'maximumAge' | 'rate' | 'tobaccoRate';

/**
 * Edits a band. Ages 0–130; raising the minimum above the maximum sets the maximum to the
 * minimum; the maximum is at least the minimum. A static band's rate (0–9999) ignores an empty
 * entry; its tobacco rate needs the smoker indicator on.
 */
export function updateAgeBand(
  product: Product,
  band: number,
  field: AgeBandField,
  value: number | undefined,
): Product {
  const bands = product.rate.ageBands;
  if (product.rate.type !== 'ageBanded' || !isIndex(bands, band) || !isNumberValue(value))
    return product;
  const current = bands![band]!;
  let next: AgeBand;
  switch (field) {
    case 'minimumAge': {
      const min = clampOptional(value, ageBandAgeBounds('minimumAge', current));
      next = put(current, 'minimumAge', min);
      if (min !== undefined && next.maximumAge !== undefined && min > next.maximumAge)
        next = { ...next, maximumAge: min };
      break;
    }
    case 'maximumAge':
      next = put(
        current,
        'maximumAge',
        clampOptional(value, ageBandAgeBounds('maximumAge', current)),
      );
      break;
    case 'rate':
      if (current.type !== 'static' || value === undefined) return product;
      next = put(current, 'rate', clampNumber(value, numberBounds.rate));
      break;
    case 'tobaccoRate':
      if (current.type !== 'static') return product;
      if (value !== undefined && !smokerOn(product)) return product;
      next = put(current, 'tobaccoRate', clampOptional(value, numberBounds.tobaccoRate));
      break;
  }
  if (next === current) return product;
  return { ...product, rate: { ...product.rate, ageBands: replaceAt(bands!, band, next) } };
}

/** Deletes a band; refused unless more than one exists. */
export function deleteAgeBand(product: Product, band: number): Product {
  const bands = product.rate.ageBands;
  if (product.rate.type !== 'ageBanded' || bands === undefined || bands.length <= 1) return product;
  if (!isIndex(bands, band)) return product;
  return { ...product, rate: { ...product.rate, ageBands: removeAt(bands, band) } };
}

// ——— volume ———

/** Only the fields that apply to the volume's type for this product type. */
function volumeFor(volume: Volume, type: ProductType | undefined): Volume | undefined {
  if (!allowedVolumeTypes(type).includes(volume.type)) return undefined;
  const inputs = volumeInputs(type, volume.type);
  const drop: VolumeField[] = volumeFields.filter(
    (f) => volume[f] !== undefined && !inputs.includes(f),
  );
  if (volume.coverageBasis !== 'postBenefit' && volume.benefitPercentage !== undefined)
    drop.push('benefitPercentage');
  return omit(volume, drop);
}

/**
 * Spec §4 "Volume type change": the new type keeps only the fields it uses (fixed: amount;
 * salary: salary multiple, minimum, maximum, increment, rounding; earnings-based: coverage
 * basis, benefit percentage, payroll mode, minimum, maximum, increment, rounding). A type the
 * product does not allow (or none) clears all volume fields.
 */
export function setVolumeType(product: Product, type: VolumeType | undefined): Product {
  const productType = productTypeOf(product);
  if (type === undefined || !allowedVolumeTypes(productType).includes(type))
    return omit(product, ['volume']);
  if (product.volume?.type === type) return product;
  const volume = volumeFor({ ...product.volume, type }, productType);
  return { ...product, volume };
}

export type VolumeFieldUpdate =
  | { field: (typeof volumeNumberFields)[number]; value: number | undefined }
  | { field: 'coverageBasis'; value: Volume['coverageBasis'] }
  | { field: 'coveredPayrollMode'; value: Volume['coveredPayrollMode'] }
  | { field: 'roundingMethod'; value: Volume['roundingMethod'] };

/**
 * Edits a volume input that applies to the volume's type. A coverage basis other than
 * post-benefit clears the benefit percentage; the percentage needs post-benefit. Minimum and
 * maximum bound each other.
 */
export function updateVolumeField(product: Product, update: VolumeFieldUpdate): Product {
  const volume = product.volume;
  if (volume === undefined) return product;
  const { field, value } = update;
  if (!volumeInputs(productTypeOf(product), volume.type).includes(field)) return product;
  let next: Volume;
  switch (field) {
    case 'coverageBasis':
      if (!isOneOf(coverageBases, value)) return product;
      next = put(volume, field, value);
      if (value !== 'postBenefit') next = omit(next, ['benefitPercentage']);
      break;
    case 'coveredPayrollMode':
      if (!isOneOf(payrollModes, value)) return product;
      next = put(volume, field, value);
      break;
    case 'roundingMethod':
      if (!isOneOf(roundingMethods, value)) return product;
      next = put(volume, field, value);
      break;
    default:
      if (!isNumberValue(value)) return product;
      if (
        field === 'benefitPercentage' &&
        value !== undefined &&
        volume.coverageBasis !== 'postBenefit'
      )
        return product;
      next = put(volume, field, clampOptional(value, volumeBounds(field, volume)));
  }
  return next === volume ? product : { ...product, volume: next };
}

/** Spec §4: a coverage basis other than post-benefit clears benefit percentage. */
export function setCoverageBasis(product: Product, basis: Volume['coverageBasis']): Product {
  return updateVolumeField(product, { field: 'coverageBasis', value: basis });
}

// ——— attained age ———

export type AttainedAgeUpdate =
  | { field: 'anchor'; value: AttainedAge['anchor'] }
  | { field: 'method'; value: AttainedAge['method'] }
  | { field: 'reRateOn'; value: AttainedAge['reRateOn'] }
  | { field: 'reRateAlignment'; value: AttainedAge['reRateAlignment'] }
  | { field: 'reRateMonth'; value: number | undefined };

const attainedAgeOptions: Record<Exclude<AttainedAgeField, 'reRateMonth'>, readonly string[]> = {
  anchor: attainedAgeAnchors,
  method: attainedAgeMethods,
  reRateOn: reRateOnOptions,
  reRateAlignment: reRateAlignments,
};

/**
 * Spec §4 "Attained age": the anchor calendarYearStart clears the age method (and a method
 * cannot be set with it); an alignment other than firstOfSpecifiedMonth clears the re-rate
 * month (1–12, which needs that alignment). An attained age with nothing set is removed.
 */
export function setAttainedAgeField(product: Product, update: AttainedAgeUpdate): Product {
  if (!supportsAttainedAge(productTypeOf(product))) return product;
  const current: AttainedAge = product.attainedAge ?? {};
  let next: AttainedAge;
  if (update.field === 'reRateMonth') {
    const { value } = update;
    if (!isNumberValue(value)) return product;
    if (value !== undefined && current.reRateAlignment !== 'firstOfSpecifiedMonth') return product;
    next = put(current, 'reRateMonth', clampOptional(value, numberBounds.reRateMonth));
  } else {
    if (!isOneOf(attainedAgeOptions[update.field], update.value)) return product;
    if (
      update.field === 'method' &&
      update.value !== undefined &&
      current.anchor === 'calendarYearStart'
    )
      return product;
    next = put(current, update.field, update.value);
    if (update.field === 'anchor' && update.value === 'calendarYearStart')
      next = omit(next, ['method']);
    if (update.field === 'reRateAlignment' && update.value !== 'firstOfSpecifiedMonth')
      next = omit(next, ['reRateMonth']);
  }
  if (next === current) return product;
  return Object.keys(next).length === 0
    ? omit(product, ['attainedAge'])
    : { ...product, attainedAge: next };
}

// ——— age reductions ———

/**
 * Chooses the age-reduction type (required before rows can be added). Switching to amount
 * removes increment and rounding; switching to percentage brings reductions within 0–100.
 * Choosing no type removes the age reduction.
 */
export function setAgeReductionType(product: Product, type: AgeReductionType | undefined): Product {
  if (!supportsAgeReduction(productTypeOf(product)) || !isOneOf(ageReductionTypes, type))
    return product;
  if (type === undefined) return omit(product, ['ageReduction']);
  const current = product.ageReduction;
  if (current === undefined) return { ...product, ageReduction: { type, rows: [] } };
  if (current.type === type) return product;
  const rows =
    type === 'amount'
      ? current.rows.map((row) => omit(row, ['increment', 'roundingMethod']))
      : current.rows.map((row) =>
          put(row, 'reduction', clampOptional(row.reduction, numberBounds.percentageReduction)),
        );
  return { ...product, ageReduction: { type, rows } };
}

/** Adds a default row (age 0, reduction 0); refused until a type is chosen. */
export function addAgeReduction(product: Product): Product {
  const current = product.ageReduction;
  if (current === undefined || !supportsAgeReduction(productTypeOf(product))) return product;
  return {
    ...product,
    ageReduction: { ...current, rows: [...current.rows, defaultAgeReductionRow()] },
  };
}

export type AgeReductionUpdate =
  | { field: 'age' | 'reduction' | 'increment'; value: number | undefined }
  | { field: 'roundingMethod'; value: AgeReductionRow['roundingMethod'] };

/** Edits a row: age 0–130; reduction 0–100 (percentage) or min 0 (amount); increment 0–9999
 * and rounding for percentage only. */
export function updateAgeReduction(
  product: Product,
  index: number,
  update: AgeReductionUpdate,
): Product {
  const current: AgeReduction | undefined = product.ageReduction;
  if (current === undefined || !isIndex(current.rows, index)) return product;
  const row = current.rows[index]!;
  const percentageOnly = update.field === 'increment' || update.field === 'roundingMethod';
  if (percentageOnly && update.value !== undefined && current.type !== 'percentage') return product;
  let next: AgeReductionRow;
  if (update.field === 'roundingMethod') {
    if (!isOneOf(roundingMethods, update.value)) return product;
    next = put(row, 'roundingMethod', update.value);
  } else {
    if (!isNumberValue(update.value)) return product;
    next = put(
      row,
      update.field,
      clampOptional(update.value, ageReductionBounds(update.field, current.type)),
    );
  }
  if (next === row) return product;
  return { ...product, ageReduction: { ...current, rows: replaceAt(current.rows, index, next) } };
}

/** Deletes a row; emptying the list sets the age reduction to unset. */
export function deleteAgeReduction(product: Product, index: number): Product {
  const current = product.ageReduction;
  if (current === undefined || !isIndex(current.rows, index)) return product;
  const rows = removeAt(current.rows, index);
  return rows.length === 0
    ? omit(product, ['ageReduction'])
    : { ...product, ageReduction: { ...current, rows } };
}

// ——— other product fields ———

/** Effective Date: free text (hint MM/DD/YYYY), once a product type is chosen. */
export function setEffectiveDate(product: Product, value: string): Product {
  if (productTypeOf(product) === undefined || typeof value !== 'string') return product;
  return put(product, 'effectiveDate', value);
}

/** Price Rate Basis: min 0, step 1 (rounded to a whole number). */
export function setPriceRateBasis(product: Product, value: number | undefined): Product {
  if (!supportsPriceRateBasis(productTypeOf(product)) || !isNumberValue(value)) return product;
  return put(product, 'priceRateBasis', clampOptional(value, numberBounds.priceRateBasis));
}

/** '{productCode} Notes:'; an empty note is unset. */
export function setNotes(product: Product, value: string): Product {
  if (!supportsNotes(productTypeOf(product)) || typeof value !== 'string') return product;
  return put(product, 'notes', value === '' ? undefined : value);
}

export function setMatchedADD(product: Product, on: boolean): Product {
  return supportsMatchedADD(productTypeOf(product)) ? put(product, 'matchedADD', on) : product;
}

export function setSeparateADD(product: Product, on: boolean): Product {
  return supportsMatchedADD(productTypeOf(product)) ? put(product, 'separateADD', on) : product;
}

// ——— product type ———

/**
 * Brings a product within what `type` allows: clears every field, rate, tobacco rate and
 * volume input the type no longer allows, converts age bands to an allowed mode, and applies
 * the single allowed rate type automatically. The identity on a product already valid for it.
 */
export function normaliseToProductType(product: Product, type: ProductType): Product {
  let p: Product = product;
  if (!type.smokerIndicator) p = omit(p, ['smokerIndicator']);
  if (!type.spouseAdminOnEE) p = omit(p, ['spouseAdminOnEE']);
  const smoker = type.smokerIndicator && p.smokerIndicator === true;
  if (!type.spouseSmokerOnEE || !smoker) p = omit(p, ['spouseSmokerOnEE']);
  if (!smoker) {
    const rate = removeTobaccoRates(p.rate);
    if (rate !== p.rate) p = { ...p, rate };
  }
  if (p.rate.type !== undefined && !type.rate.types.includes(p.rate.type)) p = { ...p, rate: {} };
  const automatic = automaticRateType(type);
  if (p.rate.type === undefined && automatic !== undefined)
    p = { ...p, rate: rateOfType(p.rate, automatic) };
  p = bandsInAllowedMode(p, type);
  if (p.volume !== undefined) {
    const volume = volumeFor(p.volume, type);
    if (volume !== p.volume) p = volume === undefined ? omit(p, ['volume']) : { ...p, volume };
  }
  if (!type.attainedAge) p = omit(p, ['attainedAge']);
  if (!type.ageReduction) p = omit(p, ['ageReduction']);
  if (!type.matchedADD) p = omit(p, ['matchedADD', 'separateADD']);
  if (!type.priceRateBasis) p = omit(p, ['priceRateBasis']);
  if (!type.notes) p = omit(p, ['notes']);
  return p;
}

/**
 * Choosing a product type sets the product's name and code (spec §4), then normalises the
 * product to what the new type allows. An unknown type is refused.
 */
export function chooseProductType(product: Product, type: ProductType | undefined): Product {
  if (type === undefined) return product;
  const named =
    product.productName === type.productName && product.productCode === type.productCode
      ? product
      : { ...product, productName: type.productName, productCode: type.productCode };
  return normaliseToProductType(named, type);
}
