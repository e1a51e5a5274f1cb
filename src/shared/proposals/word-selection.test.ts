import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Box, rectBetween, selectionValue, unionBox, wordsInRect } from './word-selection.ts';

const words = [
  { text: 'Plan', box: [10, 10, 40, 20] as Box },
  { text: 'PPO', box: [45, 11, 70, 21] as Box },
  { text: '1500', box: [75, 10, 100, 20] as Box },
  { text: 'Annual', box: [10, 30, 50, 40] as Box },
];

describe('wordsInRect', () => {
  it.each([
    { name: 'a rectangle around two words', rect: [44, 5, 101, 25], texts: ['PPO', '1500'] },
    { name: 'a rectangle touching a word’s edge', rect: [0, 0, 11, 11], texts: ['Plan'] },
    { name: 'a rectangle between words', rect: [41, 0, 44, 25], texts: [] },
    { name: 'a rectangle over two lines', rect: [0, 15, 20, 35], texts: ['Plan', 'Annual'] },
  ])('$name', ({ rect, texts }) => {
    expect(wordsInRect(words, rect as Box).map((w) => w.text)).toEqual(texts);
  });
});

describe('selectionValue', () => {
  it('reads the words in reading order, whatever order they were clicked in', () => {
    expect(selectionValue([words[3]!, words[2]!, words[0]!, words[1]!])).toEqual({
      text: 'Plan PPO 1500 Annual',
      box: [10, 10, 100, 40],
    });
  });

  it('gives nothing for no words', () => {
    expect(selectionValue([])).toBeUndefined();
  });
});

describe('rectBetween and unionBox', () => {
  it('property: the rectangle is the same whichever corner the drag starts at', () => {
    const point = fc.record({ x: fc.integer(), y: fc.integer() });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const r = rectBetween(a, b);
        return r[0] <= r[2] && r[1] <= r[3] && rectBetween(b, a).every((v, i) => v === r[i]);
      }),
    );
  });

  it('property: the union holds every box', () => {
    const box = fc
      .tuple(fc.integer(), fc.integer(), fc.nat(), fc.nat())
      .map(([x, y, w, h]): Box => [x, y, x + w, y + h]);
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 6 }), (boxes) => {
        const u = unionBox(boxes)!;
        return boxes.every((b) => b[0] >= u[0] && b[1] >= u[1] && b[2] <= u[2] && b[3] <= u[3]);
      }),
    );
  });
});
