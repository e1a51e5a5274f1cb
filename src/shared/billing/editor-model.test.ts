import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classKeysOfProduct,
  fromSaved,
  productsOfClass,
  toSaved,
  unassignedProducts,
} from './editor-model.ts';
import { billingDocumentArb } from './testing/arbitraries.ts';
import { buildClass, buildProduct, sequentialIds } from './testing/factories.ts';
import { validateBillingParameters } from './validate.ts';

const life = buildProduct({
  productId: '11111111-1111-4111-8111-111111111111',
  productCode: 'Life',
  effectiveDate: '01/01/2026',
});
const dental = buildProduct({
  productId: '22222222-2222-4222-8222-222222222222',
  productCode: 'Dental',
});

describe('editor model', () => {
  it('"products are held as one shared set plus an assignment of each product to the classes that hold it"', () => {
    const saved = [
      buildClass({ className: 'Salaried', classID: 'S', products: [life, dental] }),
      buildClass({ className: 'Hourly', classID: 'H', products: [dental] }),
    ];
    const state = fromSaved(saved, sequentialIds());
    expect(state.products.map((p) => p.productCode)).toEqual(['Life', 'Dental']);
    const [salaried, hourly] = state.classes;
    const dentalKey = state.products[1]!.key;
    expect(classKeysOfProduct(state, dentalKey)).toEqual([salaried!.key, hourly!.key]);
    expect(productsOfClass(state, hourly!.key).map((p) => p.productCode)).toEqual(['Dental']);
  });

  it('"on save each product is written inside every class that holds it"', () => {
    const saved = [
      buildClass({ products: [life, dental] }),
      buildClass({ className: 'B', classID: 'B', products: [dental, life] }),
    ];
    expect(toSaved(fromSaved(saved, sequentialIds()))).toStrictEqual(saved);
  });

  it('gives classes and products client-side keys that are not saved', () => {
    const state = fromSaved([buildClass({ products: [life] })], sequentialIds());
    expect(state.classes[0]!.key).toMatch(/^0{8}-/);
    expect(state.products[0]!.key).toMatch(/^0{8}-/);
    const [cls] = toSaved(state);
    expect(cls).not.toHaveProperty('key');
    expect(cls!.products[0]).not.toHaveProperty('key');
  });

  it('keeps differing copies of one productId apart, so nothing is lost', () => {
    const other = { ...dental, notes: 'changed' };
    const saved = [buildClass({ products: [dental] }), buildClass({ products: [other] })];
    const state = fromSaved(saved, sequentialIds());
    expect(state.products).toHaveLength(2);
    expect(toSaved(state)).toStrictEqual(saved);
  });

  it('does not alias the saved document', () => {
    const saved = [buildClass({ products: [life] })];
    const state = fromSaved(saved, sequentialIds());
    expect(state.products[0]!.rate).not.toBe(life.rate);
  });

  it('lists products no class holds', () => {
    const state = fromSaved([buildClass({ products: [life] })], sequentialIds());
    expect(unassignedProducts(state)).toEqual([]);
    const withoutClasses = { ...state, classes: [] };
    expect(unassignedProducts(withoutClasses).map((p) => p.productCode)).toEqual(['Life']);
  });

  it('property: generated documents are valid and toSaved(fromSaved(x)) deep-equals x', () => {
    fc.assert(
      fc.property(billingDocumentArb, (doc) => {
        const result = validateBillingParameters(doc);
        expect(result.ok ? [] : result.issues).toEqual([]);
        expect(toSaved(fromSaved(doc, sequentialIds()))).toStrictEqual(doc);
      }),
      { numRuns: 300 },
    );
  });
});
