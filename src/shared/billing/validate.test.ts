import { describe, expect, it } from 'vitest';
import type { Class, Product } from './schema.ts';
import { updateBillingParametersRequestSchema } from './schema.ts';
import { buildClass, buildProduct } from './testing/factories.ts';
import { describeIssues, formatPath, validateBillingParameters } from './validate.ts';

const P1 = '11111111-1111-4111-8111-111111111111';

/** A document with one class holding `product` as its second product (after a valid Dental). */
function docWith(product: Partial<Product> & { productCode?: string }): unknown {
  return [
    buildClass({
      products: [
        buildProduct({ productCode: 'Dental' }),
        buildProduct({ productId: P1, ...product }),
      ],
    }),
  ];
}

function issuesOf(doc: unknown): string[] {
  const result = validateBillingParameters(doc);
  return result.ok ? [] : result.issues.map((i) => `${i.path}: ${i.message}`);
}

const p = 'classes[0].products[1]';

describe('validateBillingParameters', () => {
  it('accepts an empty document, a new product with no type, and full products', () => {
    expect(validateBillingParameters([]).ok).toBe(true);
    expect(issuesOf(docWith({}))).toEqual([]);
    expect(
      issuesOf(
        docWith({
          productCode: 'CI',
          effectiveDate: '01/01/2026',
          smokerIndicator: true,
          spouseSmokerOnEE: false,
          rate: {
            type: 'ageBanded',
            ageBands: [
              {
                type: 'tiered',
                minimumAge: 18,
                maximumAge: 29,
                rateTiers: [{ tierName: 'EE', rate: 1, tobaccoRate: 2 }],
              },
            ],
          },
          volume: { type: 'fixed', amount: 10000 },
          attainedAge: {
            anchor: 'calendarYearStart',
            reRateAlignment: 'firstOfSpecifiedMonth',
            reRateMonth: 1,
          },
        }),
      ),
    ).toEqual([]);
  });

  it('returns the parsed classes when valid', () => {
    const doc = docWith({ productCode: 'Life' }) as Class[];
    const result = validateBillingParameters(doc);
    expect(result).toEqual({ ok: true, value: doc });
  });

  // Each row: the rule, the product fields, the issue expected (path: message).
  it.each<[string, Partial<Product> & { productCode?: string }, string]>([
    [
      'a rate type the product does not allow',
      { productCode: 'Life', rate: { type: 'tiered', rateTiers: [{ tierName: 'EE', rate: 1 }] } },
      `${p}.rate.type: Rate type Tiered is not allowed for Life (allowed: Static)`,
    ],
    [
      'a tier with a negative rate',
      {
        productCode: 'Dental',
        rate: { type: 'tiered', rateTiers: [{ tierName: 'EE', rate: -5 }] },
      },
      `${p}.rate.rateTiers[0].rate: Rate -5 is below the minimum 0`,
    ],
    [
      'an age band whose minimum exceeds its maximum',
      {
        productCode: 'VTL',
        rate: {
          type: 'ageBanded',
          ageBands: [
            { type: 'static', minimumAge: 18, rate: 1 },
            { type: 'static', minimumAge: 30, rate: 1 },
            { type: 'static', minimumAge: 70, maximumAge: 65, rate: 1 },
          ],
        },
      },
      `${p}.rate.ageBands[2]: Minimum age 70 is above maximum age 65`,
    ],
    [
      '"rate and tobacco rate 0–9999"',
      {
        productCode: 'Dental',
        rate: { type: 'tiered', rateTiers: [{ tierName: '', rate: 10000 }] },
      },
      `${p}.rate.rateTiers[0].rate: Rate 10000 is above the maximum 9999`,
    ],
    [
      '"age 0–130 for bands"',
      {
        productCode: 'VTL',
        rate: { type: 'ageBanded', ageBands: [{ type: 'static', minimumAge: 131, rate: 1 }] },
      },
      `${p}.rate.ageBands[0].minimumAge: Minimum age 131 is above the maximum 130`,
    ],
    [
      'an age-band mode the product does not allow',
      {
        productCode: 'VTL',
        rate: {
          type: 'ageBanded',
          ageBands: [{ type: 'tiered', rateTiers: [{ tierName: '', rate: 0 }] }],
        },
      },
      `${p}.rate.ageBands[0].type: Age band mode Tiered is not allowed for Voluntary Term Life (allowed: Static)`,
    ],
    [
      'all age bands share one mode',
      {
        productCode: 'CI',
        rate: {
          type: 'ageBanded',
          ageBands: [
            { type: 'static', rate: 1 },
            { type: 'tiered', rateTiers: [{ tierName: '', rate: 0 }] },
          ],
        },
      },
      `${p}.rate.ageBands[1].type: Age band is tiered but the first band is static; all age bands share one mode`,
    ],
    [
      'the single allowed rate type is applied automatically',
      { productCode: 'Life', rate: {} },
      `${p}.rate.type: Rate type is missing: Life uses the Static rate type`,
    ],
    [
      'rate type static clears tiers',
      { productCode: 'Life', rate: { type: 'static', rateTiers: [] } },
      `${p}.rate.rateTiers: Rate tiers apply only when the rate type is tiered`,
    ],
    [
      'tobacco rates only with smoker on',
      {
        productCode: 'VTL',
        rate: { type: 'ageBanded', ageBands: [{ type: 'static', rate: 1, tobaccoRate: 2 }] },
      },
      `${p}.rate.ageBands[0].tobaccoRate: Tobacco Rate is allowed only when Smoker Indicator is on`,
    ],
    [
      'tobacco rates only on products with a smoker indicator',
      {
        productCode: 'Dental',
        rate: { type: 'tiered', rateTiers: [{ tierName: '', rate: 1, tobaccoRate: 2 }] },
      },
      `${p}.rate.rateTiers[0].tobaccoRate: Tobacco Rate does not apply to Dental`,
    ],
    [
      'spouse smoker only when smoker is set',
      { productCode: 'VCI', smokerIndicator: false, spouseSmokerOnEE: true },
      `${p}.spouseSmokerOnEE: Spouse Smoker On EE is allowed only when Smoker Indicator is on`,
    ],
    [
      'spouse smoker only when the product type allows it',
      { productCode: 'HI', spouseSmokerOnEE: false },
      `${p}.spouseSmokerOnEE: Spouse Smoker On EE does not apply to Hospital Indemnity`,
    ],
    [
      'smoker indicator only where the product type has it',
      { productCode: 'Life', smokerIndicator: true },
      `${p}.smokerIndicator: Smoker Indicator does not apply to Life`,
    ],
    [
      'a volume type the product does not allow',
      { productCode: 'CI', volume: { type: 'salary', salaryMultiple: 2 } },
      `${p}.volume.type: Volume type Salary is not allowed for Critical Illness (allowed: Fixed)`,
    ],
    [
      'no volume for products without volume',
      { productCode: 'Vision', volume: { type: 'fixed' } },
      `${p}.volume: Volume does not apply to Vision`,
    ],
    [
      'volume fields only those the volume type uses',
      { productCode: 'Life', volume: { type: 'salary', amount: 5 } },
      `${p}.volume.amount: Amount does not apply to a salary volume`,
    ],
    [
      '"A coverage basis other than post-benefit clears benefit percentage"',
      {
        productCode: 'LTD',
        volume: { type: 'earningsBased', coverageBasis: 'preBenefit', benefitPercentage: 60 },
      },
      `${p}.volume.benefitPercentage: Benefit Percentage applies only with a post-benefit coverage basis`,
    ],
    [
      '"volume minimum … max capped by the maximum"',
      { productCode: 'Life', volume: { type: 'salary', minimum: 5000, maximum: 1000 } },
      `${p}.volume: Minimum 5000 is above maximum 1000`,
    ],
    [
      '"benefit percentage 0–100"',
      {
        productCode: 'PFML',
        volume: { type: 'earningsBased', coverageBasis: 'postBenefit', benefitPercentage: 101 },
      },
      `${p}.volume.benefitPercentage: Benefit Percentage 101 is above the maximum 100`,
    ],
    [
      'attained age only where the product type has it',
      { productCode: 'LTD', attainedAge: { anchor: 'policyStart' } },
      `${p}.attainedAge: Attained Age does not apply to Long Term Disability`,
    ],
    [
      '"choosing calendarYearStart as anchor clears the age method"',
      { productCode: 'VTL', attainedAge: { anchor: 'calendarYearStart', method: 'ageNearest' } },
      `${p}.attainedAge.method: Age Method does not apply when the anchor is Calendar Year Start`,
    ],
    [
      '"an alignment other than firstOfSpecifiedMonth clears the re-rate month"',
      { productCode: 'VTL', attainedAge: { reRateAlignment: 'firstOfYear', reRateMonth: 3 } },
      `${p}.attainedAge.reRateMonth: Re-rate Month applies only when the re-rate alignment is First of Specified Month`,
    ],
    [
      '"re-rate month 1–12"',
      {
        productCode: 'VTL',
        attainedAge: { reRateAlignment: 'firstOfSpecifiedMonth', reRateMonth: 13 },
      },
      `${p}.attainedAge.reRateMonth: Re-rate Month 13 is above the maximum 12`,
    ],
    [
      '"reduction 0–100 when percentage"',
      {
        productCode: 'Life',
        ageReduction: { type: 'percentage', rows: [{ age: 70, reduction: 120 }] },
      },
      `${p}.ageReduction.rows[0].reduction: Reduction 120 is above the maximum 100 for a percentage`,
    ],
    [
      '"switching to amount removes increment and rounding"',
      {
        productCode: 'Life',
        ageReduction: { type: 'amount', rows: [{ age: 70, reduction: 5, increment: 1 }] },
      },
      `${p}.ageReduction.rows[0].increment: Increment applies only to a percentage age reduction`,
    ],
    [
      'age reduction only where the product type has it',
      { productCode: 'CI', ageReduction: { type: 'amount', rows: [] } },
      `${p}.ageReduction: Age Reduction does not apply to Critical Illness`,
    ],
    [
      'matched AD&D only where the product type has it',
      { productCode: 'VTL', matchedADD: true },
      `${p}.matchedADD: Matched AD&D does not apply to Voluntary Term Life`,
    ],
    [
      '"Price Rate Basis: number, minimum 0, step 1"',
      { productCode: 'Life', priceRateBasis: 1.5 },
      `${p}.priceRateBasis: Price Rate Basis must be a whole number`,
    ],
    [
      'an unknown product type',
      { productName: 'Medical', productCode: 'MED' },
      `${p}.productCode: Unknown product type "MED"`,
    ],
    [
      "a name that is not the product type's",
      { productCode: 'VTL', productName: 'Term Life' },
      `${p}.productName: Product name "Term Life" does not match product type VTL ("Voluntary Term Life")`,
    ],
    [
      'a product with no type holds only what a new product holds',
      { effectiveDate: '01/01/2026' },
      `${p}.effectiveDate: Effective Date does not apply to a product with no product type`,
    ],
    ['product IDs are UUIDs', { productId: 'abc' }, `${p}.productId: Product ID must be a UUID`],
  ])('rejects %s', (_rule, product, expected) => {
    expect(issuesOf(docWith(product))).toEqual([expected]);
  });

  it('rejects unknown fields instead of dropping them', () => {
    expect(issuesOf([{ ...buildClass(), key: 'x' }])).toEqual([
      'classes[0]: Unrecognized key: "key"',
    ]);
  });

  it('rejects the same product twice in one class', () => {
    const life = buildProduct({ productId: P1, productCode: 'Life' });
    expect(issuesOf([buildClass({ products: [life, life] })])).toEqual([
      `classes[0].products[1].productId: Product "Life" (${P1}) appears twice in this class`,
    ]);
  });

  it('rejects copies of one product that differ between classes', () => {
    const life = buildProduct({ productId: P1, productCode: 'Life' });
    expect(
      issuesOf([
        buildClass({ products: [life] }),
        buildClass({ products: [{ ...life, effectiveDate: '02/02/2026' }] }),
      ]),
    ).toEqual([
      `classes[1].products[0]: Product "Life" (${P1}) differs from its copy in classes[0]; a product shared by several classes must be the same in each`,
    ]);
  });

  it('accepts identical copies whatever their key order', () => {
    const life = buildProduct({ productId: P1, productCode: 'Life', notes: 'n' });
    const reordered = Object.fromEntries(Object.entries(life).reverse()) as Product;
    expect(
      issuesOf([buildClass({ products: [life] }), buildClass({ products: [reordered] })]),
    ).toEqual([]);
  });

  it('reports a non-array document', () => {
    expect(issuesOf({})).toEqual(['classes: Invalid input: expected array, received object']);
  });

  it('formats paths and issues', () => {
    expect(formatPath(['classes', 0, 'products', 1, 'rate'])).toBe('classes[0].products[1].rate');
    expect(formatPath([])).toBe('');
    expect(
      describeIssues([
        { path: 'classes[0].className', message: 'a' },
        { path: '', message: 'b' },
      ]),
    ).toBe('classes[0].className: a; b');
  });

  it('parses the save request: clientId, classes and an optional revision', () => {
    const clientId = '33333333-3333-4333-8333-333333333333';
    expect(updateBillingParametersRequestSchema.safeParse({ clientId, classes: [] }).success).toBe(
      true,
    );
    expect(
      updateBillingParametersRequestSchema.safeParse({ clientId, classes: [], revision: 3 })
        .success,
    ).toBe(true);
    const bad = updateBillingParametersRequestSchema.safeParse({
      clientId: 'nope',
      classes: docWith({
        productCode: 'Life',
        rate: { type: 'tiered', rateTiers: [{ tierName: '' }] },
      }),
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['clientId', 'clientId must be a UUID'],
      [
        'classes.0.products.1.rate.type',
        'Rate type Tiered is not allowed for Life (allowed: Static)',
      ],
    ]);
  });
});
