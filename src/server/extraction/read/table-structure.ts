import { PROCEDURE_CODE } from '../interpret/vocabulary.ts';
import type { Cell, Table } from '../layout.ts';

/**
 * The table stage's typed structure beyond the grid: which leading rows are column headings,
 * which rows are category bars over the rows below them, and whether the first column holds row
 * headings. Told from the cells alone (no carrier's words): a heading carries no value, a value
 * carries a figure, an amount or a rate.
 */

/**
 * A figure, an amount or a rate. A footnote digit after a word ('In-Network2') is not one, nor
 * the number of a named level after a capitalised word ('Tier 1', 'Class 2', 'Plan 3').
 */
export function carriesValue(text: string): boolean {
  const t = text
    .replace(/(\p{L})[\d¹²³⁴⁵⁶⁷⁸⁹*†‡,]+(?=\s|$)/gu, '$1')
    .replace(/\b\p{Lu}\p{L}+\s+\d{1,2}\b(?!\s*(?:%|months?|years?|days?))/gu, '');
  return /[$%]|\d/.test(t);
}

const filledIn = (table: Table, row: number): Cell[] =>
  table.cells.filter((c) => c.row === row && c.text.trim());

export function labelTableStructure(table: Table): void {
  // column headings: leading rows of text without values, above the first row with values
  const firstValued = [...Array(table.rows).keys()].find((r) =>
    filledIn(table, r).some((c) => carriesValue(c.text)),
  );
  let headerRows = 0;
  if (firstValued !== undefined && firstValued > 0) {
    for (let r = 0; r < Math.min(firstValued, 3); r++) {
      const cells = filledIn(table, r);
      // a row of one cell across the table is a title or a category, not a heading of columns,
      // unless headings of columns follow it
      if (cells.length === 0) break;
      // a row keyed by a procedure code is a procedure's row, never a heading of columns
      if (cells.some((c) => c.col === 0 && PROCEDURE_CODE.test(c.text.trim()))) break;
      if (cells.length < 2 && !filledIn(table, r + 1).some((c) => c.colSpan < table.cols)) break;
      if (cells.length < 2 && r + 1 >= firstValued) break;
      headerRows = r + 1;
    }
  }
  if (headerRows > 0 && headerRows > table.headerRows) {
    table.headerRows = headerRows;
    for (const c of table.cells) if (c.row < headerRows) c.header = true;
  }
  // category bars: below the headings, a row whose only text is one cell starting in the first
  // column, with no value, heading rows that carry values
  for (let r = table.headerRows; r < table.rows; r++) {
    const cells = filledIn(table, r);
    if (cells.length !== 1) continue;
    const [c] = cells;
    if (c!.col !== 0 || carriesValue(c!.text)) continue;
    const next = filledIn(table, r + 1);
    if (next.length >= 2 && next.some((x) => x.col > 0 && carriesValue(x.text))) c!.category = true;
  }
  // row headings: the first column of the body holds text without values where the other
  // columns hold values
  const body = table.cells.filter((c) => c.row >= table.headerRows && c.text.trim() && !c.category);
  const first = body.filter((c) => c.col === 0);
  const rest = body.filter((c) => c.col > 0);
  if (
    first.length >= 2 &&
    first.filter((c) => !carriesValue(c.text)).length >= first.length * 0.8 &&
    rest.filter((c) => carriesValue(c.text)).length >= rest.length * 0.5
  )
    table.headerCols = 1;
}
