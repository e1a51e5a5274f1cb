import { describe, expect, it } from 'vitest';
import { markupLayout } from '../testing/markup-layout.ts';
import { analyzeDocument } from './document.ts';
import {
  describedItems,
  isGlossary,
  isRepeatedNetworkHeading,
  mostlyBareCodes,
  namesNetworkPair,
  orthoHeading,
  procedureItems,
  rowLabel,
  sideBySide,
  splitNetworkPair,
} from './grid.ts';

describe('a column headed with both networks and a slash', () => {
  it.each([
    ['In-Network / Out-of-Network', true],
    ['(In / Out-of-Network)', true],
    ['In-Network/Non-Network', true],
    ['In-Network', false],
    ['In-Network and Out-of-Network', false],
    ['Member Copay / Allowance', false],
  ])('%j → %s', (heading, expected) => {
    expect(namesNetworkPair(heading)).toBe(expected);
  });

  it.each([
    ['$10 copay / Up to $50', ['$10 copay', 'Up to $50']],
    ['$20 / N/A', ['$20', 'N/A']],
    ['$50/$50', ['$50', '$50']],
    ['Covered in full', undefined],
    ['N/A', undefined],
  ])('splits %j at the slash', (cell, expected) => {
    expect(splitNetworkPair(cell)).toEqual(expected);
  });
});

describe('network headings repeated in the body', () => {
  it('reads a repeated network heading as no value', () => {
    expect(isRepeatedNetworkHeading('In-Network')).toBe(true);
    expect(isRepeatedNetworkHeading('Out-of-Network')).toBe(true);
    expect(isRepeatedNetworkHeading('$10 copay')).toBe(false);
    expect(isRepeatedNetworkHeading('Up to $50 out of network')).toBe(false);
  });
});

describe('level names repeated in the body', () => {
  it.each([
    ['Tier 1 Tier 2', true],
    ['Tier 1', true],
    ['Level I / Level II', true],
    ['Tier 1 $50', false],
    ['Tiered benefits', false],
    ['3 per family', false],
  ])('%j → %s', (text, expected) => {
    expect(isRepeatedNetworkHeading(text)).toBe(expected);
  });
});

describe('a code column beside a category column', () => {
  const code = (text: string) => ({ text, spansNext: false });
  const wide = (text: string) => ({ text, spansNext: true });
  it('leaves plan-wide rows spanning the category column out of the count', () => {
    expect(
      mostlyBareCodes([
        wide('Calendar Year Deductible (Single / Family)'),
        wide('Calendar Year Maximum'),
        code('Group I'),
        code('Group II'),
        code('Group III'),
        code('Group IV'),
        wide('Orthodontic Lifetime Maximum'),
        wide('Orthodontic Eligibility'),
      ]),
    ).toBe(true);
  });
  it('still needs most service rows to be bare codes', () => {
    expect(
      mostlyBareCodes([
        code('Deductible'),
        code('Annual Maximum'),
        code('Type 1'),
        code('Type 2'),
        code('Orthodontia'),
      ]),
    ).toBe(false);
  });
});

describe('column headings that name orthodontia or the rest of the plan', () => {
  it.each([
    ['ORTHODONTICS', 'ortho'],
    ['Orthodontia', 'ortho'],
    ['NON-ORTHODONTICS', 'nonOrtho'],
    ['Non\u2010Orthodontic', 'nonOrtho'],
    ['Orthodontia Lifetime Maximum for Dependent Children', undefined],
    ['High Plan', undefined],
  ])('%j → %s', (heading, expected) => {
    expect(orthoHeading(heading)).toBe(expected);
  });
});

