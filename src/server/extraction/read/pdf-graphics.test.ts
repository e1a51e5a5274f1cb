import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { type Box, outlinedLetters, shadingInsideCells } from './pdf-graphics.ts';
import type { Segment } from './rulings.ts';

// a ruled cell from x 84.7 to 166.5 and y 189.8 to 224.8, and the grid's next column to 279
const rules: Segment[] = [
  { dir: 'h', pos: 189.8, a: 84.4, b: 279 },
  { dir: 'h', pos: 224.8, a: 84.4, b: 279 },
  { dir: 'v', pos: 84.7, a: 165.5, b: 495 },
  { dir: 'v', pos: 166.5, a: 165.5, b: 495 },
  { dir: 'v', pos: 279, a: 165.5, b: 495 },
];

describe('shaded areas inside a ruled cell', () => {
  it.each([
    { name: 'a fill inset from the cell’s rules', shade: [90, 190.1, 161.2, 224.6], inside: true },
    { name: 'a band behind one line of the label', shade: [90, 201.7, 161.2, 213.1], inside: true },
    {
      name: 'a fill that reaches the rules bounds the cell',
      shade: [84.7, 190, 166.5, 210],
      inside: false,
    },
    { name: 'a fill across two cells', shade: [90, 190.1, 273, 224.6], inside: false },
    { name: 'a fill with no rule beside it', shade: [300, 190.1, 400, 224.6], inside: false },
  ])('$name', ({ shade, inside }) => {
    const got = shadingInsideCells([shade as [number, number, number, number]], rules);
    expect(got.has(0)).toBe(inside);
  });
});

describe('bands stacked behind the lines of a heading cell', () => {
  // a ruled heading cell from x 61.6 to 435.6 and y 100.2 to 173.4, the value column's rules beside
  const cell: Segment[] = [
    { dir: 'h', pos: 100.2, a: 61.8, b: 566.9 },
    { dir: 'h', pos: 173.4, a: 61.8, b: 566.9 },
    { dir: 'v', pos: 61.6, a: 87, b: 587 },
    { dir: 'v', pos: 435.6, a: 100.4, b: 587 },
    { dir: 'v', pos: 567.1, a: 87, b: 587 },
  ];
  const left = (tops: number[]): Array<[number, number, number, number]> =>
    tops.slice(0, -1).map((y, i) => [67.6, y, 429.5, tops[i + 1]!]);
  it.each([
    // one band a line, inset 6 points from the cell's rules, the stack reaching both rules
    {
      name: 'a stack filling the cell',
      shades: left([100.4, 106.4, 121.6, 133.8, 145.9, 158.2, 173.3]),
      inside: true,
    },
    // three lines' bands at the top of the taller value cell
    {
      name: 'a stack at the top of a taller cell',
      shades: [
        [441.5, 100.4, 561, 112.7],
        [441.5, 112.7, 561, 124.9],
        [441.5, 124.9, 561, 137],
      ] as Array<[number, number, number, number]>,
      inside: true,
    },
    // bands with a gap between them are no stack: each is tested alone, and none lies within
    // reach of both rules
    {
      name: 'bands apart',
      shades: [
        [67.6, 100.4, 429.5, 106.4],
        [67.6, 125, 429.5, 131],
        [67.6, 167.3, 429.5, 173.3],
      ] as Array<[number, number, number, number]>,
      inside: [false, false, false],
    },
  ])('$name', ({ shades, inside }) => {
    const got = shadingInsideCells(shades, cell);
    shades.forEach((_, i) => {
      expect(got.has(i)).toBe(Array.isArray(inside) ? inside[i] : inside);
    });
  });
});

