import type { Box, Line } from '../layout.ts';
import { median } from './lines.ts';
import { mergeSegments, type Segment } from './rulings.ts';

/**
 * Pages set in two columns for a stretch (a section per class or per product side by side): two
 * headings at the same height with an empty gutter between them that stays empty further down.
 * Inside such a band the left column is read before the right one, and text alignment must not
 * pair a line of one column with the line beside it in the other.
 */

export interface ColumnBand {
  y0: number;
  y1: number;
  /** The gutter's middle: items left of it are the first column. */
  gutter: number;
}

export interface PageItem {
  box: Box;
  /** A line (with its type size) or a table. */
  line?: Line;
}

/**
 * A heading: larger type than the body, a few words, no sentence. It holds letters: on a scanned
 * page a line is as tall as its ink, and an amount alone ('$10', its dollar sign reaching above
 * and below the figures) beside a label with a descender can stand taller than the body and
 * level with it, like two parallel headings over a label column and a value column.
 */
function isHeading(l: Line, body: number): boolean {
  const words = l.text.trim().split(/\s+/).length;
  return (
    l.size >= body * 1.12 && words <= 10 && !/[.;]$/.test(l.text.trim()) && /\p{L}/u.test(l.text)
  );
}

export function columnBands(items: PageItem[]): ColumnBand[] {
  const lines = items.flatMap((i) => (i.line ? [i.line] : []));
  if (lines.length < 6) return [];
  const body = median(lines.map((l) => l.size)) || 10;
  const headings = lines.filter((l) => isHeading(l, body));
  const sorted = [...items].sort((a, b) => a.box[1] - b.box[1]);
  const bands: ColumnBand[] = [];
  headings.sort((a, b) => a.box[1] - b.box[1]);
  for (const left of headings) {
    for (const right of headings) {
      if (right === left) continue;
      // parallel headings: the same height and the same type
      if (Math.abs(right.box[1] - left.box[1]) > Math.min(left.size, right.size) * 0.6) continue;
      if (Math.abs(right.size - left.size) > Math.max(left.size, right.size) * 0.1) continue;
      if (Boolean(right.bold) !== Boolean(left.bold)) continue;
      let g0 = left.box[2];
      let g1 = right.box[0];
      if (g1 - g0 < body * 1.5) continue;
      const y0 = Math.min(left.box[1], right.box[1]);
      if (bands.some((b) => y0 >= b.y0 && y0 < b.y1)) continue;
      let y1 = Number.POSITIVE_INFINITY;
      let leftCount = 0;
      let rightCount = 0;
      const bottom = [y0, y0];
      for (const item of sorted) {
        if (item.box[3] <= y0 + 0.5) continue;
        const [x0, top, x1] = item.box;
        const side =
          x1 <= g1 && x0 < g0 + (g1 - g0) / 2
            ? 0
            : x0 >= g0 && x1 > g1 - (g1 - g0) / 2
              ? 1
              : undefined;
        // text below the end of the other column after a wider gap than between lines is past
        // the columns (a heading or a table under both)
        const other = side === undefined ? 0 : bottom[1 - side]!;
        if (
          side === undefined ||
          (top > other + body * 1.5 && top - bottom[side]! > body * 1.2 && item.line)
        ) {
          y1 = top;
          break;
        }
        if (side === 0) {
          g0 = Math.max(g0, x1);
          leftCount++;
        } else {
          g1 = Math.min(g1, x0);
          rightCount++;
        }
        bottom[side] = Math.max(bottom[side]!, item.box[3]);
        if (g1 - g0 < body) {
          y1 = top;
          break;
        }
      }
      // each column holds more than its heading
      if (leftCount < 3 || rightCount < 3) continue;
      bands.push({ y0: y0 - 0.5, y1, gutter: (g0 + g1) / 2 });
    }
  }
  const gutter = whitespaceGutter(lines, body);
  if (gutter && !bands.some((b) => b.y0 < gutter.y1 && gutter.y0 < b.y1)) bands.push(gutter);
  return bands;
}

