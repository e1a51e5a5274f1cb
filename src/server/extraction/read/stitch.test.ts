import { describe, expect, it } from 'vitest';
import type { Word } from '../layout.ts';
import { cellText, pageOfWords, tablesOf, wordsAt } from '../testing/page-words.ts';
import type { Segment } from './rulings.ts';

const grid = (x: number[], y: number[]): Segment[] => [
  ...y.map((pos): Segment => ({ dir: 'h', pos, a: x[0]!, b: x[x.length - 1]! })),
  ...x.map((pos): Segment => ({ dir: 'v', pos, a: y[0]!, b: y[y.length - 1]! })),
];

/**
 * A plan grid whose category bars are shaded bands without rulings: each band of ruled rows is
 * found as a table of its own, the bars between them as lines.
 */
function bandedGrid(bars: string[], columns = [40, 240, 400, 560]) {
  const words: Word[] = [];
  const segments: Segment[] = [];
  const row = (cells: string[], y: number) =>
    cells.forEach((t, i) => {
      words.push(...wordsAt(t, columns[i]! + 4, y + 4));
    });
  row(['Plan Benefits', 'Plan A', 'Plan B'], 100);
  segments.push(...grid(columns, [96, 116]));
  let y = 116;
  bars.forEach((bar, n) => {
    words.push(...wordsAt(bar, 44, y + 3));
    y += 16;
    const top = y;
    row([`Procedure ${n + 1}`, '$10 Copay', 'No Charge'], y);
    row([`Procedure ${n + 1}b`, '$20 Copay', '$5 Copay'], y + 18);
    y += 36;
    segments.push(...grid(columns, [top, top + 18, y]));
  });
  return tablesOf(pageOfWords(words, segments));
}

describe('tables split by category bars', () => {
  it('are joined into one table with each bar a full-width row over its rows', () => {
    const tables = bandedGrid(['Exam & Diagnostics', 'Oral Surgery']);
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    const rows = Array.from({ length: t.rows }, (_, r) => [0, 1, 2].map((c) => cellText(t, r, c)));
    expect(rows).toEqual([
      ['Plan Benefits', 'Plan A', 'Plan B'],
      ['Exam & Diagnostics', undefined, undefined],
      ['Procedure 1', '$10 Copay', 'No Charge'],
      ['Procedure 1b', '$20 Copay', '$5 Copay'],
      ['Oral Surgery', undefined, undefined],
      ['Procedure 2', '$10 Copay', 'No Charge'],
      ['Procedure 2b', '$20 Copay', '$5 Copay'],
    ]);
    expect(t.cells.find((c) => c.row === 1)?.colSpan).toBe(3);
  });

  it('stay apart when their columns do not line up', () => {
    const words: Word[] = [];
    const segments: Segment[] = [];
    const row = (cells: string[], y: number, columns: number[]) =>
      cells.forEach((t, i) => {
        words.push(...wordsAt(t, columns[i]! + 4, y + 4));
      });
    const first = [40, 240, 400, 560];
    row(['Benefit', 'In-Network', 'Out-of-Network'], 100, first);
    row(['Deductible', '$50', '$100'], 118, first);
    segments.push(...grid(first, [96, 116, 134]));
    words.push(...wordsAt('Rates', 44, 137));
    const second = [40, 300, 470, 560];
    row(['Employee', '$30.00', '$360.00'], 152, second);
    row(['Family', '$90.00', '$1,080.00'], 170, second);
    segments.push(...grid(second, [150, 168, 186]));
    expect(tablesOf(pageOfWords(words, segments))).toHaveLength(2);
  });

  it('are joined when one draws a column edge where the other leaves a blank', () => {
    const words: Word[] = [];
    const segments: Segment[] = [];
    const row = (cells: Array<[string, number]>, y: number) =>
      cells.forEach(([t, x]) => {
        words.push(...wordsAt(t, x, y + 4));
      });
    const first = [40, 240, 400, 560];
    row(
      [
        ['Exam', 44],
        ['$10 Copay', 244],
        ['Every year', 404],
      ],
      100,
    );
    row(
      [
        ['Lenses', 44],
        ['$25 Copay', 244],
        ['Every year', 404],
      ],
      118,
    );
    segments.push(...grid(first, [96, 116, 134]));
    words.push(...wordsAt('Contacts', 44, 137));
    // the same columns ruled 15 points to the left: the first grid's edge at 400 falls in the
    // blank between this grid's copays and frequencies
    const second = [40, 240, 385, 560];
    row(
      [
        ['Frames', 44],
        ['$20 Copay', 244],
        ['Every year', 404],
      ],
      152,
    );
    row(
      [
        ['Lasik', 44],
        ['15% off', 244],
        ['Once', 404],
      ],
      170,
    );
    segments.push(...grid(second, [150, 168, 186]));
    const tables = tablesOf(pageOfWords(words, segments));
    expect(tables).toHaveLength(1);
    expect(cellText(tables[0]!, 3, 2)).toBe('Every year');
  });

  it('stay apart when a paragraph stands between them', () => {
    const tables = bandedGrid([
      'The plan pays these services after the deductible, as printed in 2025 rates',
    ]);
    expect(tables).toHaveLength(2);
  });
});

