import { COVERAGE_WORD_LINE } from '../interpret/vocabulary.ts';
import type { Cell, Line, Table } from '../layout.ts';
import { opened } from './lines.ts';

/**
 * Ruled tables often draw rules between sections only: one ruled row then holds a list of
 * services in its first column and their values, line for line, in the others ("Single vision
 * $25 Up to $25 / Bifocal $25 Up to $40 / …"). Such a row is read as one cell per column with
 * many lines, and which value belongs to which service is lost. This step splits it into one row
 * per printed line that the columns share:
 *
 * - the first column's lines anchor bands; each other column's lines are paired with them in
 *   order, each with the nearest anchor (alignInOrder), so values set a little lower than their
 *   labels, or drifting by a fraction of a line down a separate text flow, still pair up;
 * - the row is split only when at least three bands pair a label with a value (a figure, an
 *   amount, a rate) — two when every line of the row found its place — and the first column
 *   is not a paragraph wrapped over its width, nor any other column's text continued in lower
 *   case;
 * - a band with text in other columns only continues the row above it (a wrapped value); a band
 *   with text in the first column only starts a row (a heading or a label without values) unless
 *   the label above it was wrapped (it filled its cell's width, or the line starts in lower case).
 */
export function splitAlignedSubRows(table: Table): void {
  for (let r = table.rows - 1; r >= 0; r--) {
    const row = table.cells.filter((c) => c.row === r);
    if (row.some((c) => c.rowSpan > 1)) continue;
    // a cell of another row spanning down into this one keeps the row whole
    if (table.cells.some((c) => c.row < r && c.row + c.rowSpan > r)) continue;
    const parts = subRows(row);
    if (!parts) continue;
    const k = parts.length;
    for (const c of table.cells) if (c.row > r) c.row += k - 1;
    const replacement: Cell[] = [];
    for (const cell of row) {
      parts.forEach((part, i) => {
        const lines = cell.lines.filter((l) => part.has(l));
        const top = i === 0 ? cell.box?.[1] : Math.min(...lines.map((l) => l.box[1]));
        const bottom = i === k - 1 ? cell.box?.[3] : Math.max(...lines.map((l) => l.box[3]));
        replacement.push({
          ...cell,
          row: r + i,
          lines,
          text: lines.map((l) => l.text).join('\n'),
          ...(cell.box && Number.isFinite(top) && Number.isFinite(bottom)
            ? { box: [cell.box[0], top!, cell.box[2], bottom!] }
            : { box: undefined }),
        });
      });
    }
    const others = table.cells.filter((c) => !row.includes(c));
    table.cells = [...others, ...replacement].sort((a, b) => a.row - b.row || a.col - b.col);
    for (const c of table.cells) if (!c.box) delete c.box;
    table.rows += k - 1;
  }
}

/** A line's height on the page, half-way down it. */
const mid = (l: Line) => (l.box[1] + l.box[3]) / 2;

interface Band {
  top: number;
  bottom: number;
  lines: { line: Line; col: number }[];
}

/** The row's lines grouped into sub-rows, or undefined when the row is not a list. */
function subRows(row: Cell[]): Set<Line>[] | undefined {
  const all = row.filter((c) => c.lines.length > 0);
  // a one-line label beside a column of sub-labels ('Calendar Year Deductible | Individual
  // coverage / Family coverage | $50 / $150'): the sub-labels anchor the list, the label heads its
  // first row
  const head = subLabelled(all);
  const filled = head ? all.filter((c) => c !== head) : all;
  const parts = subRowsOf(filled, head !== undefined) ?? (head ? undefined : spacedLabels(filled));
  if (parts && head) for (const l of head.lines) parts[0]!.add(l);
  return parts;
}

