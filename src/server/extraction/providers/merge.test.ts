import { describe, expect, it } from 'vitest';
import type { ParsedCell, ParsedData, ParsedField } from '../../../shared/proposals/parsed-data.ts';
import { comparable, disagreementCap, mergeReadings, oneSidedCap, sameValue } from './merge.ts';

const carrier = 'dentalInsurance_carrierName';
const field = (value: string, score: number, page?: number): ParsedField => ({
  type: 'field',
  label: carrier,
  value,
  score,
  ...(page ? { source: { page, box: [10, 20, 110, 32] } } : {}),
});

describe('mergeReadings: fields', () => {
  it.each([
    // case, local, model, merged (value, score, keeps the local source)
    [
      'agreement: the higher score',
      field('Ameritas', 0.6, 1),
      field('Ameritas', 0.75),
      ['Ameritas', 0.75, true],
    ],
    [
      'agreement keeps the local score when higher',
      field('Ameritas', 0.92, 1),
      field('Ameritas', 0.75),
      ['Ameritas', 0.92, true],
    ],
    [
      'agreement as printed, ignoring case and spacing',
      field('AMERITAS  Life', 0.8, 1),
      field('Ameritas Life', 0.75),
      ['AMERITAS  Life', 0.8, true],
    ],
    [
      'disagreement: the local value, capped',
      field('Insurance Company', 0.9, 1),
      field('Ameritas', 0.75),
      ['Insurance Company', disagreementCap, true],
    ],
    [
      'disagreement keeps a lower local score',
      field('This', 0.12, 1),
      field('Ameritas', 0.75),
      ['This', 0.12, true],
    ],
    [
      'only the local engine gives it: capped',
      field('Ameritas', 0.9, 1),
      undefined,
      ['Ameritas', oneSidedCap, true],
    ],
    [
      'only the local engine gives it, low already',
      field('Ameritas', 0.2, 1),
      undefined,
      ['Ameritas', 0.2, true],
    ],
    [
      'only the model gives it: capped',
      undefined,
      field('Ameritas', 0.75),
      ['Ameritas', oneSidedCap, false],
    ],
    [
      'only the model gives it, not found in the text',
      undefined,
      field('Ameritas', 0.35),
      ['Ameritas', 0.35, false],
    ],
  ] as const)('%s', (_case, local, model, [value, score, sourced]) => {
    const merged = mergeReadings(local ? [local] : [], model ? [model] : []);
    expect(merged).toHaveLength(1);
    const [item] = merged as ParsedField[];
    expect(item?.value).toBe(value);
    expect(item?.score).toBe(score);
    expect(item?.source !== undefined).toBe(sourced);
  });

  it('keeps fields of other labels apart', () => {
    const effective = { ...field('1/1/2026', 0.8), label: 'dentalInsurance_effectiveDate' };
    const merged = mergeReadings([field('Ameritas', 0.8)], [effective]);
    expect(merged).toEqual([field('Ameritas', oneSidedCap), { ...effective, score: oneSidedCap }]);
  });
});

describe('sameValue', () => {
  it.each([
    ['$1,000', '$1000', true],
    ['$50.00', '$50', true],
    ['100%*', '100%', true],
    ['In-network – 80%', 'in-network - 80%', true],
    ['January 1, 2026', 'January 1 2026', false],
    ['$50', '$150', false],
    ['80%', '50%', false],
    ['12 months', '24 months', false],
  ])('%s ~ %s: %s', (a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
    expect(comparable(a) === comparable(b)).toBe(same);
  });
});

const services = 'dentalInsurance_coveredServices';
const cell = (
  column: string,
  value: string,
  row: number,
  col: number,
  score = 0.8,
): ParsedCell => ({
  label: `${services}_${column}`,
  value,
  row,
  col,
  score,
});
/** A covered-services row: class, service type and in-network coinsurance. */
const row = (r: number, klass: string, service: string, coinsurance: string, score = 0.8) => [
  cell('class', klass, r, 0, score),
  cell('serviceTypeLabel', service, r, 1, score),
  cell('coverageLevelInNetwork', coinsurance, r, 4, score),
];
const table = (...rows: ParsedCell[][]): ParsedData => [
  { type: 'table', label: services, cells: rows.flat() },
];
const cellsOf = (data: ParsedData) => (data[0]?.type === 'table' ? data[0].cells : []);
const at = (data: ParsedData, r: number, column: string) =>
  cellsOf(data).find((c) => c.row === r && c.label === `${services}_${column}`);

