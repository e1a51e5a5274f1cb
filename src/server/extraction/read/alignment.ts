import { BARE_PROCEDURE_CODE, BULLET } from '../interpret/vocabulary.ts';
import type { Box, Cell, Line, Table } from '../layout.ts';
import { makeLine, median } from './lines.ts';

/**
 * Tables without rulings, found from text alignment: runs of visual rows that hold two or more
 * separate text segments become a table whose columns are the x-ranges the segments of the
 * fullest rows occupy. A row that only continues the cells above (a wrapped description in the
 * first column, a wrapped value) joins the row above.
 */

interface Row {
  segments: Line[];
  box: Box;
}

function toRows(lines: Line[]): Row[] {
  const rows: Row[] = [];
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  for (const line of sorted) {
    const mid = (line.box[1] + line.box[3]) / 2;
    const row = rows.find(
      (r) =>
        mid >= r.box[1] - 1 && mid <= r.box[3] + 1 && Math.abs(r.box[1] - line.box[1]) < line.size,
    );
    if (row) {
      row.segments.push(line);
      row.box = [
        Math.min(row.box[0], line.box[0]),
        Math.min(row.box[1], line.box[1]),
        Math.max(row.box[2], line.box[2]),
        Math.max(row.box[3], line.box[3]),
      ];
    } else {
      rows.push({ segments: [line], box: [...line.box] });
    }
  }
  for (const r of rows) r.segments.sort((a, b) => a.box[0] - b.box[0]);
  return joinStraddlingRows(rows.sort((a, b) => a.box[1] - b.box[1]));
}

/**
 * A cell of two lines set vertically centred on a one-line row (a value "$25 plus all charges" /
 * "above $150" beside a label and a one-line value) stands half a line above and half a line below
 * the row's other cells, so its lines and the row's overlap in height without sharing a line.
 * Consecutive rows that overlap by a third of a line or more and fill different columns (no line of
 * one stands over or under a line of the other) are one row. Lines of running text never overlap
 * so; a label wrapped beside a value centred on it has lines over each other and is left to the
 * rules that read wrapped labels.
 */
export function joinStraddlingRows(rows: Row[]): Row[] {
  const out: Row[] = [];
  let prev: Row | undefined;
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last && prev && straddles(prev, row)) {
      last.segments.push(...row.segments);
      last.segments.sort((a, b) => a.box[0] - b.box[0]);
      last.box = [
        Math.min(last.box[0], row.box[0]),
        Math.min(last.box[1], row.box[1]),
        Math.max(last.box[2], row.box[2]),
        Math.max(last.box[3], row.box[3]),
      ];
    } else out.push({ segments: [...row.segments], box: [...row.box] });
    prev = row;
  }
  return out;
}

function straddles(upper: Row, lower: Row): boolean {
  const height = (l: Line) => l.box[3] - l.box[1];
  let overlapping = false;
  for (const a of upper.segments)
    for (const b of lower.segments) {
      if (Math.min(a.box[2], b.box[2]) > Math.max(a.box[0], b.box[0])) return false;
      const dy = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
      if (dy >= Math.min(height(a), height(b)) / 3) overlapping = true;
    }
  return overlapping;
}

/**
 * How much larger than the body a row's type must be to stand as a heading. A recognised line's
 * size is the height of its ink, which a dollar sign, a descender or a shaded cell's edge read
 * with the word stretch by a third or more: on a scanned page only clearly larger type is one.
 */
export function headingRatio(row: { segments: Line[] }): number {
  return row.segments.every((l) => l.words.every((w) => w.whole)) ? 1.5 : 1.15;
}

