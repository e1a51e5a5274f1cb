import { describe, expect, it } from 'vitest';
import type { Cell, Line, Page, Table } from '../layout.ts';
import { joinContinuedTables, removeRunningText } from './furniture.ts';

const line = (text: string, y: number, page = 1): Line => ({
  text,
  words: [],
  box: [40, y, 300, y + 8],
  size: 8,
  confidence: 1,
  page,
});

const cell = (text: string, row: number, col: number, page: number): Cell => ({
  text,
  lines: [],
  row,
  col,
  rowSpan: 1,
  colSpan: 1,
  page,
});

const table = (rows: string[][], page: number, top: number): Table => ({
  rows: rows.length,
  cols: rows[0]!.length,
  cells: rows.flatMap((r, i) => r.map((t, j) => cell(t, i, j, page))),
  headerRows: 0,
  box: [40, top, 500, top + rows.length * 20],
  page,
  origin: 'rulings',
});

const page = (number: number, blocks: Page['blocks']): Page => ({
  number,
  width: 612,
  height: 792,
  source: 'text',
  blocks,
});

describe('running headers, footers and continued tables', () => {
  it('removes page numbers and repeated footers, keeps body text', () => {
    const pages = [
      page(1, [
        { kind: 'line', line: line('Plan Summary', 100) },
        { kind: 'line', line: line('Quote 12345 | Page 1 of 2', 770) },
      ]),
      page(2, [
        { kind: 'line', line: line('Rates', 100, 2) },
        { kind: 'line', line: line('Quote 12345 | Page 2 of 2', 770, 2) },
      ]),
    ];
    const removed = removeRunningText(pages);
    expect(removed.map((l) => l.text)).toEqual([
      'Quote 12345 | Page 1 of 2',
      'Quote 12345 | Page 2 of 2',
    ]);
    expect(
      pages.flatMap((p) => p.blocks).map((b) => (b.kind === 'line' ? b.line.text : '')),
    ).toEqual(['Plan Summary', 'Rates']);
  });

  it('joins a table continued on the next page and drops its repeated header', () => {
    const first = table(
      [
        ['Plan Feature', 'In-Network'],
        ['Preventive', '100%'],
      ],
      1,
      600,
    );
    const next = table(
      [
        ['Plan Feature', 'In-Network'],
        ['Major', '50%'],
      ],
      2,
      40,
    );
    const pages = [
      page(1, [{ kind: 'table', table: first }]),
      page(2, [{ kind: 'table', table: next }]),
    ];
    joinContinuedTables(pages);
    expect(pages[1]!.blocks).toHaveLength(0);
    expect(first.rows).toBe(3);
    expect(first.cells.filter((c) => c.row === 2).map((c) => [c.text, c.page])).toEqual([
      ['Major', 2],
      ['50%', 2],
    ]);
  });
});
