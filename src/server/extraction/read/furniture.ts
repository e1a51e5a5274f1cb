import type { Cell, Line, Page, Table } from '../layout.ts';

/**
 * Document-level clean-up after every page is read: running headers and footers (page numbers,
 * repeated case ids) leave the reading order, and a table that continues on the next page, with
 * or without a repeated header row, is joined to its first part.
 */

const PAGE_NUMBER =
  /\bpage\s+\d+(\s+of\s+\d+)?\b|^\s*\d+\s*(\/|of)\s*\d+\s*$|^\s*-?\s*\d{1,3}\s*-?\s*$/i;

function shape(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

function isMargin(line: Line, page: Page): boolean {
  return line.box[3] > page.height * 0.9 || line.box[1] < page.height * 0.06;
}

/** Lines in the top or bottom margin that repeat on other pages, or that number the page. */
export function removeRunningText(pages: Page[]): Line[] {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const b of page.blocks) {
      if (b.kind !== 'line' || !isMargin(b.line, page)) continue;
      const s = shape(b.line.text);
      if (!seen.has(s)) {
        seen.add(s);
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
    }
  }
  const removed: Line[] = [];
  for (const page of pages) {
    page.blocks = page.blocks.filter((b) => {
      if (b.kind !== 'line' || !isMargin(b.line, page)) return true;
      const running =
        PAGE_NUMBER.test(b.line.text) ||
        (pages.length > 1 && (counts.get(shape(b.line.text)) ?? 0) > 1);
      if (running) removed.push(b.line);
      return !running;
    });
  }
  return removed;
}

function rowText(table: Table, row: number): string {
  return table.cells
    .filter((c) => c.row === row)
    .map((c) => c.text)
    .join(' | ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function sameColumns(a: Table, b: Table): boolean {
  if (a.cols !== b.cols) return false;
  if (!a.box || !b.box) return true;
  return Math.abs(a.box[0] - b.box[0]) < 6 && Math.abs(a.box[2] - b.box[2]) < 6;
}

function appendTable(first: Table, next: Table, skipRows: number): void {
  const offset = first.rows;
  const moved: Cell[] = next.cells
    .filter((c) => c.row >= skipRows)
    .map((c) => ({ ...c, row: c.row - skipRows + offset }));
  first.cells.push(...moved);
  first.rows += next.rows - skipRows;
}

/** Joins tables that run over a page break: the last block of a page and the first of the next. */
export function joinContinuedTables(pages: Page[]): void {
  for (let p = 1; p < pages.length; p++) {
    const prevBlocks = pages[p - 1]!.blocks;
    const last = [...prevBlocks].reverse().find((b) => b.kind === 'table' || b.line.text.trim());
    const firstIndex = pages[p]!.blocks.findIndex((b) => b.kind === 'table' || b.line.text.trim());
    const first = pages[p]!.blocks[firstIndex];
    if (last?.kind !== 'table' || first?.kind !== 'table') continue;
    const a = last.table;
    const b = first.table;
    if (!sameColumns(a, b)) continue;
    let skip = 0;
    // a repeated header: the first rows of the continuation equal the first rows of the table
    while (skip < b.rows && skip < a.rows && rowText(a, skip) === rowText(b, skip) && skip < 3)
      skip++;
    appendTable(a, b, skip);
    pages[p]!.blocks.splice(firstIndex, 1);
  }
}

export function finishLayout(pages: Page[]): { furniture: Line[] } {
  const furniture = removeRunningText(pages);
  joinContinuedTables(pages);
  return { furniture };
}
