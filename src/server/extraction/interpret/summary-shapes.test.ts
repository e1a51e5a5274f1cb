import { describe, expect, it } from 'vitest';
import type { Cell, Word } from '../layout.ts';
import type { Segment } from '../read/rulings.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { pageOfWords, wordsAt as words } from '../testing/page-words.ts';
import { tableRows } from '../testing/parsed.ts';
import { joinByConcept } from './assemble.ts';
import { COVERED_AS, orthodontiaParagraph, slotOf } from './dental.ts';
import { type Evidence, evidence } from './evidence.ts';
import { interpretProposal } from './proposal.ts';
import { nameBeforeNote, PARENTHESISED_NOTE } from './vision.ts';

/**
 * Layout shapes of real benefit summaries, read end to end from placed words and rulings: each
 * test's page holds one shape the engine once missed.
 */

const h = (y: number, a = 40, b = 562): Segment => ({ dir: 'h', pos: y, a, b });
const v = (x: number, a: number, b: number): Segment => ({ dir: 'v', pos: x, a, b });

function read(ws: Word[], segments: Segment[]) {
  const page = pageOfWords(ws, segments);
  return interpretProposal({ format: 'pdf', pages: [page], furniture: [] });
}

const services = (data: ReturnType<typeof read>) =>
  tableRows(data, 'dentalInsurance_coveredServices');

describe('small tables over a benefits grid: deductible and maximum, the stub heading empty', () => {
  // 'Calendar Year Deductible | Individual coverage / Family coverage | $50 … / $150: Family'
  // under 'When using a Participating or Non-Participating Dentist'; the maximum per network
  // under headings that name the networks in long phrases; then the grid of services
  const ws = [
    ...words('When using a Participating or', 374, 110),
    ...words('Non-Participating Dentist', 374, 122),
    ...words('Calendar Year Deductible', 46, 133),
    ...words('Individual coverage', 276, 133),
    ...words('$50 per individual', 374, 133),
    ...words('Family coverage', 290, 149),
    ...words('$50: individual', 374, 149),
    ...words('$150: Family', 374, 164),
    ...words('Calendar Year Benefit Maximum', 46, 196, 10),
    ...words('When using any', 271, 227),
    ...words('combination of', 271, 238),
    ...words('Participating and', 271, 250),
    ...words('Non-Participating', 271, 262),
    ...words('Dentists', 271, 274),
    ...words('When Using a Non-Participating Dentist', 374, 227),
    ...words('Calendar Year Benefit Maximum', 46, 286),
    ...words('$2,000: individual', 271, 286),
    ...words('$1,000: individual', 374, 286),
    ...words('Benefits', 46, 350),
    ...words('Participating Dentist', 300, 350),
    ...words('Non-Participating Dentist', 430, 350),
    ...words('Oral exam', 46, 370),
    ...words('$0', 300, 370),
    ...words('$0', 430, 370),
    ...words('Endodontics', 46, 390),
    ...words('10%', 300, 390),
    ...words('20%', 430, 390),
    ...words('Crowns and casts', 46, 410),
    ...words('40%', 300, 410),
    ...words('50%', 430, 410),
  ];
  const segs = [
    h(107),
    h(131.7),
    h(178.5),
    h(223.7),
    h(284),
    h(303.5),
    v(369.1, 224.9, 303.4),
    h(345),
    h(365),
    h(385),
    h(405),
    h(425),
  ];
  const rows = services(read(ws, segs));

  it('reads each service with the deductible by its slot and the maximum per network', () => {
    expect(rows.map((r) => r.serviceTypeLabel)).toEqual([
      'Oral exam',
      'Endodontics',
      'Crowns and casts',
    ]);
    const endo = rows[1]!;
    expect(endo.coverageLevelInNetwork).toBe('10%');
    expect(endo.policyYearDeductibleIndividualInNetwork).toBe('$50 per individual');
    expect(endo.policyYearDeductibleIndividualOutOfNetwork).toBe('$50 per individual');
    expect(endo.policyYearDeductibleFamilyInNetwork).toBe('$150');
    expect(endo.policyYearDeductibleFamilyOutOfNetwork).toBe('$150');
    expect(endo.policyYearMaximumInNetwork).toBe('$2,000: individual');
    expect(endo.policyYearMaximumOutOfNetwork).toBe('$1,000: individual');
  });
});

