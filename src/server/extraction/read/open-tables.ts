import type { Word } from '../layout.ts';
import { groupLines, median } from './lines.ts';
import { findGrids, mergeSegments, type Segment } from './rulings.ts';

/**
 * Tables drawn with horizontal rules only: a rule under every row (or between rows), often a
 * shaded header bar, and no column lines — the way web pages and word processors print most
 * tables. The rules give the rows; the text gives the columns. We draw the column lines the page
 * leaves out ("virtual rulings"), so the grid builder reads such a table as it reads a fully ruled
 * one: wrapped cells stay in their row, and text that runs across a column boundary in a row
 * makes a spanning cell.
 */

interface Stack {
  a: number;
  b: number;
  ys: number[];
}

const MIN_RULES = 3;

/**
 * Horizontal rules of about the same extent, stacked at row distances (or up to three times as
 * far when the band between starts with a row of cells: a tall row whose label cell lists
 * procedures under a category that prints its values on its first line).
 */
function ruleStacks(
  hs: Segment[],
  tol: number,
  maxRow: number,
  rowLike: (a: number, b: number, y0: number, y1: number) => boolean = () => false,
): Stack[] {
  const sorted = [...hs].sort((p, q) => p.pos - q.pos);
  const stacks: Stack[] = [];
  const same = (s: Stack, h: Segment) => {
    const slack = Math.max(tol * 2, 0.02 * (s.b - s.a));
    return Math.abs(s.a - h.a) <= slack && Math.abs(s.b - h.b) <= slack;
  };
  for (const h of sorted) {
    const open = stacks.find((s) => {
      if (!same(s, h)) return false;
      const last = s.ys[s.ys.length - 1]!;
      const gap = h.pos - last;
      return gap <= maxRow || (gap <= maxRow * 3 && rowLike(s.a, s.b, last, h.pos));
    });
    if (open) {
      if (h.pos - open.ys[open.ys.length - 1]! > tol) open.ys.push(h.pos);
    } else stacks.push({ a: h.a, b: h.b, ys: [h.pos] });
  }
  return stacks;
}

/** Vertical rulings that run through the band between two rules, inside the stack's extent. */
function interiorVerticals(vs: Segment[], s: Stack, y0: number, y1: number, tol: number): number[] {
  return vs
    .filter(
      (v) =>
        v.pos > s.a + tol * 2 &&
        v.pos < s.b - tol * 2 &&
        v.a <= y0 + (y1 - y0) * 0.25 &&
        v.b >= y1 - (y1 - y0) * 0.25,
    )
    .map((v) => v.pos);
}

interface Piece {
  x0: number;
  x1: number;
}

/**
 * The separate runs of text (cells) in a band: words split at gaps wider than about two spaces
 * (cell paddings in narrow tables are as little as 0.6 em).
 */
function pieces(words: Word[]): Piece[] {
  return groupLines(words, 0, 0.55).map((l) => ({ x0: l.box[0], x1: l.box[2] }));
}

/**
 * Extra segments (column lines, and a top rule over a header printed above the first rule) for
 * every stack of horizontal rules that forms a table without column lines.
 */
