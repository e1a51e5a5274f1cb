import { describe, expect, it } from 'vitest';
import type { Block, Cell, DocumentLayout, Line, Table } from '../layout.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { onePage } from '../testing/page-words.ts';
import {
  analyzeDocument,
  type Column,
  capitalsHeading,
  levelsAsNetworks,
  namesBothNetworks,
  optionNamedIn,
  withCellContinuations,
} from './document.ts';

describe('headings in a printout without typefaces', () => {
  it('takes two words or more in capitals, alone or before a dash, for a heading', () => {
    expect(capitalsHeading('MONTHLY RATES')).toBe(true);
    expect(capitalsHeading('PLAN DESIGN - PM Dental PPO 1500 (Class 1 and Class 2)')).toBe(true);
  });
  it('leaves short codes and sentences that merely start in capitals', () => {
    expect(capitalsHeading('EE EE+SP')).toBe(false);
    expect(capitalsHeading('PPO plan rates are guaranteed')).toBe(false);
    expect(capitalsHeading('NOTE this is not a contract')).toBe(false);
  });
});

describe('a numbered option heading', () => {
  it.each([
    ['Option 1 — Basic Plan (Ameritas PPO Select 1000)', 'Basic Plan'],
    ['Option B: High PPO', 'High PPO'],
    ['Plan Option 2 - Comprehensive Plan', 'Comprehensive Plan'],
    ['Option 1 — see page 3', undefined],
    ['Optional Benefits', undefined],
    ['Basic Plan', undefined],
    // a section title naming its plan in a closing parenthesis, one plan after another
    ['Description of Covered Services (Comp 1500 plan)', 'Comp 1500 plan'],
    ['Description of Covered Services (Preventive plan)', 'Preventive plan'],
    ['Schedule of Benefits (High Option)', 'High Option'],
    ['Summary of Benefits (Dental plan)', undefined],
    ['Covered Services (see your plan)', undefined],
    ['Welcome to your plan (Gold plan)', undefined],
    // coverage printed once per age group of members: each summary's group is its class
    ['SUMMARY RELATING TO PEDIATRIC ENROLLEES', 'Pediatric Enrollees'],
    ['Summary Relating to Adult Enrollees', 'Adult Enrollees'],
    ['Covered Services for Adult Members', 'Adult Members'],
    ['EXAMPLE FOR ADULT ENROLLEES', undefined],
    ['Benefits for Pediatric Dental', undefined],
    // a plan document's options, one section after another, each chart under 'How the … Pays Benefits'
    ['How the PDP Option Pays Benefits', 'PDP Option'],
    ['How the DHMO Option Pays Benefits', 'DHMO Option'],
    ['How the Expatriate Dental Plan Pays Benefits', 'Expatriate Dental Plan'],
    ['How the Dental Plan Pays Benefits', undefined],
    ['How the Expatriate Medical Plan Pays Benefits', undefined],
    ['How the plan pays benefits', undefined],
    ['How the PDP Option Works', undefined],
  ])('%j names the option %j', (text, expected) => {
    expect(optionNamedIn(text)).toBe(expected);
  });

  // a plan named after a section's words and a dash, where the document names two plans so
  it.each([
    ['PLAN AND SERVICE FREQUENCIES - Basic Plan', 'Basic Plan', undefined],
    ['PROFESSIONAL SERVICES – Premier Plan', 'Premier Plan', undefined],
    ['PLAN AND SERVICE FREQUENCIES - Second Pair:', undefined, undefined],
  ])('%j names %j after its dash (%j when the document names one plan)', (text, many, one) => {
    expect(optionNamedIn(text, true)).toBe(many);
    expect(optionNamedIn(text, false)).toBe(one);
  });
});

