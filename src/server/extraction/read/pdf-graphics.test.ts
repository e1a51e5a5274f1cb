import { describe, expect, it } from 'vitest';
import { shadingInsideCells } from './pdf-graphics.ts';
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
