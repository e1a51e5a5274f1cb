import { tableDefinitions } from '../../../shared/fields/catalogue.ts';
import type {
  ParsedCell,
  ParsedData,
  ParsedField,
  ParsedTable,
} from '../../../shared/proposals/parsed-data.ts';

/**
 * Two readings of one document — the local engine's and a hosted model's — made one
 * (EXTRACTION_PROVIDER=local+openai). Values are matched by label; table rows by their key
 * columns (the catalogue's `keyColumns`: class, rate tier, service type …), never by row index,
 * and cells within matched rows by label. Then:
 *
 * - both give the same value (compared as printed, ignoring case, spacing, thousands commas,
 *   `.00` cents and footnote marks): agreement — the local value (it carries where it was read)
 *   with the higher of the two scores;
 * - both give a value and they differ: disagreement — the local value, which carries its page
 *   and box so the broker checks it against the page in one look (the model's has no place and
 *   may be reworded), with a score of at most `disagreementCap`;
 * - only one gives a value: that value, with its score capped at `oneSidedCap` (a second reader
 *   missing it is a doubt).
 *
 * Model-only table rows are added after the local rows of their table, in the model's order.
 */

/** Highest score of a value the two readings disagree on. */
export const disagreementCap = 0.3;
/** Highest score of a value only one reading gives. */
export const oneSidedCap = 0.5;

const footnoteMarks = /[*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]/gu;

/** A value as compared: NFKC, lower case, no spaces, footnote marks, thousands commas or `.00`. */
export function comparable(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(footnoteMarks, '')
    .replace(/[‐‑‒–—―−]/gu, '-')
    .replace(/[‘’‚‛′]/gu, "'")
    .replace(/[“”„‟″]/gu, '"')
    .replace(/(\d),(?=\d{3}\b)/gu, '$1')
    .replace(/(\d)\.00\b/gu, '$1')
    .replace(/\s+/gu, '')
    .replace(/[.:;,]+$/u, '');
}

export function sameValue(a: string, b: string): boolean {
  return comparable(a) === comparable(b);
}

const round = (score: number) => Math.round(score * 1000) / 1000;
const agreed = (a: number, b: number) => round(Math.max(a, b));
const disputed = (local: number) => round(Math.min(local, disagreementCap));
const alone = (score: number) => round(Math.min(score, oneSidedCap));

/** The local value and the model's, matched: what the merged value is. */
function mergeValue<T extends { value: string; score: number }>(local: T, model: T): T {
  return sameValue(local.value, model.value)
    ? { ...local, score: agreed(local.score, model.score) }
    : { ...local, score: disputed(local.score) };
}

/** Pairs the items of two lists that share a key, in order; answers the pairs and the rest. */
function pairByKey<T>(
  local: T[],
  model: T[],
  key: (item: T) => string,
): { pairs: Array<[T, T]>; localOnly: T[]; modelOnly: T[] } {
  const waiting = new Map<string, T[]>();
  for (const item of model) {
    const k = key(item);
    const list = waiting.get(k);
    if (list) list.push(item);
    else waiting.set(k, [item]);
  }
  const pairs: Array<[T, T]> = [];
  const localOnly: T[] = [];
  for (const item of local) {
    const match = waiting.get(key(item))?.shift();
    if (match) pairs.push([item, match]);
    else localOnly.push(item);
  }
  const paired = new Set(pairs.map(([, m]) => m));
  return { pairs, localOnly, modelOnly: model.filter((m) => !paired.has(m)) };
}

interface Row {
  row: number;
  cells: ParsedCell[];
}

function rowsOf(table: ParsedTable): Row[] {
  const rows = new Map<number, ParsedCell[]>();
  for (const cell of table.cells) {
    const list = rows.get(cell.row);
    if (list) list.push(cell);
    else rows.set(cell.row, [cell]);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([row, cells]) => ({ row, cells }));
}

/** A row's identity: its key columns' values, compared loosely. */
function rowKey(tableLabel: string): (row: Row) => string {
  const definition = tableDefinitions.find((t) => t.label === tableLabel);
  const keys = (definition?.keyColumns ?? []).map((column) => `${tableLabel}_${column}`);
  return (row) =>
    keys
      .map((label) => comparable(row.cells.find((c) => c.label === label)?.value ?? ''))
      .join('\u0000');
}

function mergeTable(local: ParsedTable | undefined, model: ParsedTable | undefined): ParsedTable {
  const label = (local ?? model)!.label;
  if (!model)
    return { ...local!, cells: local!.cells.map((c) => ({ ...c, score: alone(c.score) })) };
  if (!local) return { ...model, cells: model.cells.map((c) => ({ ...c, score: alone(c.score) })) };
  const { pairs, localOnly, modelOnly } = pairByKey(rowsOf(local), rowsOf(model), rowKey(label));
  const cells: ParsedCell[] = [];
  for (const [localRow, modelRow] of pairs) {
    const matched = pairByKey(localRow.cells, modelRow.cells, (c) => c.label);
    for (const [l, m] of matched.pairs) cells.push(mergeValue(l, m));
    for (const l of matched.localOnly) cells.push({ ...l, score: alone(l.score) });
    for (const m of matched.modelOnly) {
      cells.push({ ...m, row: localRow.row, score: alone(m.score) });
    }
  }
  for (const row of localOnly) {
    for (const c of row.cells) cells.push({ ...c, score: alone(c.score) });
  }
  let next = Math.max(-1, ...local.cells.map((c) => c.row)) + 1;
  for (const row of modelOnly) {
    const index = next++;
    for (const c of row.cells) cells.push({ ...c, row: index, score: alone(c.score) });
  }
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return { type: 'table', label, cells };
}

/** One reading of a document from the local engine's and a hosted model's (see above). */
export function mergeReadings(local: ParsedData, model: ParsedData): ParsedData {
  const fields = (data: ParsedData) =>
    data.filter((item): item is ParsedField => item.type === 'field');
  const tables = (data: ParsedData) =>
    data.filter((item): item is ParsedTable => item.type === 'table');

  const merged: ParsedData = [];
  const matched = pairByKey(fields(local), fields(model), (f) => f.label);
  const fromLocal = new Map(matched.pairs.map(([l, m]) => [l, mergeValue(l, m)]));
  for (const field of fields(local)) {
    merged.push(fromLocal.get(field) ?? { ...field, score: alone(field.score) });
  }
  for (const field of matched.modelOnly) merged.push({ ...field, score: alone(field.score) });

  const modelTables = new Map(tables(model).map((t) => [t.label, t]));
  for (const table of tables(local)) {
    merged.push(mergeTable(table, modelTables.get(table.label)));
    modelTables.delete(table.label);
  }
  for (const table of modelTables.values()) merged.push(mergeTable(undefined, table));
  return merged;
}
