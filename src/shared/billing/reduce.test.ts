import { describe, expect, it } from 'vitest';
import { productByCode } from '../catalogue/products.ts';
import * as c from './commands.ts';
import { classKeysOfProduct, emptyEditorState, fromSaved, toSaved } from './editor-model.ts';
import { reduceAll, reduceBilling } from './reduce.ts';
import type { Product, Volume } from './schema.ts';
import { buildClass, buildProduct, editorWithProduct, sequentialIds } from './testing/factories.ts';
import * as rules from './transitions.ts';

describe('spec §4 "Billing editor"', () => {
  it('"A new class starts with empty className and classID and no products"', () => {
    const state = reduceBilling(emptyEditorState, c.addClass(sequentialIds()));
    expect(toSaved(state)).toStrictEqual([{ className: '', classID: '', products: [] }]);
  });

  it('"A new product starts with empty name, code and date and a rate whose type marker is \'rate\'" (a rate with no type)', () => {
    const { product } = editorWithProduct(undefined);
    expect(product).toStrictEqual({
      key: product.key,
      productId: product.productId,
      productName: '',
      productCode: '',
      effectiveDate: '',
      rate: {},
    });
    expect(product.productId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('"Choosing a product type sets the product\'s name and code"', () => {
    const { product } = editorWithProduct('VTL/AD&D');
    expect([product.productName, product.productCode]).toEqual([
      'Voluntary Term Life with AD&D',
      'VTL/AD&D',
    ]);
  });

  it('refuses an unknown product type', () => {
    const { state, key } = editorWithProduct(undefined);
    expect(reduceBilling(state, c.chooseProductType(key, 'Medical'))).toBe(state);
  });

  const twoClassesOneProduct = () => {
    const ids = sequentialIds(100);
    const addA = c.addClass(ids);
    const addB = c.addClass(ids);
    const addP = c.addProduct(ids);
    if (addA.type !== 'addClass' || addB.type !== 'addClass' || addP.type !== 'addProduct')
      throw new Error();
    const state = reduceAll(emptyEditorState, [
      addA,
      addB,
      addP,
      c.chooseProductType(addP.key, 'Life'),
      c.setProductClasses(addP.key, [addA.key, addB.key]),
    ]);
    return { state, a: addA.key, b: addB.key, p: addP.key };
  };

  it('assigns a product to classes ("Classes" multi-select) and writes it inside each', () => {
    const { state, a, b, p } = twoClassesOneProduct();
    expect(classKeysOfProduct(state, p)).toEqual([a, b]);
    expect(toSaved(state).map((cls) => cls.products.map((x) => x.productCode))).toEqual([
      ['Life'],
      ['Life'],
    ]);
    const unassigned = reduceBilling(state, c.setProductClasses(p, [b]));
    expect(classKeysOfProduct(unassigned, p)).toEqual([b]);
  });

  it('"Deleting a class removes its assignments from all products"', () => {
    const { state, a, b, p } = twoClassesOneProduct();
    const next = reduceBilling(state, c.deleteClass(a));
    expect(next.classes.map((x) => x.key)).toEqual([b]);
    expect(classKeysOfProduct(next, p)).toEqual([b]);
    expect(next.products).toHaveLength(1);
  });

  it('"Deleting a product removes it and its assignments"', () => {
    const { state, p } = twoClassesOneProduct();
    const next = reduceBilling(state, c.deleteProduct(p));
    expect(next.products).toEqual([]);
    expect(next.classes.every((x) => x.productKeys.length === 0)).toBe(true);
  });

  it('edits class fields; an emptied Location or Class Notes is unset', () => {
    const { state, a } = twoClassesOneProduct();
    const named = reduceAll(state, [
      c.updateClassField(a, 'className', 'Salaried'),
      c.updateClassField(a, 'location', 'Boston'),
      c.updateClassField(a, 'notes', 'n'),
    ]);
    expect(toSaved(named)[0]).toMatchObject({
      className: 'Salaried',
      location: 'Boston',
      notes: 'n',
    });
    const cleared = reduceAll(named, [
      c.updateClassField(a, 'location', ''),
      c.updateClassField(a, 'notes', ''),
    ]);
    expect(toSaved(cleared)[0]).not.toHaveProperty('location');
    expect(toSaved(cleared)[0]).not.toHaveProperty('notes');
  });

  it('refuses edits of a product before a product type is chosen', () => {
    const { state, key } = editorWithProduct(undefined);
    for (const command of [
      c.setEffectiveDate(key, '01/01/2026'),
      c.setNotes(key, 'x'),
      c.setPriceRateBasis(key, 3),
      c.setRateType(key, 'static'),
      c.setSmokerIndicator(key, true),
      c.setVolumeType(key, 'fixed'),
    ])
      expect(reduceBilling(state, command)).toBe(state);
  });
});

describe('spec §4 "Rate type change"', () => {
  it('"choosing static clears tiers and age bands"', () => {
    const { product } = editorWithProduct(
      'Voluntary LTD',
      (k) => c.setRateType(k, 'ageBanded'),
      (k) => c.addAgeBand(k),
      (k) => c.setRateType(k, 'static'),
    );
    expect(product.rate).toStrictEqual({ type: 'static' });
  });

  it('"choosing tiered clears the static rate and age bands, keeping or starting tiers"', () => {
    const started = editorWithProduct(
      'Life',
      (k) => c.setStaticRate(k, 4.5),
      (k) => c.chooseProductType(k, 'Dental'),
    ).product;
    expect(started.rate).toStrictEqual({ type: 'tiered', rateTiers: [{ tierName: '', rate: 0 }] });
    const kept = editorWithProduct(
      'Dental',
      (k) => c.updateRateTier({ productKey: k }, 0, { field: 'tierName', value: 'EE' }),
      (k) => c.chooseProductType(k, 'Vision'),
    ).product;
    expect(kept.rate).toStrictEqual({ type: 'tiered', rateTiers: [{ tierName: 'EE', rate: 0 }] });
  });

  it('"choosing age-banded clears the static rate and tiers"', () => {
    const { product } = editorWithProduct(
      'Voluntary STD',
      (k) => c.setRateType(k, 'static'),
      (k) => c.setStaticRate(k, 12),
      (k) => c.setRateType(k, 'ageBanded'),
    );
    expect(product.rate).toStrictEqual({ type: 'ageBanded', ageBands: [] });
  });

  it.each([
    ['Life', { type: 'static' }],
    ['Business Travel', { type: 'static' }],
    ['Dental', { type: 'tiered', rateTiers: [{ tierName: '', rate: 0 }] }],
    ['VTL', { type: 'ageBanded', ageBands: [] }],
    ['CI', { type: 'ageBanded', ageBands: [] }],
    ['Voluntary LTD', {}],
  ])(
    '"If a product allows only one rate type it is applied automatically": %s → %j',
    (code, rate) => {
      expect(editorWithProduct(code).product.rate).toStrictEqual(rate);
    },
  );

  it.each([
    ['Voluntary LTD age-banded → LTD', 'Voluntary LTD', 'ageBanded', 'LTD', { type: 'static' }],
    ['Dental tiered → Voluntary LTD', 'Dental', undefined, 'Voluntary LTD', {}],
    [
      'Voluntary STD age-banded → VTL',
      'Voluntary STD',
      'ageBanded',
      'VTL',
      { type: 'ageBanded', ageBands: [{ type: 'static', minimumAge: 0, rate: 0 }] },
    ],
  ] as const)('"a type no longer allowed is cleared": %s', (_name, from, rateType, to, rate) => {
    const { product } = editorWithProduct(
      from,
      (k) => (rateType ? c.setRateType(k, rateType) : c.setNotes(k, '')),
      (k) => c.addAgeBand(k),
      (k) => c.chooseProductType(k, to),
    );
    expect(product.rate).toStrictEqual(rate);
  });

  it('refuses a rate type the product does not allow', () => {
    const { state, key } = editorWithProduct('Life');
    expect(reduceBilling(state, c.setRateType(key, 'tiered'))).toBe(state);
    expect(reduceBilling(state, c.setRateType(key, 'ageBanded'))).toBe(state);
  });

  it('"static rate min 0"', () => {
    expect(editorWithProduct('Life', (k) => c.setStaticRate(k, -2)).product.rate.staticRate).toBe(
      0,
    );
    expect(
      editorWithProduct('Life', (k) => c.setStaticRate(k, 12000)).product.rate.staticRate,
    ).toBe(12000);
  });
});

describe('spec §4 "Age-band mode switch"', () => {
  const ciWithBands = () =>
    editorWithProduct(
      'CI',
      (k) => c.setSmokerIndicator(k, true),
      (k) => c.addAgeBand(k),
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'minimumAge', 18),
      (k) => c.updateAgeBand(k, 0, 'maximumAge', 29),
      (k) => c.updateAgeBand(k, 0, 'rate', 1.5),
      (k) => c.updateAgeBand(k, 0, 'tobaccoRate', 2.25),
      (k) => c.updateAgeBand(k, 1, 'minimumAge', 30),
      (k) => c.updateAgeBand(k, 1, 'rate', 3),
    );

  it('"converts every band between static (rate) and tiered (rateTiers), keeping minimum and maximum age"', () => {
    const { state, key } = ciWithBands();
    const tiered = reduceBilling(state, c.setAgeBandMode(key, 'tiered'));
    expect(tiered.products[0]!.rate.ageBands).toStrictEqual([
      {
        type: 'tiered',
        minimumAge: 18,
        maximumAge: 29,
        rateTiers: [{ tierName: '', rate: 1.5, tobaccoRate: 2.25 }],
      },
      { type: 'tiered', minimumAge: 30, rateTiers: [{ tierName: '', rate: 3 }] },
    ]);
    const back = reduceBilling(tiered, c.setAgeBandMode(key, 'static'));
    expect(back.products[0]!.rate.ageBands).toStrictEqual(state.products[0]!.rate.ageBands);
  });

  it('"switching to static without the smoker indicator drops tobacco rates"', () => {
    const product: Product = buildProduct({
      productCode: 'CI',
      rate: {
        type: 'ageBanded',
        ageBands: [
          {
            type: 'tiered',
            minimumAge: 20,
            rateTiers: [{ tierName: 'EE', rate: 4, tobaccoRate: 6 }],
          },
        ],
      },
    });
    expect(rules.setAgeBandMode(product, 'static').rate.ageBands).toStrictEqual([
      { type: 'static', minimumAge: 20, rate: 4 },
    ]);
  });

  it('refuses a mode the product does not allow (VTL: static bands only)', () => {
    const { state, key } = editorWithProduct('VTL', (k) => c.addAgeBand(k));
    expect(reduceBilling(state, c.setAgeBandMode(key, 'tiered'))).toBe(state);
  });

  it("adds the first band in the chosen mode, later bands in the bands' mode", () => {
    const { product } = editorWithProduct(
      'HI',
      (k) => c.addAgeBand(k, 'tiered'),
      (k) => c.addAgeBand(k, 'static'),
    );
    expect(product.rate.ageBands).toStrictEqual([
      { type: 'tiered', minimumAge: 0, rateTiers: [{ tierName: '', rate: 0 }] },
      { type: 'tiered', minimumAge: 0, rateTiers: [{ tierName: '', rate: 0 }] },
    ]);
  });

  it('"Default new band: minimum age 0, rate 0"', () => {
    const { product } = editorWithProduct('VTL', (k) => c.addAgeBand(k));
    expect(product.rate.ageBands).toStrictEqual([{ type: 'static', minimumAge: 0, rate: 0 }]);
  });

  it('"Add Age Band is disabled when no modes are allowed"', () => {
    const { state, key } = editorWithProduct('Life');
    expect(reduceBilling(state, c.addAgeBand(key))).toBe(state);
  });
});

describe('spec §5 age bands and tiers', () => {
  it('"raising the minimum above an existing maximum sets the maximum equal to the minimum"', () => {
    const { product } = editorWithProduct(
      'VTL',
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'maximumAge', 65),
      (k) => c.updateAgeBand(k, 0, 'minimumAge', 70),
    );
    expect(product.rate.ageBands?.[0]).toMatchObject({ minimumAge: 70, maximumAge: 70 });
  });

  it('a maximum below the minimum is clamped up to the minimum', () => {
    const { product } = editorWithProduct(
      'VTL',
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'minimumAge', 40),
      (k) => c.updateAgeBand(k, 0, 'maximumAge', 30),
    );
    expect(product.rate.ageBands?.[0]).toMatchObject({ minimumAge: 40, maximumAge: 40 });
  });

  it.each([
    ['minimumAge', -5, 0],
    ['minimumAge', 200, 130],
    ['maximumAge', 500, 130],
    ['rate', -1, 0],
    ['rate', 10000, 9999],
  ] as const)('"age 0–130 for bands", "rate 0–9999": %s %d → %d', (field, value, expected) => {
    const { product } = editorWithProduct(
      'VTL',
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, field, value),
    );
    expect(product.rate.ageBands?.[0]?.[field]).toBe(expected);
  });

  it('"Rate is ignored when empty in static mode"', () => {
    const { state, key } = editorWithProduct(
      'VTL',
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'rate', 2),
    );
    expect(reduceBilling(state, c.updateAgeBand(key, 0, 'rate', undefined))).toBe(state);
  });

  it('"an empty entry becomes unset": an age band\'s maximum age', () => {
    const { product } = editorWithProduct(
      'VTL',
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'maximumAge', 40),
      (k) => c.updateAgeBand(k, 0, 'maximumAge', undefined),
    );
    expect(product.rate.ageBands?.[0]).toStrictEqual({ type: 'static', minimumAge: 0, rate: 0 });
  });

  it('"A rate tier can be deleted only when more than one exists"', () => {
    const { state, key } = editorWithProduct('Dental');
    expect(reduceBilling(state, c.deleteRateTier({ productKey: key }, 0))).toBe(state);
    const two = reduceBilling(state, c.addRateTier(key));
    expect(two.products[0]!.rate.rateTiers).toHaveLength(2);
    const one = reduceBilling(two, c.deleteRateTier({ productKey: key }, 1));
    expect(one.products[0]!.rate.rateTiers).toHaveLength(1);
  });

  it('"an age band likewise"', () => {
    const { state, key } = editorWithProduct('VTL', (k) => c.addAgeBand(k));
    expect(reduceBilling(state, c.deleteAgeBand(key, 0))).toBe(state);
    const two = reduceBilling(state, c.addAgeBand(key));
    expect(reduceBilling(two, c.deleteAgeBand(key, 0)).products[0]!.rate.ageBands).toHaveLength(1);
  });

  it('"Default new tier: empty name, rate 0"; tiers of a tiered band are edited in place', () => {
    const { product } = editorWithProduct(
      'HI',
      (k) => c.addAgeBand(k, 'tiered'),
      (k) => c.addRateTier(k, 0),
      (k) =>
        c.updateRateTier({ productKey: k, band: 0 }, 1, { field: 'tierName', value: 'Family' }),
      (k) => c.updateRateTier({ productKey: k, band: 0 }, 1, { field: 'rate', value: 12.5 }),
    );
    expect(product.rate.ageBands?.[0]?.rateTiers).toStrictEqual([
      { tierName: '', rate: 0 },
      { tierName: 'Family', rate: 12.5 },
    ]);
  });

  it('"an empty entry becomes unset": a tier\'s rate', () => {
    const { product } = editorWithProduct('Dental', (k) =>
      c.updateRateTier({ productKey: k }, 0, { field: 'rate', value: undefined }),
    );
    expect(product.rate.rateTiers).toStrictEqual([{ tierName: '' }]);
  });
});

