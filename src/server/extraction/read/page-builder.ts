import type { Block, Box, Cell, Line, Page, Table, Word } from '../layout.ts';
import { alignmentTables } from './alignment.ts';
import { groupLines, median } from './lines.ts';
import { virtualRulings } from './open-tables.ts';
import { columnBands, placeInBand } from './page-columns.ts';
import { attachOutsideLabels, splitSpanningRowLabels } from './row-labels.ts';
import { findGrids, type Grid, type Segment } from './rulings.ts';
import { stitchFragments } from './stitch.ts';
import { splitAlignedSubRows } from './sub-rows.ts';
import { labelTableStructure } from './table-structure.ts';

export interface PageInput {
  number: number;
  width: number;
  height: number;
  source: Page['source'];
  words: Word[];
  segments: Segment[];
  /** Distance under which two rulings count as one, in page units. */
  tolerance: number;
}

function centre(b: Box): [number, number] {
  return [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
}

function inside(p: [number, number], b: Box, margin = 0): boolean {
  return (
    p[0] >= b[0] - margin && p[0] <= b[2] + margin && p[1] >= b[1] - margin && p[1] <= b[3] + margin
  );
}

/**
 * A cell that spans columns but holds separate runs of text, each inside one of the columns it
 * spans (a header bar drawn without separators), is split into one cell per column.
 */
export function splitSpanningCells(grid: Grid, cellWords: Word[][]): void {
  for (let i = grid.cells.length - 1; i >= 0; i--) {
    const cell = grid.cells[i]!;
    const words = cellWords[i]!;
    if (cell.colSpan < 2 || words.length < 2) continue;
    const segments: Word[][] = [];
    for (const line of groupLines(words, 0)) {
      let current: Word[] = [];
      for (const w of line.words) {
        const prev = current[current.length - 1];
        if (prev && w.box[0] - prev.box[2] > 0.8 * Math.max(prev.size, w.size)) {
          segments.push(current);
          current = [];
        }
        current.push(w);
      }
      if (current.length) segments.push(current);
    }
    const columnOf = (seg: Word[]) => {
      const x0 = Math.min(...seg.map((w) => w.box[0]));
      const x1 = Math.max(...seg.map((w) => w.box[2]));
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) {
        const a = grid.xs[c]!;
        const b = grid.xs[c + 1]!;
        if (Math.min(b, x1) - Math.max(a, x0) >= 0.8 * (x1 - x0)) return c;
      }
      return -1;
    };
    const cols = segments.map(columnOf);
    if (cols.includes(-1) || new Set(cols).size < 2) continue;
    const parts = new Map<number, Word[]>();
    segments.forEach((seg, k) => {
      const c = cols[k]!;
      parts.set(c, [...(parts.get(c) ?? []), ...seg]);
    });
    const replacement = [...parts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([c, ws]) => ({
        cell: {
          row: cell.row,
          col: c,
          rowSpan: cell.rowSpan,
          colSpan: 1,
          box: [grid.xs[c]!, cell.box[1], grid.xs[c + 1]!, cell.box[3]] as Box,
        },
        words: ws,
      }));
    grid.cells.splice(i, 1, ...replacement.map((r) => r.cell));
    cellWords.splice(i, 1, ...replacement.map((r) => r.words));
  }
}