export function virtualRulings(
  segments: Segment[],
  words: Word[],
  tol: number,
  scanned = false,
  /** `mergeSegments(segments, tol)`, when the caller has it already. */
  merged?: Segment[],
): Segment[] {
  if (words.length === 0) return [];
  merged ??= mergeSegments(segments, tol);
  const size = median(words.map((w) => w.size)) || 10;
  // rules of ruled tables (two rows and two columns or more) are theirs; a one-row grid may be a
  // header bar, a box with no column lines a table whose columns the text gives
  const grids = findGrids(segments, tol, undefined, merged).filter(
    (g) => g.ys.length > 2 && g.xs.length > 2,
  );
  const inGrid = (h: Segment) =>
    grids.some(
      (g) =>
        h.pos >= g.box[1] - tol &&
        h.pos <= g.box[3] + tol &&
        Math.min(h.b, g.box[2]) - Math.max(h.a, g.box[0]) > 0.5 * (h.b - h.a),
    );
  const rowLike = (a: number, b: number, y0: number, y1: number) =>
    startsOneRow(words, a, b, y0, y1, size);
  // (a grid's bottom rule may also top a tall row printed under it, ruled between rows only: a
  // row too tall for a stack of rules to reach, which starts with a row of cells)
  const bottomOfGrid = (h: Segment) =>
    grids.some(
      (g) =>
        Math.abs(h.pos - g.box[3]) <= tol &&
        Math.abs(h.a - g.box[0]) <= tol * 2 &&
        Math.abs(h.b - g.box[2]) <= tol * 2,
    ) && tallRowBelow(h);
  const tallRowBelow = (h: Segment) => {
    const next = merged
      .filter(
        (o) =>
          o.dir === 'h' &&
          o.pos > h.pos + tol &&
          Math.abs(o.a - h.a) <= tol * 2 &&
          Math.abs(o.b - h.b) <= tol * 2,
      )
      .sort((p, q) => p.pos - q.pos)[0];
    return (
      next !== undefined &&
      next.pos - h.pos > size * 7 &&
      next.pos - h.pos <= size * 21 &&
      rowLike(h.a, h.b, h.pos, next.pos)
    );
  };
  const hs = merged.filter(
    (s) => s.dir === 'h' && s.b - s.a >= size * 8 && (!inGrid(s) || bottomOfGrid(s)),
  );
  const vs = merged.filter((s) => s.dir === 'v');
  const out: Segment[] = [];
  for (const stack of ruleStacks(hs, tol, size * 7, rowLike)) {
    const inside = (w: Word, y0: number, y1: number) => {
      const cx = (w.box[0] + w.box[2]) / 2;
      const cy = (w.box[1] + w.box[3]) / 2;
      return cx > stack.a && cx < stack.b && cy > y0 && cy < y1;
    };
    const ys = [...stack.ys];
    // a heading row printed above the first rule (a rule under the header, none above it)
    const first = ys[0]!;
    const above = words.filter((w) => inside(w, first - size * 2.2, first));
    let top: number | undefined;
    // only a row of column headings, not a title over the table nor a justified paragraph
    if (above.length && headingRow(above, size)) {
      top = Math.min(...above.map((w) => w.box[1])) - size * 0.3;
      ys.unshift(top);
    }
    const bottom = rowBelowLastRule(ys, words, inside, size, rulesAcross(merged, stack));
    if (bottom !== undefined) ys.push(bottom);
    for (const part of splitAtHeadings(ys, words, inside)) {
      out.push(
        ...tableRulings(
          stack,
          part.ys,
          part.top ?? (part.ys[0] === top ? top : undefined),
          words,
          inside,
          vs,
          tol,
          part.ys[part.ys.length - 1] === bottom ? bottom : undefined,
          scanned,
        ),
      );
    }
  }
  return out;
}

/**
 * Words above a table's first rule that read as its column headings: two runs or more on a line,
 * apart by more than the widened spaces of a justified paragraph (which also breaks into runs).
 */
export function headingRow(above: Word[], size: number): boolean {
  if (pieces(above).length < 2) return false;
  return groupLines(above, 0).some((line) => {
    const ps = pieces(line.words).sort((p, q) => p.x0 - q.x0);
    return ps.some((p, i) => i > 0 && p.x0 - ps[i - 1]!.x1 >= size * 1.2);
  });
}

/**
 * Whether the text between two rules is one row: its first line a row of cells (three runs or
 * more, apart by two spaces' widths), its further lines in the first cell's column (a list under
 * a category that prints its values on its first line), where rows of their own would print
 * values.
 */
export function startsOneRow(
  words: Word[],
  a: number,
  b: number,
  y0: number,
  y1: number,
  size: number,
): boolean {
  const band = words.filter((w) => {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    return cx > a && cx < b && cy > y0 && cy < y1;
  });
  const [first, ...rest] = groupLines(band, 0);
  if (!first) return false;
  const ps = pieces(first.words).sort((p, q) => p.x0 - q.x0);
  if (ps.length < 3 || !ps.every((p, i) => i === 0 || p.x0 - ps[i - 1]!.x1 >= size * 2))
    return false;
  return rest.every((l) => l.box[2] < ps[1]!.x0);
}

/**
 * The bottom of a last row printed under the last rule of a table ruled between its rows (a rule
 * above each row but the first, none under the last: 'Ortho Lifetime Maximum   $2,000' after the
 * coinsurance rows). The row is one line of the table's type size, in at least two runs whose
 * first starts where the rows' labels start, at the distance from the rule the other rows keep
 * from theirs, with nothing else before the next row's distance.
 */
