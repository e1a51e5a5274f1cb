import { describe, expect, it } from 'vitest';
import type { Cell } from '../layout.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import {
  categoriesAcross,
  cutValue,
  orthoRowText,
  pairedAcross,
  personsLine,
  STATEMENT,
  serviceBar,
  spannedValue,
  titleAndList,
  withoutListedLimits,
  withoutNotes,
  withoutParentheses,
} from './dental.ts';
import { evidence } from './evidence.ts';
import { interpretProposal } from './proposal.ts';
import { CONTINUED, withoutMaximumLead } from './vocabulary.ts';

function cell(col: number, left: number, right: number, text = '', at?: [number, number]): Cell {
  const box: [number, number, number, number] = [left, 0, right, 20];
  const lines = text
    ? [
        {
          text,
          words: [],
          box: [at![0], 5, at![1], 15] as [number, number, number, number],
          size: 10,
          confidence: 0.9,
          page: 1,
        },
      ]
    : [];
  return { text, lines, box, row: 1, col, rowSpan: 1, colSpan: 1, page: 1 };
}

describe('a value centred over both network columns', () => {
  const g = { in: 1, out: 2 };
  const centred = new Set([1, 2]);

  it('serves both networks when it sits on the line between them', () => {
    const cells = [
      cell(0, 50, 287, 'Annual Maximum', [56, 170]),
      cell(1, 287, 405),
      cell(2, 405, 565, '$1,500', [410, 442]),
    ];
    const v = spannedValue(cells, g, centred);
    expect(v?.in?.value).toBe('$1,500');
    expect(v?.out?.value).toBe('$1,500');
  });

  it('leaves a value centred in its own column alone', () => {
    const cells = [
      cell(0, 50, 287, 'Exam', [56, 90]),
      cell(1, 287, 405),
      cell(2, 405, 565, '$1,500', [469, 501]),
    ];
    expect(spannedValue(cells, g, centred)).toBeUndefined();
  });

  it('needs a grid that centres its values', () => {
    const cells = [
      cell(0, 50, 287, 'Annual Maximum', [56, 170]),
      cell(1, 287, 405),
      cell(2, 405, 565, '$1,500', [410, 442]),
    ];
    expect(spannedValue(cells, g, new Set())).toBeUndefined();
  });
});

describe('one text cut at the line between the network columns', () => {
  const g = { in: 1, out: 2 };

  it('is read whole for both networks when both parts touch the line', () => {
    const cells = [
      cell(0, 50, 287, 'Deductible', [56, 106]),
      cell(1, 287, 406, '$50 Indiv', [361, 403]),
      cell(2, 405, 565, 'idual / $150 Family', [408, 491]),
    ];
    const v = cutValue(cells, g);
    expect(v?.in?.value).toBe('$50 Individual / $150 Family');
    expect(v?.out?.value).toBe('$50 Individual / $150 Family');
  });

  it('leaves two values with room around them apart', () => {
    const cells = [
      cell(0, 50, 287, 'Basic', [56, 90]),
      cell(1, 287, 406, '80%', [336, 357]),
      cell(2, 405, 565, '70%', [475, 495]),
    ];
    expect(cutValue(cells, g)).toBeUndefined();
  });

  it('leaves two whole values that fill narrow cells apart', () => {
    const cells = [
      cell(0, 50, 287, 'Orthodontia', [56, 110]),
      cell(1, 287, 406, 'Not Covered', [346, 404]),
      cell(2, 405, 565, 'Not Covered', [407, 465]),
    ];
    expect(cutValue(cells, g)).toBeUndefined();
  });
});

describe('one cell across both network columns', () => {
  const g = { in: 1, out: 2 };
  // a cell over columns 1 and 2 whose words sit where they are printed
  const across = (words: Array<[string, number]>): Cell => {
    const ws = words.map(([text, x]) => ({
      text,
      box: [x, 5, x + text.length * 5, 15] as [number, number, number, number],
      size: 10,
      confidence: 1,
    }));
    const text = words.map(([t]) => t).join(' ');
    const box: [number, number, number, number] = [273, 0, 574, 20];
    const line = { text, words: ws, box, size: 10, confidence: 1, page: 1 };
    return { text, lines: [line], box, row: 1, col: 1, rowSpan: 1, colSpan: 2, page: 1 };
  };
  it.each([
    {
      name: 'a value over each network',
      words: [
        ['$50', 360],
        ['$50', 500],
      ],
      want: ['$50', '$50'],
    },
    {
      name: 'different values',
      words: [
        ['90%', 360],
        ['80%', 500],
      ],
      want: ['90%', '80%'],
    },
    {
      name: 'one value noted to apply to all levels',
      words: [
        ['$1500', 330],
        ['(applies', 400],
        ['to', 440],
        ['all', 455],
        ['levels)', 475],
      ],
      want: undefined,
    },
    {
      name: 'words that are no values',
      words: [
        ['Preventive', 330],
        ['Preventive', 480],
      ],
      want: undefined,
    },
    { name: 'one value alone', words: [['$50', 420]], want: undefined },
  ] as Array<{ name: string; words: Array<[string, number]>; want?: [string, string] }>)(
    '$name',
    ({ words, want }) => {
      const c = across(words);
      const label = cell(0, 38, 273, 'Individual', [40, 90]);
      const v = pairedAcross([label, c, c], g);
      expect(v ? [v.in?.value, v.out?.value] : undefined).toEqual(want);
    },
  );
});