/**
 * A first column of names set a blank line apart ('Prescription Glasses', then indented
 * 'Lenses'), each level with the first line of its own values in a column beside ('$10 copay';
 * 'Single vision, lined bifocal …' wrapped over four lines): one sub-row per name, from its line
 * down to the next name's. Undefined unless every name starts with a capital and one column holds
 * a line level with each name.
 */
function spacedLabels(filled: Cell[]): Set<Line>[] | undefined {
  if (filled.length < 2) return undefined;
  const first = Math.min(...filled.map((c) => c.col));
  const labels = [...filled.find((c) => c.col === first)!.lines].sort((a, b) => mid(a) - mid(b));
  if (labels.length < 2 || labels.some((l) => !/^\p{Lu}/u.test(l.text.trim()))) return undefined;
  const lead = Math.max(...labels.map((l) => l.box[3] - l.box[1]));
  for (let i = 1; i < labels.length; i++)
    if (labels[i]!.box[1] - labels[i - 1]!.box[3] < lead) return undefined;
  const level = (c: Cell) =>
    labels.every((label) => c.lines.some((l) => Math.abs(mid(l) - mid(label)) < lead * 0.5));
  if (!filled.some((c) => c.col !== first && level(c))) return undefined;
  const out = labels.map(() => new Set<Line>());
  for (const cell of filled)
    for (const line of cell.lines) {
      // the name whose line this one is level with or below (before the first name: the first)
      let k = 0;
      for (let i = 1; i < labels.length; i++) if (mid(line) >= mid(labels[i]!) - lead * 0.5) k = i;
      out[k]!.add(line);
    }
  return out;
}

/**
 * The row's first cell when it holds one line and the next column holds two lines or more, none a
 * figure, beside a column of figures: a label over sub-labels.
 */
function subLabelled(filled: Cell[]): Cell | undefined {
  if (filled.length < 3) return undefined;
  const [label, sub] = [...filled].sort((a, b) => a.col - b.col);
  if (label!.lines.length !== 1 || sub!.lines.length < 2) return undefined;
  if (sub!.lines.some((l) => /[\d$%]/.test(l.text))) return undefined;
  // the label stands level with the first sub-label, not above the sub-labels
  const top = Math.min(...sub!.lines.map((l) => l.box[1]));
  const line = label!.lines[0]!;
  if (Math.abs(line.box[1] - top) > line.box[3] - line.box[1]) return undefined;
  return label;
}

