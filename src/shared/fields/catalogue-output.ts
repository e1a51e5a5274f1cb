import type { ParsedField, ParsedTable, Source } from '../proposals/parsed-data.ts';
import type { TableDefinition } from './catalogue.ts';

/**
 * Turning values read by an engine into parsed data items (DESIGN.md §5), the same way for every
 * provider: values trimmed, blanks dropped, cells labelled `${table}_${column}` with `col` taken
 * from the catalogue's column order and `row` counting the rows that kept at least one value.
 */

/** One value an engine read, with how likely it is right. */
export interface ExtractedValue {
  value: string;
  score: number;
  source?: Source;
}

/** One table row: column name → value (columns the catalogue does not know are ignored). */
export type ExtractedRow = Partial<Record<string, ExtractedValue>>;

/** A value that only holds dashes means blank (fixtures README, rule 2). */
const onlyDashes = /^[-‐‑‒–—―−]+$/u;

/** The value as stored, or null when it is blank. */
export function cleanValue(value: string): string | null {
  const trimmed = value.replace(/\s+/gu, ' ').trim();
  if (trimmed === '' || onlyDashes.test(trimmed)) return null;
  return trimmed;
}

function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(1, Math.max(0, score));
}

/** A field item, or null when the value is blank. */
export function buildFieldItem(label: string, read: ExtractedValue): ParsedField | null {
  const value = cleanValue(read.value);
  if (value === null) return null;
  return {
    type: 'field',
    label,
    value,
    score: clampScore(read.score),
    ...(read.source ? { source: read.source } : {}),
  };
}

/** A table item, or null when no row holds a value. Rows with no value are skipped. */
export function buildTableItem(table: TableDefinition, rows: ExtractedRow[]): ParsedTable | null {
  const cells: ParsedTable['cells'] = [];
  let row = 0;
  for (const read of rows) {
    let kept = false;
    table.columns.forEach((column, col) => {
      const cell = read[column];
      if (!cell) return;
      const value = cleanValue(cell.value);
      if (value === null) return;
      cells.push({
        label: `${table.label}_${column}`,
        value,
        row,
        col,
        score: clampScore(cell.score),
        ...(cell.source ? { source: cell.source } : {}),
      });
      kept = true;
    });
    if (kept) row += 1;
  }
  return cells.length > 0 ? { type: 'table', label: table.label, cells } : null;
}
