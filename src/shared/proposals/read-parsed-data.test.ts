import { describe, expect, it, vi } from 'vitest';
import { readParsedData } from './read-parsed-data.ts';

const field = {
  type: 'field',
  label: 'dentalInsurance_carrierName',
  value: 'Ameritas',
  score: 0.9,
};
const cell = (row: number, value: string) => ({
  label: 'dentalInsurance_rateTiers_class',
  value,
  row,
  col: 0,
  score: 1,
});

describe('readParsedData', () => {
  it.each([null, undefined, '', '   '])('reads %j as no items, silently', (input) => {
    const log = vi.fn();
    expect(readParsedData(input, log)).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it('reads a valid array as it is, dropping unknown keys', () => {
    const data = [{ ...field, alt: ['Ameritas Life'] }];
    expect(readParsedData(data)).toEqual([field]);
  });

  it('parses a JSON string (a document stores its data as JSON text)', () => {
    expect(readParsedData(JSON.stringify([field]))).toEqual([field]);
  });

  it.each([
    ['text that is not JSON', '{oops', 'not JSON'],
    ['an object', { items: [] }, 'not a list'],
    ['a number', 42, 'not a list'],
  ])('gives no items for %s and says why', (_what, input, message) => {
    const log = vi.fn();
    expect(readParsedData(input, log)).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(message));
  });

  it('keeps the readable items of a partly broken array', () => {
    const log = vi.fn();
    const data = [
      field,
      { type: 'field', label: 'dentalInsurance_effectiveDate' }, // no value, no score
      'garbage',
      {
        type: 'field',
        label: 'dentalInsurance_planInformation_minimumHoursPerWeek',
        value: 30,
        score: 0.8,
      },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          cell(0, 'Class 1'),
          { label: 'x', value: 'y', row: -1, col: 0, score: 1 },
          cell(1, 'Class 2'),
        ],
      },
    ];
    expect(readParsedData(data, log)).toEqual([
      field,
      {
        type: 'field',
        label: 'dentalInsurance_planInformation_minimumHoursPerWeek',
        value: '30',
        score: 0.8,
      },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [cell(0, 'Class 1'), cell(1, 'Class 2')],
      },
    ]);
    expect(log).toHaveBeenCalledWith('Skipped an unreadable item dentalInsurance_effectiveDate');
    expect(log).toHaveBeenCalledWith('Skipped an unreadable item');
    expect(log).toHaveBeenCalledWith(
      'Skipped 1 unreadable cell(s) of table dentalInsurance_rateTiers',
    );
  });

  it('rejects scores outside 0..1 rather than guessing what they meant', () => {
    expect(readParsedData([{ ...field, score: 97 }])).toEqual([]);
  });
});
