import { describe, expect, it } from 'vitest';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { type AnalyzedTable, analyzeDocument } from './document.ts';
import { interpretProposal } from './proposal.ts';
import {
  ageGroupsOfRows,
  amountPairs,
  boxValuesOfSubheads,
  bulletedItemsWithParts,
  frequencySaid,
  headingAtopLabel,
  isFrequencyValue,
  isSentence,
  itemsLineByLine,
  itemsOverValues,
  itemsWithValues,
  kindPairsUnderLabel,
  kindUnderSubhead,
  labelAgeGroup,
  nameLevelWithValues,
  nameUnderHeading,
  onceOfRepeated,
  onceOfRepeatedLines,
  ownValue,
  planPeriodSaid,
  renewsOfBar,
  repeatsRowAbove,
  runTogetherSplit,
  sideOfX,
  splitAtX,
  subItemName,
  valueBeforeNote,
  valueBeforePriceList,
  valueForItemsNamed,
  valuesLineByLine,
  visionScore,
  withoutDashedNote,
  withoutDescription,
} from './vision.ts';

/** A line of one word, 50 wide, at (x, top), as the readers place it. */
const line = (text: string, top: number, x: number) => ({
  text,
  words: [
    {
      text,
      box: [x, top, x + 50, top + 10] as [number, number, number, number],
      size: 10,
      confidence: 1,
    },
  ],
  box: [x, top, x + 50, top + 10] as [number, number, number, number],
  size: 10,
  confidence: 1,
  page: 1,
});

/** A cell of one row of a table, holding these lines. */
const cell = <L extends { text: string }>(col: number, lines: L[]) => ({
  text: lines.map((l) => l.text).join('\n'),
  lines,
  row: 0,
  col,
  rowSpan: 1,
  colSpan: 1,
  page: 1,
});

import { isProseFragment, networkInLabel } from './vocabulary.ts';

/** Vision rules, one at a time, on layouts unlike the fixtures'. */

/** An age group's service-interval grid, as certificates caption one per group: exam, lenses. */
const interval = (lenses: string) => [
  ['Service Interval', 'Exam', 'Lenses'],
  ['', 'Once per calendar Year', lenses],
];

/**
 * Each benefit-summary row as [service, in-network cost, out-of-network reimbursement]; with a
 * class, that class's rows only.
 */
const costsOf = (data: ParsedData, group?: string) =>
  tableRows(data, 'visionInsurance_benefitSummary')
    .filter((r) => group === undefined || r.class === group)
    .map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]);

describe('service–amount pairs in running cells', () => {
  it.each([
    ['Exam ........................ up to $45*', [['Exam', 'up to $45']]],
    ['Frames: up to $55', [['Frames', 'up to $55']]],
    [
      'Single vision lenses: up to $30  Progressive lenses: up to $50',
      [
        ['Single vision lenses', 'up to $30'],
        ['Progressive lenses', 'up to $50'],
      ],
    ],
    ['Contacts \u2026\u2026 $150', [['Contacts', '$150']]],
    // not a vision service, no amount, or a frequency: no pair
    ['Deductible: $50', []],
    ['Contact lenses:', []],
    ['Exam frequency: 12 months', []],
    ['*$15 exam copay may apply', []],
  ])('%s', (text, pairs) => {
    expect(amountPairs(text).map((p) => [p.service, p.amount])).toEqual(pairs);
  });
});

describe('an out-of-network reimbursement list beside an in-network grid', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefit Summary',
      [
        ['Benefit', 'In-Network Copay'],
        ['Eye Exam', '$10'],
        ['Frames', '$130 allowance'],
      ],
      '# Coverage with an out-of-network provider',
      [
        ['Eye exam ............ up to $45*', 'Lined bifocal lenses ........ up to $65*'],
        ['Frames ............ up to $55*', 'Contacts ........ up to $150*'],
        ['Single vision lenses .... up to $45*', '*$15 exam copay may apply'],
      ],
    ]),
  );

  it('reads each pair as an out-of-network value, joined to the in-network line of its name', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Eye Exam', '$10', 'up to $45'],
      ['Frames', '$130 allowance', 'up to $55'],
      ['Single vision lenses', undefined, 'up to $45'],
      ['Lined bifocal lenses', undefined, 'up to $65'],
      ['Contacts', undefined, 'up to $150'],
    ]);
  });
});

describe('a row for all lenses over an out-of-network list priced by kind of lens', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefit Summary',
      [
        ['Benefit', 'In-Network Copay'],
        ['WellVision Exam', '$15'],
        ['Lenses', 'Included in Prescription Glasses'],
      ],
      '# Coverage with an out-of-network provider',
      [
        ['Exam ............ up to $50', 'Lined bifocal lenses ........ up to $75'],
        ['Single vision lenses .... up to $50', 'Lined trifocal lenses ........ up to $100'],
      ],
    ]),
  );

  it('gives each kind of lens the lenses’ in-network cost, in place of the row for all lenses', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['WellVision Exam', '$15', 'up to $50'],
      ['Single vision lenses', 'Included in Prescription Glasses', 'up to $50'],
      ['Lined bifocal lenses', 'Included in Prescription Glasses', 'up to $75'],
      ['Lined trifocal lenses', 'Included in Prescription Glasses', 'up to $100'],
    ]);
  });

  it('keeps the lenses’ own row when its cost names the kinds it covers', () => {
    const described = interpretProposal(
      markupLayout([
        '# Vision Benefit Summary',
        [
          ['Benefit', 'In-Network Copay'],
          ['WellVision Exam', '$15'],
          [
            'Lenses',
            'Single vision, lined bifocal, lined trifocal and lenticular lenses; polycarbonate for children under 18',
          ],
        ],
        '# Coverage with an out-of-network provider',
        [
          ['Exam ............ up to $50', 'Lined bifocal lenses ........ up to $75'],
          ['Single vision lenses .... up to $50', 'Lined trifocal lenses ........ up to $100'],
        ],
      ]),
    );
    const rows = tableRows(described, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost])).toContainEqual([
      'Lenses',
      'Single vision, lined bifocal, lined trifocal and lenticular lenses; polycarbonate for children under 18',
    ]);
    expect(rows.find((r) => r.servicesAndMaterials === 'Single vision lenses')?.inNetworkCost).toBe(
      undefined,
    );
  });
});

describe('pairs under a heading that names no network', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan',
      [
        ['Eye exam ............ $10', 'Frames ........ $130'],
        ['Lenses ............ $25', 'Contacts ........ $130'],
      ],
    ]),
  );
  it('are not given a network from nothing', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.find((r) => r.servicesAndMaterials === 'Frames')).toBeUndefined();
    expect(rows.some((r) => r.outOfNetworkReimbursement === '$130')).toBe(false);
  });
});

describe('a grid whose column headings are not part of the table', () => {
  // BENEFIT | DESCRIPTION | COPAY | FREQUENCY printed as loose lines above: the table itself has
  // no heading row, so each column's role comes from what it holds
  const data = interpretProposal(
    markupLayout([
      '# Your Vision Benefits Summary',
      [
        ['FRAME', '$150 frame allowance; 20% savings over it', '$25', 'Every other calendar year'],
        [
          'LENSES',
          'Single vision, lined bifocal and trifocal',
          'Included in glasses',
          'Every calendar year',
        ],
        [
          'CONTACTS',
          '$150 allowance for contacts and the exam',
          'Up to $60',
          'Every calendar year',
        ],
      ],
    ]),
  );

  it('takes the column of costs for the in-network value, not the description', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['FRAME', '$25', undefined],
      ['LENSES', 'Included in glasses', undefined],
      ['CONTACTS', 'Up to $60', undefined],
    ]);
  });

  it('takes the column of frequencies for the frequency row', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toMatchObject({
      frame: 'Every other calendar year',
      lensesOrContactLenses: 'Every calendar year',
    });
  });
});

describe('costs that print one value per listed service', () => {
  const label = cell(0, [line('LENS ENHANCEMENTS', 0, 0)]);
  const names = cell(1, [
    line('Standard progressive lenses', 0, 100),
    line('Premium progressive lenses', 12, 100),
    line('Custom progressive lenses', 24, 100),
    line('Average savings of 30% on other lens enhancements', 36, 100),
  ]);

  it.each([
    ['one value level with each service', ['$55', '$95 - $105', '$150 - $175'], 3],
    ['a value wrapped over lines', ['Included in', 'Prescription', 'Glasses'], 0],
    ['a single value', ['$25'], 0],
  ])('%s', (_, values, rows) => {
    const costs = cell(
      2,
      values.map((v, i) => line(v, i * 12, 300)),
    );
    const split = valuesLineByLine(costs, [label, names, costs]) ?? [];
    expect(split.length).toBe(rows);
    if (rows) expect(split[1]!.service?.value).toBe('Premium progressive lenses');
  });
});

describe('costs level with a description rather than a service', () => {
  const label = cell(0, [line('WELLVISION EXAM', 12, 0)]);
  const split = (names: string[], values: Array<[string, number]>) =>
    valuesLineByLine(
      cell(
        2,
        values.map(([v, top]) => line(v, top, 300)),
      ),
      [
        label,
        cell(
          1,
          names.map((n, i) => line(n, i * 12, 100)),
        ),
      ],
    )?.map((x) => [x.service?.value, x.cost.value]);
  it.each([
    {
      name: 'a description first, a service second, the first value wrapped in a parenthesis',
      names: ['Focuses on your eyes and overall wellness', '', 'Routine retinal screening'],
      values: [
        ['$15 ($0 USC', 0],
        ['Roski)', 12],
        ['Up to $39', 24],
      ] as Array<[string, number]>,
      rows: [
        [undefined, '$15 ($0 USC Roski)'],
        ['Routine retinal screening', 'Up to $39'],
      ],
    },
    {
      name: 'a service whose value tail is printed after its name, then a bullet that runs on',
      names: [
        'Retinal imaging for members with diabetes covered-in-full',
        'Additional exams and services beyond routine care to treat immediate',
        'issues from pink eye to sudden changes in vision',
      ],
      values: [
        ['$0', 0],
        ['$20 per exam', 12],
      ] as Array<[string, number]>,
      rows: [
        ['Retinal imaging for members with diabetes', '$0'],
        [undefined, '$20 per exam'],
      ],
    },
    {
      name: 'two descriptions: no one place for both values',
      names: ['Focuses on your eyes', 'Ask your doctor about savings'],
      values: [
        ['$15', 0],
        ['$20', 12],
      ] as Array<[string, number]>,
      rows: undefined,
    },
  ])('$name', ({ names, values, rows }) => {
    expect(split(names, values)).toEqual(rows);
  });
});

describe('bars naming a network over the rows of one value column', () => {
  // a first column that only holds bars; the services in the second, the amounts in the third
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefit Summary',
      [
        ['', 'Exam(s)', 'Once every 12 months'],
        ['', 'Frames', 'Once every 24 months'],
        ['>>>>In-Network Services'],
        ['', 'Exam(s)', '$ 10.00'],
        ['', 'Materials', '$ 25.00'],
        ['>>>>Out-of-Network Reimbursements (Copays do not apply)'],
        ['', 'Exam(s)', 'Up to $40.00'],
        ['', 'Frames', 'Up to $45.00'],
      ],
    ]),
  );

  it('gives each row the network its bar names, joined by service', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Exam(s)', '$ 10.00', 'Up to $40.00'],
      ['Materials', '$ 25.00', undefined],
      ['Frames', undefined, 'Up to $45.00'],
    ]);
  });

  it('reads the frequency rows above the bars', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toMatchObject({
      frame: 'Once every 24 months',
    });
  });
});

describe('a grid without headings under a title naming one network', () => {
  const data = interpretProposal(
    markupLayout([
      '# Your Coverage with Other Providers (Non-Network)',
      [
        ['Vision Exams', 'Up to $45', 'One per 12 month period'],
        ['Single Vision lenses', 'Up to $30', 'One pair per 12 month period'],
        ['Frames', 'Up to $70', 'One set per 12 month period'],
      ],
    ]),
  );
  it('gives the values to the network the title names', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => [r.inNetworkCost, r.outOfNetworkReimbursement])).toEqual([
      [undefined, 'Up to $45'],
      [undefined, 'Up to $30'],
      [undefined, 'Up to $70'],
    ]);
  });
});

