import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Segment } from './rulings.ts';

/**
 * Ruling lines from a page's operator list: thin filled rectangles and axis-aligned strokes
 * (table borders), plus the edges of shaded rectangles (header bars, banded rows). The page's
 * own white background and anything smaller than a glyph are ignored.
 */

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Colours met already (a page fills and strokes with a few, path after path). */
const lightnesses = new Map<string, number>();

/** 0 (black) .. 1 (white) for a '#rrggbb' colour; 1 when unknown. */
export function lightness(color: unknown): number {
  if (typeof color !== 'string') return 1;
  let out = lightnesses.get(color);
  if (out === undefined) {
    out = lightnessOnce(color);
    if (lightnesses.size < 10_000) lightnesses.set(color, out);
  }
  return out;
}

function lightnessOnce(color: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return 1;
  const r = Number.parseInt(color.slice(1, 3), 16);
  const g = Number.parseInt(color.slice(3, 5), 16);
  const b = Number.parseInt(color.slice(5, 7), 16);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const FILL_OPS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const STROKE_OPS = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

/** Draw-op codes inside a constructPath's data (pdf.js DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

/**
 * The steps of a constructPath's data, each with the point it ends at (a close has none: NaN),
 * up to the first code it does not know.
 */
function pathSteps(data: ArrayLike<number>, step: (code: number, x: number, y: number) => void) {
  let k = 0;
  while (k < data.length) {
    const code = data[k]!;
    if (code !== MOVE && code !== LINE && code !== CURVE && code !== QUAD && code !== CLOSE) break;
    const n = code === CURVE ? 7 : code === QUAD ? 5 : code === CLOSE ? 1 : 3;
    if (code === CLOSE) step(code, Number.NaN, Number.NaN);
    else step(code, data[k + n - 2]!, data[k + n - 1]!);
    k += n;
  }
}

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** The graphics state an operator draws with. */
interface GraphicsState {
  ctm: Matrix;
  fill: unknown;
  stroke: unknown;
  lineWidth: number;
}

/**
 * Walks a page's operators with the graphics state each draws with: `visit` sees every operator
 * before it changes the state (a restore still sees the state it ends), and stops the walk by
 * answering false. Saves, restores, transforms, form XObjects (drawn in their own space until
 * they end, as the text walk reads them), colours and line widths are followed here.
 */
function walkGraphics(
  ops: OperatorList,
  viewportTransform: number[],
  visit: (
    fn: number,
    args: unknown[] | null,
    state: GraphicsState,
    index: number,
  ) => boolean | undefined,
): boolean {
  // changed in place (a visitor reads it before it changes); a save keeps a copy
  let state: GraphicsState = {
    ctm: viewportTransform.slice(0, 6) as Matrix,
    fill: '#000000',
    stroke: '#000000',
    lineWidth: 1,
  };
  const stack: GraphicsState[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    if (visit(fn, args, state, i) === false) return false;
    switch (fn) {
      case OPS.save:
        stack.push({ ...state });
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ...state });
        const m = args?.[0] as Matrix | null | undefined;
        if (m && m.length >= 6) state.ctm = multiply(state.ctm, m);
        break;
      }
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.transform:
        state.ctm = multiply(state.ctm, args as Matrix);
        break;
      case OPS.setFillRGBColor:
        state.fill = args?.[0];
        break;
      case OPS.setStrokeRGBColor:
        state.stroke = args?.[0];
        break;
      case OPS.setLineWidth:
        state.lineWidth = Number(args?.[0]) || 0;
        break;
      default:
        break;
    }
  }
  return true;
}

