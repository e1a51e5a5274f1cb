/**
 * The SAVED shape of a client's billing parameters (spec §3): `classes[]`, each class holding
 * its fields and the products it holds. These schemas carry every bound of spec §5, the
 * consistency rules of spec §4 (what a rate type, age-band mode, volume type, attained-age
 * anchor and alignment, and age-reduction type allow) and, for products and the whole
 * document, the product catalogue's rules (./catalogue-rules.ts). The server parses a save
 * with `updateBillingParametersRequestSchema`; the editor's commands never produce a state
 * these schemas reject.
 *
 * Objects are strict: an unknown field is rejected rather than silently dropped.
 * Read docs/decisions/0004-billing-parameters.md for the shape decisions.
 */
import { z } from 'zod';
import { documentIssues, productIssues, type RuleIssue } from './catalogue-rules.ts';
import { type NumberBounds, numberBounds } from './numbers.ts';
import {
  ageBandModes,
  ageReductionTypes,
  attainedAgeAnchors,
  attainedAgeFieldLabels,
  attainedAgeMethods,
  coverageBases,
  payrollModes,
  rateTypes,
  reRateAlignments,
  reRateOnOptions,
  roundingMethods,
  volumeFieldLabels,
  volumeFields,
  volumeTypeInputs,
  volumeTypeLabels,
  volumeTypes,
} from './vocabulary.ts';

/** Refinements run only on a subtree that parsed cleanly, so they can trust its shape. */
const whenClean = {
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

function report(ctx: z.RefinementCtx, issues: readonly RuleIssue[]): void {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
}

/** A number within `bounds`, with messages that name the field. */
export function boundedNumber(label: string, bounds: NumberBounds) {
  let schema = z.number({ error: `${label} must be a number` });
  if (bounds.step === 1) schema = schema.int({ error: `${label} must be a whole number` });
  const { min, max } = bounds;
  if (min !== undefined) {
    schema = schema.min(min, {
      error: (issue) => `${label} ${String(issue.input)} is below the minimum ${min}`,
    });
  }
  if (max !== undefined) {
    schema = schema.max(max, {
      error: (issue) => `${label} ${String(issue.input)} is above the maximum ${max}`,
    });
  }
  return schema;
}

export const rateTierSchema = z.strictObject({
  tierName: z.string(),
  rate: boundedNumber('Rate', numberBounds.rate).optional(),
  /** Only when the smoker indicator is on. */
  tobaccoRate: boundedNumber('Tobacco Rate', numberBounds.tobaccoRate).optional(),
});
export type RateTier = z.infer<typeof rateTierSchema>;

export const ageBandSchema = z
  .strictObject({
    type: z.enum(ageBandModes),
    minimumAge: boundedNumber('Minimum age', numberBounds.ageBandAge).optional(),
    maximumAge: boundedNumber('Maximum age', numberBounds.ageBandAge).optional(),
    /** Static band: its rate (required) and tobacco rate. */
    rate: boundedNumber('Rate', numberBounds.rate).optional(),
    tobaccoRate: boundedNumber('Tobacco Rate', numberBounds.tobaccoRate).optional(),
    /** Tiered band: its rate tiers (at least one). */
    rateTiers: z.array(rateTierSchema).optional(),
  })
  .superRefine((band, ctx) => {
    const issues: RuleIssue[] = [];
    if (band.type === 'static') {
      if (band.rate === undefined)
        issues.push({ path: ['rate'], message: 'A static age band needs a rate' });
      if (band.rateTiers !== undefined)
        issues.push({ path: ['rateTiers'], message: 'Rate tiers apply only to a tiered age band' });
    } else {
      if (band.rateTiers === undefined || band.rateTiers.length === 0)
        issues.push({
          path: ['rateTiers'],
          message: 'A tiered age band needs at least one rate tier',
        });
      if (band.rate !== undefined)
        issues.push({ path: ['rate'], message: 'A tiered age band has rate tiers, not a rate' });
      if (band.tobaccoRate !== undefined)
        issues.push({
          path: ['tobaccoRate'],
          message: 'A tiered age band has rate tiers, not a tobacco rate',
        });
    }
    if (
      band.minimumAge !== undefined &&
      band.maximumAge !== undefined &&
      band.minimumAge > band.maximumAge
    )
      issues.push({
        path: [],
        message: `Minimum age ${band.minimumAge} is above maximum age ${band.maximumAge}`,
      });
    report(ctx, issues);
  }, whenClean);
export type AgeBand = z.infer<typeof ageBandSchema>;

/**
 * A rate. `type` is unset until a rate type is chosen (a new product's rate: spec §3 "a rate
 * whose type marker is 'rate'" is read as "a rate object with no rate type yet").
 * static → `staticRate` (optional); tiered → `rateTiers` (at least one);
 * ageBanded → `ageBands` (a list, possibly empty; all bands share one mode).
 */
export const rateSchema = z
  .strictObject({
    type: z.enum(rateTypes).optional(),
    staticRate: boundedNumber('Static rate', numberBounds.staticRate).optional(),
    rateTiers: z.array(rateTierSchema).optional(),
    ageBands: z.array(ageBandSchema).optional(),
  })
  .superRefine((rate, ctx) => report(ctx, rateStructureIssues(rate)), whenClean);
export type Rate = z.infer<typeof rateSchema>;

function rateStructureIssues(rate: Rate): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const only = (type: Rate['type']) => {
    if (type !== 'static' && rate.staticRate !== undefined)
      issues.push({
        path: ['staticRate'],
        message: 'A static rate applies only when the rate type is static',
      });
    if (type !== 'tiered' && rate.rateTiers !== undefined)
      issues.push({
        path: ['rateTiers'],
        message: 'Rate tiers apply only when the rate type is tiered',
      });
    if (type !== 'ageBanded' && rate.ageBands !== undefined)
      issues.push({
        path: ['ageBands'],
        message: 'Age bands apply only when the rate type is age-banded',
      });
  };
  only(rate.type);
  if (rate.type === 'tiered' && (rate.rateTiers === undefined || rate.rateTiers.length === 0))
    issues.push({ path: ['rateTiers'], message: 'A tiered rate needs at least one rate tier' });
  if (rate.type === 'ageBanded') {
    if (rate.ageBands === undefined)
      issues.push({
        path: ['ageBands'],
        message: 'An age-banded rate needs its list of age bands',
      });
    const mode = rate.ageBands?.[0]?.type;
    rate.ageBands?.forEach((band, i) => {
      if (band.type !== mode)
        issues.push({
          path: ['ageBands', i, 'type'],
          message: `Age band is ${band.type} but the first band is ${mode}; all age bands share one mode`,
        });
    });
  }
  return issues;
}