describe('two networks’ values read as one cell', () => {
  const word = (text: string, x: number, top: number) => ({
    text,
    box: [x, top, x + text.length * 5, top + 10] as [number, number, number, number],
    size: 10,
    confidence: 1,
  });
  // words at their x: the in-network column starts at 200, the out-of-network one at 320
  const cellOf = (lines: Array<Array<[string, number]>>) => {
    const ls = lines.map((ws, i) => {
      const words = ws.map(([t, x]) => word(t, x, i * 12));
      return {
        text: words.map((w) => w.text).join(' '),
        words,
        box: [words[0]!.box[0], i * 12, words[words.length - 1]!.box[2], i * 12 + 10] as [
          number,
          number,
          number,
          number,
        ],
        size: 10,
        confidence: 1,
        page: 1,
      };
    });
    return { text: '', lines: ls, row: 0, col: 1, rowSpan: 1, colSpan: 1, page: 1 };
  };
  const a = cellOf([
    [
      ['$20', 200],
      ['copay', 220],
      ['Up', 320],
      ['to', 335],
      ['$35', 350],
    ],
  ]);
  const b = cellOf([
    [
      ['Up', 200],
      ['to', 215],
      ['$40', 230],
      ['Not', 321],
      ['covered', 340],
    ],
  ]);
  const c = cellOf([
    [
      ['$0', 200],
      ['copay;', 215],
      ['20%', 250],
      ['off', 270],
      ['Up', 320],
      ['to', 335],
      ['$60', 350],
    ],
    [
      ['over', 200],
      ['$130', 225],
      ['allowance', 255],
    ],
  ]);

  it('splits at the x where the reimbursements begin, line by line', () => {
    const x = runTogetherSplit([a, b, c]);
    expect(x).toBeDefined();
    expect([a, b, c].map((cell) => splitAtX(cell, x!))).toEqual([
      ['$20 copay', 'Up to $35'],
      ['Up to $40', 'Not covered'],
      ['$0 copay; 20% off over $130 allowance', 'Up to $60'],
    ]);
  });

  // 'Costco … Frame Allowance | Amount over $80' printed under the in-network heading alone
  it.each([
    [
      [
        ['Amount', 200],
        ['over', 235],
        ['$80', 255],
      ],
      'in',
    ],
    [
      [
        ['Up', 320],
        ['to', 335],
        ['$35', 350],
      ],
      'out',
    ],
    [
      [
        ['$0', 200],
        ['Up', 320],
        ['to', 335],
        ['$35', 350],
      ],
      undefined,
    ],
  ] as Array<[Array<[string, number]>, 'in' | 'out' | undefined]>)(
    'a cell printed on one side of the split only: %j is the %s side’s',
    (words, side) => {
      expect(sideOfX(cellOf([words]), 318)).toBe(side);
    },
  );

  it('cleans each side like any value: no footnote mark', () => {
    const marked = cellOf([
      [
        ['20%', 200],
        ['off', 220],
        ['retail', 240],
        ['price^', 265],
        ['No', 321],
        ['discounts', 340],
      ],
    ]);
    expect(splitAtX(marked, 318)).toEqual(['20% off retail price', 'No discounts']);
  });

  it.each([
    ['one cell alone', [a]],
    [
      'cells that print their own separator',
      [
        cellOf([
          [
            ['$10', 200],
            ['copay', 220],
            ['/', 250],
            ['Up', 320],
            ['to', 335],
            ['$50', 350],
          ],
        ]),
        cellOf([
          [
            ['$20', 200],
            ['/', 220],
            ['Up', 320],
            ['to', 335],
            ['$35', 350],
          ],
        ]),
      ],
    ],
    [
      'sentences saying what is off any amount over an allowance',
      [
        cellOf([
          [
            ['20%', 200],
            ['off', 220],
            ['any', 240],
            ['amount', 260],
            ['over', 300],
            ['your', 325],
            ['frames', 350],
          ],
        ]),
        cellOf([
          [
            ['15%', 200],
            ['off', 220],
            ['any', 240],
            ['amount', 260],
            ['over', 300],
            ['your', 325],
            ['contact', 350],
          ],
        ]),
      ],
    ],
  ])('finds no split in %s', (_, cells) => {
    expect(runTogetherSplit(cells)).toBeUndefined();
  });
});

describe('a reimbursement list introduced by a sentence under an in-network heading', () => {
  const data = interpretProposal(
    markupLayout([
      '# YOUR COVERAGE GOES FURTHER IN-NETWORK',
      'Log in to find an in-network provider. Your plan provides the following out-of-network reimbursements:',
      [
        ['Exam.............up to $50', 'Lined Bifocal Lenses.......up to $75'],
        ['Frame............up to $70', 'Contacts..........up to $105'],
      ],
    ]),
  );
  it('gives the pairs to the network the sentence names', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Exam', undefined, 'up to $50'],
      ['Frame', undefined, 'up to $70'],
      ['Lined Bifocal Lenses', undefined, 'up to $75'],
      ['Contacts', undefined, 'up to $105'],
    ]);
  });
});

describe('two columns of costs without headings', () => {
  const read = (rows: string[][]) =>
    tableRows(
      interpretProposal(markupLayout(['# Eyewear/Materials', rows])),
      'visionInsurance_benefitSummary',
    ).map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]);

  it.each([
    [
      'in-network first, then out-of-network',
      [
        ['Eyeglass frame', 'All charges above $150', 'All charges above $120'],
        ['Single vision', '$0', 'All charges above $43'],
        ['Retinal Imaging', '$39', 'Not covered'],
      ],
      [
        ['Eyeglass frame', 'All charges above $150', 'All charges above $120'],
        ['Single vision', '$0', 'All charges above $43'],
        ['Retinal Imaging', '$39', 'Not covered'],
      ],
    ],
    [
      'rows behind a column of bullets',
      [
        ['•', 'Single vision', '$0', 'All charges above $43'],
        ['•', 'Lined bifocal', '$0', 'All charges above $60'],
        ['•', 'Lenticular', '$0', 'All charges above $200'],
      ],
      [
        ['Single vision', '$0', 'All charges above $43'],
        ['Lined bifocal', '$0', 'All charges above $60'],
        ['Lenticular', '$0', 'All charges above $200'],
      ],
    ],
  ])('%s', (_, rows, expected) => {
    expect(read(rows)).toEqual(expected);
  });

  it('does not take a priced illustration that adds up to a total for the two networks', () => {
    const rows = read([
      ['Eye Exam', '$203', '$15'],
      ['Frame', '$180', '$0'],
      ['Total', '$970', '$345.64'],
    ]);
    expect(rows.some((r) => r[2] === '$15')).toBe(false);
  });
});

describe('a frequency printed once per network and read as one run', () => {
  it.each([
    ['Once every calendar year Once every calendar year', 'Once every calendar year'],
    ['Once every 2 calendar years Once every 2 calendar years', 'Once every 2 calendar years'],
    ['Once every 12 months', 'Once every 12 months'],
    ['12 months 24 months', '12 months 24 months'],
  ])('%s', (value, once) => {
    expect(onceOfRepeated(value)).toBe(once);
  });
});

describe('two columns of identical frequencies run together line by line', () => {
  it.each([
    [
      [
        'Once every 12 months from the Once every 12 months from the',
        'date of service date of service',
      ],
      'Once every 12 months from the date of service',
    ],
    [
      [
        'Once every 24 months from Once every 24 months from',
        'the date of service the date of service',
      ],
      'Once every 24 months from the date of service',
    ],
    // the columns differ: not one value printed twice
    [['Once every 12 months Once every 24 months', 'from the date of service'], undefined],
    // one line is the plain value read once
    [['Once every 12 months'], undefined],
  ])('%j → %j', (lines, once) => {
    expect(onceOfRepeatedLines(lines)).toBe(once);
  });

  it('reads the frequency of a grid row once', () => {
    const data = interpretProposal(
      markupLayout([
        '# Summary of Benefits',
        [
          ['Vision Care Services', 'In-Network Member Cost', 'Out-of-Network Reimbursement'],
          ['Exam', '$10 copay', 'Up to $42'],
          ['Frame', '$0 copay; 20% off balance over $130 allowance', 'Up to $60'],
          ['Frequency', '', ''],
          [
            'Exam',
            'Once every 12 months from the Once every 12 months from the\ndate of service date of service',
            '',
          ],
        ],
      ]),
    );
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]?.examination).toBe(
      'Once every 12 months from the date of service',
    );
  });
});

describe('in- and out-of-network blocks that name a service in other words', () => {
  const data = interpretProposal(
    markupLayout([
      '# Your VSP Vision Benefits Summary',
      [
        ['Benefit', 'In-Network Copay'],
        ['WellVision Exam', '$15'],
        ['Frame', 'Included in Prescription Glasses'],
        ['Contacts (instead of glasses)', 'Up to $60'],
        ['Contact lens fitting and evaluation', 'Up to $60'],
      ],
      '# Your Coverage with Out-of-Network Providers',
      [
        ['Service', 'Out-of-Network'],
        ['Exam', 'up to $50'],
        ['Frame', 'up to $70'],
        ['Contacts', 'up to $105'],
        ['Single Vision Lenses', 'up to $50'],
      ],
    ]),
  );

  it('joins each out-of-network amount to the in-network line about the same thing', () => {
    expect(costsOf(data)).toEqual([
      ['WellVision Exam', '$15', 'up to $50'],
      ['Frame', 'Included in Prescription Glasses', 'up to $70'],
      ['Contacts (instead of glasses)', 'Up to $60', 'up to $105'],
      ['Contact lens fitting and evaluation', 'Up to $60', undefined],
      ['Single Vision Lenses', undefined, 'up to $50'],
    ]);
  });
});

describe('a priced example of what members pay', () => {
  it.each([
    [
      'a total row',
      [
        ['', 'Without VSP', 'With VSP Coverage'],
        ['Eye Exam', '$203', '$15'],
        ['Anti-glare Coating', '$152', '$85'],
        ['Total', '$970', '$345.64'],
      ],
      0,
    ],
    [
      'a savings row',
      [
        ['', 'Retail', 'You pay'],
        ['Eye Exam', '$150', '$10'],
        ['Frames', '$180', '$0'],
        ['Your savings', '', '$320'],
      ],
      0,
    ],
    [
      'the plan’s grid (no sum)',
      [
        ['Service', 'In-Network', 'Out-of-Network'],
        ['Eye Exam', '$10 copay', 'Up to $45'],
        ['Frames', '$150 allowance', 'Up to $70'],
      ],
      2,
    ],
  ])('%s: %i benefit lines', (_, rows, n) => {
    const data = interpretProposal(markupLayout(['# Vision coverage', rows]));
    expect(tableRows(data, 'visionInsurance_benefitSummary')).toHaveLength(n);
  });
});

describe('a service name with a note written as sentences', () => {
  it.each([
    ['Allowance is applied toward the purchase of contact lenses.', true],
    ['Materials copay is waived.', true],
    ['Single vision, lined bifocal, lined trifocal', false],
    ['(fitting and evaluation)', false],
    ['Frames.', false],
    ['Requires a report from the provider and prior authorization from the VPA.', true],
    ['Lenses: UV.', false],
  ])('%j is a sentence: %s', (text, sentence) => {
    expect(isSentence(text)).toBe(sentence);
  });

  const data = interpretProposal(
    markupLayout([
      '# Vision Benefits',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        [
          'Elective contact lenses\nAllowance is applied toward the purchase of contact lenses.\nMaterials copay is waived.',
          '$105.00',
          'Up to $80.00',
        ],
        [
          'Necessary contact lenses',
          'Covered in full after copay (if applicable).',
          'Up to $210.00',
        ],
        ['Frames', '$130 allowance', 'Up to $70'],
      ],
    ]),
  );

  it('names the service without its note, and keeps a cost without its full stop', () => {
    expect(
      tableRows(data, 'visionInsurance_benefitSummary').map((r) => [
        r.servicesAndMaterials,
        r.inNetworkCost,
      ]),
    ).toEqual([
      ['Elective contact lenses', '$105.00'],
      ['Necessary contact lenses', 'Covered in full after copay (if applicable)'],
      ['Frames', '$130 allowance'],
    ]);
  });
});

describe('a label cell whose first line heads the service printed under it', () => {
  const line = (text: string, top: number, x: number) => ({
    text,
    words: [],
    box: [x, top, x + 80, top + 10] as [number, number, number, number],
    size: 10,
    confidence: 1,
    page: 1,
  });
  const cell = (col: number, lines: ReturnType<typeof line>[]) => ({
    text: lines.map((l) => l.text).join('\n'),
    lines,
    row: 0,
    col,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  it.each([
    // the values level with the second line: the first heads it
    [['Standard plastic lenses', 'Single vision'], 12, 'Single vision'],
    // the values level with the first line: one name wrapped
    [['Standard contact lens fit', 'and follow-up'], 0, undefined],
    // the first line carried over to the next by a joining word
    [['Contact lens fitting and', 'Evaluation'], 12, undefined],
  ])('%j with values at %i → %j', (labels, valueTop, name) => {
    const labelCell = cell(
      0,
      labels.map((t, i) => line(t, i * 12, 0)),
    );
    const values = [
      cell(1, [line('$25', valueTop, 200)]),
      cell(2, [line('Up to $25', valueTop, 300)]),
    ];
    expect(nameLevelWithValues(labelCell, values)).toBe(name);
  });
});

describe('a dental fee schedule is no vision benefit summary', () => {
  // its procedures' names hold vision words ('evaluation'); their codes and words are dental
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['Procedure', 'In-Network', 'Out-of-Network'],
        ['D0120 PERIODIC ORAL EVALUATION EST PT', '$25.00', '$25.00'],
        ['D0140 LTD ORAL EVALUATION - PROBLEM FOCUS', '$40.00', '$40.00'],
        ['D0150 COMP ORAL EVALUATION - NEW/EST PT', '$36.00', '$36.00'],
        ['D0180 COMP PERIODONTAL EVAL - NEW/EST PT', '$33.00', '$33.00'],
      ],
    ]),
  );

  it('reads no vision service line from it', () => {
    expect(tableRows(data, 'visionInsurance_benefitSummary')).toEqual([]);
  });
});

