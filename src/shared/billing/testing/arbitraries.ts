/**
 * fast-check generators of VALID billing documents: every product respects the catalogue and
 * every bound, so generated documents pass `validateBillingParameters`.
 */
import fc from 'fast-check';
import {
  allowedAgeBandModes,
  allowedRateTypes,
  allowedVolumeTypes,
  automaticRateType,
  type ProductType,
  productTypes,
  supportsAgeReduction,
  supportsAttainedAge,
  supportsMatchedADD,
  supportsSmokerIndicator,
  supportsSpouseAdminOnEE,
  supportsSpouseSmokerOnEE,
  volumeInputs,
} from '../../catalogue/products.ts';
import type { NumberBounds } from '../numbers.ts';
import { numberBounds } from '../numbers.ts';
import type {
  AgeBand,
  AgeReduction,
  AttainedAge,
  Class,
  Product,
  Rate,
  RateTier,
  Volume,
} from '../schema.ts';
import {
  type AgeBandMode,
  ageReductionTypes,
  attainedAgeAnchors,
  attainedAgeMethods,
  coverageBases,
  payrollModes,
  type RateType,
  reRateAlignments,
  reRateOnOptions,
  roundingMethods,
} from '../vocabulary.ts';

/** A number within bounds (a whole number for step-1 bounds); an open maximum is capped for sanity. */
export function numberWithin(bounds: NumberBounds): fc.Arbitrary<number> {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? 1_000_000;
  if (bounds.step === 1) return fc.integer({ min, max });
  return fc.oneof(
    fc.integer({ min, max }),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
  );
}

/** A record whose keys holding `undefined` are removed (saved data never holds undefined). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const text = fc.string({ maxLength: 12 });

function tierArb(smoker: boolean): fc.Arbitrary<RateTier> {
  return fc
    .record({
      tierName: text,
      rate: maybe(numberWithin(numberBounds.rate)),
      tobaccoRate: smoker ? maybe(numberWithin(numberBounds.tobaccoRate)) : fc.constant(undefined),
    })
    .map(compact);
}

const agesArb = fc
  .tuple(maybe(numberWithin(numberBounds.ageBandAge)), maybe(numberWithin(numberBounds.ageBandAge)))
  .map(([a, b]) => {
    if (a !== undefined && b !== undefined && a > b) return { minimumAge: b, maximumAge: a };
    return compact({ minimumAge: a, maximumAge: b });
  });

function bandArb(mode: AgeBandMode, smoker: boolean): fc.Arbitrary<AgeBand> {
  if (mode === 'static') {
    return fc
      .record({
        ages: agesArb,
        rate: numberWithin(numberBounds.rate),
        tobaccoRate: smoker
          ? maybe(numberWithin(numberBounds.tobaccoRate))
          : fc.constant(undefined),
      })
      .map(({ ages, rate, tobaccoRate }) =>
        compact({ type: 'static' as const, ...ages, rate, tobaccoRate }),
      );
  }
  return fc
    .record({ ages: agesArb, rateTiers: fc.array(tierArb(smoker), { minLength: 1, maxLength: 3 }) })
    .map(({ ages, rateTiers }) => ({ type: 'tiered' as const, ...ages, rateTiers }));
}

function rateArb(type: ProductType | undefined, smoker: boolean): fc.Arbitrary<Rate> {
  const allowed = allowedRateTypes(type);
  const choices: fc.Arbitrary<RateType | undefined> =
    allowed.length === 0
      ? fc.constant(undefined)
      : automaticRateType(type) !== undefined
        ? fc.constant(allowed[0])
        : fc.constantFrom<RateType | undefined>(undefined, ...allowed);
  return choices.chain((rateType): fc.Arbitrary<Rate> => {
    switch (rateType) {
      case undefined:
        return fc.constant({});
      case 'static':
        return maybe(numberWithin(numberBounds.staticRate)).map((staticRate) =>
          compact({ type: 'static' as const, staticRate }),
        );
      case 'tiered':
        return fc
          .array(tierArb(smoker), { minLength: 1, maxLength: 4 })
          .map((rateTiers) => ({ type: 'tiered' as const, rateTiers }));
      case 'ageBanded':
        return fc
          .constantFrom(...allowedAgeBandModes(type))
          .chain((mode) => fc.array(bandArb(mode, smoker), { maxLength: 4 }))
          .map((ageBands) => ({ type: 'ageBanded' as const, ageBands }));
    }
  });
}

function volumeArb(type: ProductType): fc.Arbitrary<Volume | undefined> {
  const types = allowedVolumeTypes(type);
  if (types.length === 0) return fc.constant(undefined);
  return maybe(
    fc.constantFrom(...types).chain((volumeType) => {
      const inputs = volumeInputs(type, volumeType);
      const when = <T>(field: string, arb: fc.Arbitrary<T>) =>
        inputs.includes(field as never) ? maybe(arb) : fc.constant(undefined);
      return fc
        .record({
          amount: when('amount', numberWithin(numberBounds.volumeAmount)),
          salaryMultiple: when('salaryMultiple', numberWithin(numberBounds.salaryMultiple)),
          coverageBasis: when('coverageBasis', fc.constantFrom(...coverageBases)),
          benefitPercentage: when(
            'benefitPercentage',
            numberWithin(numberBounds.benefitPercentage),
          ),
          coveredPayrollMode: when('coveredPayrollMode', fc.constantFrom(...payrollModes)),
          minimum: when('minimum', numberWithin(numberBounds.volumeMinimum)),
          maximum: when('maximum', numberWithin(numberBounds.volumeMaximum)),
          increment: when('increment', numberWithin(numberBounds.volumeIncrement)),
          roundingMethod: when('roundingMethod', fc.constantFrom(...roundingMethods)),
        })
        .map((v) => {
          const volume: Volume = compact({ type: volumeType, ...v });
          if (volume.coverageBasis !== 'postBenefit') delete volume.benefitPercentage;
          if (
            volume.minimum !== undefined &&
            volume.maximum !== undefined &&
            volume.minimum > volume.maximum
          )
            [volume.minimum, volume.maximum] = [volume.maximum, volume.minimum];
          return volume;
        });
    }),
  );
}

const attainedAgeArb: fc.Arbitrary<AttainedAge> = fc
  .record({
    anchor: maybe(fc.constantFrom(...attainedAgeAnchors)),
    method: maybe(fc.constantFrom(...attainedAgeMethods)),
    reRateOn: maybe(fc.constantFrom(...reRateOnOptions)),
    reRateAlignment: maybe(fc.constantFrom(...reRateAlignments)),
    reRateMonth: maybe(numberWithin(numberBounds.reRateMonth)),
  })
  .map((a) => {
    const attained = compact(a);
    if (attained.anchor === 'calendarYearStart') delete attained.method;
    if (attained.reRateAlignment !== 'firstOfSpecifiedMonth') delete attained.reRateMonth;
    return attained;
  });

const ageReductionArb: fc.Arbitrary<AgeReduction> = fc
  .constantFrom(...ageReductionTypes)
  .chain((type) =>
    fc
      .array(
        fc
          .record({
            age: maybe(numberWithin(numberBounds.ageReductionAge)),
            reduction: maybe(
              numberWithin(
                type === 'percentage'
                  ? numberBounds.percentageReduction
                  : numberBounds.amountReduction,
              ),
            ),
            increment:
              type === 'percentage'
                ? maybe(numberWithin(numberBounds.ageReductionIncrement))
                : fc.constant(undefined),
            roundingMethod:
              type === 'percentage'
                ? maybe(fc.constantFrom(...roundingMethods))
                : fc.constant(undefined),
          })
          .map(compact),
        { minLength: 1, maxLength: 4 },
      )
      .map((rows) => ({ type, rows })),
  );

const productIdArb = fc.uuid({ version: 4 });

/** A product with no type chosen yet: only what a new product holds. */
export const untypedProductArb: fc.Arbitrary<Product> = productIdArb.map((productId) => ({
  productId,
  productName: '',
  productCode: '',
  effectiveDate: '',
  rate: {},
}));

