import { describe, expect, it } from 'vitest';
import type { ParsedData } from './parsed-data.ts';
import { rowChoices } from './table-row-choices.ts';

const t = 'dentalInsurance_rateTiers';
const cell = (row: number, column: string, value: string) => ({
  label: `${t}_${column}`,
  value,
  row,
  col: 0,
  score: 0.9,
});

describe('rowChoices', () => {
  it.each<{ name: string; data: ParsedData; choices: unknown }>([
    { name: 'no table', data: [], choices: [] },
    {
      name: 'rows titled by their key columns, blank values not counted as filled',
      data: [
        {
          type: 'table',
          label: t,
          cells: [
            cell(1, 'class', 'Class 2'),
            cell(1, 'rateTier', 'Family'),
            cell(0, 'class', 'Class 1'),
            cell(0, 'carrierMonthlyRate', ' '),
          ],
        },
      ],
      choices: [
        { row: 0, title: 'Class 1', filled: ['class'] },
        { row: 1, title: 'Class 2 · Family', filled: ['class', 'rateTier'] },
      ],
    },
    {
      name: 'a row without key values is numbered',
      data: [{ type: 'table', label: t, cells: [cell(3, 'carrierMonthlyRate', '$5')] }],
      choices: [{ row: 3, title: 'Row 4', filled: ['carrierMonthlyRate'] }],
    },
  ])('$name', ({ data, choices }) => {
    expect(rowChoices(data, t)).toEqual(choices);
  });
});