export function rulingsFromOperators(
  ops: OperatorList,
  viewportTransform: number[],
  pageWidth: number,
  pageHeight: number,
): Segment[] {
  const segments: Segment[] = [];
  // shaded areas, kept apart until the drawn rules are known (`shadingInsideCells`)
  const shades: Array<[number, number, number, number]> = [];

  const addRect = (x0: number, y0: number, x1: number, y1: number, color: unknown) => {
    const w = x1 - x0;
    const h = y1 - y0;
    if (w <= 0 && h <= 0) return;
    const thin = 3;
    if (h <= thin && w > thin * 2) {
      segments.push({ dir: 'h', pos: (y0 + y1) / 2, a: x0, b: x1 });
      return;
    }
    if (w <= thin && h > thin * 2) {
      segments.push({ dir: 'v', pos: (x0 + x1) / 2, a: y0, b: y1 });
      return;
    }
    if (w <= thin || h <= thin) return;
    // a shaded area: its edges bound cells, unless it is white or covers the page
    if (lightness(color) > 0.985) return;
    if (w > pageWidth * 0.9 && h > pageHeight * 0.5) return;
    if (w < 12 || h < 6) return;
    shades.push([x0, y0, x1, y1]);
  };

  walkGraphics(ops, viewportTransform, (fn, args, { ctm, fill, stroke, lineWidth }) => {
    if (fn !== OPS.constructPath) return;
    const scale = () => Math.hypot(ctm[0], ctm[1]);
    const op = args?.[0] as number;
    const data = (args?.[1] as ArrayLike<number>[] | undefined)?.[0];
    if (!data) return;
    const doFill = FILL_OPS.has(op);
    const doStroke = STROKE_OPS.has(op);
    if (!doFill && !doStroke) return;
    // walk the sub-paths
    let sub: Array<[number, number]> = [];
    const flush = () => {
      if (sub.length < 2) {
        sub = [];
        return;
      }
      if (doFill) {
        let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
        for (const [x, y] of sub) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
        addRect(x0, y0, x1, y1, fill);
      }
      if (doStroke && lightness(stroke) < 0.95) {
        const width = Math.max(lineWidth * scale(), 0.5);
        for (let k = 1; k < sub.length; k++) {
          const [ax, ay] = sub[k - 1]!;
          const [bx, by] = sub[k]!;
          if (Math.abs(ay - by) <= 1 && Math.abs(ax - bx) > 4 && width <= 4) {
            segments.push({
              dir: 'h',
              pos: (ay + by) / 2,
              a: Math.min(ax, bx),
              b: Math.max(ax, bx),
            });
          } else if (Math.abs(ax - bx) <= 1 && Math.abs(ay - by) > 4 && width <= 4) {
            segments.push({
              dir: 'v',
              pos: (ax + bx) / 2,
              a: Math.min(ay, by),
              b: Math.max(ay, by),
            });
          }
        }
      }
      sub = [];
    };
    pathSteps(data, (code, x, y) => {
      if (code === MOVE) flush();
      if (code !== CLOSE) sub.push(apply(ctm, x, y));
      else if (sub.length) sub.push(sub[0]!);
    });
    flush();
  });
  const inside = shadingInsideCells(shades, segments);
  for (const [i, [x0, y0, x1, y1]] of shades.entries()) {
    if (inside.has(i)) continue;
    segments.push({ dir: 'h', pos: y0, a: x0, b: x1 });
    segments.push({ dir: 'h', pos: y1, a: x0, b: x1 });
    segments.push({ dir: 'v', pos: x0, a: y0, b: y1 });
    segments.push({ dir: 'v', pos: x1, a: y0, b: y1 });
  }
  return segments;
}

/** How much of a..b the segments cover (overlaps counted once), 0..1. */
function covered(segs: Segment[], a: number, b: number): number {
  const parts = segs
    .map((s) => [Math.max(a, s.a), Math.min(b, s.b)] as const)
    .filter(([p, q]) => q > p)
    .sort((p, q) => p[0] - q[0]);
  let total = 0;
  let end = a;
  for (const [p, q] of parts) {
    if (q <= end) continue;
    total += q - Math.max(p, end);
    end = q;
  }
  return b > a ? total / (b - a) : 0;
}

/**
 * Shaded areas that sit inside one cell of drawn rules: a fill inset a little (2 to 8 points) from
 * the cell's left and right rules (a coloured label cell drawn within its borders, a band behind each line
 * of a label). Their edges would cut the cell into slivers of columns and a row per line; the
 * rules around them already bound the cell. Answers the indices of such areas.
 */