function subRowsOf(filled: Cell[], subLabels = false): Set<Line>[] | undefined {
  if (filled.length < 2) return undefined;
  const first = Math.min(...filled.map((c) => c.col));
  const labelCell = filled.find((c) => c.col === first)!;
  // a value column whose lines continue in lower case, or after a line that leaves a bracket
  // open ('$50 (Max' over '3x/Fam)'), wraps its text: the row is one row whose cells wrap, not a
  // list
  const sortedLines = (c: Cell) => [...c.lines].sort((a, b) => a.box[1] - b.box[1]);
  const byY = (a: Line, b: Line) => mid(a) - mid(b);
  if (
    filled.some(
      (c) =>
        c.col !== first &&
        sortedLines(c).some(
          (l, i, all) => i > 0 && (/^\p{Ll}/u.test(l.text.trim()) || opened(all[i - 1]!.text)),
        ),
    ) &&
    !figuresLineForLine(labelCell, filled)
  )
    return undefined;
  // so is a first column whose every further line goes on in lower case: a sentence wrapped
  // over lines ('You pay 65% to 80% of / national average price of / traditional LASIK'), no list
  const firstRest = sortedLines(labelCell).slice(1);
  if (firstRest.length >= 2 && firstRest.every((l) => /^\p{Ll}/u.test(l.text.trim())))
    return undefined;
  // and a first column whose every line holds an amount is a column of values (the grid's labels
  // stand outside its rulings), no list of services
  const firstLines = labelCell.lines;
  if (firstLines.length >= 2 && firstLines.every((l) => /\$\s?\d|\d\s?%/.test(l.text)))
    return undefined;
  // the first column's lines anchor the bands; each other column's lines are paired with them in
  // order, each with the anchor nearest in height (values are often set a little lower than
  // their label, and a column set as its own text flow drifts by a fraction of a line)
  const anchors = [...labelCell.lines].sort(byY);
  const bands: Band[] = anchors.map((line) => ({
    top: line.box[1],
    bottom: line.box[3],
    lines: [{ line, col: first }],
  }));
  const lead = Math.max(1, ...anchors.map((l) => l.box[3] - l.box[1]));
  for (const cell of filled) {
    if (cell.col === first) continue;
    const lines = [...cell.lines].sort(byY);
    const pairs = alignInOrder(lines.map(mid), anchors.map(mid), (d) => Math.abs(d) / lead, 0.75);
    lines.forEach((line, i) => {
      const j = pairs[i];
      const item = { line, col: cell.col };
      if (j === undefined) {
        bands.push({ top: line.box[1], bottom: line.box[3], lines: [item] });
        return;
      }
      const b = bands[j]!;
      b.lines.push(item);
      b.top = Math.min(b.top, line.box[1]);
      b.bottom = Math.max(b.bottom, line.box[3]);
    });
  }
  bands.sort((a, b) => a.top - b.top);
  const cols = (b: Band) => new Set(b.lines.map((l) => l.col));
  // a list pairs labels with values: bands where the first column and a value (a figure, an
  // amount, a rate) in another column sit level
  const valued = (b: Band, words = false) =>
    b.lines.some(
      (l) =>
        l.col !== first &&
        (/[\d$%]/.test(l.line.text) || (words && COVERAGE_WORD_LINE.test(l.line.text))),
    ) && b.lines.some((l) => l.col === first);
  // three pairs make a list; two do when every line of the row found its place (under a heading
  // line of the first column alone: 'Restorative' over its two procedures)
  const pairs = bands.filter((b) => valued(b)).length;
  const heading = bands.length > 2 && cols(bands[0]!).size === 1 && cols(bands[0]!).has(first);
  const whole = bands.slice(heading ? 1 : 0).every((b) => cols(b).size === filled.length);
  // (sub-labels under a label of their own are a list of two however their values wrap; two
  // labels level with a value each, where a word for a coverage is a value as a figure is:
  // 'Major Care | 50%' over 'Orthodontia | Not Covered')
  const worded = bands.filter((b) => valued(b, true)).length;
  if (
    pairs < 3 &&
    !(pairs === 2 && (whole || subLabels)) &&
    !(bands.length === 2 && worded === 2 && whole)
  )
    return undefined;
  const cellRight = labelCell.box?.[2] ?? Math.max(...labelCell.lines.map((l) => l.box[2]));
  const cellLeft = labelCell.box?.[0] ?? Math.min(...labelCell.lines.map((l) => l.box[0]));
  const fills = (line: Line) => line.box[2] >= cellRight - 0.2 * (cellRight - cellLeft);
  const wrapped = (line: Line | undefined, next: Line) =>
    line !== undefined && (fills(line) || /^\p{Ll}/u.test(next.text.trim()));
  // a paragraph wrapped over the first column's width is one cell, not a list
  const labels = labelCell.lines;
  const prose = (line: Line) => fills(line) && !/[\d$%]\S*$/.test(line.text.trim());
  if (
    !subLabels &&
    labels.slice(0, -1).filter(prose).length * 2 > labels.length - 1 &&
    !twoItems(bands, first, filled.length)
  )
    return undefined;
  const out: Set<Line>[] = [];
  let lastLabel: Line | undefined;
  for (const band of bands) {
    const c = cols(band);
    const label = band.lines.find((l) => l.col === first)?.line;
    const starts =
      out.length === 0 ||
      (c.has(first) && c.size >= 2) ||
      (label !== undefined && c.size === 1 && !wrapped(lastLabel, label));
    if (starts) out.push(new Set());
    for (const l of band.lines) out[out.length - 1]!.add(l.line);
    if (label) lastLabel = label;
  }
  return out.length >= 2 ? out : undefined;
}