/** Column x-ranges: the union of the segments of the rows that have the most segments. */
function columnRanges(rows: Row[]): Array<[number, number]> {
  const most = Math.max(...rows.map((r) => r.segments.length));
  const full = rows.filter((r) => r.segments.length >= Math.max(2, most - 1));
  const spans = full
    .flatMap((r) => r.segments.map((s) => [s.box[0], s.box[2]] as [number, number]))
    .sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 2) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function columnsOf(seg: Line, ranges: Array<[number, number]>): [number, number] {
  let first = -1;
  let last = -1;
  ranges.forEach(([a, b], i) => {
    const overlap = Math.min(b, seg.box[2]) - Math.max(a, seg.box[0]);
    if (overlap > 0 || (seg.box[0] >= a - 2 && seg.box[0] <= b)) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) {
    // between columns: the nearest one by centre
    const c = (seg.box[0] + seg.box[2]) / 2;
    let best = 0;
    let dist = Number.POSITIVE_INFINITY;
    ranges.forEach(([a, b], i) => {
      const d = Math.abs((a + b) / 2 - c);
      if (d < dist) {
        dist = d;
        best = i;
      }
    });
    first = best;
    last = best;
  }
  return [first, last];
}

export function alignmentTables(lines: Line[], page: number): { tables: Table[]; lines: Line[] } {
  const rows = toRows(lines);
  const tables: Table[] = [];
  const used = new Set<Line>();
  const size = median(lines.map((l) => l.size)) || 10;
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.segments.length < 2) {
      i++;
      continue;
    }
    // grow a region of multi-segment rows, allowing single-segment rows in between
    let j = i + 1;
    let lastMulti = i;
    // where the values start: a line alone at that x or right of it, after a value whose text runs
    // on (a comma or a semicolon at its end, or a lower-case start), is the value wrapped
    const valueX = rows[i]!.segments[1]!.box[0];
    let lastWrap = i;
    const gaps: number[] = [];
    while (j < rows.length) {
      const gap = rows[j]!.box[1] - rows[j - 1]!.box[3];
      if (gap > size * 2.2) break;
      // a line standing alone between empty lines (a heading or a note set apart by white space),
      // or after an empty line and set in capitals ('MONTHLY RATES' right over its table)
      const below = rows[j + 1] ? rows[j + 1]!.box[1] - rows[j]!.box[3] : Number.POSITIVE_INFINITY;
      if (
        rows[j]!.segments.length < 2 &&
        startsBlock(gap, gaps, size) &&
        (startsBlock(below, gaps, size) ||
          /^[^a-z]*[A-Z]{2,}\s+[A-Z]{2,}[^a-z]*$/.test(rows[j]!.segments[0]!.text))
      )
        break;
      gaps.push(gap);
      // a heading (larger type) starts something new
      if (Math.max(...rows[j]!.segments.map((l) => l.size)) > size * headingRatio(rows[j]!)) break;
      if (rows[j]!.segments.length >= 2) lastMulti = j;
      else if (
        lastWrap === j - 1 &&
        wrapsValue(rows[j]!.segments[0]!, rows[j - 1]!.segments.at(-1)!, valueX, size)
      )
        lastWrap = j;
      else if (lastWrap === j - 1 && goesOnUnderCode(rows[j]!, rows.slice(i, j), size))
        lastWrap = j;
      else if (j - Math.max(lastMulti, lastWrap) > 2) break;
      if (rows[j]!.segments.length >= 2) lastWrap = j;
      j++;
    }
    // a coded description's first line standing alone over the table's first row opens it
    const above = rows[i - 1];
    const start =
      above &&
      !above.segments.some((l) => used.has(l)) &&
      opensCodedRow(above, rows[i]!, columnRanges(rows.slice(i, lastMulti + 1)))
        ? i - 1
        : i;
    const region = rows.slice(start, Math.max(lastMulti, lastWrap) + 1);
    const multi = region.filter((r) => r.segments.length >= 2).length;
    if (multi < 2) {
      i = lastMulti + 1;
      continue;
    }
    const cut = splitAtColumnGaps(dropListMarks(region), page);
    const ranges = columnRanges(cut);
    if (ranges.length < 2 || isProse(region)) {
      i = lastMulti + 1;
      continue;
    }
    const table = buildTable(cut, ranges, page);
    tables.push(table);
    for (const r of region) for (const s of r.segments) used.add(s);
    i = lastMulti + 1;
  }
  return { tables, lines: lines.filter((l) => !used.has(l)) };
}

/**
 * A bullet set apart from its text by a wide gap reads as a segment of its own, and a column of
 * bullets would take the place of the label column: a list mark that opens a row, with text to its
 * right, is no cell.
 */