describe('spec §4 "Smoker indicator"', () => {
  it('"Smoker indicator turned off removes all tobacco rates"', () => {
    const { state, key } = editorWithProduct(
      'CI',
      (k) => c.setSmokerIndicator(k, true),
      (k) => c.setSpouseFlag(k, 'spouseSmokerOnEE', true),
      (k) => c.addAgeBand(k, 'tiered'),
      (k) => c.updateRateTier({ productKey: k, band: 0 }, 0, { field: 'tobaccoRate', value: 3 }),
    );
    expect(state.products[0]!.rate.ageBands?.[0]?.rateTiers?.[0]?.tobaccoRate).toBe(3);
    const off = reduceBilling(state, c.setSmokerIndicator(key, false)).products[0]!;
    expect(off.rate.ageBands).toStrictEqual([
      { type: 'tiered', minimumAge: 0, rateTiers: [{ tierName: '', rate: 0 }] },
    ]);
    expect(off.smokerIndicator).toBe(false);
    expect(off).not.toHaveProperty('spouseSmokerOnEE');
  });

  it('removes tobacco rates of static bands too', () => {
    const { product } = editorWithProduct(
      'VTL',
      (k) => c.setSmokerIndicator(k, true),
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'tobaccoRate', 4),
      (k) => c.setSmokerIndicator(k, false),
    );
    expect(product.rate.ageBands).toStrictEqual([{ type: 'static', minimumAge: 0, rate: 0 }]);
  });

  it('"tobaccoRate (only when the smoker indicator is on)": refused while it is off', () => {
    const { state, key } = editorWithProduct('VTL', (k) => c.addAgeBand(k));
    expect(reduceBilling(state, c.updateAgeBand(key, 0, 'tobaccoRate', 4))).toBe(state);
  });

  it('"Spouse Smoker On EE (only when smoker is set and the product type allows it)"', () => {
    const off = editorWithProduct('VTL');
    expect(reduceBilling(off.state, c.setSpouseFlag(off.key, 'spouseSmokerOnEE', true))).toBe(
      off.state,
    );
    const on = editorWithProduct(
      'VTL',
      (k) => c.setSmokerIndicator(k, true),
      (k) => c.setSpouseFlag(k, 'spouseSmokerOnEE', true),
    );
    expect(on.product.spouseSmokerOnEE).toBe(true);
  });

  it.each(['Life', 'HI', 'Dental', 'Voluntary LTD'])(
    'refuses Smoker Indicator and spouse flags for %s',
    (code) => {
      const { state, key } = editorWithProduct(code);
      expect(reduceBilling(state, c.setSmokerIndicator(key, true))).toBe(state);
      expect(reduceBilling(state, c.setSpouseFlag(key, 'spouseAdminOnEE', true))).toBe(state);
    },
  );
});