describe('a grid whose network headings each span two columns', () => {
  // 'Deductible | Individual: $50 | Family: $150 | Individual: $75 | Family: $200', then an annual
  // maximum ruled across the columns without column lines, then the services; orthodontia in a
  // paragraph under its own heading
  const ws = [
    ...words('Services', 22, 100),
    ...words('In-network dentist', 214, 100),
    ...words('Out-of-network dentist', 406, 100),
    ...words('Deductible', 22, 140),
    ...words('Individual:', 214, 140),
    ...words('$50', 214, 152),
    ...words('Family:', 310, 140),
    ...words('$150', 310, 152),
    ...words('Individual:', 406, 140),
    ...words('$75', 406, 152),
    ...words('Family:', 502, 140),
    ...words('$200', 502, 152),
    ...words('Deductible applies to all services excluding preventive.', 214, 175),
    ...words('Annual maximum', 22, 196),
    ...words('$1,500 + extended annual maximum (see section below)', 214, 196),
    ...words('Preventive services', 22, 232, 11),
    ...words('Routine oral examinations (3 per year)', 22, 246),
    ...words('Bitewing x-rays (2 films under age 10,', 22, 257),
    ...words('up to 4 films ages 10 and older)', 22, 268),
    ...words('Routine cleanings (3 per year)', 22, 279),
    ...words('Sealants', 22, 290),
    ...words('100% no deductible', 214, 232),
    ...words('100% no deductible', 406, 232),
    ...words('Basic services', 22, 320, 11),
    ...words('80% after deductible', 214, 320),
    ...words('80% after deductible', 406, 320),
    ...words('Orthodontia services', 22, 400, 11),
    ...words('Child orthodontia covers children through age 18. Plan pays 50 percent (no', 22, 414),
    ...words(
      'deductible) of the covered orthodontia services, up to: $1,500 lifetime orthodontia',
      22,
      425,
    ),
    ...words('maximum.', 22, 436),
  ];
  const segs = [
    h(95, 18, 594),
    h(132, 18, 594),
    h(169, 210, 402),
    h(189, 18, 594),
    h(225, 18, 594),
    h(310, 18, 594),
    h(345, 18, 594),
    v(18, 95, 132),
    v(594, 95, 132),
    v(210, 95, 169),
    v(306, 132, 169),
    v(402, 95, 169),
    v(498, 132, 169),
    v(210, 225, 345),
    v(402, 225, 345),
  ];
  const rows = services(read(ws, segs));
  const by = (label: string) => rows.find((r) => r.serviceTypeLabel === label)!;

  it('reads each cell of the deductible by the slot it names, under its network', () => {
    const basic = by('Basic services');
    expect(basic.coverageLevelInNetwork).toBe('80% after deductible');
    expect(basic.policyYearDeductibleIndividualInNetwork).toBe('$50');
    expect(basic.policyYearDeductibleFamilyInNetwork).toBe('$150');
    expect(basic.policyYearDeductibleIndividualOutOfNetwork).toBe('$75');
    expect(basic.policyYearDeductibleFamilyOutOfNetwork).toBe('$200');
  });

  it('reads the maximum ruled across the columns for both networks', () => {
    const basic = by('Basic services');
    expect(basic.policyYearMaximumInNetwork).toBe(
      '$1,500 + extended annual maximum (see section below)',
    );
    expect(basic.policyYearMaximumOutOfNetwork).toBe(basic.policyYearMaximumInNetwork);
  });

  it('lists the procedures under a category without their notes', () => {
    expect(by('Preventive services').serviceTypeList).toBe(
      'Routine oral examinations, Bitewing x-rays, Routine cleanings, Sealants',
    );
  });

  it('reads orthodontia from its paragraph', () => {
    const ortho = by('Orthodontia services');
    expect(ortho.coverageLevelInNetwork).toBe('50 percent');
    expect(ortho.coverageLevelOutOfNetwork).toBe('50 percent');
    expect(ortho.orthodonticLifetimeMaximumInNetwork).toBe('$1,500');
    expect(ortho.coveredPersonsInNetwork).toBe('children through age 18');
  });
});

describe('orthodontiaParagraph', () => {
  it.each([
    [
      'Child orthodontia covers children through age 18. Plan pays 50 percent (no deductible) of the covered orthodontia services, up to: $1,500 lifetime orthodontia maximum.',
      { coverage: '50 percent', maximum: '$1,500', persons: 'children through age 18' },
    ],
    [
      'Orthodontia: the plan pays 50% up to a lifetime maximum of $2,000.',
      { coverage: '50%', maximum: '$2,000' },
    ],
    ['Orthodontia is not covered.', undefined],
    ['The plan pays 80% of basic services.', undefined],
  ])('%s', (text, expected) => {
    expect(orthodontiaParagraph(text)).toEqual(expected);
  });
});

