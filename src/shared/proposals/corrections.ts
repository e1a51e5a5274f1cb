import type { RevisionKind } from '../documents/document-types.ts';
import { fieldDefinition, tableDefinition } from '../fields/catalogue.ts';
import {
  type ParsedCell,
  type ParsedData,
  type ParsedField,
  type ParsedItem,
  type Review,
  reviewStates,
  type Source,
} from './parsed-data.ts';

/**
 * Corrections of a document's parsed data (issue 12): checking a corrected data array before it
 * is stored, counting how many values two revisions differ by, stamping who reviewed what, and
 * merging a new engine reading with the values a broker confirmed, corrected, added or removed.
 * Pure: the server and the web app use the same rules.
 */

/** Most items (fields and tables) a corrected document may hold. */
export const MAX_ITEMS = 2_000;
/** Most values (fields and cells) a corrected document may hold. */
export const MAX_VALUES = 20_000;
/** Longest value text. */
export const MAX_VALUE_LENGTH = 2_000;
/** Highest page number a source may name. */
export const MAX_PAGE = 10_000;

export type CorrectionCheck = { ok: true; data: ParsedData } | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The problem with a source, or undefined when it is fine. */
function sourceProblem(source: unknown): string | undefined {
  if (!isRecord(source)) return 'its source must be an object {page, box}';
  const { page, box } = source;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    return `its source page must be a whole number from 1 to ${MAX_PAGE}`;
  }
  if (box === undefined) return undefined;
  if (
    !Array.isArray(box) ||
    box.length !== 4 ||
    !box.every((n) => typeof n === 'number' && Number.isFinite(n))
  ) {
    return 'its source box must be four numbers [x0, y0, x1, y1]';
  }
  if (box[0] > box[2] || box[1] > box[3]) {
    return 'its source box must have x0 ≤ x1 and y0 ≤ y1';
  }
  return undefined;
}

/** The parts every value (field or cell) shares, checked; a problem as the end of a sentence. */
function valueParts(
  raw: Record<string, unknown>,
):
  | { ok: true; value: string; score: number; source?: Source; review?: Review }
  | { ok: false; problem: string } {
  const { value, score, source, review } = raw;
  if (typeof value !== 'string') return { ok: false, problem: 'its value must be text' };
  if (value.length > MAX_VALUE_LENGTH) {
    return { ok: false, problem: `its value is longer than ${MAX_VALUE_LENGTH} characters` };
  }
  if (
    score !== undefined &&
    (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)
  ) {
    return { ok: false, problem: 'its score must be a number from 0 to 1' };
  }
  const out: { ok: true; value: string; score: number; source?: Source; review?: Review } = {
    ok: true,
    value,
    // A value a broker typed has no engine score: it is as sure as can be.
    score: typeof score === 'number' ? score : 1,
  };
  if (source !== undefined && source !== null) {
    const problem = sourceProblem(source);
    if (problem) return { ok: false, problem };
    const s = source as { page: number; box?: [number, number, number, number] };
    out.source = s.box ? { page: s.page, box: [...s.box] } : { page: s.page };
  }
  if (review !== undefined && review !== null) {
    if (!isRecord(review) || !reviewStates.includes(review.state as Review['state'])) {
      return {
        ok: false,
        problem: `its review state must be one of ${reviewStates.map((s) => `'${s}'`).join(', ')}`,
      };
    }
    if (review.by !== undefined && typeof review.by !== 'string') {
      return { ok: false, problem: 'its review.by must be text' };
    }
    if (review.at !== undefined && typeof review.at !== 'string') {
      return { ok: false, problem: 'its review.at must be text' };
    }
    out.review = {
      state: review.state as Review['state'],
      ...(typeof review.by === 'string' ? { by: review.by } : {}),
      ...(typeof review.at === 'string' ? { at: review.at } : {}),
    };
  }
  return out;
}

const quoted = (v: unknown) =>
  typeof v === 'string' ? `'${v.length > 80 ? `${v.slice(0, 80)}…` : v}'` : String(v);

