import type { Box, Cell, Line } from '../layout.ts';
import type { Product } from './vocabulary.ts';

/**
 * A value found in the document with where it was read and how. Scores are computed from this
 * record (interpret/scoring.ts), so every value carries the reasons for its confidence.
 */

export type Method =
  /** a table cell under an explicit column heading */
  | 'cell'
  /** a labelled key–value pair */
  | 'keyValue'
  /** a heading ('Dental – Acme PPO 1500') */
  | 'heading'
  /** a phrase in running text ('Rates are guaranteed for 24 months') */
  | 'prose'
  /** one of two values printed in one cell ('$50 / $150') */
  | 'split'
  /** computed from another value (minimum hours from a class definition) */
  | 'derived'
  /** the name the rules give when the document gives none ('All Employees') */
  | 'default'
  /** a weaker source used when the usual one is missing (carrier from a legal name) */
  | 'fallback';

export interface Source {
  page: number;
  box?: Box;
  /** How surely the characters were read: 1 for a text layer, the OCR confidence otherwise. */
  reading: number;
}

export interface Evidence {
  value: string;
  source: Source;
  method: Method;
  /** Copied to a class or network the document did not print it for (All Classes, both networks). */
  propagated?: boolean;
  /** The rule that found it was unsure (an ambiguous column, a guessed role). */
  doubt?: number;
  /**
   * How far the row it sits in can be trusted (0..1): a value in a row whose label was misread
   * is only as good as that label.
   */
  trust?: number;
}

/**
 * Why a written value scores what it scores, kept on the parsed field or cell under this symbol
 * (JSON and the stored data never see it) until calibrate.ts has turned it into features; the
 * calibrated output leaves it out.
 */
export const REASONS = Symbol('reasons');

export interface Reasons {
  method: Method;
  propagated: boolean;
  /** The source's reading (1 for a text layer, the OCR confidence otherwise). */
  reading: number;
  doubt: number;
  /** The row's trust, 1 when the row's label was read surely. */
  trust: number;
  /** Whether the value has the shape its slot's values have. */
  shapeFits: boolean;
}

export function withTrust(e: Evidence | undefined, trust: number): Evidence | undefined {
  if (!e || trust >= 0.999) return e;
  return { ...e, trust: Math.min(e.trust ?? 1, trust) };
}

export interface Scope {
  product?: Product;
  /** The class a section or row belongs to; undefined for every class. */
  classRef?: string;
  /** In a section of another line of coverage (medical, life, disability …), not dental or vision. */
  otherCoverage?: true;
}

export function sourceOfLines(lines: Line[]): Source {
  const first = lines[0];
  if (!first) return { page: 1, reading: 1 };
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  // one badly read word spoils a value: weigh the weakest word as much as the average
  let count = 0;
  let chars = 0;
  let weighted = 0;
  let weakest = Infinity;
  for (const l of lines) {
    box[0] = Math.min(box[0], l.box[0]);
    box[1] = Math.min(box[1], l.box[1]);
    box[2] = Math.max(box[2], l.box[2]);
    box[3] = Math.max(box[3], l.box[3]);
    for (const w of l.words) {
      count++;
      chars += w.text.length;
      weighted += w.confidence * w.text.length;
      weakest = Math.min(weakest, w.confidence);
    }
  }
  const mean = weighted / (chars || 1);
  return { page: first.page, box, reading: (mean + (count ? weakest : mean)) / 2 };
}

export function sourceOfCell(cell: Cell): Source {
  if (cell.lines.length) {
    const s = sourceOfLines(cell.lines);
    return { ...s, page: cell.page };
  }
  return { page: cell.page, ...(cell.box ? { box: cell.box } : {}), reading: 1 };
}

export function evidence(value: string, source: Source, method: Method, doubt?: number): Evidence {
  return { value, source, method, ...(doubt ? { doubt } : {}) };
}

export function propagate(e: Evidence): Evidence {
  return { ...e, propagated: true };
}
