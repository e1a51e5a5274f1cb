import { describe, expect, it } from 'vitest';
import {
  allowedAgeBandModes,
  allowedRateTypes,
  allowedVolumeTypes,
  automaticRateType,
  canAddAgeBand,
  filterProductTypes,
  findProductType,
  productByCode,
  productTypes,
  supportsAgeReduction,
  supportsAttainedAge,
  supportsMatchedADD,
  supportsNotes,
  supportsPriceRateBasis,
  supportsSmokerIndicator,
  supportsSpouseAdminOnEE,
  supportsSpouseSmokerOnEE,
  takesVolume,
  volumeInputs,
} from './products.ts';

// Spec §3 "Product catalogue": "Life/Life; Life and AD&D/Life/AD&D; …" as [name, code].
const specList: [string, string][] = [
  ['Life', 'Life'],
  ['Life and AD&D', 'Life/AD&D'],
  ['Voluntary Term Life', 'VTL'],
  ['Voluntary Term Life with AD&D', 'VTL/AD&D'],
  ['Accident', 'ACC'],
  ['Voluntary Accident', 'VACC'],
  ['Critical Illness', 'CI'],
  ['Voluntary Critical Illness', 'VCI'],
  ['Long Term Disability', 'LTD'],
  ['Voluntary Long Term Disability', 'Voluntary LTD'],
  ['Short Term Disability', 'STD'],
  ['Voluntary Short Term Disability', 'Voluntary STD'],
  ['Hospital Indemnity', 'HI'],
  ['Voluntary Hospital Indemnity', 'VHI'],
  ['Stand Alone AD&D', 'Stand Alone AD&D'],
  ['Stand Alone VAD&D', 'Stand Alone VAD&D'],
  ['Vision', 'Vision'],
  ['Voluntary Vision', 'Voluntary Vision'],
  ['Dental', 'Dental'],
  ['Voluntary Dental', 'Voluntary Dental'],
  ['Business Travel', 'Business Travel'],
  ['Paid Family & Medical Leave', 'PFML'],
  ['Voluntary PFML', 'Vol PFML'],
];

const allCodes = specList.map(([, code]) => code);
const codesWhere = (test: (code: string) => boolean) => allCodes.filter(test).sort();
const sorted = (codes: string[]) => [...codes].sort();