/**
 * A page whose text runs in two columns without parallel headings (a sidebar of notes beside a
 * grid, prose beside a list): a vertical strip that no line crosses over a long stretch, with
 * lines on both sides. The two sides of a table without rulings are kept together: their lines
 * sit on shared baselines, while two columns of a page keep their own leading.
 */
export function whitespaceGutter(lines: Line[], body: number): ColumnBand | undefined {
  if (lines.length < 12) return undefined;
  const wide = gutterOfWidth(lines, body, body * 0.75, body / 2);
  // a narrow strip only between two columns of running text, when it keeps more lines apart
  const narrow = gutterOfWidth(lines, body, body * 0.3, 1, true);
  const best = narrow && (!wide || narrow.score > wide.score) ? narrow : wide;
  if (!best) return undefined;
  const { score: _score, ...band } = best;
  return band;
}

/**
 * The left side of a narrow gutter reads as running text: its lines start at one edge and most
 * of them wrap near one right edge (ragged right), as prose set in a column does; a table's first
 * column (labels of every length) or a list of short items does not.
 */
export function wrapsAtOneEdge(left: Line[], body: number): boolean {
  if (left.length < 8) return false;
  const start = median(left.map((l) => l.box[0]));
  const edge = Math.max(...left.map((l) => l.box[2]));
  const width = edge - start;
  if (width < body * 8) return false;
  const aligned = left.filter((l) => Math.abs(l.box[0] - start) <= body).length;
  const full = left.filter((l) => l.box[2] >= edge - Math.max(body * 4, width * 0.25)).length;
  return aligned >= left.length * 0.8 && full >= left.length * 0.6;
}

/**
 * Two lines on one baseline. A recognised line's box is as tall as its ink, and a label's ink
 * can reach past its baseline where a value's does not (a shaded cell, a descender): on a
 * scanned page two lines also stand level when their middles do.
 */
export function levelLines(l: Line, r: Line): boolean {
  const size = Math.min(r.size, l.size);
  if (Math.abs(r.box[3] - l.box[3]) < size * 0.25) return true;
  return (
    Boolean(l.words[0]?.whole && r.words[0]?.whole) &&
    Math.abs(r.box[1] + r.box[3] - l.box[1] - l.box[3]) / 2 < size * 0.25
  );
}

function gutterOfWidth(
  lines: Line[],
  body: number,
  half: number,
  step: number,
  prose = false,
): (ColumnBand & { score: number }) | undefined {
  const x0 = Math.min(...lines.map((l) => l.box[0]));
  const x1 = Math.max(...lines.map((l) => l.box[2]));
  let best: (ColumnBand & { score: number }) | undefined;
  // Each line is left of the strip, right of it or across it. As the strip moves right, lines
  // only join the left and only leave the right: where both counts stay as they were, every line
  // stays on its side, each stretch scores as at the strip's last place, and none can beat the
  // best already kept (it keeps the first place of a run of equal ones): that place is skipped.
  const ends = lines.map((l) => l.box[2]).sort((a, b) => a - b);
  const starts = lines.map((l) => l.box[0]).sort((a, b) => a - b);
  let leftOf = 0;
  let notRightOf = 0;
  let seen: [number, number] | undefined;
  for (let x = x0 + body * 3; x <= x1 - body * 3; x += step) {
    while (leftOf < ends.length && ends[leftOf]! <= x - half) leftOf++;
    while (notRightOf < starts.length && !(starts[notRightOf]! >= x + half)) notRightOf++;
    if (seen && seen[0] === leftOf && seen[1] === notRightOf) continue;
    seen = [leftOf, notRightOf];
    const crossing = lines.filter((l) => l.box[0] < x + half && l.box[2] > x - half);
    // the longest stretch between lines that cross the strip
    const cuts = [
      Number.NEGATIVE_INFINITY,
      ...crossing.map((l) => (l.box[1] + l.box[3]) / 2).sort((a, b) => a - b),
      Number.POSITIVE_INFINITY,
    ];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const y0 = cuts[k]!;
      const y1 = cuts[k + 1]!;
      // too short a stretch to hold five lines a side
      if (y1 - y0 < body * 6) continue;
      const inside = lines.filter((l) => l.box[1] > y0 && l.box[3] < y1);
      const left = inside.filter((l) => l.box[2] <= x - half);
      const right = inside.filter((l) => l.box[0] >= x + half);
      if (left.length < 5 || right.length < 5) continue;
      const score = Math.min(left.length, right.length);
      if (best && score <= best.score) continue;
      // shared baselines: a table's columns, not the page's (both ways: a dense grid beside a
      // sidebar gives each sidebar line a level neighbour by chance, not the other way round)
      const levelWith = (a: Line[], b: Line[]) =>
        a.filter((l) => b.some((r) => levelLines(l, r))).length / a.length;
      // two columns of running text meet level lines by chance more often than a table's
      // columns miss them
      const running = wrapsAtOneEdge(left, body);
      if (prose && !running) continue;
      const level = Math.min(levelWith(left, right), levelWith(right, left));
      if (level > (running && wrapsAtOneEdge(right, body) ? 0.5 : 0.3)) continue;
      const top = Math.min(...inside.map((l) => l.box[1]));
      const bottom = Math.max(...inside.map((l) => l.box[3]));
      best = { y0: top - 0.5, y1: bottom + 0.5, gutter: x, score };
    }
  }
  return best;
}

