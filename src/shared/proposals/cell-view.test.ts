import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellView,
  confidenceLegend,
  confidenceOf,
  mergedCellView,
  shadeClass,
  splitLines,
} from './cell-view.ts';

describe('shade class (spec §9: floor(score × 100))', () => {
  it.each([
    [0, 'score-0'],
    [0.456, 'score-45'],
    [0.999, 'score-99'],
    [1, 'score-100'],
    [0.29, 'score-29'],
    [0.57, 'score-57'],
    [0.005, 'score-0'],
    [0.01, 'score-1'],
  ])('%s → %s', (score, shade) => {
    expect(shadeClass(score)).toBe(shade);
  });

  it('is floor(score × 100) for every score from 0 to 1', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (score) => {
        const level = Number(shadeClass(score).slice('score-'.length));
        expect(Number.isInteger(level)).toBe(true);
        expect(level).toBeGreaterThanOrEqual(0);
        expect(level).toBeLessThanOrEqual(100);
        // level ≤ 100·score (up to binary rounding) < level + 1
        expect(level / 100).toBeLessThanOrEqual(score + 1e-9);
        expect(score).toBeLessThan((level + 1) / 100);
      }),
    );
  });

  it('keeps a hundredth exactly on its own class', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (n) => {
        expect(shadeClass(n / 100)).toBe(`score-${n}`);
      }),
    );
  });
});

describe('confidence bands', () => {
  it.each([
    [1, 'high'],
    [0.9, 'high'],
    [0.899, 'medium'],
    [0.6, 'medium'],
    [0.599, 'low'],
    [0, 'low'],
  ] as const)('%s is %s', (score, band) => {
    expect(confidenceOf(score)).toBe(band);
  });

  it('has a legend entry for every band', () => {
    expect(confidenceLegend.map((e) => e.confidence)).toEqual(['high', 'medium', 'low']);
  });
});

describe('splitLines', () => {
  it.each([
    ['$1,750', ['$1,750']],
    ['  Covered in full  ', ['Covered in full']],
    ['', []],
    ['   ', []],
    ['Exams\nCleanings\nX-rays', ['Exams', 'Cleanings', 'X-rays']],
    ['Exams\r\n\r\nCleanings', ['Exams', 'Cleanings']],
    ['- Exams\n- Cleanings', ['Exams', 'Cleanings']],
    ['1. Exams\n2. Cleanings', ['Exams', 'Cleanings']],
    ['• Exams • Cleanings • X-rays', ['Exams', 'Cleanings', 'X-rays']],
    ['• Exams', ['Exams']],
    ['Exams; cleanings; X-rays', ['Exams', 'cleanings', 'X-rays']],
    // Two-part phrases are one value, not a list.
    ['$130 allowance; 20% off balance', ['$130 allowance; 20% off balance']],
    [
      'Employer pays 100% of employee cost; employee pays dependent cost',
      ['Employer pays 100% of employee cost; employee pays dependent cost'],
    ],
    ['$50 - $100', ['$50 - $100']],
    ['- 20%', ['- 20%']],
  ])('%j → %j', (value, lines) => {
    expect(splitLines(value)).toEqual(lines);
  });

  it('leaves a one-line value without list separators whole', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[\n\r;•▪◦‣●]/.test(s) && s.trim() !== ''),
        (value) => {
          expect(splitLines(value)).toEqual([value.trim()]);
        },
      ),
    );
  });
});

describe('cellView', () => {
  it('carries value, lines, score, shade, confidence and source', () => {
    const source = { page: 2, box: [1, 2, 3, 4] as [number, number, number, number] };
    expect(cellView({ value: 'Exams\nCleanings', score: 0.456, source })).toEqual({
      kind: 'cell',
      value: 'Exams\nCleanings',
      lines: ['Exams', 'Cleanings'],
      score: 0.456,
      shade: 'score-45',
      confidence: 'low',
      source,
    });
    expect(cellView({ value: 'x', score: 1 })).not.toHaveProperty('source');
  });

  it('merges cells into one with the lowest score', () => {
    const merged = mergedCellView([
      { value: '$50', score: 0.95 },
      { value: '$50', score: 0.62 },
      { value: '$50', score: 0.99 },
    ]);
    expect(merged).toMatchObject({
      value: '$50',
      score: 0.62,
      shade: 'score-62',
      confidence: 'medium',
    });
  });
});
