import type { Block, Box, Cell, Line, Table } from '../layout.ts';

/**
 * A grid whose category bars are printed as shaded bands without rulings of their own is found as
 * several tables, one per band of ruled rows, with the bars between them read as lines
 * ('Plan Benefits | Plan A | Plan B', then 'Exam & Diagnostics', then the exam rows, then 'Oral
 * Surgery', …). Tables that follow one another on a page with the same columns at the same
 * places (an edge one draws may sit a little apart from the other's, in the blank the other's
 * text leaves there), separated by nothing but a short bar or none, are one table: they are
 * joined, each bar becoming a full-width category row over the rows it heads.
 */
export function stitchFragments(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < blocks.length) {
    const b = blocks[i]!;
    if (b.kind !== 'table') {
      out.push(b);
      i++;
      continue;
    }
    let table = b.table;
    let j = i + 1;
    for (;;) {
      const bars: Line[] = [];
      let k = j;
      while (k < blocks.length && blocks[k]!.kind === 'line' && bars.length < 3) {
        bars.push((blocks[k] as { kind: 'line'; line: Line }).line);
        k++;
      }
      const next = blocks[k];
      if (next?.kind !== 'table') break;
      if (!joins(table, bars, next.table)) {
        // headings printed as the last rows of the table above ('Covered Services | Network Plan
        // Pays | Non-Network Plan Pays', then a category bar) head the next one
        // plan names printed over the grid, outside it, each centred over its network columns
        const carried =
          bars.length === 0
            ? (carryHeadings(table, next.table) ?? carryPlanNames(table, next.table))
            : undefined;
        if (carried) {
          table = carried[0];
          blocks[k] = { kind: 'table', table: carried[1] };
        }
        break;
      }
      table = join(table, bars, next.table);
      j = k + 1;
    }
    // (a table whose only row went to head the next is gone)
    if (table.rows > 0) out.push(table === b.table ? b : { kind: 'table', table });
    i = j;
  }
  return out;
}

/** The left edge of every column but the first, from cells one column wide. */
function innerEdges(table: Table): Array<number | undefined> {
  const edges: Array<number | undefined> = [];
  for (let c = 1; c < table.cols; c++) {
    const lefts = table.cells
      .filter((cell) => cell.col === c && cell.colSpan === 1 && cell.box)
      .map((cell) => cell.box![0]);
    edges.push(lefts.length ? Math.min(...lefts) : undefined);
  }
  return edges;
}

const BAR_TEXT = /^[^\d$%]{2,60}$/;

/**
 * Whether a column edge at `x` runs through a table's blank between column `col` and the one
 * before it: no text of the column before reaches past it, none of `col` starts before it, and
 * both columns print some text.
 */
function edgeInBlank(t: Table, col: number, x: number): boolean {
  const boxes = (c: number) =>
    t.cells
      .filter((cell) => cell.col === c && cell.colSpan === 1)
      .flatMap((cell) => cell.lines.map((l) => l.box));
  const before = boxes(col - 1);
  const after = boxes(col);
  return (
    before.length > 0 &&
    after.length > 0 &&
    before.every((b) => b[2] <= x + 1) &&
    after.every((b) => b[0] >= x - 1)
  );
}

function joins(a: Table, bars: Line[], b: Table): boolean {
  if (a.cols !== b.cols || a.cols < 2 || !a.box || !b.box || a.page !== b.page) return false;
  const width = a.box[2] - a.box[0];
  const tol = Math.max(3, width * 0.02);
  if (Math.abs(a.box[0] - b.box[0]) > tol || Math.abs(a.box[2] - b.box[2]) > tol) return false;
  const ea = innerEdges(a);
  const eb = innerEdges(b);
  let compared = 0;
  for (let c = 0; c < ea.length; c++) {
    if (ea[c] === undefined || eb[c] === undefined) continue;
    // (an edge one table draws may fall a little apart, in the blank the other leaves unruled)
    const off = Math.abs(ea[c]! - eb[c]!);
    if (
      off > tol &&
      (off > 2 * tol || (!edgeInBlank(b, c + 1, ea[c]!) && !edgeInBlank(a, c + 1, eb[c]!)))
    )
      return false;
    compared++;
  }
  if (compared < Math.min(2, ea.length)) return false;
  // the bars sit between the two tables, inside their width, and read as a name, not as text
  const size = Math.max(8, ...bars.map((l) => l.size));
  let top = a.box[3];
  for (const line of bars) {
    if (line.box[1] - top > size * 1.5) return false;
    if (line.box[0] < a.box[0] - tol || line.box[2] > a.box[2] + tol) return false;
    if (!BAR_TEXT.test(line.text.trim()) || line.text.trim().split(/\s+/).length > 6) return false;
    top = line.box[3];
  }
  return b.box[1] - top <= size * 1.5 && b.box[1] >= a.box[3] - tol;
}

