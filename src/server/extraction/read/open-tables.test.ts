import { describe, expect, it } from 'vitest';
import type { Table, Word } from '../layout.ts';
import { cellText, pageOfWords, tablesOf, wordsAt } from '../testing/page-words.ts';
import { headingRow, headingsOnlyRight, startsOneRow, virtualRulings } from './open-tables.ts';
import type { Segment } from './rulings.ts';

const words = wordsAt;

const rule = (y: number, a = 40, b = 560): Segment => ({ dir: 'h', pos: y, a, b });

function tableOf(ws: Word[], segments: Segment[]): Table {
  const tables = tablesOf(pageOfWords(ws, segments));
  expect(tables).toHaveLength(1);
  return tables[0]!;
}

const text = cellText;

describe('tables ruled between rows only', () => {
  it('keeps a wrapped value in its row and reads a header printed above the first rule', () => {
    const ws = [
      ...words('Benefit', 44, 100),
      ...words('In-Network', 330, 100),
      ...words('Out-of-Network', 450, 100),
      ...words('Class Definition', 44, 127),
      ...words('Employees working 30 or', 330, 120),
      ...words('more hours per week', 330, 132),
      ...words('Deductible', 44, 150),
      ...words('$50', 330, 150),
      ...words('$75', 450, 150),
    ];
    const t = tableOf(ws, [rule(113), rule(145), rule(165)]);
    expect(t.rows).toBe(3);
    expect(t.cols).toBe(3);
    expect(text(t, 0, 2)).toBe('Out-of-Network');
    expect(text(t, 1, 0)).toBe('Class Definition');
    expect(text(t, 1, 1)).toBe('Employees working 30 or more hours per week');
    expect(text(t, 2, 2)).toBe('$75');
  });

  it('separates columns whose cells stand only a cell padding apart', () => {
    // a narrow table: the longest in-network text ends 6.5 points (0.7 em) before the next
    // column's text
    const row = (label: string, a: string, b: string, y: number) => [
      ...words(label, 44, y),
      ...words(a, 150, y),
      ...words(b, 256, y),
    ];
    const ws = [
      ...row('Benefit', 'With a VSP Doctor', 'Out-of-Network', 100),
      ...row('WellVision Exam', 'Covered in full after', 'Up to $45', 120),
      ...row('Single vision', 'Covered after materials', 'Up to $30', 140),
      ...row('Lined bifocal', 'Covered after materials', 'Up to $50', 160),
    ];
    const t = tableOf(ws, [rule(113), rule(133), rule(153), rule(173)]);
    expect(t.cols).toBe(3);
    expect(text(t, 1, 2)).toBe('Up to $45');
  });

  it('makes a value centred across two columns a spanning cell', () => {
    // columns 300–420 and 420–540, values centred in them, one centred over both
    const ws = [
      ...words('Deductible', 44, 100),
      ...words('$50', 353, 100),
      ...words('$75', 473, 100),
      ...words('Orthodontic Age Limit', 44, 120),
      ...words('Children to age 19', 382, 120),
      ...words('Maximum', 44, 140),
      ...words('$1,500', 346, 140),
      ...words('$1,000', 466, 140),
    ];
    const t = tableOf(ws, [rule(95), rule(115), rule(135), rule(155)]);
    const spanning = t.cells.find((c) => c.text === 'Children to age 19');
    expect(spanning?.colSpan).toBe(2);
    expect(text(t, 2, 1)).toBe('$1,500');
    expect(text(t, 0, 2)).toBe('$75');
  });

  it('does not run two tables with a heading between them into one', () => {
    const ws = [
      ...words('Group', 44, 100),
      ...words('Lakeview Credit Union', 300, 100),
      ...words('Contribution', 44, 120),
      ...words('Contributory', 300, 120),
      ...words('Plan Design', 44, 142, 12),
      ...words('Benefit', 44, 162),
      ...words('In-Network', 330, 162),
      ...words('Out-of-Network', 450, 162),
      ...words('Deductible', 44, 182),
      ...words('$50', 330, 182),
      ...words('$50', 450, 182),
    ];
    const page = pageOfWords(ws, [rule(95), rule(115), rule(135), rule(175), rule(195)]);
    const kinds = page.blocks.map((b) =>
      b.kind === 'line' ? b.line.text : `table ${b.table.cols}`,
    );
    expect(kinds).toEqual(['table 2', 'Plan Design', 'table 3']);
  });

  describe('a last row printed under the last rule (rules between rows only)', () => {
    // rows at 100 (header), 120, 140, 160; rules between them at 113, 133, 153, none under 160
    const rows = [
      ...words('Benefit', 44, 100),
      ...words('In-network', 330, 100),
      ...words('Basic', 44, 120),
      ...words('80%', 330, 120),
      ...words('Major', 44, 140),
      ...words('50%', 330, 140),
    ];
    const rules = [rule(113), rule(133), rule(153)];
    it.each([
      [
        'a label and its value in the row rhythm',
        [...words('Ortho Lifetime Maximum', 44, 160), ...words('$2,000', 330, 160)],
        4,
      ],
      [
        'a one-run note (a footnote, not a row)',
        [...words('Deductible applies to basic and major', 44, 160)],
        3,
      ],
      [
        'a line in larger type (the next heading)',
        [...words('Vision', 44, 158, 14), ...words('Guardian', 330, 158, 14)],
        3,
      ],
      [
        'a row that does not start where the labels start',
        [...words('Ortho', 120, 160), ...words('$2,000', 330, 160)],
        3,
      ],
      [
        'text far below the table',
        [...words('Ortho Lifetime Maximum', 44, 190), ...words('$2,000', 330, 190)],
        3,
      ],
    ])('%s: %i rows', (_what, after, expected) => {
      const t = tablesOf(pageOfWords([...rows, ...after], rules))[0]!;
      expect(t.rows).toBe(expected);
      if (expected === 4) expect(text(t, 3, 1)).toBe('$2,000');
    });
  });

  it('leaves a fully ruled grid alone', () => {
    const ws = [...words('A', 50, 100), ...words('B', 350, 100), ...words('C', 50, 120)];
    const v = (x: number): Segment => ({ dir: 'v', pos: x, a: 95, b: 135 });
    const t = tableOf(ws, [rule(95), rule(115), rule(135), v(40), v(300), v(560)]);
    expect(t.cols).toBe(2);
    expect(text(t, 1, 0)).toBe('C');
  });
});