describe('whom orthodontia covers, on a line of its value cell', () => {
  const valueCell = (lines: string[]): Cell => {
    const c = cell(2, 273, 574, lines.join(' '), [300, 400]);
    return { ...c, lines: lines.map((text) => ({ ...c.lines[0]!, text })) };
  };
  it.each([
    { lines: ['50% 50%', 'Child(ren) (applies to all levels)'], want: 'Child(ren)' },
    // an age limit, and the note on where it applies wrapped onto the next line
    {
      lines: ['50% 50%', 'Child(ren) to age 19 (applies to all', 'levels)'],
      want: 'Child(ren) to age 19',
    },
    { lines: ['50%', 'Children through age 18'], want: 'Children through age 18' },
    { lines: ['50%', 'Adults and children'], want: 'Adults and children' },
    { lines: ['50% 50%', 'Once every 6 months'], want: undefined },
    { lines: ['Child(ren)'], want: undefined },
    { lines: ['50%', 'Children to age 19 and adults with a note'], want: undefined },
  ])('$lines → $want', ({ lines, want }) => {
    const label = cell(0, 38, 273, 'Orthodontia', [40, 90]);
    expect(personsLine([label, valueCell(lines)], label)?.value).toBe(want);
  });
});

describe('orthodontia blocks and titled procedure lists', () => {
  it('reads the rows of an orthodontia block as orthodontia', () => {
    expect(orthoRowText('Coinsurance', 'Orthodontia')).toBe('Orthodontia');
    expect(orthoRowText('Lifetime Maximum', 'Orthodontia')).toBe('Orthodontia Lifetime Maximum');
    expect(orthoRowText('Who is covered', 'Orthodontia')).toBe('Orthodontia Who is covered');
    expect(orthoRowText('Major Services', 'Orthodontia')).toBe('Major Services');
    expect(orthoRowText('Lifetime Maximum', undefined)).toBe('Lifetime Maximum');
  });

  // under the heading of orthodontia's lifetime maximum, the amount per person is that maximum
  it.each([
    ['Per Person', 'Orthodontia Lifetime Maximum', 'Orthodontia Lifetime Maximum Per Person'],
    ['Individual', 'Orthodontia Lifetime Maximum', 'Orthodontia Lifetime Maximum Individual'],
    ['Per Person', 'Orthodontia', 'Orthodontia Per Person'],
    ['Network', 'Orthodontia Lifetime Maximum', 'Network'],
  ])('%j under %j reads %j', (label, block, expected) => {
    expect(orthoRowText(label, block)).toBe(expected);
  });

  it('splits "Category: procedures" into the title and its list', () => {
    expect(titleAndList('Basic Services: Fillings, oral surgery, endodontics')).toEqual([
      'Basic Services',
      'Fillings, oral surgery, endodontics',
    ]);
    expect(titleAndList('Note: see page 2')).toBeUndefined();
    expect(titleAndList('Preventive')).toBeUndefined();
  });
});

describe('categories named across one row', () => {
  const e = (value: string) => ({ value, method: 'cell' as const, score: 0.9 }) as never;
  it('splits "Coinsurance (Preventive / Basic / Major)" into a service per category', () => {
    const rows = categoriesAcross('Coinsurance (Preventive / Basic / Major)', {
      in: e('100% / 80% / 50%'),
      out: e('80% / 60% / 40%'),
    });
    expect(rows?.map((r) => [r.label, r.values.in?.value, r.values.out?.value])).toEqual([
      ['Preventive', '100%', '80%'],
      ['Basic', '80%', '60%'],
      ['Major', '50%', '40%'],
    ]);
  });
  it('leaves a row whose values do not split as often, or whose parts are no categories', () => {
    expect(categoriesAcross('Coinsurance (Preventive / Basic / Major)', { in: e('80%') })).toBe(
      undefined,
    );
    expect(categoriesAcross('Deductible (Individual / Family)', { in: e('$50 / $150') })).toBe(
      undefined,
    );
  });
});