describe('headings printed as the last row of the table above', () => {
  it('head the table right under them', () => {
    const words: Word[] = [];
    const segments: Segment[] = [];
    const row = (cells: string[], y: number, columns: number[]) =>
      cells.forEach((t, i) => {
        words.push(...wordsAt(t, columns[i]! + 4, y + 4));
      });
    // the upper table: a label and one wide value cell, then the headings of the grid below
    const upper = [40, 300, 560];
    row(['Waiting Period', 'None'], 100, upper);
    row(['Orthodontic Eligibility', 'Children to age 19'], 118, upper);
    words.push(...wordsAt('Services', 44, 140), ...wordsAt('Network Plan Pays', 244, 140));
    words.push(...wordsAt('Non-Network Plan Pays', 404, 140));
    segments.push(...grid(upper, [96, 114, 132]), ...grid([40, 240, 400, 560], [132, 154]));
    const lower = [40, 240, 400, 560];
    row(['Periodic Oral Evaluation', '100%', '100%'], 160, lower);
    row(['Sealants', '80%', '50%'], 178, lower);
    segments.push(...grid(lower, [158, 176, 194]));
    const tables = tablesOf(pageOfWords(words, segments));
    const below = tables.find((t) => t.cells.some((c) => c.text === 'Sealants'));
    expect(below).toBeDefined();
    const texts = below!.cells.filter((c) => c.row === 0).map((c) => c.text.replace(/\n/g, ' '));
    expect(texts.join(' | ')).toMatch(/Network Plan Pays.*Non-Network Plan Pays/);
  });
});

describe('plan names printed over a grid, each over its network columns', () => {
  it('head the grid, each name spanning its in- and out-of-network columns', () => {
    const words: Word[] = [];
    const segments: Segment[] = [];
    const columns = [40, 200, 290, 380, 470, 560];
    // plan codes and names stand on the open page over the grid, each centred over two columns
    words.push(...wordsAt('AVB1', 240, 80), ...wordsAt('AVP2', 420, 80));
    words.push(
      ...wordsAt('Acme Vision Basic', 215, 92),
      ...wordsAt('Acme Vision Preferred', 395, 92),
    );
    const row = (cells: string[], y: number) =>
      cells.forEach((t, i) => {
        words.push(...wordsAt(t, columns[i]! + 4, y + 4));
      });
    row(['Service', 'In-Network', 'Out of Network', 'In-Network', 'Out of Network'], 104);
    row(['Eye exam', '$10 copay', '$40', '$0 copay', '$50'], 122);
    row(['Frames', '$130', '$65', '$180', '$99'], 140);
    segments.push(...grid(columns, [104, 122, 140, 158]));
    const tables = tablesOf(pageOfWords(words, segments));
    const grid5 = tables.find((t) => t.cells.some((c) => c.text === 'Frames'))!;
    const names = grid5.cells.filter((c) => c.row === 0 && c.text);
    expect(names.map((c) => [c.text, c.col, c.colSpan])).toEqual([
      ['Acme Vision Basic', 1, 2],
      ['Acme Vision Preferred', 3, 2],
    ]);
    expect(cellText(grid5, 1, 1)).toBe('In-Network');
  });
});