/** A valid product of the given type. */
export function productOfTypeArb(type: ProductType): fc.Arbitrary<Product> {
  const flag = (supported: boolean) => (supported ? maybe(fc.boolean()) : fc.constant(undefined));
  return fc
    .record({
      productId: productIdArb,
      effectiveDate: fc.oneof(fc.constant(''), fc.constant('01/01/2026'), text),
      priceRateBasis: maybe(numberWithin(numberBounds.priceRateBasis)),
      smokerIndicator: flag(supportsSmokerIndicator(type)),
      spouseAdminOnEE: flag(supportsSpouseAdminOnEE(type)),
      spouseSmokerOnEE: flag(supportsSpouseSmokerOnEE(type)),
      volume: volumeArb(type),
      attainedAge: supportsAttainedAge(type) ? maybe(attainedAgeArb) : fc.constant(undefined),
      ageReduction: supportsAgeReduction(type) ? maybe(ageReductionArb) : fc.constant(undefined),
      matchedADD: flag(supportsMatchedADD(type)),
      separateADD: flag(supportsMatchedADD(type)),
      notes: maybe(fc.string({ minLength: 1, maxLength: 20 })),
    })
    .chain((fields) => {
      const smoker = fields.smokerIndicator === true;
      return rateArb(type, smoker).map((rate) => {
        const product: Product = compact({
          ...fields,
          productName: type.productName,
          productCode: type.productCode,
          rate,
        });
        if (!smoker) delete product.spouseSmokerOnEE;
        return product;
      });
    });
}

/** Any valid product: a product of any of the 23 types, or (rarely) one with no type yet. */
export const productArb: fc.Arbitrary<Product> = fc.oneof(
  { weight: 1, arbitrary: untypedProductArb },
  { weight: 12, arbitrary: fc.constantFrom(...productTypes).chain(productOfTypeArb) },
);

const classFieldsArb = fc
  .record({
    className: text,
    classID: text,
    notes: maybe(fc.string({ minLength: 1, maxLength: 20 })),
    location: maybe(fc.string({ minLength: 1, maxLength: 12 })),
  })
  .map(compact);

/**
 * A valid billing document: a pool of products shared by classes, each class holding some of
 * them in its own order (a product written inside every class that holds it).
 */
export const billingDocumentArb: fc.Arbitrary<Class[]> = fc
  .uniqueArray(productArb, { maxLength: 5, selector: (p) => p.productId })
  .chain((pool) =>
    fc.array(
      fc
        .tuple(classFieldsArb, fc.shuffledSubarray(pool))
        .map(([fields, products]) => ({ ...fields, products })),
      { maxLength: 4 },
    ),
  );