/** Turns a grid and the words inside it into a table, dropping rows and columns with no text. */
function tableFromGrid(grid: Grid, words: Word[], page: number): Table | null {
  const cellWords = grid.cells.map(() => [] as Word[]);
  for (const w of words) {
    const c = centre(w.box);
    const i = grid.cells.findIndex((cell) => inside(c, cell.box, 0.5));
    if (i >= 0) cellWords[i]!.push(w);
  }
  splitSpanningCells(grid, cellWords);
  const nr = grid.ys.length - 1;
  const nc = grid.xs.length - 1;
  const keepRow = new Array<boolean>(nr).fill(false);
  const keepCol = new Array<boolean>(nc).fill(false);
  grid.cells.forEach((cell, i) => {
    if (cellWords[i]!.length === 0) return;
    keepRow[cell.row] = true;
    keepCol[cell.col] = true;
  });
  const rowMap: number[] = [];
  let n = 0;
  for (let r = 0; r < nr; r++) rowMap.push(keepRow[r] ? n++ : -1);
  const rows = n;
  const colMap: number[] = [];
  n = 0;
  for (let c = 0; c < nc; c++) colMap.push(keepCol[c] ? n++ : -1);
  const cols = n;
  if (rows === 0 || cols === 0) return null;
  const span = (map: number[], start: number, len: number) => {
    let first = -1;
    let count = 0;
    for (let k = start; k < start + len; k++) {
      if (map[k]! >= 0) {
        if (first < 0) first = map[k]!;
        count++;
      }
    }
    return { first, count };
  };
  const cells: Cell[] = [];
  grid.cells.forEach((g, i) => {
    const rs = span(rowMap, g.row, g.rowSpan);
    const cs = span(colMap, g.col, g.colSpan);
    if (rs.count === 0 || cs.count === 0) return;
    const lines = groupLines(cellWords[i]!, page);
    cells.push({
      text: lines.map((l) => l.text).join('\n'),
      lines,
      box: g.box,
      row: rs.first,
      col: cs.first,
      rowSpan: rs.count,
      colSpan: cs.count,
      page,
    });
  });
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  const filled = cells.filter((c) => c.text.trim()).length;
  if (filled < 2 || cols < 2) return null;
  return { rows, cols, cells, headerRows: 0, box: grid.box, page, origin: 'rulings' };
}

/**
 * A grid row whose every filled cell has text above and below a common blank stripe — in a row
 * about twice as tall as the others, or a stripe wider than a line — is two rows whose rule was
 * not drawn or not seen (a shaded header's lower edge in a scan): it is split there.
 */
export function splitUnruledRows(table: Table): void {
  const heights = table.cells
    .filter((c) => c.rowSpan === 1 && c.box)
    .map((c) => c.box![3] - c.box![1]);
  const usual = median(heights);
  if (!usual) return;
  for (let r = table.rows - 1; r >= 0; r--) {
    const row = table.cells.filter((c) => c.row === r && c.rowSpan === 1 && c.box);
    const filled = row.filter((c) => c.lines.length > 0);
    if (
      filled.length < 2 ||
      filled.length !== table.cells.filter((c) => c.row === r).filter((c) => c.lines.length).length
    )
      continue;
    const top = Math.min(...row.map((c) => c.box![1]));
    const bottom = Math.max(...row.map((c) => c.box![3]));
    const words = filled.flatMap((c) => c.lines.flatMap((l) => l.words));
    const size = median(words.map((w) => w.size)) || 10;
    // a tall row, or lines far further apart than wrapped lines are
    const tall = bottom - top >= usual * 1.7;
    // blank stripes common to every filled cell, with text on both sides in each
    let best: number | undefined;
    let bestGap = tall ? size * 0.4 : size * 1.1;
    const edges = [...new Set(words.map((w) => w.box[3]))].sort((a, b) => a - b);
    for (const y of edges) {
      const next = Math.min(...words.filter((w) => w.box[1] >= y).map((w) => w.box[1]));
      if (!Number.isFinite(next) || next - y <= bestGap) continue;
      const cut = (y + next) / 2;
      const splits = filled.every(
        (c) => c.lines.some((l) => l.box[3] <= cut) && c.lines.some((l) => l.box[1] >= cut),
      );
      if (splits) {
        best = cut;
        bestGap = next - y;
      }
    }
    if (best === undefined) continue;
    const cut = best;
    const split = new Set(filled);
    for (const c of table.cells) {
      if (split.has(c)) continue;
      if (c.row > r) c.row++;
      else if (c.row + c.rowSpan - 1 >= r) c.rowSpan++;
    }
    const lower: Cell[] = [];
    for (const c of filled) {
      const below = c.lines.filter((l) => l.box[1] >= cut);
      c.lines = c.lines.filter((l) => l.box[3] <= cut);
      c.text = c.lines.map((l) => l.text).join('\n');
      lower.push({
        ...c,
        row: r + 1,
        lines: below,
        text: below.map((l) => l.text).join('\n'),
        box: [c.box![0], cut, c.box![2], c.box![3]],
      });
      c.box = [c.box![0], c.box![1], c.box![2], cut];
    }
    table.cells.push(...lower);
    table.rows++;
    table.cells.sort((a, b) => a.row - b.row || a.col - b.col);
  }
}