describe('category codes beside their values are the rows’ labels, not a class column', () => {
  const rowsOf = (rows: string[][]) =>
    tableRows(
      interpretProposal(markupLayout(['# Dental Benefits', rows])),
      'dentalInsurance_coveredServices',
    ).map((r) => [r.class, r.serviceTypeLabel, r.coverageLevelInNetwork]);
  it.each([
    {
      name: 'codes opening the labels, values beside them',
      rows: [
        ['Benefits', 'In-Network', 'Out-of-Network'],
        ['Class A (Basic) Services – preventive and diagnostic', '0%', '10%'],
        ['Class B (Intermediate) Services – minor restorative', '30%', '40%'],
        ['Class C (Major) Services – major restorative', '50%', '60%'],
      ],
      want: [
        ['All Employees', 'Class A', '0%'],
        ['All Employees', 'Class B', '30%'],
        ['All Employees', 'Class C', '50%'],
      ],
    },
    {
      name: 'codes in a column of their own, names beside them',
      rows: [
        ['Class', 'Benefit', 'In-Network', 'Out-of-Network'],
        ['Class I', 'Preventive', '100%', '100%'],
        ['Class II', 'Basic', '80%', '70%'],
      ],
      want: [
        ['All Employees', 'Class I', '100%'],
        ['All Employees', 'Class II', '80%'],
      ],
    },
  ])('$name', ({ rows, want }) => {
    expect(rowsOf(rows)).toEqual(want);
  });
});

describe('a grid of category codes with class-wide sentences and an orthodontic maximum line', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Benefits',
      [
        ['Benefits', 'In-Network', 'Out-of-Network'],
        ['Class A (Basic) Services – preventive and diagnostic', '0%', '40%'],
        ['Class A, B, and C Services are subject to a $2,000 annual maximum benefit', '', ''],
        [
          'Class D Services – orthodontic\n$1,500 Child Lifetime Maximum, $1,000 Adult Lifetime Maximum.',
          '50%',
          '50%',
        ],
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  it('reads a sentence naming several codes as no class', () => {
    expect(rows.map((r) => [r.class, r.serviceTypeLabel])).toEqual([
      ['All Employees', 'Class A'],
      ['All Employees', 'Class D'],
    ]);
  });
  it('reads the line of lifetime maximums under the orthodontic label as its maximum', () => {
    const ortho = rows.find((r) => r.serviceTypeLabel === 'Class D');
    expect([
      ortho?.orthodonticLifetimeMaximumInNetwork,
      ortho?.orthodonticLifetimeMaximumOutOfNetwork,
      ortho?.serviceTypeList,
    ]).toEqual([
      '$1,500 Child Lifetime Maximum, $1,000 Adult Lifetime Maximum',
      '$1,500 Child Lifetime Maximum, $1,000 Adult Lifetime Maximum',
      undefined,
    ]);
  });
  it('reads the sentence as the maximum of every service, not as a bar over the rows after it', () => {
    expect(
      rows.map((r) => [r.policyYearMaximumInNetwork, r.policyYearMaximumOutOfNetwork]),
    ).toEqual([
      ['$2,000', '$2,000'],
      ['$2,000', '$2,000'],
    ]);
  });
});

describe('class-wide amounts and bars naming a service code', () => {
  const e = (value: string) => ({ value, method: 'cell' as const, score: 0.9 }) as never;
  it.each([
    ['$50/$150 Excludes Class I', '$50/$150'],
    ['$1,000 waived for preventive', '$1,000'],
    ['$50 per person', '$50 per person'],
    ['Excludes Class I', 'Excludes Class I'],
  ])('%j keeps %j', (text, kept) => {
    expect(withoutNotes({ in: e(text) }).in?.value).toBe(kept);
  });

  it.each([
    ['Class II – Basic Services', true],
    ['Type A: Preventive', true],
    ['Class 1 – UHC Dental PPO P2500', false],
    ['Class A Employees', false],
  ])('%j names a service code and its category: %s', (text, expected) => {
    expect(serviceBar(text)).toBe(expected);
  });
});

describe('labels that state something', () => {
  it.each([
    ['SEALANTS are limited to Covered Persons under the age of sixteen', true],
    ['Multiple restorations will be treated as a single filling', true],
    ['Fixed Partial Dentures (Bridges)', false],
    ['D4341 Periodontal scaling and root planning – 4 or more teeth per quadrant', false],
    ['Diagnose or correct misalignment of the teeth or bite', false],
  ])('%j states: %s', (text, expected) => {
    expect(STATEMENT.test(text)).toBe(expected);
  });

  // a statement inside a procedure's note in parentheses is the note's: the label names a service
  it.each([
    [
      'Exams, Cleanings, (each twice per Calendar Year per person, ages 14 and older are considered adults)',
      false,
    ],
    [
      'Inlays (inlays are only payable when done in conjunction with an onlay; by themselves they are subject to the Alternate Treatment Limitation of a Composite filling)',
      false,
    ],
    ['Consultations are counted as exams for purposes of frequency limitations', true],
  ])('without its notes, %j states: %s', (text, expected) => {
    expect(STATEMENT.test(withoutParentheses(text))).toBe(expected);
  });
});

describe('labels that go on from the line above', () => {
  it.each([
    ['than exam and radiographs, were done during the visit.', true],
    ['and bridges', true],
    ['Space Maintainers', false],
    ['Oral Surgery (includes surgical extractions)', false],
  ])('%j goes on: %s', (text, expected) => {
    expect(CONTINUED.test(text)).toBe(expected);
  });
});