/** Which labels a document's data may hold; each answers the problem with a label, if any. */
interface LabelRules {
  field(label: string): string | undefined;
  table(label: string): string | undefined;
  cell(table: string, label: string): string | undefined;
}

/** Carrier proposals: the field catalogue (src/shared/fields/catalogue.ts). */
const catalogueLabels: LabelRules = {
  field(label) {
    const def = fieldDefinition(label);
    if (def?.kind === 'field') return undefined;
    return def
      ? `${quoted(label)} is a table column, not a field; put it in a cell of its table.`
      : `the label ${quoted(label)} is not in the field catalogue.`;
  },
  table(label) {
    return tableDefinition(label)
      ? undefined
      : `the table ${quoted(label)} is not in the field catalogue.`;
  },
  cell(tableLabel, label) {
    const table = tableDefinition(tableLabel)!;
    const prefix = `${table.label}_`;
    const column = label.startsWith(prefix) ? label.slice(prefix.length) : undefined;
    return column !== undefined && table.columns.includes(column)
      ? undefined
      : `${quoted(label)} is not a column of ${table.label} (its columns: ${table.columns.join(', ')}).`;
  },
};

/** A name made of letters and digits (a certificate's labels are made from printed ones). */
const NAME = /^[\p{L}\p{N}]{1,120}$/u;
const CERTIFICATE = 'policyCertificate_';

/**
 * Policy certificates have no catalogue yet (interpret/certificate.ts): every label is
 * `policyCertificate_` and a name, and a cell's label is its table's label, `_` and a column name.
 */
const certificateLabels: LabelRules = {
  field(label) {
    return label.startsWith(CERTIFICATE) && NAME.test(label.slice(CERTIFICATE.length))
      ? undefined
      : `the label ${quoted(label)} must be 'policyCertificate_' followed by a name of letters and digits.`;
  },
  table(label) {
    return certificateLabels.field(label);
  },
  cell(table, label) {
    return label.startsWith(`${table}_`) && NAME.test(label.slice(table.length + 1))
      ? undefined
      : `${quoted(label)} is not a column of ${table}: a cell's label is its table's label, '_' and a column name.`;
  },
};

/**
 * Checks a corrected data array (the full extraction format, DESIGN.md §5, values with an
 * optional `review`). Answers the data as it will be stored (unknown keys dropped, a missing
 * score taken as 1), or the first problem as a sentence naming where it is.
 */
export function checkCorrections(
  input: unknown,
  documentType: 'carrierProposal' | 'policyCertificate' = 'carrierProposal',
): CorrectionCheck {
  const rules = documentType === 'policyCertificate' ? certificateLabels : catalogueLabels;
  const fail = (error: string): CorrectionCheck => ({ ok: false, error });
  if (!Array.isArray(input)) return fail('The data must be a list of fields and tables.');
  if (input.length > MAX_ITEMS) {
    return fail(`The data holds ${input.length} items; at most ${MAX_ITEMS} can be saved.`);
  }
  const data: ParsedItem[] = [];
  let values = 0;
  for (const [i, raw] of input.entries()) {
    const at = `Item ${i + 1}`;
    if (!isRecord(raw)) return fail(`${at} must be an object (a field or a table).`);
    if (raw.type !== 'field' && raw.type !== 'table') {
      return fail(`${at} must have type 'field' or 'table'.`);
    }
    if (typeof raw.label !== 'string') return fail(`${at} must have a label.`);
    if (raw.type === 'field') {
      const problem = rules.field(raw.label);
      if (problem) return fail(`${at}: ${problem}`);
      const parts = valueParts(raw);
      if (!parts.ok) return fail(`${at} (${raw.label}): ${parts.problem}.`);
      values += 1;
      const { ok: _ok, ...rest } = parts;
      data.push({ type: 'field', label: raw.label, ...rest });
      continue;
    }
    const tableProblem = rules.table(raw.label);
    if (tableProblem) return fail(`${at}: ${tableProblem}`);
    if (!Array.isArray(raw.cells)) return fail(`${at} (${raw.label}) must have a list of cells.`);
    const cells: ParsedCell[] = [];
    for (const [j, rawCell] of raw.cells.entries()) {
      const where = `Cell ${j + 1} of ${raw.label}`;
      if (!isRecord(rawCell)) return fail(`${where} must be an object.`);
      if (typeof rawCell.label !== 'string') return fail(`${where} must have a label.`);
      const cellProblem = rules.cell(raw.label, rawCell.label);
      if (cellProblem) return fail(`${where}: ${cellProblem}`);
      if (!isCount(rawCell.row)) return fail(`${where}: its row must be a whole number from 0.`);
      if (!isCount(rawCell.col)) return fail(`${where}: its col must be a whole number from 0.`);
      const parts = valueParts(rawCell);
      if (!parts.ok) return fail(`${where} (${rawCell.label}): ${parts.problem}.`);
      const { ok: _ok, ...rest } = parts;
      cells.push({ label: rawCell.label, row: rawCell.row, col: rawCell.col, ...rest });
    }
    values += cells.length;
    data.push({ type: 'table', label: raw.label, cells });
  }
  if (values > MAX_VALUES) {
    return fail(`The data holds ${values} values; at most ${MAX_VALUES} can be saved.`);
  }
  return { ok: true, data };
}

