import { describe, expect, it } from 'vitest';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { codeOpeningLine } from './procedure-codes.ts';
import { interpretProposal } from './proposal.ts';

describe('a label that opens with a procedure code and goes on with its description', () => {
  const cases: Array<[string, string[], ReturnType<typeof codeOpeningLine>]> = [
    [
      'code, a space, the description',
      ['D0120 Periodic oral evaluation - established patient'],
      { code: 'D0120', description: 'Periodic oral evaluation - established patient' },
    ],
    [
      'a description wrapped onto a second line under the code',
      [
        'D0145 Oral evaluation for a patient under three years of age and counseling with primary',
        'caregiver',
      ],
      {
        code: 'D0145',
        description:
          'Oral evaluation for a patient under three years of age and counseling with primary caregiver',
      },
    ],
    [
      'a code range',
      ['D8070-90 Comprehensive orthodontic treatment'],
      { code: 'D8070-90', description: 'Comprehensive orthodontic treatment' },
    ],
    [
      'a word broken at the line end is joined',
      ['D3220 Therapeutic pulpotomy (excluding final restora-', 'tion)'],
      { code: 'D3220', description: 'Therapeutic pulpotomy (excluding final restoration)' },
    ],
    [
      'a range of codes',
      ['D0120-D0180 Oral evaluations'],
      { code: 'D0120-D0180', description: 'Oral evaluations' },
    ],
    [
      'a range of codes with an en dash',
      ['D0210–D0274 Radiographs'],
      { code: 'D0210–D0274', description: 'Radiographs' },
    ],
    [
      'the code alone on the first line, the description stacked under it',
      ['D0120', 'Periodic oral evaluation'],
      { code: 'D0120', description: 'Periodic oral evaluation' },
    ],
    [
      'the code after the description, in parentheses',
      ['Periodic oral evaluation (D0120)'],
      { code: 'D0120', description: 'Periodic oral evaluation' },
    ],
    [
      'a code in parentheses inside the description is no key',
      ['Periodic oral evaluation (D0120) once a year'],
      undefined,
    ],
    ['a code alone', ['D0120'], undefined],
    ['no code first', ['Periodic oral evaluation D0120'], undefined],
    [
      'two codes: two rows kept together',
      ['D0120 Periodic oral evaluation', 'D0150 Comprehensive oral evaluation'],
      undefined,
    ],
    ['a category code is no procedure code', ['Type I Preventive'], undefined],
  ];
  it.each(cases)('%s', (_name, lines, expected) => {
    expect(codeOpeningLine(lines)).toEqual(expected);
  });
});

/** Coded rows of a two-plan copay schedule, 'CODE description | Standard copay | High copay'. */
const coded: Array<[string, string, string, string]> = [
  ['D0120', 'Periodic oral evaluation - established patient', '$0', '$0'],
  ['D0160', 'Detailed and extensive oral evaluation - problem focused, by report', '$30', '$0'],
  ['D0210', 'Intraoral – comprehensive series of radiographic images', '$0', '$0'],
  ['D0220', 'Intraoral - periapical first radiographic image', '$0', '$0'],
  ['D0272', 'Bitewings - two radiographic images', '$0', '$0'],
  ['D0330', 'Panoramic radiographic image', '$0', '$0'],
  ['D0425', 'Caries susceptibility tests', '$0', '$0'],
  ['D0470', 'Diagnostic casts', '$0', '$0'],
  ['D0601', 'Caries risk assessment and documentation, with a finding of low risk', '$0', '$0'],
];
/** The same schedule's next page: its heading row read as a body row, more coded rows under it. */
const continued: Array<[string, string, string, string]> = [
  ['D7111', 'Extraction, coronal remnants – primary tooth', '$45', '$36'],
  ['D7140', 'Extraction, erupted tooth or exposed root', '$58', '$47'],
  ['D7220', 'Removal of impacted tooth – soft tissue', '$132', '$106'],
  ['D7230', 'Removal of impacted tooth – partially bony', '$170', '$136'],
  ['D7240', 'Removal of impacted tooth – completely bony', '$200', '$160'],
  ['D7250', 'Removal of residual tooth roots (cutting procedure)', '$112', '$90'],
  ['D7280', 'Exposure of an unerupted tooth', '$182', '$63'],
  ['D7471', 'Removal of lateral exostosis (maxilla or mandible)', '$206', '$61'],
];

/** A page's last few rows of the same schedule, one of them worded as a statement. */
const short: Array<[string, string, string, string]> = [
  [
    'D6080',
    'Implant maintenance procedures when a full arch fixed hybrid prosthesis is removed and reinserted',
    '$44',
    '$39',
  ],
  ['D6090', 'Repair of implant/abutment supported prosthesis', '$362', '$233'],
];

