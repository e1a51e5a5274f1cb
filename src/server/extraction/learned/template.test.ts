import { describe, expect, it } from 'vitest';
import { rewriteSource, scaleAmount } from '../../../../scripts/fixtures/generalisation/variant.ts';
import type { ParsedCell, ParsedData } from '../../../shared/proposals/parsed-data.ts';
import type { Box, DocumentLayout } from '../layout.ts';
import { type MarkupBlock, markupLayout } from '../testing/markup-layout.ts';
import { onePage } from '../testing/page-words.ts';
import { fieldValue, tableRows } from '../testing/parsed.ts';
import { alike, misread } from './alike.ts';
import {
  amountAlone,
  betterFormed,
  bothNetworks,
  candidateTemplates,
  columnAlike,
  columnsBetterRead,
  describedBy,
  MATCH_THRESHOLD,
  mendScanned,
  oneNetworkPerCell,
  openingAsTaught,
  outsideItsTable,
  overran,
  ownPlaceWins,
  ranIntoRow,
  readWithTemplates,
  scannedPart,
  splitJoined,
  strayName,
  withoutRepeatedTail,
  withTaughtStop,
} from './apply.ts';
import {
  findValue,
  fingerprintOf,
  layoutTemplateSchema,
  learnedValueCount,
  learnTemplate,
  likeness,
  packTemplate,
  rowNamed,
  similarity,
  skeletonPattern,
  unpackTemplate,
} from './template.ts';
import { cellText, layoutUnits, xGroups } from './units.ts';

/** One row of a table's truth, its cells in the order given (a value left undefined is not printed). */
function truthRow(table: string, r: number, values: Array<[string, string | undefined]>) {
  return values
    .filter((v): v is [string, string] => v[1] !== undefined)
    .map(([c, value], col) => ({ label: `${table}_${c}`, value, row: r, col, score: 1 }));
}

/** A vision benefit row of the class 'All Employees' (no out-of-network value when `o` is left out). */
const visionRow = (r: number, name: string, i: string, o?: string) =>
  truthRow('visionInsurance_benefitSummary', r, [
    ['class', 'All Employees'],
    ['servicesAndMaterials', name],
    ['inNetworkCost', i],
    ['outOfNetworkReimbursement', o],
  ]);

/** A vision layout taught from the broker's benefit rows (carrier 'Acme Vision'). */
const learnVision = (layout: DocumentLayout, cells: ParsedCell[]) =>
  learnTemplate({
    layout,
    data: [
      { type: 'field', label: 'visionInsurance_carrierName', value: 'Acme Vision', score: 1 },
      { type: 'table', label: 'visionInsurance_benefitSummary', cells },
    ],
    documentType: 'carrierProposal',
  });

/** One template printed for two employers: labels and layout the same, names and amounts not. */
const printed = (
  employer: string,
  ded: string,
  max: string,
  rates: Array<[string, string]>,
): MarkupBlock[] => [
  '# Acme Dental Group Proposal',
  `Prepared for ${employer}`,
  'Plan Name: Acme PPO Select',
  'Effective Date: January 1, 2027',
  'Plan summary',
  [
    ['Benefit', 'In Network', 'Out of Network'],
    ['Deductible (individual)', ded, ded],
    ['Annual Maximum', max, max],
    ['Preventive', '100%', '80%'],
    ['Basic Services', '80%', '60%'],
  ],
  'Monthly rates',
  [['Tier', 'Monthly Rate'], ...rates.map(([t, r]) => [t, r])],
  'Rates are guaranteed for 12 months.',
];

const corrections = (ded: string, max: string, rates: Array<[string, string]>): ParsedData => {
  const row = (r: number, label: string, i: string, o: string) => [
    {
      label: 'dentalInsurance_coveredServices_class',
      value: 'All Employees',
      row: r,
      col: 0,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_serviceTypeLabel',
      value: label,
      row: r,
      col: 1,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_coverageLevelInNetwork',
      value: i,
      row: r,
      col: 4,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_coverageLevelOutOfNetwork',
      value: o,
      row: r,
      col: 5,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_policyYearDeductibleIndividualInNetwork',
      value: ded,
      row: r,
      col: 6,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_policyYearMaximumInNetwork',
      value: max,
      row: r,
      col: 10,
      score: 1,
    },
  ];
  return [
    { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
    { type: 'field', label: 'dentalInsurance_effectiveDate', value: 'January 1, 2027', score: 1 },
    {
      type: 'table',
      label: 'dentalInsurance_coveredServices',
      cells: [...row(0, 'Preventive', '100%', '80%'), ...row(1, 'Basic Services', '80%', '60%')],
    },
    {
      type: 'table',
      label: 'dentalInsurance_rateTiers',
      cells: rates.flatMap(([t, r], i) => [
        {
          label: 'dentalInsurance_rateTiers_class',
          value: 'All Employees',
          row: i,
          col: 0,
          score: 1,
        },
        { label: 'dentalInsurance_rateTiers_rateTier', value: t, row: i, col: 1, score: 1 },
        {
          label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
          value: r,
          row: i,
          col: 2,
          score: 1,
        },
        {
          label: 'dentalInsurance_rateTiers_rateGuaranteeTime',
          value: '12 months',
          row: i,
          col: 3,
          score: 1,
        },
      ]),
    },
  ];
};

const taughtRates: Array<[string, string]> = [
  ['Employee Only', '$31.20'],
  ['Employee + Spouse', '$62.40'],
  ['Employee + Child(ren)', '$70.10'],
  ['Family', '$99.80'],
];
const taughtLayout = markupLayout(printed('Riverside Montessori', '$50', '$1,500', taughtRates));
const template = learnTemplate({
  layout: taughtLayout,
  data: corrections('$50', '$1,500', taughtRates),
  documentType: 'carrierProposal',
});

describe('learning a layout from corrections', () => {
  it('finds where every printed value is, and keeps a value the document does not print as said', () => {
    expect(layoutTemplateSchema.safeParse(template).success).toBe(true);
    const services = unpackTemplate(template).tables.find(
      (t) => t.label === 'dentalInsurance_coveredServices',
    )!;
    const cls = services.rows[0]!.cells.find((c) => c.label.endsWith('_class'))!;
    expect(cls.where).toBeUndefined(); // "All Employees" is not printed
    const ded = services.rows[0]!.cells.find((c) => c.label.endsWith('IndividualInNetwork'))!;
    expect(ded.where).toMatchObject({
      kind: 'cell',
      rowHead: 'deductible (individual)',
      colHead: 'in network',
    });
    expect(learnedValueCount(template)).toBe(2 + 2 * 5 + 4 * 3);
  });

  it('says the headings its cells share once, and gives every cell its headings back', () => {
    const full = unpackTemplate(template);
    expect(full.heads).toBeUndefined();
    const wheres = (t: typeof template) =>
      t.tables.flatMap((x) => x.rows.flatMap((r) => r.cells.flatMap((c) => c.where ?? [])));
    // Packed: no cell repeats its table's or column's heading.
    expect(wheres(template).filter((w) => w.tableHead !== undefined)).toEqual([]);
    expect(wheres(full).every((w) => w.kind !== 'cell' || w.tableHead !== undefined)).toBe(true);
    expect(JSON.stringify(template).length).toBeLessThan(JSON.stringify(full).length);
    // Packing again changes nothing; an unpacked (older) template reads the same.
    expect(packTemplate(full)).toEqual(template);
    expect(unpackTemplate(packTemplate(full))).toEqual(full);
    const layout = markupLayout(printed('Harborview Animal Clinic', '$75', '$2,000', taughtRates));
    expect(readWithTemplates(layout, [], [full], 'carrierProposal')).toEqual(
      readWithTemplates(layout, [], [template], 'carrierProposal'),
    );
  });

  it('reads another employer’s document on the same template, with other amounts and one tier fewer', () => {
    const rates: Array<[string, string]> = [
      ['Employee Only', '$28.75'],
      ['Employee + Spouse', '$57.50'],
      ['Family', '$91.15'],
    ];
    const layout = markupLayout(printed('Harborview Animal Clinic', '$75', '$2,000', rates));
    const { data, match } = readWithTemplates(layout, [], [template], 'carrierProposal');
    expect(match?.similarity).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('January 1, 2027');
    expect(tableRows(data, 'dentalInsurance_rateTiers')).toEqual(
      rates.map(([t, r]) => ({
        class: 'All Employees',
        rateTier: t,
        carrierMonthlyRate: r,
        rateGuaranteeTime: '12 months',
      })),
    );
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services.map((r) => r.policyYearDeductibleIndividualInNetwork)).toEqual(['$75', '$75']);
    expect(services.map((r) => r.policyYearMaximumInNetwork)).toEqual(['$2,000', '$2,000']);
    // A learned value's score says how it was read (match quality), not a certainty.
    for (const item of data) {
      const scores = item.type === 'field' ? [item.score] : item.cells.map((c) => c.score);
      for (const s of scores) expect(s).toBeLessThan(1);
    }
  });

  it('leaves a document printed on another template exactly as the generic engine read it', () => {
    const other = markupLayout([
      '# Vision Care Quote',
      'Eye exam every 12 months',
      [
        ['Service', 'Copay'],
        ['Exam', '$10'],
        ['Frames', '$130 allowance'],
      ],
    ]);
    const generic: ParsedData = [
      { type: 'field', label: 'visionInsurance_carrierName', value: 'Other', score: 0.9 },
    ];
    const reading = readWithTemplates(other, generic, [template], 'carrierProposal');
    expect(reading.match).toBeUndefined();
    expect(reading.data).toBe(generic);
    // …and a certificate is never read through a proposal's template.
    const same = markupLayout(printed('Other Co', '$75', '$2,000', taughtRates));
    expect(readWithTemplates(same, generic, [template], 'policyCertificate').data).toBe(generic);
  });

  it.each([
    ['same template, other values', printed('Someone Else Inc', '$25', '$750', taughtRates), true],
    ['another layout', ['# Totally different', [['a', 'b']], 'Some other words entirely'], false],
  ] as Array<[string, MarkupBlock[], boolean]>)('similarity: %s', (_name, blocks, same) => {
    const s = similarity(fingerprintOf(layoutUnits(markupLayout(blocks))), template.fingerprint);
    expect(s >= MATCH_THRESHOLD).toBe(same);
  });
});

describe('finding a value in printed text', () => {
  it.each([
    ['Prepared for Riverside Montessori', 'riverside montessori', [13, 33]],
    ['Class I – Diagnostic & Preventive¹', 'Class I - Diagnostic', [0, 20]],
    ['Deductible $1,500 per year', '$1,500', [11, 17]],
    ['Deductible $1,500 per year', '$1,600', undefined],
  ] as Array<[string, string, [number, number] | undefined]>)('%s ∋ %s', (text, value, span) => {
    expect(findValue(text, value)).toEqual(span);
  });
});

describe('variants of a generalisation document', () => {
  it.each([
    ['$38.40', '$43.39'],
    ['$1,500', '$1,695'],
    ['$25', '$30'],
    ['$5', '$6'],
  ])('%s scaled by 1.13 is %s', (amount, scaled) => {
    expect(scaleAmount(amount, 1.13)).toBe(scaled);
  });

  it('rewrites amounts, percentages and names in markup and truth alike, not the style sheet', () => {
    const source =
      "const css = `td { width: 50%; }`;\nconst html = '<td>Acme</td><td>$25</td><td>80%</td>';\nconst truth = { a: '$25', b: '80%', c: 'Acme' };";
    expect(rewriteSource(source, [['Acme', 'Zenith']])).toBe(
      "const css = `td { width: 50%; }`;\nconst html = '<td>Zenith</td><td>$30</td><td>75%</td>';\nconst truth = { a: '$30', b: '75%', c: 'Zenith' };",
    );
  });
});