describe('grid rows a scan lost the rule of', () => {
  it('splits a row whose cells all have a blank stripe through them', () => {
    const v = (x: number): Segment => ({ dir: 'v', pos: x, a: 95, b: 175 });
    const ws = [
      ...words('Class', 50, 100),
      ...words('Contribution', 350, 100),
      ...words('Class 1', 50, 122),
      ...words('Employer paid', 350, 122),
      ...words('Class 2', 50, 160),
      ...words('Voluntary', 350, 160),
    ];
    const t = tableOf(ws, [rule(95), rule(150), rule(175), v(40), v(300), v(560)]);
    expect(t.rows).toBe(3);
    expect(text(t, 0, 1)).toBe('Contribution');
    expect(text(t, 1, 0)).toBe('Class 1');
    expect(text(t, 2, 1)).toBe('Voluntary');
  });

  it('keeps a wrapped cell whole', () => {
    const v = (x: number): Segment => ({ dir: 'v', pos: x, a: 95, b: 155 });
    const ws = [
      ...words('Definition', 50, 100),
      ...words('Employees working 30 or', 350, 100),
      ...words('more hours per week', 350, 111),
      ...words('Hours', 50, 140),
      ...words('30', 350, 140),
    ];
    const t = tableOf(ws, [rule(95), rule(135), rule(155), v(40), v(300), v(560)]);
    expect(t.rows).toBe(2);
    expect(text(t, 0, 1)).toBe('Employees working 30 or more hours per week');
  });
});

