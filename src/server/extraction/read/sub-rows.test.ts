import { describe, expect, it } from 'vitest';
import type { Cell, Table, Word } from '../layout.ts';
import { cellText, pageOfWords, tablesOf, wordsAt } from '../testing/page-words.ts';
import { makeLine } from './lines.ts';
import type { Segment } from './rulings.ts';
import { alignInOrder, splitAlignedSubRows } from './sub-rows.ts';

const box = (x0: number, y0: number, x1: number, y1: number): Segment[] => [
  { dir: 'h', pos: y0, a: x0, b: x1 },
  { dir: 'h', pos: y1, a: x0, b: x1 },
  { dir: 'v', pos: x0, a: y0, b: y1 },
  { dir: 'v', pos: x1, a: y0, b: y1 },
];

/** A ruled table of three columns, one ruled row per section, the section's lines inside. */
function ruledSections(sections: [string, string, string][][], drift = 0) {
  const ws: Word[] = [
    ...wordsAt('Services', 44, 92),
    ...wordsAt('In-network', 250, 92),
    ...wordsAt('Out-of-network', 400, 92),
  ];
  const segs: Segment[] = [...box(40, 88, 560, 106)];
  let y = 106;
  for (const lines of sections) {
    const top = y;
    lines.forEach(([label, a, b], i) => {
      const ly = top + 4 + i * 14;
      if (label) ws.push(...wordsAt(label, 44, ly));
      // values set a little lower than their label, drifting down the column
      if (a) ws.push(...wordsAt(a, 250, ly + drift * (i + 1)));
      if (b) ws.push(...wordsAt(b, 400, ly + drift * (i + 1)));
    });
    y = top + 8 + lines.length * 14;
    segs.push(...box(40, top, 560, y));
  }
  segs.push({ dir: 'v', pos: 245, a: 88, b: y }, { dir: 'v', pos: 395, a: 88, b: y });
  return tablesOf(pageOfWords(ws, segs));
}

describe('rows that hold a list of services and their values', () => {
  it.each([
    ['values level with their labels', 0],
    ['values drifting below their labels by up to half a line', 1.2],
  ])('are split into one row per service (%s)', (_name, drift) => {
    const [table] = ruledSections(
      [
        [
          ['Standard plastic lenses', '', ''],
          ['Single vision', '$25', 'Up to $25'],
          ['Bifocal', '$25', 'Up to $40'],
          ['Trifocal', '$25', 'Up to $60'],
        ],
      ],
      drift,
    );
    expect(table).toBeDefined();
    const rows = Array.from({ length: table!.rows }, (_, r) =>
      [0, 1, 2].map((c) => cellText(table!, r, c)),
    );
    expect(rows).toContainEqual(['Single vision', '$25', 'Up to $25']);
    expect(rows).toContainEqual(['Bifocal', '$25', 'Up to $40']);
    expect(rows).toContainEqual(['Trifocal', '$25', 'Up to $60']);
    expect(rows).toContainEqual(['Standard plastic lenses', '', '']);
  });

  it.each([
    [
      'two services, each level with its values',
      [
        ['Exam with dilation as necessary and refraction', '$10', 'Up to $30'],
        ['Retinal imaging', 'Up to $39', 'Not covered'],
      ],
      [
        ['Exam with dilation as necessary and refraction', '$10', 'Up to $30'],
        ['Retinal imaging', 'Up to $39', 'Not covered'],
      ],
    ],
    [
      'one label wrapped at a joining word, its values wrapped too',
      [
        ['Frames and prescription lenses for kids and', '$130 allowance,', 'Up to $65'],
        ['Spouses', '20% off balance', 'Not covered'],
      ],
      [
        [
          'Frames and prescription lenses for kids and Spouses',
          '$130 allowance, 20% off balance',
          'Up to $65 Not covered',
        ],
      ],
    ],
    [
      'one label wrapped, the next line in lower case',
      [
        ['Contact lens fitting and evaluation for all', '$40', '$40'],
        ['members with conditions', '$10', '$10'],
      ],
      [
        [
          'Contact lens fitting and evaluation for all members with conditions',
          '$40 $10',
          '$40 $10',
        ],
      ],
    ],
  ])('reads %s', (_name, lines, expected) => {
    const [table] = ruledSections([lines as [string, string, string][]]);
    const rows = Array.from({ length: table!.rows }, (_, r) =>
      [0, 1, 2].map((c) => cellText(table!, r, c)),
    ).slice(1);
    expect(rows).toEqual(expected);
  });

  it('keeps a wrapped header or a wrapped paragraph in one cell', () => {
    const [table] = ruledSections([
      [
        ['Employer sponsored initial', '2-4', 'No'],
        ['enrollment, open enrollment,', 'enrolled', ''],
        ['and timely add-on', 'employees', ''],
      ],
    ]);
    expect(cellText(table!, 1, 0)).toBe(
      'Employer sponsored initial enrollment, open enrollment, and timely add-on',
    );
  });
});