function join(a: Table, bars: Line[], b: Table): Table {
  const cells: Cell[] = [...a.cells];
  let row = a.rows;
  if (bars.length) {
    const box: Box = [
      a.box![0],
      Math.min(...bars.map((l) => l.box[1])),
      a.box![2],
      Math.max(...bars.map((l) => l.box[3])),
    ];
    cells.push({
      text: bars.map((l) => l.text).join('\n'),
      lines: bars,
      box,
      row,
      col: 0,
      rowSpan: 1,
      colSpan: a.cols,
      page: a.page,
    });
    row++;
  }
  for (const c of b.cells) cells.push({ ...c, row: c.row + row });
  return {
    ...a,
    rows: row + b.rows,
    cells,
    box: [Math.min(a.box![0], b.box![0]), a.box![1], Math.max(a.box![2], b.box![2]), b.box![3]],
  };
}

/** Words that head value columns by network or payer. */
const NETWORK_HEADING =
  /\b(in[- ]?network|out[- ]?of[- ]?network|non[- ]?network|network|plan pays|participating|non[- ]?participating)\b/i;

/** The columns of `b` a box lies over (by a good share of the narrower of the two). */
function columnsUnder(b: Table, box: Box): number[] | undefined {
  const edges = Array.from({ length: b.cols }, (_, c): [number, number] | undefined => {
    const boxes = b.cells.filter((x) => x.col === c && x.colSpan === 1 && x.box).map((x) => x.box!);
    return boxes.length
      ? [Math.min(...boxes.map((x) => x[0])), Math.max(...boxes.map((x) => x[2]))]
      : undefined;
  });
  if (edges.some((e) => !e)) return undefined;
  return edges.flatMap((e, c) =>
    Math.min(e![1], box[2]) - Math.max(e![0], box[0]) >
    0.3 * Math.min(e![1] - e![0], box[2] - box[0])
      ? [c]
      : [],
  );
}

/**
 * Plan names printed in their own row right over a grid whose first row names the networks
 * ('AETNA EYEMED VISION NTL' over 'IN-NETWORK | OUT OF NETWORK', beside the next plan's): the
 * last row of `a` becomes the first heading row of `b`, each name spanning the columns it is
 * printed over. Names only (no amounts); two or more of them; at least two network headings
 * under each. Answers the two tables (`a` left with its other rows, perhaps none), or undefined.
 */
function carryPlanNames(a: Table, b: Table): [Table, Table] | undefined {
  if (!a.box || !b.box || a.page !== b.page || a.rows > 3) return undefined;
  const size = Math.max(8, ...b.cells.flatMap((c) => c.lines.map((l) => l.size)));
  if (b.box[1] - a.box[3] > size * 1.5 || b.box[1] < a.box[3] - size) return undefined;
  const last = a.rows - 1;
  const names = a.cells.filter((c) => c.row === last && c.text.trim());
  if (names.length < 2 || names.some((c) => /[\d$%]/.test(c.text))) return undefined;
  if (a.cells.some((c) => c.row < last && c.row + c.rowSpan > last)) return undefined;
  const networks = b.cells.filter((c) => c.row === 0 && NETWORK_HEADING.test(c.text));
  if (networks.length < names.length * 2) return undefined;
  // each network heading goes with the name printed nearest over it
  const boxOf = (c: Cell) => c.box ?? c.lines[0]?.box;
  if (names.some((c) => !boxOf(c)) || networks.some((c) => !c.box)) return undefined;
  const centre = (x: Box) => (x[0] + x[2]) / 2;
  const nearest = (n: Cell) =>
    names.reduce((best, c) =>
      Math.abs(centre(boxOf(c)!) - centre(n.box!)) < Math.abs(centre(boxOf(best)!) - centre(n.box!))
        ? c
        : best,
    );
  const placed: Cell[] = [];
  for (const cell of names) {
    const spanned = networks.filter((n) => nearest(n) === cell).map((n) => n.col);
    if (spanned.length < 2) return undefined;
    const col = Math.min(...spanned);
    const colSpan = Math.max(...spanned) - col + 1;
    if (colSpan !== spanned.length || !columnsUnder(b, boxOf(cell)!)?.length) return undefined;
    placed.push({ ...cell, row: 0, col, colSpan, header: true });
  }
  const taken = new Set<number>();
  for (const c of placed)
    for (let k = c.col; k < c.col + c.colSpan; k++) {
      if (taken.has(k)) return undefined;
      taken.add(k);
    }
  return moveRowsOnto(a, last, b, placed, b.headerRows + 1);
}