describe('dental procedure rows inside a vision grid', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefits',
      [
        ['Service', 'In-Network', 'Out-of-Network'],
        ['Eye exam', '$10 copay', 'Up to $45'],
        ['Frames', '$130 allowance', 'Up to $70'],
        ['D0120 Periodic oral evaluation', '$25.00', '$25.00'],
      ],
    ]),
  );

  it('are left out of the vision service lines', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => r.servicesAndMaterials)).toEqual(['Eye exam', 'Frames']);
  });
});

describe('a grid mostly of other rows that lists an eye exam and eyewear', () => {
  const data = interpretProposal(
    markupLayout([
      '# Your Plan Benefits',
      [
        ['Service', 'In-Network', 'Out-of-Network'],
        ['Primary care office visit', '$20 copay', '40% after deductible'],
        ['Specialist office visit', '$40 copay', '40% after deductible'],
        ['Urgent care', '$50 copay', '40% after deductible'],
        ['Emergency room', '$250 copay', '$250 copay'],
        ['Routine eye exam', '$0 copay', 'Not covered'],
        ['Eyeglass frames', '$150 allowance', 'Not covered'],
      ],
    ]),
  );

  it('gives only its vision rows', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => r.servicesAndMaterials)).toEqual([
      'Routine eye exam',
      'Eyeglass frames',
    ]);
  });
});

describe('running text cut at a line end is no service name', () => {
  it.each([
    ['non-prescription sunglasses,', true],
    ['times, other promotional offers may', true],
    ['including lens enhancements. At', true],
    ['pairs of prescription glasses and', true],
    ['Eye exam', false],
    ['Additional pairs of eyeglasses or prescription sunglasses.', false],
    [
      'Lasik Laser vision correction or PRK from U.S. Laser Network only. Call 1-800-422-6600',
      false,
    ],
    ['Contacts (instead of glasses)', false],
  ])('%j → %s', (text, fragment) => {
    expect(isProseFragment(text)).toBe(fragment);
  });
});

describe('a column of prose printed beside a vision grid', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefits',
      [
        ['Service', 'In-Network', 'Out-of-Network'],
        ['Eye exam', '$10 copay', 'Up to $45'],
        ['pairs of prescription glasses and', '$130 allowance', 'Up to $70'],
        ['Frames', '$130 allowance', 'Up to $70'],
      ],
    ]),
  );

  it('gives no service line from a fragment of its text', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => r.servicesAndMaterials)).toEqual(['Eye exam', 'Frames']);
  });
});

describe('a column headed by how often that goes on with what each service costs', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision',
      [
        ['', 'Benefit frequency'],
        ['Exam', 'Every 12 months'],
        ['Frames', 'Every 24 months'],
        ['Lenses', 'Every 12 months'],
        ['Plan design', ''],
        ['Exam', '$10'],
        ['Materials copay', '$15'],
        ['Single vision', '$15'],
        ['Elective contact lenses', '$150 allowance'],
      ],
    ]),
  );

  it('reads the costs as service lines for both networks (no network heading: convention 15)', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Exam', '$10', '$10'],
      ['Materials copay', '$15', '$15'],
      ['Single vision', '$15', '$15'],
      ['Elective contact lenses', '$150 allowance', '$150 allowance'],
    ]);
  });

  it('reads them for the one network a title over the grid names', () => {
    const rows = tableRows(
      interpretProposal(
        markupLayout([
          '# In-Network Vision Benefits',
          [
            ['', 'Benefit frequency'],
            ['Exam', 'Every 12 months'],
            ['Plan design', ''],
            ['Exam', '$10'],
            ['Single vision', '$15'],
          ],
        ]),
      ),
      'visionInsurance_benefitSummary',
    );
    expect(rows.map((r) => [r.inNetworkCost, r.outOfNetworkReimbursement])).toEqual([
      ['$10', undefined],
      ['$15', undefined],
    ]);
  });

  it('reads the frequency lines as frequencies', () => {
    const [row] = tableRows(data, 'visionInsurance_benefitFrequency');
    expect([row?.examination, row?.lensesOrContactLenses, row?.frame]).toEqual([
      'Every 12 months',
      'Every 12 months',
      'Every 24 months',
    ]);
  });
});

describe('plan terms and prices printed in a vision grid', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Deductible', 'None', 'None'],
        ['Eye exam', '$10 copay', 'Up to $45'],
        ['Frames', '$130 allowance', 'Up to $70'],
        ['Employee + Spouse', '$9.40', '$9.40'],
      ],
    ]),
  );

  it('give no service line', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => r.servicesAndMaterials)).toEqual(['Eye exam', 'Frames']);
  });
});

describe('vision grids printed one after another under headings naming plans', () => {
  const grid = (copay: string) => [
    ['Vision Care Services', 'In-Network Member Cost', 'Out-of-Network Reimbursement'],
    ['Exam with Dilation as Necessary', copay, 'Up to $40'],
    ['Frames', '$100 Allowance', 'Up to $50'],
    ['Single Vision Lenses', '$25 Copay', 'Up to $25'],
  ];
  const rowsOf = (blocks: Parameters<typeof markupLayout>[0]) =>
    tableRows(interpretProposal(markupLayout(blocks)), 'visionInsurance_benefitSummary').map(
      (r) => [r.class, r.servicesAndMaterials, r.inNetworkCost],
    );

  it('read each grid as its heading’s plan', () => {
    const rows = rowsOf([
      '# Vision Plans for Individuals',
      '# Bronze Vision Plan',
      grid('$10 Copay'),
      '# Gold Vision Plan',
      grid('$0 Copay'),
    ]);
    expect(rows.filter((r) => r[1] === 'Exam with Dilation as Necessary')).toEqual([
      ['Bronze Vision Plan', 'Exam with Dilation as Necessary', '$10 Copay'],
      ['Gold Vision Plan', 'Exam with Dilation as Necessary', '$0 Copay'],
    ]);
  });

  it('leave one plan whose grids sit under headings that name no plan', () => {
    const rows = rowsOf([
      '# Vision Plan',
      grid('$10 Copay'),
      '# Out-of-Network Benefits',
      grid('$10 Copay'),
    ]);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['All Employees']));
  });
});

describe('options printed as grids one after another, each naming its option over its labels', () => {
  const grid = (heading: string, copay: string) => [
    [heading, 'In-Network', 'Out-of-Network'],
    ['Eye Exam', copay, 'Reimbursed up to $45'],
    ['Frames', '$150 allowance', 'Reimbursed up to $70'],
  ];
  const rowsOf = (blocks: Parameters<typeof markupLayout>[0]) =>
    tableRows(interpretProposal(markupLayout(blocks)), 'visionInsurance_benefitSummary').map(
      (r) => [r.class, r.servicesAndMaterials, r.inNetworkCost],
    );
  it.each([
    {
      first: 'High Option Benefits',
      second: 'Standard Option Benefits (cont.)',
      classes: ['High Option', 'Standard Option'],
    },
    {
      first: 'Low Plan Benefits',
      second: 'High Plan Benefits',
      classes: ['Low Plan', 'High Plan'],
    },
    // headings that name the product or whose plan it is name no option
    {
      first: 'Vision Plan Benefits',
      second: 'Your Plan Benefits',
      classes: ['All Employees', 'All Employees'],
    },
    {
      first: 'Summary of Plan Benefits',
      second: 'Plan Benefits',
      classes: ['All Employees', 'All Employees'],
    },
  ])('$first, then $second', ({ first, second, classes }) => {
    const rows = rowsOf([
      '# Vision',
      grid(first, '$0'),
      'Notes between the grids.',
      grid(second, '$10'),
    ]);
    expect(rows.filter((r) => r[1] === 'Eye Exam').map((r) => r[0])).toEqual(
      classes[0] === classes[1] ? [classes[0]] : classes,
    );
  });
});

describe('a network heading spanning a benefit column and a frequency column', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefit Summary',
      [
        ['Doctor Network', '>>VSP Choice Network'],
        ['Exams', '$10 copay', 'One exam every 12 months'],
        ['Lenses', '$10 copay', 'Two lenses (one pair) every 12 months'],
        ['Frames', '$150 allowance', 'One set every 24 months'],
      ],
    ]),
  );

  it('reads the column that says how often as the frequency', () => {
    const [row] = tableRows(data, 'visionInsurance_benefitFrequency');
    expect([row?.examination, row?.lensesOrContactLenses, row?.frame]).toEqual([
      'One exam every 12 months',
      'Two lenses (one pair) every 12 months',
      'One set every 24 months',
    ]);
  });

  it('keeps the benefit column as the in-network cost', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost])).toEqual([
      ['Exams', '$10 copay'],
      ['Lenses', '$10 copay'],
      ['Frames', '$150 allowance'],
    ]);
  });
});

describe('a value in words over a column of bare prices', () => {
  it.each([
    [
      [
        'After a $20 materials co-pay. A',
        'materials co-pay is a single',
        'payment (lenses and frames).',
        '$0',
        '$41-$85',
        '$0-$17',
        '$150 - $175',
      ],
      'After a $20 materials co-pay. A materials co-pay is a single payment (lenses and frames).',
    ],
    // too few prices, prices only, or words after the prices
    [['Covered in full', '$0', '$10'], undefined],
    [['$0', '$10', '$20'], undefined],
    [['Covered in full', '$0', '$10', '$20', 'after the co-pay'], undefined],
  ])('%j → %j', (texts, value) => {
    expect(
      valueBeforePriceList(
        cell(
          1,
          texts.map((t, i) => line(t, 100 + 12 * i, 213)),
        ),
      ),
    ).toBe(value);
  });
});

describe('a service printed again under a heading', () => {
  const source = { page: 1, box: [0, 0, 10, 10] as [number, number, number, number], reading: 1 };
  const e = (value: string) => ({ value, source, method: 'cell' as const });
  const scope = { product: 'vision' as const };
  const earlier = [
    {
      scope,
      order: 0,
      service: e('Retinal imaging'),
      inCost: e('Up to $39'),
      outCost: e('Not covered'),
    },
    { scope, order: 1, service: e('Frames'), inCost: e('$130 allowance') },
  ];
  const heading = 'Diabetic eye care: Care and testing for diabetic members';
  it.each([
    ['Retinal imaging', heading, { inCost: e('$0') }, 'Diabetic eye care - Retinal imaging'],
    // read for the first time, under no heading, or the other network of a service read above
    ['Gonioscopy', heading, { inCost: e('$0') }, 'Gonioscopy'],
    ['Retinal imaging', undefined, { inCost: e('$0') }, 'Retinal imaging'],
    ['Frames', heading, { outCost: e('Up to $70') }, 'Frames'],
  ])('%j under %j → %j', (service, head, costs, named) => {
    expect(nameUnderHeading(service, head, earlier, scope, costs)).toBe(named);
  });
});

describe('a heading set atop a label cell in larger type', () => {
  const sized = (text: string, top: number, size: number) => ({ ...line(text, top, 22), size });
  it.each([
    [
      [
        sized('Diabetic eye care: Care and', 100, 12),
        sized('testing for diabetic members', 114, 12),
        sized('Examination', 130, 10),
      ],
      { heading: 'Diabetic eye care: Care and testing for diabetic members', name: 'Examination' },
    ],
    // one size throughout, or the larger type last: no heading
    [
      [sized('Standard progressive lenses', 100, 10), sized('(add-on to bifocal)', 112, 10)],
      undefined,
    ],
    [[sized('Examination', 100, 10), sized('Frames', 112, 12)], undefined],
    [[sized('Examination', 100, 12)], undefined],
    // a name over a note in smaller type
    [[sized('WellVision Exam', 100, 12), sized('(every 12 months)', 114, 10)], undefined],
    [
      [
        sized('Eye Exam', 100, 12),
        sized('A complete initial vision analysis, which includes', 114, 10),
      ],
      undefined,
    ],
  ])('%j → %j', (lines, expected) => {
    expect(headingAtopLabel(cell(0, lines))).toEqual(expected);
  });
});

describe('a row that goes on over the page, its values printed again', () => {
  const on = (page: number, text: string, top: number, x: number) => ({
    ...line(text, top, x),
    page,
  });
  const at = (col: number, lines: Array<ReturnType<typeof on>>) => ({
    ...cell(col, lines),
    page: lines[0]!.page,
  });
  const above = [
    at(0, [
      on(1, 'Extra Savings - The following extra savings:', 600, 22),
      on(1, '\u2022 An average 20-25% savings.', 612, 22),
    ]),
    at(1, [on(1, 'Available', 612, 213)]),
    at(2, [on(1, 'Not available', 612, 397)]),
  ];
  const next = (page: number, label: string, inNet = 'Available') => [
    at(0, [on(page, label, 100, 22)]),
    at(1, [on(page, inNet, 100, 213)]),
    at(2, [on(page, 'Not available', 100, 397)]),
  ];
  it.each([
    [
      'bullets going on over the page',
      next(2, '\u2022 20% savings on additional pairs of glasses.'),
      true,
    ],
    [
      'a description going on over the page',
      next(2, 'Provides additional coverage for members who have been diagnosed with diabetes,'),
      true,
    ],
    // a row of its own: on the same page, other values, or a name
    [
      'a bullet on the same page',
      next(1, '\u2022 20% savings on additional pairs of glasses.'),
      false,
    ],
    ['other values', next(2, '\u2022 20% savings on additional pairs of glasses.', '$10'), false],
    [
      'the value above with more after it',
      next(
        2,
        '\u2022 20% savings on additional pairs of glasses.',
        'Available at participating providers',
      ),
      true,
    ],
    ['a name', next(2, 'Low Vision Coverage'), false],
  ])('%s: %j', (_, cells, repeats) => {
    expect(repeatsRowAbove(cells, above, 0)).toBe(repeats);
  });
});

