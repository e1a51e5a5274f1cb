/**
 * Table grids from ruling lines: the borders, rules and shaded backgrounds a page draws (vector
 * paths in a PDF, dark pixel runs in a scan). Segments that touch form a component; a component
 * with at least two horizontal and two vertical lines is a grid, and grid slots not separated by
 * a drawn line merge into spanning cells.
 */

export interface Segment {
  /** 'h': y is fixed and a..b runs along x; 'v': x is fixed and a..b runs along y. */
  dir: 'h' | 'v';
  pos: number;
  a: number;
  b: number;
}

export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  box: [number, number, number, number];
}

export interface Grid {
  xs: number[];
  ys: number[];
  cells: GridCell[];
  box: [number, number, number, number];
}

/** Merges collinear segments that overlap or nearly touch. */
export function mergeSegments(segments: Segment[], tol: number): Segment[] {
  const out: Segment[] = [];
  for (const dir of ['h', 'v'] as const) {
    const list = segments.filter((s) => s.dir === dir).sort((p, q) => p.pos - q.pos || p.a - q.a);
    const used = new Array<boolean>(list.length).fill(false);
    for (let i = 0; i < list.length; i++) {
      if (used[i]) continue;
      const group = [list[i]!];
      used[i] = true;
      for (let j = i + 1; j < list.length && list[j]!.pos - list[i]!.pos <= tol; j++) {
        if (!used[j]) {
          group.push(list[j]!);
          used[j] = true;
        }
      }
      group.sort((p, q) => p.a - q.a);
      let cur = { ...group[0]! };
      let posSum = cur.pos;
      let n = 1;
      for (const s of group.slice(1)) {
        if (s.a <= cur.b + tol) {
          cur.b = Math.max(cur.b, s.b);
          posSum += s.pos;
          n++;
        } else {
          out.push({ ...cur, pos: posSum / n });
          cur = { ...s };
          posSum = s.pos;
          n = 1;
        }
      }
      out.push({ ...cur, pos: posSum / n });
    }
  }
  return out;
}

/**
 * Two ruled grids one above the other on the same drawn column lines, with rules between them that
 * cross every column and meet no column line: rows whose cells span the columns (a value printed
 * across both networks: 'Annual maximum | $1,500 + extended annual maximum'). Those rows belong
 * to the grid below, in cells spanning its columns.
 */
export function joinAcrossSpanningRows(
  components: Segment[][],
  tol: number,
  drawn: Segment[],
): Segment[][] {
  const lone = components.filter((c) => c.length === 1 && c[0]!.dir === 'h').map((c) => c[0]!);
  const grids = components.filter(
    (c) => c.filter((s) => s.dir === 'h').length >= 2 && c.filter((s) => s.dir === 'v').length >= 2,
  );
  if (lone.length === 0 || grids.length < 2) return components;
  const extent = (c: Segment[]) => {
    const hs = c.filter((s) => s.dir === 'h');
    return {
      top: Math.min(...c.map((s) => (s.dir === 'h' ? s.pos : s.a))),
      bottom: Math.max(...c.map((s) => (s.dir === 'h' ? s.pos : s.b))),
      a: Math.min(...hs.map((s) => s.a)),
      b: Math.max(...hs.map((s) => s.b)),
      xs: clusterPositions(
        c.filter((s) => s.dir === 'v').map((s) => s.pos),
        tol,
      ),
    };
  };
  const out = [...components];
  const tops = new Map(grids.map((g) => [g, extent(g).top]));
  const sorted = [...grids].sort((p, q) => tops.get(p)! - tops.get(q)!);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const upper = sorted[i]!;
    const lower = sorted[i + 1]!;
    const u = extent(upper);
    const l = extent(lower);
    if (l.top <= u.bottom) continue;
    // column lines the page draws in both grids (not lines the text implies)
    const drawnIn = (x: number, top: number, bottom: number) =>
      drawn.some(
        (v) => v.dir === 'v' && Math.abs(v.pos - x) <= tol && v.a < bottom - tol && v.b > top + tol,
      );
    const shared = u.xs.filter(
      (x) =>
        l.xs.some((y) => Math.abs(x - y) <= tol) &&
        drawnIn(x, u.top, u.bottom) &&
        drawnIn(x, l.top, l.bottom),
    );
    if (shared.length < 2) continue;
    const a = Math.max(u.a, l.a);
    const b = Math.min(u.b, l.b);
    const between = lone.filter((h) => h.pos > u.bottom + tol && h.pos < l.top - tol);
    // every rule between runs across both grids' width; at least one does
    if (between.length === 0 || !between.every((h) => h.a <= a + tol * 2 && h.b >= b - tol * 2))
      continue;
    // the rows between join the grid below: the grid above may close its label cells lower
    // than its value cells (a note row under the values only), which no grid of cells holds
    const joined = [...between, ...lower];
    for (const c of [lower, ...between.map((h) => out.find((x) => x[0] === h)!)]) {
      const k = out.indexOf(c);
      if (k >= 0) out.splice(k, 1);
    }
    out.push(joined);
    sorted[i + 1] = joined;
  }
  return out;
}