describe('mergeReadings: tables, rows matched by their key columns', () => {
  it('matches rows by class and service type, not by their order', () => {
    const local = table(
      row(0, 'All Employees', 'Preventive', '100%', 0.6),
      row(1, 'All Employees', 'Basic', '80%', 0.6),
      row(2, 'All Employees', 'Major', '50%', 0.6),
    );
    // the model lists them in another order, and disagrees on Major
    const model = table(
      row(0, 'All Employees', 'Major', '60%', 0.75),
      row(1, 'All Employees', 'Preventive', '100%', 0.75),
      row(2, 'All Employees', 'Basic', '80%', 0.75),
    );
    const merged = mergeReadings(local, model);
    expect(cellsOf(merged)).toHaveLength(9);
    expect([
      at(merged, 0, 'coverageLevelInNetwork')?.value,
      at(merged, 0, 'coverageLevelInNetwork')?.score,
    ]).toEqual(['100%', 0.75]);
    expect([
      at(merged, 1, 'coverageLevelInNetwork')?.value,
      at(merged, 1, 'coverageLevelInNetwork')?.score,
    ]).toEqual(['80%', 0.75]);
    expect([
      at(merged, 2, 'coverageLevelInNetwork')?.value,
      at(merged, 2, 'coverageLevelInNetwork')?.score,
    ]).toEqual(['50%', disagreementCap]);
    // the key cells agree by construction
    expect(at(merged, 2, 'serviceTypeLabel')).toMatchObject({ value: 'Major', score: 0.75 });
  });

  it.each([
    // case, local rows, model rows, [row, column, value, score] expected
    [
      'a row only the model reads is added after the local rows, capped',
      [row(0, 'Class 1', 'Preventive', '100%')],
      [
        row(0, 'Class 1', 'Preventive', '100%', 0.75),
        row(1, 'Class 1', 'Orthodontia', '50%', 0.75),
      ],
      [
        [0, 'coverageLevelInNetwork', '100%', 0.8],
        [1, 'serviceTypeLabel', 'Orthodontia', oneSidedCap],
        [1, 'coverageLevelInNetwork', '50%', oneSidedCap],
      ],
    ],
    [
      'a row only the local engine reads is kept, capped',
      [row(0, 'Class 1', 'Preventive', '100%', 0.9), row(1, 'Class 1', 'Basic', '80%', 0.9)],
      [row(0, 'Class 1', 'Basic', '80%', 0.75)],
      [
        [0, 'coverageLevelInNetwork', '100%', oneSidedCap],
        [1, 'coverageLevelInNetwork', '80%', 0.9],
      ],
    ],
    [
      'the same service in another class is another row',
      [row(0, 'Class 1', 'Basic', '80%', 0.9)],
      [row(0, 'Class 2', 'Basic', '80%', 0.75)],
      [
        [0, 'class', 'Class 1', oneSidedCap],
        [1, 'class', 'Class 2', oneSidedCap],
      ],
    ],
    [
      'a cell only one side fills in a matched row is capped',
      [row(0, 'Class 1', 'Basic', '80%', 0.9).slice(0, 2)],
      [row(0, 'Class 1', 'Basic', '80%', 0.75)],
      [
        [0, 'serviceTypeLabel', 'Basic', 0.9],
        [0, 'coverageLevelInNetwork', '80%', oneSidedCap],
      ],
    ],
  ] as const)('%s', (_case, local, model, expected) => {
    const merged = mergeReadings(table(...local), table(...model));
    for (const [r, column, value, score] of expected) {
      expect(at(merged, r, column)).toMatchObject({ value, score });
    }
    // every cell of the merged table sits in its own row and column
    const places = cellsOf(merged).map((c) => `${c.row}/${c.label}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it('a table only one side reads is kept, every cell capped', () => {
    const merged = mergeReadings([], table(row(0, 'Class 1', 'Basic', '80%', 0.75)));
    expect(cellsOf(merged).map((c) => c.score)).toEqual([oneSidedCap, oneSidedCap, oneSidedCap]);
  });
});