describe('a row among procedure rows, a coinsurance in every column, is a procedure', () => {
  const rowsOf = (table: string[][]) =>
    tableRows(
      interpretProposal(markupLayout(['# Description of Covered Services', table])),
      'dentalInsurance_coveredServices',
    );
  const head = ['', 'PPO Dentist', 'Non-Participating Dentist'];
  it.each([
    [
      'a sentence right under a procedure row',
      [
        head,
        ['>>>>Preventive & Diagnostic Services'],
        ['Fluoride Treatment', '100%', '80%'],
        ['Consultations are counted as exams for purposes of frequency limitations', '100%', '80%'],
      ],
      'Consultations are counted as exams for purposes of frequency limitations',
      '100%',
    ],
    [
      'a procedure named in no known word',
      [
        head,
        ['>>>>Other Services (After Deductible)'],
        ['Repair of Dentures', '50%', '50%'],
        ['Inlays', '50%', '50%'],
      ],
      'Inlays',
      '50%',
    ],
    [
      'a procedure stating its limit',
      [
        head,
        ['>>>>Basic Services'],
        ['Sealants', '80%', '50%'],
        [
          'Fillings - Composite and Amalgam. Payment is allowed for one restoration per tooth',
          '80%',
          '50%',
        ],
      ],
      'Fillings - Composite and Amalgam. Payment is allowed for one restoration per tooth',
      '80%',
    ],
  ])('%s', (_name, table, label, coverage) => {
    const row = rowsOf(table).find((r) => r.serviceTypeLabel === label);
    expect(row?.coverageLevelInNetwork).toBe(coverage);
  });

  it.each([
    [
      'a sentence with no coinsurance beside it',
      [
        head,
        ['>>>>Basic Services'],
        ['Sealants', '80%', '50%'],
        ['SEALANTS are limited to Covered Persons under the age of sixteen', '', ''],
      ],
      'SEALANTS are limited to Covered Persons under the age of sixteen',
    ],
    [
      'a plan fact among the procedures',
      [
        head,
        ['>>>>Basic Services'],
        ['Sealants', '80%', '50%'],
        ['Deductible waived for these services', '100%', '100%'],
      ],
      'Deductible waived for these services',
    ],
    [
      'a row under a category row with no bar above',
      [head, ['Preventive', '100%', '100%'], ['Treatment and Therapy', '100%', '80%']],
      'Treatment and Therapy',
    ],
  ])('%s stays out', (_name, table, label) => {
    expect(rowsOf(table).find((r) => r.serviceTypeLabel === label)).toBeUndefined();
  });
});

describe('a procedure row under a bar naming its category in any word of the vocabulary', () => {
  const rowsOf = (table: string[][]) =>
    tableRows(
      interpretProposal(markupLayout(['# Dental Benefit Summary', table])),
      'dentalInsurance_coveredServices',
    );
  it.each([
    ['Prosthetics', 'Complete Upper or Lower Denture', '$510'],
    ['Prosthodontics', 'Partial Upper or Lower Denture', '$535'],
    ['Crowns', 'Porcelain', '$410'],
  ])('a row under "%s" is a procedure', (bar, label, copay) => {
    const rows = rowsOf([
      ['', 'In-Network', 'Out-of-Network'],
      ['>>>>Exam & Diagnostics'],
      ['Office Exam', '$5', '$5'],
      [`>>>>${bar}`],
      [label, copay, copay],
    ]);
    expect(rows.find((r) => r.serviceTypeLabel === label)?.coverageLevelInNetwork).toBe(copay);
  });
});

describe('rows naming persons under an orthodontia bar of a copay schedule', () => {
  const rowsOf = (table: string[][]) =>
    tableRows(
      interpretProposal(markupLayout(['# Dental Benefit Summary', table])),
      'dentalInsurance_coveredServices',
    );
  const schedule = (rows: string[][]) => [
    ['', 'Plan A', 'Plan B'],
    ['>>>>Exam & Diagnostics'],
    ['Office Exam', '$5', 'No Charge'],
    ['>>>>Orthodontics'],
    ...rows,
  ];
  it.each([
    ['Child (maximum age 18)', 'Child', '$1,450 Copay'],
    ['Children (maximum age 18)', 'Children', '$2,100'],
    ['Adult', 'Adult', '$2,250'],
  ])('"%s" is a service of its own named by whom it covers', (printed, label, copay) => {
    const row = rowsOf(schedule([[printed, copay, copay]])).find(
      (r) => r.class === 'Plan A' && r.serviceTypeLabel === label,
    );
    expect(row?.coverageLevelInNetwork).toBe(copay);
    expect(row?.coveredPersonsInNetwork).toBe(printed);
    expect(row?.orthodonticLifetimeMaximumInNetwork).toBeUndefined();
  });

  it('leaves a persons row without a copay or coinsurance to say whom orthodontia covers', () => {
    const rows = rowsOf(schedule([['Dependent children', 'Covered', 'Covered']]));
    expect(rows.find((r) => r.serviceTypeLabel === 'Dependent children')).toBeUndefined();
  });
});

