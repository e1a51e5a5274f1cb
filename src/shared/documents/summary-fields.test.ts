import { describe, expect, it } from 'vitest';
import { summaryFields } from './summary-fields.ts';

const field = (label: string, value: string) => ({ type: 'field', label, value, score: 0.9 });
const table = (label: string, n = 1) => ({
  type: 'table',
  label,
  cells: Array.from({ length: n }, (_, i) => ({
    label: `${label}_x`,
    value: 'v',
    row: i,
    col: 0,
    score: 1,
  })),
});

describe('summaryFields', () => {
  it.each([
    ['no data', null, { carrierName: null, products: [], effectiveDate: null }],
    ['not a list', { a: 1 }, { carrierName: null, products: [], effectiveDate: null }],
    [
      'a dental proposal',
      [
        field('dentalInsurance_carrierName', 'Ameritas'),
        field('dentalInsurance_effectiveDate', 'January 1, 2026'),
        table('dentalInsurance_rateTiers'),
      ],
      { carrierName: 'Ameritas', products: ['dental'], effectiveDate: 'January 1, 2026' },
    ],
    [
      'a vision proposal',
      [field('visionInsurance_carrierName', ' Aetna '), table('visionInsurance_rateTiers')],
      { carrierName: 'Aetna', products: ['vision'], effectiveDate: null },
    ],
    [
      'dental and vision: the dental values first',
      [
        field('visionInsurance_carrierName', 'VSP'),
        field('dentalInsurance_carrierName', 'Lincoln'),
        field('visionInsurance_effectiveDate', '4/1/2026'),
      ],
      { carrierName: 'Lincoln', products: ['dental', 'vision'], effectiveDate: '4/1/2026' },
    ],
    [
      'empty values and empty tables say nothing',
      [field('dentalInsurance_carrierName', '  '), table('visionInsurance_rateTiers', 0)],
      { carrierName: null, products: [], effectiveDate: null },
    ],
  ])('%s', (_name, data, expected) => {
    expect(summaryFields(data)).toEqual(expected);
  });
});
