import {
  BARE_PROCEDURE_CODE,
  DENTAL_CATEGORY,
  PROCEDURE_CODE,
  SERVICE_CODE_AT_START,
  SERVICE_GROUP_HEADING,
} from '../interpret/vocabulary.ts';
import type { Block, Box, Cell, Line, Page, Table, Word } from '../layout.ts';
import { alignmentTables } from './alignment.ts';
import { groupLines, median, opened, splitAtColumnEdges } from './lines.ts';
import { virtualRulings } from './open-tables.ts';
import { columnBands, placeInBand, ruleBands } from './page-columns.ts';
import { attachOutsideLabels, splitSpanningRowLabels } from './row-labels.ts';
import {
  bridgeGutters,
  findGrids,
  type Grid,
  type GridCell,
  mergeSegments,
  type Segment,
} from './rulings.ts';
import { withoutOtherScripts } from './scripts.ts';
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
    // runs of text: lines cut where words stand further apart than about a space
    const segments = groupLines(words, 0, 0.8).map((l) => l.words);
    // the column a run sits in, or the columns a heading centred over them spans
    // ('Non-Orthodontics' over 'Network | Non-Network'): [first, last], else undefined
    const columnsOf = (seg: Word[]): [number, number] | undefined => {
      const x0 = Math.min(...seg.map((w) => w.box[0]));
      const x1 = Math.max(...seg.map((w) => w.box[2]));
      const over: number[] = [];
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) {
        const a = grid.xs[c]!;
        const b = grid.xs[c + 1]!;
        const shared = Math.min(b, x1) - Math.max(a, x0);
        if (shared >= 0.8 * (x1 - x0)) return [c, c];
        if (shared > 0) over.push(c);
      }
      if (over.length < 2) return undefined;
      const first = over[0]!;
      const last = over[over.length - 1]!;
      const centre = (x0 + x1) / 2;
      const middle = (grid.xs[first]! + grid.xs[last + 1]!) / 2;
      return Math.abs(centre - middle) <= 0.15 * (grid.xs[last + 1]! - grid.xs[first]!)
        ? [first, last]
        : undefined;
    };
    const ranges = segments.map(columnsOf);
    // a run that starts inside a column right of a label's and runs on over the columns after it
    // (a value printed across both networks, left-aligned: 'Annual maximum | $1,500 + extended
    // annual maximum (see section below)') spans from its column to the cell's end
    const end = cell.col + cell.colSpan - 1;
    segments.forEach((seg, k) => {
      if (ranges[k] !== undefined) return;
      const x0 = Math.min(...seg.map((w) => w.box[0]));
      const first = grid.xs.findIndex(
        (x, c) => c >= cell.col && c <= end && x0 >= x && x0 < grid.xs[c + 1]!,
      );
      if (first <= cell.col) return;
      const label = ranges.some((r) => r !== undefined && r[1] < first);
      const beside = segments.every(
        (_o, j) => j === k || ranges[j] === undefined || ranges[j]![1] < first,
      );
      if (label && beside) ranges[k] = [first, end];
    });
    // so does a short amount set at the left edge of the first column after the label, nothing
    // else printed right of the label ('Annual maximum | $1,000' in a row drawn without the line
    // between the networks, its values left-aligned like the long one above)
    const valueRuns = ranges.flatMap((r, k) => (r !== undefined && r[0] > cell.col ? [k] : []));
    const labelled = ranges.some((r) => r !== undefined && r[0] === cell.col);
    if (labelled && valueRuns.length === 1) {
      const k = valueRuns[0]!;
      const [c, last] = ranges[k]!;
      const seg = segments[k]!;
      const x0 = Math.min(...seg.map((w) => w.box[0]));
      const leftAligned = x0 - grid.xs[c]! <= 0.1 * (grid.xs[c + 1]! - grid.xs[c]!);
      const amount = /\$\s?\d|\d\s*%/.test(seg.map((w) => w.text).join(' '));
      if (c === last && last < end && leftAligned && amount) ranges[k] = [c, end];
    }
    const parts = new Map<number, { last: number; words: Word[] }>();
    const starts = new Set(
      grid.cells.filter((o, k) => o !== cell && cellWords[k]!.length).map((o) => o.col),
    );
    // runs read as one heading over several columns may be amounts set close together, each
    // starting where the column's other values start ('$1500 per person $1500 per person' under
    // 'Network | Non-Network', 'per Lifetime per Lifetime' below)
    const aligned =
      ranges.some((r) => r !== undefined && r[1] > r[0]) &&
      alignedAmountColumns(grid, cellWords, cell, words, starts);
    if (aligned) {
      const cols = [...aligned.keys()].sort((a, b) => a - b);
      cols.forEach((c, k) => {
        const next = cols[k + 1] ?? cell.col + cell.colSpan;
        parts.set(c, { last: next - 1, words: aligned.get(c)! });
      });
    } else if (ranges.some((r) => r === undefined)) {
      const byWord = amountColumns(grid, cell, words, starts);
      if (!byWord) continue;
      const cols = [...byWord.keys()].sort((a, b) => a - b);
      cols.forEach((c, k) => {
        const next = cols[k + 1] ?? cell.col + cell.colSpan;
        parts.set(c, { last: next - 1, words: byWord.get(c)! });
      });
    } else {
      segments.forEach((seg, k) => {
        const [first, last] = ranges[k]!;
        const part = parts.get(first);
        parts.set(first, {
          last: Math.max(last, part?.last ?? last),
          words: [...(part?.words ?? []), ...seg],
        });
      });
    }
    const sorted = [...parts.entries()].sort((a, b) => a[0] - b[0]);
    if (sorted.length < 2 || sorted.some(([first], k) => k > 0 && first <= sorted[k - 1]![1].last))
      continue;
    const replacement = sorted.map(([c, { last, words: ws }]) => ({
      cell: {
        row: cell.row,
        col: c,
        rowSpan: cell.rowSpan,
        colSpan: last - c + 1,
        box: [grid.xs[c]!, cell.box[1], grid.xs[last + 1]!, cell.box[3]] as Box,
      },
      words: ws,
    }));
    grid.cells.splice(i, 1, ...replacement.map((r) => r.cell));
    cellWords.splice(i, 1, ...replacement.map((r) => r.words));
  }
}