describe('what the plan pays by year of membership, a column a year', () => {
  const rowsOf = (rows: string[][]) => {
    const data = interpretProposal(markupLayout(['# Dental Benefits', rows]));
    return {
      classes: tableRows(data, 'dentalInsurance_planInformation').map((r) => r.class),
      services: tableRows(data, 'dentalInsurance_coveredServices').map((r) => [
        r.serviceTypeLabel,
        r.coverageLevelInNetwork,
        r.coverageLevelOutOfNetwork,
      ]),
    };
  };
  it.each([
    {
      name: 'the first year named with the words over the shares',
      rows: [
        ['Benefit', 'Plan Pays Year 1', 'Year 2', 'Year 3'],
        ['Preventive Procedures', '80%', '90%', '100%'],
        ['Basic Procedures', '50%', '60%', '80%'],
      ],
      want: [
        [
          'Preventive Procedures',
          'Year 1 — 80% • Year 2 — 90% • Year 3 — 100%',
          'Year 1 — 80% • Year 2 — 90% • Year 3 — 100%',
        ],
        [
          'Basic Procedures',
          'Year 1 — 50% • Year 2 — 60% • Year 3 — 80%',
          'Year 1 — 50% • Year 2 — 60% • Year 3 — 80%',
        ],
      ],
    },
    {
      name: 'a description column before the years',
      rows: [
        ['Benefit', 'Description', 'Year 1', 'Year 2'],
        ['Major Procedures', 'Crowns, bridges and dentures', '50%', '60%'],
        ['Orthodontia', 'Not a benefit of this plan', '0%', '0%'],
      ],
      want: [
        ['Major Procedures', 'Year 1 — 50% • Year 2 — 60%', 'Year 1 — 50% • Year 2 — 60%'],
        ['Orthodontia', 'Year 1 — 0% • Year 2 — 0%', 'Year 1 — 0% • Year 2 — 0%'],
      ],
    },
  ])('$name: one plan, the shares joined', ({ rows, want }) => {
    const read = rowsOf(rows);
    expect(read.classes).toEqual(['All Employees']);
    expect(read.services).toEqual(want);
  });
  it('plans side by side stay plans', () => {
    const read = rowsOf([
      ['Benefit', 'Low Plan', 'High Plan'],
      ['Preventive', '80%', '100%'],
      ['Basic', '50%', '80%'],
      ['Major', '0%', '50%'],
    ]);
    expect(read.classes).toEqual(['Low Plan', 'High Plan']);
  });
});

describe('a column listing each category’s procedures (its heading may name its language)', () => {
  // a bilingual handout tags each column with its language ('Description (EN)', 'Описание (RU)')
  it.each([['Description (EN)'], ['Description'], ['Examples (ES)']])(
    '"%s" lists the procedures of each row',
    (heading) => {
      const data = interpretProposal(
        markupLayout([
          '# Dental Benefits',
          [
            ['Benefit', heading, 'Coverage'],
            ['Basic Procedures', 'Fillings, Sealants, Space Maintainers', '80%'],
            ['Major Procedures', 'Crowns, Bridges, Dentures', '50%'],
          ],
        ]),
      );
      expect(
        tableRows(data, 'dentalInsurance_coveredServices').map((r) => [
          r.serviceTypeLabel,
          r.serviceTypeList,
        ]),
      ).toEqual([
        ['Basic Procedures', 'Fillings, Sealants, Space Maintainers'],
        ['Major Procedures', 'Crowns, Bridges, Dentures'],
      ]);
    },
  );

  it.each([
    {
      name: 'a list wrapped where the cell ran out',
      cell: 'Fluoride Treatment (topical),\nBitewing Radiographs,\nSealants (permanent\nmolars), Emergency\nPalliative Treatment.',
      list: 'Fluoride Treatment (topical), Bitewing Radiographs, Sealants (permanent molars), Emergency Palliative Treatment',
    },
    {
      name: 'a sentence naming what the category includes between dashes',
      cell: 'Diagnostic and Preventive –\nincludes exams and\ncleanings and Brush Biopsy –\nto detect oral cancer.',
      list: 'exams and cleanings and Brush Biopsy',
    },
    {
      name: 'a sentence saying the plan has no such benefit',
      cell: 'This plan does not have any\nbenefits for orthodontia.',
      list: undefined,
    },
    {
      name: 'a procedure a line',
      cell: 'Fillings\nSimple extractions\nSealants',
      list: 'Fillings, Simple extractions, Sealants',
    },
  ])('$name', ({ cell, list }) => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Benefits',
        [
          ['Benefit', 'Description', 'Coverage'],
          ['Basic Procedures', cell, '80%'],
          ['Major Procedures', 'Crowns, Bridges', '50%'],
        ],
      ]),
    );
    expect(tableRows(data, 'dentalInsurance_coveredServices')[0]?.serviceTypeList).toBe(list);
  });
});