describe('matching a sibling that adds or drops pages (containment)', () => {
  // The taught document: 20 printed lines and its carrier's name printed.
  const lines = Array.from(
    { length: 20 },
    (_, i) => `benefit line number # about topic ${'abcdefghijklmnopqrst'[i]}`,
  );
  const print = (shapes: string[], words: string[]) => ({
    shapes: Object.fromEntries(shapes.map((k) => [k, 1])),
    tokens: Object.fromEntries(words.map((k) => [k, 1])),
  });
  const words = ['benefit', 'line', 'number', 'about', 'topic'];
  const taught = {
    documentType: 'carrierProposal' as const,
    fingerprint: print(lines, [...words, 'zenith']),
    fields: [
      {
        label: 'dentalInsurance_carrierName',
        value: 'Zenith',
        where: {
          kind: 'line' as const,
          page: 1,
          at: 0,
          prev: '',
          next: '',
          prefix: '',
          suffix: '',
          atStart: true,
          atEnd: true,
        },
      },
    ],
  };
  const extra = Array.from(
    { length: 14 },
    (_, i) => `another page text ${i} ${'uvwxyzabcdefgh'[i]}`,
  );
  it.each([
    [
      'holds 15 of its 20 lines, more pages, carrier printed',
      print([...lines.slice(0, 15), ...extra], [...words, 'zenith', 'another', 'page', 'text']),
      true,
    ],
    [
      'the same, without the carrier name',
      print([...lines.slice(0, 15), ...extra], [...words, 'another', 'page', 'text']),
      false,
    ],
    [
      'holds 5 of its lines',
      print([...lines.slice(0, 5), ...extra], [...words, 'zenith', 'another', 'page', 'text']),
      false,
    ],
    ['an unrelated layout', print(extra, ['another', 'page', 'text', 'zenith']), false],
  ])('%s', (_name, doc, matches) => {
    expect(likeness(doc, taught) >= MATCH_THRESHOLD).toBe(matches);
    expect(candidateTemplates(doc, [{ template: taught }], 'carrierProposal')).toHaveLength(
      matches ? 1 : 0,
    );
    expect(candidateTemplates(doc, [{ template: taught }], 'policyCertificate')).toHaveLength(0);
  });
});

describe('matching a sibling page by page', () => {
  const counts = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, 1]));
  const page = (n: number, shapes: string[], words: string[]) => ({
    page: n,
    shapes: counts(shapes),
    tokens: counts(words),
  });
  // The taught document: a cover page of its own, and its values on page 2 (12 printed lines).
  const valueLines = Array.from({ length: 12 }, (_, i) => `coverage row # for service ${i}`);
  const valueWords = ['coverage', 'row', 'for', 'service', 'zenith', 'dental'];
  const cover = Array.from({ length: 30 }, (_, i) => `cover page sentence ${i}`);
  const coverWords = ['cover', 'page', 'sentence', 'welcome', 'letter'];
  const taught = {
    documentType: 'carrierProposal' as const,
    fingerprint: {
      shapes: counts([...cover, ...valueLines]),
      tokens: counts([...coverWords, ...valueWords]),
      pages: [page(2, valueLines, valueWords)],
    },
    fields: [
      {
        label: 'dentalInsurance_carrierName',
        value: 'Zenith',
        where: {
          kind: 'line' as const,
          page: 2,
          at: 0.5,
          prev: '',
          next: '',
          prefix: '',
          suffix: '',
          atStart: true,
          atEnd: true,
        },
      },
    ],
  };
  // A sibling: the value page printed again first, then pages of schedules of its own.
  const schedule = Array.from({ length: 40 }, (_, i) => `procedure code # fee ${i}`);
  const scheduleWords = ['procedure', 'code', 'fee', 'schedule', 'savings', 'typical'];
  const doc = (first: ReturnType<typeof page>) => {
    const rest = page(2, schedule, scheduleWords);
    return {
      shapes: { ...first.shapes, ...rest.shapes },
      tokens: { ...first.tokens, ...rest.tokens },
      pages: [first, rest],
    };
  };
  it.each([
    ['prints the value page again among pages of its own', page(1, valueLines, valueWords), true],
    [
      'the same without the carrier name',
      page(
        1,
        valueLines,
        valueWords.filter((w) => w !== 'zenith'),
      ),
      false,
    ],
    [
      'shares 8 of its lines',
      page(1, [...valueLines.slice(0, 8), 'other line a', 'other line b'], valueWords),
      false,
    ],
    [
      'shares its lines but holds as many words of another layout',
      page(1, valueLines, [...valueWords, 'alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma']),
      false,
    ],
  ])('%s', (_name, first, matches) => {
    const print = doc(first);
    expect(similarity(print, taught.fingerprint)).toBeLessThan(MATCH_THRESHOLD);
    expect(likeness(print, taught) >= MATCH_THRESHOLD).toBe(matches);
    expect(candidateTemplates(print, [{ template: taught }], 'carrierProposal')).toHaveLength(
      matches ? 1 : 0,
    );
  });

  // A grid of 20 taught services on a page printed with other words (out-of-network notes), after
  // a cover page.
  const services = Array.from(
    { length: 20 },
    (_, i) => `d# procedure ${'abcdefghijklmnopqrst'[i]}`,
  );
  const notes = Array.from({ length: 10 }, (_, i) => `out of network note ${i}`);
  const noteWords = Array.from({ length: 10 }, (_, i) => `note${'abcdefghij'[i]}`);
  const gridWords = ['procedure', 'zenith', ...noteWords];
  const grid = {
    documentType: 'carrierProposal' as const,
    fingerprint: {
      shapes: counts([...cover, ...services, ...notes]),
      tokens: counts([...coverWords, ...gridWords]),
      pages: [{ ...page(2, [...services, ...notes], gridWords), rows: services }],
    },
    fields: taught.fields,
  };
  it.each([
    ['prints 18 of the 20 taught services with one column fewer', 18, true],
    ['prints 14 of them', 14, false],
  ])('a sibling that %s', (_name, printed, matches) => {
    const first = page(1, services.slice(0, printed), gridWords.slice(0, 6));
    const print = doc(first);
    expect(similarity(print, grid.fingerprint)).toBeLessThan(MATCH_THRESHOLD);
    expect(likeness(print, grid) >= MATCH_THRESHOLD).toBe(matches);
  });

  it('a learned template prints the pages that hold its values, a document every page', () => {
    const units = [
      { order: 0, text: 'Cover letter', page: 1, kind: 'line' as const },
      { order: 1, text: 'Zenith Dental', page: 2, kind: 'line' as const },
      { order: 2, text: 'Page 2 of 2', page: 2, kind: 'furniture' as const },
    ];
    expect(fingerprintOf(units).pages?.map((p) => p.page)).toEqual([1, 2]);
    const two = fingerprintOf(units, new Set([2])).pages;
    expect(two).toEqual([
      { page: 2, shapes: { 'zenith dental': 1 }, tokens: { zenith: 1, dental: 1 } },
    ]);
  });
});

describe('side-by-side values in one cell', () => {
  const word = (text: string, x0: number, x1: number, y: number) => ({
    text,
    box: [x0, y, x1, y + 9] as [number, number, number, number],
    size: 9,
    confidence: 1,
  });
  const line = (y: number, ...ws: ReturnType<typeof word>[]) => ({
    text: ws.map((w) => w.text).join(' '),
    words: ws,
    box: [ws[0]!.box[0], y, ws.at(-1)!.box[2], y + 9] as [number, number, number, number],
    size: 9,
    confidence: 1,
    page: 1,
  });
  it('reads a wrapped value whole, then the value beside it', () => {
    const lines = [
      line(
        0,
        word('Courtesy', 298, 332, 0),
        word('discount', 335, 367, 0),
        word('No', 444, 456, 0),
        word('discounts', 458, 493, 0),
      ),
      line(12, word('providers', 298, 333, 12)),
    ];
    const groups = xGroups(lines, 612);
    expect(groups.map((g) => g.text)).toEqual(['Courtesy discount providers', 'No discounts']);
    const cell = {
      text: 'Courtesy discount No discounts\nproviders',
      lines,
      row: 1,
      col: 1,
      rowSpan: 1,
      colSpan: 1,
      page: 1,
    };
    expect(cellText(cell, groups)).toBe('Courtesy discount providers No discounts');
  });
  it('joins a word broken at its hyphen over two lines, as the engine does', () => {
    const lines = [
      line(0, word('from', 298, 314, 0), word('an', 317, 325, 0), word('in-', 328, 338, 0)),
      line(12, word('network', 298, 326, 12), word('provider.', 329, 360, 12)),
    ];
    const cell = {
      text: 'from an in-\nnetwork provider.',
      lines,
      row: 1,
      col: 1,
      rowSpan: 1,
      colSpan: 1,
      page: 1,
    };
    expect(cellText(cell, xGroups(lines, 612))).toBe('from an in-network provider.');
  });
  it('keeps one paragraph one group', () => {
    const lines = [
      line(0, word('Up', 298, 309, 0), word('to', 312, 320, 0), word('15%', 322, 338, 0)),
      line(12, word('off', 298, 308, 12), word('promotional', 310, 356, 12)),
    ];
    expect(xGroups(lines, 612)).toHaveLength(1);
  });
  it('splits at the column headings edges, not where text crosses them', () => {
    const lines = [line(0, word('$50', 300, 314, 0), word('$50', 318, 332, 0))];
    expect(xGroups(lines, 612, [316]).map((g) => g.text)).toEqual(['$50', '$50']);
    expect(xGroups(lines, 612, [310]).map((g) => g.text)).toEqual(['$50 $50']);
  });
});