describe('spec §4 "Volume type change"', () => {
  const everything: Volume = {
    type: 'fixed',
    amount: 1,
    salaryMultiple: 2,
    coverageBasis: 'postBenefit',
    benefitPercentage: 60,
    coveredPayrollMode: 'weekly',
    minimum: 10,
    maximum: 100,
    increment: 5,
    roundingMethod: 'up',
  };
  it.each([
    [
      '"fixed clears salary multiple, coverage basis, benefit percentage, payroll mode, minimum, maximum, increment and rounding"',
      'LTD',
      'fixed',
      { type: 'fixed', amount: 1 },
    ],
    [
      '"salary clears amount, coverage basis, percentage and payroll mode"',
      'Life',
      'salary',
      {
        type: 'salary',
        salaryMultiple: 2,
        minimum: 10,
        maximum: 100,
        increment: 5,
        roundingMethod: 'up',
      },
    ],
    [
      '"earnings-based clears amount and salary multiple"',
      'LTD',
      'earningsBased',
      {
        type: 'earningsBased',
        coverageBasis: 'postBenefit',
        benefitPercentage: 60,
        coveredPayrollMode: 'weekly',
        minimum: 10,
        maximum: 100,
        increment: 5,
        roundingMethod: 'up',
      },
    ],
  ] as const)('%s', (_rule, code, type, expected) => {
    const product = buildProduct({ productCode: code, volume: { ...everything, type: 'salary' } });
    const fromFixed = buildProduct({ productCode: code, volume: everything });
    const source = type === 'fixed' ? product : fromFixed;
    expect(rules.setVolumeType(source, type).volume).toStrictEqual(expected);
  });

  it('"A volume type not allowed by the product clears all volume fields"', () => {
    const { state, key } = editorWithProduct(
      'Life',
      (k) => c.setVolumeType(k, 'fixed'),
      (k) => c.updateVolumeField(k, { field: 'amount', value: 50000 }),
    );
    expect(state.products[0]!.volume).toStrictEqual({ type: 'fixed', amount: 50000 });
    expect(
      reduceBilling(state, c.setVolumeType(key, 'earningsBased')).products[0],
    ).not.toHaveProperty('volume');
    const dental = reduceBilling(state, c.chooseProductType(key, 'Dental')).products[0]!;
    expect(dental).not.toHaveProperty('volume');
  });

  it('keeps what the new product type still allows (Life fixed → CI fixed)', () => {
    const { product } = editorWithProduct(
      'Life',
      (k) => c.setVolumeType(k, 'fixed'),
      (k) => c.updateVolumeField(k, { field: 'amount', value: 10000 }),
      (k) => c.chooseProductType(k, 'CI'),
    );
    expect(product.volume).toStrictEqual({ type: 'fixed', amount: 10000 });
  });

  it('"A coverage basis other than post-benefit clears benefit percentage"', () => {
    const { state, key } = editorWithProduct(
      'STD',
      (k) => c.setVolumeType(k, 'earningsBased'),
      (k) => c.setCoverageBasis(k, 'postBenefit'),
      (k) => c.updateVolumeField(k, { field: 'benefitPercentage', value: 66.7 }),
    );
    expect(state.products[0]!.volume?.benefitPercentage).toBe(66.7);
    for (const basis of ['preBenefit', undefined] as const) {
      const next = reduceBilling(state, c.setCoverageBasis(key, basis)).products[0]!;
      expect(next.volume).not.toHaveProperty('benefitPercentage');
    }
  });

  it('refuses a benefit percentage without the post-benefit coverage basis', () => {
    const { state, key } = editorWithProduct('PFML', (k) => c.setVolumeType(k, 'earningsBased'));
    expect(
      reduceBilling(state, c.updateVolumeField(key, { field: 'benefitPercentage', value: 50 })),
    ).toBe(state);
  });

  it('refuses a volume input the volume type does not use', () => {
    const { state, key } = editorWithProduct('Life', (k) => c.setVolumeType(k, 'salary'));
    expect(reduceBilling(state, c.updateVolumeField(key, { field: 'amount', value: 5 }))).toBe(
      state,
    );
  });

  it('"volume minimum min 0 with max capped by the maximum; volume maximum min equal to the minimum"', () => {
    const { product } = editorWithProduct(
      'Life',
      (k) => c.setVolumeType(k, 'salary'),
      (k) => c.updateVolumeField(k, { field: 'maximum', value: 1000 }),
      (k) => c.updateVolumeField(k, { field: 'minimum', value: 5000 }),
    );
    expect(product.volume).toMatchObject({ minimum: 1000, maximum: 1000 });
    const other = editorWithProduct(
      'Life',
      (k) => c.setVolumeType(k, 'salary'),
      (k) => c.updateVolumeField(k, { field: 'minimum', value: 2000 }),
      (k) => c.updateVolumeField(k, { field: 'maximum', value: 500 }),
      (k) => c.updateVolumeField(k, { field: 'increment', value: -5 }),
    ).product;
    expect(other.volume).toMatchObject({ minimum: 2000, maximum: 2000, increment: 0 });
  });

  it('"benefit percentage 0–100"', () => {
    const { product } = editorWithProduct(
      'LTD',
      (k) => c.setVolumeType(k, 'earningsBased'),
      (k) => c.setCoverageBasis(k, 'postBenefit'),
      (k) => c.updateVolumeField(k, { field: 'benefitPercentage', value: 150 }),
      (k) => c.updateVolumeField(k, { field: 'coveredPayrollMode', value: 'monthly' }),
    );
    expect(product.volume).toStrictEqual({
      type: 'earningsBased',
      coverageBasis: 'postBenefit',
      benefitPercentage: 100,
      coveredPayrollMode: 'monthly',
    });
  });
});

