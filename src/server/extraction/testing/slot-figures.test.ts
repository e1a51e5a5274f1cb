import { describe, expect, it } from 'vitest';
import { figuresByGroup } from './slot-figures.ts';

const doc = (name: string, tp: number, fp: number, fn: number) => ({ name, tp, fp, fn, f1: 0 });

describe('figuresByGroup', () => {
  it.each([
    {
      name: 'sums the counts of a group before taking F1 (micro average), one line per group',
      docs: [doc('a1', 8, 2, 0), doc('a2', 0, 0, 10), doc('b1', 5, 0, 5)],
      groupOf: (n: string) => n[0]!,
      want: [
        { group: 'a', documents: 2, tp: 8, fp: 2, fn: 10, precision: 0.8, recall: 8 / 18 },
        { group: 'b', documents: 1, tp: 5, fp: 0, fn: 5, precision: 1, recall: 0.5 },
      ],
    },
    {
      name: 'a group with nothing read right scores 0, not NaN',
      docs: [doc('x', 0, 3, 4)],
      groupOf: () => 'x',
      want: [{ group: 'x', documents: 1, tp: 0, fp: 3, fn: 4, precision: 0, recall: 0, f1: 0 }],
    },
  ])('$name', ({ docs, groupOf, want }) => {
    const got = figuresByGroup(docs, groupOf);
    expect(got).toMatchObject(want);
    for (const g of got) {
      const { precision = 0, recall = 0 } = g;
      expect(g.f1).toBeCloseTo(
        precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
      );
    }
  });
});