describe('a wrapped value of one column running past the middle between two headings', () => {
  const word = (text: string, x0: number, x1: number, y: number) => ({
    text,
    box: [x0, y, x1, y + 7.5] as [number, number, number, number],
    size: 7.5,
    confidence: 1,
  });
  const line = (...ws: ReturnType<typeof word>[]) => ({
    text: ws.map((w) => w.text).join(' '),
    words: ws,
    box: [ws[0]!.box[0], ws[0]!.box[1], ws.at(-1)!.box[2], ws[0]!.box[3]] as Box,
    size: 7.5,
    confidence: 1,
    page: 1,
  });
  const cell = (row: number, col: number, lines: ReturnType<typeof line>[], colSpan = 1) => ({
    text: lines.map((l) => l.text).join('\n'),
    lines,
    box: [
      Math.min(...lines.map((l) => l.box[0])),
      lines[0]!.box[1],
      Math.max(...lines.map((l) => l.box[2])),
      lines.at(-1)!.box[3],
    ] as Box,
    row,
    col,
    rowSpan: 1,
    colSpan,
    page: 1,
  });
  const layoutOf = (value: ReturnType<typeof cell>): DocumentLayout =>
    onePage([
      {
        kind: 'table',
        table: {
          rows: 2,
          cols: 3,
          headerRows: 1,
          page: 1,
          origin: 'alignment',
          cells: [
            cell(0, 0, [line(word('SERVICES', 172, 210, 130))]),
            cell(0, 1, [line(word('IN-NETWORK', 358, 410, 130))]),
            cell(0, 2, [line(word('OUT-OF-NETWORK', 479, 554, 130))]),
            cell(1, 0, [line(word('Fit', 172, 182, 186), word('and', 184, 198, 186))]),
            value,
          ],
        },
      },
    ]);
  const wrapped = [
    line(
      word('$40', 358.6, 373.7, 186),
      word('copay;', 375.6, 399.4, 186),
      word('contact', 401.3, 428.6, 186),
      word('lens', 430.6, 445.1, 186),
      word('fit', 446.9, 454.5, 186),
      word('and', 456.4, 470.5, 186),
    ),
    line(
      word('two', 358.6, 372.2, 195),
      word('follow-up', 374.0, 408.5, 195),
      word('visits', 410.2, 428.4, 195),
    ),
  ];
  it('reads the cell line by line: no heading edge runs through a cell of one column', () => {
    const unit = layoutUnits(layoutOf(cell(1, 1, wrapped))).find((u) => u.text.startsWith('$40'));
    expect(unit?.groups).toBeUndefined();
    expect(unit?.text).toBe('$40 copay; contact lens fit and two follow-up visits');
  });
  it('still splits a cell spanning both headed columns at the edge between them', () => {
    const both = [line(word('$50', 380, 394, 186), word('$70', 460, 474, 186))];
    const unit = layoutUnits(layoutOf(cell(1, 1, both, 2))).find((u) => u.text.includes('$50'));
    expect(unit?.groups?.map((g) => g.text)).toEqual(['$50', '$70']);
  });
});

describe('a template reading that ran over into the text beside the value', () => {
  it.each([
    // [template's reading, engine's reading, taught value, the engine's wins]
    ['100% Limited to 2 times per consecutive 12 months.', '100%', '100%', true],
    [
      '85% of amount over $120* Amount over $105',
      '85% of amount over $120*',
      'Amount over $150',
      true,
    ],
    ['Up to $39 empty', 'Up to $39', 'Up to $55', true],
    // The engine read less than the taught value's words: the template's longer reading stands.
    [
      '$0 copay; 20% off balance over $105 allowance',
      '$0 copay',
      '$0 copay; 20% off balance over $130 allowance',
      false,
    ],
    ['$50', '$50', '$40', false],
    ['100%', '80%', '100%', false],
  ])('%j over %j (taught %j) → %j', (mine, engine, taught, wins) => {
    expect(overran(mine, engine, taught)).toBe(wins);
  });
  it('keeps the template’s reading when nothing was taught at that place', () => {
    expect(overran('100% Limited', '100%', undefined)).toBe(false);
  });
});

describe('the engine’s reading of a cell better formed than the template’s', () => {
  it.each([
    // [template read, engine read, taught, the column's other taught values, engine wins]
    ['80% of amount over $1501', '80% of amount over $150', '80% of amount over $130', [], true],
    ['80% of amount over $1501', 'Every calendar year', 'Every 24 months', [], true],
    ['$10 copay', 'Not covered', 'Not covered', ['$25 copay', '80%'], false],
    ['Every 12 months', 'Every 24 months', 'Every 24 months', [], false],
    ['$25', '$2', '$10', [], false],
    ['$25', '$25', '$10', [], false],
    ['80% after deductible', '80%', undefined, [], false],
    ['Net', 'Health Net', 'Health Net', [], true],
    ['Health Net', 'Net', 'Health Net', [], false],
    ['Acme', 'Acme Dental Insurance Company', 'Zenith Dental', [], false],
  ])('%s or %s where %s was taught (and %j): engine %s', (mine, engine, taught, others, wins) => {
    const kinds = new Set(
      [taught ?? '', ...others].map((v) => `${v.includes('$')}${v.includes('%')}`),
    );
    expect(betterFormed(mine, engine, taught, kinds)).toBe(wins);
  });
});

describe('a template reading that ran on into the next row’s name', () => {
  const rows = ['class i', 'class ii', 'class iii', 'orthodontics'];
  it.each([
    // [template read, engine read, engine wins]
    ['Endodontics, General Anesthesia, Class III – Major', 'Endodontics, General Anesthesia', true],
    ['Endodontics, Class III', 'Endodontics', true],
    // the tail is no row's name, or only starts like one ("Class IIIa")
    ['Endodontics, Crowns', 'Endodontics', false],
    ['Endodontics, Class IIIa', 'Endodontics', false],
    // the template's reading is not the engine's and more
    ['Class III – Major', 'Endodontics', false],
    ['Endodontics', 'Endodontics', false],
  ])('%j or %j: engine %s', (mine, engine, wins) => {
    expect(ranIntoRow(mine, engine, rows)).toBe(wins);
  });
});

describe('a value printed for the row itself over one the template read for the whole grid', () => {
  const at = (value: string, x: number, page = 1) => ({
    label: 'x',
    value,
    row: 0,
    col: 0,
    score: 0.9,
    source: { page, box: [x, 100, x + 40, 110] as [number, number, number, number] },
  });
  const grid = at('$50', 300); // the deductible printed once beside the grid
  const rowsOf = (...cells: Array<ReturnType<typeof at> | undefined>) =>
    cells.map((c) => new Map(c ? [['deductible', c]] : []));
  it.each([
    {
      name: 'the template read the grid-wide place, the engine a place no other row has: engine',
      mine: grid,
      engine: at('$0', 500),
      template: rowsOf(grid, grid, grid),
      engineRows: rowsOf(at('$50', 300), at('$50', 300), at('$0', 500)),
      wins: true,
    },
    {
      name: 'the engine’s place is shared by its other rows too (a merged cell misread): template',
      mine: grid,
      engine: at('$1500 per person $1500', 500),
      template: rowsOf(grid, grid, grid),
      engineRows: rowsOf(at('$1500', 500), at('$1500', 500), at('$1500 per person $1500', 500)),
      wins: false,
    },
    {
      name: 'the template read the row’s value at a place of its own: template',
      mine: at('$25', 200),
      engine: at('$0', 500),
      template: rowsOf(at('$25', 200), grid, grid),
      engineRows: rowsOf(at('$0', 500), at('$50', 300), at('$50', 300)),
      wins: false,
    },
    {
      name: 'the same value: nothing to choose',
      mine: grid,
      engine: at('$50', 500),
      template: rowsOf(grid, grid),
      engineRows: rowsOf(at('$50', 500), at('$50', 300)),
      wins: false,
    },
  ])('$name', ({ mine, engine, template, engineRows, wins }) => {
    expect(ownPlaceWins(mine, engine, 'deductible', template, engineRows)).toBe(wins);
  });
});

describe('both networks read from one cell', () => {
  const unit = (colHead: string, tableHead: string) => ({
    order: 0,
    text: '$0',
    page: 1,
    kind: 'cell' as const,
    table: 0,
    row: 1,
    col: 2,
    rowHead: 'd# periodic oral evaluation',
    colHead,
    tableHead,
  });
  it.each([
    ['', 'covered procedures | member responsibility (in–network only)', ['InNetwork']],
    ['Member responsibility (out-of-network only)', '', ['OutOfNetwork']],
    [
      'Network plan pays',
      'covered services | network | non-network',
      ['InNetwork', 'OutOfNetwork'],
    ],
    ['', 'in-network | out-of-network', ['InNetwork', 'OutOfNetwork']],
  ])('headed %j under %j keeps %j', (colHead, tableHead, kept) => {
    const printed = unit(colHead, tableHead);
    const label = (n: string) => `dentalInsurance_coveredServices_coverageLevel${n}`;
    const cell = (n: string) => ({ label: label(n), value: '$0', row: 0, col: 0, score: 0.9 });
    const cells = new Map([
      ['coverageLevelInNetwork', cell('InNetwork')],
      ['coverageLevelOutOfNetwork', cell('OutOfNetwork')],
    ]);
    const units = new WeakMap([...cells.values()].map((c) => [c, printed]));
    oneNetworkPerCell(cells, units);
    expect([...cells.keys()].map((k) => k.replace('coverageLevel', ''))).toEqual(kept);
  });
});

describe('values the taught document printed in two tables, read from one', () => {
  const vision = (c: string) => `visionInsurance_benefitSummary_${c}`;
  const printed = (table: number, col: number, text: string) => ({
    order: 0,
    text,
    page: 1,
    kind: 'cell' as const,
    table,
    row: 1,
    col,
    rowHead: 'exam(s)',
  });
  const where = (page: number, table: number, col: number, row?: number) => ({
    kind: 'cell' as const,
    page,
    at: 0.5,
    prev: '',
    next: '',
    table,
    ...(row === undefined ? {} : { row }),
    col,
    rowHead: 'exam(s)',
    prefix: '',
    suffix: '',
    atStart: true,
    atEnd: true,
  });
  const read = (c: string, value: string, score = 0.9) => ({
    label: vision(c),
    value,
    row: 0,
    col: 0,
    score,
  });
  // [name, out-of-network taught at (page, table, row), scores in / out, columns kept]; the
  // in-network value was taught at page 1, table 0, row 1
  it.each([
    ['an out-of-network schedule of its own', [2, 0], [0.9, 0.8], ['inNetworkCost']],
    ['…matched better as out-of-network', [2, 0], [0.8, 0.9], ['outOfNetworkReimbursement']],
    ['both in one table', [1, 0], [0.9, 0.8], ['inNetworkCost', 'outOfNetworkReimbursement']],
    ['a section further down the table', [1, 0, 20], [0.9, 0.9], ['inNetworkCost']],
    ['both in one row', [1, 0, 1], [0.9, 0.8], ['inNetworkCost', 'outOfNetworkReimbursement']],
  ] as const)('%s keeps %j', (_name, [page, table, row], [inScore, outScore], kept) => {
    const unit = printed(0, 1, '$10');
    const cells = new Map([
      ['inNetworkCost', read('inNetworkCost', '$10', inScore)],
      ['outOfNetworkReimbursement', read('outOfNetworkReimbursement', '$10', outScore)],
    ]);
    const units = new WeakMap([...cells.values()].map((c) => [c, unit]));
    const learned = [
      { label: vision('inNetworkCost'), value: '$10', where: where(1, 0, 1, 1) },
      {
        label: vision('outOfNetworkReimbursement'),
        value: '$40',
        where: where(page, table, 1, row),
      },
    ];
    oneNetworkPerCell(cells, units, learned);
    expect([...cells.keys()]).toEqual(kept);
  });

  it.each([
    // the out-of-network value taught in a schedule of its own, read here beside the row's name
    [[2, 0], 0, ['servicesAndMaterials', 'inNetworkCost']],
    // …read here from a table of its own too: kept
    [[2, 0], 1, ['servicesAndMaterials', 'inNetworkCost', 'outOfNetworkReimbursement']],
    // taught beside the row's name: kept
    [[1, 0], 0, ['servicesAndMaterials', 'inNetworkCost', 'outOfNetworkReimbursement']],
  ] as const)(
    'out-of-network taught in table %j, read from table %j, keeps %j',
    ([page, table], readTable, kept) => {
      const cells = new Map([
        ['servicesAndMaterials', read('servicesAndMaterials', 'Exam(s)')],
        ['inNetworkCost', read('inNetworkCost', '$10')],
        ['outOfNetworkReimbursement', read('outOfNetworkReimbursement', 'Once every 12 months')],
      ]);
      const units = new WeakMap([
        [cells.get('servicesAndMaterials')!, printed(0, 0, 'Exam(s)')],
        [cells.get('inNetworkCost')!, printed(0, 1, '$10')],
        [cells.get('outOfNetworkReimbursement')!, printed(readTable, 2, 'Once every 12 months')],
      ]);
      const learned = [
        { label: vision('servicesAndMaterials'), value: 'Exam(s)', where: where(1, 0, 0) },
        { label: vision('inNetworkCost'), value: '$10', where: where(1, 0, 1) },
        { label: vision('outOfNetworkReimbursement'), value: '$40', where: where(page, table, 1) },
      ];
      outsideItsTable(cells, units, learned, 'visionInsurance_benefitSummary');
      expect([...cells.keys()]).toEqual(kept);
    },
  );
});