describe('level names over the networks', () => {
  const col = (index: number, option?: string, network?: 'in' | 'out'): Column => ({
    index,
    path: [],
    heading: option ?? '',
    ...(option ? { option } : {}),
    ...(network ? { network } : {}),
  });
  const tiers = new Map<string, 'in' | 'out'>([
    ['tier 1', 'in'],
    ['tier 2', 'out'],
  ]);
  it.each([
    {
      name: 'levels over in and out become networks',
      columns: [col(0), col(1, 'PPO / Tier 1', 'in'), col(2, 'Tier 2', 'out')],
      known: new Map<string, 'in' | 'out'>(),
      want: [undefined, 'in', 'out'],
      options: [undefined, undefined, undefined],
      learned: [
        ['tier 1', 'in'],
        ['tier 2', 'out'],
      ],
    },
    {
      name: 'the level names alone take the networks met before',
      columns: [col(0), col(1, 'Tier 1'), col(2, 'Tier 2')],
      known: tiers,
      want: [undefined, 'in', 'out'],
      options: [undefined, undefined, undefined],
      learned: [
        ['tier 1', 'in'],
        ['tier 2', 'out'],
      ],
    },
    {
      name: 'names not met before stay plan options',
      columns: [col(0), col(1, 'Low Plan'), col(2, 'High Plan')],
      known: tiers,
      want: [undefined, undefined, undefined],
      options: [undefined, 'Low Plan', 'High Plan'],
      learned: [
        ['tier 1', 'in'],
        ['tier 2', 'out'],
      ],
    },
    {
      name: 'two plans both in network stay plan options',
      columns: [col(0), col(1, 'Low Plan', 'in'), col(2, 'High Plan', 'in')],
      known: new Map<string, 'in' | 'out'>(),
      want: [undefined, 'in', 'in'],
      options: [undefined, 'Low Plan', 'High Plan'],
      learned: [],
    },
    {
      name: 'a plan over both of its networks keeps its option',
      columns: [col(0), col(1, 'PPO', 'in'), col(2, 'PPO', 'out')],
      known: new Map<string, 'in' | 'out'>(),
      want: [undefined, 'in', 'out'],
      options: [undefined, 'PPO', 'PPO'],
      learned: [],
    },
  ])('$name', ({ columns, known, want, options, learned }) => {
    const out = levelsAsNetworks(columns, known);
    expect(out.map((c) => c.network)).toEqual(want);
    expect(out.map((c) => c.option)).toEqual(options);
    expect([...known]).toEqual(learned);
  });
});

/** Sets each table's cells between the given column lines, text centred, as a PDF reader would. */
function placed(layout: DocumentLayout, lines: number[][]): DocumentLayout {
  let k = 0;
  for (const b of layout.pages[0]!.blocks) {
    if (b.kind !== 'table') continue;
    const xs = lines[k++]!;
    for (const c of b.table.cells) {
      const [x0, x1] = [xs[c.col]!, xs[c.col + c.colSpan]!];
      const y = b.table.box![1] + c.row * 14;
      c.box = [x0, y, x1, y + 14];
      const mid = (x0 + x1) / 2;
      for (const l of c.lines) {
        const w = l.text.length * 5;
        l.box = [mid - w / 2, y + 2, mid + w / 2, y + 12];
        for (const word of l.words) word.box = l.box;
      }
    }
  }
  return layout;
}