export function dropListMarks(rows: Row[]): Row[] {
  return rows.map((r) => {
    const [first, ...rest] = r.segments;
    if (!first || rest.length === 0 || first.text.trim().length !== 1 || !BULLET.test(first.text))
      return r;
    const box: Box = [
      Math.min(...rest.map((s) => s.box[0])),
      Math.min(...rest.map((s) => s.box[1])),
      Math.max(...rest.map((s) => s.box[2])),
      Math.max(...rest.map((s) => s.box[3])),
    ];
    return { segments: rest, box };
  });
}

/**
 * A long label can run so close to the value beside it that the line grouping joins them (the gap
 * is under the split gap, yet several spaces wide). Where most of the fullest rows leave an
 * x-range free, with text on both sides in at least half of those that reach left of it, a column
 * boundary lies; a
 * segment that runs across it and has a gap of at least 0.55 em (a cell padding, over twice a
 * word space) between two words right there is two cells. Text that truly spans the boundary (a value centred over two columns, a heading)
 * has ordinary word spaces there and stays whole.
 */
export function splitAtColumnGaps(rows: Row[], page: number): Row[] {
  const most = Math.max(...rows.map((r) => r.segments.length));
  const full = rows.filter((r) => r.segments.length >= Math.max(2, most - 1));
  if (full.length < 4) return rows;
  const segs = full.flatMap((r) => r.segments);
  const a = Math.floor(Math.min(...segs.map((s) => s.box[0])));
  const b = Math.ceil(Math.max(...segs.map((s) => s.box[2])));
  const cover = new Uint16Array(b - a + 1);
  for (const s of segs)
    for (let x = Math.ceil(s.box[0]); x <= Math.floor(s.box[2]); x++) cover[x - a]! += 1;
  const allowed = Math.floor(full.length / 4);
  const bounds: Array<[number, number]> = [];
  let start = -1;
  for (let x = a + 1; x < b; x++) {
    const free = cover[x - a]! <= allowed;
    if (free && start < 0) start = x;
    if (!free && start >= 0) {
      const [g0, g1] = [start, x - 1];
      start = -1;
      if (g1 - g0 < 3) continue;
      const sides = full.filter(
        (r) =>
          r.segments.some((s) => s.box[2] <= g0 + 1) && r.segments.some((s) => s.box[0] >= g1 - 1),
      ).length;
      // (heading rows over the value columns only have nothing left of the range: not counted)
      const reaching = full.filter((r) => r.segments[0]!.box[0] < g0).length;
      if (sides >= 2 && sides * 2 >= reaching) bounds.push([g0, g1]);
    }
  }
  if (bounds.length === 0) return rows;
  // the free range is narrowed by the few segments that cross it, so the cut is the wide word
  // gap that meets the range, not a gap that must hold its middle
  const cutAt = (seg: Line, [g0, g1]: [number, number]): Line[] => {
    if (seg.box[0] >= g0 || seg.box[2] <= g1) return [seg];
    const ws = [...seg.words].sort((p, q) => p.box[0] - q.box[0]);
    const k = ws.findIndex(
      (w, i) =>
        i + 1 < ws.length &&
        w.box[2] <= g1 &&
        ws[i + 1]!.box[0] >= g0 &&
        ws[i + 1]!.box[0] - w.box[2] >= 0.55 * Math.max(w.size, ws[i + 1]!.size),
    );
    if (k < 0) return [seg];
    return [makeLine(ws.slice(0, k + 1), page), makeLine(ws.slice(k + 1), page)];
  };
  return rows.map((r) => {
    let segments = r.segments;
    for (const g of bounds) segments = segments.flatMap((s) => cutAt(s, g));
    return segments === r.segments ? r : { segments, box: r.box };
  });
}

/**
 * Columns of running text side by side (a page set in two or three columns of prose) align as
 * well as a table's columns do. Prose is told by its segments: most are long runs of words
 * (five or more) and few carry a figure, an amount or a rate (list numbers at the start of a
 * line do not count), where a table's cells are short or carry values.
 */
export function isProse(rows: Row[]): boolean {
  const segments = rows.flatMap((r) => r.segments);
  if (segments.length < 6) return false;
  const words = (s: Line) => s.text.trim().split(/\s+/).length;
  const long = segments.filter((s) => words(s) >= 5).length;
  const valued = segments.filter((s) =>
    /[\d$%]/.test(s.text.replace(/^\s*\(?\d{1,2}[.)]\s/, '')),
  ).length;
  return long >= segments.length * 0.6 && valued < segments.length * 0.25;
}