/**
 * Amounts set close together under the columns a cell spans, their runs of text touching
 * ('$2000 per person per  $2000 per person' over 'Calendar Year  per Calendar Year', one pair
 * under each network): every word lies inside one column and each column's text begins with an
 * amount, so each column holds a value of its own. Text that merely runs across the columns (a
 * note, one amount centred over them) has a column beginning mid-sentence and is left whole.
 */
export function amountColumns(
  grid: Grid,
  cell: GridCell,
  words: Word[],
  starts: ReadonlySet<number>,
): Map<number, Word[]> | undefined {
  // the columns the table keeps under the cell: where other cells with text begin (the grid's
  // finer columns, cut by rulings of other rows, are merged back)
  const cols = [cell.col];
  for (let c = cell.col + 1; c < cell.col + cell.colSpan; c++) if (starts.has(c)) cols.push(c);
  const end = (k: number) => grid.xs[k + 1 < cols.length ? cols[k + 1]! : cell.col + cell.colSpan]!;
  const parts = new Map<number, Word[]>();
  for (const w of words) {
    const k = cols.findIndex(
      (c, n) =>
        Math.min(end(n), w.box[2]) - Math.max(grid.xs[c]!, w.box[0]) >=
        0.85 * (w.box[2] - w.box[0]),
    );
    if (k < 0) return undefined;
    parts.set(cols[k]!, [...(parts.get(cols[k]!) ?? []), w]);
  }
  if (parts.size < 2) return undefined;
  for (const ws of parts.values()) {
    if (!AMOUNT_START.test(groupLines(ws, 0)[0]!.words[0]!.text)) return undefined;
  }
  return parts;
}

/**
 * amountColumns(), where each line of each column starts at the left edge of the text other rows
 * print in that column (within a point and a half): values left-aligned under their headings,
 * not one heading or value centred over them, nor a phrase running on across the columns.
 */
function alignedAmountColumns(
  grid: Grid,
  cellWords: Word[][],
  cell: GridCell,
  words: Word[],
  starts: ReadonlySet<number>,
): Map<number, Word[]> | undefined {
  const parts = amountColumns(grid, cell, words, starts);
  if (!parts) return undefined;
  const edges = (c: number) =>
    grid.cells.flatMap((o, k) =>
      o !== cell && o.col === c && o.colSpan === 1 && cellWords[k]!.length
        ? [Math.min(...cellWords[k]!.map((w) => w.box[0]))]
        : [],
    );
  for (const [c, ws] of parts) {
    const at = edges(c);
    for (const line of groupLines(ws, 0)) {
      const x0 = Math.min(...line.words.map((w) => w.box[0]));
      if (!at.some((x) => Math.abs(x - x0) <= 1.5)) return undefined;
    }
  }
  return parts;
}