describe('a plan grid the reader broke into bands', () => {
  const headed = [
    ['Charges covered for you', 'In-Network', 'Out-of-Network'],
    ['Preventive Care', '100%', '100%'],
  ];
  const band = [
    ['Major Care', '60%', '50%'],
    ['Orthodontia', '50%', '50%'],
  ];
  it.each([
    {
      name: 'values standing under the headed values go on under its headings',
      blocks: [headed, band],
      lines: [
        [40, 270, 460, 570],
        [40, 280, 470, 570],
      ],
      want: ['in', 'out'],
    },
    {
      name: 'columns standing elsewhere do not',
      blocks: [headed, band],
      lines: [
        [40, 270, 460, 570],
        [40, 100, 160, 220],
      ],
      want: [undefined, undefined],
    },
    {
      name: 'a line between ends the grid',
      blocks: [headed, 'Rates are guaranteed for two years.', band],
      lines: [
        [40, 270, 460, 570],
        [40, 280, 470, 570],
      ],
      want: [undefined, undefined],
    },
    {
      name: 'a band of other columns does not',
      blocks: [headed, band.map((r) => [...r, '40%'])],
      lines: [
        [40, 270, 460, 570],
        [40, 280, 470, 520, 570],
      ],
      want: [undefined, undefined],
    },
  ])('$name', ({ blocks, lines, want }) => {
    const doc = analyzeDocument(placed(markupLayout(blocks), lines));
    const tables = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []));
    expect(tables[0]!.columns.slice(1).map((c) => c.network)).toEqual(['in', 'out']);
    expect(tables[1]!.columns.slice(1, 3).map((c) => c.network)).toEqual(want);
  });

  // each network's heading over two columns ('Individual | Family'), one value per network below
  const paired = [
    ['Services', '>>In-network dentist', '>>Out-of-network dentist'],
    ['Deductible', 'Individual: $50', 'Family: $150', 'Individual: $50', 'Family: $150'],
  ];
  const coverage = [['Preventive services', '100% no deductible', '80% no deductible']];
  /** The line of `layout` that reads `text`, set across x0–x1. */
  const setAcross = (layout: DocumentLayout, text: string, x0: number, x1: number) => {
    for (const b of layout.pages[0]!.blocks) {
      if (b.kind !== 'line' || b.line.text !== text) continue;
      b.line.box = [x0, b.line.box[1], x1, b.line.box[3]];
      for (const w of b.line.words) w.box = b.line.box;
    }
    return layout;
  };
  const note = 'Deductible applies to all services excluding preventive services.';
  it.each([
    {
      name: 'a band of one value per network goes on under the networks above it',
      blocks: [paired, coverage],
      lines: [40, 270, 360, 460, 520, 570],
      noteAt: undefined,
      want: ['in', 'out'],
    },
    {
      name: 'so it does under a note printed across the value columns',
      blocks: [paired, note, coverage],
      lines: [40, 270, 360, 460, 520, 570],
      noteAt: [275, 560],
      want: ['in', 'out'],
    },
    {
      name: 'a line from the left margin ends the grid',
      blocks: [paired, note, coverage],
      lines: [40, 270, 360, 460, 520, 570],
      noteAt: [40, 400],
      want: [undefined, undefined],
    },
    {
      name: 'a band whose value column stands under both networks does not',
      blocks: [paired, [['Preventive services', '100%', 'Covered']]],
      lines: [40, 270, 360, 460, 520, 570],
      noteAt: undefined,
      want: [undefined, undefined],
      band: [40, 270, 520, 570],
    },
  ])('$name', ({ blocks, lines, noteAt, want, band }) => {
    let layout = placed(markupLayout(blocks), [lines, band ?? [40, 270, 460, 570]]);
    if (noteAt) layout = setAcross(layout, note, noteAt[0]!, noteAt[1]!);
    const doc = analyzeDocument(layout);
    const tables = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []));
    expect(tables[1]!.columns.slice(1, 3).map((c) => c.network)).toEqual(want);
  });

  it.each([
    {
      name: 'plans named over every value column go on over the band',
      header: ['Benefit', 'Low Plan', 'High Plan'],
      want: ['Low Plan', 'High Plan'],
    },
    {
      name: 'one plan named beside an unnamed column does not',
      header: ['Benefit', 'Low Plan', ''],
      want: [undefined, undefined],
    },
  ])('$name', ({ header, want }) => {
    const plans = [header, ...headed.slice(1)];
    const doc = analyzeDocument(
      placed(markupLayout([plans, band]), [
        [40, 270, 460, 570],
        [40, 280, 470, 570],
      ]),
    );
    const tables = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []));
    expect(tables[1]!.columns.slice(1).map((c) => c.option ?? c.network)).toEqual(want);
  });
});