export function rowBelowLastRule(
  ys: number[],
  words: Word[],
  inside: (w: Word, y0: number, y1: number) => boolean,
  size: number,
  rules: number[] = [],
): number | undefined {
  if (ys.length < 3) return undefined;
  const last = ys[ys.length - 1]!;
  const heights = ys.slice(1).map((y, i) => y - ys[i]!);
  const rowHeight = median(heights);
  // where the text of each row starts below its rule, and where the labels start
  const offsets: number[] = [];
  const starts: number[] = [];
  const bandSizes: number[] = [];
  const runs: Piece[] = [];
  for (let i = 0; i + 1 < ys.length; i++) {
    const band = words.filter((w) => inside(w, ys[i]!, ys[i + 1]!));
    if (!band.length) continue;
    offsets.push(Math.min(...band.map((w) => w.box[1])) - ys[i]!);
    starts.push(Math.min(...band.map((w) => w.box[0])));
    for (const w of band) bandSizes.push(w.size);
    runs.push(...pieces(band));
  }
  if (offsets.length < 2) return undefined;
  const below = words.filter((w) => inside(w, last, last + rowHeight * 1.5));
  if (!below.length) return undefined;
  const lines = groupLines(below, 0);
  const line = lines[0]!;
  const offset = line.box[1] - last;
  const bodySize = median(bandSizes);
  if (
    Math.abs(offset - median(offsets)) > size * 0.6 ||
    line.size > bodySize * 1.1 ||
    pieces(line.words).length < 2 ||
    Math.abs(line.box[0] - Math.min(...starts)) > size
  )
    return undefined;
  // each run starts, or is centred, where a run of the rows above is: the table's columns
  const mid = (p: Piece) => (p.x0 + p.x1) / 2;
  const aligned = (p: Piece) =>
    runs.some(
      (q) => Math.abs(q.x0 - p.x0) <= size * 1.5 || Math.abs(mid(q) - mid(p)) <= size * 1.5,
    );
  if (!pieces(line.words).every(aligned)) return undefined;
  const bottom = line.box[3] + Math.max(0, median(offsets) - 0.5);
  // more text, or a rule, within a row's height under the line: the line heads what follows (a
  // paragraph, the next table's heading row), it does not end this table
  const clear = line.box[3] + rowHeight;
  if (words.some((w) => !line.words.includes(w) && inside(w, line.box[1], clear))) return undefined;
  if (rules.some((y) => y > last + size * 0.5 && y < clear)) return undefined;
  return Math.min(bottom, last + rowHeight);
}

/** The heights of the horizontal rules that cross a stack's extent (any table's, any length). */
function rulesAcross(segments: Segment[], stack: Stack): number[] {
  return segments
    .filter((s) => s.dir === 'h' && Math.min(s.b, stack.b) - Math.max(s.a, stack.a) > 0)
    .map((s) => s.pos);
}

/**
 * A stack of rules can run through several tables and the headings between them (the rules of
 * consecutive tables line up). Headings — text in larger type, or a lone line in a band taller
 * than the rows — end one table and start the next.
 */
function splitAtHeadings(
  ys: number[],
  words: Word[],
  inside: (w: Word, y0: number, y1: number) => boolean,
): Array<{ ys: number[]; top?: number }> {
  const all = words.filter((w) => inside(w, ys[0]!, ys[ys.length - 1]!));
  const body = median(all.map((w) => w.size)) || 10;
  const heights = ys.slice(1).map((y, i) => y - ys[i]!);
  const rowHeight = median(heights);
  const left = Math.min(...all.map((w) => w.box[0]));
  const bold = all.filter((w) => w.bold).length;
  const plainRows = bold < all.length * 0.3;
  const parts: Array<{ ys: number[]; top?: number }> = [];
  let current: { ys: number[]; top?: number } = { ys: [ys[0]!] };
  const close = () => {
    if (current.ys.length >= 2) parts.push(current);
  };
  for (let i = 0; i + 1 < ys.length; i++) {
    const y0 = ys[i]!;
    const y1 = ys[i + 1]!;
    const bandWords = words.filter((w) => inside(w, y0, y1));
    const lines = groupLines(bandWords, 0, 0.9);
    // a heading is larger type alone on its row (not one of a row of column headings)
    const alone = (l: (typeof lines)[number]) =>
      !lines.some((o) => o !== l && o.box[1] < l.box[3] && o.box[3] > l.box[1]);
    const big = lines.filter((l) => l.size > body * 1.15 && alone(l));
    if (big.length) {
      close();
      const bottom = Math.max(...big.map((l) => l.box[3]));
      const rest = bandWords.filter((w) => w.box[1] >= bottom - 0.5);
      current = rest.length ? { ys: [bottom + 0.5, y1], top: bottom + 0.5 } : { ys: [y1] };
      continue;
    }
    // a lone line in a taller band, or bold among plain rows: a heading between two tables;
    // lines of running text only, each a single run, in a taller band: text between two tables
    const lone = lines.length === 1;
    // (running text starts at the table's left; column headings wrapped in a column do not)
    const prose =
      lines.length > 1 && lines.every(alone) && lines.some((l) => l.box[0] <= left + body);
    if (
      (lone && (y1 - y0 > rowHeight * 1.25 || (lines[0]!.bold && plainRows))) ||
      (prose && y1 - y0 > Math.min(...heights) * 2)
    ) {
      close();
      current = { ys: [y1] };
      continue;
    }
    current.ys.push(y1);
  }
  close();
  return parts;
}

