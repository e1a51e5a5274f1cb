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
