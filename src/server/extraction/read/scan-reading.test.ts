import { describe, expect, it } from 'vitest';
import type { Box, Line, Word } from '../layout.ts';
import { wordsAt } from '../testing/page-words.ts';
import { alignmentTables } from './alignment.ts';
import { makeLine, splitAtColumnEdges } from './lines.ts';
import { columnBands, levelLines } from './page-columns.ts';

/**
 * Reading recognised (scanned) pages: a recognised word's box is as tall as its ink, so sizes
 * and baselines are only roughly those of the printed type.
 */

/** Words as the recogniser gives them: whole words, boxes `height` tall from `top`. */
function ocrWords(text: string, x: number, top: number, size = 7, height = size): Word[] {
  return wordsAt(text, x, top, size).map((w) => ({
    ...w,
    box: [w.box[0], top, w.box[2], top + height] as Box,
    size: height,
    whole: true,
  }));
}

const ocrLine = (text: string, x: number, top: number, size = 7, height = size): Line =>
  makeLine(ocrWords(text, x, top, size, height), 1);

const textLine = (text: string, x: number, top: number, size = 7, height = size): Line =>
  makeLine(
    ocrWords(text, x, top, size, height).map(({ whole: _whole, ...w }) => w),
    1,
  );

describe('a recognised line running from one cell into the next', () => {
  // a value column starting at x 320: '$50', '$150' and 'per Calendar Year' start there
  const column = [ocrLine('$50', 320, 60), ocrLine('$150', 320, 72), ocrLine('per year', 320, 96)];
  /** the line's words, each placed at its own x */
  const placed = (parts: Array<[string, number]>, top: number): Line =>
    makeLine(
      parts.flatMap(([t, x]) => ocrWords(t, x, top)),
      1,
    );
  const cases: Array<{ name: string; line: Line; expected: string[] }> = [
    {
      name: 'a label whose last word nearly touches the value column is split at its edge',
      line: placed(
        [
          ['will not exceed the', 200],
          ['highest', 280],
          ['$1500 per person', 321],
        ],
        84,
      ),
      expected: ['will not exceed the highest', '$1500 per person'],
    },
    {
      name: 'a wide gap at no column edge leaves the line whole',
      line: placed(
        [
          ['will not exceed the', 200],
          ['highest', 280],
          ['$1500 per person', 340],
        ],
        84,
      ),
      expected: ['will not exceed the highest $1500 per person'],
    },
    {
      name: 'a list mark before its text, lined up with the column, leaves the line whole',
      line: placed(
        [
          ['•', 300],
          ['Discover all current offers', 320.5],
        ],
        84,
      ),
      expected: ['• Discover all current offers'],
    },
    {
      name: 'an ordinary word space at a column edge leaves the line whole',
      line: ocrLine('the plan will not exceed the highest amount listed', 214.5, 84),
      expected: ['the plan will not exceed the highest amount listed'],
    },
  ];
  it.each(cases)('$name', ({ line, expected }) => {
    const out = splitAtColumnEdges([...column, line], 1).filter((l) => l.box[1] === 84);
    expect(out.map((l) => l.text)).toEqual(expected);
  });
});

describe('lines level with each other', () => {
  const cases: Array<{ name: string; a: Line; b: Line; expected: boolean }> = [
    {
      name: 'a recognised label in a shaded cell (ink box twice as tall) beside its value',
      a: ocrLine('Annual Deductible', 20, 100, 7, 13),
      b: ocrLine('$50', 320, 103),
      expected: true,
    },
    {
      name: 'the same boxes from a text layer: their baselines differ',
      a: textLine('Annual Deductible', 20, 100, 7, 13),
      b: textLine('$50', 320, 103),
      expected: false,
    },
    {
      name: 'recognised lines a line apart',
      a: ocrLine('Annual Deductible', 20, 100, 7, 13),
      b: ocrLine('$50', 320, 110),
      expected: false,
    },
  ];
  it.each(cases)('$name', ({ a, b, expected }) => {
    expect(levelLines(a, b)).toBe(expected);
  });
});

describe('parallel headings on a scanned page', () => {
  // a label beside its amount, both inked taller than the body (a descender, a dollar sign),
  // over a list of labels and amounts: no two columns of their own
  const grid = (first: [string, string]): Line[] => [
    ocrLine(first[0], 40, 100, 7.6),
    ocrLine(first[1], 300, 100, 7.6),
    ...['Lenses Allowance', 'Frames Allowance', 'Contacts Allowance', 'Lasik Discount'].map(
      (t, i) => ocrLine(t, 40, 112 + i * 12, 6.4),
    ),
    ...['$25', '$130', '$130', '15% off'].map((t, i) => ocrLine(t, 300, 112 + i * 12, 6.4)),
  ];
  const cases: Array<{ name: string; first: [string, string]; columns: number }> = [
    { name: 'an amount alone is no heading', first: ['Exams Copay', '$10'], columns: 0 },
    { name: 'two headings with words are', first: ['Dental Plan', 'Vision Plan'], columns: 1 },
  ];
  it.each(cases)('$name', ({ first, columns }) => {
    const bands = columnBands(grid(first).map((line) => ({ box: line.box, line })));
    expect(bands.filter((b) => b.y0 < 101)).toHaveLength(columns);
  });
});

describe('a recognised grid whose labels are inked taller than its values', () => {
  // a label in a shaded cell reads a third taller than the values beside it: still a row
  const rows = (height: number) =>
    [
      ['Individual Deductible', '$50', '$0'],
      ['Family Deductible', '$150', '$0'],
      ['Annual Maximum', '$1500', '$1500'],
    ].flatMap(([label, a, b], i) => [
      ocrLine(label!, 20, 100 + i * 14, 7, i === 0 ? 7 : height),
      ocrLine(a!, 320, 100 + i * 14),
      ocrLine(b!, 470, 100 + i * 14),
    ]);
  const cases = [
    { name: 'labels a third taller stay rows of the grid', height: 9.5, together: true },
    { name: 'a line twice as tall is a heading: the grid ends there', height: 14, together: false },
  ];
  it.each(cases)('$name', ({ height, together }) => {
    const { tables } = alignmentTables(rows(height), 1);
    const first = tables.find((t) => t.cells.some((c) => c.text === '$50'));
    expect(first?.cells.some((c) => c.text === '$150') ?? false).toBe(together);
  });
});