describe('two networks’ values side by side in one cell', () => {
  // words at their x positions, one line per array: [text, x0]
  const cell = (...lines: Array<Array<[string, number]>>) =>
    ({
      text: '',
      row: 1,
      col: 1,
      rowSpan: 1,
      colSpan: 1,
      page: 1,
      lines: lines.map((ws, y) => ({
        text: ws.map((w) => w[0]).join(' '),
        box: [0, y * 12, 500, y * 12 + 10],
        size: 10,
        confidence: 1,
        page: 1,
        words: ws.map(([text, x]) => ({
          text,
          box: [x, y * 12, x + text.length * 5, y * 12 + 10],
          size: 10,
          confidence: 1,
        })),
      })),
    }) as never;
  it.each([
    [
      'one line',
      cell([
        ['$0', 300],
        ['$0', 400],
      ]),
      ['$0', '$0'],
    ],
    [
      'two lines',
      cell(
        [
          ['$1000', 300],
          ['per', 330],
          ['person', 350],
          ['$1000', 400],
          ['per', 430],
          ['person', 450],
        ],
        [
          ['per', 300],
          ['calendar', 320],
          ['year', 365],
          ['per', 400],
          ['calendar', 420],
          ['year', 465],
        ],
      ),
      ['$1000 per person per calendar year', '$1000 per person per calendar year'],
    ],
    [
      'one value',
      cell([
        ['No', 300],
        ['waiting', 315],
        ['period', 353],
      ]),
      undefined,
    ],
  ])('%s', (_name, c, expected) => {
    expect(sideBySide(c)).toEqual(expected);
  });
});

describe('a description printed as bullets', () => {
  it.each([
    [
      ['\uF0B7 Root Canal and retreatments', 'o Limited to one per tooth per lifetime'],
      'Root Canal and retreatments',
    ],
    [
      [
        '\uF0B7 Dentures and bridges',
        'o Limited to one per tooth per 84 months; not within 6 months',
        'of placement',
        '\uF0B7 Implants - Covered',
        'o Limited to one per tooth/arch per 84 months',
      ],
      'Dentures and bridges, Implants - Covered',
    ],
    [
      ['• Periodontal surgery (osseous,', 'gingivectomy)'],
      'Periodontal surgery (osseous, gingivectomy)',
    ],
    [['Exams, cleanings,', 'fluoride'], 'Exams, cleanings, fluoride'],
    // procedures one per line, most with a wrapped note in parentheses: the notes go
    [
      [
        'Emergency care for pain relief',
        'Amalgam fillings (1 per tooth every 2',
        'years, composite for anterior/front teeth)',
        'General anesthesia',
        'Harmful habit appliances for children',
        '(1 per lifetime, through age 14)',
        'Endodontics (root canals 1 per tooth',
        'per lifetime and 1 re-treatment)',
      ],
      'Emergency care for pain relief, Amalgam fillings, General anesthesia, Harmful habit appliances for children, Endodontics',
    ],
    // two of six noted (fewer than half): still procedures, one per line
    [
      [
        'Emergency care for pain relief',
        'Amalgam fillings (1 per tooth every 2',
        'years, composite for anterior/front teeth)',
        'Routine extractions',
        'General anesthesia',
        'Stainless steel crowns',
        'Harmful habit appliances for children',
        '(1 per lifetime, through age 14)',
      ],
      'Emergency care for pain relief, Amalgam fillings, Routine extractions, General anesthesia, Stainless steel crowns, Harmful habit appliances for children',
    ],
    // a sentence wrapped over lines is no list of procedures
    [
      [
        'Covers exams and cleanings (twice a',
        'year) and X-rays. Fillings are',
        'Covered after the deductible.',
      ],
      'Covers exams and cleanings (twice a year) and X-rays. Fillings are Covered after the deductible.',
    ],
  ])('%j → %j', (lines, expected) => {
    expect(describedItems(lines)).toBe(expected);
  });
});

