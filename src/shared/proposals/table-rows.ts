import { normalizeValue } from './cell-view.ts';
import type { ParsedCell, ParsedTable } from './parsed-data.ts';
import type { Log } from './read-parsed-data.ts';

/** The message the spec gives for a table row without a class (spec §8). */
export const missingClassMessage = 'Could not find class for table row';

/** One table row: its cells by column name (`carrierMonthlyRate`). */
export interface TableRow {
  /** Unique in the document: `<item index>:<row>`. */
  key: string;
  tableLabel: string;
  cells: Map<string, ParsedCell>;
}

/** The rows of one plan class, by table label, in document order. */
export interface ClassRows {
  /** Normalized class name (case and spacing folded): rows of `Class 1` and `class  1` meet. */
  key: string;
  /** The class name as first printed. */
  name: string;
  tables: Map<string, TableRow[]>;
}

/** Column name of a cell: its label without the table label (`dentalInsurance_rateTiers_`). */
export function columnOf(tableLabel: string, cellLabel: string): string {
  const prefix = `${tableLabel}_`;
  if (cellLabel.startsWith(prefix) && cellLabel.length > prefix.length) {
    return cellLabel.slice(prefix.length);
  }
  const parts = cellLabel.split('_');
  return parts[parts.length - 1] || cellLabel;
}

/** The rows of one table item, in row order; the first cell of a column in a row wins. */
export function rowsOf(table: ParsedTable, itemIndex: number): TableRow[] {
  const byRow = new Map<number, Map<string, ParsedCell>>();
  for (const cell of table.cells) {
    let cells = byRow.get(cell.row);
    if (!cells) {
      cells = new Map();
      byRow.set(cell.row, cells);
    }
    const column = columnOf(table.label, cell.label);
    if (!cells.has(column)) cells.set(column, cell);
  }
  return [...byRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, cells]) => ({ key: `${itemIndex}:${row}`, tableLabel: table.label, cells }));
}

/**
 * Places every row of the given tables under the plan class named by its `class` cell (spec §3:
 * "Tables are split by row; the row's 'class' cell names the plan class it belongs to"). Tables
 * of one label split over several items are merged in document order. A row with no class, or
 * a blank one, is logged 'Could not find class for table row' and dropped (spec §8).
 * Classes come in the order they first appear.
 */
export function rowsByClass(
  tables: Array<{ table: ParsedTable; itemIndex: number }>,
  log: Log,
): ClassRows[] {
  const classes = new Map<string, ClassRows>();
  for (const { table, itemIndex } of tables) {
    for (const row of rowsOf(table, itemIndex)) {
      const name = row.cells.get('class')?.value.trim().replace(/\s+/g, ' ') ?? '';
      if (name === '') {
        log(missingClassMessage);
        continue;
      }
      const key = normalizeValue(name);
      let entry = classes.get(key);
      if (!entry) {
        entry = { key, name, tables: new Map() };
        classes.set(key, entry);
      }
      const rows = entry.tables.get(table.label) ?? [];
      rows.push(row);
      entry.tables.set(table.label, rows);
    }
  }
  return [...classes.values()];
}