describe('slotOf', () => {
  const src = { page: 1, box: [0, 0, 1, 1] as [number, number, number, number], reading: 1 };
  it.each([
    ['$50: individual $150: Family', 1, '$150'],
    ['$50: individual $150: Family', 0, '$50'],
    ['$50 per individual', 0, '$50 per individual'],
    ['$150', 1, '$150'],
  ] as const)('%s, slot %i → %s', (value, slot, expected) => {
    expect(slotOf(evidence(value, src, 'cell'), slot)?.value).toBe(expected);
  });
});

describe('a one-column summary under a deductible heading, then sample procedures', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Benefits Summary',
      '# Annual Deductible*',
      [
        ['Individual', '$50'],
        ['Family', '$150'],
        ['Preventive Services', '100%'],
        ['Basic Services', '80%'],
        ['Annual Benefit Maximum', '$1000'],
        ['Orthodontic Services', 'Not Covered'],
        ['Orthodontic Deductible', 'Not Covered'],
      ],
      '# Partial List of Services',
      [
        ['Preventive', ''],
        ['Oral examinations', '100%'],
        ['Basic', ''],
        ['Amalgam fillings', '80%'],
      ],
      '# Dental Benefits Summary',
      [
        ['Stainless steel crowns', '80%'],
        ['Uncomplicated extractions', '80%'],
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');

  it('reads the tiers under the heading as the deductible of every category', () => {
    const basic = rows.find((r) => r.serviceTypeLabel === 'Basic Services')!;
    expect(basic.policyYearDeductibleIndividualInNetwork).toBe('$50');
    expect(basic.policyYearDeductibleFamilyOutOfNetwork).toBe('$150');
  });

  it('gives orthodontia its own deductible, in every slot when it is a word', () => {
    const ortho = rows.find((r) => r.serviceTypeLabel === 'Orthodontic Services')!;
    expect(ortho.policyYearDeductibleIndividualInNetwork).toBe('Not Covered');
    expect(ortho.policyYearDeductibleFamilyOutOfNetwork).toBe('Not Covered');
  });

  it('keeps the categories only: the sample list runs on into the next table', () => {
    expect(rows.map((r) => r.serviceTypeLabel)).toEqual([
      'Preventive Services',
      'Basic Services',
      'Orthodontic Services',
    ]);
  });
});

describe('whom an orthodontia row says it covers, in the networks the row has values in', () => {
  const ortho = (columns: string[], values: string[]) =>
    services(
      interpretProposal(
        markupLayout([
          '# Dental Benefits Summary',
          [
            ['Covered procedures', ...columns],
            ['Periodic oral evaluation', ...values],
            ['Comprehensive orthodontic treatment – adult or child', ...values],
          ],
        ]),
      ),
    ).find((r) => r.serviceTypeLabel?.startsWith('Comprehensive'));
  it.each([
    [['In-network only'], ['$0'], 'adult or child', undefined],
    [['In-network', 'Out-of-network'], ['$0', '20%'], 'adult or child', 'adult or child'],
  ])('under %j with %j: in %j, out %j', (columns, values, personsIn, personsOut) => {
    const row = ortho(columns, values);
    expect(row?.coveredPersonsInNetwork).toBe(personsIn);
    expect(row?.coveredPersonsOutOfNetwork).toBe(personsOut);
  });
});

describe('a note under a category’s name', () => {
  // 'Orthodontic Services' in bold over 'o Not Covered' (a second-level bullet alone) or over
  // 'Combined in- and out-of-network': a note, no procedure it lists
  const ortho = (note: string) => {
    const layout = markupLayout([
      '# Summary of Benefits',
      [
        ['Dental Services', 'In-Network', 'Out-of-Network'],
        ['Basic Services', '80%', '80%'],
        [`Orthodontic Services\n${note}`, '50%', '50%'],
      ],
    ]);
    for (const block of layout.pages[0]!.blocks)
      if (block.kind === 'table')
        for (const cell of block.table.cells) if (cell.lines.length > 1) cell.lines[0]!.bold = true;
    return services(interpretProposal(layout)).find(
      (r) => r.serviceTypeLabel === 'Orthodontic Services',
    );
  };
  it.each([
    ['o Not Covered', undefined, undefined],
    ['o Limited to one per lifetime', undefined, undefined],
    ['o Dependent children through age 18', undefined, 'Dependent children through age 18'],
    ['Combined in- and out-of-network', undefined, undefined],
    ['• Braces', 'Braces', undefined],
  ])('under %j lists %j, covers %j', (note, list, persons) => {
    const row = ortho(note);
    expect(row?.serviceTypeList).toBe(list);
    expect(row?.coveredPersonsInNetwork).toBe(persons);
  });
});