describe('a table of plan facts printed after the dental grid', () => {
  const read = (facts: string[][]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Dental Benefits',
          [
            ['Benefit', 'Coverage'],
            ['Preventive', '100%'],
            ['Basic', '80%'],
            ['Major', '50%'],
          ],
          facts,
        ]),
      ),
      'dentalInsurance_coveredServices',
    ).map((r) => [r.serviceTypeLabel, r.policyYearDeductibleIndividualInNetwork]);
  it.each([
    {
      name: 'a deductible among other items, written as a sentence',
      facts: [
        ['Item', 'Details'],
        ['Disclaimer', 'Reimbursement is based on contracted fees for every dentist.'],
        ['Deductible', '$100 per person per calendar year.'],
      ],
      want: '$100 per person per calendar year',
    },
    {
      name: 'a deductible alone',
      facts: [
        ['Item', 'Details'],
        ['Deductible', '$50'],
        ['Office Co-Pay', 'N/A'],
      ],
      want: '$50',
    },
  ])('$name: the plan’s deductible on every row', ({ facts, want }) => {
    expect(read(facts)).toEqual([
      ['Preventive', want],
      ['Basic', want],
      ['Major', want],
    ]);
  });
});

describe('a yearly maximum stated only in a highlight', () => {
  const read = (grid: string[][], lines: string[]) =>
    tableRows(
      interpretProposal(markupLayout(['# Dental Benefits', grid, '# Plan Highlights', ...lines])),
      'dentalInsurance_coveredServices',
    ).map((r) => [
      r.serviceTypeLabel,
      r.policyYearMaximumInNetwork,
      r.policyYearMaximumOutOfNetwork,
    ]);
  const grid = [
    ['Benefit', 'Coverage'],
    ['Preventive', '100%'],
    ['Basic', '80%'],
  ];
  it('fills every row, both networks', () => {
    const max = '$2,000 per person, per calendar year';
    expect(read(grid, ['Plan Maximum of $2,000 per person, per calendar year.'])).toEqual([
      ['Preventive', max, max],
      ['Basic', max, max],
    ]);
  });
  it('leaves the grid’s own maximum', () => {
    expect(
      read(
        [...grid, ['Annual Maximum', '$1,000']],
        ['Plan Maximum of $2,000 per person, per calendar year.'],
      ),
    ).toEqual([
      ['Preventive', '$1,000', '$1,000'],
      ['Basic', '$1,000', '$1,000'],
    ]);
  });
  it('reads nothing from two highlights that disagree', () => {
    expect(
      read(grid, ['Plan Maximum of $2,000 per person.', 'Annual maximum of $1,500 per member.']),
    ).toEqual([
      ['Preventive', undefined, undefined],
      ['Basic', undefined, undefined],
    ]);
  });
});