/**
 * A gap between rows that is an empty line of the text flow: wider than a line of type and well
 * over the row spacing of two rows or more seen so far (a monospace printout separates its tables and their headings
 * only so).
 */
export function startsBlock(gap: number, gaps: number[], size: number): boolean {
  if (gaps.length < 2 || gap < size) return false;
  return gap > 2.5 * Math.max(median(gaps), size * 0.15);
}

function buildTable(region: Row[], ranges: Array<[number, number]>, page: number): Table {
  interface Draft {
    cells: Map<number, { lines: Line[]; span: number }>;
  }
  const drafts: Draft[] = [];
  // a description's first line standing alone over the line that holds its code (the code, and
  // its values, centred on a description of three lines): it goes down to that row
  let pending: Line | undefined;
  // a heading's first lines, held back for the heading row below them
  let held: Array<{ seg: Line; cols: [number, number] }> = [];
  for (const [k, row] of region.entries()) {
    const placed = row.segments.map((s) => ({ seg: s, cols: columnsOf(s, ranges) }));
    const next = region[k + 1];
    const nextFirst = next?.segments[0];
    if (
      placed.length === 1 &&
      placed[0]!.cols[0] === 0 &&
      nextFirst !== undefined &&
      columnsOf(nextFirst, ranges)[0] === 0 &&
      opensCodedRow(row, next!, ranges)
    ) {
      pending = placed[0]!.seg;
      continue;
    }
    const prev = drafts[drafts.length - 1];
    // a heading of two lines set on the row it heads (bottom-aligned: 'ALLOWED FREQUENCY -' over
    // 'ADULTS', level with 'FREQUENCY'): its first line, bold under rows that are not, opens the
    // bold row below instead of continuing the one above
    if (prev !== undefined && next !== undefined && opensHeadingBelow(placed, prev, next, ranges)) {
      held.push(...placed);
      continue;
    }
    const onlyContinues =
      prev !== undefined &&
      placed.every(({ cols }) => prev.cells.has(cols[0])) &&
      (placed.every(({ cols }) => cols[0] > 0) ||
        (placed.length === 1 &&
          placed[0]!.cols[0] === 0 &&
          (isContinuation(placed[0]!.seg, prev.cells.get(0)!.lines) ||
            endsUnfinished(prev.cells.get(0)!.lines))));
    if (onlyContinues) {
      // (a line held back for a row that turns out to continue the one above stays in order)
      if (pending) prev.cells.get(0)?.lines.push(pending);
      pending = undefined;
      for (const { seg, cols } of placed) prev.cells.get(cols[0])!.lines.push(seg);
      continue;
    }
    // a label wrapped over two lines whose values stand level with its second line (values
    // centred on the row, read with the lower line): the row above holds the label alone, and
    // this row's first cell continues it ('… (excluding final restora-' / 'tion) | $40')
    const first = placed.find(({ cols }) => cols[0] === 0);
    if (
      prev !== undefined &&
      prev.cells.size === 1 &&
      prev.cells.has(0) &&
      first !== undefined &&
      placed.length >= 2 &&
      endsUnfinished(prev.cells.get(0)!.lines) &&
      isContinuation(first.seg, prev.cells.get(0)!.lines)
    ) {
      if (pending) prev.cells.get(0)?.lines.push(pending);
      pending = undefined;
      for (const { seg, cols } of placed) {
        const cell = prev.cells.get(cols[0]);
        if (cell) cell.lines.push(seg);
        else prev.cells.set(cols[0], { lines: [seg], span: cols[1] - cols[0] + 1 });
      }
      continue;
    }
    const cells = new Map<number, { lines: Line[]; span: number }>();
    for (const { seg, cols } of placed) {
      const existing = cells.get(cols[0]);
      if (existing) existing.lines.push(seg);
      else cells.set(cols[0], { lines: [seg], span: cols[1] - cols[0] + 1 });
    }
    // the description's first line, held back from the row above, opens this row's first cell
    if (pending) cells.get(0)?.lines.unshift(pending);
    pending = undefined;
    for (const { seg, cols } of held) {
      const cell = cells.get(cols[0]);
      if (cell) cell.lines.unshift(seg);
      else cells.set(cols[0], { lines: [seg], span: cols[1] - cols[0] + 1 });
    }
    held = [];
    drafts.push({ cells });
  }
  centredLabels(drafts);
  const cells: Cell[] = [];
  drafts.forEach((d, r) => {
    for (const [col, { lines, span }] of d.cells) {
      const merged = mergeSameRow(lines);
      cells.push({
        text: merged.map((l) => l.text).join('\n'),
        lines: merged,
        box: [
          Math.min(...lines.map((l) => l.box[0])),
          Math.min(...lines.map((l) => l.box[1])),
          Math.max(...lines.map((l) => l.box[2])),
          Math.max(...lines.map((l) => l.box[3])),
        ],
        row: r,
        col,
        rowSpan: 1,
        colSpan: span,
        page,
      });
    }
  });
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  const box: Box = [
    Math.min(...region.map((r) => r.box[0])),
    Math.min(...region.map((r) => r.box[1])),
    Math.max(...region.map((r) => r.box[2])),
    Math.max(...region.map((r) => r.box[3])),
  ];
  return {
    rows: drafts.length,
    cols: ranges.length,
    cells,
    headerRows: 0,
    box,
    page,
    origin: 'alignment',
  };
}