describe('spec §4 "Attained age"', () => {
  it('"choosing calendarYearStart as anchor clears the age method"', () => {
    const { state, key } = editorWithProduct(
      'VTL',
      (k) => c.setAttainedAgeField(k, { field: 'anchor', value: 'effectiveDate' }),
      (k) => c.setAttainedAgeField(k, { field: 'method', value: 'ageNearest' }),
    );
    expect(state.products[0]!.attainedAge).toStrictEqual({
      anchor: 'effectiveDate',
      method: 'ageNearest',
    });
    const next = reduceBilling(
      state,
      c.setAttainedAgeField(key, { field: 'anchor', value: 'calendarYearStart' }),
    );
    expect(next.products[0]!.attainedAge).toStrictEqual({ anchor: 'calendarYearStart' });
    expect(
      reduceBilling(
        next,
        c.setAttainedAgeField(key, { field: 'method', value: 'ageLastBirthday' }),
      ),
    ).toBe(next);
  });

  it('"choosing an alignment other than firstOfSpecifiedMonth clears the re-rate month"', () => {
    const { state, key } = editorWithProduct(
      'HI',
      (k) => c.setAttainedAgeField(k, { field: 'reRateAlignment', value: 'firstOfSpecifiedMonth' }),
      (k) => c.setAttainedAgeField(k, { field: 'reRateMonth', value: 7 }),
    );
    expect(state.products[0]!.attainedAge?.reRateMonth).toBe(7);
    const next = reduceBilling(
      state,
      c.setAttainedAgeField(key, { field: 'reRateAlignment', value: 'firstOfYear' }),
    );
    expect(next.products[0]!.attainedAge).toStrictEqual({ reRateAlignment: 'firstOfYear' });
    expect(
      reduceBilling(next, c.setAttainedAgeField(key, { field: 'reRateMonth', value: 3 })),
    ).toBe(next);
  });

  it.each([
    [0, 1],
    [13, 12],
    [6.4, 6],
  ])('"re-rate month 1–12": %d → %d', (value, expected) => {
    const { product } = editorWithProduct(
      'Voluntary STD',
      (k) => c.setAttainedAgeField(k, { field: 'reRateAlignment', value: 'firstOfSpecifiedMonth' }),
      (k) => c.setAttainedAgeField(k, { field: 'reRateMonth', value }),
    );
    expect(product.attainedAge?.reRateMonth).toBe(expected);
  });

  it('an attained age with nothing set is removed', () => {
    const { product } = editorWithProduct(
      'CI',
      (k) => c.setAttainedAgeField(k, { field: 'reRateOn', value: 'policyAnniversary' }),
      (k) => c.setAttainedAgeField(k, { field: 'reRateOn', value: undefined }),
    );
    expect(product).not.toHaveProperty('attainedAge');
  });

  it('refuses attained age for a product type without it (LTD)', () => {
    const { state, key } = editorWithProduct('LTD');
    expect(
      reduceBilling(state, c.setAttainedAgeField(key, { field: 'anchor', value: 'policyStart' })),
    ).toBe(state);
  });
});