describe('a column the engine read better throughout', () => {
  const table = 'dentalInsurance_coveredServices';
  const cell = (column: string, value: string) => ({
    label: `${table}_${column}`,
    value,
    row: 0,
    col: 0,
    score: 0.9,
  });
  const services = ['Exams', 'X-rays', 'Cleanings', 'Fillings'];
  // [template's maximum per row, engine's, the column the engine wins]
  it.each([
    ['every row of another form', services.map(() => '$1000 per lifetime'), true],
    [
      'one row of another form',
      [
        '$1000 per lifetime',
        '$1500 per calendar year',
        '$1500 per calendar year',
        '$1500 per calendar year',
      ],
      false,
    ],
    ['the same values', services.map(() => '$1500 per calendar year'), false],
  ])('%s', (_name, mine, wins) => {
    const taughtValue = new WeakMap<ReturnType<typeof cell>, string>();
    const readRows = services.map((s, i) => {
      const max = cell('policyYearMaximumInNetwork', mine[i]!);
      taughtValue.set(max, '$1000 per calendar year');
      return new Map([
        ['class', cell('class', 'All Employees')],
        ['serviceTypeLabel', cell('serviceTypeLabel', s)],
        ['policyYearMaximumInNetwork', max],
      ]);
    });
    const engineRows = services.map(
      (s) =>
        new Map([
          ['class', cell('class', 'All Employees')],
          ['serviceTypeLabel', cell('serviceTypeLabel', s)],
          [
            'policyYearMaximumInNetwork',
            cell('policyYearMaximumInNetwork', '$1500 per calendar year'),
          ],
        ]),
    );
    expect(
      columnsBetterRead(readRows, engineRows, table, taughtValue).has('policyYearMaximumInNetwork'),
    ).toBe(wins);
  });
});

describe('values of separate columns read as one cell', () => {
  const where = (col: number, rowHead = 'basic care') => ({
    kind: 'cell' as const,
    page: 1,
    at: 0.3,
    prev: '',
    next: '',
    table: 2,
    col,
    rowHead,
    colHead: '',
    tableHead: '',
    prefix: '',
    suffix: '',
    atStart: true,
    atEnd: true,
  });
  const label = (c: string) => `dentalInsurance_coveredServices_${c}`;
  const taught = [
    { label: label('serviceTypeLabel'), value: 'Basic Care', where: where(0) },
    { label: label('coverageLevelInNetwork'), value: '90%', where: where(1) },
    { label: label('coverageLevelOutOfNetwork'), value: '80%', where: where(2) },
  ];
  const cell = (c: string, value: string) => ({
    label: label(c),
    value,
    row: 0,
    col: 0,
    score: 0.9,
  });
  it.each([
    // [in-network read, out-of-network read, → in, → out]
    ['80% 80%', '80% 80%', '80%', '80%'],
    ['60% 50%', '60% 50%', '60%', '50%'],
    ['60%', '60% 50%', '60%', '50%'],
    // Not one value per taught column: left as read.
    ['50% 50% 50%', '50% 50% 50%', '50% 50% 50%', '50% 50% 50%'],
    ['80% after deductible', '80%', '80% after deductible', '80%'],
  ])('%j and %j → %j and %j', (inRead, outRead, inWant, outWant) => {
    const cells = new Map([
      ['serviceTypeLabel', cell('serviceTypeLabel', 'Basic Care')],
      ['coverageLevelInNetwork', cell('coverageLevelInNetwork', inRead)],
      ['coverageLevelOutOfNetwork', cell('coverageLevelOutOfNetwork', outRead)],
    ]);
    splitJoined(cells, taught, 'dentalInsurance_coveredServices');
    expect(cells.get('coverageLevelInNetwork')?.value).toBe(inWant);
    expect(cells.get('coverageLevelOutOfNetwork')?.value).toBe(outWant);
    expect(cells.get('serviceTypeLabel')?.value).toBe('Basic Care');
  });
});

describe('an amount taught alone in its cell', () => {
  const alone = {
    kind: 'cell' as const,
    page: 1,
    at: 0.5,
    prev: '',
    next: '',
    prefix: '',
    suffix: '',
    atStart: true,
    atEnd: true,
  };
  it.each([
    // [taught, read here, → value]
    ['$1,000', '$1,500 Excludes Class I', '$1,500'],
    ['$1,000', '$1,500', '$1,500'],
    ['80%', '90% after deductible', '90%'],
    // Taught with words of its own: read as it is.
    [
      '$1000 per person',
      '$1500 per person per calendar year',
      '$1500 per person per calendar year',
    ],
    ['Covered in full', 'Covered in full after $10', 'Covered in full after $10'],
    // Another amount after it is no note.
    ['$50', '$50/$150 Individual', '$50/$150 Individual'],
  ])('taught %j, read %j → %j', (taught, read, want) => {
    expect(amountAlone(read, { value: taught, where: alone })).toBe(want);
  });
  it('leaves a value taught with words around it alone', () => {
    expect(
      amountAlone('$1,500 Excludes Class I', {
        value: '$1,000',
        where: { ...alone, suffix: ' per person', atEnd: false },
      }),
    ).toBe('$1,500 Excludes Class I');
  });
});

describe('a row name printed without the taught note', () => {
  it.each([
    // [taught prefix, suffix, printed, → read]
    ['', ' (Cleanings)', 'Restorations (Amalgam or Anterior Composite)**', 'Restorations'],
    [
      'Dental Prophylaxis (',
      ')',
      'Restorations (Amalgam or Anterior Composite)**',
      'Amalgam or Anterior Composite',
    ],
    ['', ' (Cleanings)', 'Simple Extractions', undefined],
  ])('%j … %j in %j → %j', (prefix, suffix, printed, want) => {
    const re = new RegExp(
      `^${skeletonPattern(prefix)}(.+?)${skeletonPattern(suffix)}[\\^*†‡§]*$`,
      'iu',
    );
    expect(re.exec(printed)?.[1]?.trim()).toBe(want);
  });
});

describe('one value column headed without a network', () => {
  const label = (c: string) => `dentalInsurance_coveredServices_${c}`;
  const at = (col: number, colHead: string) => ({
    kind: 'cell' as const,
    page: 1,
    at: 0.4,
    prev: '',
    next: '',
    table: 0,
    col,
    rowHead: 'sealants',
    colHead,
    tableHead: '',
    prefix: '',
    suffix: '',
    atStart: true,
    atEnd: true,
  });
  const taught = [
    { label: label('coverageLevelInNetwork'), value: '100%', where: at(1, 'network plan pays') },
    {
      label: label('coverageLevelOutOfNetwork'),
      value: '80%',
      where: at(2, 'non-network plan pays'),
    },
  ];
  const unit = (col: number, colHead: string) => ({
    order: col,
    text: '',
    page: 1,
    kind: 'cell' as const,
    table: 0,
    row: 3,
    col,
    rowHead: 'sealants',
    colHead,
    tableHead: '',
  });
  const cell = (c: string, value: string) => ({
    label: label(c),
    value,
    row: 0,
    col: 0,
    score: 0.9,
  });
  it.each([
    // [heading of the column the in-network value was read under, out-of-network read under, → out]
    ['plan pays', undefined, '90%'],
    ['plan pays', 'benefit guidelines', '90%'],
    ['in network only', undefined, undefined],
    ['plan pays', 'non-network plan pays', '70%'],
  ])('in read under %j, out under %j → out %j', (inHead, outHead, want) => {
    const units = new WeakMap();
    const inCell = cell('coverageLevelInNetwork', '90%');
    units.set(inCell, unit(1, inHead));
    const cells = new Map([['coverageLevelInNetwork', inCell]]);
    if (outHead) {
      const outCell = cell(
        'coverageLevelOutOfNetwork',
        outHead === 'benefit guidelines' ? 'Limited to 2 per year' : '70%',
      );
      units.set(outCell, unit(2, outHead));
      cells.set('coverageLevelOutOfNetwork', outCell);
    }
    bothNetworks(cells, taught, 'dentalInsurance_coveredServices', units);
    expect(cells.get('coverageLevelOutOfNetwork')?.value).toBe(want);
  });
});