describe('a copay schedule read by its codes', () => {
  const data = interpretProposal(
    markupLayout([
      '# Section 5 Dental Services and Supplies',
      [
        ['Diagnostic and Treatment Services', 'Standard', 'High'],
        ...coded.map(([c, d, s, h]) => [`${c} ${d}`, s, h]),
        [
          'D0145 Oral evaluation for a patient under three years of age and counseling with primary\ncaregiver',
          '$0',
          '$0',
        ],
        ['Office visit', '$10', '$10'],
      ],
      'Diagnostic and Treatment Services - continued on next page',
      [
        ['Oral Surgery (cont.)', 'Standard', 'High'],
        ...continued.map(([c, d, s, h]) => [`${c} ${d}`, s, h]),
      ],
      [
        ['Prosthodontic Services (cont.)', 'Standard', 'High'],
        ...short.map(([c, d, s, h]) => [`${c} ${d}`, s, h]),
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  const row = (plan: string, code: string) =>
    rows.find((r) => r.class === plan && r.serviceTypeLabel === code);

  it.each(
    coded.flatMap(([code, title, standard, high]) => [
      ['Standard', code, title, standard],
      ['High', code, title, high],
    ]),
  )('%s %s: keyed by its code, the description its title', (plan, code, title, value) => {
    const r = row(plan, code);
    expect(r?.serviceTypeTitle).toBe(title);
    expect(r?.coverageLevelInNetwork).toBe(value);
    expect(r?.coverageLevelOutOfNetwork).toBe(value);
  });

  it('a description wrapped under its code is one title', () => {
    expect(row('Standard', 'D0145')?.serviceTypeTitle).toBe(
      'Oral evaluation for a patient under three years of age and counseling with primary caregiver',
    );
  });

  it.each(
    continued.flatMap(([code, , standard, high]) => [
      ['Standard', code, standard],
      ['High', code, high],
    ]),
  )('a heading row repeated on the next page names the same plans: %s %s', (plan, code, value) => {
    expect(row(plan, code)?.coverageLevelInNetwork).toBe(value);
  });

  it.each(
    short.flatMap(([code, title, standard, high]) => [
      ['Standard', code, title, standard],
      ['High', code, title, high],
    ]),
  )(
    'a short table of the same schedule is more of it, its rows keyed the same way however worded: %s %s',
    (plan, code, title, value) => {
      expect(row(plan, code)?.serviceTypeTitle).toBe(title);
      expect(row(plan, code)?.coverageLevelInNetwork).toBe(value);
    },
  );

  it('a row of the schedule without a code but with its own copays is a service as printed', () => {
    expect(row('Standard', 'Office visit')?.coverageLevelInNetwork).toBe('$10');
    expect(row('High', 'Office visit')?.serviceTypeTitle).toBe('Office visit');
  });

  it('the repeated heading row is no service', () => {
    expect(rows.some((r) => /Oral Surgery/.test(r.serviceTypeLabel ?? ''))).toBe(false);
  });
});

describe('one schedule reads one way', () => {
  it('coded rows the row-by-row reading took whole before the schedule was seen are keyed by their code too', () => {
    const data = interpretProposal(
      markupLayout([
        '# Orthodontic Services',
        [
          ['Orthodontic Services', 'Standard', 'High'],
          [
            'D8080 Comprehensive orthodontic treatment of the adolescent dentition',
            '$3422',
            '$3422',
          ],
          ['D8090 Comprehensive orthodontic treatment of the adult dentition', '$3658', '$3658'],
        ],
        '# Diagnostic Services',
        [
          ['Diagnostic and Treatment Services', 'Standard', 'High'],
          ...coded.map(([c, d, s, h]) => [`${c} ${d}`, s, h]),
        ],
      ]),
    );
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    const ortho = rows.filter((r) => /D80[89]0/.test(r.serviceTypeLabel ?? ''));
    expect(ortho.map((r) => [r.serviceTypeLabel, r.serviceTypeTitle])).toContainEqual([
      'D8080',
      'Comprehensive orthodontic treatment of the adolescent dentition',
    ]);
    expect(ortho.every((r) => /^D\d{4}$/.test(r.serviceTypeLabel ?? ''))).toBe(true);
  });
});

describe('where the row-by-row reading already takes the coded rows, it keeps its reading', () => {
  const cases: Array<[string, string[][], string[]]> = [
    [
      'a summary’s sample procedures under category bars keep the whole line as label (r05)',
      [
        ['Procedure', 'In-Network', 'Out-of-Network'],
        ['Preventive', '', ''],
        ['D0120 Periodic oral evaluation', '$0', '$0'],
        ['D1110 Prophylaxis – adult', '$0', '$0'],
        ['Basic', '', ''],
        ['D2140 Amalgam – one surface', '$10', '$10'],
      ],
      [
        'D0120 Periodic oral evaluation',
        'D1110 Prophylaxis – adult',
        'D2140 Amalgam – one surface',
      ],
    ],
  ];
  it.each(cases)('%s', (_name, table, labels) => {
    const data = interpretProposal(markupLayout(['# Dental Benefits', table]));
    const got = tableRows(data, 'dentalInsurance_coveredServices').map((r) => r.serviceTypeLabel);
    expect([...new Set(got)]).toEqual(labels);
  });

  it('too few coded rows to be a schedule: no row is keyed by a bare code', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Benefits',
        [
          ['Diagnostic and Treatment Services', 'Standard', 'High'],
          ...coded.slice(0, 7).map(([c, d, s, h]) => [`${c} ${d}`, s, h]),
        ],
      ]),
    );
    const got = tableRows(data, 'dentalInsurance_coveredServices').map((r) => r.serviceTypeLabel);
    expect(got.filter((l) => /^D\d{4}$/.test(l ?? ''))).toEqual([]);
  });

  it('a fee comparison of coded rows gives no service', () => {
    const data = interpretProposal(
      markupLayout([
        '# Patient Savings Schedule',
        [
          ['Procedure', 'You Pay', 'Typical Charge'],
          ...coded.map(([c, d, s]) => [`${c} ${d}`, s, '$117']),
        ],
      ]),
    );
    const got = tableRows(data, 'dentalInsurance_coveredServices').map((r) => r.serviceTypeLabel);
    expect(got.filter((l) => /^D\d{4}$/.test(l ?? ''))).toEqual([]);
  });
});