describe("a plan document's chart: category rows with bulleted sub-rows under bars", () => {
  // a chart as an SPD prints it: the deductible per category under a deductible bar, the
  // category rows carrying the coverage, procedure sub-rows carrying frequency limits only, and
  // the maximums under a bar of their own
  const chart = (rows: string[][]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# How the Gold Option Pays Benefits',
          [['Benefit Provision', 'In-Network', 'Out-of-Network'], ...rows],
        ]),
      ),
      'dentalInsurance_coveredServices',
    ).map((r) => ({
      label: r.serviceTypeLabel,
      in: r.coverageLevelInNetwork,
      out: r.coverageLevelOutOfNetwork,
      dedIn: r.policyYearDeductibleIndividualInNetwork,
      dedFamOut: r.policyYearDeductibleFamilyOutOfNetwork,
      maxOut: r.policyYearMaximumOutOfNetwork,
      orthoIn: r.orthodonticLifetimeMaximumInNetwork,
    }));
  const deductibles = [
    ['>>>>Annual Deductible'],
    ['Preventive', 'None', 'None'],
    ['Restorative', '$50 individual; $150 family', '$100 individual; $300 family'],
    ['Orthodontia', 'None', 'None'],
  ];
  const categories = [
    ['Preventive (no deductible)', '100% coverage', '90% coverage'],
    ['Basic restorative (fillings, extractions)', '80% coverage', '70% coverage'],
    ['Major restorative (crowns, bridges)', '60% coverage', '50% coverage'],
    ['Orthodontia', '50% coverage', '50% coverage'],
  ];
  const maximums = [
    ['>>>>Maximum Benefits'],
    ['Combined annual for preventive and restorative', 'Maximum $2,000', 'Maximum $1,500'],
    ['Lifetime orthodontia', 'Maximum $2,500', 'Maximum $2,000'],
  ];
  it.each([
    {
      name: 'the deductible per category, for the category rows below it',
      rows: [...deductibles, ...categories],
      want: [
        { label: 'Preventive', in: '100% coverage', dedIn: 'None', dedFamOut: 'None' },
        { label: 'Basic restorative', in: '80% coverage', dedIn: '$50', dedFamOut: '$300' },
        { label: 'Major restorative', in: '60% coverage', dedIn: '$50', dedFamOut: '$300' },
        { label: 'Orthodontia', in: '50% coverage', dedIn: 'None', dedFamOut: 'None' },
      ],
    },
    {
      name: 'the maximums under their bar, the word before each amount dropped',
      rows: [...categories, ...maximums],
      want: [
        { label: 'Preventive', maxOut: '$1,500' },
        { label: 'Basic restorative', maxOut: '$1,500' },
        { label: 'Major restorative', maxOut: '$1,500' },
        { label: 'Orthodontia', maxOut: '$1,500', orthoIn: '$2,500' },
      ],
    },
    {
      name: 'procedure sub-rows with frequency limits only are no service types',
      rows: [
        ...deductibles,
        categories[0]!,
        ['Oral exams', 'Maximum two per calendar year', 'Maximum two per calendar year'],
        ['Full mouth X-ray', 'Maximum one per every 60 months', 'Maximum one per every 60 months'],
        ...categories.slice(1),
      ],
      want: [
        { label: 'Preventive', out: '90% coverage' },
        { label: 'Basic restorative', out: '70% coverage' },
        { label: 'Major restorative', out: '50% coverage' },
        { label: 'Orthodontia', out: '50% coverage' },
      ],
    },
    {
      name: 'a category whose share is printed with its frequency stays a service type',
      rows: [
        ['Preventive', '100%, two per calendar year', '90%, two per calendar year'],
        ...categories.slice(1),
      ],
      want: [
        { label: 'Preventive', in: '100%, two per calendar year' },
        { label: 'Basic restorative' },
        { label: 'Major restorative' },
        { label: 'Orthodontia' },
      ],
    },
  ])('$name', ({ rows, want }) => {
    const got = chart(rows);
    expect(got).toHaveLength(want.length);
    for (const [i, g] of got.entries()) expect(g).toMatchObject(want[i]!);
  });

  it('a category further down, under a deductible bar that other rows follow, is a row of its own', () => {
    const got = chart([
      ['Basic', '80%', '80%'],
      ['>>>>DEDUCTIBLE'],
      ['Basic & Major Deductible', '$50/$150', '$50/$150'],
      ['Annual Maximum per Calendar Year', '$1,000', '$1,000'],
      ['Orthodontia', 'Not covered', 'Not covered'],
    ]);
    expect(got.map((g) => [g.label, g.in])).toEqual([
      ['Basic', '80%'],
      ['Orthodontia', 'Not covered'],
    ]);
  });
});

describe('a maximum led by the words that name its slot', () => {
  it.each([
    ['Maximum $2,000', '$2,000'],
    ['Annual maximum of $2,000', '$2,000'],
    ['Lifetime per-person maximum of $2,500', '$2,500'],
    ['$1,000 per person', '$1,000 per person'],
    ['Maximum benefit is unlimited', 'Maximum benefit is unlimited'],
  ])('%j → %j', (value, want) => {
    expect(withoutMaximumLead(value)).toBe(want);
  });
});

describe('a value cell listing what the plan pays, then how often', () => {
  const e = (value: string) => evidence(value, { page: 1, reading: 1 }, 'cell');
  it.each([
    ['\uf09f 100% coinsurance \uf09f Maximum two per calendar year', '100% coinsurance'],
    ['• 80% • Once every 60 months', '80%'],
    // a limit that says what is paid, or a second share, keeps the cell whole
    [
      '\uf09f 100% coinsurance \uf09f 50% after two per year',
      '\uf09f 100% coinsurance \uf09f 50% after two per year',
    ],
    [
      '\uf09f Maximum two per calendar year \uf09f 100%',
      '\uf09f Maximum two per calendar year \uf09f 100%',
    ],
    ['100% coinsurance', '100% coinsurance'],
  ])('%j → %j', (value, want) => {
    const got = withoutListedLimits({ in: e(value), out: e(value) });
    expect(got.in?.value).toBe(want);
    expect(got.out?.value).toBe(want);
  });
});

