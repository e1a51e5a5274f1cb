import { describe, expect, it } from 'vitest';
import { buildComparison } from './model.ts';
import { comparisonCsv, comparisonSheets, type Sheet } from './sheet.ts';

describe('comparisonCsv', () => {
  it.each([
    ['plain text', { kind: 'text', value: 'Ameritas' }, 'Ameritas'],
    ['a comma', { kind: 'text', value: 'Smith, Jones & Co' }, '"Smith, Jones & Co"'],
    ['a quote', { kind: 'text', value: 'The "Gold" plan' }, '"The ""Gold"" plan"'],
    ['a formula', { kind: 'text', value: '=HYPERLINK("x")' }, `"'=HYPERLINK(""x"")"`],
    ['a leading minus in text', { kind: 'text', value: '-5 copay' }, `"'-5 copay"`],
    ['money', { kind: 'money', value: 34.1 }, '34.10'],
    ['negative money stays a number', { kind: 'money', value: -9.39 }, '-9.39'],
    ['a percent', { kind: 'percent', value: -0.2155 }, '-21.55%'],
    ['months', { kind: 'number', value: 12 }, '12'],
    ['nothing', null, ''],
  ] as const)('%s', (_what, cell, expected) => {
    const sheet: Sheet = {
      name: 'Dental',
      width: 1,
      rows: [{ style: 'value', label: 'Row', cells: [cell] }],
    };
    expect(comparisonCsv([sheet])).toBe(`Row,${expected}\r\n`);
  });
  it('puts a blank line between products', () => {
    const sheet = (name: string): Sheet => ({
      name,
      width: 0,
      rows: [{ style: 'title', label: name, cells: [] }],
    });
    expect(comparisonCsv([sheet('Dental'), sheet('Vision')])).toBe('Dental\r\n\r\nVision\r\n');
  });
});

describe('comparisonSheets', () => {
  it('says why there is nothing to compare rather than answering a workbook without sheets', () => {
    const sheets = comparisonSheets(
      buildComparison([
        { id: 'a', name: 'Unread A', data: null },
        { id: 'b', name: 'Unread B', data: [] },
      ]),
      'Acme',
      '2026-01-01',
    );
    expect(sheets.map((s) => [s.name, s.rows.map((r) => r.label)])).toEqual([
      [
        'Comparison',
        [
          'Acme — comparison',
          'Prepared 2026-01-01',
          'No dental or vision details were read from Unread A, Unread B.',
        ],
      ],
    ]);
  });
});
