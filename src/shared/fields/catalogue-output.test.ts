import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsedDataSchema } from '../proposals/parsed-data.ts';
import { tableDefinition, tableDefinitions } from './catalogue.ts';
import { buildFieldItem, buildTableItem, cleanValue } from './catalogue-output.ts';

const visionRates = tableDefinition('visionInsurance_rateTiers')!;

describe('cleanValue', () => {
  it.each([
    ['  $1,750 ', '$1,750'],
    ['80%\n after deductible', '80% after deductible'],
    ['', null],
    ['   ', null],
    ['-', null],
    ['—', null],
    ['– –'.replace(' ', ''), null],
    ['-$5', '-$5'],
  ])('%j → %j', (input, expected) => {
    expect(cleanValue(input)).toBe(expected);
  });
});

describe('buildFieldItem', () => {
  it('keeps the value, clamps the score and drops blanks', () => {
    expect(
      buildFieldItem('dentalInsurance_carrierName', { value: ' Ameritas ', score: 1.4 }),
    ).toEqual({ type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 1 });
    expect(buildFieldItem('dentalInsurance_carrierName', { value: '—', score: 0.9 })).toBeNull();
  });
});

describe('buildTableItem', () => {
  it('labels cells by table and column, with col in catalogue order and compact rows', () => {
    const item = buildTableItem(visionRates, [
      { class: { value: 'Class 1', score: 0.9 }, rateTier: { value: 'Employee Only', score: 0.8 } },
      { class: { value: '', score: 0.9 } },
      {
        carrierMonthlyRate: { value: '$7.10', score: 0.7, source: { page: 2 } },
        unknownColumn: { value: 'x', score: 1 },
      },
    ]);
    expect(item).toEqual({
      type: 'table',
      label: 'visionInsurance_rateTiers',
      cells: [
        {
          label: 'visionInsurance_rateTiers_rateTier',
          value: 'Employee Only',
          row: 0,
          col: 0,
          score: 0.8,
        },
        { label: 'visionInsurance_rateTiers_class', value: 'Class 1', row: 0, col: 1, score: 0.9 },
        {
          label: 'visionInsurance_rateTiers_carrierMonthlyRate',
          value: '$7.10',
          row: 1,
          col: 2,
          score: 0.7,
          source: { page: 2 },
        },
      ],
    });
  });

  it('gives null when no row holds a value', () => {
    expect(buildTableItem(visionRates, [{}, { class: { value: ' ', score: 1 } }])).toBeNull();
  });

  it('always yields valid parsed data whose cells follow the catalogue', () => {
    const value = fc.record({ value: fc.string(), score: fc.double({ noNaN: false }) });
    fc.assert(
      fc.property(
        fc.constantFrom(...tableDefinitions),
        fc.array(fc.dictionary(fc.constantFrom('class', 'rateTier', 'frame', 'nope'), value)),
        (table, rows) => {
          const item = buildTableItem(table, rows);
          if (!item) return;
          expect(parsedDataSchema.safeParse([item]).success).toBe(true);
          const rowNumbers = [...new Set(item.cells.map((c) => c.row))];
          expect(rowNumbers).toEqual(rowNumbers.map((_, i) => i));
          for (const cell of item.cells) {
            expect(cell.label).toBe(`${table.label}_${table.columns[cell.col]}`);
          }
        },
      ),
    );
  });
});