/** The first word of a value that is an amount: '$2000', '50%', '1,500'. */
const AMOUNT_START = /^[$€£]?\d/;

/**
 * A cell across three columns or more holding lines of headings, each line several runs of text
 * ('Non-Orthodontics  Orthodontics' over 'Network  Non-Network  Network  Non-Network'), is one
 * grid row per line: a bar of headings at each level, split over its columns afterwards.
 */
export function splitHeadingLevels(grid: Grid, cellWords: Word[][]): void {
  for (let i = grid.cells.length - 1; i >= 0; i--) {
    const cell = grid.cells[i]!;
    if (cell.colSpan < 3 || cell.rowSpan !== 1) continue;
    const lines = groupLines(cellWords[i]!, 0);
    if (lines.length < 2 || lines.length > 3) continue;
    if (!lines.every((l) => groupLines(l.words, 0, 2).length >= 2)) continue;
    // the row holds this cell alone
    const r = cell.row;
    if (
      grid.cells.some(
        (o, k) => k !== i && o.row <= r && o.row + o.rowSpan > r && cellWords[k]!.length,
      )
    )
      continue;
    const cuts = lines.slice(1).map((l, k) => (lines[k]!.box[3] + l.box[1]) / 2);
    grid.ys.splice(r + 1, 0, ...cuts);
    const n = cuts.length;
    for (const o of grid.cells) {
      if (o === cell) continue;
      if (o.row > r) o.row += n;
      else if (o.row + o.rowSpan > r) o.rowSpan += n;
    }
    const edges = [cell.box[1], ...cuts, cell.box[3]];
    const parts = lines.map((l, k) => ({
      cell: {
        ...cell,
        row: r + k,
        box: [cell.box[0], edges[k]!, cell.box[2], edges[k + 1]!] as Box,
      },
      words: l.words,
    }));
    grid.cells.splice(i, 1, ...parts.map((p) => p.cell));
    cellWords.splice(i, 1, ...parts.map((p) => p.words));
  }
}

/**
 * A ruled column that holds two columns of text without a rule between them ('$50' under
 * 'Non-Orthodontics' and '$0' under 'Orthodontics'; 'Oral exam      $0' where the rule between
 * the service and the member's payment was not drawn) is split at a blank stripe: where two lines
 * at least print text on both sides of it, and the text right of it lines up (its left edges,
 * right edges or centres), or, in a column of four lines or fewer, the one blank four characters
 * wide that a line leaves. A cell whose text starts inside the stripe (a heading centred over the
 * values) goes right; one whose words cross it (a sentence under 'Benefit Guidelines' lower
 * down) keeps one cell spanning both columns. A column of three ('$50 $50 $0': network,
 * non-network, orthodontia) is split twice.
 */
export function splitUnruledColumns(grid: Grid, cellWords: Word[][]): void {
  for (let c = grid.xs.length - 2; c >= 0; c--) {
    const stripe = stripeInColumn(grid, cellWords, c);
    if (stripe === undefined) continue;
    const [from, x] = stripe;
    grid.xs.splice(c + 1, 0, x);
    for (let i = grid.cells.length - 1; i >= 0; i--) {
      const cell = grid.cells[i]!;
      const words = cellWords[i]!;
      if (cell.col > c) {
        cell.col++;
        continue;
      }
      if (cell.col + cell.colSpan <= c) continue;
      const inStripe = words.some((w) => w.box[2] > from && w.box[0] < x);
      if (cell.colSpan > 1 || (inStripe && !words.every((w) => w.box[0] >= from))) {
        cell.colSpan++;
        continue;
      }
      const right = inStripe ? words : words.filter((w) => w.box[0] >= x);
      const left = inStripe ? [] : words.filter((w) => w.box[2] <= from);
      const box = cell.box;
      grid.cells.splice(
        i,
        1,
        { ...cell, box: [box[0], box[1], x, box[3]] },
        { ...cell, col: c + 1, box: [x, box[1], box[2], box[3]] },
      );
      cellWords.splice(i, 1, left, right);
    }
    // either side may hold two columns again: look at both once more (the columns right of them
    // are as they were, found whole already)
    c += 2;
  }
}

