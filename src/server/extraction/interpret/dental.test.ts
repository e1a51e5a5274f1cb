import { describe, expect, it } from 'vitest';
import type { Cell } from '../layout.ts';
import { spannedValue } from './dental.ts';

function cell(col: number, left: number, right: number, text = '', at?: [number, number]): Cell {
  const box: [number, number, number, number] = [left, 0, right, 20];
  const lines = text
    ? [
        {
          text,
          words: [],
          box: [at![0], 5, at![1], 15] as [number, number, number, number],
          size: 10,
          confidence: 0.9,
          page: 1,
        },
      ]
    : [];
  return { text, lines, box, row: 1, col, rowSpan: 1, colSpan: 1, page: 1 };
}

describe('a value centred over both network columns', () => {
  const g = { in: 1, out: 2 };
  const centred = new Set([1, 2]);

  it('serves both networks when it sits on the line between them', () => {
    const cells = [
      cell(0, 50, 287, 'Annual Maximum', [56, 170]),
      cell(1, 287, 405),
      cell(2, 405, 565, '$1,500', [410, 442]),
    ];
    const v = spannedValue(cells, g, centred);
    expect(v?.in?.value).toBe('$1,500');
    expect(v?.out?.value).toBe('$1,500');
  });

  it('leaves a value centred in its own column alone', () => {
    const cells = [
      cell(0, 50, 287, 'Exam', [56, 90]),
      cell(1, 287, 405),
      cell(2, 405, 565, '$1,500', [469, 501]),
    ];
    expect(spannedValue(cells, g, centred)).toBeUndefined();
  });

  it('needs a grid that centres its values', () => {
    const cells = [
      cell(0, 50, 287, 'Annual Maximum', [56, 170]),
      cell(1, 287, 405),
      cell(2, 405, 565, '$1,500', [410, 442]),
    ];
    expect(spannedValue(cells, g, new Set())).toBeUndefined();
  });
});