describe('a label that ends in bulleted items, a value per item in order', () => {
  const oneValue = cell(2, [
    line("The lesser of the provider's", 112, 397),
    line('usual fee or 80% of the', 124, 397),
    line('Medicare allowable charge.', 136, 397),
  ]);
  const items = (
    label: Parameters<typeof bulletedItemsWithParts>[0],
    values: Parameters<typeof bulletedItemsWithParts>[1],
  ) =>
    bulletedItemsWithParts(label, values)?.map((i) => [
      i.service.value,
      ...i.costs.map((c) => c?.value),
    ]);
  const expected = [
    [
      'Exam',
      'Covered in full after $20 co-pay.',
      "The lesser of the provider's usual fee or 80% of the Medicare allowable charge.",
    ],
    [
      'Special Ophthalmological services',
      'Covered in full.',
      "The lesser of the provider's usual fee or 80% of the Medicare allowable charge.",
    ],
  ];

  it('pairs bulleted values with the bulleted items; a cell of one value serves each', () => {
    const label = cell(0, [
      line('Diabetic EyeCare Plus:', 100, 22),
      line('\u2022 Exam', 112, 22),
      line('\u2022 Special Ophthalmological services', 124, 22),
    ]);
    const inNet = cell(1, [
      line('\u2022 Covered in full after $20', 112, 213),
      line('co-pay.', 124, 213),
      line('\u2022 Covered in full.', 136, 213),
    ]);
    expect(items(label, [inNet, oneValue])).toEqual(expected);
  });

  it('pairs values set apart by a blank line with the items under a description', () => {
    const label = cell(0, [
      line('Diabetic EyeCare Plus:', 100, 22),
      line('Provides additional coverage for members who have', 124, 22),
      line('been diagnosed with diabetes.', 136, 22),
      line('\u2022 Exam', 148, 22),
      line('\u2022 Special Ophthalmological services', 160, 22),
    ]);
    const inNet = cell(1, [
      line('Covered in full after $20 co-', 100, 213),
      line('pay.', 112, 213),
      line('Covered in full.', 136, 213),
    ]);
    expect(items(label, [inNet, oneValue])).toEqual(expected);
  });

  it.each([
    [
      'bullets that are sentences (notes on the service)',
      [
        'Low Vision Coverage:',
        '\u2022 Low vision exams and aids, every two years.',
        '\u2022 Must be pre-authorized.',
      ],
    ],
    ['a first line that is a bullet', ['\u2022 Exam', '\u2022 Special Ophthalmological services']],
    ['one item only', ['Diabetic EyeCare Plus:', '\u2022 Exam']],
    [
      'more items than values',
      ['Diabetic EyeCare Plus:', '\u2022 Exam', '\u2022 Imaging', '\u2022 Special services'],
    ],
  ])('reads no items for %s', (_, texts) => {
    const label = cell(
      0,
      texts.map((t, i) => line(t, 100 + 12 * i, 22)),
    );
    const inNet = cell(1, [
      line('\u2022 Covered in full after $20', 112, 213),
      line('\u2022 Covered in full.', 124, 213),
    ]);
    expect(items(label, [inNet, oneValue])).toBeUndefined();
  });

  it('reads no items when no value cell gives one value per item', () => {
    const label = cell(0, [
      line('Diabetic EyeCare Plus:', 100, 22),
      line('\u2022 Exam', 112, 22),
      line('\u2022 Special Ophthalmological services', 124, 22),
    ]);
    const inNet = cell(1, [line('Covered in full', 112, 213)]);
    expect(items(label, [inNet, oneValue])).toBeUndefined();
  });
});

describe('a label that heads a list of items, a value level with each', () => {
  // as printed: the values' lines sit a little above their items'
  const label = cell(0, [
    line('Contact lenses', 132, 22),
    line('(applies to materials only)', 146, 22),
    line('Conventional', 160, 22),
    line('Disposable', 198, 22),
    line('Medically necessary', 219, 22),
  ]);
  const inNetwork = cell(1, [
    line('$130 allowance,', 157, 213),
    line('15% off balance over $130', 175, 213),
    line('$130 allowance', 192, 213),
    line('$0', 209, 213),
  ]);
  const outOfNetwork = cell(2, [
    line('$104 allowance', 157, 397),
    line('$104 allowance', 192, 397),
    line('$200 allowance', 209, 397),
  ]);

  it('gives each item its values, a wrapped value joined', () => {
    const items = itemsLineByLine(label, [inNetwork, outOfNetwork]) ?? [];
    expect(items.map((i) => [i.service.value, ...i.costs.map((c) => c?.value)])).toEqual([
      ['Conventional', '$130 allowance, 15% off balance over $130', '$104 allowance'],
      ['Disposable', '$130 allowance', '$104 allowance'],
      ['Medically necessary', '$0', '$200 allowance'],
    ]);
  });

  it.each([
    ['$40/1', '$40'],
    ['$40 1/', '$40'],
    ['$104 allowance*', '$104 allowance'],
    ['$104 allowance\u00b9', '$104 allowance'],
    ['$104 allowance', '$104 allowance'],
  ])("cleans each item's value like any value: %j → %j", (printed, value) => {
    const out = cell(2, [
      line(printed, 157, 397),
      line(printed, 192, 397),
      line('$200 allowance', 209, 397),
    ]);
    const items = itemsLineByLine(label, [inNetwork, out]) ?? [];
    expect(items.map((i) => i.costs[1]?.value)).toEqual([value, value, '$200 allowance']);
  });

  it('a one-line cell that is no cost serves every item; a colon ends no name', () => {
    // 'DAVIS VISION / NETWORK / COLLECTION' over 'Fashion:' / 'Designer:', 'Not Applicable' level
    // with the heading
    const heads = cell(0, [
      line('NETWORK', 100, 22),
      line('COLLECTION', 112, 22),
      line('Fashion:', 130, 22),
      line('Designer:', 148, 22),
    ]);
    const inNet = cell(1, [line('Covered in full', 130, 213), line('Covered in full', 148, 213)]);
    const outNet = cell(2, [line('Not Applicable', 112, 397)]);
    const items = itemsLineByLine(heads, [inNet, outNet]) ?? [];
    expect(items.map((i) => [i.service.value, ...i.costs.map((c) => c?.value)])).toEqual([
      ['Fashion', 'Covered in full', 'Not Applicable'],
      ['Designer', 'Covered in full', 'Not Applicable'],
    ]);
  });

  it.each([
    // one service's name wrapped over lines beside a value wrapped over lines
    [
      ['Frames', 'and accessories'],
      ['$130 allowance,', '20% off balance'],
    ],
    // a value level with the list's heading: no list
    [
      ['Lenses', 'Single vision', 'Bifocal'],
      ['$25', '$25', '$25'],
    ],
    // a value line that is no cost
    [
      ['Contacts', 'Elective', 'Necessary'],
      ['see below', '$0'],
    ],
  ])('reads no list from %j beside %j', (names, values) => {
    const l = cell(
      0,
      names.map((n, i) => line(n, i * 12, 0)),
    );
    const v = cell(
      1,
      values.map((n, i) => line(n, i * 12, 300)),
    );
    expect(itemsLineByLine(l, [v])).toBeUndefined();
  });
});

describe('bulleted rows that name no service of their own', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefits',
      [
        ['Services', 'In-network provider', 'Out-of-network provider'],
        ['UV coating*', '$15', 'Not covered'],
        ['Premium anti-reflective coating*', '', ''],
        ['\u2022 Tier 1', '$57', 'Not covered'],
        ['\u2022 Tier 2', '$68', 'Not covered'],
        ['Polarized*', '20% off retail', 'Not covered'],
      ],
    ]),
  );

  it('are kinds of the service named above them', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost])).toEqual([
      ['UV coating', '$15'],
      ['Premium anti-reflective coating - Tier 1', '$57'],
      ['Premium anti-reflective coating - Tier 2', '$68'],
      ['Polarized', '20% off retail'],
    ]);
  });

  it.each([
    // a bulleted row that names a service is that service
    ['\u2022 Single vision lenses', undefined],
    // a row without a bullet
    ['Tier 1', undefined],
  ])('%j → %j', (label, name) => {
    const above = {
      text: 'Premium progressive*',
      lines: [],
      row: 0,
      col: 0,
      rowSpan: 1,
      colSpan: 1,
      page: 1,
    };
    expect(subItemName(label, above)).toBe(name);
  });
});