describe('lines of letters drawn as outlines', () => {
  // a page 792 points high, as pdf.js places it (y down); shapes are given top-left, y down
  const viewport = [1, 0, 0, -1, 0, 792];
  type Shape = { x: number; y: number; w: number; h: number; curved?: boolean; white?: boolean };
  /** A filled path: a letter's curved bowl (four curves) or a rectangle (a stem, a bar). */
  const ops = (shapes: Shape[]) => {
    const fnArray: number[] = [];
    const argsArray: unknown[] = [];
    for (const { x, y, w, h, curved = true, white } of shapes) {
      const [x0, y0, x1, y1] = [x, 792 - y - h, x + w, 792 - y];
      const mx = (x0 + x1) / 2;
      const my = (y0 + y1) / 2;
      const data = curved
        ? [0, mx, y0, 2, x1, y0, x1, y0, x1, my, 2, x1, y1, x1, y1, mx, y1].concat([
            2,
            x0,
            y1,
            x0,
            y1,
            x0,
            my,
            2,
            x0,
            y0,
            x0,
            y0,
            mx,
            y0,
            4,
          ])
        : [0, x0, y0, 1, x1, y0, 1, x1, y1, 1, x0, y1, 4];
      fnArray.push(OPS.setFillRGBColor, OPS.constructPath);
      argsArray.push([white ? '#ffffff' : '#c8006e'], [OPS.fill, [Float32Array.from(data)], null]);
    }
    return { fnArray, argsArray };
  };
  /** A word of `n` letters `h` points high from x, every third one a straight stem. */
  const word = (x: number, y: number, n: number, h = 18): Shape[] =>
    Array.from({ length: n }, (_, i) => ({
      x: x + i * h * 0.7,
      y,
      w: i % 3 === 2 ? h * 0.15 : h * 0.55,
      h,
      curved: i % 3 !== 2,
    }));
  const round = (b: Box) => b.map((v) => Math.round(v));
  // a ruled table round the rows the tests draw on (y 95–125 and 677–698), x 30 to 610
  const grid: Segment[] = [
    ...[95, 125, 677, 688, 698].map((pos): Segment => ({ dir: 'h', pos, a: 30, b: 610 })),
    ...[30, 610].map((pos): Segment => ({ dir: 'v', pos, a: 90, b: 700 })),
  ];
  it.each<{ name: string; shapes: Shape[]; taken?: Box[]; rules?: Segment[]; lines: number[][] }>([
    {
      name: 'a title of two words is one line',
      shapes: [...word(40, 100, 7), ...word(136, 100, 9)],
      lines: [[40, 100, 240, 118]],
    },
    {
      name: 'words a column apart are two lines',
      shapes: [...word(40, 100, 7), ...word(180, 100, 9)],
      lines: [
        [40, 100, 126, 118],
        [180, 100, 284, 118],
      ],
    },
    {
      name: 'two lines of small print are two lines',
      shapes: [...word(40, 680, 12, 5), ...word(40, 690, 8, 5)],
      lines: [
        [40, 680, 79, 685],
        [40, 690, 67, 695],
      ],
    },
    { name: 'a lone bullet is no line', shapes: [{ x: 40, y: 100, w: 5, h: 5 }], lines: [] },
    {
      name: 'an icon of a few curved shapes is no line',
      shapes: [
        { x: 40, y: 100, w: 12, h: 12 },
        { x: 43, y: 103, w: 6, h: 6 },
        { x: 50, y: 100, w: 4, h: 12 },
      ],
      lines: [],
    },
    {
      name: 'a row of shaded cells (rectangles) is no line',
      shapes: [0, 1, 2, 3].map((i) => ({ x: 40 + i * 10, y: 100, w: 8, h: 8, curved: false })),
      lines: [],
    },
    {
      name: 'white letters on a coloured band are left alone',
      shapes: word(40, 100, 6).map((s) => ({ ...s, white: true })),
      lines: [],
    },
    {
      name: 'a picture taller than type (a logo) is no line',
      shapes: word(250, 60, 5, 80),
      lines: [],
    },
    {
      name: 'letters under words the text layer has are left to them',
      shapes: word(40, 100, 7),
      taken: [[42, 102, 80, 116]],
      lines: [],
    },
    {
      name: 'letters on no row of the text layer (a logo apart) are left alone',
      shapes: word(40, 300, 7),
      lines: [],
    },
    {
      name: 'letters in no ruled cell (a title, a footnote) are left alone',
      shapes: word(40, 100, 7),
      rules: grid.filter((r) => r.dir === 'v'),
      lines: [],
    },
  ])('$name', ({ shapes, taken = [], rules = grid, lines }) => {
    // the text layer's words at the table's right edge, on the rows of the tests' letters
    const rows: Box[] = [100, 680, 690].map((y) => [560, y + 1, 600, y + 4]);
    expect(outlinedLetters(ops(shapes), viewport, [...rows, ...taken], rules).map(round)).toEqual(
      lines,
    );
  });
});