describe('a row label with the list of its procedures printed under it', () => {
  const line = (text: string, y: number) => ({
    text,
    words: [],
    box: [0, y, 200, y + 8] as [number, number, number, number],
    size: 8,
    confidence: 1,
    page: 1,
  });
  const cell = (...texts: string[]) => {
    const lines = texts.map((t, i) => line(t, i * 10));
    return { text: texts.join('\n'), lines, row: 0, col: 0, rowSpan: 1, colSpan: 1, page: 1 };
  };
  it.each([
    [
      'in parentheses, wrapped',
      cell('Preventive', '(cleanings, oral exams, X-rays, child:', 'fluoride treatment, sealants)'),
      ['Preventive', 'cleanings, oral exams, X-rays, child: fluoride treatment, sealants'],
    ],
    [
      'without parentheses',
      cell('Basic', 'composite restorations, extractions'),
      ['Basic', 'composite restorations, extractions'],
    ],
    [
      'with a parenthesis of its own inside, kept as printed',
      cell('Major', 'bridges, crowns (1 per 5 years), dentures'),
      ['Major', 'bridges, crowns (1 per 5 years), dentures'],
    ],
    [
      'not when the label opened its list after a dash on the line above',
      cell(
        'Class C (Major) Services – includes major',
        'restorative, endodontic, and prosthodontic services',
      ),
      [
        'Class C (Major) Services – includes major restorative, endodontic, and prosthodontic services',
        undefined,
      ],
    ],
    [
      'bullets under a lead-in ending in a colon, its note in parentheses dropped',
      cell(
        'Low Vision Coverage (requires pre-authorization):',
        '• Low vision exams and low vision aids, every two',
        'years.',
        '• Low vision benefits must be pre-authorized.',
      ),
      [
        'Low Vision Coverage',
        'Low vision exams and low vision aids, every two years., Low vision benefits must be pre-authorized.',
      ],
    ],
  ])('%s', (_name, c, [text, description]) => {
    const label = rowLabel(c);
    expect([label?.text, label?.description]).toEqual([text, description]);
  });
});

describe('the procedures a list cell names, without their limits', () => {
  const cellOf = (lines: string[]) => ({
    text: lines.join('\n'),
    lines: lines.map((text) => ({
      text,
      words: [],
      box: [0, 0, 10, 10] as [number, number, number, number],
      size: 10,
      confidence: 1,
      page: 1,
    })),
    row: 0,
    col: 0,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  it.each([
    [
      [
        'Exams – 2 per calendar year',
        'Cleanings – 2 per calendar year',
        'Bitewing X-rays – 1 per calendar year',
      ],
      'Exams, Cleanings, Bitewing X-rays',
    ],
    [
      [
        'Consultation',
        'Full Mouth X-rays, Panoramic X-rays',
        '– 1 in 36 months',
        'Space Maintainers to age 14',
      ],
      'Consultation, Full Mouth X-rays, Panoramic X-rays, Space Maintainers',
    ],
    [
      ['Endodontics (Root Canal)', 'Nightguards for Bruxism'],
      'Endodontics (Root Canal), Nightguards for Bruxism',
    ],
    [['Exams, cleanings, X-rays'], undefined],
  ])('%j', (lines, want) => {
    expect(procedureItems(cellOf(lines))).toBe(want);
  });
});

describe('a glossary printed as a table', () => {
  const tableOf = (rows: string[][]) =>
    analyzeDocument(markupLayout([rows])).items.flatMap((i) =>
      i.kind === 'table' ? [i.table] : [],
    )[0]!;
  it.each([
    [
      'terms beside sentences, no amount',
      [
        ['Term', 'Definition'],
        [
          'Disposable Contact Lenses',
          'Contact lenses that must be replaced within a certain period of time, typically every 1 or 2 days.',
        ],
        [
          'Polycarbonate Lenses',
          'Lenses made from a lightweight material 10 times more impact-resistant than other plastics.',
        ],
        [
          'Out-of-Network Benefits',
          'Allowances reimbursed for services and materials obtained from providers outside the network.',
        ],
      ],
      true,
    ],
    [
      'a cost grid with amounts',
      [
        ['Service', 'Copay'],
        ['Exam', '$10 copay'],
        ['Frames', 'Up to $150 allowance, then 20% off the balance'],
        ['Lenses', '$25 copay'],
      ],
      false,
    ],
    [
      'costs in words',
      [
        ['Service', 'In-Network'],
        ['Exam', 'Covered in full after the exam copay is paid'],
        ['Frames', 'Included in the cost of the glasses benefit'],
        ['Lenses', 'Covered in full for standard plastic lenses'],
      ],
      false,
    ],
    [
      'short values',
      [
        ['Service', 'Frequency'],
        ['Exam', 'Every 12 months'],
        ['Frames', 'Every 24 months'],
        ['Lenses', 'Every 12 months'],
      ],
      false,
    ],
  ])('%s', (_, rows, want) => {
    expect(isGlossary(tableOf(rows))).toBe(want);
  });
});
