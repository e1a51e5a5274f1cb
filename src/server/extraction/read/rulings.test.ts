import { describe, expect, it } from 'vitest';
import { bridgeGutters, findGrids, mergeSegments, type Segment } from './rulings.ts';

const h = (pos: number, a: number, b: number): Segment => ({ dir: 'h', pos, a, b });
const v = (pos: number, a: number, b: number): Segment => ({ dir: 'v', pos, a, b });

describe('findGrids', () => {
  it('builds a grid with a cell spanning two columns and one spanning two rows', () => {
    // 3 rows × 3 columns; row 0 col 1–2 merged; col 0 rows 1–2 merged
    const segments: Segment[] = [
      h(0, 0, 300),
      h(20, 100, 300),
      h(40, 0, 300),
      h(60, 0, 300),
      v(0, 0, 60),
      v(100, 0, 60),
      v(200, 20, 60),
      v(300, 0, 60),
    ];
    const [grid] = findGrids(segments, 2);
    expect(grid).toBeDefined();
    expect(grid!.xs).toEqual([0, 100, 200, 300]);
    expect(grid!.ys).toEqual([0, 20, 40, 60]);
    const spans = grid!.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan]);
    expect(spans).toContainEqual([0, 1, 1, 2]);
    expect(spans).toContainEqual([0, 0, 2, 1]);
    expect(spans).toContainEqual([2, 0, 1, 1]);
  });

  it('finds two separate tables and ignores a lone rule', () => {
    const table = (top: number): Segment[] => [
      h(top, 0, 200),
      h(top + 20, 0, 200),
      v(0, top, top + 20),
      v(200, top, top + 20),
      v(100, top, top + 20),
    ];
    const grids = findGrids([...table(0), ...table(100), h(300, 0, 500)], 2);
    expect(grids).toHaveLength(2);
    expect(grids.map((g) => g.box[1])).toEqual([0, 100]);
  });

  it.each([
    // a shaded row's edges (rules at 0 and 20, its outer sides 0 and 300), then a white last row
    // whose only lines are the inner column lines running on to 45
    ['a white last row under a shaded one', [v(100, 0, 45), v(200, 0, 45)], [0, 20, 45]],
    // one inner line of three runs on: a mark, not a row
    ['a lone line running on', [v(100, 0, 45), v(200, 0, 20), v(250, 0, 20)], [0, 20]],
  ])('closes the table where most column lines stop: %s', (_name, inner, ys) => {
    const segments: Segment[] = [h(0, 0, 300), h(20, 0, 300), v(0, 0, 20), v(300, 0, 20), ...inner];
    const [grid] = findGrids(segments, 2);
    expect(grid!.ys).toEqual(ys);
  });

  it('merges broken and doubled lines', () => {
    const merged = mergeSegments([h(10, 0, 50), h(10.5, 49, 120), h(11, 200, 260)], 2);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ a: 0, b: 120 });
  });
});

describe('rows drawn as fills with a thin gutter between them', () => {
  // a label column shaded cell by cell (edges at x 24 and 107), rules across the table at each
  // row's top and bottom, a white gutter between the rows (3 points unless said)
  const rows = (secondTop = 143, secondRule = h(secondTop, 24, 584)): Segment[] => [
    h(100, 24, 584),
    h(140, 24, 584),
    v(24, 100, 140),
    v(107, 100, 140),
    secondRule,
    h(secondTop + 37, 24, 584),
    v(24, secondTop, secondTop + 37),
    v(107, secondTop, secondTop + 37),
  ];
  const bridged = (segments: Segment[], centres: Array<[number, number]> = []) =>
    bridgeGutters(segments, centres, 9, 2.5).map((s) => [s.pos, s.a, s.b]);

  it('bridges each column line across the gutter, so the rows are one grid', () => {
    expect(bridged(rows())).toEqual([
      [24, 140, 143],
      [107, 140, 143],
    ]);
    const grids = findGrids([...rows(), ...bridgeGutters(rows(), [], 9, 2.5)], 2.5);
    expect(grids).toHaveLength(1);
    expect(grids[0]!.ys.length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ['text in the gap (a row of its own)', rows(), [[300, 141.5]] as Array<[number, number]>],
    ['a gap taller than a line of text', rows(153), []],
    ['a shorter rule under a heading', rows(143, h(143, 40, 300)), []],
    [
      'two ruled grids of three columns each side',
      [...rows(), v(300, 100, 140), v(584, 100, 140), v(300, 143, 180), v(584, 143, 180)],
      [],
    ],
  ])('leaves the gap alone with %s', (_what, segments, centres) => {
    expect(bridged(segments, centres)).toEqual([]);
  });
});

describe('a lone shaded column under rules that run across the page', () => {
  it.each([
    // the shaded in-network column has edges; the service and out-of-network columns do not
    ['a column in the middle: the rules give the table its width', 210, 402, [18, 210, 402, 594]],
    // an indented label column under rules that start a little left of it is no such table
    ['an indent, not a column of its own', 40, 300, [40, 300]],
  ])('%s', (_what, left, right, xs) => {
    const segments: Segment[] = [
      h(225, 18, 594),
      h(469, 18, 594),
      h(700, left, right),
      v(left, 225, 700),
      v(right, 225, 700),
    ];
    const [grid] = findGrids(segments, 2.5);
    expect(grid!.xs.map(Math.round)).toEqual(xs);
  });
});