describe('spec §4 "Age reductions"', () => {
  it('"a type must be chosen before rows can be added"', () => {
    const { state, key } = editorWithProduct('Life');
    expect(reduceBilling(state, c.addAgeReduction(key))).toBe(state);
    const typed = reduceAll(state, [
      c.setAgeReductionType(key, 'percentage'),
      c.addAgeReduction(key),
    ]);
    expect(typed.products[0]!.ageReduction).toStrictEqual({
      type: 'percentage',
      rows: [{ age: 0, reduction: 0 }],
    });
  });

  it('"switching to amount removes increment and rounding"', () => {
    const { product } = editorWithProduct(
      'VTL',
      (k) => c.setAgeReductionType(k, 'percentage'),
      (k) => c.addAgeReduction(k),
      (k) => c.updateAgeReduction(k, 0, { field: 'age', value: 70 }),
      (k) => c.updateAgeReduction(k, 0, { field: 'reduction', value: 35 }),
      (k) => c.updateAgeReduction(k, 0, { field: 'increment', value: 1000 }),
      (k) => c.updateAgeReduction(k, 0, { field: 'roundingMethod', value: 'down' }),
      (k) => c.setAgeReductionType(k, 'amount'),
    );
    expect(product.ageReduction).toStrictEqual({
      type: 'amount',
      rows: [{ age: 70, reduction: 35 }],
    });
  });

  it('"emptying the list sets it to unset"', () => {
    const { product } = editorWithProduct(
      'Stand Alone AD&D',
      (k) => c.setAgeReductionType(k, 'amount'),
      (k) => c.addAgeReduction(k),
      (k) => c.deleteAgeReduction(k, 0),
    );
    expect(product).not.toHaveProperty('ageReduction');
  });

  it.each([
    ['percentage', 'reduction', 150, 100],
    ['amount', 'reduction', 150000, 150000],
    ['amount', 'reduction', -5, 0],
    ['percentage', 'age', 131, 130],
    ['percentage', 'increment', 10000, 9999],
  ] as const)(
    '"reduction 0–100 when percentage, min 0 with no max when amount", "age 0–130", "increment 0–9999": %s %s %d → %d',
    (type, field, value, expected) => {
      const { product } = editorWithProduct(
        'Life/AD&D',
        (k) => c.setAgeReductionType(k, type),
        (k) => c.addAgeReduction(k),
        (k) => c.updateAgeReduction(k, 0, { field, value }),
      );
      expect(product.ageReduction?.rows[0]?.[field]).toBe(expected);
    },
  );

  it('refuses increment and rounding for an amount reduction', () => {
    const { state, key } = editorWithProduct(
      'Life',
      (k) => c.setAgeReductionType(k, 'amount'),
      (k) => c.addAgeReduction(k),
    );
    expect(
      reduceBilling(state, c.updateAgeReduction(key, 0, { field: 'increment', value: 5 })),
    ).toBe(state);
  });

  it('switching to percentage brings reductions within 0–100', () => {
    const { product } = editorWithProduct(
      'Life',
      (k) => c.setAgeReductionType(k, 'amount'),
      (k) => c.addAgeReduction(k),
      (k) => c.updateAgeReduction(k, 0, { field: 'reduction', value: 5000 }),
      (k) => c.setAgeReductionType(k, 'percentage'),
    );
    expect(product.ageReduction?.rows[0]?.reduction).toBe(100);
  });
});