export function shadingInsideCells(
  shades: Array<[number, number, number, number]>,
  rules: Segment[],
  inset = 8,
): Set<number> {
  const out = new Set<number>();
  const vs = rules.filter((r) => r.dir === 'v');
  const hs = rules.filter((r) => r.dir === 'h');
  // (a stack of bands may end short of the cell's rule by as much as it is tall: the lines of a
  // heading at the top of a taller cell)
  const insideOne = (
    [x0, y0, x1, y1]: [number, number, number, number],
    reach = 4 * inset,
  ): boolean => {
    const vAt = (lo: number, hi: number) =>
      covered(
        vs.filter((v) => v.pos >= lo && v.pos <= hi),
        y0 + 1,
        y1 - 1,
      ) >= 0.9;
    const hAt = (lo: number, hi: number) =>
      covered(
        hs.filter((h) => h.pos >= lo && h.pos <= hi),
        x0 + 1,
        x1 - 1,
      ) >= 0.9;
    // rules just outside its left and right edges, none inside it, rules above and below
    // (a fill that reaches the rules, such as a bar over a table, bounds what is below it)
    if (!vAt(x0 - inset, x0 - 2) || !vAt(x1 + 2, x1 + inset)) return false;
    if (vs.some((v) => v.pos > x0 + 2 && v.pos < x1 - 2 && v.b > y0 + 2 && v.a < y1 - 2))
      return false;
    return hAt(y0 - reach, y0 + 1) && hAt(y1 - 1, y1 + reach);
  };
  // bands stacked edge to edge with the same left and right edges (one behind each line of a
  // long label, however many lines) are tested as the one area they make together
  const order = shades
    .map((_, i) => i)
    .sort((a, b) => shades[a]![0] - shades[b]![0] || shades[a]![1] - shades[b]![1]);
  const stacks: number[][] = [];
  for (const i of order) {
    const [x0, y0, x1] = shades[i]!;
    const stack = stacks.find((st) => {
      const top = shades[st[st.length - 1]!]!;
      return (
        Math.abs(top[0] - x0) <= 1 && Math.abs(top[2] - x1) <= 1 && Math.abs(top[3] - y0) <= 1.5
      );
    });
    if (stack) stack.push(i);
    else stacks.push([i]);
  }
  for (const stack of stacks) {
    const boxes = stack.map((i) => shades[i]!);
    const whole: [number, number, number, number] = [
      Math.min(...boxes.map((b) => b[0])),
      Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])),
      Math.max(...boxes.map((b) => b[3])),
    ];
    if (stack.length > 1 && insideOne(whole, 4 * inset + whole[3] - whole[1]))
      for (const i of stack) out.add(i);
    else for (const i of stack) if (insideOne(shades[i]!)) out.add(i);
  }
  return out;
}

/** A box on the page, in viewport space: [x0, y0, x1, y1]. */
export type Box = [number, number, number, number];

/**
 * What light text can be seen against: the page's filled areas darker than DARK_GROUND and the
 * places pictures are drawn (a document opened without its images still leaves the transform
 * that placed each one, restored with nothing drawn in between). `undefined` when the page paints
 * with shadings or patterns, whose ground cannot be told from the operators: then nothing is
 * taken for invisible.
 */
export function backdropsFromOperators(
  ops: OperatorList,
  viewportTransform: number[],
): Box[] | undefined {
  const boxes: Box[] = [];
  const boxOf = (ctm: Matrix, points: Array<[number, number]>) => {
    if (points.length === 0) return;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [px, py] of points) {
      const [x, y] = apply(ctm, px, py);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    boxes.push([x0, y0, x1, y1]);
  };
  const unitSquare: Array<[number, number]> = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ];
  const complete = walkGraphics(ops, viewportTransform, (fn, args, { ctm, fill }, i) => {
    switch (fn) {
      // a picture left out of the operator list: its transform, then nothing drawn
      case OPS.restore:
        if (ops.fnArray[i - 1] === OPS.transform) boxOf(ctm, unitSquare);
        return;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintImageMaskXObjectRepeat:
      case OPS.paintImageMaskXObjectGroup:
      case OPS.paintInlineImageXObjectGroup:
      case OPS.paintSolidColorImageMask:
        boxOf(ctm, unitSquare);
        return;
      case OPS.shadingFill:
      case OPS.setFillColorN:
        return false;
      case OPS.constructPath: {
        const data = (args?.[1] as ArrayLike<number>[] | undefined)?.[0];
        if (!data || !FILL_OPS.has(args?.[0] as number) || lightness(fill) > DARK_GROUND) return;
        const points: Array<[number, number]> = [];
        pathSteps(data, (code, x, y) => {
          if (code !== CLOSE) points.push([x, y]);
        });
        boxOf(ctm, points);
        return;
      }
      default:
        return;
    }
  });
  return complete ? boxes : undefined;
}

/** A fill lighter than this is no ground for light text to be seen on. */
const DARK_GROUND = 0.9;

/** A filled path the size of a letter: its box and how many of its contours are curved. */
interface Letterlike {
  box: Box;
  contours: number;
  curved: number;
}

