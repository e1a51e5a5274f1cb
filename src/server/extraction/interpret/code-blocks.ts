import type { Table } from '../layout.ts';
import { type AnalyzedTable, analyzeTable } from './document.ts';
import { codesBeforeNames } from './grid.ts';

/**
 * Two or three lists of procedures printed side by side on a page and read as one wide table
 * ('Code | Procedure | Copay | Code | Procedure | Copay'): each block of columns that opens with a
 * column of codes beside the names is a table of its own, with its own headings.
 */
export function codeBlocks(t: AnalyzedTable): AnalyzedTable[] {
  const starts: number[] = [];
  for (let c = 0; c < t.table.cols; c++)
    if (codesBeforeNames(t, c) !== undefined && !starts.some((s) => c - s < 3)) starts.push(c);
  if (starts.length < 2) return [t];
  return starts.map((s, i) => {
    const e = starts[i + 1] ?? t.table.cols;
    const cells = t.table.cells
      .filter((c) => c.col >= s && c.col + c.colSpan <= e)
      .map((c) => ({ ...c, col: c.col - s }));
    const table: Table = { ...t.table, cols: e - s, cells };
    const part = analyzeTable(table, t.scope, t.order + i / (starts.length + 1), t.heading);
    return { ...part, ...(t.headingAbove ? { headingAbove: t.headingAbove } : {}) };
  });
}