describe('alignInOrder', () => {
  it.each([
    ['pairs level items', [10, 20, 30], [10, 20, 30], [0, 1, 2]],
    ['skips an anchor with no partner', [10, 30], [10, 20, 30], [0, 2]],
    ['pairs drifted items in order with their nearest anchors', [14, 27], [10, 20, 30], [0, 2]],
    ['leaves an item far from every anchor unpaired', [10, 100], [10, 20], [0, undefined]],
  ])('%s', (_name, a, b, want) => {
    expect(alignInOrder(a, b, (d) => Math.abs(d) / 10, 0.75)).toEqual(want);
  });
});

describe('a list of services beside a column of notes that wraps', () => {
  /** Labels and a figure level with each, notes beside in smaller type, one of them wrapped. */
  function section(figures: string[]) {
    const ws: Word[] = [
      ...wordsAt('Services', 44, 92),
      ...wordsAt('Plan pays', 250, 92),
      ...wordsAt('Guidelines', 330, 92),
    ];
    const labels = ['Inlays/Onlays/Crowns', 'Dentures and other Removable Prosthetics', 'Bridges'];
    labels.forEach((label, i) => {
      ws.push(...wordsAt(label, 44, 110 + i * 14));
      if (figures[i]) ws.push(...wordsAt(figures[i]!, 250, 110 + i * 14));
    });
    ws.push(
      ...wordsAt('Limited to 1 time per tooth per 60 months.', 330, 110, 7),
      ...wordsAt('Full Denture: Limited to 1 per 60 months. No', 330, 124, 7),
      ...wordsAt('allowances for precision attachments.', 330, 131, 7),
      ...wordsAt('Limited to 1 time per tooth per 60 months.', 330, 138, 7),
    );
    const segs: Segment[] = [
      ...box(40, 88, 560, 106),
      ...box(40, 106, 560, 152),
      { dir: 'v', pos: 245, a: 88, b: 152 },
      { dir: 'v', pos: 325, a: 88, b: 152 },
    ];
    const [table] = tablesOf(pageOfWords(ws, segs));
    return Array.from({ length: table!.rows }, (_, r) => [0, 1].map((c) => cellText(table!, r, c)));
  }
  it.each([
    [
      'a figure level with every label: one row per service',
      ['50%', '50%', '50%'],
      [
        ['Inlays/Onlays/Crowns', '50%'],
        ['Dentures and other Removable Prosthetics', '50%'],
        ['Bridges', '50%'],
      ],
    ],
    [
      'a figure missing: the row stays whole (its notes wrap)',
      ['50%', '', '50%'],
      [['Inlays/Onlays/Crowns Dentures and other Removable Prosthetics Bridges', '50% 50%']],
    ],
  ])('%s', (_name, figures, rows) => {
    expect(section(figures).slice(1)).toEqual(rows);
  });
});

describe('a first column that is a sentence wrapped over lines', () => {
  // one ruled row per benefit, three value columns, the values centred in their cells
  const table = (first: string[], others: string[], offset = 13) => {
    const ws: Word[] = [];
    const top = 100;
    first.forEach((t, i) => {
      ws.push(...wordsAt(t, 44, top + 7 + i * 12, 10));
    });
    for (const x of [250, 400])
      others.forEach((t, i) => {
        ws.push(...wordsAt(t, x, top + offset + i * 12, 10));
      });
    const bottom = top + 43;
    const segs: Segment[] = [
      ...box(40, top, 560, bottom),
      { dir: 'h', pos: 60, a: 40, b: 560 },
      { dir: 'v', pos: 40, a: 60, b: top },
      { dir: 'v', pos: 560, a: 60, b: top },
      { dir: 'v', pos: 245, a: 60, b: bottom },
      { dir: 'v', pos: 395, a: 60, b: bottom },
    ];
    ws.push(...wordsAt('You pay 70% ($0)', 44, 70), ...wordsAt('You pay 60% ($0)', 250, 70));
    ws.push(...wordsAt('You pay 80% ($0)', 400, 70));
    return tablesOf(pageOfWords(ws, segs))[0]!;
  };
  it.each([
    {
      name: 'is no list: the row stays whole',
      first: ['You pay 65% to 80% of', 'national average price of', 'traditional LASIK ($0)'],
      rows: 2,
    },
    {
      name: 'while labels in capitals are a list',
      first: ['Single vision', 'Bifocal', 'Trifocal'],
      rows: 4,
    },
    {
      name: 'nor is a first column whose every line holds an amount (values, the labels outside)',
      first: ['Conventional: $0', 'Specialty: $0 up to $60 then', '85% of balance ($0)'],
      rows: 2,
      offset: 7,
    },
  ])('$name', ({ first, rows, offset }) => {
    const others = offset
      ? ['Standard: $0', 'Premium: up to $65, then', '90% of the balance ($65)']
      : ['You pay 85% of retail price or', '95% of an offer ($0)'];
    expect(table(first, others, offset).rows).toBe(rows);
  });
});