describe('plan columns under no network heading', () => {
  const rowsOf = (header: string[]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Vision',
          [
            header,
            ['Eye exam', '$10 copay', '$0 copay'],
            ['Frames', '$130 allowance', '$200 allowance'],
          ],
        ]),
      ),
      'visionInsurance_benefitSummary',
    ).map((r) => [r.class, r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]);

  it('hold each plan’s one value for both networks (convention 15)', () => {
    expect(rowsOf(['', 'Base Plan', 'Buy-Up Plan'])).toEqual([
      ['Base Plan', 'Eye exam', '$10 copay', '$10 copay'],
      ['Base Plan', 'Frames', '$130 allowance', '$130 allowance'],
      ['Buy-Up Plan', 'Eye exam', '$0 copay', '$0 copay'],
      ['Buy-Up Plan', 'Frames', '$200 allowance', '$200 allowance'],
    ]);
  });

  it('under plans over In-Network columns, the in-network cost only', () => {
    expect(
      tableRows(
        interpretProposal(
          markupLayout([
            '# Vision',
            [
              ['', 'Base Plan', 'Buy-Up Plan'],
              ['', 'In-Network', 'In-Network'],
              ['Eye exam', '$10 copay', '$0 copay'],
              ['Frames', '$130 allowance', '$200 allowance'],
            ],
          ]),
        ),
        'visionInsurance_benefitSummary',
      ).map((r) => r.outOfNetworkReimbursement),
    ).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('kinds of a service printed under its bare label', () => {
  const cellsOf = (rows: string[][]) => {
    const layout = markupLayout([rows]);
    const block = layout.pages[0]!.blocks[0]!;
    return block.kind === 'table' ? block.table.cells : [];
  };
  it.each([
    [
      [
        ['Eye exam: up to $45'],
        ['Contact lenses:'],
        ['\u2022 Elective up to $80'],
        ['\u2022 Necessary up to $210'],
      ],
      [
        ['Elective lenses', 'up to $80'],
        ['Necessary lenses', 'up to $210'],
      ],
    ],
    // kinds that name the service themselves, or a label that is no vision service: none
    [[['Lenses:'], ['Single vision lenses up to $30']], []],
    [[['Deductible:'], ['Individual $50']], []],
  ])('%j', (rows, pairs) => {
    expect(kindPairsUnderLabel(cellsOf(rows)).map((p) => [p.service, p.amount])).toEqual(pairs);
  });
});

describe('insurers compared side by side, for adults and for children, with out-of-network amounts in parentheses', () => {
  const legend =
    'The amounts listed below show what you pay for in-network services. The amounts in parentheses show the most the plan would reimburse you for out-of-network services.';
  const grid = (exam: string) => [
    ['', 'Davis Vision by MetLife', 'EyeMed', 'MetLife Vision'],
    ['Routine eye exam', exam, '$0 ($84)', '$0 ($45)'],
    ['Polycarbonate', '$30 ($0)', '$40 ($0)', '$35 ($0)'],
  ];
  const rowsOf = (blocks: Parameters<typeof markupLayout>[0]) =>
    tableRows(interpretProposal(markupLayout(blocks)), 'visionInsurance_benefitSummary').map(
      (r) => [r.class, r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement],
    );

  it.each([
    {
      name: 'each insurer’s column is a class of each group, its cell split by the legend',
      blocks: [
        '# Vision Benefits Comparison',
        legend,
        '# Benefits for adults 19+',
        grid('$0 ($40)'),
        '# Benefits for children under 19',
        grid('$10 ($50)'),
      ],
      want: [
        ['Davis Vision by MetLife (adults 19+)', 'Routine eye exam', '$0', '$40'],
        ['EyeMed (adults 19+)', 'Routine eye exam', '$0', '$84'],
        ['MetLife Vision (adults 19+)', 'Routine eye exam', '$0', '$45'],
        ['Davis Vision by MetLife (children under 19)', 'Routine eye exam', '$10', '$50'],
        ['EyeMed (children under 19)', 'Routine eye exam', '$0', '$84'],
        ['MetLife Vision (children under 19)', 'Routine eye exam', '$0', '$45'],
      ],
    },
    {
      name: 'one group names no class of its own; without the legend a cell stays whole',
      blocks: ['# Vision Benefits Comparison', '# Benefits for adults 19+', grid('$0 ($40)')],
      want: [
        ['Davis Vision by MetLife', 'Routine eye exam', '$0 ($40)', '$0 ($40)'],
        ['EyeMed', 'Routine eye exam', '$0 ($84)', '$0 ($84)'],
        ['MetLife Vision', 'Routine eye exam', '$0 ($45)', '$0 ($45)'],
      ],
    },
  ])('$name', ({ blocks, want }) => {
    const rows = rowsOf(blocks).filter((r) => r[1] === 'Routine eye exam');
    expect(rows).toEqual(want);
  });

  it('under the legend, a cell without a parenthesis prints no out-of-network amount', () => {
    const rows = rowsOf([
      '# Vision Benefits Comparison',
      legend,
      [...grid('$0 ($40)'), ['Fitting fee', '$60', 'Covered in full ($0)', '$55 ($0)']],
    ]).filter((r) => r[1] === 'Fitting fee');
    expect(rows.map((r) => [r[2], r[3]])).toEqual([
      ['$60', undefined],
      ['Covered in full', '$0'],
      ['$55', '$0'],
    ]);
  });
});

describe('kinds of a material under its bar, and frequencies in the service labels', () => {
  const interpret = (rows: string[][]) =>
    interpretProposal(markupLayout(['# Vision Benefits', rows]));
  const plans = ['', 'Bronze Plan', 'Gold Plan'];

  it.each([
    {
      bar: 'Contact lenses (instead of glasses)',
      want: ['Conventional', 'Disposable', 'Medically necessary'],
    },
    { bar: 'Additional member discounts', want: [] },
  ])('rows under the bar $bar', ({ bar, want }) => {
    const rows = tableRows(
      interpret([
        [`>>>>${bar}`],
        plans,
        ['Conventional', '$130', '$150'],
        ['Disposable', '$130', '$150'],
        ['Medically necessary', '$0', '$0'],
      ]),
      'visionInsurance_benefitSummary',
    ).filter((r) => r.class === 'Bronze Plan');
    expect(rows.map((r) => r.servicesAndMaterials)).toEqual(want);
  });

  it.each([
    {
      name: 'a frequency at the end of a label is the item’s frequency, not part of its name',
      rows: [
        ['Routine eye exam (once per year starting January 1)', '$10', '$0'],
        ['Frames (renews every January 1 of odd years)', '$130', '$150'],
      ],
      services: ['Routine eye exam', 'Frames'],
      frequency: [
        'once per year starting January 1',
        undefined,
        'renews every January 1 of odd years',
      ],
    },
    {
      name: 'a note in parentheses stays in the name',
      rows: [
        ['Routine eye exam (with dilation)', '$10', '$0'],
        ['Frames', '$130', '$150'],
      ],
      services: ['Routine eye exam (with dilation)', 'Frames'],
      frequency: undefined,
    },
  ])('$name', ({ rows, services, frequency }) => {
    const data = interpret([plans, ...rows]);
    const summary = tableRows(data, 'visionInsurance_benefitSummary').filter(
      (r) => r.class === 'Gold Plan',
    );
    expect(summary.map((r) => r.servicesAndMaterials)).toEqual(services);
    const row = tableRows(data, 'visionInsurance_benefitFrequency').find(
      (r) => r.class === 'Gold Plan',
    );
    expect(row && [row.examination, row.lensesOrContactLenses, row.frame]).toEqual(frequency);
  });
});

describe('a plan grid of frequency and co-pay rows', () => {
  const data = interpretProposal(
    markupLayout([
      '# Voluntary Vision Plan',
      [
        ['', 'SILVER\nPlan #9751967', 'GOLD\nPlan #9751967'],
        ['Eyeglass Frequency', 'Once Every 24 Months', 'Once Every 12 Months'],
        ['Co-Pay', '$20', '$10'],
        ['Contact Lenses', 'Instead of Glasses', 'Instead of Glasses'],
        ['Frequency & Co-Pay', 'Same as Glasses', 'Same as Glasses'],
      ],
    ]),
  );
  it('names each plan without its number, each co-pay after its item, and keeps lines as printed', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary')
      .filter((r) => r.class === 'SILVER')
      .map((r) => [r.servicesAndMaterials, r.inNetworkCost]);
    expect(rows).toEqual([
      ['Eyeglass Co-Pay', '$20'],
      ['Contact Lenses', 'Instead of Glasses'],
      ['Frequency & Co-Pay', 'Same as Glasses'],
    ]);
    const freq = tableRows(data, 'visionInsurance_benefitFrequency').map((r) => [
      r.class,
      r.lensesOrContactLenses,
    ]);
    expect(freq).toEqual([
      ['SILVER', 'Once Every 24 Months'],
      ['GOLD', 'Once Every 12 Months'],
    ]);
  });
});

describe('a bar that says how often, for the rows under it', () => {
  it.each([
    ['Vision care services (once per year starting January 1)', 'once per year starting January 1'],
    ['Exam (once every 12 months)', undefined],
    ['Contact lenses (instead of glasses)', undefined],
    ['Lens enhancements', undefined],
  ])('%s', (text, want) => {
    expect(renewsOfBar(text)).toBe(want);
  });

  it('gives each item its rows name the bar’s frequency', () => {
    const data = interpretProposal(
      markupLayout([
        '# Vision Benefits',
        [
          ['>>>>Vision care services (once per year starting January 1)'],
          ['', 'Bronze Plan', 'Gold Plan'],
          ['Routine eye exam', '$10', '$0'],
          ['Frames', '$130', '$150'],
          ['Lenses', '$25', '$0'],
        ],
      ]),
    );
    const rows = tableRows(data, 'visionInsurance_benefitFrequency').map((r) => [
      r.class,
      r.examination,
      r.lensesOrContactLenses,
      r.frame,
    ]);
    const f = 'once per year starting January 1';
    expect(rows).toEqual([
      ['Bronze Plan', f, f, f],
      ['Gold Plan', f, f, f],
    ]);
  });
});

describe('an age group printed in a label cell after the service', () => {
  it.each([
    [
      ['Comprehensive Eye Examination', 'Insured Persons 19 years of age and', 'older'],
      'Comprehensive Eye Examination',
      '19+',
    ],
    [
      ['Comprehensive Eye Examination', 'Insured Persons under 19 years of age'],
      'Comprehensive Eye Examination',
      '<19',
    ],
    [
      ['Scratch Coating – Standard', 'Plastic', 'Insured Persons under 19 years of age'],
      'Scratch Coating – Standard Plastic',
      '<19',
    ],
    [
      [
        'Contact Lenses Fit and Follow-Up',
        '(19 years of age and older):',
        '(One Fit and two Follow-Up visits)',
      ],
      'Contact Lenses Fit and Follow-Up',
      '19+',
    ],
    [
      ['Anti-Reflective Coating – Standard', 'Insured Persons'],
      'Anti-Reflective Coating – Standard',
      'all',
    ],
    [['Photochromic – Non-Glass (under 19 years of age)'], 'Photochromic – Non-Glass', '<19'],
    // no age group: the label as it is
    [['Frame'], undefined, undefined],
    [['Photochromic – Non-Glass (Transitions)'], undefined, undefined],
    [
      ['Contact Lenses', 'Only one of the following Contact Lenses benefits may be used.'],
      undefined,
      undefined,
    ],
    [['Exam', 'Children'], undefined, undefined],
    [['Polycarbonate', '(adults)'], 'Polycarbonate', 'adults'],
    [['Polycarbonate (adults)'], 'Polycarbonate', 'adults'],
    [['Hi Index (adults 19+)'], 'Hi Index', '19+'],
    [['Polycarbonate (child up', 'to age 19)'], 'Polycarbonate', '<19'],
    [['Scratch Resistant', 'Coating (child up to', 'age 19)'], 'Scratch Resistant Coating', '<19'],
  ])('%j', (lines, name, ages) => {
    const got = labelAgeGroup(lines);
    expect(got?.name).toBe(name);
    expect(got?.group.ages).toBe(ages);
  });
});

describe('the age group of each row of a grid printing its groups', () => {
  /** A body row: its label lines at an indent, then value cells. */
  const row = (r: number, x: number, label: string[], ...values: string[]) => ({
    row: r,
    cells: [
      cell(
        0,
        label.map((t, i) => line(t, r * 40 + i * 10, x)),
      ),
      ...values.map((v, i) => cell(i + 1, [line(v, r * 40, 200 + i * 100)])),
    ],
  });
  const groups = (rows: ReturnType<typeof row>[]) =>
    Object.fromEntries([...ageGroupsOfRows(rows, 0)].map(([r, g]) => [r, g.group.ages]));
  it.each([
    [
      'a block head scopes the rows indented below it, until a row at its indent',
      [
        row(0, 49, ['Standard Plastic Lenses', 'Insured Persons 19 years of age and older']),
        row(1, 58, ['Single Vision'], '$0', '$25'),
        row(2, 58, ['Progressive – Premium']),
        row(3, 67, ['Tier 1'], '$85', '$55'),
        row(4, 49, ['Standard Plastic Lenses', 'Insured Persons under 19 years of age']),
        row(5, 58, ['Single Vision'], '$0', '$25'),
        row(6, 49, ['Lens Options']),
        row(7, 58, ['Tint'], '$15', '$5'),
      ],
      { 0: '19+', 1: '19+', 2: '19+', 3: '19+', 4: '<19', 5: '<19' },
    ],
    [
      "a 'who' column",
      [
        row(0, 49, ['Vision Examinations'], 'once every calendar year', 'Insured Persons'),
        row(
          1,
          49,
          ['Frame'],
          'once every other calendar year',
          'Insured Persons 19 years of age and older',
        ),
        row(2, 49, ['Frame'], 'once every calendar year', 'Insured Persons under 19 years of age'),
      ],
      { 0: 'all', 1: '19+', 2: '<19' },
    ],
    [
      'one age group alone splits nothing',
      [
        row(0, 49, ['Exam', 'Insured Persons under 19 years of age'], '$0', '$40'),
        row(1, 49, ['Frame'], '$0', '$100'),
      ],
      {},
    ],
  ])('%s', (_, rows, want) => {
    expect(groups(rows)).toEqual(want);
  });
});

describe('a level indented under a row without values is a kind of its service', () => {
  it.each([
    ['Tier 1', 67, { name: 'Progressive – Premium', x: 58 }, 'Progressive – Premium Tier 1'],
    [
      'Level II',
      67,
      { name: 'Anti-reflective coating', x: 58 },
      'Anti-reflective coating Level II',
    ],
    // not indented, not a level, or under no service
    ['Tier 1', 58, { name: 'Progressive – Premium', x: 58 }, undefined],
    ['Private Practice Provider', 67, { name: 'Frame Benefit', x: 58 }, undefined],
    ['Tier 1', 67, { name: 'Employee Only', x: 58 }, undefined],
    ['Tier 1', 67, undefined, undefined],
  ])('%s', (label, x, subhead, want) => {
    expect(kindUnderSubhead(label, x, subhead)).toBe(want);
  });
});

describe('a frequency value, not a cost that says when it applies', () => {
  it.each([
    ['once every calendar year', true],
    ['Once every 12 months', true],
    [
      '40% off retail price and a 15% discount on conventional lenses, once the insured benefit is used',
      false,
    ],
    ['$10 copay once per year', false],
    ['$0 Copayment', false],
  ])('%s', (v, want) => {
    expect(isFrequencyValue(v)).toBe(want);
  });
});

describe('age groups printed in label cells are the classes', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Schedule of Benefits',
      [
        ['Benefit', 'In-Network Provider', 'Out-of-Network Provider'],
        [
          'Comprehensive Eye Examination\nInsured Persons 19 years of age and older',
          '$0 Copayment',
          '$84',
        ],
        [
          'Comprehensive Eye Examination\nInsured Persons under 19 years of age',
          '$0 Copayment',
          '$90',
        ],
        ['Frame', '$0 Copayment, up to $200 Allowance', '$100'],
        ['Scratch Coating\nInsured Persons under 19 years of age', '$0 Copayment', '$8'],
        ['Hearing Care:', 'Up to 66% off hearing aids', ''],
      ],
      'Additional discounts',
      [
        ['Vision Care Services', 'In-Network Provider'],
        ['Photochromic Lenses (19 years of age and older)', '20% off retail price'],
        ['Photochromic Lenses (under 19 years of age)', '$75 off retail price'],
      ],
    ]),
  );
  const rows = tableRows(data, 'visionInsurance_benefitSummary');
  const of = (group: string) =>
    rows
      .filter((r) => r.class === group)
      .map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement ?? '']);
  it('a row for each group, lines printed for no group in both, no age in a label', () => {
    expect(of('Insured Persons 19 years of age and older')).toEqual([
      ['Comprehensive Eye Examination', '$0 Copayment', '$84'],
      ['Frame', '$0 Copayment, up to $200 Allowance', '$100'],
      ['Hearing Care', 'Up to 66% off hearing aids', ''],
      // the same ages in parentheses are the same class
      ['Photochromic Lenses', '20% off retail price', ''],
    ]);
    expect(of('Insured Persons under 19 years of age')).toEqual([
      ['Comprehensive Eye Examination', '$0 Copayment', '$90'],
      ['Frame', '$0 Copayment, up to $200 Allowance', '$100'],
      ['Scratch Coating', '$0 Copayment', '$8'],
      ['Hearing Care', 'Up to 66% off hearing aids', ''],
      ['Photochromic Lenses', '$75 off retail price', ''],
    ]);
    expect(rows.some((r) => r.class === 'All Employees')).toBe(false);
  });
});