/** One value of a document: a field or a table cell, with the key that names its slot. */
export interface ValueEntry {
  key: string;
  value: ParsedField | ParsedCell;
  /** The table a cell is in; undefined for a field. */
  table?: string;
}

/**
 * Every value of the data with a key naming its slot: `field:label` or `cell:table:row:col`
 * (a second value in the same slot gets `#2`, and so on).
 */
export function valueEntries(data: ParsedData): ValueEntry[] {
  const seen = new Map<string, number>();
  const out: ValueEntry[] = [];
  const add = (slot: string, value: ParsedField | ParsedCell, table?: string) => {
    const n = (seen.get(slot) ?? 0) + 1;
    seen.set(slot, n);
    out.push({ key: n === 1 ? slot : `${slot}#${n}`, value, ...(table ? { table } : {}) });
  };
  for (const item of data) {
    if (item.type === 'field') add(`field:${item.label}`, item);
    else
      for (const cell of item.cells)
        add(`cell:${item.label}:${cell.row}:${cell.col}`, cell, item.label);
  }
  return out;
}

/**
 * How many values differ between two versions of a document's data: values added, removed, or
 * whose text or review state changed.
 */
export function diffValues(before: ParsedData, after: ParsedData): number {
  const old = new Map(valueEntries(before).map((e) => [e.key, e.value]));
  let changed = 0;
  for (const { key, value } of valueEntries(after)) {
    const was = old.get(key);
    if (!was) changed++;
    else if (was.value !== value.value || was.review?.state !== value.review?.state) changed++;
    old.delete(key);
  }
  return changed + old.size;
}

/** Number of values (fields and cells) in the data. */
export const countValues = (data: ParsedData): number => valueEntries(data).length;

/**
 * Marks what a broker did in a save and who did it: a value with a review whose text or state
 * differs from the stored one (or that is new) is stamped `by` and `at`; an unchanged one keeps
 * its stamp. A value sent without a review whose text differs from the stored one becomes
 * 'corrected', and a new one 'added' — so a read-again never takes a broker's word back.
 */
export function stampReviews(
  before: ParsedData,
  after: ParsedData,
  by: string,
  at: string,
): ParsedData {
  const old = new Map(valueEntries(before).map((e) => [e.key, e.value]));
  const stamp = (key: string, v: ParsedField | ParsedCell): Review | undefined => {
    const was = old.get(key);
    let state = v.review?.state;
    if (!state) {
      if (!was) state = 'added';
      else if (was.value !== v.value) state = 'corrected';
      else return was.review ? { ...was.review } : undefined;
    }
    if (was && was.value === v.value && was.review?.state === state && was.review.by) {
      return { ...was.review };
    }
    return { state, by, at };
  };
  // Keys are computed over the whole data, as valueEntries does.
  const keys = valueEntries(after).map((e) => e.key);
  let k = 0;
  return after.map((item) => {
    if (item.type === 'field') {
      const review = stamp(keys[k++]!, item);
      return withReview(item, review);
    }
    return {
      ...item,
      cells: item.cells.map((cell) => withReview(cell, stamp(keys[k++]!, cell))),
    };
  });
}