/**
 * Another column than the labels' holds one figure per label line, level with it ('Inlays/Onlays/
 * Crowns | 50%' over 'Dentures | 50%' over 'Fixed Partial Dentures | 50%'): the row is a list
 * even though a column of notes beside wraps its text over more lines.
 */
function figuresLineForLine(labelCell: Cell, filled: Cell[]): boolean {
  const labels = [...labelCell.lines].sort((a, b) => mid(a) - mid(b));
  if (labels.length < 2) return false;
  const lead = Math.max(1, ...labels.map((l) => l.box[3] - l.box[1]));
  return filled.some((c) => {
    if (c === labelCell || c.lines.length !== labels.length) return false;
    const lines = [...c.lines].sort((a, b) => mid(a) - mid(b));
    return lines.every(
      (l, i) =>
        /^\S*[\d$%]\S*$/.test(l.text.trim()) && Math.abs(mid(l) - mid(labels[i]!)) < lead * 0.5,
    );
  });
}

/** A line that stops short of its end: a joining word or a comma carries it over. */
const CARRIED_OVER = /(,|\b(and|or|of|with|as|the|for|to|in|on|at|by|per|a|an|&|-|–))$/i;

/**
 * Two labels, each level with a value in every other column ('Exam with dilation as necessary |
 * $10 | Up to $30' over 'Retinal imaging | Up to $39 | Not covered'): a list of two, though the
 * first label fills the column's width, when the second label starts anew (a capital) and no line
 * of the row is carried over to the next.
 */
function twoItems(bands: Band[], first: number, columns: number): boolean {
  if (bands.length !== 2) return false;
  if (
    !bands.every(
      (b) => b.lines.length === columns && new Set(b.lines.map((l) => l.col)).size === columns,
    )
  )
    return false;
  const label = (b: Band) => b.lines.find((l) => l.col === first)!.line.text.trim();
  if (!/^[\p{Lu}\d]/u.test(label(bands[1]!))) return false;
  return bands[0]!.lines.every((l) => !CARRIED_OVER.test(l.line.text.trim()));
}

/**
 * Pairs the items of `a` with items of `b` (both sorted), keeping order, one to one, so that the
 * summed cost of the pairs plus `skip` for each item of `a` left unpaired is least. Returns for
 * each item of `a` the index in `b` it is paired with (undefined when unpaired).
 */
export function alignInOrder(
  a: number[],
  b: number[],
  cost: (d: number) => number,
  skip: number,
): (number | undefined)[] {
  const n = a.length;
  const m = b.length;
  // best[i][j]: least cost for a[0..i) against b[0..j)
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  const move = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1));
  for (let i = 1; i <= n; i++) {
    best[i]![0] = i * skip;
    move[i]![0] = 1;
  }
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const pair = best[i - 1]![j - 1]! + cost(a[i - 1]! - b[j - 1]!);
      const skipA = best[i - 1]![j]! + skip;
      const skipB = best[i]![j - 1]!;
      if (pair <= skipA && pair <= skipB) {
        best[i]![j] = pair;
        move[i]![j] = 0;
      } else if (skipA <= skipB) {
        best[i]![j] = skipA;
        move[i]![j] = 1;
      } else {
        best[i]![j] = skipB;
        move[i]![j] = 2;
      }
    }
  }
  const out: (number | undefined)[] = new Array(n).fill(undefined);
  let i = n;
  let j = m;
  while (i > 0) {
    const mv = j === 0 ? 1 : move[i]![j]!;
    if (mv === 0) {
      out[i - 1] = j - 1;
      i--;
      j--;
    } else if (mv === 1) i--;
    else j--;
  }
  return out;
}