describe('product catalogue', () => {
  it('holds the 23 products of the spec, in its order, with its names and codes', () => {
    expect(productTypes.map((p) => [p.productName, p.productCode])).toEqual(specList);
  });

  it.each(specList)('finds %s by code %s', (name, code) => {
    expect(productByCode(code)?.productName).toBe(name);
  });

  // Spec §3 "Capabilities by product", one row per line.
  it.each([
    [
      'Rate type static',
      [
        'Life',
        'Life/AD&D',
        'Business Travel',
        'LTD',
        'STD',
        'PFML',
        'Vol PFML',
        'Stand Alone AD&D',
      ],
      (c: string) => sameList(allowedRateTypes(productByCode(c)), ['static']),
    ],
    [
      'Rate type tiered',
      ['ACC', 'VACC', 'Vision', 'Voluntary Vision', 'Dental', 'Voluntary Dental'],
      (c: string) => sameList(allowedRateTypes(productByCode(c)), ['tiered']),
    ],
    [
      'Rate type age-banded, bands static only',
      ['VTL', 'VTL/AD&D', 'Stand Alone VAD&D'],
      (c: string) =>
        sameList(allowedRateTypes(productByCode(c)), ['ageBanded']) &&
        sameList(allowedAgeBandModes(productByCode(c)), ['static']),
    ],
    [
      'Rate type age-banded, bands static or tiered',
      ['CI', 'VCI', 'HI', 'VHI'],
      (c: string) =>
        sameList(allowedRateTypes(productByCode(c)), ['ageBanded']) &&
        sameList(allowedAgeBandModes(productByCode(c)), ['static', 'tiered']),
    ],
    [
      'Voluntary LTD and STD: static, or age-banded with static bands',
      ['Voluntary LTD', 'Voluntary STD'],
      (c: string) =>
        sameList(allowedRateTypes(productByCode(c)), ['static', 'ageBanded']) &&
        sameList(allowedAgeBandModes(productByCode(c)), ['static']),
    ],
    [
      'Volume fixed or salary: life-type and AD&D products',
      ['Life', 'Life/AD&D', 'VTL', 'VTL/AD&D', 'Stand Alone AD&D', 'Stand Alone VAD&D'],
      (c: string) => sameList(allowedVolumeTypes(productByCode(c)), ['fixed', 'salary']),
    ],
    [
      'Volume fixed only',
      ['CI', 'VCI'],
      (c: string) => sameList(allowedVolumeTypes(productByCode(c)), ['fixed']),
    ],
    [
      'Volume fixed or earnings-based: LTD, STD and their voluntary versions',
      ['LTD', 'STD', 'Voluntary LTD', 'Voluntary STD'],
      (c: string) => sameList(allowedVolumeTypes(productByCode(c)), ['fixed', 'earningsBased']),
    ],
    [
      'Volume earnings-based only',
      ['PFML', 'Vol PFML'],
      (c: string) => sameList(allowedVolumeTypes(productByCode(c)), ['earningsBased']),
    ],
    [
      'No volume: accident, hospital indemnity, vision, dental, business travel',
      [
        'ACC',
        'VACC',
        'HI',
        'VHI',
        'Vision',
        'Voluntary Vision',
        'Dental',
        'Voluntary Dental',
        'Business Travel',
      ],
      (c: string) => !takesVolume(productByCode(c)),
    ],
    [
      'Smoker indicator, spouse flags, attained age',
      ['VTL', 'VTL/AD&D', 'CI', 'VCI'],
      (c: string) => {
        const p = productByCode(c);
        return (
          supportsSmokerIndicator(p) && supportsSpouseAdminOnEE(p) && supportsSpouseSmokerOnEE(p)
        );
      },
    ],
    [
      'Attained age (with the "also" row: HI, VHI, voluntary LTD and STD, Stand Alone VAD&D)',
      [
        'VTL',
        'VTL/AD&D',
        'CI',
        'VCI',
        'HI',
        'VHI',
        'Voluntary LTD',
        'Voluntary STD',
        'Stand Alone VAD&D',
      ],
      (c: string) => supportsAttainedAge(productByCode(c)),
    ],
    [
      'Age reduction',
      ['Life', 'Life/AD&D', 'VTL', 'VTL/AD&D', 'Stand Alone AD&D', 'Stand Alone VAD&D'],
      (c: string) => supportsAgeReduction(productByCode(c)),
    ],
    [
      'Matched AD&D',
      ['Life/AD&D', 'VTL/AD&D'],
      (c: string) => supportsMatchedADD(productByCode(c)),
    ],
  ])('capability "%s" holds for exactly %j', (_row, codes, holds) => {
    expect(codesWhere(holds)).toEqual(sorted(codes));
  });

  it('gives every product Price Rate Basis and Notes', () => {
    expect(codesWhere((c) => supportsPriceRateBasis(productByCode(c)))).toEqual(sorted(allCodes));
    expect(codesWhere((c) => supportsNotes(productByCode(c)))).toEqual(sorted(allCodes));
  });

  it('offers Add Age Band exactly where age bands have a mode', () => {
    expect(codesWhere((c) => canAddAgeBand(productByCode(c)))).toEqual(
      codesWhere((c) => allowedRateTypes(productByCode(c)).includes('ageBanded')),
    );
  });

  it('applies a rate type automatically only when the product allows just one', () => {
    expect(automaticRateType(productByCode('Life'))).toBe('static');
    expect(automaticRateType(productByCode('Dental'))).toBe('tiered');
    expect(automaticRateType(productByCode('VTL'))).toBe('ageBanded');
    expect(automaticRateType(productByCode('Voluntary LTD'))).toBeUndefined();
    expect(automaticRateType(undefined)).toBeUndefined();
  });

  it.each([
    ['Life', 'fixed', ['amount']],
    ['Life', 'salary', ['salaryMultiple', 'minimum', 'maximum', 'increment', 'roundingMethod']],
    [
      'LTD',
      'earningsBased',
      [
        'coverageBasis',
        'benefitPercentage',
        'coveredPayrollMode',
        'minimum',
        'maximum',
        'increment',
        'roundingMethod',
      ],
    ],
    ['LTD', 'fixed', ['amount']],
    ['LTD', 'salary', []],
    ['CI', 'fixed', ['amount']],
    ['Dental', 'fixed', []],
  ] as const)('volume inputs of %s with a %s volume: %j', (code, type, inputs) => {
    expect(volumeInputs(productByCode(code), type)).toEqual(inputs);
  });

  it('allows nothing for a product with no type chosen', () => {
    expect(allowedRateTypes(undefined)).toEqual([]);
    expect(allowedVolumeTypes(undefined)).toEqual([]);
    expect(volumeInputs(undefined, 'fixed')).toEqual([]);
    expect(supportsNotes(undefined)).toBe(false);
    expect(canAddAgeBand(undefined)).toBe(false);
  });
});

describe('product type picker', () => {
  it.each([
    ['vtl', 'VTL'],
    ['Voluntary Term Life', 'VTL'],
    ['  voluntary term life with ad&d ', 'VTL/AD&D'],
    ['LIFE/AD&D', 'Life/AD&D'],
    ['life and ad&d', 'Life/AD&D'],
    ['stand alone vad&d', 'Stand Alone VAD&D'],
    ['vol pfml', 'Vol PFML'],
    ['paid family & medical leave', 'PFML'],
  ])('"Product type matches case-insensitively on name or code": %j → %s', (query, code) => {
    expect(findProductType(query)?.productCode).toBe(code);
  });

  it.each(['', '   ', 'Medical', 'VT', 'Life and'])(
    '"an unmatched entry reverts on blur": %j matches nothing',
    (query) => {
      expect(findProductType(query)).toBeUndefined();
    },
  );

  it('"type-ahead filtering by name or code"', () => {
    expect(filterProductTypes('ad&d').map((p) => p.productCode)).toEqual([
      'Life/AD&D',
      'VTL/AD&D',
      'Stand Alone AD&D',
      'Stand Alone VAD&D',
    ]);
    expect(filterProductTypes('LTD').map((p) => p.productCode)).toEqual(['LTD', 'Voluntary LTD']);
    expect(filterProductTypes('')).toHaveLength(23);
  });
});

function sameList(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && actual.every((x, i) => x === expected[i]);
}