describe('a grid at the top of a page going on from the grid that ended the page before', () => {
  // 'benefit | In-Network Coverage (two columns: item | value) | Out-of-Network Coverage' ends a
  // page; the next page prints the grid on under a continued title, without its headings
  const headed = [
    ['', '>>In-Network Coverage', 'Out-of-Network Coverage'],
    ['STANDARD LENS OPTIONS', 'Ultraviolet Coating', 'Covered in full', 'Not Covered'],
  ];
  const lines4 = [40, 160, 300, 420, 570];
  /** A document of the given pages, each a markup layout placed between its column lines. */
  const pages = (
    ...ps: Array<{ blocks: Parameters<typeof markupLayout>[0]; lines: number[][] }>
  ) => {
    const laid = ps.map((p, i) => {
      const page = placed(markupLayout(p.blocks), p.lines).pages[0]!;
      for (const b of page.blocks)
        if (b.kind === 'table') {
          b.table.page = i + 1;
          for (const c of b.table.cells) c.page = i + 1;
        } else b.line.page = i + 1;
      return { ...page, number: i + 1 };
    });
    return { format: 'docx' as const, pages: laid, furniture: [] };
  };
  const networksOf = (layout: DocumentLayout) => {
    const doc = analyzeDocument(layout);
    const tables = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []));
    const last = tables.at(-1)!;
    return { networks: last.columns.slice(1).map((c) => c.network), rows: last.body.length };
  };
  it.each([
    {
      name: 'one value cell under both in-network columns',
      next: [
        ['CONTACT LENSES', '', ''],
        ['ELECTIVE', 'Covered up to $200', 'Covered up to $105'],
        ['NECESSARY', 'Covered in full', 'Covered up to $210'],
      ],
      lines: [40, 160, 420, 570],
      title: '# SCHEDULE OF BENEFITS (continued)',
      want: { networks: ['in', 'out'], rows: 3 },
    },
    {
      name: 'the out-of-network side split in two',
      next: [
        ['STANDARD CORRECTIVE LENSES', 'Covered in full', 'Single Vision', '$40 allowance'],
        ['', '', 'Lined Bifocal', '$60 allowance'],
      ],
      lines: [40, 160, 420, 490, 570],
      title: '# SCHEDULE OF BENEFITS (continued)',
      want: { networks: ['in', 'out', 'out'], rows: 2 },
    },
    {
      name: 'as many columns, after an empty page',
      next: [['NECESSARY', 'Lens', 'Covered in full', '$225 allowance']],
      lines: lines4,
      title: undefined,
      empty: true,
      want: { networks: ['in', 'in', 'out'], rows: 1 },
    },
    {
      name: 'not after a line of text at the top of the page',
      next: [['NECESSARY', 'Covered in full', '$225 allowance']],
      lines: [40, 160, 420, 570],
      title: 'Benefits are paid as follows.',
      want: { networks: [undefined, undefined], rows: 1 },
    },
    {
      name: 'not a grid naming columns of its own',
      next: [
        ['Service', 'Member pays', 'Plan pays'],
        ['NECESSARY', 'Covered in full', '$225 allowance'],
      ],
      lines: [40, 160, 420, 570],
      title: undefined,
      want: { networks: [undefined, undefined], rows: 1 },
    },
  ])('$name', ({ next, lines, title, empty, want }) => {
    const first = { blocks: [headed], lines: [lines4] };
    const second = { blocks: title ? [title, next] : [next], lines: [lines] };
    const layout = empty ? pages(first, { blocks: [], lines: [] }, second) : pages(first, second);
    expect(networksOf(layout)).toEqual(want);
  });
});

