import { describe, expect, it } from 'vitest';
import type { DocumentLayout, Line, Word } from '../layout.ts';
import { makeLine } from '../read/lines.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { codeSetApart, joinBrokenWords, withoutFootnoteMarks } from './procedure-codes.ts';
import { interpretProposal } from './proposal.ts';

/** A word of size 10 at x, 5 units per character (bold codes are a little wider in print). */
const word = (text: string, x: number, y: number): Word => ({
  text,
  box: [x, y, x + text.length * 5, y + 10],
  size: 10,
  confidence: 1,
});

/** A line of words: each 'text@x', placed left to right. */
function line(y: number, ...parts: string[]): Line {
  const words = parts.flatMap((p) => {
    const [text, at] = p.split('@') as [string, string];
    let x = Number(at);
    return text.split(' ').map((t) => {
      const w = word(t, x, y);
      x += t.length * 5 + 2.5; // a word space: a quarter of the size
      return w;
    });
  });
  return makeLine(words, 1);
}

describe('a procedure code printed in a column of its own', () => {
  const cases: Array<[string, Line[], ReturnType<typeof codeSetApart>]> = [
    [
      'code, a gutter, the description on one line',
      [line(0, 'D0120@20', 'Periodic oral examination - established patient@60')],
      { code: 'D0120', description: 'Periodic oral examination - established patient' },
    ],
    [
      'code alone on its line, centred on a description wrapped above and below it',
      [
        line(0, 'Oral evaluation for patient under three years of age and@60'),
        line(6, 'D0145@20'),
        line(12, 'counseling with primary caregiver@60'),
      ],
      {
        code: 'D0145',
        description:
          'Oral evaluation for patient under three years of age and counseling with primary caregiver',
      },
    ],
    [
      'code on the first line of a wrapped description',
      [
        line(0, 'D0170@20', 'Re-evaluation - limited, problem focused@60'),
        line(12, '(established patient)@60'),
      ],
      {
        code: 'D0170',
        description: 'Re-evaluation - limited, problem focused (established patient)',
      },
    ],
    [
      'code followed by a word space only: one label as printed (r05)',
      [line(0, 'D0120 Periodic oral evaluation@20')],
      undefined,
    ],
    ['a code alone, no description', [line(0, 'D0120@20')], undefined],
    [
      'two codes in one cell: no single code keys it',
      [
        line(0, 'D0120@20', 'Periodic oral evaluation@60'),
        line(12, 'D0150@20', 'Comprehensive@60'),
      ],
      undefined,
    ],
    [
      'a description line starting left of the code’s right edge: not a column',
      [line(0, 'Oral evaluation for a patient@0'), line(6, 'D0145@20'), line(12, 'counseling@60')],
      undefined,
    ],
    ['a category code is no procedure code', [line(0, 'Type I@20', 'Preventive@60')], undefined],
  ];
  it.each(cases)('%s', (_name, lines, expected) => {
    expect(codeSetApart(lines)).toEqual(expected);
  });
});

/**
 * The markup layout with every table cell written 'CODE | description' printed as a code column
 * beside a description column (the code at x 20, the description at x 60, on the cell's line).
 */
function codeColumn(layout: DocumentLayout): DocumentLayout {
  for (const page of layout.pages)
    for (const block of page.blocks) {
      if (block.kind !== 'table') continue;
      for (const cell of block.table.cells) {
        const m = cell.text.match(/^(D\d{4}) \| (.+)$/);
        if (!m) continue;
        const y = cell.lines[0]!.box[1];
        cell.lines = [line(y, `${m[1]}@20`, `${m[2]}@60`)];
        cell.text = cell.lines[0]!.text;
      }
    }
  return layout;
}