/**
 * Text running across a column boundary: no line is drawn through it, so its cell spans the
 * boundary in this row (a value centred over the networks; a heading run that a header bar's
 * cell holds with others is shared out again by the interpreter).
 */
function spans(p: Piece, x: number): boolean {
  return x - p.x0 > 1 && p.x1 - x > 1;
}

/** The column lines (and a top rule, when the part has none) of one table of a stack. */
function tableRulings(
  stack: Stack,
  ys: number[],
  top: number | undefined,
  words: Word[],
  inside: (w: Word, y0: number, y1: number) => boolean,
  vs: Segment[],
  tol: number,
  bottom?: number,
  scanned = false,
): Segment[] {
  if (ys.length < MIN_RULES) return [];
  const bands: Array<{ y0: number; y1: number; words: Word[]; real: number[] }> = [];
  for (let i = 0; i + 1 < ys.length; i++) {
    const y0 = ys[i]!;
    const y1 = ys[i + 1]!;
    bands.push({
      y0,
      y1,
      words: words.filter((w) => inside(w, y0, y1)),
      real: interiorVerticals(vs, stack, y0, y1, tol),
    });
  }
  const filled = bands.filter((b) => b.words.length > 0);
  if (filled.length < 2) return [];
  // a ruled grid already: every band with text has its column lines, and the table its sides (a
  // lone line between two columns, no frame, leaves the other columns to the text)
  const side = (x: number, y0 = ys[0]!, y1 = ys[ys.length - 1]!) =>
    vs.some((v) => Math.abs(v.pos - x) <= tol * 3 && v.a <= y0 + tol && v.b >= y1 - tol);
  if (filled.every((b) => b.real.length > 0) && side(stack.a) && side(stack.b)) return [];
  const bandPieces = filled.map((b) => pieces(b.words));
  const separators = columnSeparators(bandPieces, stack, bands, tol, scanned);
  if (separators.length === 0) return [];
  const out: Segment[] = [];
  if (top !== undefined) out.push({ dir: 'h', pos: top, a: stack.a, b: stack.b });
  if (bottom !== undefined) out.push({ dir: 'h', pos: bottom, a: stack.a, b: stack.b });
  const y0 = ys[0]!;
  const y1 = ys[ys.length - 1]!;
  out.push({ dir: 'v', pos: stack.a, a: y0, b: y1 });
  out.push({ dir: 'v', pos: stack.b, a: y0, b: y1 });
  for (const band of bands) {
    // a band ruled as a grid of its own (column lines and a side) keeps its lines; a lone column
    // line with no sides leaves the other columns to the text
    const framed = side(stack.a, band.y0, band.y1) || side(stack.b, band.y0, band.y1);
    if (band.real.length > 0 && framed) continue;
    const ps = pieces(band.words);
    for (const x of separators) {
      if (band.real.some((r) => Math.abs(r - x) <= tol * 2)) continue;
      if (ps.some((p) => spans(p, x))) continue;
      out.push({ dir: 'v', pos: x, a: band.y0, b: band.y1 });
    }
  }
  return out;
}

/**
 * Column boundaries: gaps that most rows leave free of text with text on both sides. Column lines
 * drawn in some rows (the edges of a shaded header's cells) are used where they fall in a gap.
 */
