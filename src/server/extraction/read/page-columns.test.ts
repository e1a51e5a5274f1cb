import { describe, expect, it } from 'vitest';
import type { Word } from '../layout.ts';
import { pageOfWords, wordsAt } from '../testing/page-words.ts';
import { ruleBands, wrapsAtOneEdge } from './page-columns.ts';

const words = wordsAt;

const read = (ws: Word[]) =>
  pageOfWords(ws).blocks.map((b) => (b.kind === 'line' ? b.line.text : 'table'));

describe('pages set in two columns', () => {
  it('reads the left column before the right one and pairs no lines across the gutter', () => {
    const ws = [
      ...words('Plan Summary', 40, 40, 15),
      ...words('Dental – Smart 1500', 40, 80, 12),
      ...words('Vision – Choice Network', 320, 80, 12),
      ...words('Deductible: $50 / $150', 40, 100),
      ...words('Exam: $10 copay / Up to $45', 320, 100),
      ...words('Annual Maximum: $1,500', 40, 114),
      ...words('Frames: $150 allowance', 320, 114),
      ...words('Preventive: 100% / 100%', 40, 128),
      ...words('Contacts: $150 allowance', 320, 128),
      ...words('Monthly Rates', 40, 170, 12),
    ];
    expect(read(ws)).toEqual([
      'Plan Summary',
      'Dental – Smart 1500',
      'Deductible: $50 / $150',
      'Annual Maximum: $1,500',
      'Preventive: 100% / 100%',
      'Vision – Choice Network',
      'Exam: $10 copay / Up to $45',
      'Frames: $150 allowance',
      'Contacts: $150 allowance',
      'Monthly Rates',
    ]);
  });

  it('keeps a label and value table as a table', () => {
    const ws = [
      ...words('Carrier', 40, 100),
      ...words('Delta Dental of Colorado', 240, 100),
      ...words('Plan Name', 40, 114),
      ...words('PPO Plus Premier 1500', 240, 114),
      ...words('Eligible Group', 40, 128),
      ...words('Full-Time Staff', 240, 128),
    ];
    expect(read(ws)).toEqual(['table']);
  });
});

describe('a sidebar beside a grid (no parallel headings)', () => {
  const sidebar = [
    ['Save 40%', 20],
    ['on a second pair', 40],
    ['of glasses', 52],
    ['Find a doctor', 90],
    ['call the number', 104],
    ['on your card', 116],
    ['Heads up', 150],
    ['you may have', 164],
    ['more benefits', 178],
  ] as const;
  const grid = [
    ['Exam', '$10 copay', 'Up to $42'],
    ['Frame', '$150 allowance', 'Up to $60'],
    ['Single Vision', '$20 copay', 'Up to $35'],
    ['Bifocal', '$20 copay', 'Up to $49'],
    ['Trifocal', '$20 copay', 'Up to $74'],
    ['Lenticular', '$20 copay', 'Up to $74'],
    ['Progressive', '$85 copay', 'Up to $49'],
  ];
  it('keeps the sidebar out of the grid', () => {
    const ws = [
      ...sidebar.flatMap(([t, y]) => words(t, 30, y + 3, 11)),
      ...grid.flatMap(([a, b, c], i) => [
        ...words(a!, 200, 30 + i * 21),
        ...words(b!, 340, 30 + i * 21),
        ...words(c!, 460, 30 + i * 21),
      ]),
    ];
    const page = pageOfWords(ws);
    const tables = page.blocks.flatMap((b) => (b.kind === 'table' ? [b.table] : []));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.cols).toBe(3);
    const texts = tables[0]!.cells.map((c) => c.text);
    for (const [t] of sidebar) expect(texts).not.toContain(t);
    expect(texts).toContain('Progressive');
  });
});

describe('columns of prose side by side', () => {
  it('are read as text, not as a table', () => {
    const left = [
      'Dental services that are not necessary for the',
      'health of the teeth are not covered by this plan',
      'and charges for them are the member’s to pay in',
      'full, as are charges for hospital stays and other',
      'facility charges that a dental visit may bring.',
    ];
    const right = [
      'Foreign services are not covered unless they are',
      'required as an emergency while the member is away',
      'from home and could not wait until the return of',
      'the member to a network dentist for the treatment',
      'of the condition that made the visit necessary.',
    ];
    const ws = [
      ...left.flatMap((t, i) => words(t, 40, 100 + i * 12)),
      ...right.flatMap((t, i) => words(t, 320, 100 + i * 12)),
    ];
    expect(read(ws)).not.toContain('table');
  });
});

