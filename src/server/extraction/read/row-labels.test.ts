import { describe, expect, it } from 'vitest';
import type { Table, Word } from '../layout.ts';
import { cellText, pageOfWords, tablesOf, wordsAt } from '../testing/page-words.ts';
import type { Segment } from './rulings.ts';

const ROW = 20;
const COLS = [200, 300, 400, 500];

/** Rulings of a grid: every row boxed across the value columns, from `top`, `rows` rows down. */
function grid(top: number, rows: number, options: { labelColumnRules?: boolean } = {}): Segment[] {
  const segs: Segment[] = [];
  const bottom = top + rows * ROW;
  for (let r = 0; r <= rows; r++) {
    // a grid whose first column has no rules between its rows: only the outer ones
    const y = top + r * ROW;
    const inner = r > 0 && r < rows;
    segs.push({
      dir: 'h',
      pos: y,
      a: inner && options.labelColumnRules === false ? COLS[1]! : COLS[0]!,
      b: COLS[3]!,
    });
  }
  for (const x of COLS) segs.push({ dir: 'v', pos: x, a: top, b: bottom });
  return segs;
}

const rowsOf = (t: Table) =>
  Array.from({ length: t.rows }, (_, r) =>
    Array.from({ length: t.cols }, (_, c) => cellText(t, r, c) ?? ''),
  );

describe('row labels printed beside a ruled grid, outside its rulings', () => {
  // three plans side by side in boxes; the row labels stand on the open page to their left
  const top = 100;
  const values: Word[] = [
    ...wordsAt('Low', 210, top + 5),
    ...wordsAt('Mid', 310, top + 5),
    ...wordsAt('High', 410, top + 5),
  ];
  const labelled = (labels: Array<[string, number]>, rows: string[][]) => {
    const ws = [...values];
    rows.forEach((cells, i) => {
      cells.forEach((v, c) => {
        ws.push(...wordsAt(v, COLS[c]! + 10, top + (i + 1) * ROW + 5));
      });
    });
    for (const [text, y] of labels) ws.push(...wordsAt(text, 60, y));
    return tablesOf(pageOfWords(ws, grid(top, rows.length + 1)));
  };
  const amounts = [
    ['$50', '$50', '$25'],
    ['80%', '90%', '100%'],
    ['$1,000', '$1,500', '$2,000'],
  ];

  it('become the first column, level with their rows', () => {
    const [table] = labelled(
      [
        ['Deductible', top + ROW + 5],
        ['Preventive', top + 2 * ROW + 5],
        ['Annual Maximum', top + 3 * ROW + 5],
      ],
      amounts,
    );
    expect(rowsOf(table!)).toEqual([
      ['', 'Low', 'Mid', 'High'],
      ['Deductible', '$50', '$50', '$25'],
      ['Preventive', '80%', '90%', '100%'],
      ['Annual Maximum', '$1,000', '$1,500', '$2,000'],
    ]);
    expect(table!.headerCols).toBe(1);
  });

  it('a label standing in the space between two blocks of rows becomes a bar over the second', () => {
    // in-network rows, a blank band, then the same labels for out-of-network
    const ws: Word[] = [];
    const segs: Segment[] = [];
    const block = (y0: number, cells: string[][], labels: string[]) => {
      cells.forEach((row, i) => {
        const y = y0 + i * ROW + 5;
        row.forEach((v, c) => {
          ws.push(...wordsAt(v, COLS[c]! + 10, y));
        });
        ws.push(...wordsAt(labels[i]!, 60, y));
      });
      const bottom = y0 + cells.length * ROW;
      for (let r = 0; r <= cells.length; r++)
        segs.push({ dir: 'h', pos: y0 + r * ROW, a: COLS[0]!, b: COLS[3]! });
      for (const x of COLS) segs.push({ dir: 'v', pos: x, a: y0, b: bottom });
    };
    block(100, amounts, ['Deductible', 'Preventive', 'Annual Maximum']);
    block(190, amounts, ['Deductible', 'Preventive', 'Annual Maximum']);
    ws.push(...wordsAt('Out of Network', 60, 172));
    const tables = tablesOf(pageOfWords(ws, segs));
    const second = tables.find((t) => rowsOf(t).some((r) => r[0] === 'Out of Network'));
    expect(second, 'a table with the bar').toBeDefined();
    const bar = second!.cells.find((c) => c.text === 'Out of Network')!;
    expect(bar.colSpan).toBe(second!.cols);
    expect(rowsOf(second!).slice(bar.row + 1, bar.row + 2)).toEqual([
      ['Deductible', '$50', '$50', '$25'],
    ]);
  });

  it('a side note beside one row is left on the page', () => {
    const [table] = labelled([['See note', top + ROW + 5]], amounts);
    expect(table!.cols).toBe(3);
  });

  // a grid of two rows of values, no headings of its own
  const twoRows = (labels: Array<[string, number]>) => {
    const ws: Word[] = [];
    [
      ['70%', '60%', '80%'],
      ['85%', '85%', '95%'],
    ].forEach((cells, i) => {
      cells.forEach((v, c) => {
        ws.push(...wordsAt(v, COLS[c]! + 10, top + i * ROW + 5));
      });
    });
    for (const [text, y] of labels) ws.push(...wordsAt(text, 60, y));
    return tablesOf(pageOfWords(ws, grid(top, 2)))[0]!;
  };
  it.each([
    {
      name: 'a grid of two rows takes labels beside both',
      labels: [
        ['Extra glasses', top + 5],
        ['LASIK surgery', top + ROW + 5],
      ] as Array<[string, number]>,
      cols: 4,
    },
    {
      name: 'but not a label beside one of them',
      labels: [['LASIK surgery', top + ROW + 5]] as Array<[string, number]>,
      cols: 3,
    },
  ])('$name', ({ labels, cols }) => {
    expect(twoRows(labels).cols).toBe(cols);
  });
});

describe('a label cell that spans rows the columns beside it rule apart', () => {
  it('gives each row the line level with it', () => {
    const top = 100;
    const ws: Word[] = [
      ...wordsAt('Service', 210, top + 5),
      ...wordsAt('In', 310, top + 5),
      ...wordsAt('Out', 410, top + 5),
    ];
    const rows = [
      ['Single vision', '$25', '$30'],
      ['Bifocal', '$25', '$50'],
      ['Trifocal', '$25', '$65'],
    ];
    rows.forEach(([label, a, b], i) => {
      const y = top + (i + 1) * ROW + 5;
      ws.push(...wordsAt(label!, 210, y), ...wordsAt(a!, 310, y), ...wordsAt(b!, 410, y));
    });
    const [table] = tablesOf(pageOfWords(ws, grid(top, 4, { labelColumnRules: false })));
    expect(rowsOf(table!)).toEqual([
      ['Service', 'In', 'Out'],
      ['Single vision', '$25', '$30'],
      ['Bifocal', '$25', '$50'],
      ['Trifocal', '$25', '$65'],
    ]);
  });
});