describe('a copay schedule read end to end: a row per procedure code', () => {
  const data = interpretProposal(
    codeColumn(
      markupLayout([
        '# Standard Plan Dental Copayment Schedule',
        [
          ['Procedure', 'Copayment'],
          ['Test and Examinations', ''],
          ['D0120 | Periodic oral examination - established patient', 'No Cost'],
          ['D0425 | Caries susceptibility tests', 'No Cost'],
          ['Resin - Based Composite Restorations', ''],
          [
            'D2335 | Resin-based composite - four or more surfaces or involving incisal angle (anterior) of a primary or a permanent tooth',
            '$70',
          ],
        ],
        '# Patient Savings Schedule',
        [
          ['Procedure', 'You Pay', 'Typical Charge', 'Typical Savings'],
          ['D0150 | Comprehensive oral evaluation', '$0', '$117', '$117'],
          ['D2140 | Amalgam, one surface', '$0', '$180', '$50'],
        ],
      ]),
    ),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  const labels = rows.map((r) => r.serviceTypeLabel);

  it.each([
    ['D0120', 'Periodic oral examination - established patient', 'No Cost'],
    ['D0425', 'Caries susceptibility tests', 'No Cost'],
  ])('a coded row under any heading is a service, keyed by its code: %s', (label, title, value) => {
    const row = rows.find((r) => r.serviceTypeLabel === label);
    expect(row?.serviceTypeTitle).toBe(title);
    expect(row?.coverageLevelInNetwork).toBe(value);
    expect(row?.coverageLevelOutOfNetwork).toBe(value);
  });

  it('a coded row is a service however long its description', () => {
    expect(labels).toContain('D2335');
  });

  it.each(['D0150', 'D2140'])('a fee comparison gives no service row: %s', (code) => {
    expect(labels.some((l) => l?.startsWith(code))).toBe(false);
  });
});

describe('a description joined from its wrapped lines', () => {
  it.each([
    [
      ['Unspecified diagnostic procedure, by report - includes of-', 'fice visit'],
      'Unspecified diagnostic procedure, by report - includes office visit',
    ],
    [
      ['Endodontic therapy (excluding final restora-', 'tion)'],
      'Endodontic therapy (excluding final restoration)',
    ],
    [
      ['Treatment of root canal obstruction; non-', 'surgical access'],
      'Treatment of root canal obstruction; non-surgical access',
    ],
    [['Re-cement or re-', 'bond crown'], 'Re-cement or re-bond crown'],
    [['Services Out-of-', 'Network'], 'Services Out-of-Network'],
    [['services out-of-', 'network'], 'services out-of-network'],
    [
      ['Crown - porcelain fused to titanium or', 'titanium alloy'],
      'Crown - porcelain fused to titanium or titanium alloy',
    ],
  ])('%j → %s', (lines, expected) => {
    expect(joinBrokenWords(lines)).toBe(expected);
  });
  it.each([
    ['Crown - titanium (1)', 'Crown - titanium'],
    ['Crown - porcelain fused to noble metal (1, 2)', 'Crown - porcelain fused to noble metal'],
    [
      'Pontic - porcelain fused to titanium and titanium alloys (1) (2)',
      'Pontic - porcelain fused to titanium and titanium alloys',
    ],
    ['Interim partial denture (maxillary )', 'Interim partial denture (maxillary )'],
    ['Bitewings - 4 (four films)', 'Bitewings - 4 (four films)'],
  ])('footnote numbers after %j go', (text, expected) => {
    expect(withoutFootnoteMarks(text)).toBe(expected);
  });
});

describe('a column of procedure codes beside the procedures’ names', () => {
  const data = interpretProposal(
    markupLayout([
      '# Copay Plan Schedule',
      [
        ['Covered Services', 'Code', 'Copay'],
        ['Type I - Diagnostic/Evaluation Services', '', ''],
        ['Periodic Oral Evaluation', 'D0120', '$0'],
        ['Bitewing - 4 Images', 'D0274', '$5'],
        ['Type III – Endodontics', '', ''],
        ['Pulp Cap - Direct (Excluding Final Restoration)', 'D3110', '$20'],
        ['Retrograde Filling - Per Root', 'D3430', '$49'],
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  it.each([
    ['D0120', 'Periodic Oral Evaluation', '$0'],
    ['D0274', 'Bitewing - 4 Images', '$5'],
    ['D3110', 'Pulp Cap - Direct (Excluding Final Restoration)', '$20'],
    ['D3430', 'Retrograde Filling - Per Root', '$49'],
  ])('keys the row by the code %s, the name its title', (code, title, value) => {
    const row = rows.find((r) => r.serviceTypeLabel === code);
    expect(row?.serviceTypeTitle).toBe(title);
    expect(row?.coverageLevelInNetwork).toBe(value);
  });
  it('reads no code as a value', () => {
    expect(rows.some((r) => /^D\d{4}$/.test(r.coverageLevelInNetwork ?? ''))).toBe(false);
  });
});

describe('a schedule page that starts with a procedure’s row', () => {
  const data = interpretProposal(
    codeColumn(
      markupLayout([
        '# Standard Plan',
        [
          ['D0120 | Periodic oral examination - established patient', 'No Cost'],
          ['D0140 | Limited oral evaluation - problem focused', 'No Cost'],
          ['D0210 | Intraoral - complete series of radiographic images', '$5'],
        ],
      ]),
    ),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  it.each([
    ['D0120', 'No Cost'],
    ['D0140', 'No Cost'],
    ['D0210', '$5'],
  ])('reads %s, the first row too', (code, value) => {
    expect(rows.find((r) => r.serviceTypeLabel === code)?.coverageLevelInNetwork).toBe(value);
  });
});