describe('one plan’s grid under its name spanning both network columns', () => {
  // 'CONCORDIA FLEX PLAN' over 'In-Network | Non-Network', a network line above the grid
  const grid = (plan: string, networks = ['In-Network', 'Non-Network']) =>
    interpretProposal(
      markupLayout([
        '# Dental Benefits Summary for F3W',
        'Network: Advantage Plus 2.0',
        [
          ['Benefit Category', `>>${plan}`],
          ['^^', ...networks],
          ['Preventive Services', '100%', '100%'],
          ['Basic Services', '80%', '60%'],
        ],
      ]),
    );
  const planOf = (data: ReturnType<typeof grid>) =>
    tableRows(data, 'dentalInsurance_planInformation')[0]?.planName;
  it.each([['CONCORDIA FLEX PLAN'], ['Dental Plan 2']])('names the plan %j', (plan) => {
    expect(planOf(grid(plan))).toBe(plan);
  });
  it('names no plan from a heading over one network’s columns only', () => {
    expect(planOf(grid('CONCORDIA FLEX PLAN', ['Member pays', 'Member pays']))).toBeUndefined();
  });
});

describe('a one-column summary headed by its plan, the deductible heading a row of its own', () => {
  // the same summary ruled as one table: 'Passive PPO' over the value column, 'Annual
  // Deductible*' a row with an empty value cell over its tiers, then the categories
  const data = interpretProposal(
    markupLayout([
      '# Dental Benefits Summary',
      [
        ['', 'Passive PPO\nWith PPOII and ExtendSM Networks'],
        ['Annual Deductible*', ''],
        ['Individual', '$50'],
        ['Family', '$150'],
        ['Preventive Services', '100%'],
        ['Basic Services', '70%'],
        ['Annual Benefit Maximum', '$1000'],
        ['Orthodontic Services (Adult and Child)', '50%'],
        ['Orthodontic Deductible', 'None'],
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');

  it('reads the categories under the tiers, each with the deductible and maximum', () => {
    expect(rows.map((r) => r.serviceTypeLabel)).toEqual([
      'Preventive Services',
      'Basic Services',
      'Orthodontic Services',
    ]);
    const basic = rows.find((r) => r.serviceTypeLabel === 'Basic Services')!;
    expect(basic.policyYearDeductibleIndividualInNetwork).toBe('$50');
    expect(basic.policyYearDeductibleFamilyInNetwork).toBe('$150');
    expect(basic.policyYearMaximumInNetwork).toBe('$1000');
  });

  it('reads the plan named in the heading of the value column, under the title', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]?.planName).toBe('Passive PPO');
  });

  it('reads a plan that pays alike in and out of network for both networks', () => {
    const basic = rows.find((r) => r.serviceTypeLabel === 'Basic Services')!;
    expect(basic.coverageLevelInNetwork).toBe('70%');
    expect(basic.coverageLevelOutOfNetwork).toBe('70%');
    expect(basic.policyYearDeductibleIndividualOutOfNetwork).toBe('$50');
  });
});

describe('a matrix of coded procedures under category lines in the same cell', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental PPO',
      [
        [
          'Covered procedures (partial list)',
          'Member responsibility (in-network)',
          'Member responsibility (out-of-network)',
        ],
        ['Deductible', '$50 single/$150 family', '$75 single/$225 family'],
        ['Diagnostic\nD0120 Periodic oral evaluation', '$0 (ded. waived)', '10% (ded. waived)'],
        [
          'D1110 Additional prophylaxis (maximum of 2 additional per year) – adult',
          'Not covered',
          'Not covered',
        ],
        [
          'Orthodontics\nD8070-90 Comprehensive orthodontic treatment – adult or child',
          '40% after deductible/$3,000 lifetime maximum',
          '40% after deductible/$3,000 lifetime maximum',
        ],
        [
          'Other general services\nD9972 External bleaching (teeth whitening) – per arch',
          'Not covered',
          'Not covered',
        ],
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  const by = (label: string) => rows.find((r) => r.serviceTypeLabel === label);

  it('reads a procedure whose note names a maximum as a procedure, not the annual maximum', () => {
    expect(by('D1110 Additional prophylaxis – adult')?.coverageLevelInNetwork).toBe('Not covered');
    expect(by('D0120 Periodic oral evaluation')?.policyYearMaximumInNetwork).toBeUndefined();
  });

  it("splits orthodontia's cell into its coverage and lifetime maximum, and reads whom it covers", () => {
    const ortho = by('D8070-90 Comprehensive orthodontic treatment – adult or child')!;
    expect(ortho.coverageLevelInNetwork).toBe('40% after deductible');
    expect(ortho.orthodonticLifetimeMaximumOutOfNetwork).toBe('$3,000 lifetime maximum');
    expect(ortho.coveredPersonsInNetwork).toBe('adult or child');
  });

  it('ends the orthodontia block at the next category, whose coded procedure is a service', () => {
    expect(by('D9972 External bleaching – per arch')?.serviceTypeList).toBe('teeth whitening');
  });
});

describe('COVERED_AS', () => {
  it.each([
    ['Covered as Class III', true],
    ['Paid as Basic', true],
    ['Covered as a separate benefit only if no other service was done during the visit', false],
  ])('%s → %s', (text, want) => {
    expect(COVERED_AS.test(text)).toBe(want);
  });
});

describe('labels that run on to the next line', () => {
  const labelsOf = (blocks: Parameters<typeof markupLayout>[0]) =>
    tableRows(interpretProposal(markupLayout(blocks)), 'dentalInsurance_coveredServices').map(
      (r) => r.serviceTypeLabel,
    );
  it('drops a sentence carried over to the next line', () => {
    const labels = labelsOf([
      '# Dental Plan Benefits',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive Services', '100%', '100%'],
        ['Basic Services', '80%', '80%'],
        [
          'REPLACEMENT of crowns, bridges, and fixed or removable prosthetic appliances, if',
          '50%',
          '50%',
        ],
      ],
    ]);
    expect(labels).toEqual(['Preventive Services', 'Basic Services']);
  });
  it('keeps a coded procedure whose name wraps', () => {
    const labels = labelsOf([
      '# Dental Plan Benefits',
      [
        ['Covered procedures', 'In-Network', 'Out-of-Network'],
        ['Endodontics', '', ''],
        ['D3501 Surgical exposure of root surface without apicoectomy or repair of', '10%', '20%'],
        ['D3330 Root canal – molar', '10%', '20%'],
      ],
    ]);
    expect(labels).toContain(
      'D3501 Surgical exposure of root surface without apicoectomy or repair of',
    );
  });
});