describe('small tables ruled above and below their header, the stub heading left empty', () => {
  const rules = (...ys: number[]) => ys.map((y) => rule(y, 40, 562));
  it('reads a deductible table: a label beside sub-labels, one value column', () => {
    const ws = [
      ...words('When using a Participating or', 374, 310),
      ...words('Non-Participating Dentist', 374, 322),
      ...words('Calendar Year Deductible', 46, 333),
      ...words('Individual coverage', 276, 333),
      ...words('$50 per individual', 374, 333),
      ...words('Family coverage', 290, 349),
      ...words('$50: individual', 374, 349),
      ...words('$150: Family', 374, 364),
    ];
    const t = tableOf(ws, rules(307, 331.7, 378.5));
    expect(t.cols).toBe(3);
    expect(t.rows).toBe(3);
    expect(text(t, 1, 0)).toBe('Calendar Year Deductible');
    expect(text(t, 1, 2)).toBe('$50 per individual');
    expect(text(t, 2, 1)).toBe('Family coverage');
    expect(text(t, 2, 2)).toBe('$50: individual $150: Family');
  });

  it('reads a one-row table whose only column line stands between the value columns', () => {
    const ws = [
      ...words('When using any', 271, 427),
      ...words('combination of', 271, 438),
      ...words('When Using a Non-Participating Dentist', 374, 427),
      ...words('Calendar Year Benefit Maximum', 46, 486),
      ...words('$2,000: individual', 271, 486),
      ...words('$2,000: individual', 374, 486),
    ];
    const t = tableOf(ws, [
      ...rules(423.7, 484, 503.5),
      { dir: 'v', pos: 369.1, a: 424.9, b: 503.4 },
    ]);
    expect(t.cols).toBe(3);
    expect(text(t, 1, 0)).toBe('Calendar Year Benefit Maximum');
    expect(text(t, 1, 1)).toBe('$2,000: individual');
  });

  it('keeps column headings wrapped in their column in the table (no paragraph between tables)', () => {
    const ws = [
      ...words('Lifetime Benefit Maximum', 46, 516, 10),
      ...words(
        'This maximum for covered Orthodontic services is the total amount that we will pay',
        46,
        530,
      ),
      ...words('in a lifetime.', 46, 541),
      ...words('When using any combination of', 374, 558),
      ...words('Participating and', 374, 570),
      ...words('Non-Participating Dentists', 374, 581),
      ...words('Lifetime Benefit Maximum (Orthodontic Services)', 46, 596),
      ...words('$2,000: individual', 374, 596),
    ];
    const t = tableOf(ws, rules(503.5, 555, 592.5, 611.1));
    expect(text(t, 0, 1)).toBe(
      'When using any combination of Participating and Non-Participating Dentists',
    );
    expect(text(t, 1, 1)).toBe('$2,000: individual');
  });
});

describe('a header with a label and a heading over one label-only row', () => {
  it('draws no column line (the label column is no one-row table)', () => {
    const ws = [
      ...words('Partial List of Services', 44, 380),
      ...words('Passive PPO', 430, 380),
      ...words('Preventive', 44, 410),
    ];
    const drawn = virtualRulings(
      [rule(375, 36, 576), rule(406, 36, 576), rule(426, 36, 576)],
      ws,
      2.5,
    );
    expect(drawn.filter((s) => s.dir === 'v' && s.pos > 40 && s.pos < 570)).toEqual([]);
  });
});

describe('headingRow', () => {
  // a justified paragraph's widened spaces (about 0.7 em) break it into runs, yet it heads nothing
  const justified = (y: number): Word[] => {
    const out: Word[] = [];
    let x = 46;
    for (const t of 'Covered Services under the Plan. Blue Shield pays for some'.split(' ')) {
      const w = t.length * 4.5;
      out.push({ text: t, box: [x, y, x + w, y + 9], size: 9, confidence: 1 });
      x += w + 6;
    }
    return out;
  };
  it.each([
    [
      'column headings far apart',
      [...words('Benefit', 44, 100), ...words('In-Network', 330, 100)],
      true,
    ],
    ['a justified paragraph', justified(100), false],
    ['one run', words('met, as noted in the Benefits chart below.', 46, 100), false],
  ])('%s', (_what, ws, expected) => {
    expect(headingRow(ws, 9)).toBe(expected);
  });
});

describe('tall rows ruled between rows under a ruled header', () => {
  // a ruled header grid, then rows ruled between only, the first two tall: a category with its
  // values on the first line and its procedures listed under it
  const tall = (label: string, a: string, b: string, y: number, items: number) => [
    ...words(label, 40, y),
    ...words(a, 330, y),
    ...words(b, 420, y),
    ...Array.from({ length: items }, (_, i) =>
      words(`Procedure number ${i + 1}`, 46, y + 12 * (i + 1)),
    ).flat(),
  ];
  const ws = [
    ...words('Dental Services', 40, 35),
    ...words('In-Network', 310, 35),
    ...words('Out-of-Network', 400, 35),
    ...tall('Diagnostic & Preventive Services', '100%', '100%', 58, 9),
    ...tall('Basic Services', '90%', '80%', 195, 8),
    ...tall('Endodontics', '90%', '80%', 311, 1),
  ];
  const segs: Segment[] = [
    rule(27, 36, 585),
    rule(53, 36, 585),
    ...[36, 300, 390, 585].map((x): Segment => ({ dir: 'v', pos: x, a: 27, b: 53 })),
    rule(190, 36, 585),
    rule(306, 36, 585),
    rule(341, 36, 585),
  ];
  it('reads every row, the tall ones too, in one table with the header', () => {
    const tables = tablesOf(pageOfWords(ws, segs));
    const t = tables.find((x) => x.cells.some((c) => c.text.startsWith('Endodontics')))!;
    const row = (label: string) => t.cells.find((c) => c.text.startsWith(label))!.row;
    const values = (label: string) =>
      t.cells.filter((c) => c.row === row(label) && c.col > 0 && c.text).map((c) => c.text);
    expect(values('Diagnostic & Preventive Services')).toEqual(['100%', '100%']);
    expect(values('Basic Services')).toEqual(['90%', '80%']);
    expect(t.cells.some((c) => c.text === 'In-Network')).toBe(true);
  });
});