/**
 * Labels set vertically centred on a wrapped value (a cell's middle alignment): the value's first
 * line stands above the label, level with the previous row's last lines, and was read as their
 * continuation. Lines of a value column that stand above a row's label while that row's value in
 * the column continues below it move down to that row when the label sits between them.
 */
function centredLabels(drafts: Array<{ cells: Map<number, { lines: Line[]; span: number }> }>) {
  const mid = (l: Line) => (l.box[1] + l.box[3]) / 2;
  for (let k = 1; k < drafts.length; k++) {
    const row = drafts[k]!.cells;
    const prev = drafts[k - 1]!.cells;
    const next = drafts[k + 1]?.cells;
    for (const [lc, label] of [...row]) {
      const c = lc + label.span;
      if (label.lines.length !== 1) continue;
      const y = mid(label.lines[0]!);
      const above = prev.get(c);
      const prevLabel = prev.get(lc);
      // the previous row's label is one line: its value's further lines are not its own wrap
      if (!above || above.lines.length < 2 || !prevLabel || prevLabel.lines.length !== 1) continue;
      // the rest of the value: in this row below the label, or in the next row without a label
      const own = row.get(c);
      const rest = own ?? (next && !next.has(lc) && next.get(c) ? next.get(c) : undefined);
      if (!rest || Math.min(...rest.lines.map(mid)) <= y) continue;
      const sorted = [...above.lines].sort((a, b) => mid(a) - mid(b));
      const moving = sorted.slice(1).filter((l) => mid(l) < y && mid(l) > mid(sorted[0]!) + 1);
      if (moving.length === 0) continue;
      const ys = [...moving, ...rest.lines].map(mid);
      if (Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - y) > label.lines[0]!.size * 0.6)
        continue;
      above.lines = above.lines.filter((l) => !moving.includes(l));
      if (own) own.lines = [...moving, ...own.lines];
      else {
        row.set(c, { lines: [...moving, ...rest.lines], span: rest.span });
        next!.delete(c);
      }
    }
    // a row whose every line went up to the centred labels is gone
    if (next && next.size === 0) drafts.splice(k + 1, 1);
  }
}

/**
 * Lines of a row without a label, all bold, under a row whose lines in those columns are not, and
 * over a row of bold lines only that holds a label and those columns: the first line of that
 * heading row.
 */
function opensHeadingBelow(
  placed: Array<{ seg: Line; cols: [number, number] }>,
  prev: { cells: Map<number, { lines: Line[] }> },
  next: Row,
  ranges: Array<[number, number]>,
): boolean {
  if (placed.length === 0 || placed.some(({ seg, cols }) => cols[0] === 0 || !seg.bold))
    return false;
  if (placed.some(({ cols }) => prev.cells.get(cols[0])?.lines.some((l) => l.bold) !== false))
    return false;
  const below = next.segments.map((seg) => ({ seg, col: columnsOf(seg, ranges)[0] }));
  return (
    below.every(({ seg }) => seg.bold) &&
    below.some(({ col }) => col === 0) &&
    placed.every(({ cols }) => below.some(({ col }) => col === cols[0]))
  );
}