function touches(h: Segment, v: Segment, tol: number): boolean {
  return v.pos >= h.a - tol && v.pos <= h.b + tol && h.pos >= v.a - tol && h.pos <= v.b + tol;
}

/** Clusters sorted numbers that lie within `tol` of each other; returns the cluster means. */
function clusterPositions(values: number[], tol: number): number[] {
  const s = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const v of s) {
    if (group.length && v - group[group.length - 1]! > tol) {
      out.push(group.reduce((a, b) => a + b, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((a, b) => a + b, 0) / group.length);
  return out;
}

/** How much of [a, b] the given segments (on one line) cover, 0..1. */
function coverage(segs: Segment[], a: number, b: number): number {
  const len = b - a;
  if (len <= 0) return 1;
  const parts = segs
    .map((s) => [Math.max(a, s.a), Math.min(b, s.b)] as const)
    .filter(([p, q]) => q > p)
    .sort((p, q) => p[0] - q[0]);
  let covered = 0;
  let end = a;
  for (const [p, q] of parts) {
    if (q <= end) continue;
    covered += q - Math.max(p, end);
    end = q;
  }
  return covered / len;
}

/**
 * Finds the grids drawn by `segments`. `tol` is the distance under which two lines count as one
 * (about a quarter of a text line).
 */
export function findGrids(
  segments: Segment[],
  tol: number,
  drawn?: Segment[],
  /** `mergeSegments(segments, tol)`, when the caller has it already. */
  merged?: Segment[],
): Grid[] {
  const segs = merged ?? mergeSegments(segments, tol);
  // union-find over segments: h–v crossings connect
  const parent = segs.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // the horizontal and the vertical segments, by index
  const hi: number[] = [];
  const vi: number[] = [];
  segs.forEach((s, i) => {
    if (s.dir === 'h') hi.push(i);
    else if (s.dir === 'v') vi.push(i);
  });
  for (const h of hi) {
    for (const v of vi) {
      if (touches(segs[h]!, segs[v]!, tol)) parent[find(h)] = find(v);
    }
  }
  const components = new Map<number, Segment[]>();
  segs.forEach((s, i) => {
    const r = find(i);
    if (!components.has(r)) components.set(r, []);
    components.get(r)!.push(s);
  });
  const grids: Grid[] = [];
  const comps = [...components.values()];
  for (const comp of drawn ? joinAcrossSpanningRows(comps, tol, drawn) : comps) {
    const ch = comp.filter((s) => s.dir === 'h');
    const cv = comp.filter((s) => s.dir === 'v');
    if (ch.length < 2 || cv.length < 2) continue;
    const xs = clusterPositions(
      cv.map((s) => s.pos),
      tol,
    );
    // rules that run on past a lone lined column on both sides, two or more to the same ends,
    // are the table's width: its outer columns have no lines of their own (only a shaded column
    // in the middle does)
    // (each side wide enough for a column of its own, not an indent)
    const width = Math.max(...ch.map((h) => h.b)) - Math.min(...ch.map((h) => h.a));
    const outerEnds = (['left', 'right'] as const).map((side) => {
      const ends = ch.map((h) => (side === 'left' ? h.a : h.b));
      const outer = side === 'left' ? Math.min(...ends) : Math.max(...ends);
      const edge = side === 'left' ? xs[0]! : xs[xs.length - 1]!;
      const beyond = side === 'left' ? edge - outer : outer - edge;
      const many = ends.filter((e) => Math.abs(e - outer) <= tol).length >= 2;
      return beyond >= Math.max(tol * 8, width * 0.15) && many ? outer : undefined;
    });
    if (xs.length === 2 && outerEnds.every((e) => e !== undefined)) {
      const top = Math.min(...cv.map((v) => v.a), ...ch.map((h) => h.pos));
      const bottom = Math.max(...cv.map((v) => v.b), ...ch.map((h) => h.pos));
      const [left, right] = outerEnds as [number, number];
      xs.unshift(left);
      xs.push(right);
      cv.push(
        { dir: 'v', pos: left, a: top, b: bottom },
        { dir: 'v', pos: right, a: top, b: bottom },
      );
    }
    const ys = clusterPositions(
      ch.map((s) => s.pos),
      tol,
    );
    // column lines that run on past the top or bottom rule close the table there (a shaded
    // header whose edge was not seen as a rule)
    const spanning = cv.filter((v) => v.b - v.a >= (ys[ys.length - 1]! - ys[0]!) * 0.5);
    // (the lines that run on, two at least and half of them: a last row left white under shaded
    // ones has only its column lines below it, the shading's edges stop a row higher)
    if (spanning.length >= 2) {
      const above = spanning.filter((v) => v.a < ys[0]! - tol * 3);
      const below = spanning.filter((v) => v.b > ys[ys.length - 1]! + tol * 3);
      const most = (lines: Segment[]) => lines.length >= 2 && lines.length * 2 >= spanning.length;
      if (most(above)) ys.unshift(Math.max(...above.map((v) => v.a)));
      if (most(below)) ys.push(Math.min(...below.map((v) => v.b)));
    }
    if (xs.length < 2 || ys.length < 2) continue;
    const nr = ys.length - 1;
    const nc = xs.length - 1;
    const onLine = (list: Segment[], pos: number) =>
      list.filter((s) => Math.abs(s.pos - pos) <= tol);
    // wall[r][c]: a vertical line on the right of slot (r, c); floor[r][c]: a line below it
    const vertAt = xs.map((x) => onLine(cv, x));
    const horAt = ys.map((y) => onLine(ch, y));
    const parentCell = new Int32Array(nr * nc);
    for (let i = 0; i < parentCell.length; i++) parentCell[i] = i;
    const findCell = (i: number): number => {
      while (parentCell[i] !== i) {
        parentCell[i] = parentCell[parentCell[i]!]!;
        i = parentCell[i]!;
      }
      return i;
    };
    const unite = (a: number, b: number) => {
      parentCell[findCell(a)] = findCell(b);
    };
    for (let r = 0; r < nr; r++) {
      for (let c = 0; c < nc; c++) {
        if (c + 1 < nc && coverage(vertAt[c + 1]!, ys[r]!, ys[r + 1]!) < 0.5) {
          unite(r * nc + c, r * nc + c + 1);
        }
        if (r + 1 < nr && coverage(horAt[r + 1]!, xs[c]!, xs[c + 1]!) < 0.5) {
          unite(r * nc + c, (r + 1) * nc + c);
        }
      }
    }
    const groups = new Map<number, Array<[number, number]>>();
    for (let r = 0; r < nr; r++) {
      for (let c = 0; c < nc; c++) {
        const root = findCell(r * nc + c);
        if (!groups.has(root)) groups.set(root, []);
        groups.get(root)!.push([r, c]);
      }
    }
    const cells: GridCell[] = [];
    for (const slots of groups.values()) {
      const r0 = Math.min(...slots.map((s) => s[0]));
      const r1 = Math.max(...slots.map((s) => s[0]));
      const c0 = Math.min(...slots.map((s) => s[1]));
      const c1 = Math.max(...slots.map((s) => s[1]));
      cells.push({
        row: r0,
        col: c0,
        rowSpan: r1 - r0 + 1,
        colSpan: c1 - c0 + 1,
        box: [xs[c0]!, ys[r0]!, xs[c1 + 1]!, ys[r1 + 1]!],
      });
    }
    cells.sort((a, b) => a.row - b.row || a.col - b.col);
    grids.push({ xs, ys, cells, box: [xs[0]!, ys[0]!, xs[nc]!, ys[nr]!] });
  }
  return grids.sort((a, b) => a.box[1] - b.box[1]);
}

/**
 * Rows drawn as separate fills with a thin white gutter between them (a shaded label column whose
 * cells stop a few points short of each other, a double rule under each row): the gutter is one
 * row boundary, not a gap between two tables. Bridges each column line that stops at the upper
 * rule of a gutter and starts again at the lower one, so the rows stay one grid. A gutter is
 * narrower than a line of text (`size`, the body type size), holds no text, and has on one side
 * at most two column lines (a label cell or a frame, not a grid of its own).
 */
export function bridgeGutters(
  segments: Segment[],
  centres: Array<[number, number]>,
  size: number,
  tol: number,
  /** `mergeSegments(segments, tol)`, when the caller has it already. */
  merged = mergeSegments(segments, tol),
): Segment[] {
  const hs = merged.filter((s) => s.dir === 'h').sort((p, q) => p.pos - q.pos);
  const vs = merged.filter((s) => s.dir === 'v');
  const out: Segment[] = [];
  for (let i = 0; i < hs.length; i++) {
    const upper = hs[i]!;
    for (let j = i + 1; j < hs.length && hs[j]!.pos - upper.pos <= size * 0.8; j++) {
      const lower = hs[j]!;
      if (lower.pos - upper.pos <= tol) continue;
      // the two rules run the same way (a rule under a heading's words is shorter)
      const slack = Math.max(tol * 2, 0.02 * (upper.b - upper.a));
      if (Math.abs(upper.a - lower.a) > slack || Math.abs(upper.b - lower.b) > slack) continue;
      const a = Math.max(upper.a, lower.a);
      const b = Math.min(upper.b, lower.b);
      if (centres.some(([x, y]) => x > a && x < b && y > upper.pos && y < lower.pos)) continue;
      const within = (v: Segment) => v.pos >= a - tol && v.pos <= b + tol;
      const above = vs.filter((v) => within(v) && Math.abs(v.b - upper.pos) <= tol);
      const below = vs.filter((v) => within(v) && Math.abs(v.a - lower.pos) <= tol);
      // one side is a cell or two (a shaded label cell, a frame) with no columns of its own;
      // two ruled grids of three columns or more stay apart, each with its own headings
      if (Math.min(above.length, below.length) > 2) continue;
      for (const v of above) {
        if (below.some((w) => Math.abs(w.pos - v.pos) <= tol))
          out.push({ dir: 'v', pos: v.pos, a: upper.pos, b: lower.pos });
      }
    }
  }
  return out;
}