describe('a text column between the category and its two network columns', () => {
  const read = (rows: string[][]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Dental Benefit Summary',
          [['', 'Details', 'In Network Co-insurance', 'Out of Network Co-insurance'], ...rows],
        ]),
      ),
      'dentalInsurance_coveredServices',
    ).map((r) => [
      r.serviceTypeLabel,
      r.serviceTypeList,
      r.coverageLevelInNetwork,
      r.coverageLevelOutOfNetwork,
      r.policyYearDeductibleIndividualInNetwork,
      r.policyYearDeductibleIndividualOutOfNetwork,
      r.policyYearMaximumInNetwork,
      r.policyYearMaximumOutOfNetwork,
    ]);
  const services = [
    [
      'Preventive Services',
      'Oral Exams (once / 6 months)\nCleanings (once / 6 months)',
      '100%',
      '100%',
    ],
    ['Basic Services', 'Fillings\nSimple extractions', '80%', '80%'],
  ];
  it.each([
    { name: 'network cells blank', blank: ['', ''] },
    { name: 'network cells dashed', blank: ['-', '-'] },
  ])(
    '$name: its procedure lines are the list, an amount alone in it serves both networks',
    ({ blank }) => {
      expect(
        read([
          ...services,
          ['Deductible', '$50', ...blank],
          ['Annual Maximum', '$1,500', ...blank],
        ]),
      ).toEqual([
        [
          'Preventive Services',
          'Oral Exams (once / 6 months), Cleanings (once / 6 months)',
          '100%',
          '100%',
          '$50',
          '$50',
          '$1,500',
          '$1,500',
        ],
        [
          'Basic Services',
          'Fillings, Simple extractions',
          '80%',
          '80%',
          '$50',
          '$50',
          '$1,500',
          '$1,500',
        ],
      ]);
    },
  );
  it('a column of limits written as sentences lists no procedures', () => {
    expect(
      read([
        [
          'Radiographs',
          'Bitewing: Limited to 1 series per year.\nPanorex: 1 per 36 months.',
          '100%',
          '100%',
        ],
        ['Sealants', 'Limited to covered persons under\nthe age of 16 years.', '80%', '80%'],
      ]).map((r) => r[1]),
    ).toEqual([undefined, undefined]);
  });
  it('an amount beside a network value stays that network’s', () => {
    expect(
      read([...services, ['Annual Maximum', '$1,500', '$1,500', '$1,000']]).map((r) => r.slice(6)),
    ).toEqual([
      ['$1,500', '$1,000'],
      ['$1,500', '$1,000'],
    ]);
  });
});

describe('benefit levels by months of enrolment, a period a column pair, networks named under the plan-wide rows', () => {
  const read = (rows: string[][]) =>
    tableRows(
      interpretProposal(
        markupLayout(['# Dental Benefits', [['>>>>>>>>>>>>Dental Benefits'], ...rows]]),
      ),
      'dentalInsurance_coveredServices',
    ).map((r) => [
      r.serviceTypeLabel,
      r.coverageLevelInNetwork,
      r.coverageLevelOutOfNetwork,
      r.policyYearMaximumInNetwork,
      r.policyYearMaximumOutOfNetwork,
    ]);
  const periods = ['', '>>0-12 Months', '>>13-24 Months', '>>25+ Months'];
  const maximum = ['Maximum Payment per person per year', '>>$500', '>>$1,000', '>>$1,500'];
  const networks = ['', 'PPO', 'Non-PPO', 'PPO', 'Non-PPO', 'PPO', 'Non-PPO'];
  const services = [
    ['Preventive Services', '100%', '80%', '100%', '80%', '100%', '80%'],
    ['Basic Services', '50%', '40%', '80%', '60%', '80%', '60%'],
  ];
  const max = '0-12 Months — $500 • 13-24 Months — $1,000 • 25+ Months — $1,500';
  it('splits a deductible pair printed for each period into the individual and the family amounts', () => {
    const deductible = [
      'Deductible (excludes preventive) per person per year',
      '>>$50/$150',
      '>>$50/$150',
      '>>$25/$75',
    ];
    const rows = tableRows(
      interpretProposal(
        markupLayout([
          '# Dental Benefits',
          [['>>>>>>>>>>>>Dental Benefits'], periods, maximum, deductible, networks, ...services],
        ]),
      ),
      'dentalInsurance_coveredServices',
    );
    expect(
      rows.map((r) => [
        r.policyYearDeductibleIndividualInNetwork,
        r.policyYearDeductibleIndividualOutOfNetwork,
        r.policyYearDeductibleFamilyInNetwork,
        r.policyYearDeductibleFamilyOutOfNetwork,
      ])[0],
    ).toEqual([
      '0-12 Months — $50 • 13-24 Months — $50 • 25+ Months — $25',
      '0-12 Months — $50 • 13-24 Months — $50 • 25+ Months — $25',
      '0-12 Months — $150 • 13-24 Months — $150 • 25+ Months — $75',
      '0-12 Months — $150 • 13-24 Months — $150 • 25+ Months — $75',
    ]);
  });
  it('reads each network’s shares by period, and the maximum by period for both', () => {
    expect(read([periods, maximum, networks, ...services])).toEqual([
      [
        'Preventive Services',
        '0-12 Months — 100% • 13-24 Months — 100% • 25+ Months — 100%',
        '0-12 Months — 80% • 13-24 Months — 80% • 25+ Months — 80%',
        max,
        max,
      ],
      [
        'Basic Services',
        '0-12 Months — 50% • 13-24 Months — 80% • 25+ Months — 80%',
        '0-12 Months — 40% • 13-24 Months — 60% • 25+ Months — 60%',
        max,
        max,
      ],
    ]);
  });
});