export const volumeSchema = z
  .strictObject({
    type: z.enum(volumeTypes),
    amount: boundedNumber('Amount', numberBounds.volumeAmount).optional(),
    salaryMultiple: boundedNumber('Salary Multiple', numberBounds.salaryMultiple).optional(),
    coverageBasis: z.enum(coverageBases).optional(),
    benefitPercentage: boundedNumber(
      'Benefit Percentage',
      numberBounds.benefitPercentage,
    ).optional(),
    coveredPayrollMode: z.enum(payrollModes).optional(),
    minimum: boundedNumber('Minimum', numberBounds.volumeMinimum).optional(),
    maximum: boundedNumber('Maximum', numberBounds.volumeMaximum).optional(),
    increment: boundedNumber('Increment', numberBounds.volumeIncrement).optional(),
    roundingMethod: z.enum(roundingMethods).optional(),
  })
  .superRefine((volume, ctx) => {
    const issues: RuleIssue[] = [];
    for (const field of volumeFields) {
      if (volume[field] !== undefined && !volumeTypeInputs[volume.type].includes(field))
        issues.push({
          path: [field],
          message: `${volumeFieldLabels[field]} does not apply to a ${volumeTypeLabels[volume.type].toLowerCase()} volume`,
        });
    }
    if (volume.benefitPercentage !== undefined && volume.coverageBasis !== 'postBenefit')
      issues.push({
        path: ['benefitPercentage'],
        message: 'Benefit Percentage applies only with a post-benefit coverage basis',
      });
    if (
      volume.minimum !== undefined &&
      volume.maximum !== undefined &&
      volume.minimum > volume.maximum
    )
      issues.push({
        path: [],
        message: `Minimum ${volume.minimum} is above maximum ${volume.maximum}`,
      });
    report(ctx, issues);
  }, whenClean);
export type Volume = z.infer<typeof volumeSchema>;

