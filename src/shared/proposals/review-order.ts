import type { ParsedData } from './parsed-data.ts';
import { type LocatedValue, locateValues } from './value-refs.ts';

/**
 * The values a review walks (issue 12): every non-blank value, the lowest score first; values of
 * equal score keep their document order.
 */
export function reviewOrder(data: ParsedData): LocatedValue[] {
  return locateValues(data)
    .filter((v) => v.value.value.trim() !== '')
    .map((v, i) => ({ v, i }))
    .sort((a, b) => a.v.value.score - b.v.value.score || a.i - b.i)
    .map(({ v }) => v);
}

/** "n of m values reviewed": values a broker confirmed, corrected or added, of all values. */
export function reviewProgress(data: ParsedData): { reviewed: number; total: number } {
  const values = reviewOrder(data);
  return { reviewed: values.filter((v) => v.value.review).length, total: values.length };
}

export function reviewProgressText({ reviewed, total }: { reviewed: number; total: number }) {
  return `${reviewed} of ${total} values reviewed`;
}

/** Shown values in the order a review walks them: the lowest score first, ties in screen order. */
export function lowestScoreFirst<T extends { score: number }>(values: readonly T[]): T[] {
  return values
    .map((v, i) => ({ v, i }))
    .sort((a, b) => a.v.score - b.v.score || a.i - b.i)
    .map(({ v }) => v);
}
