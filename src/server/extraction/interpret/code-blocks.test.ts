import { describe, expect, it } from 'vitest';
import { createLocalExtractionProvider } from '../local-engine.ts';
import { buildPdf, type Drawing } from '../testing/build-pdf.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { interpretProposal } from './proposal.ts';

const provider = createLocalExtractionProvider();

/** Procedures of a copay schedule: code, description, member copay. */
const procedures: Array<[string, string, string]> = [
  ['D0120', 'Periodic oral evaluation', '$0'],
  ['D0150', 'Comprehensive oral evaluation', '$0'],
  ['D0210', 'Intraoral complete series of images', '$5'],
  ['D0274', 'Bitewings four images', '$5'],
  ['D1110', 'Prophylaxis adult', '$10'],
  ['D1120', 'Prophylaxis child', '$10'],
  ['D2140', 'Amalgam one surface', '$20'],
  ['D2150', 'Amalgam two surfaces', '$25'],
  ['D2330', 'Resin one surface anterior', '$30'],
  ['D2740', 'Crown porcelain ceramic', '$450'],
];

/** One list a page, unruled: code, description, copay at fixed x, a heading line over them. */
function oneList(): Drawing[] {
  const d: Drawing[] = [
    { text: 'Dental Plan Copay Schedule', x: 40, y: 40, size: 14, bold: true },
    { text: 'Code', x: 40, y: 80, bold: true },
    { text: 'Procedure', x: 100, y: 80, bold: true },
    { text: 'Member Copay', x: 430, y: 80, bold: true },
  ];
  procedures.forEach(([code, desc, copay], i) => {
    const y = 100 + i * 16;
    d.push({ text: code, x: 40, y }, { text: desc, x: 100, y }, { text: copay, x: 450, y });
  });
  return d;
}

/** Two lists side by side on one page, each 'Code  Procedure  Copay', unruled. */
function twoLists(): Drawing[] {
  const d: Drawing[] = [{ text: 'Dental Plan Copay Schedule', x: 40, y: 40, size: 14, bold: true }];
  for (const x of [40, 320])
    d.push(
      { text: 'Code', x, y: 80, bold: true },
      { text: 'Procedure', x: x + 50, y: 80, bold: true },
      { text: 'Copay', x: x + 220, y: 80, bold: true },
    );
  procedures.forEach(([code, desc, copay], i) => {
    const x = i < 5 ? 40 : 320;
    const y = 100 + (i % 5) * 16;
    d.push({ text: code, x, y }, { text: desc, x: x + 50, y }, { text: copay, x: x + 225, y });
  });
  // five more rows under the left list so each list has enough
  procedures.forEach(([code, desc, copay], i) => {
    if (i >= 5) return;
    const y = 180 + i * 16;
    const c = `D3${code.slice(2)}`;
    d.push({ text: c, x: 40, y }, { text: desc, x: 90, y }, { text: copay, x: 265, y });
  });
  return d;
}

describe('a copay schedule printed as lines of text', () => {
  it.each([
    ['one list a page', oneList],
    ['two lists side by side', twoLists],
  ])('%s: a row per code, the description its title, the copay both networks', async (_n, page) => {
    const bytes = await buildPdf([page()]);
    const data = await provider.extract({
      bytes,
      contentType: 'application/pdf',
      documentType: 'carrierProposal',
    });
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    for (const [code, desc, copay] of procedures) {
      const row = rows.find((r) => r.serviceTypeLabel === code);
      expect(row?.serviceTypeTitle, code).toBe(desc);
      expect(row?.coverageLevelInNetwork, code).toBe(copay);
    }
  });
});

describe('a column of codes left of the names, read from the grid', () => {
  const rowsOf = (blocks: Parameters<typeof markupLayout>[0]) =>
    tableRows(interpretProposal(markupLayout(blocks)), 'dentalInsurance_coveredServices');
  const coded = procedures.slice(0, 4);
  const six = procedures.slice(0, 6);

  const ranges: Array<[string, string, string]> = [
    ['D0120-D0180', 'Oral evaluations', '$0'],
    ['D0210-D0274', 'Radiographs', '$0'],
    ['D1110-D1120', 'Cleanings', '$5'],
  ];
  it.each([
    [
      'one list: the code keys the row, the name is the title',
      [['Code', 'Procedure', 'Copay'], ...coded.map(([c, d, v]) => [c, d, v])],
      coded,
    ],
    [
      'two lists side by side in one grid: each block a table of its own',
      [
        ['Code', 'Procedure', 'Copay', 'Code', 'Procedure', 'Copay'],
        ...six
          .slice(0, 3)
          .map(([c, d, v], i) => [c, d, v, ...(six[i + 3] as [string, string, string])]),
      ],
      six,
    ],
    [
      'ranges of codes in the code column',
      [['Code', 'Procedure', 'Copay'], ...ranges.map(([c, d, v]) => [c, d, v])],
      ranges,
    ],
  ])('%s', (_name, table, expected) => {
    const rows = rowsOf(['# Dental Copay Schedule', table]);
    for (const [code, desc, copay] of expected) {
      const row = rows.find((r) => r.serviceTypeLabel === code);
      expect(row?.serviceTypeTitle, code).toBe(desc);
      expect(row?.coverageLevelInNetwork, code).toBe(copay);
    }
  });

  it('a fee comparison continued on the next page without headings gives no service', () => {
    const rows = rowsOf([
      '# Patient Savings Schedule',
      [
        ['Procedure Code', 'Description', 'You Pay', 'Typical Charge', 'Typical Savings'],
        ...coded.map(([c, d, v]) => [c, d, v, '$100', '$90']),
      ],
      [...procedures.slice(4).map(([c, d, v]) => [c, d, v, '$200', '$180'])],
    ]);
    expect(rows.filter((r) => /^D\d{4}$/.test(r.serviceTypeLabel ?? ''))).toEqual([]);
  });
});