/** The band and side (0 left, 1 right) an item belongs to, if any. */
export function placeInBand(
  box: Box,
  bands: ColumnBand[],
): { band: ColumnBand; side: 0 | 1 } | undefined {
  const cy = (box[1] + box[3]) / 2;
  const band = bands.find((b) => cy >= b.y0 && cy < b.y1);
  if (!band) return undefined;
  return { band, side: (box[0] + box[2]) / 2 < band.gutter ? 0 : 1 };
}

/**
 * Two tables printed side by side, each under its own rules (a schedule set two-up on a
 * landscape page): horizontal rules at the same height with a gap between them, at two heights
 * or more, the gap at the same place. From the first such rule down to a rule that runs across
 * the gap (or the page's end) the page is two columns, the gap their gutter.
 */
export function ruleBands(segments: Segment[], body: number, tolerance: number): ColumnBand[] {
  // a rule drawn in pieces (one per cell, touching) is one rule
  const hs = mergeSegments(
    segments.filter((s) => s.dir === 'h'),
    tolerance,
  ).sort((p, q) => p.pos - q.pos || p.a - q.a);
  // gaps between rules level with each other: [y, gap start, gap end]
  const gaps: Array<[number, number, number]> = [];
  for (let i = 0; i < hs.length; i++) {
    for (let j = 0; j < hs.length; j++) {
      const p = hs[i]!;
      const q = hs[j]!;
      if (i === j || Math.abs(p.pos - q.pos) > tolerance * 2 || q.a <= p.b) continue;
      const width = Math.min(p.b - p.a, q.b - q.a);
      // the nearest rule to the right, both far longer than the gap, the gap wider than a space
      if (
        hs.some(
          (r) => r !== q && Math.abs(r.pos - p.pos) <= tolerance * 2 && r.a > p.b && r.a < q.a,
        )
      )
        continue;
      if (q.a - p.b < body * 1.5 || width < (q.a - p.b) * 3) continue;
      gaps.push([p.pos, p.b, q.a]);
    }
  }
  const bands: ColumnBand[] = [];
  for (const [y, g0, g1] of gaps) {
    const gutter = (g0 + g1) / 2;
    if (bands.some((b) => Math.abs(b.gutter - gutter) <= body && y >= b.y0 && y < b.y1)) continue;
    const same = gaps.filter(([, a, b]) => Math.abs((a + b) / 2 - gutter) <= body);
    if (new Set(same.map(([yy]) => Math.round(yy))).size < 2) continue;
    const across = hs.find((r) => r.pos > y + tolerance && r.a < g0 && r.b > g1);
    bands.push({ y0: y - body * 0.5, y1: across ? across.pos : Number.POSITIVE_INFINITY, gutter });
  }
  return bands;
}