describe('spec §5 other product inputs', () => {
  it('"Price Rate Basis: number, minimum 0, step 1"', () => {
    expect(editorWithProduct('ACC', (k) => c.setPriceRateBasis(k, -4)).product.priceRateBasis).toBe(
      0,
    );
    expect(
      editorWithProduct('ACC', (k) => c.setPriceRateBasis(k, 2.5)).product.priceRateBasis,
    ).toBe(3);
    expect(
      editorWithProduct(
        'ACC',
        (k) => c.setPriceRateBasis(k, 2),
        (k) => c.setPriceRateBasis(k, undefined),
      ).product,
    ).not.toHaveProperty('priceRateBasis');
  });

  it('"Effective date is free text with the hint MM/DD/YYYY; validation is not shown"', () => {
    expect(
      editorWithProduct('Dental', (k) => c.setEffectiveDate(k, 'Jan 1')).product.effectiveDate,
    ).toBe('Jan 1');
  });

  it('product notes: an empty note is unset', () => {
    const { product } = editorWithProduct(
      'Dental',
      (k) => c.setNotes(k, 'hello'),
      (k) => c.setNotes(k, ''),
    );
    expect(product).not.toHaveProperty('notes');
  });

  it('Matched AD&D and separate AD&D only where the product type has Matched AD&D', () => {
    expect(editorWithProduct('Life/AD&D', (k) => c.setMatchedADD(k, true)).product.matchedADD).toBe(
      true,
    );
    expect(
      editorWithProduct('VTL/AD&D', (k) => c.setSeparateADD(k, true)).product.separateADD,
    ).toBe(true);
    const life = editorWithProduct('Life');
    expect(reduceBilling(life.state, c.setMatchedADD(life.key, true))).toBe(life.state);
  });
});

