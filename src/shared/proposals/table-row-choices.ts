import { tableDefinition } from '../fields/catalogue.ts';
import type { ParsedData } from './parsed-data.ts';
import { columnOf } from './table-rows.ts';

/** A row of a table a missed value can be added to: its number, title and filled columns. */
export interface RowChoice {
  row: number;
  /** The row's key values (`Class 1 · Employee Only`), or `Row n`. */
  title: string;
  filled: string[];
}

/** The rows a table of the data holds, titled by their key columns, in row order. */
export function rowChoices(data: ParsedData, table: string): RowChoice[] {
  const cells = data.flatMap((it) => (it.type === 'table' && it.label === table ? it.cells : []));
  const keys = tableDefinition(table)?.keyColumns ?? [];
  const rows = [...new Set(cells.map((c) => c.row))].sort((a, b) => a - b);
  return rows.map((row) => {
    const inRow = cells.filter((c) => c.row === row && c.value.trim() !== '');
    const valueIn = (column: string) =>
      inRow.find((c) => columnOf(table, c.label) === column)?.value;
    const title = keys
      .map(valueIn)
      .filter((v): v is string => !!v)
      .join(' · ');
    return {
      row,
      title: title || `Row ${row + 1}`,
      filled: [...new Set(inRow.map((c) => columnOf(table, c.label)))],
    };
  });
}