describe('a maximum given per network in a sentence beside its label', () => {
  const data = interpretProposal(
    markupLayout([
      '# Benefits Payable',
      [
        [
          '',
          'Deductible In-Network',
          'Deductible Non-Network',
          'Coinsurance In-Network',
          'Coinsurance Non-Network',
        ],
        ['Unit 1 – Preventive', '$0', '$0', '100%', '100%'],
        ['Unit 2 – Basic', '$50', '$50', '80%', '80%'],
        [
          'Combined Maximums',
          '>>>>>>Maximums are combined. In-network Calendar year maximums are $1,000 per person. Non-network Calendar year maximums are $1,500 per person.',
        ],
      ],
    ]),
  );
  it('reads each network its own maximum', () => {
    const row = tableRows(data, 'dentalInsurance_coveredServices')[0]!;
    expect(row.policyYearMaximumInNetwork).toBe('$1,000 per person');
    expect(row.policyYearMaximumOutOfNetwork).toBe('$1,500 per person');
  });
});

describe('joinByConcept: contacts by kind and their fitting', () => {
  const src = { page: 1, reading: 1 };
  const e = (value: string) => evidence(value, src, 'cell');
  it('joins each out-of-network line to the in-network line about the same kind of contacts', () => {
    const merged = new Map<string, { service: Evidence; inCost?: Evidence; outCost?: Evidence }>([
      ['a', { service: e('Elective contact lenses'), inCost: e('$105.00') }],
      ['b', { service: e('Elective contact lens fitting and evaluation'), inCost: e('$30.00') }],
      ['c', { service: e('Necessary contact lenses'), inCost: e('Covered in full') }],
      ['d', { service: e('Elective Contacts in Lieu of Eyeglasses'), outCost: e('Up to $80.00') }],
      ['e', { service: e('Contact Lens Fitting and Evaluation'), outCost: e('Up to $0.00') }],
      [
        'f',
        { service: e('Necessary Contacts in Lieu of Eyeglasses'), outCost: e('Up to $210.00') },
      ],
    ]);
    joinByConcept(merged);
    expect(
      [...merged.values()].map((m) => [m.service.value, m.inCost?.value, m.outCost?.value]),
    ).toEqual([
      ['Elective contact lenses', '$105.00', 'Up to $80.00'],
      ['Elective contact lens fitting and evaluation', '$30.00', 'Up to $0.00'],
      ['Necessary contact lenses', 'Covered in full', 'Up to $210.00'],
    ]);
  });
});