/**
 * A cell's text stops mid-phrase: its last line ends in a hyphen that breaks a word, a comma, an
 * open parenthesis, or a word that cannot end a label ('and', 'or', 'of', 'with', 'to', 'for').
 */
/**
 * A description's first line standing alone right over the line that holds its code and values
 * (the code and the copay centred on a description of two or three lines, or set level with its
 * second line): right of the code, close above it, and either unfinished
 * ('… application for moder-' over 'D1206 ate to high …') or run to the label column's width
 * with the code's own line going on in lower case ('… cast metal framework with resin' over
 * 'D5213 denture bases …', '… precision attachment' over 'D6091 (male or female …'), a break the width forced. A short finished line ('Osseous surgery')
 * is a line of its own.
 */
function opensCodedRow(row: Row, next: Row, ranges: Array<[number, number]>): boolean {
  if (row.segments.length !== 1 || next.segments.length < 2) return false;
  const seg = row.segments[0]!;
  const code = next.segments[0]!.words[0];
  if (!code || !BARE_PROCEDURE_CODE.test(code.text) || seg.box[0] <= code.box[2]) return false;
  if (next.box[1] - row.box[3] >= row.box[3] - row.box[1]) return false;
  if (endsUnfinished([seg])) return true;
  const after = next.segments.flatMap((s) => s.words)[1];
  if (!after || !/^\(?\p{Ll}/u.test(after.text) || !ranges[0]) return false;
  return seg.box[2] + (after.box[2] - after.box[0]) > ranges[0][1];
}

/**
 * A line alone in the label column that goes on in lower case, close under a row whose label
 * opens with a procedure code, right of that code ('root canal therapy' under 'D3920 Hemisection
 * (including any root removal), not including | $215'): the description wrapped, even after the
 * table's last row of values.
 */
function goesOnUnderCode(row: Row, above: Row[], size: number): boolean {
  if (row.segments.length !== 1) return false;
  const seg = row.segments[0]!;
  const last = above[above.length - 1];
  if (!last || row.box[1] - last.box[3] > size * 0.6 || !/^[a-z(]/.test(seg.text.trim()))
    return false;
  const coded = [...above].reverse().find((r) => r.segments.length >= 2);
  if (!coded) return false;
  const code = coded.segments[0]!.words[0];
  // right of the code, left of the values
  return (
    !!code &&
    BARE_PROCEDURE_CODE.test(code.text) &&
    seg.box[0] > code.box[2] &&
    seg.box[0] < coded.segments.at(-1)!.box[0] - size
  );
}

function endsUnfinished(lines: Line[]): boolean {
  const text = lines[lines.length - 1]?.text.trim() ?? '';
  if (/\p{L}-$/u.test(text) || /[,(/]$/.test(text)) return true;
  if ((text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0)) return true;
  return /\b(and|or|of|with|to|for|the|a|an|in|by)$/i.test(text);
}

/**
 * A line alone in the value column under a row's value that runs on ('Tints/Photochromics;' over
 * 'polycarbonate lenses copay'): it starts where the values start (not left of them by more than
 * a letter) and either the value above ends on a comma or a semicolon or the line opens in lower
 * case.
 */
function wrapsValue(seg: Line, above: Line, valueX: number, size: number): boolean {
  if (seg.box[0] < valueX - size * 0.6 || above.box[0] < valueX - size * 0.6) return false;
  return /[,;]$/.test(above.text.trim()) || /^[a-z$]/.test(seg.text.trim());
}

/** A first-column line that continues the cell above (smaller type, lower case, or a list). */
function isContinuation(seg: Line, above: Line[]): boolean {
  const last = above[above.length - 1];
  if (!last) return false;
  if (seg.size < last.size * 0.92) return true;
  if (/^[a-z(]/.test(seg.text)) return true;
  return /[,;]$/.test(last.text.trim());
}

/** Segments of one cell on the same visual line are one line. */
function mergeSameRow(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const l of [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.box[1] - l.box[1]) < l.size * 0.5) {
      out[out.length - 1] = makeLine([...last.words, ...l.words], l.page);
    } else out.push(l);
  }
  return out;
}