/** Assembles a page: tables from rulings (then from text alignment), free lines, reading order. */
export function buildPage(input: PageInput): Page {
  // tables ruled between rows only get the column lines their text implies
  const virtual = virtualRulings(input.segments, input.words, input.tolerance);
  const grids = findGrids([...input.segments, ...virtual], input.tolerance);
  const tables: Table[] = [];
  let free = input.words;
  for (const grid of grids) {
    const inGrid = free.filter((w) => inside(centre(w.box), grid.box, 0.5));
    if (inGrid.length === 0) continue;
    const table = tableFromGrid(grid, inGrid, input.number);
    if (!table) continue;
    splitUnruledRows(table);
    splitSpanningRowLabels(table);
    splitAlignedSubRows(table);
    tables.push(table);
    const taken = new Set(inGrid);
    free = free.filter((w) => !taken.has(w));
  }
  // row labels printed beside a ruled grid, outside its rulings, are its first column
  for (const table of tables) {
    const taken = attachOutsideLabels(table, free);
    if (taken.size) free = free.filter((w) => !taken.has(w));
  }
  // free text splits into separate runs at wide gaps; OCR drops dashes and leaves wider gaps
  const lines: Line[] = groupLines(free, input.number, input.source === 'ocr' ? 2 : 1.2);
  // stretches set in two columns are read column by column
  const bands = columnBands([
    ...lines.map((line) => ({ box: line.box, line })),
    ...tables.flatMap((t) => (t.box ? [{ box: t.box }] : [])),
  ]);
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    const at = placeInBand(line.box, bands);
    const key = at ? `${bands.indexOf(at.band)}:${at.side}` : 'page';
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const blocks: Block[] = [];
  for (const group of groups.values()) {
    const found = alignmentTables(group, input.number);
    blocks.push(...found.lines.map((line): Block => ({ kind: 'line', line })));
    blocks.push(...found.tables.map((table): Block => ({ kind: 'table', table })));
  }
  blocks.push(...tables.map((table): Block => ({ kind: 'table', table })));
  const key = (b: Block): [number, number, number, number] => {
    const box = b.kind === 'line' ? b.line.box : b.table.box;
    const at = box ? placeInBand(box, bands) : undefined;
    return at
      ? [at.band.y0, at.side, blockTop(b), blockLeft(b)]
      : [blockTop(b), 0, blockTop(b), blockLeft(b)];
  };
  const keyed = blocks.map((b) => ({ b, k: key(b) }));
  keyed.sort((p, q) => p.k[0] - q.k[0] || p.k[1] - q.k[1] || p.k[2] - q.k[2] || p.k[3] - q.k[3]);
  const ordered = stitchFragments(keyed.map((x) => x.b));
  for (const b of ordered) if (b.kind === 'table') labelTableStructure(b.table);
  blocks.splice(0, blocks.length, ...ordered);
  return {
    number: input.number,
    width: input.width,
    height: input.height,
    source: input.source,
    blocks,
  };
}

export function blockTop(b: Block): number {
  return b.kind === 'line' ? b.line.box[1] : (b.table.box?.[1] ?? 0);
}

function blockLeft(b: Block): number {
  return b.kind === 'line' ? b.line.box[0] : (b.table.box?.[0] ?? 0);
}