describe('a narrow gutter between a column of prose and a column of benefits', () => {
  const prose = [
    'With your plan you can go to any',
    'licensed vision specialist and get',
    'coverage. Your benefit dollars go',
    'further when you stay in network,',
    'so choose from a large network of',
    'doctors, from private practices to',
    'retailers and the chain stores too.',
    'Savings on glasses: get up to 20%',
    'off additional pairs of glasses and',
    'sunglasses, lens enhancements too.',
  ];
  const benefits: Array<[string, number]> = [
    ['Eye exam', 11],
    ['Once every 12 months', 9],
    ['• Exam and refraction: $10 copay', 9],
    ['• Retinal imaging: Up to a $39 copay', 9],
    ['Frame', 11],
    ['Once every 24 months', 9],
    ['• Allowance: $100 after $25 copay', 9],
    ['• Warehouse stores: $55 allowance', 9],
    ['Contact lenses', 11],
    ['• Elective lenses: $100 allowance', 9],
  ];
  // the right column keeps its own leading (11 points against the prose's 10)
  const right = (x: number) =>
    benefits.flatMap(([t, size], i) => words(t, x, 104 + i * 11.5, size));
  const left = prose.flatMap((t, i) => words(t, 40, 100 + i * 10));
  const cases: Array<{ name: string; ws: Word[]; want: string[] | 'table' }> = [
    {
      name: 'reads the prose, then the benefits in order, when the left lines wrap at one edge',
      ws: [...left, ...right(202)],
      want: [...prose, ...benefits.map(([t]) => t)],
    },
    {
      name: 'reads two columns of prose one after the other though their leadings meet by chance',
      ws: [
        ...[...prose, ...prose.slice(0, 2)].flatMap((t, i) => words(t, 40, 100 + i * 13)),
        ...[...prose, ...prose.slice(0, 2)].flatMap((t, i) => words(t, 300, 100 + i * 12)),
      ],
      want: [...prose, ...prose.slice(0, 2), ...prose, ...prose.slice(0, 2)],
    },
  ];
  it.each(cases)('$name', ({ ws, want }) => {
    expect(read(ws)).toEqual(want);
  });

  it.each([
    { name: 'prose wrapping at one edge', lines: prose, want: true },
    {
      name: 'labels of every length (a table’s first column)',
      lines: [
        'Deductible',
        'Annual maximum per person',
        'Exam',
        'Frames',
        'Lenses',
        'Contacts',
        'Single vision lenses',
        'Bifocal',
      ],
      want: false,
    },
  ])('$name: wraps at one edge is $want', ({ lines, want }) => {
    const ls = lines
      .map((t, i) => pageOfWords(words(t, 40, 100 + i * 10)).blocks[0])
      .flatMap((b) => (b?.kind === 'line' ? [b.line] : []));
    expect(wrapsAtOneEdge(ls, 9)).toBe(want);
  });
});

describe('two tables side by side under their own rules', () => {
  const h = (pos: number, a: number, b: number) => ({ dir: 'h' as const, pos, a, b });
  it.each([
    [
      'two rules at two heights, a gap between: one band, its gutter in the gap',
      [h(65, 36, 360), h(65, 414, 738), h(102, 36, 360), h(102, 414, 738)],
      [{ y0: 61, gutter: 387 }],
    ],
    [
      'rules drawn in pieces, one per cell, are one rule',
      [
        h(65, 36, 220),
        h(65, 220.5, 360),
        h(65, 414, 600),
        h(65, 600.5, 738),
        h(102, 36, 360),
        h(102, 414, 738),
      ],
      [{ y0: 61, gutter: 387 }],
    ],
    ['one height only: no band', [h(65, 36, 360), h(65, 414, 738)], []],
    [
      'a gap no wider than a space: one rule broken, no band',
      [h(65, 36, 360), h(65, 365, 738), h(102, 36, 360), h(102, 365, 738)],
      [],
    ],
  ])('%s', (_name, segments, expected) => {
    const bands = ruleBands(segments, 8, 1).map((b) => ({
      y0: Math.round(b.y0),
      gutter: Math.round(b.gutter),
    }));
    expect(bands).toEqual(expected);
  });
  it('ends the band at a rule that runs across the gap', () => {
    const bands = ruleBands(
      [h(65, 36, 360), h(65, 414, 738), h(102, 36, 360), h(102, 414, 738), h(400, 36, 738)],
      8,
      1,
    );
    expect(bands).toHaveLength(1);
    expect(bands[0]!.y1).toBe(400);
  });
});