/**
 * Lines of letters drawn as filled outlines instead of set in a font: a designer's heading, a
 * plan's name or a maximum converted to curves leaves no text in the page's text layer, yet it
 * is plainly printed. Filled, non-white paths the height of type (2 to 60 points) are taken for
 * letters; letters side by side on one band, less than their height apart, make a line. A line
 * of at least five contours, two of them curved (a run of rectangles is a bar or a table's
 * shading), at least twice as wide as it is high (a lone shape is a bullet or an icon), on a row
 * where the text layer prints words too (a value beside its label, not a picture apart), inside
 * a ruled cell (a table's value, not a logo, a title or a footnote: reading those would cost a
 * page's OCR for no value) is answered, as the box it covers. Lines under words the text layer
 * has (`taken`) are left to them.
 */
export function outlinedLetters(
  ops: OperatorList,
  viewportTransform: number[],
  taken: readonly Box[],
  rules: readonly Segment[],
): Box[] {
  const letters: Letterlike[] = [];
  walkGraphics(ops, viewportTransform, (fn, args, { ctm, fill }) => {
    if (fn !== OPS.constructPath || !FILL_OPS.has(args?.[0] as number)) return;
    if (lightness(fill) > 0.9) return;
    const data = (args?.[1] as ArrayLike<number>[] | undefined)?.[0];
    if (!data) return;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    let contours = 0;
    let curved = 0;
    let curves = 0;
    const end = () => {
      if (curves >= 2) curved++;
      curves = 0;
    };
    pathSteps(data, (code, px, py) => {
      if (code === MOVE) {
        end();
        contours++;
      } else if (code === CURVE || code === QUAD) curves++;
      if (code === CLOSE) return;
      const [x, y] = apply(ctm, px, py);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    });
    end();
    const h = y1 - y0;
    const w = x1 - x0;
    if (!contours || h < 2 || h > 60 || w > h * Math.max(2, contours)) return;
    letters.push({ box: [x0, y0, x1, y1], contours, curved });
  });
  if (letters.length < 3) return [];
  letters.sort((a, b) => a.box[0] - b.box[0]);
  const lines: Letterlike[] = [];
  for (const l of letters) {
    const [x0, y0, x1, y1] = l.box;
    const h = y1 - y0;
    const line = lines.find((m) => {
      const [mx0, my0, mx1, my1] = m.box;
      const overlap = Math.min(y1, my1) - Math.max(y0, my0);
      const gap = x0 - mx1;
      return overlap >= Math.min(h, my1 - my0) * 0.5 && gap <= Math.max(h, my1 - my0) && x1 >= mx0;
    });
    if (!line) {
      lines.push({ box: [...l.box], contours: l.contours, curved: l.curved });
      continue;
    }
    line.box = [
      Math.min(line.box[0], x0),
      Math.min(line.box[1], y0),
      Math.max(line.box[2], x1),
      Math.max(line.box[3], y1),
    ];
    line.contours += l.contours;
    line.curved += l.curved;
  }
  const meets = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  // on a row the text layer prints too (a value beside its label), not a logo or a picture apart
  const onTextRow = (b: Box) =>
    taken.some(
      (t) =>
        Math.min(t[3], b[3]) - Math.max(t[1], b[1]) >= 0.5 * Math.min(t[3] - t[1], b[3] - b[1]),
    );
  return lines
    .filter(
      (l) =>
        l.contours >= 5 &&
        l.curved >= 2 &&
        l.box[2] - l.box[0] >= 2 * (l.box[3] - l.box[1]) &&
        onTextRow(l.box) &&
        insideRules(l.box, rules) &&
        !taken.some((t) => meets(t, l.box)),
    )
    .map((l) => l.box);
}

/** Whether rules run above, below, left and right of a box, each across its whole side. */
function insideRules(box: Box, rules: readonly Segment[]): boolean {
  const [x0, y0, x1, y1] = box;
  const near = 2;
  const across = (s: Segment, a: number, b: number) => s.a <= a + near && s.b >= b - near;
  const h = rules.filter((s) => s.dir === 'h' && across(s, x0, x1));
  const v = rules.filter((s) => s.dir === 'v' && across(s, y0, y1));
  return (
    h.some((s) => s.pos <= y0 + near) &&
    h.some((s) => s.pos >= y1 - near) &&
    v.some((s) => s.pos <= x0 + near) &&
    v.some((s) => s.pos >= x1 - near)
  );
}