/** The blank stripe [from, x] splitting column c in two, else undefined. */
function stripeInColumn(grid: Grid, cellWords: Word[][], c: number): [number, number] | undefined {
  const lines = grid.cells.flatMap((cell, i) =>
    cell.col === c && cell.colSpan === 1 && cellWords[i]!.length
      ? groupLines(cellWords[i]!, 0).map((l) => [...l.words].sort((a, b) => a.box[0] - b.box[0]))
      : [],
  );
  if (lines.length < 2) return undefined;
  const size = median(lines.flat().map((w) => w.size));
  const least = Math.max(3 * size, 20);
  // each line's wide blanks between words: [end of the text before, start of the text after]
  const gaps = lines.map((ws) => {
    const out: Array<[number, number]> = [];
    let reach = ws[0]!.box[2];
    for (const w of ws.slice(1)) {
      if (w.box[0] - reach >= least) out.push([reach, w.box[0]]);
      reach = Math.max(reach, w.box[2]);
    }
    return out;
  });
  // the blank most lines share: each candidate narrowed by the lines whose blank overlaps it
  let best: { from: number; x: number; rows: number[] } | undefined;
  for (const [a, b] of gaps.flat()) {
    let from = a;
    let x = b;
    const rows: number[] = [];
    gaps.forEach((g, k) => {
      const shared = g.find(([a2, b2]) => Math.min(x, b2) - Math.max(from, a2) >= size);
      if (!shared) return;
      from = Math.max(from, shared[0]);
      x = Math.min(x, shared[1]);
      rows.push(k);
    });
    if (rows.length >= 2 && rows.length > (best?.rows.length ?? 0)) best = { from, x, rows };
  }
  // a column only one of a few lines prints in (a frequency beside a two-line copay, the grid's
  // other rows printed as grids of their own), its blank wide: that line's blank
  if (!best && lines.length <= 4) {
    const wide = gaps.flat().filter(([a, b]) => b - a >= 4 * size);
    // (the column's edge unknown, the blank's middle: nearer the next grid's ruled edge)
    if (wide.length === 1) return [wide[0]![0], (wide[0]![0] + wide[0]![1]) / 2];
  }
  if (!best) return undefined;
  const { from, x } = best;
  const rights = best.rows.map((k) => lines[k]!.filter((w) => w.box[0] >= x));
  const aligned = (edge: (ws: Word[]) => number) => {
    const e = rights.map(edge);
    return Math.max(...e) - Math.min(...e) <= size;
  };
  const left = (ws: Word[]) => Math.min(...ws.map((w) => w.box[0]));
  const right = (ws: Word[]) => Math.max(...ws.map((w) => w.box[2]));
  // (or most lines start right of the blank at one edge and the others further right: a column
  // whose cell is empty in those lines, their text in a later column — values across several
  // plans, a heading printed on another line)
  const starts = rights.map(left);
  const first = Math.min(...starts);
  const atFirst = starts.filter((e) => e - first <= size).length;
  const laterColumns = atFirst >= 3 && atFirst * 2 >= starts.length;
  if (
    !aligned(left) &&
    !aligned(right) &&
    !aligned((ws) => (left(ws) + right(ws)) / 2) &&
    !laterColumns
  )
    return undefined;
  return [from, x];
}