function withReview<T extends ParsedField | ParsedCell>(v: T, review: Review | undefined): T {
  const { review: _old, ...rest } = v;
  return (review ? { ...rest, review } : rest) as T;
}

/**
 * The value slots (valueEntries keys) a broker removed and has not put back, from a document's
 * revisions in order: a value present in one revision and missing from the next one a person
 * saved (a correction or a restore) was removed; present again in a later revision a person
 * saved (added again, or an older revision restored), it is back. Engine readings change
 * nothing: a reading merged after a removal already leaves the slot out.
 */
export function removedSlots(
  revisions: ReadonlyArray<{ kind: RevisionKind; data: ParsedData }>,
): Set<string> {
  const removed = new Set<string>();
  let before: Set<string> | undefined;
  for (const { kind, data } of revisions) {
    const present = new Set(valueEntries(data).map((e) => e.key));
    if (before && kind !== 'engine') {
      for (const key of before) if (!present.has(key)) removed.add(key);
      for (const key of present) removed.delete(key);
    }
    before = present;
  }
  return removed;
}

/**
 * A new engine reading merged with the revision before it: every value a broker confirmed,
 * corrected or added there is kept as the broker left it (in its slot, replacing what the engine
 * read in that slot, or added when the engine read nothing there); a slot the broker removed
 * (`removed`, from removedSlots) stays empty; everything else is the new reading.
 */
export function mergeReading(
  previous: ParsedData,
  fresh: ParsedData,
  removed: ReadonlySet<string> = new Set(),
): ParsedData {
  const reading = withoutSlots(fresh, removed);
  const kept = valueEntries(previous).filter((e) => e.value.review);
  if (kept.length === 0) return reading;
  const byKey = new Map(kept.map((e) => [e.key, e]));
  const used = new Set<string>();
  const keys = valueEntries(reading).map((e) => e.key);
  let k = 0;
  const merged: ParsedItem[] = reading.map((item) => {
    if (item.type === 'field') {
      const key = keys[k++]!;
      const broker = byKey.get(key);
      if (!broker) return item;
      used.add(key);
      return { ...(broker.value as ParsedField) };
    }
    return {
      ...item,
      cells: item.cells.map((cell) => {
        const key = keys[k++]!;
        const broker = byKey.get(key);
        if (!broker) return cell;
        used.add(key);
        return { ...(broker.value as ParsedCell) };
      }),
    };
  });
  for (const entry of kept) {
    if (used.has(entry.key)) continue;
    if (!entry.table) {
      merged.push({ ...(entry.value as ParsedField) });
      continue;
    }
    let table = merged.find(
      (i): i is Extract<ParsedItem, { type: 'table' }> =>
        i.type === 'table' && i.label === entry.table,
    );
    if (!table) {
      table = { type: 'table', label: entry.table, cells: [] };
      merged.push(table);
    }
    table.cells.push({ ...(entry.value as ParsedCell) });
  }
  for (const item of merged) {
    if (item.type === 'table') item.cells.sort((a, b) => a.row - b.row || a.col - b.col);
  }
  return merged;
}

/** The data without the values in `slots` (valueEntries keys); a table left empty is left out. */
function withoutSlots(data: ParsedData, slots: ReadonlySet<string>): ParsedData {
  if (slots.size === 0) return data;
  const keys = valueEntries(data).map((e) => e.key);
  let k = 0;
  const out: ParsedItem[] = [];
  for (const item of data) {
    if (item.type === 'field') {
      if (!slots.has(keys[k++]!)) out.push(item);
      continue;
    }
    const cells = item.cells.filter(() => !slots.has(keys[k++]!));
    if (cells.length) out.push(cells.length === item.cells.length ? item : { ...item, cells });
  }
  return out;
}