describe('startsOneRow', () => {
  const list = (n: number) =>
    Array.from({ length: n }, (_, i) => words(`Procedure number ${i + 1}`, 46, 70 + i * 12)).flat();
  const valuesEachLine = (n: number) =>
    Array.from({ length: n }, (_, i) => [
      ...words(`Service number ${i + 1}`, 40, 70 + i * 12),
      ...words('100%', 330, 70 + i * 12),
      ...words('80%', 420, 70 + i * 12),
    ]).flat();
  const first = [
    ...words('Basic Services', 40, 58),
    ...words('90%', 330, 58),
    ...words('80%', 420, 58),
  ];
  it.each([
    ['a category with its values, its procedures listed under it', [...first, ...list(8)], true],
    ['rows one per line, each with its values', [...first, ...valuesEachLine(8)], false],
    ['a paragraph', words('This plan pays for covered services as listed below.', 40, 58), false],
  ])('%s', (_what, ws, expected) => {
    expect(startsOneRow(ws, 36, 585, 53, 190, 9)).toBe(expected);
  });
});

describe('headingsOnlyRight', () => {
  // runs of text per row (top to bottom); the gap studied lies at x = 300, columns from 100
  const p = (x0: number, x1: number) => ({ x0, x1 });
  it.each([
    [
      'headings centred right of flush-left values',
      [[p(200, 260), p(320, 400)], [p(250, 280)], [p(250, 290)], [p(250, 285)]],
      true,
    ],
    [
      'a title and headings over flush-left values',
      [[p(320, 380)], [p(200, 260), p(320, 400)], [p(250, 280)], [p(250, 290)]],
      true,
    ],
    [
      'values right of the gap lower down: a column',
      [[p(200, 260), p(320, 400)], [p(250, 280), p(320, 340)], [p(250, 290)]],
      false,
    ],
    ['only one row under the headings', [[p(200, 260), p(320, 400)], [p(250, 280)]], false],
    [
      'text right of the gap in a later row only',
      [[p(250, 280)], [p(250, 280)], [p(250, 280)], [p(250, 280), p(320, 340)]],
      false,
    ],
    [
      'a value running across the gap does not count as right of it',
      [[p(200, 260), p(320, 400)], [p(250, 380)], [p(250, 290)], [p(250, 285)]],
      true,
    ],
  ])('%s → %s', (_name, rows, expected) => {
    expect(headingsOnlyRight(rows, 100, 300, 500)).toBe(expected);
  });

  it('puts headings centred over flush-left values of an open table into their columns', () => {
    const ws = [
      ...words('Dental plan', 44, 80),
      ...words('P9915 /MAC', 500, 80),
      ...words('NETWORK', 345, 100),
      ...words('NON-NETWORK', 490, 100),
      ...words('Individual Deductible', 44, 122),
      ...words('$50', 330, 122),
      ...words('$50', 460, 122),
      ...words('Family Deductible', 44, 142),
      ...words('$150', 330, 142),
      ...words('$150', 460, 142),
      ...words('Waiting Period', 44, 162),
      ...words('None', 330, 162),
    ];
    const rules = [rule(75), rule(95), rule(115), rule(137), rule(157), rule(177)];
    const scanned = tablesOf(pageOfWords(ws, rules, 'ocr'));
    expect(scanned).toHaveLength(1);
    const t = scanned[0]!;
    expect(t.cols).toBe(3);
    expect(text(t, 1, 2)).toBe('NON-NETWORK');
    expect(text(t, 3, 2)).toBe('$150');
    // a text page is left as it was (its header cells' edges are drawn where they are)
    expect(tableOf(ws, rules).cols).toBe(4);
  });
});