/** Turns a grid and the words inside it into a table, dropping rows and columns with no text. */
function tableFromGrid(grid: Grid, words: Word[], page: number): Table | null {
  const cellWords = grid.cells.map(() => [] as Word[]);
  for (const w of words) {
    const c = centre(w.box);
    const i = grid.cells.findIndex((cell) => inside(c, cell.box, 0.5));
    if (i >= 0) cellWords[i]!.push(w);
  }
  splitHeadingLevels(grid, cellWords);
  splitSpanningCells(grid, cellWords);
  splitUnruledColumns(grid, cellWords);
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

/**
 * A label wrapped over two lines with its row's values set level between them ('Polycarbonate
 * photochromic single vision lenses (for' over '… | $160 | $115' over 'Dependent children only)'):
 * three rows of an unruled table, each with text only where the others have none, the first
 * opening a parenthesis the last closes. They are one row.
 */
export function joinLabelAroundValues(table: Table): void {
  for (let r = table.rows - 2; r >= 1; r--) {
    const cellsOf = (row: number) => table.cells.filter((c) => c.row === row && c.text.trim());
    const [top, mid, bottom] = [cellsOf(r - 1), cellsOf(r), cellsOf(r + 1)];
    if (!top.length || !mid.length || !bottom.length) continue;
    if ([...top, ...mid, ...bottom].some((c) => c.rowSpan !== 1 || c.colSpan !== 1)) continue;
    const cols = (cs: Cell[]) => new Set(cs.map((c) => c.col));
    const [tc, mc, bc] = [cols(top), cols(mid), cols(bottom)];
    if ([...mc].some((c) => tc.has(c) || bc.has(c))) continue;
    // the wrapped label: the last column the top row and the bottom row both print, opened
    // above and closed below
    const label = bottom.find((c) => tc.has(c.col));
    const head = label && top.find((c) => c.col === label.col);
    if (!label || !head || bottom.length !== 1) continue;
    if (!opened(head.text) || !label.text.includes(')')) continue;
    // the values stand right of the label
    if (![...mc].every((c) => c > label.col)) continue;
    head.lines = [...head.lines, ...label.lines];
    head.text = head.lines.map((l) => l.text).join('\n');
    if (head.box && label.box)
      head.box = [head.box[0], head.box[1], head.box[2], Math.max(head.box[3], label.box[3])];
    // (the top row's empty cells where the values go make way for them)
    table.cells = table.cells.filter((c) => !(c.row === r - 1 && !c.text.trim() && mc.has(c.col)));
    for (const c of mid) c.row = r - 1;
    table.cells = table.cells.filter((c) => c.row !== r && c.row !== r + 1);
    // the emptied rows go: every cell below moves up two rows
    for (const c of table.cells) if (c.row > r + 1) c.row -= 2;
    table.rows -= 2;
    table.cells.sort((a, b) => a.row - b.row || a.col - b.col);
    r--;
  }
}

/**
 * A ruled row whose every cell goes on in lower case from the cell above it ('highest listed
 * maximum amount …)' under 'Annual Maximum Benefit (The total benefit … the', 'per Calendar Year'
 * under '$1500 per person', or '3x/Fam)' under '$50 (Max') is the rest of the row above, wrapped
 * over a rule: it is joined to it.
 */
/**
 * In a schedule with a column of procedure codes right of the names ('Periodic Oral Evaluation |
 * D0120 | $0'), a row holding only a name's line, between two coded rows, is the name above
 * wrapped ('Incomplete Endodontic Therapy -' over 'Inoperable/Fractured') unless it names a
 * category (a bar: 'Type III – Endodontics'): it is joined to the row above.
 */
export function joinCodedLabelWraps(table: Table): void {
  const codeAt = (r: number) =>
    table.cells.some((c) => c.row === r && c.col > 0 && BARE_PROCEDURE_CODE.test(c.text.trim()));
  const coded = [...Array(table.rows).keys()].filter(codeAt).length;
  if (coded < 3) return;
  for (let r = table.rows - 2; r >= 1; r--) {
    const row = table.cells.filter((c) => c.row === r && c.text.trim());
    if (row.length !== 1 || row[0]!.col !== 0 || row[0]!.rowSpan !== 1) continue;
    if (!codeAt(r - 1) || !codeAt(r + 1)) continue;
    const text = row[0]!.text.trim();
    if (
      DENTAL_CATEGORY.test(text) ||
      SERVICE_CODE_AT_START.test(text) ||
      SERVICE_GROUP_HEADING.test(text)
    )
      continue;
    const target = table.cells.find((c) => c.row === r - 1 && c.col === 0 && c.text.trim());
    if (!target) continue;
    target.lines = [...target.lines, ...row[0]!.lines];
    target.text = target.lines.map((l) => l.text).join('\n');
    table.cells = table.cells.filter((c) => c !== row[0]);
    for (const c of table.cells) if (c.row > r) c.row--;
    table.rows--;
  }
}

/**
 * In a schedule whose procedure codes are printed in the label column ('D1310 Nutritional
 * counseling … | No Cost'), a name wrapped over two lines has its code set level between them and
 * its values level with the last ('Tobacco counseling for the control and prevention of oral' /
 * 'D1320' over 'disease | No Cost'), or its code opening its first line and its values level with
 * the next: a coded row without values, then a row whose label has no code
 * and goes on in lower case, with values. They are one row.
 */
export function joinCodeBetweenWrappedLines(table: Table): void {
  const labelOf = (r: number) => table.cells.find((c) => c.row === r && c.col === 0);
  // the code alone on a line between the name's lines, or opening the name's first line
  // ('D3352 Apexification/Recalcification- interim medication' over 'replacement (…) | No Cost')
  const codeLine = (cell: Cell | undefined) =>
    (cell?.lines.some((l) => BARE_PROCEDURE_CODE.test(l.text.trim())) ||
      PROCEDURE_CODE.test(cell?.lines[0]?.text.trim() ?? '')) ??
    false;
  const coded = [...Array(table.rows).keys()].filter((r) =>
    labelOf(r)?.lines.some((l) => PROCEDURE_CODE.test(l.text.trim())),
  ).length;
  if (coded < 3) return;
  for (let r = table.rows - 2; r >= 0; r--) {
    const upper = table.cells.filter((c) => c.row === r && c.text.trim());
    const lower = table.cells.filter((c) => c.row === r + 1 && c.text.trim());
    const [head, rest] = [labelOf(r), labelOf(r + 1)];
    if (!head || !rest || upper.length !== 1 || upper[0] !== head || !codeLine(head)) continue;
    if (lower.length < 2 || !rest.text.trim() || !/^[a-z(]/.test(rest.text.trim())) continue;
    if (rest.lines.some((l) => PROCEDURE_CODE.test(l.text.trim()))) continue;
    if ([head, ...lower].some((c) => c.rowSpan !== 1 || c.colSpan !== 1)) continue;
    head.lines = [...head.lines, ...rest.lines];
    head.text = head.lines.map((l) => l.text).join('\n');
    if (head.box && rest.box)
      head.box = [head.box[0], head.box[1], Math.max(head.box[2], rest.box[2]), rest.box[3]];
    table.cells = table.cells.filter(
      (c) => c !== rest && !(c.row === r && c !== head && !c.text.trim()),
    );
    for (const c of lower) if (c !== rest) c.row = r;
    for (const c of table.cells) if (c.row > r + 1) c.row--;
    table.rows--;
    table.cells.sort((a, b) => a.row - b.row || a.col - b.col);
  }
}

export function joinWrappedRows(table: Table): void {
  for (let r = table.rows - 1; r >= 1; r--) {
    const row = table.cells.filter((c) => c.row === r && c.text.trim());
    const label = row.find((c) => c.col === 0);
    if (!label || row.some((c) => c.rowSpan !== 1)) continue;
    // (a row goes on only if some cell does: in lower case, or closing a parenthesis)
    if (!row.some((c) => /^[a-z]/.test(c.text.trim()) || c.text.includes(')'))) continue;
    const above = (c: Cell) =>
      table.cells.find(
        (o) =>
          o.row === r - 1 &&
          o.rowSpan === 1 &&
          o.col <= c.col &&
          o.col + o.colSpan > c.col &&
          o.text.trim() &&
          !/[.:;!?]$/.test(o.text.trim()),
      );
    const targets = row.map(above);
    if (targets.some((t) => t === undefined)) continue;
    // each cell goes on in lower case, or closes a parenthesis the cell above left open ('$50 (Max'
    // over '3x/Fam)'); a label beside two such values at least goes on too ('Annual' over
    // 'Deductible')
    const goesOn = row.map(
      (c, k) => /^[a-z]/.test(c.text.trim()) || (opened(targets[k]!.text) && c.text.includes(')')),
    );
    const valuesGoOn = row.length >= 3 && row.every((c, k) => c === label || goesOn[k]);
    if (!row.every((c, k) => goesOn[k] || (c === label && valuesGoOn))) continue;
    row.forEach((c, k) => {
      const t = targets[k]!;
      t.lines = [...t.lines, ...c.lines];
      t.text = t.lines.map((l) => l.text).join('\n');
      if (t.box && c.box) t.box = [t.box[0], t.box[1], t.box[2], Math.max(t.box[3], c.box[3])];
    });
    table.cells = table.cells.filter((c) => c.row !== r);
    for (const c of table.cells) {
      if (c.row > r) c.row--;
      else if (c.row + c.rowSpan > r) c.rowSpan--;
    }
    table.rows--;
  }
}

/** Assembles a page: tables from rulings (then from text alignment), free lines, reading order. */
/**
 * A grid whose rows are its lines (a fill or a rule under every line): a category's values wrap
 * over three lines ('100% of' / 'Negotiated' / 'Fee*') and its label over two others ('Type A –' /
 * 'Preventive'), each line a row. A row whose values are left open ('100% of', 'Out-of-': at
 * least two, and half its values, end in a word or a hyphen that cannot end one) takes in the rows
 * below it while they go on: no value there starts with an amount, and a label there comes under
 * no label yet or under one left open by a dash ('Type A –').
 */
export function joinRowsLeftOpen(table: Table): void {
  const OPEN_END = /(\b(of|and|or|to|for|the|per|at)|[-–—,])$/i;
  const textAt = (r: number) => table.cells.filter((c) => c.row === r && c.text.trim());
  for (let r = 0; r < table.rows - 1; r++) {
    const start = textAt(r);
    const values = start.filter((c) => c.col > 0);
    const open = values.filter((c) => OPEN_END.test(c.text.trim())).length;
    if (open < 2 || open * 2 < values.length) continue;
    const cellAt = (col: number) =>
      table.cells.find((c) => c.row === r && c.col <= col && c.col + c.colSpan > col);
    while (r + 1 < table.rows) {
      const next = textAt(r + 1);
      // (lines set half a line apart, label against values, span two rows each)
      if (next.length === 0 || next.some((c) => c.rowSpan > 2)) break;
      if (next.some((c) => c.col > 0 && /^[$€£]?\d/.test(c.text.trim()))) break;
      const label = cellAt(0)?.text.trim() ?? '';
      const nextLabel = next.find((c) => c.col === 0);
      // a heading's last line drawn across the grid goes on in the label ('Maximum' under
      // 'Orthodontia Lifetime', beside the network headings)
      const acrossUnderHeading =
        next.length === 1 &&
        nextLabel !== undefined &&
        nextLabel.colSpan === table.cols &&
        label !== '' &&
        textAt(r).every((c) => !/\d/.test(c.text));
      // a label goes on from one left open by a dash, or beside headings that go on from the
      // open ones above them ('Orthodontia | Out-of-' over 'Lifetime | In-Network | Network')
      const headingsGoOn =
        next.length >= 2 &&
        next.every((c) => {
          if (c.col === 0) return true;
          const o = cellAt(c.col)?.text.trim() ?? '';
          return !/\d/.test(c.text) && (o === '' || OPEN_END.test(o));
        });
      if (nextLabel && label && !/[–—-]$/.test(label) && !headingsGoOn && !acrossUnderHeading)
        break;
      // each cell goes on in the cell above it, or fills it
      if (
        !acrossUnderHeading &&
        next.some((c) => (cellAt(c.col)?.colSpan ?? c.colSpan) !== c.colSpan)
      )
        break;
      for (const c of next) {
        const o = cellAt(c.col);
        if (o?.text.trim()) {
          o.lines = [...o.lines, ...c.lines];
          o.text = o.lines.map((l) => l.text).join('\n');
          if (o.box && c.box) o.box = [o.box[0], o.box[1], o.box[2], Math.max(o.box[3], c.box[3])];
        } else if (o) Object.assign(o, { text: c.text, lines: c.lines, box: c.box });
        else table.cells.push({ ...c, row: r });
      }
      table.cells = table.cells.filter((c) => c.row !== r + 1);
      for (const c of table.cells) {
        if (c.row > r + 1) c.row--;
        else if (c.row + c.rowSpan > r + 1) c.rowSpan--;
      }
      table.rows--;
    }
  }
  table.cells.sort((a, b) => a.row - b.row || a.col - b.col);
}

/**
 * A ruled grid that is a frame round content, not a table: one of its cells holds most of its
 * text, in many lines (at least FRAME_LINES), and the other cells hold a line or two at most
 * (a banner title, a page number). A real table with a long cell (a prose note, a list of
 * exclusions) has other cells with content beside it, or a value in the long cell's row.
 */
const FRAME_LINES = 12;
export function isFrame(table: Table): boolean {
  const filled = table.cells.filter((c) => c.text.trim());
  if (filled.length === 0) return false;
  const big = filled.reduce((a, b) => (b.lines.length > a.lines.length ? b : a));
  if (big.lines.length < FRAME_LINES) return false;
  // (an amount or a percentage beside the long cell, in its row, is that row's value: a grid row
  // whose label lists many procedures, 'Major services / Crowns … / Endodontics | 50%')
  const besideValue = filled.some(
    (c) =>
      c !== big &&
      c.row < big.row + big.rowSpan &&
      big.row < c.row + c.rowSpan &&
      /\d\s*%|\$\s?\d/.test(c.text),
  );
  if (besideValue) return false;
  return filled.every((c) => c === big || c.lines.length <= 2) && filled.length <= 6;
}

/**
 * A ruled frame drawn over a whole page of an unruled table, its rules also cutting the table's
 * columns apart (code | description | copay, each column one tall cell): the grid covers most of
 * the page, and two cells side by side in one of its rows each hold many lines (FRAME_LINES or
 * more) that stand level with each other, its other rows a line a cell at most (a banner, a
 * footer). Its rows are the lines, not the grid's few rows.
 */
export function framesUnruledTable(table: Table, pageWidth: number, pageHeight: number): boolean {
  const box = table.box;
  if (!box || box[2] - box[0] < 0.8 * pageWidth || box[3] - box[1] < 0.7 * pageHeight) return false;
  const tall = table.cells.filter((c) => c.lines.length >= FRAME_LINES);
  for (const a of tall) {
    for (const b of tall) {
      if (a === b || a.row !== b.row || a.col >= b.col) continue;
      const [few, many] = a.lines.length <= b.lines.length ? [a, b] : [b, a];
      const level = few.lines.filter((l) =>
        many.lines.some((m) => Math.abs(m.box[1] - l.box[1]) <= 0.3 * l.size),
      );
      // the grid's other rows hold a banner, a page number, a footer: a line a cell at most
      const others = table.cells.filter((c) => c.row !== a.row && c.text.trim());
      if (level.length >= 0.7 * few.lines.length && others.every((c) => c.lines.length <= 1))
        return true;
    }
  }
  return false;
}

export function buildPage(given: PageInput): Page {
  // a translation printed beside the text (another script) is read as nothing
  const input = { ...given, words: withoutOtherScripts(given.words) };
  // the drawn rules merged (a rule drawn in pieces is one rule), once: what the steps below merge
  // again while they add no lines of their own
  const merged = mergeSegments(input.segments, input.tolerance);
  // tables ruled between rows only get the column lines their text implies
  const virtual = virtualRulings(
    input.segments,
    input.words,
    input.tolerance,
    input.source === 'ocr',
    merged,
  );
  // the page's body type size (the words' median), once
  const bodySize = median(input.words.map((w) => w.size)) || 10;
  // rows drawn as fills with thin gutters between them stay one grid (on a text page: rules found
  // in a scan's pixels break at every speck and fill edge, so a gap there is no sure gutter)
  const bridges =
    input.source === 'ocr'
      ? []
      : bridgeGutters(
          [...input.segments, ...virtual],
          input.words.map((w) => centre(w.box)),
          bodySize,
          input.tolerance,
          virtual.length ? undefined : merged,
        );
  const grids = findGrids(
    [...input.segments, ...virtual, ...bridges],
    input.tolerance,
    input.segments,
    virtual.length || bridges.length ? undefined : merged,
  );
  const tables: Table[] = [];
  let free = input.words;
  for (const grid of grids) {
    const inGrid = free.filter((w) => inside(centre(w.box), grid.box, 0.5));
    if (inGrid.length === 0) continue;
    const table = tableFromGrid(grid, inGrid, input.number);
    if (!table) continue;
    // a frame drawn round a page's content (a border, a banner) is no table: its text is read
    // as the page's own, where the table it holds shows by alignment
    if (isFrame(table) || framesUnruledTable(table, input.width, input.height)) continue;
    splitUnruledRows(table);
    splitSpanningRowLabels(table);
    splitAlignedSubRows(table);
    joinWrappedRows(table);
    joinRowsLeftOpen(table);
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
  const grouped = groupLines(free, input.number, input.source === 'ocr' ? 2 : 1.2);
  // a recognised line can run from one cell into the next where no rule parts them
  const lines: Line[] =
    input.source === 'ocr' ? splitAtColumnEdges(grouped, input.number) : grouped;
  // stretches set in two columns are read column by column
  // two tables side by side under their own rules are two columns; other stretches set in two
  // columns show by their parallel headings or an empty gutter
  // (rules of a grid read as a table already are that table's, not a page's columns)
  const ruled = ruleBands(
    input.segments.filter(
      (seg) =>
        !tables.some(
          (t) =>
            t.box &&
            inside(
              seg.dir === 'h' ? [(seg.a + seg.b) / 2, seg.pos] : [seg.pos, (seg.a + seg.b) / 2],
              t.box,
              1,
            ),
        ),
    ),
    bodySize,
    input.tolerance,
  );
  const bands = [
    ...ruled,
    ...columnBands([
      ...lines.map((line) => ({ box: line.box, line })),
      ...tables.flatMap((t) => (t.box ? [{ box: t.box }] : [])),
    ]).filter((b) => !ruled.some((r) => b.y0 < r.y1 && r.y0 < b.y1)),
  ];
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    const at = placeInBand(line.box, bands);
    const key = at ? `${bands.indexOf(at.band)}:${at.side}` : 'page';
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const blocks: Block[] = [];
  for (const group of groups.values()) {
    const found = alignmentTables(group, input.number);
    for (const table of found.tables) {
      joinCodedLabelWraps(table);
      joinCodeBetweenWrappedLines(table);
      joinLabelAroundValues(table);
    }
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