describe('a column of fees beside a column of what the member pays', () => {
  const priced: Array<[string, string, string, string]> = [
    ['D0120', 'Periodic oral evaluation', '$45', '$5'],
    ['D0150', 'Comprehensive oral evaluation', '$70', '$10'],
    ['D1110', 'Prophylaxis adult', '$80', '$10'],
  ];
  it.each([
    [['Code', 'Procedure', 'In-Network Fee', 'Member Pays']],
    [['Code', 'Procedure', 'Fee', 'You Pay']],
    [['Code', 'Procedure', 'Maximum Allowable Charge', 'Copay']],
  ])('%j: the member’s share is the coverage, the fee is none', (head) => {
    const rows = tableRows(
      interpretProposal(
        markupLayout(['# Dental Schedule of Benefits', [head, ...priced.map((p) => [...p])]]),
      ),
      'dentalInsurance_coveredServices',
    );
    for (const [code, , , pays] of priced) {
      const row = rows.find((r) => r.serviceTypeLabel === code);
      expect(row?.coverageLevelInNetwork, code).toBe(pays);
      expect(row?.coverageLevelOutOfNetwork, code).toBe(pays);
    }
  });
});

describe('two lists side by side whose labels open with their codes', () => {
  const left = [
    'D0120 Periodic oral evaluation',
    'D0140 Limited oral evaluation',
    'D0150 Comprehensive oral evaluation',
    'D0210 Intraoral complete series',
    'D0220 Periapical first image',
    'D0230 Periapical each additional',
    'D0272 Bitewings two images',
    'D0274 Bitewings four images',
  ];
  const right = [
    'D2140 Amalgam one surface',
    'D2150 Amalgam two surfaces',
    'D2160 Amalgam three surfaces',
    'D2330 Resin one surface anterior',
    'D2331 Resin two surfaces anterior',
    'D2740 Crown porcelain ceramic',
    'D2750 Crown porcelain high noble',
    'D2950 Core buildup',
  ];
  const rows = tableRows(
    interpretProposal(
      markupLayout([
        '# Dental Copay Schedule',
        [
          ['Procedure', 'Copay', 'Procedure', 'Copay'],
          ...left.map((l, i) => [l, '$0', right[i]!, `$${(i + 1) * 10}`]),
        ],
      ]),
    ),
    'dentalInsurance_coveredServices',
  );
  it.each([...left.map((l) => [l, '$0']), ...right.map((l, i) => [l, `$${(i + 1) * 10}`])])(
    '%s: its own row, its own copay',
    (label, copay) => {
      const [code, ...words] = label.split(' ');
      const row = rows.find((r) => r.serviceTypeLabel === code);
      expect(row?.serviceTypeTitle).toBe(words.join(' '));
      expect(row?.coverageLevelInNetwork).toBe(copay);
      expect(row?.serviceTypeList).toBeUndefined();
    },
  );
});

describe('a schedule’s code and description columns named in words of their own', () => {
  const listed: Array<[string, string, string]> = [
    ['D0120', 'Oral evaluations', '$0'],
    ['D0210', 'Radiographs', '$0'],
    ['D1110', 'Cleanings', '$5'],
  ];
  it.each([
    [['Codes', 'Procedures', 'Copay']],
    [['ADA Code', 'Procedure Description', 'Copayment']],
    [['CDT Code', 'Description', 'Member Pays']],
  ])('%j are headings: every coded row is read', (head) => {
    const rows = tableRows(
      interpretProposal(markupLayout(['# Dental Copay Schedule', [head, ...listed]])),
      'dentalInsurance_coveredServices',
    );
    expect(rows.map((r) => [r.serviceTypeLabel, r.coverageLevelInNetwork])).toEqual(
      listed.map(([c, , v]) => [c, v]),
    );
  });
});
