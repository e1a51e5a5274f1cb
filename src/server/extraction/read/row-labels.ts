import type { Box, Cell, Table, Word } from '../layout.ts';
import { groupLines, median } from './lines.ts';

/**
 * Row labels printed left of a ruled grid, outside its rulings: a comparison whose plan columns
 * are boxed while 'Deductible  Individual', 'Type A - Preventive' or 'Employee Only' stand on the
 * open page beside their rows. The words left of the grid, level with its rows, become a first
 * column of row headings; a label standing in the space between two rows ('Out of Network',
 * 'Monthly Premiums') becomes a row of its own across the table, a bar over the rows under it.
 *
 * Only when the words label most of the grid's rows (a side note beside a table labels one or
 * two; a grid of two rows, both), and only for a grid whose own first column does not already
 * hold labels.
 * Mutates the table; answers the words it took.
 */
export function attachOutsideLabels(table: Table, free: Word[]): Set<Word> {
  const taken = new Set<Word>();
  const box = table.box;
  if (!box || table.origin !== 'rulings' || table.rows < 2) return taken;
  const bands = rowBands(table);
  if (bands.length < 2) return taken;
  const rowHeight = median(bands.map((b) => b.y1 - b.y0));
  // a line that runs on across the grid is running text above or below it ('Select Plus Plan
  // are separate deductions.' ending over the grid's columns), not a label: from the word, word
  // after word a space or so apart along its line, the text reaches past the grid's first column
  // (a label a little too long for the margin ends over that column)
  const firstColumnRight = Math.min(
    ...table.cells.filter((c) => c.col === 0 && c.colSpan === 1 && c.box).map((c) => c.box![2]),
    (box[0] + box[2]) / 2,
  );
  const level = (a: Word, b: Word) =>
    Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]) > (a.box[3] - a.box[1]) * 0.5;
  const next = (w: Word) =>
    free.find(
      (o) =>
        o !== w &&
        level(o, w) &&
        o.box[0] >= w.box[2] - 1 &&
        o.box[0] - w.box[2] <= (w.box[3] - w.box[1]) * 1.2,
    );
  const runsOn = (w: Word) => {
    for (let o = next(w), steps = 0; o && steps < 40; o = next(o), steps++) {
      if (o.box[2] > firstColumnRight) return true;
    }
    return false;
  };
  const left = free.filter((w) => {
    const mid = (w.box[1] + w.box[3]) / 2;
    return w.box[2] <= box[0] + 1 && mid >= box[1] - rowHeight && mid <= box[3] && !runsOn(w);
  });
  if (left.length === 0 || firstColumnHoldsLabels(table)) return taken;

  // each word to the row it stands level with, or to the gap it stands in
  const toRow = new Map<number, Word[]>();
  const toGap = new Map<number, Word[]>();
  for (const w of left) {
    const mid = (w.box[1] + w.box[3]) / 2;
    const band = bands.find((b) => mid >= b.y0 && mid <= b.y1);
    if (band) toRow.set(band.row, [...(toRow.get(band.row) ?? []), w]);
    else {
      // the gap above the first band whose top lies below the word
      const below = bands.find((b) => b.y0 > mid);
      const at = below ? below.row : table.rows;
      toGap.set(at, [...(toGap.get(at) ?? []), w]);
    }
  }
  const bodyRows = bands.filter((b) => b.row >= table.headerRows);
  const labelled = bodyRows.filter((b) => toRow.has(b.row)).length;
  if (labelled < 2 || labelled < bodyRows.length * 0.6) return taken;
  // a grid of two rows takes labels only when both rows have one
  if (bands.length < 3 && labelled < bodyRows.length) return taken;

  // the new first column; rows inserted for the labels that stand between rows
  const gapRows = [...toGap.keys()].sort((a, b) => a - b);
  const shift = (row: number) => row + gapRows.filter((g) => g <= row).length;
  for (const c of table.cells) {
    c.col += 1;
    c.row = shift(c.row);
  }
  const page = table.page;
  const cellOf = (words: Word[], row: number, colSpan: number): Cell => {
    const lines = groupLines(words, page);
    const b: Box = [
      Math.min(...words.map((w) => w.box[0])),
      Math.min(...words.map((w) => w.box[1])),
      Math.max(...words.map((w) => w.box[2])),
      Math.max(...words.map((w) => w.box[3])),
    ];
    return {
      text: lines.map((l) => l.text).join('\n'),
      lines,
      box: b,
      row,
      col: 0,
      rowSpan: 1,
      colSpan,
      page,
    };
  };
  for (const [row, words] of toRow) {
    table.cells.push(cellOf(words, shift(row), 1));
    for (const w of words) taken.add(w);
  }
  gapRows.forEach((gap, i) => {
    // the row inserted before original row `gap`: its index after the gaps above it
    const words = toGap.get(gap)!;
    table.cells.push(cellOf(words, gap + i, table.cols + 1));
    for (const w of words) taken.add(w);
  });
  table.rows += gapRows.length;
  table.cols += 1;
  table.headerCols = 1;
  table.headerRows = shift(table.headerRows) - (gapRows.includes(table.headerRows) ? 1 : 0);
  const xs = [...taken].map((w) => w.box[0]);
  table.box = [Math.min(box[0], ...xs), box[1], box[2], box[3]];
  table.cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return taken;
}