describe('insurers’ names over the value columns', () => {
  const body = [
    ['Routine eye exam', '$0 ($40)', '$0 ($84)', '$0 ($45)'],
    ['Polycarbonate', '$30 ($0)', '$40 ($0)', '$35 ($0)'],
  ];
  it.each([
    {
      name: 'insurers head their columns',
      header: ['', 'Davis Vision by MetLife', 'EyeMed', 'MetLife Vision'],
      rows: 1,
    },
    {
      name: 'a mark in the label cell changes nothing',
      header: ['*', 'Guardian', 'Humana', 'Ameritas'],
      rows: 1,
    },
    {
      name: 'names that are no insurers are no headings',
      header: ['', 'Acme', 'Bolt', 'Crest'],
      rows: 0,
    },
    { name: 'one insurer twice heads nothing', header: ['', 'EyeMed', 'EyeMed', 'VSP'], rows: 0 },
  ])('$name', ({ header, rows }) => {
    const doc = analyzeDocument(markupLayout([[header, ...body]]));
    const t = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []))[0]!;
    expect(t.headerRows).toBe(rows);
    if (rows) expect(t.columns.slice(1).map((c) => c.option)).toEqual(header.slice(1));
  });

  // the names in a strip of their own ([170, 300, 430, 560]), the grid below with its label column
  const strip = [['Davis Vision by MetLife', 'EyeMed', 'MetLife Vision']];
  const grid = [['Conventional', '$0 ($105)', '$0 ($200)', '$0 ($105)'], ...body];
  it.each([
    { name: 'a strip of names heads the grid under it', between: [], want: strip[0] },
    {
      name: 'across the end of a bar the reader printed apart',
      between: ['glasses)'],
      want: strip[0],
    },
    {
      name: 'not across running text',
      between: ['Members may use both allowances during the same visit at any provider.'],
      want: [undefined, undefined, undefined],
    },
  ])('$name', ({ between, want }) => {
    const layout = placed(markupLayout([strip, ...between, grid]), [
      [170, 300, 430, 560],
      [50, 170, 300, 430, 560],
    ]);
    for (const b of layout.pages[0]!.blocks)
      if (b.kind === 'line') b.line.box = [150, 90, 150 + b.line.text.length * 4, 100];
    const doc = analyzeDocument(layout);
    const tables = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []));
    expect(tables[1]!.columns.slice(1).map((c) => c.option)).toEqual(want);
  });

  it('joins the end of a bar printed apart to the bar it ends', () => {
    const layout = placed(
      markupLayout([
        strip,
        'starting January 1)',
        [['>>>>>>Vision care services (once per year'], ...grid],
      ]),
      [
        [170, 300, 430, 560],
        [50, 170, 300, 430, 560],
      ],
    );
    for (const b of layout.pages[0]!.blocks)
      if (b.kind === 'line') b.line.box = [178, 90, 239, 100];
    const tables = analyzeDocument(layout).items.flatMap((i) =>
      i.kind === 'table' ? [i.table] : [],
    );
    expect(tables[1]!.caption).toBe('Vision care services (once per year starting January 1)');
    expect(tables[1]!.columns.slice(1).map((c) => c.option)).toEqual(strip[0]);
  });
});

describe('plan options over their networks, a row of plan facts between', () => {
  const grid = (plans: string[], facts: string[], networks: string[]) => [
    plans,
    facts,
    networks,
    ['Preventive Services', '100%', '100%', '80%', '100%', '90%'],
    ['Basic Services', '80%', '80%', '65%', '90%', '70%'],
  ];
  const plans = ['', 'Standard', '>>Deluxe', '>>Deluxe Plus'];
  const networks = [
    '',
    'In or Out of Network',
    'In Network',
    'Out of Network',
    'In Network',
    'Out of Network',
  ];
  it.each([
    {
      name: 'the networks head the columns under the plans, the facts are a body row',
      facts: ['Calendar Year Maximum', '$1,000', '>>$1,500', '>>$2,000'],
      want: {
        options: ['Standard', 'Deluxe', 'Deluxe', 'Deluxe Plus', 'Deluxe Plus'],
        networks: [undefined, 'in', 'out', 'in', 'out'],
        first: 'Calendar Year Maximum',
      },
    },
    {
      name: 'a row of words between is no row of facts',
      facts: ['Waiting period', 'None', '>>None', '>>None'],
      want: { options: [], networks: [], first: '' },
    },
  ])('$name', ({ facts, want }) => {
    const doc = analyzeDocument(markupLayout([grid(plans, facts, networks)]));
    const t = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []))[0]!;
    if (want.options.length === 0) {
      expect(t.columns.slice(1).some((c) => c.network)).toBe(false);
      return;
    }
    expect(t.columns.slice(1).map((c) => c.option)).toEqual(want.options);
    expect(t.columns.slice(1).map((c) => c.network)).toEqual(want.networks);
    expect(t.body[0]!.cells[0]!.text).toBe(want.first);
  });

  it.each([
    ['In or Out of Network', true],
    ['In & Out of Network', true],
    ['In Network', false],
    ['Out of Network', false],
    ['When using a Participating3 or Non-Participating4 Dentist', true],
    ['When using a Non-Participating Dentist', false],
    ['Participating and non-participating providers', true],
    // a plan that pays alike in and out of network
    ['Passive PPO', true],
    ['PPO', false],
  ])('%s names both networks: %s', (text, want) => {
    expect(namesBothNetworks(text)).toBe(want);
  });
});