describe('age groups captioning their interval grids are the classes', () => {
  // 'Adult Members over the age of 19:' over one service-interval grid, 'Members under Age 19:'
  // over the next, then one grid of benefits printed for both groups
  const interval = (exam: string, lenses: string) => [
    ['Service Interval', 'Exam', 'Lenses', 'Frame'],
    ['', exam, lenses, lenses],
  ];
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      'Adult Members over the age of 19:',
      interval('Once per calendar Year', 'Once Every Odd calendar Year'),
      'Members under Age 19:',
      interval('Once per calendar Year', 'Once per calendar Year'),
      [
        ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
        ['EYE EXAMINATION', 'Covered in full', 'Covered up to $40 allowance'],
        ['RETINAL IMAGING', 'Covered in full', 'Not Applicable'],
      ],
    ]),
  );
  it('each grid’s frequencies are its group’s', () => {
    expect(
      tableRows(data, 'visionInsurance_benefitFrequency').map((r) => [
        r.class,
        r.examination,
        r.lensesOrContactLenses,
      ]),
    ).toEqual([
      [
        'Adult Members over the age of 19',
        'Once per calendar Year',
        'Once Every Odd calendar Year',
      ],
      ['Members under Age 19', 'Once per calendar Year', 'Once per calendar Year'],
    ]);
  });
  it('the benefits printed after the grids are every group’s', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    for (const group of ['Adult Members over the age of 19', 'Members under Age 19'])
      expect(
        rows
          .filter((r) => r.class === group)
          .map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
      ).toEqual([
        ['EYE EXAMINATION', 'Covered in full', 'Covered up to $40 allowance'],
        ['RETINAL IMAGING', 'Covered in full', 'Not Applicable'],
      ]);
    expect(rows.some((r) => r.class === 'All Employees')).toBe(false);
  });
});

describe('age groups printed without an age, or with "to age N", caption their grids', () => {
  // 'Adults:' over one service-interval grid, 'Children (to age 19):' over the next: the two
  // groups are the classes, named as the captions print them; a cell's value per age group goes
  // to the caption of the same ages ('Adults' are the ages the children's caption leaves)
  it.each([
    ['Adults:', 'Children (to age 19):', 'Adults', 'Children (to age 19)'],
    ['Adults', 'Children under 19', 'Adults', 'Children under 19'],
    ['Adults 19 and older:', 'Children:', 'Adults 19 and older', 'Children'],
    ['Adults (19+):', 'Dependent children:', 'Adults (19+)', 'Dependent children'],
    ['Adult Members:', 'Children up to age 19:', 'Adult Members', 'Children up to age 19'],
  ])('%s / %s', (adultCaption, childCaption, adults, children) => {
    const data = interpretProposal(
      markupLayout([
        '# Schedule of Benefits',
        adultCaption,
        interval('Once Every Odd calendar Year'),
        childCaption,
        interval('Once per calendar Year'),
        [
          ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
          [
            'Ultraviolet Coating',
            'Under age 19 –\nCovered in full\nAge 19 and\nolder - $12',
            'Not Covered',
          ],
          ['Polarized', '$75', 'Not Covered'],
        ],
      ]),
    );
    expect(
      tableRows(data, 'visionInsurance_benefitFrequency').map((r) => [
        r.class,
        r.lensesOrContactLenses,
      ]),
    ).toEqual([
      [adults, 'Once Every Odd calendar Year'],
      [children, 'Once per calendar Year'],
    ]);
    const of = (group: string) => costsOf(data, group);
    expect(of(adults)).toEqual([
      ['Ultraviolet Coating', '$12', 'Not Covered'],
      ['Polarized', '$75', 'Not Covered'],
    ]);
    expect(of(children)).toEqual([
      ['Ultraviolet Coating', 'Covered in full', 'Not Covered'],
      ['Polarized', '$75', 'Not Covered'],
    ]);
    expect(costsOf(data)).toHaveLength(4);
  });
});

describe('a sub-row label naming one age group, the classes split by captions above', () => {
  // 'Adults:' / 'Children (to age 19):' caption the interval grids; a lens option printed
  // '(child up to age 19)' is the children's only, its label without the age — even when no
  // row of the grid names the other group
  it.each([
    ['Polycarbonate (child up\nto age 19)'],
    ['Polycarbonate (children under 19)'],
    ['Polycarbonate\n(child up to age 19)'],
  ])('%j', (label) => {
    const data = interpretProposal(
      markupLayout([
        '# Schedule of Benefits',
        'Adults:',
        interval('Once Every Odd calendar Year'),
        'Children (to age 19):',
        interval('Once per calendar Year'),
        [
          ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
          ['Ultraviolet Coating', 'Covered in full', 'Not Covered'],
          [label, 'Covered in full', 'Not Covered'],
        ],
      ]),
    );
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    const of = (group: string) =>
      rows.filter((r) => r.class === group).map((r) => [r.servicesAndMaterials, r.inNetworkCost]);
    expect(of('Adults')).toEqual([['Ultraviolet Coating', 'Covered in full']]);
    expect(of('Children (to age 19)')).toEqual([
      ['Ultraviolet Coating', 'Covered in full'],
      ['Polycarbonate', 'Covered in full'],
    ]);
  });
});

describe('a grid going on from a vision grid on a page before', () => {
  const tables = analyzeDocument(
    markupLayout([
      [
        ['', 'In-Network', 'Out-of-Network'],
        ['Eye exam', '$10 copay', '$40 allowance'],
        ['Frames', '$150 allowance', '$70 allowance'],
      ],
      [
        ['', 'In-Network', 'Out-of-Network'],
        ['Cleanings', '100%', '80%'],
        ['Fillings', '80%', '60%'],
      ],
      [
        ['', 'In-Network', 'Out-of-Network'],
        ['NECESSARY', 'Covered in full', '$225 allowance'],
      ],
    ]),
  ).items.flatMap((i) => (i.kind === 'table' ? [i.table] : []));
  const [vision, dental, necessary] = tables as [AnalyzedTable, AnalyzedTable, AnalyzedTable];
  it.each([
    ['alone, no word naming vision: no vision line', undefined, 0],
    ['going on from a vision grid: a vision line', vision, 1],
    ['going on from a dental grid: none', dental, 0],
  ])('%s', (_name, continues, want) => {
    expect(visionScore(continues ? { ...necessary, continues } : necessary)).toBe(want);
  });
});

describe('a value printed for one group, alone', () => {
  it.each([
    // a lead-in naming both kinds of the service is the whole service: no part of the value
    [
      'Standard and Premium fit: Covered in full after a Co-Pay of $60.',
      'Covered in full after a Co-Pay of $60.',
    ],
    ['Standard and Premium Fit: Covered in full', 'Covered in full'],
    ['Basic & Deluxe Fit: $40 allowance', '$40 allowance'],
    // a note after the value, as a sentence
    [
      'Covered up to $200 Contact lenses are provided in place of lens and frame benefits available herein.',
      'Covered up to $200',
    ],
    [
      '$200 allowance Contact lenses are provided in place of lens and frame benefits available herein.',
      '$200 allowance',
    ],
    // else the value as it is
    ['Standard Fit: Covered in full', 'Standard Fit: Covered in full'],
    ['Covered in full', 'Covered in full'],
    [
      '$150 allowance for contacts. Contact lens fitting is covered.',
      '$150 allowance for contacts. Contact lens fitting is covered.',
    ],
    ['Up to $60 Frames', 'Up to $60 Frames'],
  ])('%s', (text, want) => {
    expect(ownValue(text)).toBe(want);
  });
});

describe('items printed with their values in one cell, "name: value"', () => {
  it.each([
    [['Premium Progressive: $95-$105'], [['Premium Progressive', '$95-$105']]],
    [
      [
        'Polycarbonate (adults): $35',
        'Scratch Resistant Coating (adults 19+):',
        '$17-$33',
        'Hi Index (adults 19+): 20% discount',
        'Tints:                    $17-$44',
        'Polarized: 20% off retail',
        'Note: All lens options are available at a',
        'network vision provider.',
      ],
      [
        ['Polycarbonate (adults)', '$35'],
        ['Scratch Resistant Coating (adults 19+)', '$17-$33'],
        ['Hi Index (adults 19+)', '20% discount'],
        ['Tints', '$17-$44'],
        ['Polarized', '20% off retail'],
      ],
    ],
    // a value that is no cost, or a cell opening with no item: none
    [['Note: All lens options are available at a network vision provider.'], undefined],
    [['Covered in full', 'Tints: $17-$44'], undefined],
    [['Frames: see your provider'], undefined],
  ])('%j', (lines, want) => {
    expect(itemsWithValues(lines)?.map((i) => [i.name, i.value])).toEqual(want);
  });
});

describe('a value printed for the items it names', () => {
  it.each([
    [
      'For Polycarbonate (adult), Scratch Resistant Coating (adult), Anti-Reflective Coating, Tints, Photochromatic, and Polarized applied to the allowance for the applicable corrective lens',
      'Premium Progressive',
      'applied to the allowance for the applicable corrective lens',
    ],
    ['$50 allowance for Premium Progressive', 'Premium Progressive', '$50 allowance'],
    ['$50 allowance', 'Premium Progressive', '$50 allowance'],
    ['Covered for children only', 'Tints', 'Covered for children only'],
  ])('%s (%s)', (text, item, want) => {
    expect(valueForItemsNamed(text, item)).toBe(want);
  });
});

describe('a cell printing a value per age group gives each group its own', () => {
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      'Adult Members over the age of 19:',
      interval('Once Every Odd calendar Year'),
      'Members under Age 19:',
      interval('Once per calendar Year'),
      [
        ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
        [
          'Ultraviolet Coating',
          'Under age 19 –\nCovered in full\nAge 19 and\nolder - $12',
          'Not Covered',
        ],
        ['Polarized', '$75', 'Not Covered'],
      ],
    ]),
  );
  const of = (group: string) => costsOf(data, group);
  it('the groups’ values to the classes of the same ages, the rest to both', () => {
    expect(of('Adult Members over the age of 19')).toEqual([
      ['Ultraviolet Coating', '$12', 'Not Covered'],
      ['Polarized', '$75', 'Not Covered'],
    ]);
    expect(of('Members under Age 19')).toEqual([
      ['Ultraviolet Coating', 'Covered in full', 'Not Covered'],
      ['Polarized', '$75', 'Not Covered'],
    ]);
    expect(costsOf(data)).toHaveLength(4);
  });
});

describe('a note after the service’s name in its label cell', () => {
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
        ['Exam Co-Payment\nCo-Payment shall not apply to Retinal Imaging', '$0', ''],
        ['EYE EXAMINATION (one per\nfrequency)', 'Covered in full', 'Covered up to $40 allowance'],
      ],
    ]),
  );
  it('is no part of the name, and a note of once per interval makes no frequency line', () => {
    expect(costsOf(data)).toEqual([
      ['Exam Co-Payment', '$0', undefined],
      ['EYE EXAMINATION', 'Covered in full', 'Covered up to $40 allowance'],
    ]);
  });
});

describe('a value, then a note about it as sentences after a space', () => {
  /** A cell of lines at the given tops (a line is 10 high). */
  const at = (...lines: Array<[string, number]>) =>
    cell(
      1,
      lines.map(([t, top]) => line(t, top, 200)),
    );
  it.each([
    [
      at(
        ['Covered in full', 0],
        ['Comprehensive examination of visual', 22],
        ['functions and prescription of eyewear.', 34],
      ),
      'Covered in full',
    ],
    [
      at(
        ['$105 allowance', 0],
        ['Contact lenses are provided in place of', 24],
        ['lens and frame benefits available herein.', 36],
      ),
      '$105 allowance',
    ],
    // no space between: the lines are one value
    [at(['Covered in full', 0], ['Frames are covered up to the allowance.', 12]), undefined],
    // the part above is no value
    [at(['Lenses', 0], ['Single vision lenses are covered in full.', 22]), undefined],
    // the part below is no sentence
    [at(['$50 allowance', 0], ['Progressive Lenses', 22]), undefined],
    // the part above is a sentence too: the cell's sentences are one value
    [
      at(
        ['$150 allowance for contacts.', 0],
        ['Contact lens fitting and evaluation up to $55 co-pay.', 22],
      ),
      undefined,
    ],
  ])('%#', (c, want) => {
    expect(valueBeforeNote(c as Parameters<typeof valueBeforeNote>[0])).toBe(want);
  });
});

describe('one value column under a title naming the network its providers are in', () => {
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['>>Value-Added Features Available At In-Network Vision Providers'],
        ['ADDITIONAL SAVINGS ON FRAMES', '20% off any amount over your frames allowance'],
        [
          'ADDITIONAL SAVINGS ON LENS ENHANCEMENTS',
          'Average 20-25% savings on all lens enhancements',
        ],
      ],
    ]),
  );
  it('is that network’s alone (the product’s word names the providers)', () => {
    expect(costsOf(data)).toEqual([
      ['ADDITIONAL SAVINGS ON FRAMES', '20% off any amount over your frames allowance', undefined],
      [
        'ADDITIONAL SAVINGS ON LENS ENHANCEMENTS',
        'Average 20-25% savings on all lens enhancements',
        undefined,
      ],
    ]);
  });
});

