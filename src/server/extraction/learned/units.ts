import type { Box, Cell, DocumentLayout } from '../layout.ts';

/**
 * A document's layout as a flat list of text units (lines outside tables, table cells,
 * running headers and footers), in reading order, each with where it sits: the unit a learned
 * value is printed in, and the context that lets it be found again on another document.
 */
export interface Unit {
  /** Position in reading order. */
  order: number;
  /** Whitespace collapsed. */
  text: string;
  page: number;
  box?: Box | undefined;
  kind: 'line' | 'cell' | 'furniture';
  /** For cells: which table of the document (reading order), its grid slot and headings. */
  table?: number;
  row?: number;
  col?: number;
  /** Shape of the first non-empty cell of the row (the row's label). */
  rowHead?: string;
  /** Shape of the column's heading cells. */
  colHead?: string;
  /** Shape of the table's heading rows (or first row). */
  tableHead?: string;
  /** A heading cell (by markup or position). */
  header?: boolean;
}

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const SUPERSCRIPTS = /[\u00B9\u00B2\u00B3\u2070-\u209F*†‡§]+/g;

/** Comparable text: NFKC, dashes unified, lower case, footnote marks dropped, whitespace collapsed. */
export function normalizeText(text: string): string {
  return text
    .replace(SUPERSCRIPTS, '')
    .normalize('NFKC')
    .replace(DASHES, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with every run of digits masked: what stays the same when amounts change. */
export function shapeOf(text: string): string {
  return normalizeText(text).replace(/\d+/g, '#');
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A cell's box, or the box of its lines when the reader gave the cell none (DOCX markup). */
function cellBox(cell: Cell): Box | undefined {
  if (cell.box || !cell.lines.length) return cell.box;
  const boxes = cell.lines.map((l) => l.box);
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

export function layoutUnits(layout: DocumentLayout): Unit[] {
  const units: Unit[] = [];
  const push = (u: Omit<Unit, 'order'>) => {
    if (u.text) units.push({ ...u, order: units.length });
  };
  let tableIndex = 0;
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (block.kind === 'line') {
        push({
          text: clean(block.line.text),
          page: page.number,
          box: block.line.box,
          kind: 'line',
        });
        continue;
      }
      const { table } = block;
      const t = tableIndex++;
      const headRows = Math.max(1, table.headerRows);
      const tableHead = shapeOf(
        table.cells
          .filter((c) => c.row < headRows)
          .sort((a, b) => a.row - b.row || a.col - b.col)
          .map((c) => c.text)
          .join(' | '),
      );
      const rowHeads = new Map<number, string>();
      for (const c of [...table.cells].sort((a, b) => a.col - b.col)) {
        for (let r = c.row; r < c.row + c.rowSpan; r++) {
          if (!rowHeads.has(r) && clean(c.text)) rowHeads.set(r, shapeOf(c.text));
        }
      }
      const colHead = (col: number) =>
        shapeOf(
          table.cells
            .filter((c) => c.row < headRows && col >= c.col && col < c.col + c.colSpan)
            .map((c) => c.text)
            .join(' '),
        );
      for (const cell of table.cells) {
        push({
          text: clean(cell.text),
          page: cell.page,
          box: cellBox(cell),
          kind: 'cell',
          table: t,
          row: cell.row,
          col: cell.col,
          rowHead: rowHeads.get(cell.row) ?? '',
          colHead: colHead(cell.col),
          tableHead,
          header: Boolean(cell.header) || cell.row < table.headerRows,
        });
      }
    }
  }
  for (const line of layout.furniture) {
    push({ text: clean(line.text), page: line.page, box: line.box, kind: 'furniture' });
  }
  return units;
}

/**
 * The text of `n` units read as one, starting at `start`: a value wrapped over lines that the
 * reader kept apart (the next line of the page, or the cell below in the same column), or
 * undefined when they are not adjacent.
 */
export function windowText(units: Unit[], start: Unit, n: number): string | undefined {
  if (n === 1) return start.text;
  const parts = [start.text];
  let at = start;
  for (let k = 1; k < n; k++) {
    const next =
      at.kind === 'cell'
        ? units.find(
            (u) =>
              u.kind === 'cell' &&
              u.table === at.table &&
              u.col === at.col &&
              u.row === at.row! + 1,
          )
        : units[at.order + 1];
    if (!next || next.kind !== at.kind || next.page !== at.page) return undefined;
    parts.push(next.text);
    at = next;
  }
  return parts.join(' ');
}
