import { sameData } from '../billing/same-data.ts';
import { tableDefinition } from '../fields/catalogue.ts';
import { describeLabel } from '../fields/labels.ts';
import { normalizeValue } from './cell-view.ts';
import type {
  ParsedCell,
  ParsedData,
  ParsedField,
  ParsedItem,
  ReviewState,
  Source,
} from './parsed-data.ts';
import { columnOf } from './table-rows.ts';
import { findValue, type ValueRef } from './value-refs.ts';

/**
 * A broker's corrections to a document's parsed data (issue 12) as named commands, applied by one
 * pure reducer (`applyEdit`). Each leaves the value's `review.state`:
 * - confirmValue: `confirmed` (a value already corrected or added keeps its state);
 * - setValue: `corrected` (`added` stays `added`); the same value again changes nothing;
 * - addField / addCell / addRow: `added`, score 1, with the box the broker selected as `source`;
 * - removeValue: the value is gone (a table left with no cell is gone too);
 * - renameClass: every `class` cell of one class in one product's tables gets the new name
 *   (`corrected`), so the class heading and all its rows follow.
 * A command naming a value the data no longer holds changes nothing (the same data comes back).
 */
export type EditCommand =
  | { type: 'setValue'; ref: ValueRef; value: string }
  | { type: 'confirmValue'; ref: ValueRef }
  | { type: 'removeValue'; ref: ValueRef }
  | { type: 'setSource'; ref: ValueRef; source: Source }
  | { type: 'addField'; label: string; value: string; source?: Source }
  | {
      type: 'addCell';
      table: string;
      column: string;
      row: number;
      value: string;
      source?: Source;
    }
  | {
      type: 'addRow';
      table: string;
      values: Record<string, string>;
      sources?: Record<string, Source>;
    }
  | ({ type: 'renameClass'; name: string } & ClassRef);

/** One class of one product: `product` as the view keys it ('other' for labels of none). */
export interface ClassRef {
  product: string;
  /** The class name normalized (case and spacing folded), as `rowsByClass` keys it. */
  classKey: string;
}

/** The class a class section of the proposal view shows (its key is `product:classKey`). */
export function classRefOf(classViewKey: string): ClassRef {
  const at = classViewKey.indexOf(':');
  return { product: classViewKey.slice(0, at), classKey: classViewKey.slice(at + 1) };
}

export function applyEdit(data: ParsedData, command: EditCommand): ParsedData {
  switch (command.type) {
    case 'setValue':
      return updateValue(data, command.ref, (v) => {
        const value = command.value;
        if (v.value === value) return v;
        const state: ReviewState = v.review?.state === 'added' ? 'added' : 'corrected';
        return { ...v, value, review: { state } };
      });
    case 'confirmValue':
      return updateValue(data, command.ref, (v) =>
        v.review ? v : { ...v, review: { state: 'confirmed' } },
      );
    case 'setSource':
      return updateValue(data, command.ref, (v) => ({
        ...v,
        source: command.source,
        review: { state: v.review?.state === 'added' ? 'added' : 'corrected' },
      }));
    case 'removeValue':
      return removeValue(data, command.ref);
    case 'addField':
      return addField(data, command.label, command.value, command.source);
    case 'addCell':
      return addCell(data, command);
    case 'addRow':
      return addRow(data, command.table, command.values, command.sources ?? {});
    case 'renameClass':
      return renameClass(data, command, command.name);
  }
}

export function applyEdits(data: ParsedData, commands: readonly EditCommand[]): ParsedData {
  return commands.reduce(applyEdit, data);
}

/** Unsaved changes: the data differs from what was last saved or loaded (key order ignored). */
export function isDirty(current: ParsedData, saved: ParsedData): boolean {
  return !sameData(current, saved);
}

type Value = ParsedField | ParsedCell;

function updateValue(data: ParsedData, ref: ValueRef, change: <T extends Value>(v: T) => T) {
  const found = findValue(data, ref);
  if (!found) return data;
  const item = data[found.itemIndex]!;
  let next: ParsedItem;
  if (found.kind === 'field' && item.type === 'field') {
    const changed = change(item);
    if (changed === item) return data;
    next = changed;
  } else if (found.kind === 'cell' && item.type === 'table') {
    const cell = item.cells[found.cellIndex]!;
    const changed = change(cell);
    if (changed === cell) return data;
    next = { ...item, cells: item.cells.map((c, i) => (i === found.cellIndex ? changed : c)) };
  } else {
    return data;
  }
  return data.map((it, i) => (i === found.itemIndex ? next : it));
}

