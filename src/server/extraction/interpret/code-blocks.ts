import type { Table } from '../layout.ts';
import { type AnalyzedTable, analyzeTable } from './document.ts';
import { codesBeforeNames } from './grid.ts';
import { codeOpeningLine } from './procedure-codes.ts';

/**
 * A column most of whose cells open with a procedure code and go on with its description
 * ('D0120 Periodic oral evaluation'), a column of values right of it.
 */
function codedLabels(t: AnalyzedTable, c: number): boolean {
  if (c + 1 >= t.table.cols) return false;
  const cells = t.body
    .map((r) => r.cells[c])
    .filter(
      (cell) => cell !== undefined && cell.col === c && cell.colSpan === 1 && cell.text.trim(),
    );
  const coded = cells.filter((cell) => codeOpeningLine(cell!.lines.map((l) => l.text)));
  return coded.length >= 3 && coded.length >= cells.length * 0.8;
}

/**
 * Two or three lists of procedures printed side by side on a page and read as one wide table
 * ('Code | Procedure | Copay | Code | Procedure | Copay', or 'D0120 Periodic oral evaluation | $0 |
 * D2140 Amalgam – one surface | $48'): each block of columns that opens with a column of codes
 * beside the names, or with a column of labels that open with their codes, is a table of its
 * own, with its own headings.
 */
export function codeBlocks(t: AnalyzedTable): AnalyzedTable[] {
  const starts: number[] = [];
  for (let c = 0; c < t.table.cols; c++) {
    const width = codesBeforeNames(t, c) !== undefined ? 3 : codedLabels(t, c) ? 2 : 0;
    if (width && !starts.some((s) => c - s < width)) starts.push(c);
  }
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