/**
 * A label cell that spans several rows because the label column has no rules between them,
 * while the columns beside it do ('Single vision lenses', 'Bifocal vision lenses' … in one tall
 * cell beside one row of amounts each): its lines go to the rows they stand level with, one
 * cell per row, when every one of those rows gets a line. Mutates the table.
 */
export function splitSpanningRowLabels(table: Table): void {
  const bands = new Map(rowBands(table).map((b) => [b.row, b]));
  for (const cell of [...table.cells]) {
    if (cell.rowSpan < 2 || cell.colSpan !== 1 || cell.lines.length < cell.rowSpan) continue;
    const rows = Array.from({ length: cell.rowSpan }, (_, i) => cell.row + i);
    const owned = rows.map((r) => bands.get(r));
    if (owned.some((b) => !b)) continue;
    const lineRow = cell.lines.map((l) => {
      const mid = (l.box[1] + l.box[3]) / 2;
      // the row it stands level with, else the nearest (a line printed on a row's rule)
      let best = owned[0]!;
      for (const b of owned) {
        const d = mid < b!.y0 ? b!.y0 - mid : mid > b!.y1 ? mid - b!.y1 : 0;
        const bestD = mid < best.y0 ? best.y0 - mid : mid > best.y1 ? mid - best.y1 : 0;
        if (d < bestD) best = b!;
      }
      return best.row;
    });
    if (!rows.every((r) => lineRow.includes(r))) continue;
    const parts: Cell[] = rows.map((r) => {
      const lines = cell.lines.filter((_, i) => lineRow[i] === r);
      const band = bands.get(r)!;
      return {
        ...cell,
        row: r,
        rowSpan: 1,
        lines,
        text: lines.map((l) => l.text).join('\n'),
        box: cell.box ? [cell.box[0], band.y0, cell.box[2], band.y1] : undefined,
      };
    });
    table.cells.splice(table.cells.indexOf(cell), 1, ...parts);
  }
  table.cells.sort((a, b) => a.row - b.row || a.col - b.col);
}

interface Band {
  row: number;
  y0: number;
  y1: number;
}

/** The vertical extent of each row, from its one-row cells (spanning cells say nothing). */
function rowBands(table: Table): Band[] {
  const bands: Band[] = [];
  for (let r = 0; r < table.rows; r++) {
    const cells = table.cells.filter((c) => c.row === r && c.rowSpan === 1 && c.box);
    if (cells.length === 0) continue;
    bands.push({
      row: r,
      y0: Math.min(...cells.map((c) => c.box![1])),
      y1: Math.max(...cells.map((c) => c.box![3])),
    });
  }
  return bands;
}

/**
 * Whether the grid's first column reads as labels: mostly words, not amounts, 'None' or a dash (a
 * dash marks a value the plan does not have: '$4 | --- | --- | $11' down a premium column).
 */
export function firstColumnHoldsLabels(table: Table): boolean {
  const texts = table.cells
    .filter((c) => c.col === 0 && c.row >= table.headerRows && c.text.trim())
    .map((c) => c.text.trim());
  if (texts.length === 0) return false;
  const valueLike = (t: string) =>
    /[$%\d]/.test(t) ||
    /^[-–—]+$/.test(t) ||
    /^(none|n\/a|not covered|covered|included|unlimited|yes|no)\b/i.test(t);
  return texts.filter((t) => !valueLike(t)).length > texts.length / 2;
}