export const attainedAgeSchema = z
  .strictObject({
    anchor: z.enum(attainedAgeAnchors).optional(),
    method: z.enum(attainedAgeMethods).optional(),
    reRateOn: z.enum(reRateOnOptions).optional(),
    reRateAlignment: z.enum(reRateAlignments).optional(),
    reRateMonth: boundedNumber('Re-rate Month', numberBounds.reRateMonth).optional(),
  })
  .superRefine((attained, ctx) => {
    const issues: RuleIssue[] = [];
    if (attained.anchor === 'calendarYearStart' && attained.method !== undefined)
      issues.push({
        path: ['method'],
        message: `${attainedAgeFieldLabels.method} does not apply when the anchor is Calendar Year Start`,
      });
    if (attained.reRateAlignment !== 'firstOfSpecifiedMonth' && attained.reRateMonth !== undefined)
      issues.push({
        path: ['reRateMonth'],
        message: `${attainedAgeFieldLabels.reRateMonth} applies only when the re-rate alignment is First of Specified Month`,
      });
    report(ctx, issues);
  }, whenClean);
export type AttainedAge = z.infer<typeof attainedAgeSchema>;

export const ageReductionRowSchema = z.strictObject({
  age: boundedNumber('Age', numberBounds.ageReductionAge).optional(),
  reduction: boundedNumber('Reduction', numberBounds.amountReduction).optional(),
  /** Percentage reductions only. */
  increment: boundedNumber('Increment', numberBounds.ageReductionIncrement).optional(),
  /** Percentage reductions only. */
  roundingMethod: z.enum(roundingMethods).optional(),
});
export type AgeReductionRow = z.infer<typeof ageReductionRowSchema>;

/**
 * Age reductions: one type for the whole list (chosen before any row is added) and its rows.
 * Absent when unset; emptying the list sets it back to unset.
 */
export const ageReductionSchema = z
  .strictObject({
    type: z.enum(ageReductionTypes),
    rows: z.array(ageReductionRowSchema),
  })
  .superRefine((reduction, ctx) => {
    const issues: RuleIssue[] = [];
    const max = numberBounds.percentageReduction.max;
    reduction.rows.forEach((row, i) => {
      if (reduction.type === 'percentage' && row.reduction !== undefined && row.reduction > max)
        issues.push({
          path: ['rows', i, 'reduction'],
          message: `Reduction ${row.reduction} is above the maximum ${max} for a percentage`,
        });
      if (reduction.type === 'amount') {
        if (row.increment !== undefined)
          issues.push({
            path: ['rows', i, 'increment'],
            message: 'Increment applies only to a percentage age reduction',
          });
        if (row.roundingMethod !== undefined)
          issues.push({
            path: ['rows', i, 'roundingMethod'],
            message: 'Rounding Method applies only to a percentage age reduction',
          });
      }
    });
    report(ctx, issues);
  }, whenClean);
export type AgeReduction = z.infer<typeof ageReductionSchema>;

export const productSchema = z
  .strictObject({
    /** A random v4 UUID generated by the editor; the same in every class holding the product. */
    productId: z.uuid({ error: 'Product ID must be a UUID' }),
    /** The product type's name and code (both empty until a product type is chosen). */
    productName: z.string(),
    productCode: z.string(),
    /** Free text, hint MM/DD/YYYY (spec §5: validation is not shown). */
    effectiveDate: z.string(),
    priceRateBasis: boundedNumber('Price Rate Basis', numberBounds.priceRateBasis).optional(),
    rate: rateSchema,
    volume: volumeSchema.optional(),
    attainedAge: attainedAgeSchema.optional(),
    smokerIndicator: z.boolean().optional(),
    spouseAdminOnEE: z.boolean().optional(),
    spouseSmokerOnEE: z.boolean().optional(),
    ageReduction: ageReductionSchema.optional(),
    matchedADD: z.boolean().optional(),
    separateADD: z.boolean().optional(),
    notes: z.string().optional(),
  })
  .superRefine((product, ctx) => report(ctx, productIssues(product)), whenClean);
export type Product = z.infer<typeof productSchema>;

export const classSchema = z.strictObject({
  className: z.string(),
  classID: z.string(),
  notes: z.string().optional(),
  location: z.string().optional(),
  products: z.array(productSchema),
});
export type Class = z.infer<typeof classSchema>;

/** A client's billing parameters: its classes, each product written inside every class holding it. */
export const billingParametersSchema = z
  .array(classSchema)
  .superRefine((classes, ctx) => report(ctx, documentIssues(classes)), whenClean);
export type BillingParameters = z.infer<typeof billingParametersSchema>;

/** `POST /api/clients/updateBillingParameters` body (DESIGN §3: `revision` guards a stale save). */
export const updateBillingParametersRequestSchema = z.strictObject({
  clientId: z.uuid({ error: 'clientId must be a UUID' }),
  classes: billingParametersSchema,
  revision: z.number().int().min(0).optional(),
});
export type UpdateBillingParametersRequest = z.infer<typeof updateBillingParametersRequestSchema>;