describe('a cell printing a value per level of the service', () => {
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
        ['Anti-Reflective Coating', 'Tier 1 - $35\nTier 2 - $48\nTier 3 - $60', 'Not Covered'],
        ['Polarized', '$75', 'Not Covered'],
      ],
    ]),
  );
  it('each level is a row of its own, the out-of-network value on each', () => {
    expect(costsOf(data)).toEqual([
      ['Anti-Reflective Coating Tier 1', '$35', 'Not Covered'],
      ['Anti-Reflective Coating Tier 2', '$48', 'Not Covered'],
      ['Anti-Reflective Coating Tier 3', '$60', 'Not Covered'],
      ['Polarized', '$75', 'Not Covered'],
    ]);
  });
});

describe('items under the in-network heading, section heads in the label column', () => {
  // 'In-Network Coverage' spans the items and their values; the label column holds section heads
  // and a note spanning the items; out-of-network cells span several items
  const layout = markupLayout([
    '# Schedule of Benefits',
    [
      ['', '>>In-Network Coverage', 'Out-of-Network Coverage'],
      ['STANDARD LENS OPTIONS', 'Tints/Dyes – Solid', 'Covered in full', 'Not Covered'],
      [
        'These lens options are available with a\nnot to exceed pricing/maximum\nMember out of\npocket amount.',
        'Progressive – Standard',
        '$50',
        '$60 allowance',
      ],
      ['^^', 'Progressive – Premium', '$90', '^^'],
      ['^^', 'Progressive – Ultra', '$140', '^^'],
      ['^^', 'Polarized', '$75', 'Not Covered'],
      ['NON-COLLECTION', '>>Covered up to a $200 allowance', '$50 allowance'],
    ],
  ]);
  // (the note opens a line above its first item: its lines fall level with the items' values)
  for (const b of layout.pages[0]!.blocks)
    if (b.kind === 'table')
      for (const c of b.table.cells)
        if (c.text.startsWith('These lens options'))
          for (const l of c.lines) l.box = [l.box[0], l.box[1] - 12, l.box[2], l.box[3] - 12];
  const data = interpretProposal(layout);
  it('each item is a row of its own, a spanning value in every row it spans', () => {
    expect(costsOf(data)).toEqual([
      ['Tints/Dyes – Solid', 'Covered in full', 'Not Covered'],
      ['Progressive – Standard', '$50', '$60 allowance'],
      ['Progressive – Premium', '$90', '$60 allowance'],
      ['Progressive – Ultra', '$140', '$60 allowance'],
      ['Polarized', '$75', 'Not Covered'],
      ['NON-COLLECTION', 'Covered up to a $200 allowance', '$50 allowance'],
    ]);
  });
});

describe('items listed with their values in one cell across the items and their values', () => {
  // 'Premium Progressive: $95-$105' and 'Polycarbonate (adults): $35' / 'Tints: $17-$44' … each
  // in one cell spanning the items' column and the in-network values', beside an out-of-network
  // cell naming the items it serves
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      'Adults:',
      interval('Once Every Odd calendar Year'),
      'Children (to age 19):',
      interval('Once per calendar Year'),
      [
        ['', '>>In-Network Coverage', 'Out-of-Network Coverage'],
        ['STANDARD LENS OPTIONS', 'Ultraviolet Coating', 'Covered in full', 'Not Covered'],
        ['^^', 'Standard Progressive', 'Covered in full', '$50 allowance'],
        ['^^', '>>Premium Progressive: $95-$105', '$50 allowance for Premium Progressive'],
        [
          '^^',
          '>>Polycarbonate (adults): $35\nTints:   $17-$44\nNote: All lens options are available at a\nnetwork vision provider.',
          'For Polycarbonate (adult) and Tints applied to the allowance for the lens',
        ],
      ],
    ]),
  );
  const of = (group: string) => costsOf(data, group);
  it('each item a row, its age group its class, the value beside it for each', () => {
    expect(of('Adults')).toEqual([
      ['Ultraviolet Coating', 'Covered in full', 'Not Covered'],
      ['Standard Progressive', 'Covered in full', '$50 allowance'],
      ['Premium Progressive', '$95-$105', '$50 allowance'],
      ['Polycarbonate', '$35', 'applied to the allowance for the lens'],
      ['Tints', '$17-$44', 'applied to the allowance for the lens'],
    ]);
    expect(of('Children (to age 19)')).toEqual([
      ['Ultraviolet Coating', 'Covered in full', 'Not Covered'],
      ['Standard Progressive', 'Covered in full', '$50 allowance'],
      ['Premium Progressive', '$95-$105', '$50 allowance'],
      ['Tints', '$17-$44', 'applied to the allowance for the lens'],
    ]);
  });
});

describe('the out-of-network side split in two under its heading, names then amounts', () => {
  // 'Out-of-Network Coverage' over 'Single Vision | $30 allowance' / 'Lined Bifocal | $50
  // allowance' …, beside one label and one in-network value spanning those rows
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['Service Interval', 'Exam', 'Lenses'],
        ['', 'Once per calendar Year', 'Once per calendar Year'],
      ],
      [
        ['', 'In-Network Coverage', '>>Out-of-Network Coverage'],
        ['EYE EXAMINATION', 'Covered in full', '>>Covered up to $45 allowance'],
        [
          'STANDARD CORRECTIVE LENSES',
          'Covered in full\nLenses of each kind',
          'Single Vision',
          '$30 allowance',
        ],
        ['^^', '^^', 'Lined Bifocal', '$50 allowance'],
        ['^^', '^^', 'Lenticular', '$100 allowance'],
      ],
    ]),
  );
  it('each name is a row, the label’s in-network value (its first line) in each', () => {
    expect(costsOf(data)).toEqual([
      ['EYE EXAMINATION', 'Covered in full', 'Covered up to $45 allowance'],
      ['Single Vision', 'Covered in full', '$30 allowance'],
      ['Lined Bifocal', 'Covered in full', '$50 allowance'],
      ['Lenticular', 'Covered in full', '$100 allowance'],
    ]);
  });
});

describe('a value on its first line, a note as sentences on the lines under it', () => {
  it.each([
    [
      'Covered up to a $200 allowance\nFrames are covered up to the allowance of\n$110 at Costco and $200 at other optical retail locations.',
      'Covered up to a $200 allowance',
    ],
    // a value ending in a full stop, or a note that is no sentence: as printed
    [
      '$150 allowance for contacts.\nContact lens fitting is covered in full.',
      '$150 allowance for contacts. Contact lens fitting is covered in full.',
    ],
    [
      'Covered in full\nLenses (Single, Lined Bifocal)',
      'Covered in full Lenses (Single, Lined Bifocal)',
    ],
  ])('%j', (frames, want) => {
    const data = interpretProposal(
      markupLayout([
        '# Schedule of Benefits',
        [
          ['Service Interval', 'Exam', 'Lenses'],
          ['', 'Once per calendar Year', 'Once per calendar Year'],
        ],
        [
          ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
          ['EYE EXAMINATION', 'Covered in full', 'Covered up to $45 allowance'],
          ['FRAMES', frames, '$70 allowance'],
        ],
      ]),
    );
    expect(costsOf(data)[1]).toEqual(['FRAMES', want, '$70 allowance']);
  });
});

describe('one value column without a network heading, a label naming one network', () => {
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['Service Interval', 'Exam', 'Lenses'],
        ['', 'Once per calendar Year', 'Once per calendar Year'],
      ],
      [
        ['Exam In-Network Co-Pay', '$0'],
        ['Materials In-Network Co-Pay', '$10'],
        ['Contact Lens Fitting', '$20'],
      ],
    ]),
  );
  it('is that network’s value only; a label naming none serves both', () => {
    expect(costsOf(data)).toEqual([
      ['Exam In-Network Co-Pay', '$0', undefined],
      ['Materials In-Network Co-Pay', '$10', undefined],
      ['Contact Lens Fitting', '$20', '$20'],
    ]);
  });
  it.each([
    ['Exam In-Network Co-Pay', 'in'],
    ['Out-of-Network Exam Reimbursement', 'out'],
    ['Non-Network Frames', 'out'],
    ['In-Network and Out-of-Network Exam', undefined],
    ['Frames Co-Pay', undefined],
  ])('%s names %s', (label, want) => {
    expect(networkInLabel(label)).toBe(want);
  });
});

describe('a value cell naming items, each over its value', () => {
  it.each([
    [
      [
        'Comprehensive Evaluation',
        '$300 allowance once every 60 months',
        'Follow-up Evaluation',
        '$100 allowance for each follow-up visit',
        'up to four times every 60 months',
      ],
      [
        ['Comprehensive Evaluation', '$300 allowance once every 60 months'],
        [
          'Follow-up Evaluation',
          '$100 allowance for each follow-up visit up to four times every 60 months',
        ],
      ],
    ],
    [
      ['Low Vision Aids', '$600 allowance per aid, $1,200 lifetime', 'maximum'],
      [['Low Vision Aids', '$600 allowance per aid, $1,200 lifetime maximum']],
    ],
    // a value first, a lead-in ending in a colon or dash, a name with no value: none
    [['Covered in full', 'Lenses (Single, Lined Bifocal)'], undefined],
    [['Standard and Premium Fit:', 'Covered in full'], undefined],
    [['Under age 19 -', '$300 allowance'], undefined],
    [['Comprehensive Evaluation', 'Follow-up Evaluation'], undefined],
  ])('%j', (lines, want) => {
    expect(itemsOverValues(lines)?.map((i) => [i.name, i.value])).toEqual(want);
  });
});

describe('a grid row whose value cells name items, each over its value', () => {
  const evaluations =
    'Comprehensive Evaluation\n$300 allowance once every 60 months\nFollow-up Evaluation\n$100 allowance for each visit';
  const data = interpretProposal(
    markupLayout([
      '# Schedule of Benefits',
      [
        ['Service Interval', 'Exam', 'Lenses'],
        ['', 'Once per calendar Year', 'Once per calendar Year'],
      ],
      [
        ['', 'In-Network Coverage', 'Out-of-Network Coverage'],
        ['EYE EXAMINATION', 'Covered in full', 'Covered up to $45 allowance'],
        ['LOW VISION', evaluations, evaluations],
        ['Low Vision Aids', 'Low Vision Aids\n$600 allowance per aid', 'Not Covered'],
      ],
    ]),
  );
  it('each item a row, the out-of-network value under the same name or the cell itself', () => {
    expect(costsOf(data)).toEqual([
      ['EYE EXAMINATION', 'Covered in full', 'Covered up to $45 allowance'],
      [
        'Comprehensive Evaluation',
        '$300 allowance once every 60 months',
        '$300 allowance once every 60 months',
      ],
      ['Follow-up Evaluation', '$100 allowance for each visit', '$100 allowance for each visit'],
      ['Low Vision Aids', '$600 allowance per aid', 'Not Covered'],
    ]);
  });
});

describe('a value printed once on a sub-head line goes to the rows of its box', () => {
  const shape = { labelCol: 0, groups: [{ in: 1, out: 2 }] } as Parameters<
    typeof boxValuesOfSubheads
  >[1];
  /** Body rows from [label, in, out] texts; '' is an empty cell. */
  const body = (rows: string[][]) =>
    rows.map((texts, r) => ({
      row: r,
      cells: texts.map((t, c) => ({ ...cell(c, t ? [line(t, r * 12, c * 200)] : []), row: r })),
    }));
  const read = (rows: string[][]) => {
    const b = body(rows);
    const got = boxValuesOfSubheads(b, shape);
    return b
      .filter((r) => !got.dropped.has(r.row))
      .map((r) => (got.cells.get(r.row) ?? r.cells).map((c) => c?.lines[0]?.text ?? ''));
  };
  it.each([
    [
      "the box's one out-of-network value, on its colon-ended sub-head",
      [
        ['Frames:', '', ''],
        ['Non-Collection Frame Allowance (Retail):', '80% of balance over $130', ''],
        ['Davis Vision Collection:', '', '$22'],
        ['Fashion level', '$0', ''],
        ['Designer level', '$0', ''],
        ['Lenses:', '', ''],
        ['Single Vision', '$0', '$22'],
      ],
      [
        ['Frames:', '', ''],
        ['Non-Collection Frame Allowance (Retail):', '80% of balance over $130', '$22'],
        ['Fashion level', '$0', '$22'],
        ['Designer level', '$0', '$22'],
        ['Lenses:', '', ''],
        ['Single Vision', '$0', '$22'],
      ],
    ],
    [
      'a row of the box printing its own value: nothing moves',
      [
        ['Frames:', '', ''],
        ['Collection:', '', '$22'],
        ['Fashion level', '$0', '$30'],
        ['Designer level', '$0', ''],
      ],
      [
        ['Frames:', '', ''],
        ['Collection:', '', '$22'],
        ['Fashion level', '$0', '$30'],
        ['Designer level', '$0', ''],
      ],
    ],
    [
      'a line without a colon is a row of its own',
      [
        ['Contacts', '', ''],
        ['Eye Exam and Contact Lenses', '', '$60'],
        ['Planned Replacement', '$25 Copayment', ''],
        ['Disposable', '$45 Copayment', ''],
      ],
      [
        ['Contacts', '', ''],
        ['Eye Exam and Contact Lenses', '', '$60'],
        ['Planned Replacement', '$25 Copayment', ''],
        ['Disposable', '$45 Copayment', ''],
      ],
    ],
  ])('%s', (_, rows, want) => {
    expect(read(rows)).toEqual(want);
  });
});