/**
 * The trailing heading rows of `a` moved to the top of `b` when they head `b`'s columns: a row
 * naming networks over two or more cells, near the bottom of `a`, whose cells each lie over
 * columns of `b`, with `b` right under `a`. Answers the two tables, or undefined.
 */
function carryHeadings(a: Table, b: Table): [Table, Table] | undefined {
  if (!a.box || !b.box || a.page !== b.page) return undefined;
  const size = Math.max(8, ...b.cells.flatMap((c) => c.lines.map((l) => l.size)));
  if (b.box[1] - a.box[3] > size * 1.5 || b.box[1] < a.box[3] - size) return undefined;
  let at = -1;
  // the last or next-to-last row (over a category bar), three headings or more, two naming networks
  for (let r = Math.max(1, a.rows - 2); r < a.rows; r++) {
    const own = a.cells.filter((c) => c.row === r && c.text.trim());
    if (own.length >= 3 && own.filter((c) => NETWORK_HEADING.test(c.text)).length >= 2) at = r;
  }
  if (at < 0) return undefined;
  const after = a.cells.filter((c) => c.row > at && c.text.trim());
  if (after.length > 1 || after.some((c) => /[\d$%]/.test(c.text))) return undefined;
  if (a.cells.some((c) => c.row < at && c.row + c.rowSpan > at)) return undefined;
  const moved = a.cells.filter((c) => c.row >= at);
  const placed: Cell[] = [];
  for (const cell of moved) {
    if (!cell.text.trim()) continue;
    const box = cell.box ?? cell.lines[0]?.box;
    const cols = box ? columnsUnder(b, box) : undefined;
    if (!cols?.length) return undefined;
    placed.push({
      ...cell,
      row: cell.row - at,
      col: cols[0]!,
      colSpan: cols[cols.length - 1]! - cols[0]! + 1,
    });
  }
  // two cells over one column: the rows do not fit the table below
  const taken = new Set<string>();
  for (const c of placed)
    for (let k = c.col; k < c.col + c.colSpan; k++) {
      const key = `${c.row}:${k}`;
      if (taken.has(key)) return undefined;
      taken.add(key);
    }
  return moveRowsOnto(a, at, b, placed, b.headerRows);
}

/**
 * The rows of `a` from `at` on, already placed over `b`'s columns (`placed`, rows counted from
 * `at`), moved to the top of `b`: answers `a` without them and `b` under them.
 */
function moveRowsOnto(
  a: Table,
  at: number,
  b: Table,
  placed: Cell[],
  headerRows: number,
): [Table, Table] {
  const rows = a.rows - at;
  const rest = a.cells.filter((c) => c.row < at);
  const above: Table = {
    ...a,
    rows: at,
    cells: rest,
    box: [
      a.box![0],
      a.box![1],
      a.box![2],
      Math.max(...rest.filter((c) => c.box).map((c) => c.box![3]), a.box![1]),
    ],
  };
  const below: Table = {
    ...b,
    rows: b.rows + rows,
    headerRows,
    cells: [...placed, ...b.cells.map((c) => ({ ...c, row: c.row + rows }))],
    box: [
      Math.min(a.box![0], b.box![0]),
      Math.min(...placed.map((c) => (c.box ?? b.box!)[1])),
      b.box![2],
      b.box![3],
    ],
  };
  return [above, below];
}
