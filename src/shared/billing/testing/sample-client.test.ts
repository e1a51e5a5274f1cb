import { describe, expect, it } from 'vitest';
import { productByCode } from '../../catalogue/products.ts';
import { fromSaved, toSaved } from '../editor-model.ts';
import { validateBillingParameters } from '../validate.ts';
import { sampleBillingDocument, sampleProductCodes } from './sample-client.ts';

describe('sample client (benchmarks and API tests)', () => {
  it('is valid and round-trips through the editor model', () => {
    const doc = sampleBillingDocument();
    expect(validateBillingParameters(doc)).toMatchObject({ ok: true });
    expect(toSaved(fromSaved(doc))).toEqual(doc);
  });

  it('holds 10 classes × 10 products, each filled with what its type allows', () => {
    const doc = sampleBillingDocument();
    expect(doc).toHaveLength(10);
    for (const cls of doc) {
      expect(cls.products.map((p) => p.productCode)).toEqual([...sampleProductCodes]);
    }
    const [vtl, ci, ltd, dental] = doc[0]!.products;
    expect(vtl!.rate.ageBands).toHaveLength(10);
    expect(vtl!.rate.ageBands![0]).toMatchObject({ type: 'static', tobaccoRate: 0.08 });
    expect(vtl!).toMatchObject({ smokerIndicator: true, matchedADD: true, spouseSmokerOnEE: true });
    expect(vtl!.ageReduction?.rows).toHaveLength(3);
    expect(vtl!.attainedAge).toMatchObject({ reRateMonth: 1 });
    expect(ci!.rate.ageBands![0]!.type).toBe('tiered');
    expect(ci!.rate.ageBands![0]!.rateTiers).toHaveLength(4);
    expect(ltd!.volume).toMatchObject({ type: 'earningsBased', benefitPercentage: 60 });
    expect(dental!.rate.rateTiers).toHaveLength(4);
    expect(productByCode(dental!.productCode)?.smokerIndicator).toBe(false);
  });

  it('can leave each class with about half of the products', () => {
    const doc = sampleBillingDocument({ classes: 4, products: 6, everyProductInEveryClass: false });
    expect(doc.map((c) => c.products.length)).toEqual([3, 3, 3, 3]);
    expect(validateBillingParameters(doc)).toMatchObject({ ok: true });
  });
});