describe('plan options’ names over the value columns', () => {
  const body = [
    ['Preventive', '100%', '100%'],
    ['Basic', '80%', '90%'],
  ];
  it.each([
    { header: ['', 'Standard', 'Deluxe'], options: ['Standard', 'Deluxe'] },
    { header: ['Benefits', 'Standard', 'Deluxe Plus'], options: ['Standard', 'Deluxe Plus'] },
    { header: ['', 'Basic', 'Major'], options: undefined },
    { header: ['Deductible waived', 'Standard', 'Deluxe'], options: undefined },
  ])('$header', ({ header, options }) => {
    const t = analyzeDocument(markupLayout([[header, ...body]])).items.flatMap((i) =>
      i.kind === 'table' ? [i.table] : [],
    )[0]!;
    if (options) expect(t.columns.slice(1).map((c) => c.option)).toEqual(options);
    else expect(t.columns.slice(1).some((c) => c.option)).toBe(false);
  });
});

describe('a line left just under a table that ends a cell of its last row', () => {
  /** A line of text at (x, top), 8 high. */
  const at = (text: string, x: number, top: number): Line => ({
    text,
    words: [{ text, box: [x, top, x + 4 * text.length, top + 8], size: 8, confidence: 1 }],
    box: [x, top, x + 4 * text.length, top + 8],
    size: 8,
    confidence: 1,
    page: 1,
  });
  const cellOf = (row: number, col: number, lines: Line[]): Cell => ({
    text: lines.map((l) => l.text).join('\n'),
    lines,
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  const table: Block = {
    kind: 'table',
    table: {
      rows: 2,
      cols: 2,
      headerRows: 0,
      page: 1,
      origin: 'alignment',
      cells: [
        cellOf(0, 0, [at('Progressive - Standard', 173, 292)]),
        cellOf(0, 1, [at('$85 copay', 361, 292)]),
        cellOf(1, 0, [at('Progressive - Premium Tier 4', 173, 304)]),
        cellOf(1, 1, [at('$85 copay; 20% off retail price', 361, 304)]),
      ],
    },
  };
  const lastCells = (blocks: Block[]) =>
    blocks[0]!.kind === 'table'
      ? blocks[0]!.table.cells.filter((c) => c.row === 1).map((c) => c.text)
      : [];
  it.each([
    [
      "lower case, at the cell's left edge, touching: joins the cell",
      at('less $120 allowance', 361, 312),
      ['Progressive - Premium Tier 4', '$85 copay; 20% off retail price\nless $120 allowance'],
      1,
    ],
    [
      'a capital starts a line of its own',
      at('LENS OPTIONS', 173, 312),
      ['Progressive - Premium Tier 4', '$85 copay; 20% off retail price'],
      2,
    ],
    [
      'a gap below the table',
      at('less $120 allowance', 361, 330),
      ['Progressive - Premium Tier 4', '$85 copay; 20% off retail price'],
      2,
    ],
    [
      "away from every cell's left edge",
      at('less $120 allowance', 300, 312),
      ['Progressive - Premium Tier 4', '$85 copay; 20% off retail price'],
      2,
    ],
  ])('%s', (_, line, cells, blocks) => {
    const out = withCellContinuations([table, { kind: 'line', line }]);
    expect(lastCells(out)).toEqual(cells);
    expect(out).toHaveLength(blocks);
  });
});

describe('a first row that is a frequency line heads no column', () => {
  it.each([
    ['label, then its frequency', ['Comprehensive Exam(s)', 'Once every 12 months'], 0],
    ['after an empty bullet column', ['', 'Comprehensive Exam(s)', 'Once every 12 months'], 0],
    ['column headings', ['Service', 'Frequency'], 1],
  ])('%s', (_, first, rows) => {
    const width = first.length;
    const pad = (cells: string[]) => [...Array(width - cells.length).fill(''), ...cells];
    const doc = analyzeDocument(
      markupLayout([
        [
          first,
          pad(['Spectacle Lenses', 'Once every 12 months']),
          pad(['Frames', 'Once every 24 months']),
        ],
      ]),
    );
    const t = doc.items.flatMap((i) => (i.kind === 'table' ? [i.table] : []))[0]!;
    expect(t.headerRows).toBe(rows);
  });
});

describe('a headerless band whose last cells run a value into the guidelines column', () => {
  /** A line of words, 5 wide per character, at (x, top). */
  const at = (text: string, x: number, top: number): Line => ({
    text,
    words: text.split(' ').map((w, i, all) => {
      const x0 = x + 5 * all.slice(0, i).join(' ').length + (i > 0 ? 5 : 0);
      return { text: w, box: [x0, top, x0 + 5 * w.length, top + 8], size: 8, confidence: 1 };
    }),
    box: [x, top, x + 5 * text.length, top + 8],
    size: 8,
    confidence: 1,
    page: 1,
  });
  const cellOf = (row: number, col: number, x0: number, x1: number, line?: Line): Cell => ({
    text: line?.text ?? '',
    lines: line ? [line] : [],
    box: [x0, line?.box[1] ?? 0, x1, (line?.box[1] ?? 0) + 10],
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  // 'COVERED SERVICES | NETWORK | NON-NETWORK | BENEFIT GUIDELINES' over a row of each
  const xs: Array<[number, number]> = [
    [20, 200],
    [200, 260],
    [260, 320],
    [320, 580],
  ];
  const headed: Table = {
    rows: 2,
    cols: 4,
    headerRows: 1,
    page: 1,
    origin: 'rulings',
    cells: [
      ...['COVERED SERVICES', 'NETWORK', 'NON-NETWORK', 'BENEFIT GUIDELINES'].map((h, c) =>
        cellOf(0, c, xs[c]![0], xs[c]![1], at(h, xs[c]![0] + 2, 100)),
      ),
      cellOf(1, 0, 20, 200, at('Inlays/Onlays/Crowns', 22, 112)),
      cellOf(1, 1, 200, 260, at('60%', 212, 112)),
      cellOf(1, 2, 260, 320, at('50%', 272, 112)),
      cellOf(1, 3, 320, 580, at('Limited to 1 time per tooth.', 322, 112)),
    ],
  };
  const band = (third: string, x: number): Table => ({
    rows: 1,
    cols: 3,
    headerRows: 0,
    page: 1,
    origin: 'rulings',
    cells: [
      cellOf(0, 0, 20, 200, at('Implant Services', 22, 130)),
      cellOf(0, 1, 200, 260, at('60%', 212, 130)),
      cellOf(0, 2, 260, 580, at(third, x, 130)),
    ],
  });
  const networksOfBand = (t: Table) => {
    const layout = onePage([
      { kind: 'table', table: headed },
      { kind: 'table', table: t },
    ]);
    const tables = analyzeDocument(layout).items.flatMap((i) =>
      i.kind === 'table' ? [i.table] : [],
    );
    return tables[1]?.columns.map((c) => c.network);
  };
  it('reads the value that opens under the out-of-network heading as that network’s', () => {
    expect(
      networksOfBand(band('50% Limited to 1 time per tooth per consecutive 60 months.', 272)),
    ).toEqual([undefined, 'in', 'out']);
  });
  it('leaves a cell that opens under the guidelines without a network', () => {
    expect(
      networksOfBand(band('Limited to 1 time per tooth per consecutive 60 months.', 330)),
    ).not.toEqual([undefined, 'in', 'out']);
  });
});