describe('a sibling with a network column fewer and a service more', () => {
  const page = (head: string[], rows: string[][]): MarkupBlock[] => [
    '# Acme Dental Plan Summary',
    'Small group plan, deductible and annual maximum below',
    'Coverage applies to covered services received from participating dentists',
    'See your certificate for exclusions and limitations of this plan',
    [head, ...rows],
    'This summary is not a contract. Benefits are subject to the policy terms.',
    'Acme Dental Insurance Company, Springfield',
  ];
  const row = (r: number, name: string, list: string, i: string, o: string) =>
    truthRow('dentalInsurance_coveredServices', r, [
      ['class', 'All Employees'],
      ['serviceTypeLabel', name],
      ['serviceTypeTitle', name],
      ['serviceTypeList', list],
      ['coverageLevelInNetwork', i],
      ['coverageLevelOutOfNetwork', o],
    ]);
  const taught = learnTemplate({
    layout: markupLayout(
      page(
        ['Coverage Type', 'In Network', 'Out of Network'],
        [
          ['Preventive (cleanings, exams)', '100%', '100%'],
          ['Basic (fillings)', '80%', '80%'],
          ['Major (crowns)', '50%', '50%'],
        ],
      ),
    ),
    data: [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_coveredServices',
        cells: [
          ...row(0, 'Preventive', 'cleanings, exams', '100%', '100%'),
          ...row(1, 'Basic', 'fillings', '80%', '80%'),
          ...row(2, 'Major', 'crowns', '50%', '50%'),
        ],
      },
    ],
    documentType: 'carrierProposal',
  });
  it('reads the new service like the taught ones, and no out-of-network value from the in-network column', () => {
    const sibling = markupLayout(
      page(
        ['Coverage Type', 'In Network Only'],
        [
          ['Preventive (cleanings, exams, x-rays)', '100%'],
          ['Basic Restorative Services', '70%'],
          ['Basic (fillings, extractions)', '60%'],
          ['Major (crowns, bridges)', '40%'],
        ],
      ),
    );
    const { data, match } = readWithTemplates(sibling, [], [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(rows.map((r) => [r.serviceTypeLabel, r.coverageLevelInNetwork])).toEqual([
      ['Preventive', '100%'],
      ['Basic', '60%'],
      ['Major', '40%'],
      ['Basic Restorative Services', '70%'],
    ]);
    expect(rows.map((r) => r.serviceTypeList)).toEqual([
      'cleanings, exams, x-rays',
      'fillings, extractions',
      'crowns, bridges',
      undefined,
    ]);
    expect(rows.every((r) => r.coverageLevelOutOfNetwork === undefined)).toBe(true);
  });
});

describe('a name read from another line of the title block', () => {
  it.each([
    // [template read, engine read, taught, → the engine's wins]
    ['CALIFORNIA', 'Humana Dental PPO', 'Humana Dental Traditional Preferred', true],
    ['Humana Dental PPO', 'CALIFORNIA', 'Humana Dental Traditional Preferred', false],
    ['Gold PPO', 'Silver PPO', 'Silver PPO', false],
    ['Silver', 'Gold Plan', 'Gold', true],
    ['Plan 5', 'Dental PPO', 'Plan 2', false],
    ['CALIFORNIA', 'Humana Dental PPO', undefined, false],
  ])('%j, the engine %j, taught %j → %j', (mine, engine, taught, want) => {
    expect(strayName(mine, engine, taught)).toBe(want);
  });
});

describe('a taught row the template does not find again', () => {
  const page = (rows: string[][]): MarkupBlock[] => [
    '# Acme Dental Benefits Summary',
    'Deductible and annual maximum apply to basic and major services',
    [['Coverage', 'Plan pays'], ...rows],
    'This summary is not a contract. Acme Dental Insurance Company, Springfield',
  ];
  const row = (r: number, name: string, pays: string) =>
    truthRow('dentalInsurance_coveredServices', r, [
      ['class', 'All Employees'],
      ['serviceTypeLabel', name],
      ['serviceTypeTitle', name],
      ['coverageLevelInNetwork', pays],
      ['coverageLevelOutOfNetwork', pays],
    ]);
  const taught = learnTemplate({
    layout: markupLayout(
      page([
        ['Preventive Services', '100%'],
        ['Basic Services', '80%'],
        ['Major Services', '50%'],
        ['Orthodontic Services', 'Not Covered'],
      ]),
    ),
    data: [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_coveredServices',
        cells: [
          ...row(0, 'Preventive Services', '100%'),
          ...row(1, 'Basic Services', '80%'),
          ...row(2, 'Major Services', '50%'),
          ...row(3, 'Orthodontic Services', 'Not Covered'),
        ],
      },
    ],
    documentType: 'carrierProposal',
  });
  const sibling = markupLayout(
    page([
      ['Preventive Services', '100%'],
      ['Basic Services', '70%'],
      ['Major Services', '50%'],
      ['Orthodontic Services (Adult and Child)', '50%'],
    ]),
  );
  const generic = (name: string): ParsedData => [
    {
      type: 'table',
      label: 'dentalInsurance_coveredServices',
      cells: [
        ...row(0, 'Preventive Services', '100%'),
        ...row(1, 'Basic Services', '70%'),
        ...row(2, 'Major Services', '50%'),
        ...row(3, name, '50%'),
      ],
    },
  ];
  const names = (data: ParsedData) =>
    tableRows(data, 'dentalInsurance_coveredServices').map((r) => r.serviceTypeLabel);
  it('keeps the engine’s reading of it (printed with words the taught row had not)', () => {
    const { data, match } = readWithTemplates(
      sibling,
      generic('Orthodontic Services'),
      [taught],
      'carrierProposal',
    );
    expect(match).toBeDefined();
    expect(names(data)).toContain('Orthodontic Services');
  });
  it('leaves out an engine row the broker never kept', () => {
    const { data } = readWithTemplates(
      sibling,
      generic('Office Visit Copay'),
      [taught],
      'carrierProposal',
    );
    expect(names(data)).not.toContain('Office Visit Copay');
  });
});

describe('new rows of a taught grid', () => {
  const page = (rows: string[][]): MarkupBlock[] => [
    '# Acme Vision Benefit Summary',
    'Copays and allowances for the plan below',
    'Members may see any licensed provider; out-of-network amounts are reimbursed',
    [['Service', 'In-network', 'Out-of-network'], ...rows],
    'This is only a partial list of vision services.',
    'Acme Vision Insurance Company, Springfield',
  ];
  const row = visionRow;
  const frequencies = [
    ['Service Frequencies', '', ''],
    ['Exams', 'Every calendar year', ''],
    ['Frames', 'Every two years', ''],
  ];
  const taught = learnVision(
    markupLayout(
      page([
        ['Eye Exams', '$0', 'Amount over $50'],
        ['Single Vision Lenses', '$0', 'Amount over $48'],
        ['Frames', '$130 allowance', 'Amount over $48'],
        ...frequencies,
      ]),
    ),
    [
      ...row(0, 'Eye Exams', '$0', 'Amount over $50'),
      ...row(1, 'Single Vision Lenses', '$0', 'Amount over $48'),
      ...row(2, 'Frames', '$130 allowance', 'Amount over $48'),
    ],
  );
  it('reads a service the taught document did not print, not the rows of the section after the benefits', () => {
    const sibling = markupLayout(
      page([
        ['Eye Exams', '$10', 'Amount over $40'],
        ['Single Vision Lenses', '$0', 'Amount over $45'],
        ['Lined Bifocal Lenses', '$0', 'Amount over $67'],
        ['Frames', '$150 allowance', 'Amount over $70'],
        ...frequencies,
        ['Network discounts', '20% off retail price', '20% off retail price'],
      ]),
    );
    const { data, match } = readWithTemplates(sibling, [], [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Eye Exams', '$10', 'Amount over $40'],
      ['Single Vision Lenses', '$0', 'Amount over $45'],
      ['Frames', '$150 allowance', 'Amount over $70'],
      ['Lined Bifocal Lenses', '$0', 'Amount over $67'],
    ]);
  });
  it('keeps the words the engine read after a new row’s amount, where the taught row printed an amount alone', () => {
    const sibling = markupLayout(
      page([
        ['Eye Exams', '$10', 'Amount over $40'],
        ['Single Vision Lenses', '$0', 'Amount over $45'],
        ['Low Vision Aids', '$300 allowance', 'Amount over $300'],
        ['Frames', '$150 allowance', 'Amount over $70'],
        ...frequencies,
      ]),
    );
    const generic: ParsedData = [
      {
        type: 'table',
        label: 'visionInsurance_benefitSummary',
        cells: row(0, 'Low Vision Aids', '$300 allowance', 'Amount over $300'),
      },
    ];
    const inNetwork = (data: ParsedData) =>
      tableRows(data, 'visionInsurance_benefitSummary').find(
        (r) => r.servicesAndMaterials === 'Low Vision Aids',
      )?.inNetworkCost;
    // read like the taught '$0' alone, the row's amount is cut at its words…
    expect(inNetwork(readWithTemplates(sibling, [], [taught], 'carrierProposal').data)).toBe(
      '$300',
    );
    // …a guess the engine's whole reading of the cell overrules
    expect(inNetwork(readWithTemplates(sibling, generic, [taught], 'carrierProposal').data)).toBe(
      '$300 allowance',
    );
  });
});

describe('a grid in sections: frequencies, in-network copays, out-of-network reimbursements', () => {
  const page = (rows: string[][]): MarkupBlock[] => [
    '# Acme Vision Benefit Summary',
    'Powered by the Acme Vision Network',
    [['Benefit', 'Amount'], ...rows],
    'Acme Vision Insurance Company, Springfield',
  ];
  const frequencies = [
    ['Benefit Frequency', ''],
    ['Comprehensive Exams', 'Once every 12 months'],
    ['Frames', 'Once every 24 months'],
    ['Contact Lenses instead of Eyeglasses', 'Once every 12 months'],
    ['In-Network Services', ''],
  ];
  const row = visionRow;
  const taught = learnVision(
    markupLayout(
      page([
        ...frequencies,
        ['Exams', '$10'],
        ['Frame Allowance', '$130'],
        ['Tint', '$14'],
        ['Out-of-Network Reimbursements', ''],
        ['Exams', 'Up To $40.00'],
        ['Frames', 'Up To $45.00'],
      ]),
    ),
    [
      ...row(0, 'Exams', '$10', 'Up To $40.00'),
      ...row(1, 'Frame Allowance', '$130'),
      ...row(2, 'Tint', '$14'),
    ],
  );
  it('reads a copay row named like a frequency row, and gives rows no out-of-network value a sibling does not print', () => {
    const sibling = markupLayout(
      page([
        ...frequencies,
        ['Exams', '$20'],
        ['Contact Lenses instead of Eyeglasses', '$25'],
        ['Retinal Screening', '$0'],
        ['Frame Allowance', '$150'],
        ['Tint', '$15'],
        ['Necessary contact lenses', 'Covered in full after copay.'],
      ]),
    );
    const { data, match } = readWithTemplates(sibling, [], [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Exams', '$20', undefined],
      ['Frame Allowance', '$150', undefined],
      ['Tint', '$15', undefined],
      ['Contact Lenses instead of Eyeglasses', '$25', undefined],
      ['Retinal Screening', '$0', undefined],
      // a sentence's full stop, which no taught value had, is not the value's
      ['Necessary contact lenses', 'Covered in full after copay', undefined],
    ]);
  });
  it('marks a printed row read only through the values a learned row kept', () => {
    // the out-of-network reimbursements in a table of their own: on a sibling without it, the
    // 'Frames' reimbursement is found in the frequency section's 'Frames' row and let go, and
    // that row is no benefit row read
    const apart = learnVision(
      markupLayout([
        ...page([...frequencies, ['Exams', '$10'], ['Frame Allowance', '$130'], ['Tint', '$14']]),
        'Out-of-Network Reimbursements',
        [
          ['Service', 'Up To'],
          ['Exams', 'Up To $40.00'],
          ['Frames', 'Up To $45.00'],
        ],
      ]),
      [
        ...row(0, 'Exams', '$10', 'Up To $40.00'),
        ...row(1, 'Frame Allowance', '$130', 'Up To $45.00'),
        ...row(2, 'Tint', '$14'),
      ],
    );
    const sibling = markupLayout(
      page([
        ...frequencies,
        ['Exams', '$20'],
        ['Contact Lenses instead of Eyeglasses', '$25'],
        ['Frame Allowance', '$150'],
        ['Tint', '$15'],
      ]),
    );
    const { data } = readWithTemplates(sibling, [], [apart], 'carrierProposal');
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost])).toContainEqual([
      'Contact Lenses instead of Eyeglasses',
      '$25',
    ]);
  });
});

