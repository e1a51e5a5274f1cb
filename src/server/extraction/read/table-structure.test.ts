import { describe, expect, it } from 'vitest';
import type { Table } from '../layout.ts';
import { parseGrids } from '../testing/table-adjacency.ts';
import { carriesValue, labelTableStructure } from './table-structure.ts';

/** A layout table from a text grid (see parseGrids), without header flags. */
function tableOf(grid: string): Table {
  const [t] = parseGrids(grid);
  const rows = Math.max(...t!.cells.map((c) => c.row + (c.rowSpan ?? 1)));
  const cols = Math.max(...t!.cells.map((c) => c.col + (c.colSpan ?? 1)));
  return {
    rows,
    cols,
    headerRows: 0,
    page: 1,
    origin: 'rulings',
    cells: t!.cells.map((c) => ({
      text: c.text,
      lines: [],
      row: c.row,
      col: c.col,
      rowSpan: c.rowSpan ?? 1,
      colSpan: c.colSpan ?? 1,
      page: 1,
    })),
  };
}

describe('carriesValue', () => {
  it.each([
    ['$50', true],
    ['80%', true],
    ['Once every 12 months', true],
    ['In-Network2', false],
    ['Retinal imaging*1', false],
    ['Not covered', false],
    ['Tier 1', false],
    ['Every 12 months', true],
  ])('%s', (text, want) => expect(carriesValue(text)).toBe(want));
});

describe('labelTableStructure', () => {
  it('finds heading rows spanning networks, category bars and row headings', () => {
    const t = tableOf(`
| Benefit | In-Network | < | Out-of-Network | < |
| | Tier 1 | Tier 2 | Tier 1 | Tier 2 |
| Preventive & Diagnostic | < | < | < | < |
| Exams | 100% | 100% | 80% | 80% |
| Cleanings | 100% | 100% | 80% | 80% |
| Basic | < | < | < | < |
| Fillings | 80% | 80% | 60% | 60% |
| Deductible | (applies to all levels) $50 | < | < | < |
`);
    labelTableStructure(t);
    expect(t.headerRows).toBe(2);
    expect(t.cells.filter((c) => c.header).map((c) => c.text)).toEqual([
      'Benefit',
      'In-Network',
      'Out-of-Network',
      '',
      'Tier 1',
      'Tier 2',
      'Tier 1',
      'Tier 2',
    ]);
    expect(t.cells.filter((c) => c.category).map((c) => c.text)).toEqual([
      'Preventive & Diagnostic',
      'Basic',
    ]);
    expect(t.headerCols).toBe(1);
  });

  it('leaves a table of labels and values without heading rows', () => {
    const t = tableOf(`
| Deductible | $50 |
| Annual Maximum | $1,000 |
| Waiting Period | None |
`);
    labelTableStructure(t);
    expect(t.headerRows).toBe(0);
    expect(t.cells.some((c) => c.category || c.header)).toBe(false);
  });
});

describe('a copay schedule without headings', () => {
  it.each([
    [
      'rows keyed by codes above the first figure are procedures, not headings',
      `
| D0120 Periodic oral examination | No Cost |
| D0140 Limited oral evaluation | No Cost |
| D0210 Intraoral - complete series | $5 |
`,
      0,
    ],
    [
      'headings above coded rows stay headings',
      `
| Procedure | Copayment |
| D0120 Periodic oral examination | No Cost |
| D0210 Intraoral - complete series | $5 |
`,
      1,
    ],
  ])('%s', (_name, grid, headerRows) => {
    const t = tableOf(grid);
    labelTableStructure(t);
    expect(t.headerRows).toBe(headerRows);
  });
});
