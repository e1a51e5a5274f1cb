import { describe, expect, it } from 'vitest';
import { auroc, brier, ece, type Scored } from './calibration-figures.ts';

describe('calibration figures', () => {
  it.each<[string, Scored, number]>([
    [
      'perfect ranking',
      [
        [0.9, 1],
        [0.8, 1],
        [0.2, 0],
        [0.1, 0],
      ],
      1,
    ],
    [
      'reversed ranking',
      [
        [0.1, 1],
        [0.9, 0],
      ],
      0,
    ],
    [
      'ties count half',
      [
        [0.5, 1],
        [0.5, 0],
      ],
      0.5,
    ],
  ])('AUROC of %s', (_, scored, expected) => {
    expect(auroc(scored)).toBeCloseTo(expected, 6);
  });

  it('AUROC is undefined without both right and wrong values', () => {
    expect(auroc([[0.9, 1]])).toBeNaN();
  });

  it.each<[string, Scored, number]>([
    // bin 0.9–1.0: mean 0.9, share right 1 → 0.1 over all values
    [
      'sure and right',
      [
        [0.9, 1],
        [0.9, 1],
      ],
      0.1,
    ],
    // bin 0.7–0.8: mean 0.75, 3 of 4 right → 0
    [
      'calibrated',
      [
        [0.75, 1],
        [0.75, 1],
        [0.75, 1],
        [0.75, 0],
      ],
      0,
    ],
    // two bins, each off by 0.95, weighted by their share
    [
      'two bins',
      [
        [0.95, 0],
        [0.05, 1],
      ],
      0.95,
    ],
    ['a score of 1 falls in the last bin', [[1, 1]], 0],
  ])('ECE over 10 bins: %s', (_, scored, expected) => {
    expect(ece(scored)).toBeCloseTo(expected, 6);
  });

  it.each<[Scored, number]>([
    [
      [
        [1, 1],
        [0, 0],
      ],
      0,
    ],
    [
      [
        [0.5, 1],
        [0.5, 0],
      ],
      0.25,
    ],
    [[[0.9, 0]], 0.81],
  ])('Brier score of %j is %d', (scored, expected) => {
    expect(brier(scored)).toBeCloseTo(expected, 6);
  });
});
