import type { Review, ReviewState, Source } from './parsed-data.ts';
import type { ValueRef } from './value-refs.ts';

/**
 * One displayed value and its confidence: the unit every proposal screen renders.
 *
 * Spec §2/§9: "Each cell carries a score from 0 to 1 used as a style class named by the floor of
 * score times 100"; "Multi-line values are shown as bullet lists".
 */

export type Confidence = 'high' | 'medium' | 'low';

/** A value read from the document. */
export interface CellView {
  kind: 'cell';
  /** The value exactly as extracted (trimmed). */
  value: string;
  /** The value as bullet items: one item for a plain value, several for a list; none when blank. */
  lines: string[];
  /** 0 to 1: how likely the value is right. */
  score: number;
  /** Style class `score-N`, N = floor(score × 100), 0 to 100. */
  shade: string;
  /** Coarse band of the score, for the legend (confidenceLegend). */
  confidence: Confidence;
  /** Where the value was read, when the engine said. */
  source?: Source;
  /** The values of the data this cell shows (one, or several merged into one); for editing. */
  refs?: ValueRef[];
  /** What a broker did to it; absent for the engine's reading. */
  review?: ReviewState;
}

/** Text the app wrote itself (a row title such as `Individual Deductible`): no score, no shading. */
export interface TextView {
  kind: 'text';
  value: string;
}

export type ContentView = CellView | TextView;

/** Lowest score of each band: `high` from 0.9, `medium` from 0.6, `low` below. */
export const confidenceThresholds = { high: 0.9, medium: 0.6 } as const;

/** The legend that explains the shading, strongest first. */
export const confidenceLegend: Array<{
  confidence: Confidence;
  title: string;
  description: string;
}> = [
  {
    confidence: 'high',
    title: 'High confidence',
    description: 'Score 90 or more out of 100: the value is very likely right.',
  },
  {
    confidence: 'medium',
    title: 'Medium confidence',
    description: 'Score 60 to 89: worth a glance against the document.',
  },
  {
    confidence: 'low',
    title: 'Low confidence',
    description: 'Score below 60: check this value against the document.',
  },
];

/** A cell-like input: a parsed field or table cell. */
export interface ScoredValue {
  value: string;
  score: number;
  source?: Source | undefined;
  review?: Review | undefined;
  /** Set by buildProposalView (refValues) so a screen can edit the value it shows. */
  ref?: ValueRef | undefined;
}

/**
 * floor(score × 100) clamped to 0..100. The tiny epsilon undoes binary rounding so that a score
 * printed as 0.29 lands in `score-29`, not `score-28` (0.29 × 100 is 28.999999999999996).
 */
export function shadeLevel(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.floor(score * 100 + 1e-9)));
}

export function shadeClass(score: number): string {
  return `score-${shadeLevel(score)}`;
}

export function confidenceOf(score: number): Confidence {
  if (score >= confidenceThresholds.high) return 'high';
  if (score >= confidenceThresholds.medium) return 'medium';
  return 'low';
}

const bullet = /[•▪◦‣●]/;
const listMarker = /^(?:[-–*•▪◦‣●]|\d{1,2}[.)])\s+/;

/**
 * A value as bullet items. Conservative: only a real list is split.
 * - line breaks always separate items;
 * - bullet characters (•, ▪, ◦, ‣, ●) separate items;
 * - a semicolon separates items only when it makes three or more non-empty parts
 *   (`Exams; cleanings; X-rays`), so a two-part phrase such as `$130 allowance; 20% off balance`
 *   or `Employer pays 100% of employee cost; employee pays dependent cost` stays whole;
 * - on a multi-item value, leading list markers (`- `, `* `, `1. `) are removed from each item.
 */
export function splitLines(value: string): string[] {
  const text = value.trim();
  if (text === '') return [];
  let items = text.split(/\r\n|\r|\n/);
  if (items.some((item) => bullet.test(item))) items = items.flatMap((item) => item.split(bullet));
  items = items.map((item) => item.trim()).filter((item) => item !== '');
  if (items.length === 1) {
    const parts = items[0]!
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.length >= 3) items = parts;
  }
  if (items.length > 1) items = items.map((item) => item.replace(listMarker, '').trim());
  return items.filter((item) => item !== '');
}

export function cellView(cell: ScoredValue): CellView {
  const value = cell.value.trim();
  const view: CellView = {
    kind: 'cell',
    value,
    lines: splitLines(value),
    score: cell.score,
    shade: shadeClass(cell.score),
    confidence: confidenceOf(cell.score),
  };
  if (cell.source) view.source = cell.source;
  if (cell.ref) view.refs = [cell.ref];
  if (cell.review) view.review = cell.review.state;
  return view;
}

/**
 * Several cells that show one value (the same deductible on every service row, or one value for
 * both networks) as one cell: the first cell's value and source, and the lowest score, so that a
 * doubtful reading anywhere still shows.
 */
export function mergedCellView(cells: ScoredValue[]): CellView {
  const first = cells[0];
  if (!first) throw new Error('mergedCellView needs at least one cell');
  const lowest = Math.min(...cells.map((c) => c.score));
  const view = cellView({ value: first.value, score: lowest, source: first.source });
  const refs = cells.flatMap((c) => (c.ref ? [c.ref] : []));
  if (refs.length > 0) view.refs = refs;
  // Shown as reviewed only when every merged value was.
  if (cells.every((c) => c.review)) view.review = first.review!.state;
  return view;
}

export function textView(value: string): TextView {
  return { kind: 'text', value };
}

/** Two values are the same when they differ only in case and spacing. */
export function sameValue(a: string, b: string): boolean {
  return normalizeValue(a) === normalizeValue(b);
}

export function normalizeValue(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The cell when it holds a value; undefined when it is absent or blank. */
export function filled<T extends ScoredValue>(cell: T | undefined): T | undefined {
  return cell !== undefined && cell.value.trim() !== '' ? cell : undefined;
}

/** The second part of the legend: how a broker's word looks beside the engine's reading. */
export const reviewLegend: Array<{ state: ReviewState; title: string; description: string }> = [
  {
    state: 'confirmed',
    title: 'Confirmed',
    description: 'A broker checked the value against the document.',
  },
  {
    state: 'corrected',
    title: 'Corrected',
    description: 'A broker changed what the engine read.',
  },
  {
    state: 'added',
    title: 'Added',
    description: 'A broker added a value the engine missed.',
  },
];