describe("the plan's period in a sentence that names no item", () => {
  it.each([
    [
      'Benefits under the plan are available to employees and covered dependents age 19 and over once in any 24-month period.',
      'once in any 24-month period',
    ],
    [
      'Plan benefits are provided once during each 12-month period.',
      'once during each 12-month period',
    ],
    // for children alone, for an item, or no period
    [
      'Benefits are available to covered dependents up to, but not including age 19, once in any 12-month period.',
      undefined,
    ],
    ['Benefits for frames are available once in any 24-month period.', undefined],
    ['Benefits are available from any licensed provider.', undefined],
  ])('%s', (sentence, want) => {
    expect(planPeriodSaid(sentence)).toBe(want);
  });
});

describe('a frequency said in words names items, not the people wearing them', () => {
  it.each([
    [
      'Exams and lenses once every 12 months',
      ['examination', 'lensesOrContactLenses'],
      'once every 12 months',
    ],
    ['Contact lens wearers are eligible every 12 months for an eye exam', undefined, undefined],
    ['Eyeglass wearers may renew every 24 months', undefined, undefined],
    // a count of one per year, said over a plan document's tables
    [
      'For the following exams, each covered individual is limited to one service per calendar year.',
      ['examination'],
      'one service per calendar year',
    ],
    [
      'For the following lenses, each covered individual is limited to one set of lenses per calendar year.',
      ['lensesOrContactLenses'],
      'one set of lenses per calendar year',
    ],
    [
      'For frames, each covered individual is limited to one set per calendar year.',
      ['frame'],
      'one set per calendar year',
    ],
    [
      'The Plan provides benefits once per item per person per calendar year.',
      undefined,
      undefined,
    ],
  ])('%s', (text, items, value) => {
    const said = frequencySaid(text);
    expect(said?.items).toEqual(items);
    expect(said?.value).toBe(value);
  });
});

describe('a service name before a colon and a description of it', () => {
  it.each([
    ['Eye Exam: Eye health exam, dilation, prescription and refraction for glasses', 'Eye Exam'],
    // a short kind after the colon is part of the name
    ['Lenses: Single vision', 'Lenses: Single vision'],
    // a colon after words that name no vision service
    [
      'Note: benefits are paid once per calendar year',
      'Note: benefits are paid once per calendar year',
    ],
  ])('%j is the service %j', (printed, service) => {
    expect(withoutDescription(printed)).toBe(service);
  });
});

describe('a note after a service name and a dash', () => {
  it.each([
    [
      'Eyeglasses (lenses and frame) - includes basic single vision, lined bifocal',
      'Eyeglasses (lenses and frame)',
    ],
    ['Frames \u2013 including designer frames', 'Frames'],
    // a sentence after the dash describing the service
    [
      'Extra Savings - The following extra savings are only available from network providers: \u2022 An average 20-25% savings',
      'Extra Savings',
    ],
    ['Frames \u2013 a wide selection of frames at participating locations', 'Frames'],
    // a kind of the service after the dash is part of its name
    ['Premium anti-reflective coating - Tier 1', 'Premium anti-reflective coating - Tier 1'],
    ['Progressive lenses - standard', 'Progressive lenses - standard'],
    [
      'Contact Lenses (instead of glasses) - Elective',
      'Contact Lenses (instead of glasses) - Elective',
    ],
    ['Lenses - a pair', 'Lenses - a pair'],
    // no dash of its own: kept
    ['Lens options includes tint', 'Lens options includes tint'],
  ])('%j is the service %j', (printed, service) => {
    expect(withoutDashedNote(printed)).toBe(service);
  });

  it('names the row of a vision grid without its note', () => {
    const layout = markupLayout([
      '# Vision Benefit Summary',
      [
        ['In-Network Services', 'Copays'],
        ['Exam(s)', '$10'],
        ['Eyeglasses (lenses and frame) - includes basic single vision, lined bifocal', '$25'],
        ['Frame Allowance', '$130'],
      ],
    ]);
    const rows = tableRows(interpretProposal(layout), 'visionInsurance_benefitSummary');
    expect(rows.map((r) => r.servicesAndMaterials)).toContain('Eyeglasses (lenses and frame)');
  });
});

describe('a line naming lens options and their coverage a dash apart, between two tables', () => {
  const rows = (lines: string[]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Acme Vision Benefit Summary',
          [
            ['Services', 'In-network', 'Out-of-network'],
            ['Exam', '$10', 'Up to $40'],
          ],
          'Lens Options',
          ...lines,
          'Other lens upgrades may be offered at a discount.',
          [
            ['Contact lenses', 'In-network', 'Out-of-network'],
            ['Elective contact lenses', '$150', 'Up to $105'],
          ],
        ]),
      ),
      'visionInsurance_benefitSummary',
    ).filter((r) => r.servicesAndMaterials?.startsWith('Scratch'));
  const name = 'Scratch-resistant coating,Polycarbonate lenses for children (up to age 19)';
  it.each([[[`${name} - covered in full.`]], [[`${name} - covered in`, 'full.']]])(
    'reads %j as an in-network row',
    (lines) => {
      expect(rows(lines)).toEqual([
        {
          class: 'All Employees',
          servicesAndMaterials: name,
          inNetworkCost: 'covered in full',
        },
      ]);
    },
  );
  it('reads no row from a line naming no vision service', () => {
    expect(rows(['Scratches from misuse - not covered.'])).toEqual([]);
  });
});

describe('a header row naming the plan’s provider network beside its label', () => {
  const rowsOf = (header: string[]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Vision Benefit Summary',
          [header, ['Exams Copay', '$ 10'], ['Materials Copay', '$ 20']],
        ]),
      ),
      'visionInsurance_benefitSummary',
    ).map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]);

  it.each([
    ['Network', 'VSP Network Signature Plan'],
    ['Your Network is', 'VSP Choice Network'],
    ['Provider network:', 'EyeMed Insight Network'],
  ])('"%s | %s" is no in-network heading: one value for both networks', (label, name) => {
    expect(rowsOf([label, name])).toEqual([
      ['Exams Copay', '$ 10', '$ 10'],
      ['Materials Copay', '$ 20', '$ 20'],
    ]);
  });

  // under a first heading row that names the plan ('Your Vision Plan | Full Feature'), the
  // network row is the second heading row, not a body row
  it.each([
    [
      ['Your Vision Plan', 'Full Feature'],
      ['Your Network is', 'VSP Choice Network'],
    ],
    [
      ['Your Vision Plan', 'Full Feature'],
      ['Network', 'EyeMed Insight Network'],
    ],
    [
      ['Vision Benefits', 'Signature Option'],
      ['Provider network:', 'EyeMed Insight Network'],
    ],
  ])('"%j" over "%j": the copays serve both networks', (plan, network) => {
    const rows = tableRows(
      interpretProposal(
        markupLayout([
          '# Vision Benefit Summary',
          [plan, network, ['Exams Copay', '$ 10'], ['Materials Copay', '$ 20']],
        ]),
      ),
      'visionInsurance_benefitSummary',
    ).map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]);
    expect(rows).toEqual([
      ['Exams Copay', '$ 10', '$ 10'],
      ['Materials Copay', '$ 20', '$ 20'],
    ]);
  });

  it('a network column heading over a blank label still heads the in-network side', () => {
    expect(rowsOf(['', 'In-Network'])).toEqual([
      ['Exams Copay', '$ 10', undefined],
      ['Materials Copay', '$ 20', undefined],
    ]);
  });
});

describe('an out-of-network cell pricing each kind of lens on a line of its own', () => {
  const grid = (outCell: string) =>
    interpretProposal(
      markupLayout([
        '# High Option Benefits',
        [
          ['Benefit description', 'In-Network', 'Out-of-Network'],
          ['Eye Exam', '$0', 'Reimbursed up to $45'],
          ['Lenses – Plastic single vision, lined bifocal and lenticular lenses', '$0', outCell],
        ],
      ]),
    );

  it('is a row per kind, the lenses’ in-network cost on the kinds of lens only', () => {
    expect(
      costsOf(
        grid('Single Vision up to $45\nLined Bifocals up to $65\nProgressive lenses-up to $65'),
      ),
    ).toEqual([
      ['Eye Exam', '$0', 'Reimbursed up to $45'],
      ['Single Vision', '$0', 'up to $45'],
      ['Lined Bifocals', '$0', 'up to $65'],
      ['Progressive lenses', undefined, 'up to $65'],
    ]);
  });

  it('leaves a cell of one amount to the lenses’ own row', () => {
    expect(costsOf(grid('Up to $45'))).toContainEqual([
      'Lenses – Plastic single vision, lined bifocal and lenticular lenses',
      '$0',
      'Up to $45',
    ]);
  });
});

describe('a service named in bold over a description in plain type', () => {
  // the label cell prints the name in bold, then what the service is in plain type
  const read = (label: string, boldLines: number) => {
    const layout = markupLayout([
      '# Vision Plan',
      [
        ['Care and Service', 'In-Network Cost', 'Non-Network Reimbursement'],
        [label, '$10 copayment', 'Reimbursed up to $35'],
        ['Frames', '$150 allowance', 'Reimbursed up to $75'],
      ],
    ]);
    for (const b of layout.pages[0]!.blocks)
      if (b.kind === 'table')
        for (const c of b.table.cells)
          if (c.row === 1 && c.col === 0)
            for (const [i, l] of c.lines.entries()) l.bold = i < boldLines;
    return tableRows(interpretProposal(layout), 'visionInsurance_benefitSummary').map(
      (r) => r.servicesAndMaterials,
    );
  };
  it.each([
    {
      label:
        'Standard Plastic Single Vision Lenses\nLenses having one part that corrects for\neither near vision or distant vision',
      bold: 1,
      want: 'Standard Plastic Single Vision Lenses',
    },
    {
      label: 'Standard Contact Lens Fit & Follow-Up\nExam\nFitting and evaluation',
      bold: 2,
      want: 'Standard Contact Lens Fit & Follow-Up Exam',
    },
    // (a name whose second line is in the same type is one name, however long)
    {
      label:
        'Standard Plastic Single Vision Lenses\nLenses having one part that corrects for\neither near vision or distant vision',
      bold: 0,
      want: 'Standard Plastic Single Vision Lenses Lenses having one part that corrects for either near vision or distant vision',
    },
  ])('$want', ({ label, bold, want }) => {
    expect(read(label, bold)[0]).toBe(want);
  });
});

describe('a service named by a lead-in ending in a colon over bullets', () => {
  it.each([
    [
      'Low Vision Coverage (requires pre-authorization):\n• Low vision exams and low vision aids, every two\nyears.\n• Not available at retail chains including Costco,\nWalmart and Sam’s Club.',
      'Low Vision Coverage',
    ],
    [
      'Low Vision Coverage:\n• Low vision exams and aids\n• Pre-authorization required',
      'Low Vision Coverage',
    ],
  ])('%j is the service %j', (label, name) => {
    const rows = tableRows(
      interpretProposal(
        markupLayout([
          '# Vision Benefits',
          [
            ['Benefits', 'In-Network', 'Out-of-Network'],
            ['Eye Exam', '$10 co-pay', 'Up to $45'],
            [label, 'Up to $1,000 maximum', 'Same as in-network'],
          ],
        ]),
      ),
      'visionInsurance_benefitSummary',
    ).map((r) => [r.servicesAndMaterials, r.inNetworkCost]);
    expect(rows).toContainEqual([name, 'Up to $1,000 maximum']);
  });
});

describe('an out-of-network list captioned above, a merged label beside its items', () => {
  it('reads each item beside the merged label as its own service', () => {
    const data = interpretProposal(
      markupLayout([
        '# Vision Benefits',
        [
          ['>>>>Your Coverage With a VSP Provider'],
          ['Vision Benefits', 'Description', 'Copay'],
          ['Exam', 'Focuses on eyes', '$15'],
          ['Frame', '$150 allowance', 'Included in prescription glasses copay'],
          [
            'Lenses',
            'Single vision, lined bifocal and lined trifocal lenses',
            'Included in prescription glasses copay',
          ],
        ],
        [
          ['>>>>Your Coverage With Out-of-Network Providers'],
          ['Exam', '', 'Up to $45'],
          ['Frames', '', 'Up to $70'],
          ['Lenses', 'Lined Trifocal', 'Up to $65'],
          ['^^', 'Single Vision', 'Up to $30'],
          ['^^', 'Lined Bifocal', 'Up to $50'],
        ],
      ]),
    );
    const rows = tableRows(data, 'visionInsurance_benefitSummary').map((r) => [
      r.servicesAndMaterials,
      r.outOfNetworkReimbursement,
    ]);
    // (each item keyed by its own name, with or without the merged label before it)
    const item = (name: string) => rows.find((r) => r[0]?.endsWith(name))?.[1];
    expect([item('Lined Trifocal'), item('Single Vision'), item('Lined Bifocal')]).toEqual([
      'Up to $65',
      'Up to $30',
      'Up to $50',
    ]);
  });
});