describe('choosing another product type normalises the product', () => {
  it('clears every field the new type does not allow', () => {
    const { product } = editorWithProduct(
      'VTL/AD&D',
      (k) => c.setSmokerIndicator(k, true),
      (k) => c.setSpouseFlag(k, 'spouseAdminOnEE', true),
      (k) => c.setSpouseFlag(k, 'spouseSmokerOnEE', true),
      (k) => c.addAgeBand(k),
      (k) => c.updateAgeBand(k, 0, 'tobaccoRate', 2),
      (k) => c.setAttainedAgeField(k, { field: 'anchor', value: 'policyStart' }),
      (k) => c.setAgeReductionType(k, 'percentage'),
      (k) => c.setMatchedADD(k, true),
      (k) => c.setVolumeType(k, 'salary'),
      (k) => c.setNotes(k, 'keep me'),
      (k) => c.setPriceRateBasis(k, 1000),
      (k) => c.setEffectiveDate(k, '02/01/2026'),
      (k) => c.chooseProductType(k, 'Dental'),
    );
    expect(product).toStrictEqual({
      key: product.key,
      productId: product.productId,
      productName: 'Dental',
      productCode: 'Dental',
      effectiveDate: '02/01/2026',
      priceRateBasis: 1000,
      notes: 'keep me',
      rate: { type: 'tiered', rateTiers: [{ tierName: '', rate: 0 }] },
    });
  });

  it('converts age bands to a mode the new type allows (CI tiered → VTL static)', () => {
    const { product } = editorWithProduct(
      'CI',
      (k) => c.addAgeBand(k, 'tiered'),
      (k) => c.updateRateTier({ productKey: k, band: 0 }, 0, { field: 'rate', value: 9 }),
      (k) => c.chooseProductType(k, 'VTL'),
    );
    expect(product.rate).toStrictEqual({
      type: 'ageBanded',
      ageBands: [{ type: 'static', minimumAge: 0, rate: 9 }],
    });
  });

  it('is the identity on a product already valid for the type', () => {
    const saved = [buildClass({ products: [buildProduct({ productCode: 'VCI' })] })];
    const state = fromSaved(saved, sequentialIds());
    const key = state.products[0]!.key;
    expect(reduceBilling(state, c.chooseProductType(key, 'VCI'))).toBe(state);
    expect(rules.normaliseToProductType(saved[0]!.products[0]!, productByCode('VCI')!)).toBe(
      saved[0]!.products[0],
    );
  });
});