describe('PARENTHESISED_NOTE', () => {
  it.each([
    ['(Tier amount based on brand)', true],
    ['(see page 2)', true],
    ['(for Dependent children only)', false],
    ['(cleanings, exams, x-rays)', false],
  ])('%s → %s', (text, want) => {
    expect(PARENTHESISED_NOTE.test(text)).toBe(want);
  });
});

describe('nameBeforeNote: a note in parentheses on a line of its own', () => {
  const cellOf = (...texts: string[]): Cell => ({
    text: texts.join('\n'),
    lines: texts.map((text, i) => ({
      text,
      words: [],
      box: [0, i * 12, 100, i * 12 + 10] as [number, number, number, number],
      size: 10,
      confidence: 1,
      page: 1,
    })),
    row: 1,
    col: 0,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  it.each([
    [
      ['Premium Progressive Vision Lenses', '(Tier amount based on brand)'],
      'Premium Progressive Vision Lenses',
    ],
    [['Polycarbonate lenses', '(for Dependent children only)'], undefined],
    // a sentence without its full stop, said by its verb
    [['Exam Co-Payment', 'Co-Payment shall not apply to Retinal Imaging'], 'Exam Co-Payment'],
    [
      [
        'Scratch Resistant',
        'Coating',
        'In-network providers offer a scratch',
        'protection plan with a co-payment of:',
        'Single Vision-$20',
      ],
      'Scratch Resistant Coating',
    ],
    [['Contact Lenses', 'Medically Necessary Lenses'], undefined],
  ])('%j → %s', (lines, want) => {
    expect(nameBeforeNote(cellOf(...lines))).toBe(want);
  });
});

describe("orthodontia's own columns beside the plan's, over a grid of category bars", () => {
  // (proposal.test.ts reads the same columns over a grid without category bars)
  const data = interpretProposal(
    markupLayout([
      '# Dental plan',
      [
        ['', '>>NON-ORTHODONTICS', '>>ORTHODONTICS'],
        ['', 'NETWORK', 'OUT-OF-NETWORK', 'NETWORK', 'OUT-OF-NETWORK'],
        ['Individual Annual Deductible', '$50', '$50', '$0', '$0'],
        ['Family Annual Deductible', '$150', '$150', '$0', '$0'],
        [
          'Annual Maximum Benefit',
          '$1500 per person per Calendar Year',
          '$1500 per person per Calendar Year',
          '$1000 per person per Lifetime',
          '$1000 per person per Lifetime',
        ],
      ],
      [
        ['COVERED SERVICES', 'NETWORK PLAN PAYS', 'OUT-OF-NETWORK PLAN PAYS'],
        ['PREVENTIVE SERVICES', '', ''],
        ['Sealants', '100%', '100%'],
        ['ORTHODONTIC SERVICES', '', ''],
        ['Orthodontics', '50%', '50%'],
      ],
    ]),
  );
  const rows = tableRows(data, 'dentalInsurance_coveredServices');
  it("give orthodontia's row its deductibles and lifetime maximum, no yearly maximum", () => {
    const ortho = rows.find((r) => r.serviceTypeLabel === 'Orthodontics')!;
    expect(ortho.policyYearDeductibleIndividualInNetwork).toBe('$0');
    expect(ortho.policyYearDeductibleFamilyOutOfNetwork).toBe('$0');
    expect(ortho.orthodonticLifetimeMaximumInNetwork).toBe('$1000 per person per Lifetime');
    expect(ortho.policyYearMaximumInNetwork).toBeUndefined();
    const sealants = rows.find((r) => r.serviceTypeLabel === 'Sealants')!;
    expect(sealants.policyYearDeductibleIndividualInNetwork).toBe('$50');
    expect(sealants.policyYearMaximumInNetwork).toBe('$1500 per person per Calendar Year');
  });
});