function removeValue(data: ParsedData, ref: ValueRef): ParsedData {
  const found = findValue(data, ref);
  if (!found) return data;
  if (found.kind === 'field') return data.filter((_, i) => i !== found.itemIndex);
  const table = data[found.itemIndex];
  if (table?.type !== 'table') return data;
  const cells = table.cells.filter((_, i) => i !== found.cellIndex);
  if (cells.length === 0) return data.filter((_, i) => i !== found.itemIndex);
  return data.map((it, i) => (i === found.itemIndex ? { ...table, cells } : it));
}

const withSource = <T extends object>(value: T, source: Source | undefined) =>
  source ? { ...value, source } : value;

/** A field the engine missed; a blank field of that label is filled instead of repeated. */
function addField(data: ParsedData, label: string, value: string, source?: Source): ParsedData {
  const blank = data.findIndex((it) => it.type === 'field' && it.label === label);
  const field: ParsedField = withSource(
    { type: 'field', label, value, score: 1, review: { state: 'added' } },
    source,
  );
  const existing = data[blank];
  if (existing?.type === 'field') {
    if (existing.value.trim() !== '') {
      return applyEdit(data, { type: 'setValue', ref: `field/${label}`, value });
    }
    return data.map((it, i) => (i === blank ? field : it));
  }
  return [...data, field];
}

/** The `col` index of a column: its place in the catalogue's table, else after the known ones. */
export function columnIndex(data: ParsedData, table: string, column: string): number {
  const known = tableDefinition(table)?.columns.indexOf(column) ?? -1;
  if (known >= 0) return known;
  const cells = data.flatMap((it) => (it.type === 'table' && it.label === table ? it.cells : []));
  const same = cells.find((c) => columnOf(table, c.label) === column);
  if (same) return same.col;
  return cells.reduce((max, c) => Math.max(max, c.col + 1), 0);
}

/** The next free row of a table (0 for a table not in the data yet). */
export function nextRow(data: ParsedData, table: string): number {
  return data
    .flatMap((it) => (it.type === 'table' && it.label === table ? it.cells : []))
    .reduce((max, c) => Math.max(max, c.row + 1), 0);
}

function addCell(data: ParsedData, command: Extract<EditCommand, { type: 'addCell' }>): ParsedData {
  const { table, column, row, value, source } = command;
  const col = columnIndex(data, table, column);
  const cell: ParsedCell = withSource(
    { label: `${table}_${column}`, value, row, col, score: 1, review: { state: 'added' } },
    source,
  );
  const index = data.findIndex((it) => it.type === 'table' && it.label === table);
  const item = data[index];
  if (item?.type !== 'table') return [...data, { type: 'table', label: table, cells: [cell] }];
  const at = item.cells.findIndex((c) => c.row === row && c.col === col);
  const cells = at >= 0 ? item.cells.map((c, i) => (i === at ? cell : c)) : [...item.cells, cell];
  return data.map((it, i) => (i === index ? { ...item, cells } : it));
}

/** A row the engine missed (a service type, a rate tier): one cell per non-blank value. */
function addRow(
  data: ParsedData,
  table: string,
  values: Record<string, string>,
  sources: Record<string, Source>,
): ParsedData {
  const row = nextRow(data, table);
  return Object.entries(values)
    .filter(([, value]) => value.trim() !== '')
    .reduce((next, [column, value]) => {
      const source = sources[column];
      const add = { type: 'addCell', table, column, row, value } as const;
      return addCell(next, source ? { ...add, source } : add);
    }, data);
}

const className = (value: string) => value.trim().replace(/\s+/g, ' ');

function renameClass(data: ParsedData, { product, classKey }: ClassRef, name: string): ParsedData {
  const to = className(name);
  if (to === '') return data;
  let changed = false;
  const next = data.map((item) => {
    if (item.type !== 'table' || (describeLabel(item.label).productKey || 'other') !== product) {
      return item;
    }
    let touched = false;
    const cells = item.cells.map((cell) => {
      if (columnOf(item.label, cell.label) !== 'class') return cell;
      if (normalizeValue(cell.value) !== classKey || cell.value === to) return cell;
      touched = true;
      const state: ReviewState = cell.review?.state === 'added' ? 'added' : 'corrected';
      return { ...cell, value: to, review: { state } };
    });
    if (!touched) return item;
    changed = true;
    return { ...item, cells };
  });
  return changed ? next : data;
}

/** The ref of the (first) value an add command adds, so a screen can select it. */
export function addedRef(data: ParsedData, command: EditCommand): ValueRef | undefined {
  switch (command.type) {
    case 'addField':
      return `field/${command.label}`;
    case 'addCell':
      return `cell/${command.table}/${command.row}/${columnIndex(data, command.table, command.column)}`;
    case 'addRow': {
      const first = Object.entries(command.values).find(([, v]) => v.trim() !== '');
      if (!first) return undefined;
      const row = nextRow(data, command.table);
      return `cell/${command.table}/${row}/${columnIndex(data, command.table, first[0])}`;
    }
    default:
      return undefined;
  }
}