describe('a row whose name is printed over another note', () => {
  const page = (ortho: [string, string, string]): MarkupBlock[] => [
    '# Acme Dental Summary of Benefits',
    'Acme Dental PPO Bronze',
    [
      ['Dental Services', 'In-Network', 'Out-of-Network'],
      ['Preventive Services\no Periodic exam', '100%', '80%'],
      ['Basic Services\no Fillings', '80%', '60%'],
      ['Major Services\no Crowns', '50%', '50%'],
      ortho,
    ],
    'Acme Dental Insurance Company',
  ];
  const row = (r: number, name: string, i: string, o: string, persons?: string) =>
    truthRow('dentalInsurance_coveredServices', r, [
      ['class', 'All Employees'],
      ['serviceTypeLabel', name],
      ['serviceTypeTitle', name],
      ['coverageLevelInNetwork', i],
      ['coverageLevelOutOfNetwork', o],
      ...(persons
        ? [
            ['coveredPersonsInNetwork', persons] as [string, string],
            ['coveredPersonsOutOfNetwork', persons] as [string, string],
          ]
        : []),
    ]);
  const taught = learnTemplate({
    layout: markupLayout(
      page(['Orthodontic Services\no Dependent children through age 18', '50%', '50%']),
    ),
    data: [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_coveredServices',
        cells: [
          ...row(0, 'Preventive Services', '100%', '80%'),
          ...row(1, 'Basic Services', '80%', '60%'),
          ...row(2, 'Major Services', '50%', '50%'),
          ...row(3, 'Orthodontic Services', '50%', '50%', 'Dependent children through age 18'),
        ],
      },
    ],
    documentType: 'carrierProposal',
  });
  it('finds the row by its name and takes no coverage word for its covered persons', () => {
    const sibling = markupLayout(
      page(['Orthodontic Services\no Not Covered', 'Not Covered', 'Not Covered']),
    );
    const generic: ParsedData = [
      {
        type: 'table',
        label: 'dentalInsurance_coveredServices',
        cells: row(0, 'Orthodontic Services', 'Not Covered', 'Not Covered'),
      },
    ];
    const { data, match } = readWithTemplates(sibling, generic, [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const ortho = tableRows(data, 'dentalInsurance_coveredServices').find(
      (r) => r.serviceTypeLabel === 'Orthodontic Services',
    );
    expect(ortho).toMatchObject({
      coverageLevelInNetwork: 'Not Covered',
      coverageLevelOutOfNetwork: 'Not Covered',
    });
    expect(ortho?.coveredPersonsInNetwork).toBeUndefined();
  });
  it.each([
    ['Orthodontic Services o Not Covered', 'Orthodontic Services', 'Orthodontic Services'],
    ['Orthodontic Services', 'Orthodontic Services', 'Orthodontic Services'],
    ['Orthodontic Servicesand more', 'Orthodontic Services', undefined],
    ['Basic Services', 'Orthodontic Services', undefined],
  ])('%j opens with %j: %j', (text, taught, expected) => {
    expect(openingAsTaught(text, taught)).toBe(expected);
  });
});

describe('a class the taught document did not print', () => {
  const page = (group: string, rows: string[][]): MarkupBlock[] => [
    '# Acme Vision Benefit Summary',
    'Copays and allowances for the plan below',
    group,
    'Members may see any licensed provider; out-of-network amounts are reimbursed',
    [['Service', 'In-network', 'Out-of-network'], ...rows],
    'This is only a partial list of vision services.',
    'Acme Vision Insurance Company, Springfield',
  ];
  const row = (r: number, group: string, name: string, i: string, o: string) =>
    truthRow('visionInsurance_benefitSummary', r, [
      ['class', group],
      ['servicesAndMaterials', name],
      ['inNetworkCost', i],
      ['outOfNetworkReimbursement', o],
    ]);
  const rows = [
    ['Eye Exams', '$0', 'Amount over $50'],
    ['Single Vision Lenses', '$0', 'Amount over $48'],
    ['Frames', '$130 allowance', 'Amount over $48'],
  ];
  // The broker typed the class: the taught document prints none.
  const taught = learnVision(
    markupLayout(page('Questions? Call the number on your card', rows)),
    rows.flatMap(([n, i, o], r) => row(r, 'Salaried Staff', n!, i!, o!)),
  );
  it.each([
    [
      'prints the group the engine read: the engine’s',
      'Eligible: All Full-Time Employees',
      'All Full-Time Employees',
      'All Full-Time Employees',
    ],
    [
      'prints none (the engine’s is the name the rules give): the broker’s',
      'Questions? Call the number on your card',
      'All Employees',
      'Salaried Staff',
    ],
  ])('a sibling that %s', (_name, group, engineClass, expected) => {
    const sibling = markupLayout(page(group, rows));
    const generic: ParsedData = [
      {
        type: 'table',
        label: 'visionInsurance_benefitSummary',
        cells: row(0, engineClass, 'Eye Exams', '$0', 'Amount over $50'),
      },
    ];
    const { data, match } = readWithTemplates(sibling, generic, [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const read = tableRows(data, 'visionInsurance_benefitSummary');
    expect(read).toHaveLength(3);
    expect(read.every((r) => r.class === expected)).toBe(true);
  });
});

describe('values and rows the broker removed', () => {
  const row = visionRow;
  const table = (cells: ReturnType<typeof row>[]): ParsedData => [
    { type: 'table', label: 'visionInsurance_benefitSummary', cells: cells.flat() },
  ];
  const head = [
    '# Acme Vision Benefit Summary',
    'Copays and allowances for the plan below',
    'Members may see any licensed provider; out-of-network amounts are reimbursed',
  ];
  const foot = ['This is only a partial list of vision services.', 'Acme Vision Company'];
  const grid = [
    ['Service', 'In-network', 'Out-of-network'],
    ['Eye Exams', '$10', 'Amount over $50'],
    ['Single Vision Lenses', '$0', 'Amount over $48'],
    ['Frames', '$130 allowance', 'Amount over $48'],
  ];
  // The engine read the discount printed after the grid as a service and an out-of-network
  // amount for frames; the broker removed both, and typed a value the document does not print
  // for the lenses' out-of-network amount the engine read.
  const taught = learnTemplate({
    layout: markupLayout([
      ...head,
      grid,
      'Extra discounts',
      [['Hearing aids from Amplifon', '40% off retail']],
      ...foot,
    ]),
    engine: table([
      row(0, 'Eye Exams', '$10', 'Amount over $50'),
      row(1, 'Single Vision Lenses', '$0', 'Amount over $48'),
      row(2, 'Frames', '$130 allowance', 'Amount over $48'),
      row(3, 'Hearing aids from Amplifon', '40% off retail'),
    ]),
    data: [
      { type: 'field', label: 'visionInsurance_carrierName', value: 'Acme Vision', score: 1 },
      ...table([
        row(0, 'Eye Exams', '$10', 'Amount over $50'),
        row(1, 'Single Vision Lenses', '$0', 'Not covered'),
        row(2, 'Frames', '$130 allowance'),
      ]),
    ],
    documentType: 'carrierProposal',
  });
  it('learns them', () => {
    const t = taught.tables.find((x) => x.label === 'visionInsurance_benefitSummary')!;
    expect(t.rows.map((r) => r.removed)).toEqual([
      undefined,
      ['outOfNetworkReimbursement'],
      ['outOfNetworkReimbursement'],
    ]);
    expect(t.droppedRows).toEqual(['all employees | hearing aids from amplifon']);
  });
  it('a sibling read with the template gives neither again', () => {
    // The sibling prints the discount inside the grid, and the engine reads it all again.
    const sibling = markupLayout([
      ...head,
      [
        ...grid.slice(0, 3),
        ['Frames', '$150 allowance', 'Amount over $70'],
        ['Hearing aids from Amplifon', '35% off retail', ''],
      ],
      ...foot,
    ]);
    const generic = table([
      row(0, 'Eye Exams', '$10', 'Amount over $50'),
      row(1, 'Single Vision Lenses', '$0', 'Amount over $45'),
      row(2, 'Frames', '$150 allowance', 'Amount over $70'),
    ]);
    const { data, match } = readWithTemplates(sibling, generic, [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Eye Exams', '$10', 'Amount over $50'],
      ['Single Vision Lenses', '$0', undefined],
      ['Frames', '$150 allowance', undefined],
    ]);
    // An untaught document keeps everything the engine read.
    expect(readWithTemplates(sibling, generic, [], 'carrierProposal').data).toBe(generic);
  });
});

describe('a service name printed in another column', () => {
  const page = (head: string[], rows: string[][]): MarkupBlock[] => [
    '# Acme Dental Plan Matrix',
    'Covered procedures and what the member pays for each',
    'Procedures are listed by their dental codes',
    [head, ...rows],
    'This matrix is a partial list of covered procedures.',
    'Acme Dental Insurance Company, Springfield',
  ];
  const row = (r: number, name: string, i: string, o: string) =>
    truthRow('dentalInsurance_coveredServices', r, [
      ['class', 'All Employees'],
      ['serviceTypeLabel', name],
      ['coverageLevelInNetwork', i],
      ['coverageLevelOutOfNetwork', o],
    ]);
  const names = [
    'D0120 Periodic oral evaluation',
    'D0150 Comprehensive evaluation',
    'D0210 X-rays',
  ];
  // Taught: a column of group names before the procedures' (empty beside each procedure).
  const taught = learnTemplate({
    layout: markupLayout(
      page(
        ['Group', 'Procedure', 'In network', 'Out of network'],
        [['Diagnostic', '', '', ''], ...names.map((n) => ['', n, '$0', '10%'])],
      ),
    ),
    data: [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_coveredServices',
        cells: names.flatMap((n, i) => row(i, n, '$0', '10%')),
      },
    ],
    documentType: 'carrierProposal',
  });
  it('reads each service by its name, where its sibling prints the names in the first column', () => {
    const sibling = markupLayout(
      page(
        ['Procedure', 'In network', 'Out of network'],
        names.map((n, i) => [n, `$${i * 5}`, '20%']),
      ),
    );
    const { data, match } = readWithTemplates(sibling, [], [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(rows.map((r) => [r.serviceTypeLabel, r.coverageLevelInNetwork])).toEqual([
      ['D0120 Periodic oral evaluation', '$0'],
      ['D0150 Comprehensive evaluation', '$5'],
      ['D0210 X-rays', '$10'],
    ]);
  });
});

describe('words the reader put at the end of many cells', () => {
  const page = (rows: string[][]): MarkupBlock[] => [
    '# Acme Vision Summary of Benefits',
    'Vision care services, member cost and reimbursement',
    'Find an eye doctor in the Acme network',
    [['Vision care services', 'In-network member cost', 'Out-of-network reimbursement'], ...rows],
    'Acme Vision Insurance Company, Springfield',
  ];
  const row = visionRow;
  const taught = learnVision(
    markupLayout(
      page([
        ['Exam', '$10 copay', 'Up to $40'],
        ['Retinal Imaging', 'Up to $39', 'Not covered'],
        ['Frame', '$0 copay', 'Up to $55'],
      ]),
    ),
    [
      ...row(0, 'Exam', '$10 copay', 'Up to $40'),
      ...row(1, 'Retinal Imaging', 'Up to $39', 'Not covered'),
      ...row(2, 'Frame', '$0 copay', 'Up to $55'),
    ],
  );
  /** The benefit summary of a sibling printed with these rows, read with the taught template. */
  const siblingRows = (printed: string[][]) =>
    tableRows(
      readWithTemplates(markupLayout(page(printed)), [], [taught], 'carrierProposal').data,
      'visionInsurance_benefitSummary',
    );
  it('reads a row the taught document did not print without them too', () => {
    const rows = siblingRows([
      ['Exam', '$15 copay empty', 'Up to $35 empty'],
      ['Retinal Imaging', 'Up to $29 empty', 'Not covered empty'],
      ['Low Vision Aids', '$300 allowance empty', 'Up to $300 empty'],
      ['Frame', '$5 copay empty', 'Up to $60 empty'],
    ]);
    expect(rows.find((r) => r.servicesAndMaterials === 'Low Vision Aids')).toEqual(
      expect.objectContaining({
        inNetworkCost: '$300 allowance',
        outOfNetworkReimbursement: 'Up to $300',
      }),
    );
  });

  it.each([
    ['on a word inside it', '$130 allowance** Additional 20% off balance over $130'],
    ['at its end', '$130 allowance Additional 20% off balance over $130†'],
  ])('drops a footnote mark %s that the taught value had not', (_where, printed) => {
    const rows = siblingRows([
      ['Exam', '$15 copay', 'Up to $35'],
      ['Retinal Imaging', 'Up to $29', 'Not covered'],
      ['Frame', printed, 'Up to $65'],
    ]);
    expect(rows.find((r) => r.servicesAndMaterials === 'Frame')?.inNetworkCost).toBe(
      '$130 allowance Additional 20% off balance over $130',
    );
  });

  it.each([
    // the kind of a member's cost
    [
      [
        ['Exam', '$15 copay', 'Up to $35'],
        ['Retinal Imaging', '$25 copay', 'Not covered'],
        ['Contacts', '$40 copay', 'Once every 2 calendar years'],
        ['Frame', '$5 copay', 'Up to $60'],
      ],
      'inNetworkCost',
      '$25 copay',
    ],
    // the kind of an out-of-network amount, where the taught document printed "Not covered"
    [
      [
        ['Exam', '$15 copay', '$30 Reimbursement'],
        ['Retinal Imaging', 'Up to $39', '$15 Reimbursement'],
        ['Contacts', '$130 allowance', '$90 Reimbursement'],
        ['Frame', '$5 copay', '$65 Reimbursement'],
      ],
      'outOfNetworkReimbursement',
      '$15 Reimbursement',
    ],
  ] as const)(
    'keeps words a value ends with, however many cells end with them (%#)',
    (printed, column, want) => {
      const rows = siblingRows(printed.map((r) => [...r]));
      expect(rows.find((r) => r.servicesAndMaterials === 'Retinal Imaging')?.[column]).toBe(want);
    },
  );

  it.each([
    // a heading printed over both columns, run into the values above it
    [['Not covered ALLOWED FREQUENCY -', 'Not covered ALLOWED FREQUENCY -'], 'Not covered'],
    [['$15 off ALLOWED FREQUENCY -', 'Not covered ALLOWED FREQUENCY -'], '$15 off'],
    // one group alone ends with the words: a value's own
    [['$15 off once a year', 'Not covered'], '$15 off once a year'],
  ])('a cell with groups %j reads %j', (groups, expected) => {
    const unit = {
      order: 0,
      text: groups.join(' '),
      page: 1,
      kind: 'cell' as const,
      table: 0,
      row: 1,
      col: 1,
      groups: groups.map((text, i) => ({
        text,
        x: [0.5 + i * 0.2, 0.65 + i * 0.2] as [number, number],
      })),
    };
    expect(withoutRepeatedTail({ units: [unit] }, unit, groups[0]!, '$10 copay')).toBe(expected);
  });

  it('reads the values without them, and keeps words only one value ends with', () => {
    const rows = siblingRows([
      ['Exam', '$15 copay', 'Up to $35 once a year'],
      ['Retinal Imaging', 'Up to $29 empty', 'Not covered empty'],
      ['Frame', '$5 copay empty', 'Up to $60 empty'],
    ]);
    expect(rows.map((r) => [r.inNetworkCost, r.outOfNetworkReimbursement])).toEqual([
      ['$15 copay', 'Up to $35 once a year'],
      ['Up to $29', 'Not covered'],
      ['$5 copay', 'Up to $60'],
    ]);
  });
});

describe('a column headed on two levels where the taught one had one', () => {
  it('gives each cell its lowest heading beside its whole heading', () => {
    const layout = markupLayout([
      [
        ['', '>>Non-orthodontics', '>>Orthodontics'],
        ['', 'Network', 'Non-Network', 'Network', 'Non-Network'],
        ['Individual Annual Deductible', '$50', '$50', '$0', '$0'],
      ],
    ]);
    const block = layout.pages[0]!.blocks[0]!;
    if (block.kind === 'table') block.table.headerRows = 2;
    const cells = layoutUnits(layout).filter((u) => u.kind === 'cell' && u.row === 2);
    expect(cells.map((u) => [u.text, u.colHead, u.colLeaf])).toEqual([
      ['Individual Annual Deductible', '', undefined],
      ['$50', 'non-orthodontics network', 'network'],
      ['$50', 'non-orthodontics non-network', 'non-network'],
      ['$0', 'orthodontics network', 'network'],
      ['$0', 'orthodontics non-network', 'non-network'],
    ]);
  });

  it.each([
    // taught heading, the cell's whole heading, its lowest heading, likeness
    ['network', 'non-orthodontics network', 'network', 1],
    ['network', 'orthodontics network', 'network', 1],
    ['non-network', 'orthodontics non-network', 'non-network', 1],
    ['network', 'network', undefined, 1],
    ['in network', 'out of network', undefined, 0],
    // the whole heading is the taught one: as alike as before
    ['non-orthodontics network', 'non-orthodontics network', 'network', 1],
    ['deductible', 'non-orthodontics network', 'network', 0],
  ] as const)('taught %j, cell headed %j over %j: %d', (taught, colHead, colLeaf, expected) => {
    expect(columnAlike({ colHead, ...(colLeaf ? { colLeaf } : {}) }, taught)).toBe(expected);
  });
});

describe('a sibling read from a scan', () => {
  it.each([
    // read, taught, one letter misread
    ['familv', 'family', true],
    ['ver', 'per', true],
    ['er', 'per', true],
    ['Bridaes', 'Bridges', true],
    ['persons', 'person', true],
    ['per', 'per', false],
    ['Calendar', 'calendar', false],
    ['lifetime', 'calendar', false],
    ['on', 'or', false],
    ['$150', '$130', false],
    ['tier', 'tie', true],
  ] as const)('%j for %j: %s', (read, taught, expected) => {
    expect(misread(read, taught)).toBe(expected);
  });

  it.each([
    [
      '$1500 per person ver Calendar Year',
      '$1500 per person per Calendar Year',
      '$1500 per person per Calendar Year',
    ],
    // another plan's amount stays as read
    [
      '$2000 per person ver Calendar Year',
      '$1500 per person per Calendar Year',
      '$2000 per person per Calendar Year',
    ],
    // the currency sign the scan lost
    ['150', '$150', '$150'],
    ['1,000', '$1,500', '$1,000'],
    // another number of words, or other words: as read
    [
      '$1500 per person per Lifetime',
      '$1500 per person per Calendar Year',
      '$1500 per person per Lifetime',
    ],
    ['Not covered', '$150', 'Not covered'],
    ['per calendar year', 'per Calendar Year', 'per calendar year'],
  ])('%j taught %j reads %j', (read, taught, expected) => {
    expect(mendScanned(read, taught)).toBe(expected);
  });

  it.each([
    [
      '$1500 per person ver Calendar Year $1500 per person er Calendar Year',
      ['$1500 per person per Calendar Year', '$1500 per person per Calendar Year'],
      ['$1500 per person per Calendar Year', '$1500 per person per Calendar Year'],
    ],
    ['90% 80%', ['100%', '100%'], ['90%', '80%']],
    ['150 $150', ['$150', '$150'], ['$150', '$150']],
    // the words do not line up with the taught ones
    [
      '$1500 per person per Lifetime $1500',
      ['$1500 per person', '$1500 per year'],
      [undefined, undefined],
    ],
    ['90% 80% 70%', ['100%', '100%'], [undefined, undefined]],
  ])('%j split as %j reads %j', (text, taught, expected) => {
    expect(taught.map((_, i) => scannedPart(text, taught, i))).toEqual(expected);
  });

  it.each([
    ['familv annual', 'family annual deductible', true, 0.72],
    ['familv annual', 'family annual deductible', false, 0],
    ['network', 'network', true, 1],
  ] as const)('heading %j alike %j (scan: %s): %d', (a, b, scanned, expected) => {
    expect(alike(a, b, scanned)).toBeCloseTo(expected, 5);
  });

  it('marks the units of pages read by OCR', () => {
    const layout = markupLayout(['Family Annual Deductible', [['Network', '$150']]]);
    expect(layoutUnits(layout).some((u) => u.scanned)).toBe(false);
    layout.pages[0]!.source = 'ocr';
    expect(layoutUnits(layout).every((u) => u.scanned)).toBe(true);
  });
});

describe('a row whose name is printed with a note inside it', () => {
  const cell = (text: string, row: number) =>
    ({ order: row, text, page: 1, kind: 'cell', table: 0, row, col: 0 }) as const;
  const units = [
    cell('D2751 Crown – porcelain fused to base metal', 0),
    cell('D2962 Labial veneer (porcelain laminate) – laboratory', 1),
    cell('Other general services D9972 External bleaching (teeth whitening) – per arch', 2),
    cell('D9972 External bleaching', 3),
    cell('Veneer – laboratory', 4),
  ];
  it.each([
    ['D2962 Labial veneer – laboratory', 1],
    // a section's name printed before it
    ['D9972 External bleaching – per arch', 2],
    // printed whole (no words added): found as printed, not here
    ['D9972 External bleaching', undefined],
    ['Crown – base metal', 0],
    ['Inlays – laboratory', undefined],
    ['Veneer', undefined],
  ] as const)('%j is the row of cell %j', (name, expected) => {
    expect(rowNamed(units, name)?.row).toBe(expected);
  });

  const page = (rows: string[][]): MarkupBlock[] => [
    '# Acme Dental HMO Copay Schedule',
    'Member copays for covered procedures (partial list) at participating dentists',
    'See your evidence of coverage for exclusions and limitations',
    [['Covered procedures', 'Member copay'], ...rows],
    'Acme Dental Plan of Springfield',
  ];
  const row = (r: number, name: string, list: string | undefined, copay: string) =>
    truthRow('dentalInsurance_coveredServices', r, [
      ['class', 'All Employees'],
      ['serviceTypeLabel', name],
      ['serviceTypeTitle', name],
      ['serviceTypeList', list],
      ['coverageLevelInNetwork', copay],
    ]);
  const taught = learnTemplate({
    layout: markupLayout(
      page([
        ['D0120 Periodic oral evaluation', '$0'],
        ['D2751 Crown – porcelain fused to base metal', '$150'],
        ['D2962 Labial veneer (porcelain laminate) – laboratory', '$150'],
        ['D7140 Extraction – erupted tooth', '$15'],
      ]),
    ),
    data: [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_coveredServices',
        cells: [
          ...row(0, 'D0120 Periodic oral evaluation', undefined, '$0'),
          ...row(1, 'D2751 Crown – porcelain fused to base metal', undefined, '$150'),
          ...row(2, 'D2962 Labial veneer – laboratory', 'porcelain laminate', '$150'),
          ...row(3, 'D7140 Extraction – erupted tooth', undefined, '$15'),
        ],
      },
    ],
    documentType: 'carrierProposal',
  });
  it('reads a service the taught document did not print without the note printed after its amount', () => {
    const sibling = markupLayout(
      page([
        ['D0120 Periodic oral evaluation', '$5'],
        ['D2751 Crown – porcelain fused to base metal', '$175'],
        ['D2962 Labial veneer (porcelain laminate) – laboratory', '$350'],
        ['D7140 Extraction – erupted tooth', '$20'],
        ['D7210 Extraction – surgical', '$45 Requires a referral'],
      ]),
    );
    const rows = tableRows(
      readWithTemplates(sibling, [], [taught], 'carrierProposal').data,
      'dentalInsurance_coveredServices',
    );
    expect(rows.find((r) => r.serviceTypeLabel === 'D7210 Extraction – surgical')).toEqual(
      expect.objectContaining({ coverageLevelInNetwork: '$45' }),
    );
  });

  it('reads its own value on a sibling (not the row above that had the same amount), and its title as the broker typed it', () => {
    const sibling = markupLayout(
      page([
        ['D0120 Periodic oral evaluation', '$5'],
        ['D2751 Crown – porcelain fused to base metal', '$175'],
        ['D2962 Labial veneer (porcelain laminate) – laboratory', '$350'],
        ['D7140 Extraction – erupted tooth', '$20'],
      ]),
    );
    const { data, match } = readWithTemplates(sibling, [], [taught], 'carrierProposal');
    expect(match).toBeDefined();
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(rows.find((r) => r.serviceTypeLabel === 'D2962 Labial veneer – laboratory')).toEqual(
      expect.objectContaining({
        serviceTypeTitle: 'D2962 Labial veneer – laboratory',
        coverageLevelInNetwork: '$350',
      }),
    );
  });
});

describe('a new row named by its description', () => {
  const label = (c: string) => `dentalInsurance_coveredServices_${c}`;
  const cellsOf = (values: Record<string, string>) =>
    new Map(
      Object.entries(values).map(([c, value]) => [
        c,
        { label: label(c), value, row: 0, col: 0, score: 1 },
      ]),
    );
  const engine = [
    cellsOf({
      class: 'All Employees',
      serviceTypeLabel: 'Sealants',
      coverageLevelInNetwork: '100%',
    }),
    cellsOf({
      class: 'All Employees',
      serviceTypeLabel: 'ORTHODONTIC SERVICES',
      serviceTypeTitle: 'ORTHODONTIC SERVICES',
      serviceTypeList: 'Diagnose or correct misalignment of the teeth or bite',
    }),
    cellsOf({
      class: 'All Employees',
      serviceTypeLabel: 'Implants',
      serviceTypeList: 'Surgical placement',
    }),
    cellsOf({
      class: 'All Employees',
      serviceTypeLabel: 'Implant Services',
      serviceTypeList: 'Surgical placement',
    }),
  ];
  const free = () => true;
  it.each([
    ['Diagnose or correct misalignment of the teeth or bite', 1],
    ['diagnose or correct misalignment of the teeth or bite', 1],
    // named as the engine named a row: not a description
    ['Sealants', -1],
    // a description two engine rows share: neither
    ['Surgical placement', -1],
    ['Space maintainers', -1],
    // an engine row's name of two words or more, run into the note printed under it
    ['Implant Services Surgical placement is covered after 12 months', 3],
    ['Implant Services', -1],
    ['Implant Servicesand more', -1],
    // a one-word name opens too many notes to say
    ['Sealants for children under 14', -1],
  ])('%j is described by engine row %d', (name, expected) => {
    expect(
      describedBy(
        cellsOf({ class: 'All Employees', serviceTypeLabel: name }),
        engine,
        'dentalInsurance_coveredServices',
        free,
      ),
    ).toBe(expected);
  });
  it('leaves out engine rows already taken', () => {
    const name = 'Diagnose or correct misalignment of the teeth or bite';
    expect(
      describedBy(
        cellsOf({ class: 'All Employees', serviceTypeLabel: name }),
        engine,
        'dentalInsurance_coveredServices',
        (_, i) => i !== 1,
      ),
    ).toBe(-1);
  });
});

describe('a full stop the broker did not write', () => {
  it.each([
    [
      'Covered in full after copay (if applicable).',
      'Covered in full',
      'Covered in full after copay (if applicable)',
    ],
    ['Covered in full.', 'Covered in full.', 'Covered in full.'],
    // two sentences: a full stop inside, so the last one stays
    ['Covered in full. Copay waived.', 'Covered in full', 'Covered in full. Copay waived.'],
    ['$10', '$25', '$10'],
    // a one-sentence value ending in an amount loses its stop like any other
    ['Up to $40.', 'Up to $130', 'Up to $40'],
  ])('%j taught as %j reads %j', (read, taught, expected) => {
    expect(withTaughtStop(read, taught)).toBe(expected);
  });
});

describe('a grid that prints its out-of-network block under the same names, in the same column', () => {
  // one ruled grid: a frequency the broker left out, in-network copays, then 'Out-of-Network
  // Reimbursements' naming the services again, their amounts in the one value column
  const page = (copays: string[][]): MarkupBlock[] => [
    '# Acme Vision Benefit Summary',
    'Powered by the Acme Vision Network',
    [
      ['Benefit', 'Exam with Materials'],
      ['Contact lenses instead of eyeglasses', 'Once every 12 months'],
      ['Copays', ''],
      ...copays,
      ['Frame Allowance', '$130'],
      ['Tint', '$14'],
      ['Scratch Warranty', '$10'],
      ['Out-of-Network Reimbursements', ''],
      ['Exam', 'Up To $40.00'],
      ['Frames', 'Up To $45.00'],
    ],
    'Acme Vision Insurance Company, Springfield',
  ];
  const row = visionRow;
  const taught = learnVision(markupLayout(page([['Exam', '$10']])), [
    ...row(0, 'Exam', '$10', 'Up To $40.00'),
    ...row(1, 'Frame Allowance', '$130', 'Up To $45.00'),
    ...row(2, 'Tint', '$14'),
    ...row(3, 'Scratch Warranty', '$10'),
  ]);
  /** The benefit rows read from a sibling that prints 'Exam | $10' and one more row. */
  const readAfterExam = (name: string, value: string) =>
    tableRows(
      readWithTemplates(
        markupLayout(
          page([
            ['Exam', '$10'],
            [name, value],
          ]),
        ),
        [],
        [taught],
        'carrierProposal',
      ).data,
      'visionInsurance_benefitSummary',
    );
  it.each([
    ['Eyeglasses (lenses and frame)', '$25'],
    // (also named as the row the broker left out, which the sibling prints too)
    ['Contact lenses instead of eyeglasses', '$25'],
  ])('reads a copay row the taught document did not print, %j, in-network only', (name, cost) => {
    const read = readAfterExam(name, cost).find((r) => r.servicesAndMaterials === name);
    expect(read?.inNetworkCost).toBe(cost);
    expect(read?.outOfNetworkReimbursement).toBeUndefined();
  });

  it.each([
    ['Eyeglass lenses', 'Once every 12 months'],
    ['Frames', 'Once every 24 months'],
  ])('reads no row from a frequency line the taught document did not print, %j', (name, often) => {
    expect(readAfterExam(name, often).filter((r) => r.inNetworkCost === often)).toEqual([]);
  });
});

describe('a new row whose name ends as the other rows’ names do', () => {
  const page = (rows: string[][]): MarkupBlock[] => [
    '# Acme Vision Summary of Benefits',
    'Find an eye doctor in the Acme network',
    [['Vision care services', 'In-network member cost', 'Out-of-network reimbursement'], ...rows],
    'Acme Vision Insurance Company, Springfield',
  ];
  const row = visionRow;
  const taughtRows = [
    ['Exam', '$10 copay', 'Up to $40'],
    ['Single vision lenses', '$25 copay', 'Up to $30'],
    ['Lined bifocal lenses', '$25 copay', 'Up to $50'],
    ['Lined trifocal lenses', '$25 copay', 'Up to $65'],
  ];
  const taught = learnVision(
    markupLayout(page(taughtRows)),
    taughtRows.flatMap(([n, i, o], r) => row(r, n!, i!, o!)),
  );
  // words that end many cells of the table are the table's in a value cell, never in a name
  it.each([['Polycarbonate lenses'], ['Contacts instead of lenses']])('keeps %j whole', (name) => {
    const sibling = markupLayout(page([...taughtRows, [name, '$40', 'Not covered']]));
    const rows = tableRows(
      readWithTemplates(sibling, [], [taught], 'carrierProposal').data,
      'visionInsurance_benefitSummary',
    );
    expect(rows.find((r) => r.inNetworkCost === '$40')?.servicesAndMaterials).toBe(name);
  });
});

describe('a value taught at the end of a line, wrapped onto the next line on a sibling', () => {
  const page = (lens: string[], after = 'Other lens upgrades may be offered at a discount.') => [
    '# Acme Vision Summary of Benefits',
    [
      ['Copays', 'In-network'],
      ['Exam', '$10'],
    ],
    'Lens Options',
    ...lens,
    after,
    'Acme Vision Insurance Company, Springfield',
  ];
  const taught = learnVision(
    markupLayout(page(['Scratch-resistant coating,Polycarbonate lenses - covered in full.'])),
    [
      ...visionRow(0, 'Exam', '$10'),
      ...visionRow(1, 'Scratch-resistant coating,Polycarbonate lenses', 'covered in full'),
    ],
  );
  const read = (blocks: MarkupBlock[]) =>
    tableRows(
      readWithTemplates(markupLayout(blocks), [], [taught], 'carrierProposal').data,
      'visionInsurance_benefitSummary',
    ).find((r) => r.servicesAndMaterials?.startsWith('Scratch'));
  const longer = 'Scratch-resistant coating,Progressive lenses,Polycarbonate lenses';
  it.each([[[`${longer} - covered in`, 'full.']], [[`${longer} - covered`, 'in full.']]])(
    'reads the name and the value over the two lines %j',
    (lens) => {
      expect(read(page(lens))).toMatchObject({
        servicesAndMaterials: longer,
        inNetworkCost: 'covered in full',
      });
    },
  );
  it('reads no value over two lines when the line after them is not the one taught', () => {
    const lens = [`${longer} - covered in`, 'part.'];
    expect(read(page(lens, 'Discounts on sunglasses.'))?.inNetworkCost).toBeUndefined();
  });
});

describe('a value taught wrapped over two lines, printed on one line on a sibling', () => {
  const page = (lines: string[]) => [
    '# Acme Vision Summary of Benefits',
    [
      ['Copays', 'In-network'],
      ['Exam', '$10'],
    ],
    'Contact Lens Benefit',
    ...lines,
    'Other lens upgrades may be offered at a discount.',
    'Acme Vision Insurance Company, Springfield',
  ];
  const taught = learnVision(
    markupLayout(page(['Necessary contact lenses: covered in full after the', 'materials copay.'])),
    [
      ...visionRow(0, 'Exam', '$10'),
      ...visionRow(1, 'Necessary contact lenses', 'covered in full after the materials copay'),
    ],
  );
  it.each([
    [['Necessary contact lenses: covered in full after the materials copay.'], 'materials'],
    [['Necessary contact lenses: covered in full after the exam copay.'], 'exam'],
    // (wrapped as taught: both lines)
    [['Necessary contact lenses: covered in full after the', 'exam copay.'], 'exam'],
  ])('reads the value from %j', (lines, copay) => {
    const row = tableRows(
      readWithTemplates(markupLayout(page(lines)), [], [taught], 'carrierProposal').data,
      'visionInsurance_benefitSummary',
    ).find((r) => r.servicesAndMaterials === 'Necessary contact lenses');
    expect(row?.inNetworkCost).toBe(`covered in full after the ${copay} copay`);
  });
});