describe('names set a blank line apart, each over its own wrapped values', () => {
  // one ruled row: 'Prescription Glasses | $10 copay', then a blank line, then the indented
  // 'Lenses' level with the first of four lines of its description and with its frequency
  const table = (labels: Array<[string, number]>) => {
    const ws: Word[] = [
      ...wordsAt('Covered', 44, 70),
      ...wordsAt('Benefit', 250, 70),
      ...wordsAt('Frequency', 400, 70),
    ];
    for (const [text, y] of labels) ws.push(...wordsAt(text, text === 'Lenses' ? 60 : 44, y));
    ws.push(...wordsAt('$10 copay', 250, 104));
    [
      'Single vision, lined bifocal, lined',
      'trifocal and lenticular lenses;',
      'polycarbonate lenses for',
      'dependent children',
    ].forEach((t, i) => {
      ws.push(...wordsAt(t, 250, 130 + i * 10));
    });
    ws.push(...wordsAt('Two lenses every 12 months', 400, 130));
    const segs: Segment[] = [
      ...box(40, 66, 560, 84),
      ...box(40, 84, 560, 175),
      { dir: 'v', pos: 245, a: 66, b: 175 },
      { dir: 'v', pos: 395, a: 66, b: 175 },
    ];
    return tablesOf(pageOfWords(ws, segs))[0]!;
  };
  it('gives each name its own row', () => {
    const t = table([
      ['Prescription Glasses', 104],
      ['Lenses', 130],
    ]);
    const rows = Array.from({ length: t.rows }, (_, r) => [0, 1, 2].map((c) => cellText(t, r, c)));
    expect(rows).toContainEqual(['Prescription Glasses', '$10 copay', '']);
    expect(rows).toContainEqual([
      'Lenses',
      'Single vision, lined bifocal, lined trifocal and lenticular lenses; polycarbonate lenses for dependent children',
      'Two lenses every 12 months',
    ]);
  });
  it('keeps a label wrapped without a blank line one row', () => {
    const t = table([
      ['Prescription', 104],
      ['Glasses', 114],
    ]);
    expect(t.rows).toBe(2);
  });
});

/** One ruled row: each column's lines (one per array), 14 apart, words 4 apart, columns `width` wide. */
function ruledRow(lines: string[][], width: number): Table {
  const cols = lines[0]!.length;
  const cells: Cell[] = [...Array(cols).keys()].map((c) => {
    const ls = lines.map((texts, i) => {
      let x = c * width + 2;
      const words = texts[c]!.split(' ').map((t): Word => {
        const w: Word = {
          text: t,
          box: [x, 37 + i * 14, x + t.length * 5, 46 + i * 14],
          size: 9,
          confidence: 1,
        };
        x = w.box[2] + 4;
        return w;
      });
      return makeLine(words, 1);
    });
    return {
      row: 0,
      col: c,
      rowSpan: 1,
      colSpan: 1,
      box: [c * width, 36, c * width + width, 36 + lines.length * 14 + 4],
      lines: ls,
      text: ls.map((l) => l.text).join('\n'),
      page: 1,
    };
  });
  return { rows: 1, cols, cells, headerRows: 0, page: 1, origin: 'rulings' };
}

describe('a ruled row whose values wrap inside their brackets', () => {
  const row = (lines: string[][]) => ruledRow(lines, 100);

  it.each([
    [
      'one value over two lines',
      [
        ['Annual', '$50 (Max', '$100 (Max'],
        ['Deductible', '3x/Fam)', '3x/Fam)'],
      ],
      1,
    ],
    [
      'two services with their values',
      [
        ['Preventive', '$0 (in network)', '$10 (out)'],
        ['Basic', '$20 (in network)', '$30 (out)'],
      ],
      2,
    ],
  ])('%s', (_name, lines, rows) => {
    const t = row(lines);
    splitAlignedSubRows(t);
    expect(t.rows).toBe(rows);
  });
});

describe('a ruled row of services whose values are shares or words for a coverage', () => {
  const row = (lines: string[][]) => ruledRow(lines, 240);

  it.each([
    [
      'a share, then a word for a coverage spanning the networks',
      [
        ['Major Care', '50%'],
        ['Orthodontia', 'Not Covered (applies to all levels)'],
      ],
      ['Major Care', 'Orthodontia'],
    ],
    [
      'words for a coverage on both lines',
      [
        ['Implants', 'Not covered'],
        ['Orthodontia', 'Covered in full'],
      ],
      ['Implants', 'Orthodontia'],
    ],
    [
      'a wrapped label beside a word that is no coverage',
      [
        ['Waiting', 'None for'],
        ['Periods', 'Timely entrants'],
      ],
      ['Waiting\nPeriods'],
    ],
  ])('%s', (_name, lines, labels) => {
    const t = row(lines);
    splitAlignedSubRows(t);
    expect(t.cells.filter((c) => c.col === 0).map((c) => c.text)).toEqual(labels);
  });
});