function columnSeparators(
  bandPieces: Piece[][],
  stack: Stack,
  bands: Array<{ real: number[] }>,
  tol: number,
  scanned: boolean,
): number[] {
  const a = Math.floor(stack.a);
  const b = Math.ceil(stack.b);
  const width = b - a;
  if (width <= 0) return [];
  const cover = new Uint16Array(width + 1);
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const ps of bandPieces) {
    const row = new Uint8Array(width + 1);
    for (const p of ps) {
      left = Math.min(left, p.x0);
      right = Math.max(right, p.x1);
      for (let x = Math.max(a, Math.floor(p.x0)); x <= Math.min(b, Math.ceil(p.x1)); x++)
        row[x - a] = 1;
    }
    for (let i = 0; i <= width; i++) cover[i]! += row[i]!;
  }
  // a gap may be crossed by the few rows that span it, never by most
  const n = bandPieces.length;
  const allowed = n >= 3 ? Math.max(1, Math.floor(n / 4)) : 0;
  const gaps: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= width; i++) {
    const x = a + i;
    const free = cover[i]! <= allowed && x > left && x < right;
    if (free && start < 0) start = x;
    if ((!free || i === width) && start >= 0) {
      gaps.push([start, free ? x : x - 1]);
      start = -1;
    }
  }
  const real = [...new Set(bands.flatMap((bd) => bd.real))];
  const out: number[] = [];
  for (const [k, [g0, g1]] of gaps.entries()) {
    if (g1 - g0 < 2) continue;
    // text on both sides in at least two rows: a real column boundary, not a ragged edge
    const mid = (g0 + g1) / 2;
    const sides = (ps: Piece[]) => ps.some((p) => p.x1 <= mid) && ps.some((p) => p.x0 >= mid);
    const both = bandPieces.filter(sides).length;
    // a table of one row under its headings, the stub heading left empty: that row's runs
    const oneRow =
      bandPieces.length === 2 &&
      g1 - g0 >= 8 &&
      bandPieces[0]!.every((p) => p.x0 >= mid) &&
      sides(bandPieces[1]!);
    if (both < 2 && !oneRow) continue;
    const next = gaps[k + 1]?.[0] ?? b;
    const before = gaps[k - 1]?.[1] ?? a;
    // (on a scan only: a text page draws its header cells' edges, and a value spanning both
    // networks under centred headings needs the boundary to span it)
    if (scanned && headingsOnlyRight(bandPieces, before, mid, next)) continue;
    const drawn = real.find((x) => x >= g0 - tol && x <= g1 + tol);
    out.push(drawn ?? placeInGap(g0, g1, bandPieces.flat()));
  }
  return out;
}

/**
 * A gap whose right side (up to the next gap, `next`) holds text only in the table's first rows
 * — headings centred over a column whose values, set flush left, start further left ('NETWORK'
 * and 'NON-NETWORK' over '$50' and '$50' on a scan's dark header bar, whose cell edges do not
 * show) — is no column boundary: below those rows, at least two rows print text in the column
 * left of it (after `before`) and none right of it. Text running across the gap does not count.
 * Used on scanned pages only.
 */
export function headingsOnlyRight(
  bandPieces: Array<Array<{ x0: number; x1: number }>>,
  before: number,
  mid: number,
  next: number,
): boolean {
  const right = (ps: Array<{ x0: number; x1: number }>) =>
    ps.some((p) => p.x0 >= mid && p.x0 < next);
  const left = (ps: Array<{ x0: number; x1: number }>) =>
    ps.some((p) => p.x1 <= mid && p.x1 > before);
  const last = bandPieces.findLastIndex(right);
  if (last < 0 || last > 2) return false;
  const below = bandPieces.slice(last + 1);
  return below.filter(left).length >= 2 && !below.some(right);
}

/**
 * Where in a gap the column boundary lies: the middle, unless text that is not centred on the gap
 * (a wrapped cell running close to its column's edge) crosses it; then the free stretch that
 * such text leaves. Text centred on the gap is a value spanning both columns and may cross.
 */
function placeInGap(g0: number, g1: number, all: Piece[]): number {
  const mid = (g0 + g1) / 2;
  const slack = 0.15 * (g1 - g0) + 2;
  const blocking = all.filter(
    (p) => p.x1 > g0 && p.x0 < g1 && Math.abs((p.x0 + p.x1) / 2 - mid) > slack,
  );
  const cost = (x: number) => blocking.filter((p) => p.x0 < x - 1 && p.x1 > x + 1).length;
  if (cost(mid) === 0) return mid;
  let best = mid;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestRun = 0;
  let runStart = g0;
  let runCost = cost(g0);
  for (let x = g0 + 1; x <= g1 + 1; x++) {
    const c = x <= g1 ? cost(x) : Number.POSITIVE_INFINITY;
    if (c !== runCost) {
      const len = x - runStart;
      if (runCost < bestCost || (runCost === bestCost && len > bestRun)) {
        bestCost = runCost;
        bestRun = len;
        best = (runStart + x - 1) / 2;
      }
      runStart = x;
      runCost = c;
    }
  }
  return best;
}
