import { describe, expect, it } from 'vitest';
import { parsedDataSchema } from '../../../shared/proposals/parsed-data.ts';
import { type MarkupBlock, markupLayout } from '../testing/markup-layout.ts';
import { fieldValue, tableRows } from '../testing/parsed.ts';
import {
  interpretProposal,
  namedTitle,
  planFromHeading,
  planInOptionHeading,
  planOfRunningHeader,
  planOfTitleBlock,
} from './proposal.ts';

/** The interpreter on layouts unlike the fixtures', one rule of the spec at a time. */

describe('benefit guides and contribution tables', () => {
  const data = interpretProposal(
    markupLayout([
      '# Acme Dental Benefits Guide',
      [
        ['Insurance Carrier', 'Delta Dental of Ohio'],
        ['Plan Year', 'January 1, 2027 – December 31, 2027'],
      ],
      '# Dental Plan Summary',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Deductible (Individual / Family)', '$50 / $150', '$50 / $150'],
        ['Calendar Year Maximum', '$1,500', '$1,000'],
        ['Deductible waived for Preventive', 'Yes', 'Yes'],
        ['Class I – Diagnostic & Preventive', '100%', '100%'],
        ['Class II – Basic Services', '80%', '60%'],
        ['Class III – Major Services', '50%', '40%'],
      ],
      '# Employee Cost Per Pay Period (26 pay periods)',
      [
        ['Coverage Level', 'Employee Share', 'Employer Share', 'Total Premium'],
        ['Employee Only', '$5.10', '$15.30', '$20.40'],
        ['Employee + Spouse', '$10.20', '$30.60', '$40.80'],
      ],
    ]),
  );

  it('is valid parsed data', () => {
    expect(() => parsedDataSchema.parse(data)).not.toThrow();
  });

  it('reads the effective date from the plan year and keeps the carrier label', () => {
    expect(fieldValue(data, 'dentalInsurance_carrierName')).toBe('Delta Dental of Ohio');
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('January 1, 2027');
  });

  it('names the single class All Employees when the document names no group', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]).toMatchObject({
      class: 'All Employees',
    });
  });

  it('does not take a yes/no row for a deductible, and labels Class I–III services by their code', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services.map((s) => [s.serviceTypeLabel, s.serviceTypeTitle])).toEqual([
      ['Class I', 'Diagnostic & Preventive'],
      ['Class II', 'Basic Services'],
      ['Class III', 'Major Services'],
    ]);
    expect(services[0]).toMatchObject({
      policyYearDeductibleIndividualInNetwork: '$50',
      policyYearDeductibleFamilyOutOfNetwork: '$150',
      policyYearMaximumOutOfNetwork: '$1,000',
    });
  });

  it('never takes an employee share under a per-pay-period title for the carrier rate', () => {
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => [r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Employee Only', undefined],
      ['Employee + Spouse', undefined],
    ]);
  });
});

describe('vision amounts printed in separate blocks', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan',
      [
        ['Eligible Group', 'All Benefits-Eligible Employees'],
        ['Eligibility', 'Employees working 20 or more hours per week'],
        ['Dependent Age Limit', 'To the end of the month they turn 26'],
      ],
      '# In-Network Benefits',
      [
        ['Service', 'In-Network'],
        ['Eye Exam', '$10 copay'],
        ['Frames', '$150 allowance'],
      ],
      '# Out-of-Network Reimbursement',
      [
        ['Service', 'Out-of-Network'],
        ['Eye Exam', 'Up to $40'],
        ['Frames', 'Up to $70'],
      ],
      [
        ['Frequency', 'Exam', 'Lenses', 'Frames'],
        ['All members', 'Every 12 months', 'Every 12 months', 'Every 24 months'],
      ],
      [
        ['Tier', 'Monthly Premium'],
        ['Employee', '$6.12'],
        ['Family', '$17.40'],
      ],
      'Rates are guaranteed for 48 months.',
    ]),
  );

  it('joins in- and out-of-network amounts by service name', () => {
    expect(tableRows(data, 'visionInsurance_benefitSummary')).toEqual([
      {
        class: 'All Benefits-Eligible Employees',
        servicesAndMaterials: 'Eye Exam',
        inNetworkCost: '$10 copay',
        outOfNetworkReimbursement: 'Up to $40',
      },
      {
        class: 'All Benefits-Eligible Employees',
        servicesAndMaterials: 'Frames',
        inNetworkCost: '$150 allowance',
        outOfNetworkReimbursement: 'Up to $70',
      },
    ]);
  });

  it('reads plan information, frequency and rates', () => {
    expect(tableRows(data, 'visionInsurance_planInformation')[0]).toEqual({
      class: 'All Benefits-Eligible Employees',
      classDefinition: 'Employees working 20 or more hours per week',
      minimumHoursPerWeek: '20',
      childEligibilityAges: 'To the end of the month they turn 26',
    });
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toMatchObject({
      examination: 'Every 12 months',
      lensesOrContactLenses: 'Every 12 months',
      frame: 'Every 24 months',
    });
    expect(
      tableRows(data, 'visionInsurance_rateTiers').map((r) => [
        r.rateTier,
        r.carrierMonthlyRate,
        r.rateGuaranteeTime,
      ]),
    ).toEqual([
      ['Employee', '$6.12', '48 months'],
      ['Family', '$17.40', '48 months'],
    ]);
  });
});

describe('classes with their own sections', () => {
  const data = interpretProposal(
    markupLayout([
      '# Group Dental Proposal',
      [
        ['Class', 'Description'],
        ['Class A', 'Salaried employees working 40 hours per week'],
        ['Class B', 'Hourly employees working 30 hours per week'],
      ],
      '# Class A: Dental – Select PPO 2000',
      [
        ['Plan Feature', 'In-Network', 'Out-of-Network'],
        ['Annual Maximum', '$2,000', '$2,000'],
        ['Preventive', '100%', '100%'],
      ],
      '# Class B: Dental – Select PPO 1000',
      [
        ['Plan Feature', 'In-Network', 'Out-of-Network'],
        ['Annual Maximum', '$1,000', '$1,000'],
        ['Preventive', '100%', '80%'],
      ],
    ]),
  );

  it('gives each class its own plan and services', () => {
    expect(
      tableRows(data, 'dentalInsurance_planInformation').map((r) => [
        r.class,
        r.planName,
        r.minimumHoursPerWeek,
      ]),
    ).toEqual([
      ['Class A', 'Select PPO 2000', '40'],
      ['Class B', 'Select PPO 1000', '30'],
    ]);
    expect(
      tableRows(data, 'dentalInsurance_coveredServices').map((r) => [
        r.class,
        r.coverageLevelOutOfNetwork,
        r.policyYearMaximumInNetwork,
      ]),
    ).toEqual([
      ['Class A', '100%', '$2,000'],
      ['Class B', '80%', '$1,000'],
    ]);
  });
});

describe('planFromHeading', () => {
  it.each([
    ['Dental – Lincoln DentalConnect PPO 2000 (All Classes)', 'Lincoln DentalConnect PPO 2000'],
    ['Class 1: Dental — Humana Preferred PPO 2000', 'Humana Preferred PPO 2000'],
    ['Dental: Anthem Dental Complete 2000', 'Anthem Dental Complete 2000'],
    ['Dental Aflac Dental PPO 1500', 'Aflac Dental PPO 1500'],
    ['Dental Monthly Rates', undefined],
    ['Dental Plan Options', undefined],
    ['Vision – All Classes', undefined],
    ['Dental Plan Highlights — BlueDental Choice PPO', 'BlueDental Choice PPO'],
    ['Dental Benefits – Class 1', undefined],
    ['Dental Rates – Effective 01/01/2027', undefined],
    ['Dental Plan Summary – Rates', undefined],
    ['Plan Benefits — Lincoln DentalConnect PPO', 'Lincoln DentalConnect PPO'],
    ['Plan Benefits — Acme Select', undefined],
    ['Dental – Ameritas PPO Classic 1500 (Class A and Class B)', 'Ameritas PPO Classic 1500'],
    // a heading ending in a colon heads a section of text
    ['Dental Care Services:', undefined],
    // the kind of plan alone names no plan
    ['Dental HMO', undefined],
    ['Dental PPO', undefined],
  ])('%j → %j', (heading, plan) => {
    expect(planFromHeading(heading, 'dental')).toBe(plan);
  });
});

describe("the plan a first page's title block names", () => {
  const prose =
    'This Summary of Benefits shows the amount you will pay for Covered Services under this Plan.';
  it.each([
    [
      'the plan line under the title, before its networks',
      [
        'PPO Prev/Basic',
        '90th',
        'Dental Benefits Summary',
        'Passive PPO',
        'With PPOII and ExtendSM Networks',
        'Annual Deductible*',
      ],
      'Passive PPO',
    ],
    [
      'the last plan line under the title: the product family first',
      [
        'Summary of Benefits',
        'Acme Dental Essential Choice PPO',
        'Platinum PPO 100/90/60 Active 50/2500',
        'Acme Insurance',
        prose,
      ],
      'Platinum PPO 100/90/60 Active 50/2500',
    ],
    [
      'a plan kind alone passed over',
      [
        'Group Dental Plan',
        'Summary of Benefits',
        'DPPO Plan',
        'Gold DPPO/$2000/U90/Adult+Child Ortho',
        prose,
      ],
      'Gold DPPO/$2000/U90/Adult+Child Ortho',
    ],
    ['a numbered plan under the title', ['Dental PPO Benefit Summary', 'Plan 2', prose], 'Plan 2'],
    ['a numbered plan alone', ['Plan 11023'], 'Plan 11023'],
    // no plan named
    ['a title and prose', ['Dental Benefits Summary', prose], undefined],
    [
      'a title and a heading',
      ['Summary of Benefits', 'Annual Deductible', 'Preventive Services'],
      undefined,
    ],
    ['no title', ['Acme Dental PPO', 'Annual Deductible'], undefined],
    ['a plan line after prose', ['Dental Benefits Summary', prose, 'Passive PPO'], undefined],
    // an insurer's policy: its title, the insurer it comes from, then the plan
    [
      'a policy titled by its kind, the issuer between the title and the plan',
      [
        'Your Dental Policy',
        'From Delta Dental of New Jersey, Inc.',
        'Delta Dental Individual- Basic Family PPO Plan I',
        'P.O. Box 16354',
      ],
      'Delta Dental Individual- Basic Family PPO Plan I',
    ],
  ])('%s', (_, lines, plan) => {
    expect(planOfTitleBlock(lines)).toBe(plan);
  });
});

describe('a first page titled with the plan’s name in large type', () => {
  const page = (title: string, size = 36) => [
    { text: 'Small Business Group/Large Group', size: 11 },
    { text: title, size },
    { text: 'This matrix is intended to be used to help you compare coverage benefits', size: 12 },
  ];
  it.each([
    ['Classic 5 1500', 36, 'Classic 5 1500'],
    ['Gold 2000', 30, 'Gold 2000'],
    // a plan's kind in its name
    ['DHMO Plus 150', 36, 'DHMO Plus 150'],
    // not twice the size of the other lines: a heading among others
    ['Classic 5 1500', 16, undefined],
    // a year, a product, the kind of document: no plan's name
    ['Benefits 2025', 36, undefined],
    ['Dental 1500', 36, undefined],
    ['Summary of Benefits 2', 36, undefined],
    // no figures: a title
    ['Welcome', 36, undefined],
  ])('%j in %d pt → %j', (title, size, plan) => {
    expect(namedTitle(page(title, size))).toBe(plan);
  });
});

describe('rates by class and by product in one table', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental and Vision Proposal',
      'Coverage effective 07/01/2027',
      [
        ['Class', 'Definition'],
        ['Class 1', 'Managers working 35 hours per week'],
        ['Class 2', 'Staff working 25 hours per week'],
      ],
      '# Dental Rates',
      [
        ['Tier', 'Class 1', 'Class 2'],
        ['Employee', '$30.00', '$25.00'],
        ['Family', '$90.00', '$75.00'],
      ],
      '# Vision',
      [
        ['Service', 'In-Network', 'Out-of-Network'],
        ['Eye exam', '$10 copay', 'Up to $40'],
      ],
      'Exams and lenses once every 12 months; frames every 24 months.',
      '# Rate Summary',
      [
        ['Tier', 'Dental', 'Vision'],
        ['Employee', '$30.00', '$6.00'],
        ['Family', '$90.00', '$16.00'],
      ],
    ]),
  );

  it('reads a colon-less effective date', () => {
    expect(fieldValue(data, 'visionInsurance_effectiveDate')).toBe('07/01/2027');
  });

  it('gives each class its column and keeps the class definitions', () => {
    const plan = tableRows(data, 'dentalInsurance_planInformation');
    expect(plan.map((r) => [r.class, r.classDefinition, r.planName])).toEqual([
      ['Class 1', 'Managers working 35 hours per week', undefined],
      ['Class 2', 'Staff working 25 hours per week', undefined],
    ]);
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => [r.class, r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Class 1', 'Employee', '$30.00'],
      ['Class 1', 'Family', '$90.00'],
      ['Class 2', 'Employee', '$25.00'],
      ['Class 2', 'Family', '$75.00'],
    ]);
  });

  it('sends a product column to its product', () => {
    const vision = tableRows(data, 'visionInsurance_rateTiers');
    expect(vision.map((r) => [r.class, r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Class 1', 'Employee', '$6.00'],
      ['Class 1', 'Family', '$16.00'],
      ['Class 2', 'Employee', '$6.00'],
      ['Class 2', 'Family', '$16.00'],
    ]);
  });

  it('reads frequencies stated in running text', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toEqual({
      class: 'Class 1',
      examination: 'once every 12 months',
      lensesOrContactLenses: 'once every 12 months',
      frame: 'every 24 months',
    });
  });
});

describe('classes named by headings only', () => {
  const data = interpretProposal(
    markupLayout([
      '# Group Dental Proposal',
      '# Class A – Union Employees',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive', '100%', '100%'],
        ['Basic', '80%', '80%'],
      ],
      '# Class B – Non-Union Employees working 30+ hours',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive', '100%', '90%'],
        ['Basic', '70%', '60%'],
      ],
    ]),
  );

  it('takes each class definition from its heading', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation')).toEqual([
      { class: 'Class A', classDefinition: 'Union Employees' },
      {
        class: 'Class B',
        classDefinition: 'Non-Union Employees working 30+ hours',
        minimumHoursPerWeek: '30',
      },
    ]);
  });
});

describe('benefits printed as labelled lines', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental – Smart Premier 1500',
      'Amounts shown as In-Network / Out-of-Network',
      'Deductible (individual / family): $50 / $150',
      'Annual Maximum: $1,500',
      'Preventive (exams, cleanings, X-rays): 100% / 100%',
      'Basic (fillings, extractions): 80% / 70%',
      'Orthodontia Eligibility: Dependent children under 19',
      'Eligibility: Full-time employees working 30 hours per week',
    ]),
  );

  it('reads each line as a benefit row, a pair as in- and out-of-network', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services[1]).toMatchObject({
      serviceTypeLabel: 'Basic',
      serviceTypeList: 'fillings, extractions',
      coverageLevelInNetwork: '80%',
      coverageLevelOutOfNetwork: '70%',
      policyYearDeductibleIndividualInNetwork: '$50',
      policyYearDeductibleFamilyOutOfNetwork: '$150',
      policyYearMaximumOutOfNetwork: '$1,500',
    });
  });

  it('reads no benefit from a labelled line that states a rule', () => {
    const limits = interpretProposal(
      markupLayout([
        '# Dental – Limitations',
        'Sealants: Plan benefit applies to primary and permanent molar teeth',
        'Panoramic or full-mouth X-rays: Once every three years',
        'Dentures: Replacement once every five years',
      ]),
    );
    expect(tableRows(limits, 'dentalInsurance_coveredServices')).toEqual([]);
  });

  it('does not take a benefit eligibility for the class eligibility', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]).toMatchObject({
      classDefinition: 'Full-time employees working 30 hours per week',
      minimumHoursPerWeek: '30',
    });
  });
});

describe('in- and out-of-network amounts in separate blocks', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan Summary',
      '# In-Network Benefits',
      [
        ['Exam', '$10 copay'],
        ['Frames', '$150 allowance'],
      ],
      '# Out-of-Network Reimbursement',
      [
        ['Exam', 'Up to $45'],
        ['Frames', 'Up to $70'],
      ],
    ]),
  );

  it('joins them by service name', () => {
    expect(tableRows(data, 'visionInsurance_benefitSummary')).toEqual([
      {
        class: 'All Employees',
        servicesAndMaterials: 'Exam',
        inNetworkCost: '$10 copay',
        outOfNetworkReimbursement: 'Up to $45',
      },
      {
        class: 'All Employees',
        servicesAndMaterials: 'Frames',
        inNetworkCost: '$150 allowance',
        outOfNetworkReimbursement: 'Up to $70',
      },
    ]);
  });
});

describe('merged labels over sub-labels and sections that end', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Benefits',
      [
        ['>>Benefit', 'In-Network', 'Out-of-Network'],
        ['Calendar Year Deductible', 'Individual', '$50', '$75'],
        ['^^', 'Family', '$150', '$225'],
        ['>>Preventive', '100%', '90%'],
        ['Orthodontia', 'Lifetime Maximum', '$1,500', '$1,500'],
        ['^^', 'Eligible Persons', 'Children to age 19', 'Children to age 19'],
        ['>>Orthodontia', '50%', '50%'],
      ],
      '# Vision Benefits',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Exam', '$10 copay', 'Up to $40'],
        ['Frames', '$130 allowance', 'Up to $50'],
      ],
      '# Monthly Premium Rates',
      [
        ['Coverage Tier', 'Dental', 'Vision'],
        ['Employee', '$31.84', '$7.42'],
        ['Family', '$117.81', '$21.74'],
      ],
      'Rates are guaranteed for 24 months.',
    ]),
  );

  it('reads a sub-label with the label merged over it', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services[0]).toMatchObject({
      serviceTypeLabel: 'Preventive',
      policyYearDeductibleIndividualOutOfNetwork: '$75',
      policyYearDeductibleFamilyInNetwork: '$150',
    });
    expect(services[1]).toMatchObject({
      serviceTypeLabel: 'Orthodontia',
      orthodonticLifetimeMaximumInNetwork: '$1,500',
      coveredPersonsOutOfNetwork: 'Children to age 19',
    });
  });

  it('applies a guarantee under a rates heading that ends the vision section to both products', () => {
    for (const label of ['dentalInsurance_rateTiers', 'visionInsurance_rateTiers'] as const) {
      const rows = tableRows(data, label);
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.rateGuaranteeTime).toBe('24 months');
    }
  });
});

describe('a vision grid with both networks in one column', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan Design',
      [
        ['Benefit', 'In-Network / Out-of-Network', 'Frequency'],
        ['Eye Exam', '$10 copay / Up to $50', 'Once every 12 months'],
        ['Materials Copay', '$20 / N/A', '—'],
        ['Frames', '$150 allowance / Up to $70', 'Once every 24 months'],
        ['Medically Necessary Contact Lenses', 'Covered in full', 'Once every 12 months'],
      ],
    ]),
  );

  it('splits each cell at the slash into in- and out-of-network', () => {
    expect(
      tableRows(data, 'visionInsurance_benefitSummary').map((r) => [
        r.servicesAndMaterials,
        r.inNetworkCost,
        r.outOfNetworkReimbursement,
      ]),
    ).toEqual([
      ['Eye Exam', '$10 copay', 'Up to $50'],
      ['Materials Copay', '$20', 'N/A'],
      ['Frames', '$150 allowance', 'Up to $70'],
      ['Medically Necessary Contact Lenses', 'Covered in full', 'Covered in full'],
    ]);
  });
});

describe('a grid column printed once for two plan options', () => {
  // the premiums name each plan; the benefit grid prints one column for the first two
  const data = (joined: string) =>
    interpretProposal(
      markupLayout([
        '# Dental Insurance',
        [
          ['Coverage', 'Uniform Dental', 'Preventive Plan', 'Select Plan'],
          ['Individual', '$4', '$37.18', '$9.08'],
          ['Family', '$11', '$92.98', '$21.76'],
        ],
        '# Dental: What is Covered',
        [
          ['Benefit', joined, 'Select Plan'],
          ['Annual deductible', 'None', '$100 / person'],
          ['Fillings', '100%', 'No coverage'],
          ['Crowns, bridges, dentures, implants', 'No coverage', '50%'],
        ],
      ]),
    );
  it.each([
    'Uniform Dental & Preventive Plan',
    'Uniform Dental and Preventive Plan',
    'Uniform Dental / Preventive Plan',
  ])('gives its values to each of them (%j)', (joined) => {
    const services = tableRows(data(joined), 'dentalInsurance_coveredServices');
    expect(
      services.map((s) => [
        s.class,
        s.serviceTypeLabel,
        s.coverageLevelInNetwork,
        s.policyYearDeductibleIndividualInNetwork,
      ]),
    ).toEqual([
      ['Uniform Dental', 'Fillings', '100%', 'None'],
      ['Uniform Dental', 'Crowns, bridges, dentures, implants', 'No coverage', 'None'],
      ['Preventive Plan', 'Fillings', '100%', 'None'],
      ['Preventive Plan', 'Crowns, bridges, dentures, implants', 'No coverage', 'None'],
      ['Select Plan', 'Fillings', 'No coverage', '$100 / person'],
      ['Select Plan', 'Crowns, bridges, dentures, implants', '50%', '$100 / person'],
    ]);
    expect(tableRows(data(joined), 'dentalInsurance_planInformation').map((r) => r.class)).toEqual([
      'Uniform Dental',
      'Preventive Plan',
      'Select Plan',
    ]);
  });

  it('keeps a heading that joins words which are no other options as one option', () => {
    const services = tableRows(data('Basic & Major Plan'), 'dentalInsurance_coveredServices');
    expect(new Set(services.map((s) => s.class))).toContain('Basic & Major Plan');
  });
});

describe('orthodontia coverage printed with whom it covers', () => {
  it.each([
    ['50% (Under age 19)', '50%', 'Under age 19'],
    ['50% (Any age)', '50%', 'Any age'],
    ['50%', '50%', undefined],
  ])('%j → coverage %j, covered persons %j', (cell, coverage, persons) => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Plan Summary',
        [
          ['Benefit', 'In-Network'],
          ['Annual deductible', '$50'],
          ['Fillings', '80%'],
          ['Orthodontics coverage', cell],
          ['Orthodontics lifetime maximum', '$1,500'],
        ],
      ]),
    );
    const ortho = tableRows(data, 'dentalInsurance_coveredServices').find(
      (r) => r.serviceTypeLabel === 'Orthodontics coverage',
    );
    expect(ortho).toMatchObject({
      coverageLevelInNetwork: coverage,
      orthodonticLifetimeMaximumInNetwork: '$1,500',
    });
    expect(ortho?.coveredPersonsInNetwork).toBe(persons);
  });
});

describe("a frequency said only by a service line's label", () => {
  it('is the frequency of the item it names, when no frequency is printed for it', () => {
    const data = interpretProposal(
      markupLayout([
        '# Vision Insurance',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Yearly routine exam copay', '$15', 'Up to $45'],
          ['Frames', '$150 allowance', '$70 allowance'],
          ['Frames benefit frequency', '24 months', '24 months'],
        ],
      ]),
    );
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toMatchObject({
      examination: 'Yearly',
      frame: '24 months',
    });
  });
});

describe('a premium row under its tiers, with no label of its own', () => {
  // 'Vision: Monthly Cost (Premium)': four tier headings over one row of amounts
  const layout = (tiers: string[], amounts: string[]) =>
    interpretProposal(
      markupLayout([
        '# Vision Insurance',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye exam', '$15 copay', 'Up to $45'],
          ['Frames', '$150 allowance', '$70 allowance'],
        ],
        '# Vision: Monthly Cost (Premium)',
        [tiers, amounts],
      ]),
    );
  it.each([
    [
      ['Individual', 'Individual + Spouse', 'Individual + Child(ren)', 'Family'],
      ['$4.72', '$9.40', '$10.60', '$16.94'],
      [
        ['Individual', '$4.72'],
        ['Individual + Spouse', '$9.40'],
        ['Individual + Child(ren)', '$10.60'],
        ['Family', '$16.94'],
      ],
    ],
    [
      ['Employee Only', 'Family'],
      ['$6.10', '$15.20'],
      [
        ['Employee Only', '$6.10'],
        ['Family', '$15.20'],
      ],
    ],
  ])('every tier keeps its amount, the first too (%j)', (tiers, amounts, expected) => {
    const rates = tableRows(layout(tiers, amounts), 'visionInsurance_rateTiers');
    expect(rates.map((r) => [r.rateTier, r.carrierMonthlyRate])).toEqual(expected);
  });
});

describe('facts with their labels across the top', () => {
  const data = interpretProposal(
    markupLayout([
      '# Lakeside Dental Proposal',
      [
        ['Effective Date', 'Eligible Class', 'Eligibility', 'Contribution', 'Rate Guarantee'],
        [
          'April 1, 2027',
          'All Full-Time Employees',
          'Working 30 or more hours per week',
          'Contributory',
          '24 months',
        ],
      ],
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Type 1 (Preventive)', '100%', '100%'],
        ['Type 2 (Basic)', '80%', '70%'],
      ],
      [
        ['Tier', 'Monthly Rate'],
        ['Employee', '$30.00'],
        ['Family', '$90.00'],
      ],
    ]),
  );

  it('reads each heading as the label of the value under it', () => {
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('April 1, 2027');
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]).toMatchObject({
      class: 'All Full-Time Employees',
      classDefinition: 'Working 30 or more hours per week',
      contributionStructure: 'Contributory',
      minimumHoursPerWeek: '30',
    });
    expect(tableRows(data, 'dentalInsurance_rateTiers')[0]).toMatchObject({
      rateTier: 'Employee',
      carrierMonthlyRate: '$30.00',
      rateGuaranteeTime: '24 months',
    });
  });
});

describe('plan options over columns that each hold both networks', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Options',
      [
        ['Benefit', 'Base Plan', 'Enhanced Plan'],
        ['^^', 'In-Network / Out-of-Network', 'In-Network / Out-of-Network'],
        ['Exam', '$10 copay / Up to $40', '$0 copay / Up to $50'],
        ['Frames', '$130 allowance / Up to $50', '$200 allowance / Up to $80'],
      ],
    ]),
  );

  it("splits each option's cells at the slash", () => {
    expect(
      tableRows(data, 'visionInsurance_benefitSummary').map((r) => [
        r.class,
        r.servicesAndMaterials,
        r.inNetworkCost,
        r.outOfNetworkReimbursement,
      ]),
    ).toEqual([
      ['Base Plan', 'Exam', '$10 copay', 'Up to $40'],
      ['Base Plan', 'Frames', '$130 allowance', 'Up to $50'],
      ['Enhanced Plan', 'Exam', '$0 copay', 'Up to $50'],
      ['Enhanced Plan', 'Frames', '$200 allowance', 'Up to $80'],
    ]);
  });
});

describe('plan-wide amounts as labelled lines above a grid of procedures', () => {
  const data = interpretProposal(
    markupLayout([
      '# Sentinel Dental PPO Summary',
      'Calendar Year Deductible: $50 Individual / $150 Family',
      'Annual Benefit Maximum per Member: $1,250',
      [
        ['Service', 'In Network', 'Out of Network'],
        ['Diagnostic & Preventive Services (Exams, Cleanings, X-rays)', '100%', '100%'],
        ['Fillings', '80%', '80%'],
        ['Crowns, Bridges and Dentures', '50%', '50%'],
      ],
    ]),
  );

  it('applies them to every service row, the deductible split into individual and family', () => {
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(rows.map((r) => r.serviceTypeLabel)).toEqual([
      'Diagnostic & Preventive Services',
      'Fillings',
      'Crowns, Bridges and Dentures',
    ]);
    for (const r of rows)
      expect(r).toMatchObject({
        policyYearDeductibleIndividualInNetwork: '$50',
        policyYearDeductibleFamilyOutOfNetwork: '$150',
        policyYearMaximumInNetwork: '$1,250',
        policyYearMaximumOutOfNetwork: '$1,250',
      });
  });
});

describe('rate tables with a totals row and a monthly column under a per-pay-period title', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Benefits',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive', '100%', '90%'],
        ['Basic', '80%', '70%'],
      ],
      '# Dental Monthly Premium',
      [
        ['Coverage Tier', 'Enrolled', 'Monthly Rate', 'Total Monthly Premium'],
        ['Employee Only', '12', '$31.20', '$374.40'],
        ['Family', '7', '$104.50', '$731.50'],
        ['Total', '19', '', '$1,105.90'],
      ],
      '# Vision Contributions (Semi-Monthly)',
      [
        ['Tier', 'Total Monthly Rate', 'Employer Share', 'Employee Share'],
        ['Employee Only', '$8.00', '$4.00', '$2.00'],
        ['Family', '$20.00', '$4.00', '$8.00'],
      ],
    ]),
  );

  it('reads no tier from the totals row', () => {
    expect(
      tableRows(data, 'dentalInsurance_rateTiers').map((r) => [r.rateTier, r.carrierMonthlyRate]),
    ).toEqual([
      ['Employee Only', '$31.20'],
      ['Family', '$104.50'],
    ]);
  });

  it('keeps a column headed monthly as the rate and the employee share as the contribution', () => {
    expect(
      tableRows(data, 'visionInsurance_rateTiers').map((r) => [
        r.rateTier,
        r.carrierMonthlyRate,
        r.premiumContributions,
      ]),
    ).toEqual([
      ['Employee Only', '$8.00', '$2.00'],
      ['Family', '$20.00', '$8.00'],
    ]);
  });
});

describe('a benefit table with a procedures column and a plan year in a sentence', () => {
  const data = interpretProposal(
    markupLayout([
      '# Plan Benefits',
      [
        ['Service Category', 'Covered Procedures', 'In-Network', 'Out-of-Network'],
        ['Calendar Year Deductible', 'Individual / Family', '$50 / $150', '$50 / $150'],
        ['Calendar Year Maximum', 'Per covered member', '$1,500', '$1,500'],
        ['Preventive', 'Exams, cleanings, x-rays', '100%', '100%'],
        ['Basic', 'Fillings, simple extractions', '80%', '80%'],
        ['Major', 'Crowns, bridges, dentures', '50%*', '50%*'],
      ],
      '# Monthly Premium',
      [
        ['Coverage', 'Monthly Rate'],
        ['Employee', '$36.92'],
        ['Employee + One', '$72.18'],
      ],
      'The rates above are for the 2027 plan year and are guaranteed for 12 months.',
    ]),
  );

  it('reads "Covered Procedures" as a heading and its column as the service lists', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services.map((s) => s.serviceTypeList)).toEqual([
      'Exams, cleanings, x-rays',
      'Fillings, simple extractions',
      'Crowns, bridges, dentures',
    ]);
    expect(services[2]).toMatchObject({
      coverageLevelInNetwork: '50%',
      policyYearDeductibleFamilyOutOfNetwork: '$150',
    });
  });

  it('does not read the deductible and maximum rows as rate tiers', () => {
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => r.rateTier)).toEqual(['Employee', 'Employee + One']);
    expect(rates[0]).toMatchObject({
      policyYear: '2027 plan year',
      rateGuaranteeTime: '12 months',
    });
  });
});

describe('a comparison grid with INN / OON columns and a plan row under the options', () => {
  const data = interpretProposal(
    markupLayout([
      '# Group Dental Plan Comparison',
      [
        ['Plan Feature', '>>Option 1', '>>Option 2'],
        ['^^', 'INN', 'OON', 'INN', 'OON'],
        ['Plan', '>>Preventive Plus', '>>Core PPO 1000'],
        ['Annual Maximum', '$750', '$750', '$1,000', '$1,000'],
        ['Type I – Preventive', '100%', '100%', '100%', '90%'],
        ['Type II – Basic', '50%', '50%', '80%', '70%'],
      ],
    ]),
  );

  it('reads INN and OON as the networks of each option', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      services.find((s) => s.class === 'Option 2' && s.serviceTypeLabel === 'Type II'),
    ).toMatchObject({
      coverageLevelInNetwork: '80%',
      coverageLevelOutOfNetwork: '70%',
      policyYearMaximumOutOfNetwork: '$1,000',
    });
  });

  it('takes the plan row as each option plan name, not as a heading row', () => {
    expect(
      tableRows(data, 'dentalInsurance_planInformation').map((r) => [r.class, r.planName]),
    ).toEqual([
      ['Option 1', 'Preventive Plus'],
      ['Option 2', 'Core PPO 1000'],
    ]);
  });
});

describe('a comparison grid whose last rows are the monthly premiums', () => {
  const data = interpretProposal(
    markupLayout([
      '# Group Dental Plan Comparison',
      [
        ['Plan Feature', '>>Option 1', '>>Option 2'],
        ['^^', 'INN', 'OON', 'INN', 'OON'],
        ['Annual Maximum', '$750', '$750', '$1,000', '$1,000'],
        ['Type I – Preventive', '100%', '100%', '100%', '90%'],
        ['Type II – Basic', '50%', '50%', '80%', '70%'],
        ['>>>>>>>>Monthly Premium'],
        ['Employee', '>>$19.84', '>>$31.47'],
        ['Family', '>>$66.58', '>>$108.25'],
      ],
    ]),
  );

  it('reads the rows under the premium section row as rates per option', () => {
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => [r.class, r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Option 1', 'Employee', '$19.84'],
      ['Option 1', 'Family', '$66.58'],
      ['Option 2', 'Employee', '$31.47'],
      ['Option 2', 'Family', '$108.25'],
    ]);
    expect(tableRows(data, 'dentalInsurance_coveredServices')).toHaveLength(4);
  });
});

describe('plans and networks named in one heading row', () => {
  const data = interpretProposal(
    markupLayout([
      '# Plan Design',
      [
        [
          'Benefit',
          'High PPO In-Network',
          'High PPO Out-of-Network',
          'Low PPO In-Network',
          'Low PPO Out-of-Network',
        ],
        ['Annual Maximum', '$1,500', '$1,500', '$1,000', '$1,000'],
        ['Type I – Preventive', '100%', '100%', '100%', '80%'],
        ['Type II – Basic', '80%', '80%', '70%', '50%'],
      ],
    ]),
  );

  it('reads the words before the network as the option', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      services.map((s) => [
        s.class,
        s.serviceTypeLabel,
        s.coverageLevelInNetwork,
        s.coverageLevelOutOfNetwork,
      ]),
    ).toEqual([
      ['High PPO', 'Type I', '100%', '100%'],
      ['High PPO', 'Type II', '80%', '80%'],
      ['Low PPO', 'Type I', '100%', '80%'],
      ['Low PPO', 'Type II', '70%', '50%'],
    ]);
  });
});

describe('a plan summary per class with facts among the benefits', () => {
  const data = interpretProposal(
    markupLayout([
      '# Class 1 – Salaried Employees',
      [
        ['Plan Feature', 'Benefit'],
        ['Eligibility', 'All salaried employees working at least 30 hours per week'],
        ['Employer Contribution', 'Employer Paid'],
        ['Plan', 'Freedom Select 2000'],
        ['Calendar Year Maximum', '$2,000 per person'],
        ['Type 1 – Preventive', '100%'],
        ['Type 2 – Basic', '80%'],
        ['>>Monthly Rates'],
        ['Employee Only', '$46.35'],
        ['Employee + Family', '$158.45'],
        ['Rate Guarantee', '24 months'],
      ],
    ]),
  );

  it('reads eligibility, contribution and plan from the rows', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]).toMatchObject({
      class: 'Class 1',
      classDefinition: 'All salaried employees working at least 30 hours per week',
      contributionStructure: 'Employer Paid',
      minimumHoursPerWeek: '30',
      planName: 'Freedom Select 2000',
    });
  });

  it('reads the rates under the section row, with the guarantee printed below them', () => {
    expect(
      tableRows(data, 'dentalInsurance_rateTiers').map((r) => [
        r.rateTier,
        r.carrierMonthlyRate,
        r.rateGuaranteeTime,
      ]),
    ).toEqual([
      ['Employee Only', '$46.35', '24 months'],
      ['Employee + Family', '$158.45', '24 months'],
    ]);
  });
});

describe('who orthodontia covers, said in a note under the grid', () => {
  const data = interpretProposal(
    markupLayout([
      [
        [
          'Benefit',
          'High In-Network',
          'High Out-of-Network',
          'Low In-Network',
          'Low Out-of-Network',
        ],
        ['Type I – Preventive', '100%', '100%', '100%', '80%'],
        ['Type IV – Orthodontia', '50%', '50%', 'Not Covered', 'Not Covered'],
      ],
      'Orthodontia is limited to dependent children under age 19.',
    ]),
  );

  it('goes to the orthodontic rows that cover it only', () => {
    const ortho = tableRows(data, 'dentalInsurance_coveredServices').filter(
      (s) => s.serviceTypeLabel === 'Type IV',
    );
    expect(ortho.map((s) => [s.class, s.coveredPersonsInNetwork])).toEqual([
      ['High', 'dependent children under age 19'],
      ['Low', undefined],
    ]);
  });
});

describe('fourth blind round: layouts in the dev set’s style', () => {
  it('gives each listed class the plan whose heading names it, rate columns included', () => {
    const data = interpretProposal(
      markupLayout([
        '# Group Dental Proposal',
        [
          ['Class', 'Eligible Employees', 'Minimum Hours per Week'],
          ['Class 1', 'Officers', '30'],
          ['Class 2', 'Salaried employees', '30'],
          ['Class 3', 'Hourly employees', '32'],
        ],
        '# Dental Plan Summary',
        [
          ['Benefit', '>>PPO High (Classes 1 and 2)', '>>PPO Low (Class 3)'],
          ['', 'In-Network', 'Out-of-Network', 'In-Network', 'Out-of-Network'],
          ['Calendar Year Maximum', '$2,000', '$1,500', '$1,000', '$1,000'],
          ['Preventive Services', '100%', '100%', '100%', '80%'],
          ['Basic Services', '90%', '80%', '70%', '60%'],
        ],
        '# Monthly Premium Rates',
        [
          ['Coverage Tier', 'Dental PPO High', 'Dental PPO Low'],
          ['Employee Only', '$44.12', '$29.64'],
          ['Employee + Family', '$149.80', '$99.15'],
        ],
      ]),
    );
    const plans = tableRows(data, 'dentalInsurance_planInformation');
    expect(plans.map((p) => [p.class, p.planName, p.minimumHoursPerWeek])).toEqual([
      ['Class 1', 'PPO High', '30'],
      ['Class 2', 'PPO High', '30'],
      ['Class 3', 'PPO Low', '32'],
    ]);
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      services
        .filter((s) => s.serviceTypeLabel === 'Basic Services')
        .map((s) => [s.class, s.coverageLevelInNetwork, s.policyYearMaximumOutOfNetwork]),
    ).toEqual([
      ['Class 1', '90%', '$1,500'],
      ['Class 2', '90%', '$1,500'],
      ['Class 3', '70%', '$1,000'],
    ]);
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => [r.class, r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Class 1', 'Employee Only', '$44.12'],
      ['Class 1', 'Employee + Family', '$149.80'],
      ['Class 2', 'Employee Only', '$44.12'],
      ['Class 2', 'Employee + Family', '$149.80'],
      ['Class 3', 'Employee Only', '$29.64'],
      ['Class 3', 'Employee + Family', '$99.15'],
    ]);
  });

  it('reads product section rows of one rate exhibit, the renewal column and the named group', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental and Vision Renewal',
        [
          ['Renewal Date:', 'July 1, 2027'],
          ['Renewal Period:', 'July 1, 2027 – June 30, 2028'],
        ],
        '# Renewal Rate Exhibit',
        [
          ['Coverage', 'Current Monthly Rate', 'Renewal Monthly Rate'],
          ['>>>>Dental'],
          ['Employee', '$38.40', '$40.13'],
          ['Employee + Family', '$124.90', '$130.52'],
          ['>>>>Vision'],
          ['Employee', '$6.85', '$6.95'],
          ['Employee + Family', '$19.70', '$19.90'],
        ],
        'Eligible class: All Full-Time Employees – active employees working at least 30 hours per week. Contribution:',
        'employer pays 50% of employee cost.',
        '# Dental Plan Summary',
        [
          ['Benefit', 'PPO', 'Non-PPO'],
          ['Preventive Services', '100%', '100%'],
          ['Basic Services', '80%', '80%'],
        ],
        '# Vision Plan Summary',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye Examination', '$10 copay', 'Up to $40'],
          ['Frame Allowance', '$130', 'Up to $65'],
        ],
      ]),
    );
    const dental = tableRows(data, 'dentalInsurance_rateTiers');
    expect(dental.map((r) => [r.class, r.rateTier, r.carrierMonthlyRate, r.policyYear])).toEqual([
      ['All Full-Time Employees', 'Employee', '$40.13', 'July 1, 2027 – June 30, 2028'],
      ['All Full-Time Employees', 'Employee + Family', '$130.52', 'July 1, 2027 – June 30, 2028'],
    ]);
    const vision = tableRows(data, 'visionInsurance_rateTiers');
    expect(vision.map((r) => [r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Employee', '$6.95'],
      ['Employee + Family', '$19.90'],
    ]);
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]).toMatchObject({
      class: 'All Full-Time Employees',
      classDefinition: 'active employees working at least 30 hours per week',
      contributionStructure: 'employer pays 50% of employee cost',
      minimumHoursPerWeek: '30',
    });
  });

  it('reads a deductible block headed in its label column, and codes beside their categories', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental – Acme PPO 1500 (Class A and Class B)',
        [
          ['Benefit Year Deductible', 'In-Network', 'Out-of-Network'],
          ['Individual', '$50', '$100'],
          ['Family', '$150', '$300'],
          ['Benefit Year Maximum', 'In-Network', 'Out-of-Network'],
          ['Per person', '$1,500', '$1,250'],
        ],
        [
          ['Type', 'Services', 'Examples', 'In-Network', 'Out-of-Network'],
          ['Type 1', 'Preventive', 'Exams, cleanings, x-rays', '100%', '100%'],
          ['Type 2', 'Basic', 'Fillings, extractions', '80%', '70%'],
        ],
      ]),
    );
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services[1]).toMatchObject({
      serviceTypeLabel: 'Type 2',
      serviceTypeTitle: 'Basic',
      serviceTypeList: 'Fillings, extractions',
      policyYearDeductibleIndividualOutOfNetwork: '$100',
      policyYearDeductibleFamilyInNetwork: '$150',
      policyYearMaximumOutOfNetwork: '$1,250',
    });
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]?.planName).toBe('Acme PPO 1500');
  });
});

describe('fourth blind round: rows that are no category, ortho persons beside the maximum', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Quote',
      [
        ['Benefit', 'Covered Procedures', 'In-Network', 'Out-of-Network'],
        ['Basic Services', 'Fillings, extractions', '80%', '80%'],
        ['Orthodontia', 'Child orthodontia', '50%', '50%'],
        ['Orthodontic Lifetime Maximum', 'Dependent children to age 19', '$1,500', '$1,500'],
        ['Implant coverage', '', 'Covered as Major', 'Covered as Major'],
      ],
      'Group dental coverage is underwritten by Acme Life Insurance Company. Quote Q-1 · Page 1 of 1',
    ]),
  );

  it('takes no row paid "as" another category for a category of its own', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services.map((s) => s.serviceTypeLabel)).toEqual(['Basic Services', 'Orthodontia']);
  });

  it("reads who orthodontia covers from the maximum row's description column", () => {
    const ortho = tableRows(data, 'dentalInsurance_coveredServices')[1];
    expect(ortho).toMatchObject({
      orthodonticLifetimeMaximumInNetwork: '$1,500',
      coveredPersonsInNetwork: 'Dependent children to age 19',
    });
  });

  it('ends the underwriter at the full stop after its name', () => {
    expect(fieldValue(data, 'dentalInsurance_carrierName')).toBe('Acme Life Insurance Company');
  });
});

describe('plan headings naming classes without a class table', () => {
  it('lays the plans out by the classes their headings name', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Plan Summary',
        [
          ['Benefit', '>>Plan A (Classes 1 and 2)', '>>Plan B (Class 3)'],
          ['', 'In-Network', 'Out-of-Network', 'In-Network', 'Out-of-Network'],
          ['Preventive Services', '100%', '100%', '100%', '80%'],
          ['Basic Services', '90%', '80%', '70%', '60%'],
        ],
      ]),
    );
    const plans = tableRows(data, 'dentalInsurance_planInformation');
    expect(plans.map((p) => [p.class, p.planName])).toEqual([
      ['Class 1', 'Plan A'],
      ['Class 2', 'Plan A'],
      ['Class 3', 'Plan B'],
    ]);
  });

  it('reads a "Class" column of service codes beside their categories as codes, not classes', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Benefit Summary',
        [
          ['Class', 'Covered Services', 'PPO Dentist', 'Non-PPO Dentist'],
          ['>>Calendar Year Deductible (Individual / Family)', '$50 / $150', '$75 / $225'],
          ['Class I', 'Diagnostic & Preventive: Exams, cleanings, x-rays', '100%', '90%'],
          ['Class II', 'Basic Services: Fillings, extractions', '80%', '70%'],
        ],
      ]),
    );
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      rows.map((r) => [r.class, r.serviceTypeLabel, r.serviceTypeTitle, r.serviceTypeList]),
    ).toEqual([
      ['All Employees', 'Class I', 'Diagnostic & Preventive', 'Exams, cleanings, x-rays'],
      ['All Employees', 'Class II', 'Basic Services', 'Fillings, extractions'],
    ]);
    expect(rows[0]!.policyYearDeductibleFamilyOutOfNetwork).toBe('$225');
  });

  it('reads an orthodontia table and an orthodontia section as the orthodontia row', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Benefit Summary',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '100%'],
        ],
        '# Orthodontia',
        [
          ['Orthodontic Benefit', 'In-Network', 'Out-of-Network'],
          ['Coinsurance', '50%', '50%'],
          ['Lifetime Maximum', '$1,000', '$1,000'],
          ['Who is covered', '>>Dependent children to age 19'],
        ],
      ]),
    );
    const ortho = tableRows(data, 'dentalInsurance_coveredServices').find(
      (r) => r.serviceTypeLabel === 'Orthodontia',
    );
    expect(ortho).toMatchObject({
      coverageLevelInNetwork: '50%',
      orthodonticLifetimeMaximumOutOfNetwork: '$1,000',
      coveredPersonsInNetwork: 'Dependent children to age 19',
    });
  });

  it('takes no waiting period under a "Waiting Periods" row for a benefit', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Major Services', '50%', '40%'],
          ['>>>>Waiting Periods'],
          ['Major Services', '>>12 months'],
        ],
      ]),
    );
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(rows.map((r) => [r.serviceTypeLabel, r.coverageLevelInNetwork])).toEqual([
      ['Major Services', '50%'],
    ]);
  });

  it('reads rate columns headed by the listed classes, with names over amounts as headings', () => {
    const data = interpretProposal(
      markupLayout([
        [
          ['Class', 'Who is eligible', 'Hours / week'],
          ['Salaried', 'Salaried employees working 30 hours per week', '30'],
          ['Hourly', 'Hourly employees working 24 hours per week', '24'],
        ],
        '# Dental Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '100%'],
        ],
        'Dental Monthly Rates by Class',
        [
          ['Coverage', 'Salaried', 'Hourly'],
          ['Employee', '$41.26', '$43.90'],
          ['Family', '$133.70', '$142.25'],
        ],
        'Rates for both plans are guaranteed for 12 months.',
      ]),
    );
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => [r.class, r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Salaried', 'Employee', '$41.26'],
      ['Salaried', 'Family', '$133.70'],
      ['Hourly', 'Employee', '$43.90'],
      ['Hourly', 'Family', '$142.25'],
    ]);
  });

  it('reads one composite rate per member beside an annual column', () => {
    const data = interpretProposal(
      markupLayout([
        '# Vision Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye exam', '$10 copay', 'Up to $45'],
        ],
        [
          ['Rate Basis', 'Monthly Premium per Member', 'Annual'],
          ['Composite', '$9.85', '$118.20'],
        ],
        'Rates are locked for 36 months.',
      ]),
    );
    const rates = tableRows(data, 'visionInsurance_rateTiers');
    expect(rates.map((r) => [r.rateTier, r.carrierMonthlyRate, r.rateGuaranteeTime])).toEqual([
      ['Composite', '$9.85', '36 months'],
    ]);
  });

  it('gives a guarantee for "both plans" printed in one section to both products', () => {
    const data = interpretProposal(
      markupLayout([
        '# Vision Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye exam', '$10 copay', 'Up to $45'],
        ],
        [
          ['Tier', 'Monthly Rate'],
          ['Employee', '$6.84'],
          ['Family', '$20.11'],
        ],
        '# Dental Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '100%'],
        ],
        [
          ['Tier', 'Monthly Rate'],
          ['Employee', '$41.26'],
          ['Family', '$133.70'],
        ],
        'Rates for both plans are guaranteed through 12/31/27.',
      ]),
    );
    for (const label of ['dentalInsurance_rateTiers', 'visionInsurance_rateTiers'])
      expect(tableRows(data, label).map((r) => r.rateGuaranteeDate)).toEqual([
        '12/31/27',
        '12/31/27',
      ]);
  });

  it('reads class contributions stated in one sentence and a funding basis in prose', () => {
    const data = interpretProposal(
      markupLayout([
        [
          ['Class', 'Description'],
          ['Class 1', 'Management employees working 35 hours per week'],
          ['Class 2', 'All other employees working 30 hours per week'],
        ],
        'Contribution: Class 1 is Employer Paid; Class 2 is Voluntary.',
        '# Vision Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye exam', '$10 copay', 'Up to $45'],
        ],
      ]),
    );
    expect(
      tableRows(data, 'visionInsurance_planInformation').map((r) => r.contributionStructure),
    ).toEqual(['Employer Paid', 'Voluntary']);
    const prose = interpretProposal(
      markupLayout([
        'Both plans are offered on a voluntary basis.',
        '# Vision Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye exam', '$10 copay', 'Up to $45'],
        ],
      ]),
    );
    expect(tableRows(prose, 'visionInsurance_planInformation')[0]?.contributionStructure).toBe(
      'voluntary',
    );
  });

  it('takes a plan insurer named "Blue Shield" after "underwritten by" as the carrier', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '100%'],
        ],
        'Dental plans are underwritten by Blue Shield of California. This quote is a summary.',
      ]),
    );
    expect(fieldValue(data, 'dentalInsurance_carrierName')).toBe('Blue Shield of California');
  });

  it('gives a title naming "Vision and Dental" late in the line to both products', () => {
    const data = interpretProposal(
      markupLayout([
        '# Employee Benefits Proposal — Vision and Dental',
        [
          ['Employer', 'Harborview Marine', 'Quote ID', 'Q-55'],
          ['Effective', '1/1/27', 'Group Size', '142'],
        ],
        '# Vision Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Eye exam', '$10 copay', 'Up to $45'],
        ],
        '# Dental Plan',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '100%'],
        ],
      ]),
    );
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('1/1/27');
    expect(fieldValue(data, 'visionInsurance_effectiveDate')).toBe('1/1/27');
  });

  it("drops a bar between a logo's words and a full stop after a one-word logo", () => {
    const body = [
      '# Dental Plan',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive', '100%', '100%'],
      ],
    ] satisfies MarkupBlock[];
    const dotted = interpretProposal(
      markupLayout(['# highmark.', ...body, 'Coverage is underwritten by Highmark Inc.']),
    );
    expect(fieldValue(dotted, 'dentalInsurance_carrierName')).toBe('highmark');
    const barred = interpretProposal(
      markupLayout(['# PREMERA | Blue Cross', ...body, 'Premera Blue Cross Insurance Company']),
    );
    expect(fieldValue(barred, 'dentalInsurance_carrierName')).toBe('PREMERA Blue Cross');
  });
});

describe('a key–value cover table whose first label ends in its preposition', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental and Vision Insurance Proposal',
      [
        ['Proposed for', 'Northgate Precision Castings'],
        ['Effective Date', 'January 1, 2028'],
        ['Rate Guarantee', '2 years'],
      ],
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive Services', '100%', '100%'],
      ],
      [
        ['Coverage Tier', 'Monthly Rate'],
        ['Employee Only', '$30.00'],
        ['Employee + Family', '$90.00'],
      ],
    ]),
  );

  it('reads the first row as a label and its value, not as column headings', () => {
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('January 1, 2028');
    expect(tableRows(data, 'dentalInsurance_rateTiers')[0]).toMatchObject({
      rateGuaranteeTime: '2 years',
    });
  });
});

describe('a benefit grid printed transposed, networks as rows', () => {
  const data = interpretProposal(
    markupLayout([
      '# LIBERTY Dental Plan',
      [
        ['Eligible Class', 'All Full-Time Employees'],
        ['Effective Date', '03/01/2027'],
      ],
      [
        ['Network', 'Deductible (Individual / Family)', 'Annual Maximum'],
        ['In-Network', '$25 / $75', '$1,000'],
        ['Out-of-Network', '$50 / $150', '$1,000'],
      ],
      [
        ['Network', 'Preventive', 'Basic', 'Major'],
        ['In-Network', '100%', '80%', '50%'],
        ['Out-of-Network', '80%', '60%', '40%'],
      ],
    ]),
  );

  it('reads the categories as rows and the networks as columns', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      services.map((s) => [
        s.serviceTypeLabel,
        s.coverageLevelInNetwork,
        s.coverageLevelOutOfNetwork,
        s.policyYearDeductibleFamilyOutOfNetwork,
        s.policyYearMaximumInNetwork,
      ]),
    ).toEqual([
      ['Preventive', '100%', '80%', '$150', '$1,000'],
      ['Basic', '80%', '60%', '$150', '$1,000'],
      ['Major', '50%', '40%', '$150', '$1,000'],
    ]);
  });

  it("takes a logo ending in 'Dental Plan' for the carrier's name", () => {
    expect(fieldValue(data, 'dentalInsurance_carrierName')).toBe('LIBERTY Dental Plan');
  });
});

describe('a transposed grid whose rows are named networks', () => {
  const data = interpretProposal(
    markupLayout([
      '# Group Dental Quote',
      [
        ['', 'Preventive', 'Basic', 'Major'],
        ['PPO Dentist', '100%', '80%', '50%'],
        ['Non-PPO Dentist', '90%', '70%', '40%'],
      ],
    ]),
  );
  it('reads the first network as in-network and the non-network one as out-of-network', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      services.map((s) => [
        s.serviceTypeLabel,
        s.coverageLevelInNetwork,
        s.coverageLevelOutOfNetwork,
      ]),
    ).toEqual([
      ['Preventive', '100%', '90%'],
      ['Basic', '80%', '70%'],
      ['Major', '50%', '40%'],
    ]);
  });
});

describe('employee contributions under a shared heading, one column per class', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Proposal',
      [
        ['Class', 'Definition'],
        ['Management', 'Managers working 30 or more hours weekly'],
        ['Staff', 'All other employees working 30 or more hours weekly'],
      ],
      '# Monthly Rates and Employee Contributions',
      [
        ['Coverage Tier', 'Total Monthly Premium', '>>Employee Monthly Contribution'],
        ['^^', '^^', 'Management', 'Staff'],
        ['Employee Only', '$7.42', '$0.00', '$3.71'],
        ['Employee + Family', '$21.79', '$14.37', '$18.08'],
      ],
    ]),
  );

  it('gives each class its own contribution and the total premium as the rate', () => {
    expect(
      tableRows(data, 'visionInsurance_rateTiers').map((r) => [
        r.class,
        r.rateTier,
        r.carrierMonthlyRate,
        r.premiumContributions,
      ]),
    ).toEqual([
      ['Management', 'Employee Only', '$7.42', '$0.00'],
      ['Management', 'Employee + Family', '$21.79', '$14.37'],
      ['Staff', 'Employee Only', '$7.42', '$3.71'],
      ['Staff', 'Employee + Family', '$21.79', '$18.08'],
    ]);
  });
});

describe('a bare code column beside a category column', () => {
  const data = interpretProposal(
    markupLayout([
      '# Group Dental Proposal',
      [
        ['Code', 'Category', 'Procedures', 'In-Network', 'Out-of-Network'],
        ['>>>>Calendar Year Maximum', '$1,500', '$1,500'],
        ['Group I', 'Preventive', 'Exams, cleanings, X-rays', '100%', '90%'],
        ['Group II', 'Basic', 'Fillings, extractions', '80%', '70%'],
        ['Group IV', 'Orthodontics', 'Braces and appliances', '50%', '50%'],
        ['>>>>Orthodontic Lifetime Maximum', '>>$1,000'],
      ],
    ]),
  );

  it('takes the category for the title and the orthodontic maximum for the orthodontic code', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      services.map((s) => [
        s.serviceTypeLabel,
        s.serviceTypeTitle,
        s.serviceTypeList,
        s.orthodonticLifetimeMaximumInNetwork,
      ]),
    ).toEqual([
      ['Group I', 'Preventive', 'Exams, cleanings, X-rays', undefined],
      ['Group II', 'Basic', 'Fillings, extractions', undefined],
      ['Group IV', 'Orthodontics', 'Braces and appliances', '$1,000'],
    ]);
  });
});

describe('a title naming both products with the joiner at the end of its first words', () => {
  const data = interpretProposal(
    markupLayout([
      '# Renewal Proposal — Dental and Vision',
      [
        ['Renewal Date', 'September 1, 2027'],
        ['Eligible Employees', 'All Active Full-Time Employees — working 25 hours per week'],
      ],
      '# Dental — Dental Plan',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Preventive', '100%', '100%'],
      ],
      '# Vision — Vision Plan',
      [
        ['Service', 'In-Network', 'Out-of-Network'],
        ['Eye Examination', '$10 copay', 'Up to $50'],
      ],
    ]),
  );

  it('gives the cover facts to both products', () => {
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('September 1, 2027');
    expect(fieldValue(data, 'visionInsurance_effectiveDate')).toBe('September 1, 2027');
  });
});

describe('the plan in a numbered option heading', () => {
  it.each([
    ['Option 1 — Basic Plan (Ameritas PPO Select 1000)', 'Ameritas PPO Select 1000'],
    ['Option 2 — High Plan (Classes 1 and 2)', undefined],
    ['Option A — Low Plan (see page 4)', undefined],
    ['Dental — Acme PPO (Option 1)', undefined],
  ])('%j → %j', (text, expected) => {
    expect(planInOptionHeading(text)).toBe(expected);
  });
});

describe('a plan grid: plans named by a plan-name row, procedures under category bars', () => {
  const grid = (categoryValues: boolean) =>
    interpretProposal(
      markupLayout([
        '# Dental Benefit Summary',
        [
          ['Plan Type', 'DHMO', 'DHMO', 'DHMO'],
          ['Plan Name', 'Bronze', 'Silver', 'Gold'],
          ['Exam & Diagnostics', '', '', ''],
          ['Office Exam', '$5', '100%', '100%'],
          ['Teeth Cleaning', '100%', '100%', '100%'],
          ['Oral Surgery', '', '', ''],
          ['Removal of Impacted Tooth', '$65', '$75', '$70'],
          ...(categoryValues ? [['Major Services', '50%', '50%', '60%']] : []),
        ],
      ]),
    );

  it('takes each column for the plan its plan-name row names', () => {
    expect(tableRows(grid(false), 'dentalInsurance_planInformation').map((r) => r.class)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
    ]);
  });

  it('reads every procedure row as a service type, per plan', () => {
    const services = tableRows(grid(false), 'dentalInsurance_coveredServices');
    expect(
      services
        .filter((s) => s.class === 'Silver')
        .map((s) => [s.serviceTypeLabel, s.coverageLevelInNetwork]),
    ).toEqual([
      ['Office Exam', '100%'],
      ['Teeth Cleaning', '100%'],
      ['Removal of Impacted Tooth', '$75'],
    ]);
  });

  it('keeps only the category rows when categories print values of their own', () => {
    const services = tableRows(grid(true), 'dentalInsurance_coveredServices');
    expect(services.filter((s) => s.class === 'Gold').map((s) => s.serviceTypeLabel)).toEqual([
      'Major Services',
    ]);
  });
});

describe('an employer summary comparing plans side by side, then other coverages', () => {
  const data = interpretProposal(
    markupLayout([
      '# Employee Dental Benefits Summary',
      [
        ['', 'ACME DMO NTL (EXCEPT NJ, TX, CA, AZ)', 'ACME HIGH DPPO NE (NY, NJ, CT, PA) R3'],
        ['In Network', 'ADMO1', 'ADPPO2'],
        ['Deductible Individual', 'None', '$50'],
        ['Family', 'None', '$150'],
        ['Type A - Preventive', 'Copays vary', '100%'],
        ['Type B - Basic Restorative', 'Copays vary', '80%'],
        ['>>>>Out of Network'],
        ['Deductible Individual', 'Not covered', '$75'],
        ['Family', 'Not covered', '$225'],
        ['Type A - Preventive', 'Not covered', '90%'],
        ['Type B - Basic Restorative', 'Not covered', '70%'],
        ['>>>>Monthly Premiums'],
        ['Employee Only', '$22.03', '$67.58'],
        ['Employee and Spouse', '$44.02', '$135.21'],
      ],
      '# Critical Illness Insurance',
      [
        ['Monthly Premiums', 'Employee Only', 'Employee & Spouse'],
        ['Low Plan', '$5.00', '$9.00'],
        ['High Plan', '$8.00', '$15.00'],
      ],
    ]),
  );
  const services = tableRows(data, 'dentalInsurance_coveredServices');
  const high = 'ACME HIGH DPPO NE (NY, NJ, CT, PA) R3';

  it('takes each plan column, long names and all, for a class', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation').map((r) => r.class)).toEqual([
      'ACME DMO NTL (EXCEPT NJ, TX, CA, AZ)',
      high,
    ]);
  });

  it('reads the rows under an Out of Network bar as out-of-network values', () => {
    expect(services.find((s) => s.class === high && s.serviceTypeLabel === 'Type B')).toMatchObject(
      {
        coverageLevelInNetwork: '80%',
        coverageLevelOutOfNetwork: '70%',
        policyYearDeductibleIndividualInNetwork: '$50',
        policyYearDeductibleIndividualOutOfNetwork: '$75',
        policyYearDeductibleFamilyInNetwork: '$150',
        policyYearDeductibleFamilyOutOfNetwork: '$225',
      },
    );
  });

  it('reads each plan its own premiums, and no premium of another coverage', () => {
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.filter((r) => r.class === high).map((r) => r.carrierMonthlyRate)).toEqual([
      '$67.58',
      '$135.21',
    ]);
    expect(rates.some((r) => /plan$/i.test(r.class ?? ''))).toBe(false);
    expect(tableRows(data, 'visionInsurance_rateTiers')).toEqual([]);
  });
});

describe('category bars over procedure rows that share one value', () => {
  // the bar starts beside the label column, under the network headings; the value cell runs
  // down every procedure row of its bar ('^^' is covered by the cell above)
  const grid = (shared: boolean) =>
    interpretProposal(
      markupLayout([
        '# Dental Benefits Summary',
        [
          ['>>Benefit Category', 'In-Network', 'Non-Network'],
          ['', '>>>>Class I – Diagnostic/Preventive Services'],
          ['>>Exams', '100%', '100%'],
          shared ? ['>>Sealants', '^^', '^^'] : ['>>Sealants', '90%', '90%'],
          ['', '>>>>Class II – Basic Services'],
          ['>>Basic Restorative (Fillings)', '80%', '60%'],
          shared ? ['>>Endodontics', '^^', '^^'] : ['>>Endodontics', '70%', '50%'],
          ['', '>>>>Orthodontics for dependent children to age 19'],
          ['>>Diagnostic, Active, Retention Treatment', 'No Coverage', 'No Coverage'],
          ['', '>>>>Maximums & Deductibles'],
          ['>>Annual Deductible (per person/per family)', '>>$50/$150 Excludes Class I'],
          ['>>Annual Maximum (per person)', '>>$1,000'],
        ],
      ]),
    );
  const read = (shared: boolean) =>
    tableRows(grid(shared), 'dentalInsurance_coveredServices').map((s) => [
      s.class,
      s.serviceTypeLabel,
      s.serviceTypeTitle,
      s.serviceTypeList,
      s.coverageLevelInNetwork,
      s.coverageLevelOutOfNetwork,
      s.coveredPersonsInNetwork,
    ]);

  it.each([
    [
      'a value running down every row under its bar: the bar is the service, its rows the list',
      true,
      [
        [
          'All Employees',
          'Class I',
          'Diagnostic/Preventive Services',
          'Exams, Sealants',
          '100%',
          '100%',
          undefined,
        ],
        [
          'All Employees',
          'Class II',
          'Basic Services',
          'Basic Restorative (Fillings), Endodontics',
          '80%',
          '60%',
          undefined,
        ],
        [
          'All Employees',
          'Orthodontics',
          'Orthodontics',
          'Diagnostic, Active, Retention Treatment',
          'No Coverage',
          'No Coverage',
          'dependent children to age 19',
        ],
      ],
    ],
    [
      'a value of its own on every procedure row: the procedures are the services',
      false,
      [
        ['All Employees', 'Exams', 'Exams', undefined, '100%', '100%', undefined],
        ['All Employees', 'Sealants', 'Sealants', undefined, '90%', '90%', undefined],
        [
          'All Employees',
          'Basic Restorative',
          'Basic Restorative',
          'Fillings',
          '80%',
          '60%',
          undefined,
        ],
        ['All Employees', 'Endodontics', 'Endodontics', undefined, '70%', '50%', undefined],
        [
          'All Employees',
          'Diagnostic, Active, Retention Treatment',
          'Diagnostic, Active, Retention Treatment',
          undefined,
          'No Coverage',
          'No Coverage',
          undefined,
        ],
      ],
    ],
  ])('%s', (_name, shared, expected) => {
    expect(read(shared)).toEqual(expected);
  });

  it('reads a class-wide amount without the note printed under it, on every service row', () => {
    const rows = tableRows(grid(true), 'dentalInsurance_coveredServices');
    expect(
      rows.map((s) => [
        s.policyYearDeductibleIndividualInNetwork,
        s.policyYearDeductibleFamilyOutOfNetwork,
        s.policyYearMaximumInNetwork,
      ]),
    ).toEqual(Array(3).fill(['$50', '$150', '$1,000']));
  });
});

describe('measures over networks headed inside a table, and lists without coverage', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental PPO Benefit Summary',
      [
        ['Network', '>>>>>>Dental Preferred Provider Organization (PPO)'],
        ['', '>>Calendar Year Deductible', '>>Coinsurance (Policy Pays)'],
        ['', 'In-Network', 'Non-Network', 'In-Network', 'Non-Network'],
        ['Unit 1 – Preventive', '$0', '$0', '100%', '100%'],
        ['Unit 2 – Basic', '$50', '$25', '80%', '70%'],
        ['Family Deductible Maximum', '>>>>>>3 times the per person deductible amount'],
      ],
      '# Selected Covered Services and Frequency Limitations',
      [
        ['Type A - Preventive', 'How Many/How Often'],
        ['Sealants', '1 in 60 months'],
        ['Periodontal Maintenance', '4 in 1 year'],
      ],
    ]),
  );

  it('reads the deductible columns as each service type’s own deductible, per network', () => {
    expect(
      tableRows(data, 'dentalInsurance_coveredServices').map((s) => [
        s.serviceTypeLabel,
        s.serviceTypeTitle,
        s.coverageLevelInNetwork,
        s.coverageLevelOutOfNetwork,
        s.policyYearDeductibleIndividualInNetwork,
        s.policyYearDeductibleIndividualOutOfNetwork,
        s.policyYearDeductibleFamilyInNetwork,
      ]),
    ).toEqual([
      [
        'Unit 1',
        'Preventive',
        '100%',
        '100%',
        '$0',
        '$0',
        '3 times the per person deductible amount',
      ],
      ['Unit 2', 'Basic', '80%', '70%', '$50', '$25', '3 times the per person deductible amount'],
    ]);
  });
});

describe('a bar over one row that describes it', () => {
  const services = tableRows(
    interpretProposal(
      markupLayout([
        '# Covered Services',
        [
          ['Covered Services', 'Network Plan Pays', 'Non-Network Plan Pays'],
          ['PREVENTIVE & DIAGNOSTIC SERVICES', '', ''],
          ['Periodic Oral Evaluation', '100%', '100%'],
          ['Sealants', '100%', '80%'],
          ['ORTHODONTIC SERVICES', '', ''],
          ['Diagnose or correct misalignment of the teeth or bite', '50%', '50%'],
        ],
      ]),
    ),
    'dentalInsurance_coveredServices',
  );
  it('reads the bar as the service and the sentence as its list; procedure rows stay services', () => {
    expect(
      services.map((s) => [s.serviceTypeLabel, s.serviceTypeList, s.coverageLevelInNetwork]),
    ).toEqual([
      ['Periodic Oral Evaluation', undefined, '100%'],
      ['Sealants', undefined, '100%'],
      ['ORTHODONTIC SERVICES', 'Diagnose or correct misalignment of the teeth or bite', '50%'],
    ]);
  });
});

describe('orthodontia’s own columns beside the plan’s', () => {
  const data = interpretProposal(
    markupLayout([
      '# Summary of Benefits',
      [
        ['', '>>NON-ORTHODONTICS', '>>ORTHODONTICS'],
        ['', 'NETWORK', 'OUT-OF-NETWORK', 'NETWORK', 'OUT-OF-NETWORK'],
        ['Individual Annual Deductible', '$50', '$50', '$0', '$0'],
        ['Family Annual Deductible', '$150', '$150', '$0', '$0'],
        [
          'Annual Maximum',
          '$1500 per person',
          '$1500 per person',
          '$1000 per Lifetime',
          '$1000 per Lifetime',
        ],
      ],
      '# Covered Services',
      [
        ['Covered Services', 'Network Plan Pays', 'Out-of-Network Plan Pays'],
        ['Preventive Services', '100%', '100%'],
        ['Orthodontia', '50%', '50%'],
      ],
    ]),
  );
  // (orthodontia's row takes its own columns' deductibles and no yearly maximum: the truth of the
  // real summaries printing this shape, r10, f20 and f22, convention 13)
  it('reads the plan’s deductibles and maximum from its columns and orthodontia’s from its own', () => {
    expect(
      tableRows(data, 'dentalInsurance_coveredServices').map((s) => [
        s.serviceTypeLabel,
        s.policyYearDeductibleIndividualOutOfNetwork,
        s.policyYearDeductibleFamilyOutOfNetwork,
        s.policyYearMaximumOutOfNetwork,
        s.orthodonticLifetimeMaximumInNetwork,
      ]),
    ).toEqual([
      ['Preventive Services', '$50', '$150', '$1500 per person', undefined],
      ['Orthodontia', '$0', '$0', undefined, '$1000 per Lifetime'],
    ]);
  });
});

describe('a vision summary whose grid opens with a row both products print', () => {
  // the grid is read as one table per section: its first holds the header and the exam only
  const data = interpretProposal(
    markupLayout([
      'Summary of Benefits',
      [
        ['Vision Care Services', 'In-Network Member Cost', 'Out-of-Network Member Reimbursement'],
        ['Exam Services', '', ''],
        ['Exam', '$10 copay', 'Up to $42'],
      ],
      'Lenses',
      [
        ['Single Vision', '$20 copay', 'Up to $35'],
        ['Bifocal', '$20 copay', 'Up to $49'],
        ['Frame', '$0 copay; 20% off balance over $130 allowance', 'Up to $60'],
      ],
    ]),
  );

  it.each([
    ['dentalInsurance_coveredServices', 0],
    ['dentalInsurance_planInformation', 0],
    // nothing printed about the class beyond its name: no plan-information row
    ['visionInsurance_planInformation', 0],
    ['visionInsurance_benefitSummary', 4],
  ])('%s has %i rows', (label, n) => {
    expect(tableRows(data, label)).toHaveLength(n);
  });

  it('reads the exam as a vision service', () => {
    expect(tableRows(data, 'visionInsurance_benefitSummary')[0]).toMatchObject({
      servicesAndMaterials: 'Exam',
      inNetworkCost: '$10 copay',
      outOfNetworkReimbursement: 'Up to $42',
    });
  });
});

describe('a line that only names the covered group', () => {
  it.each([
    [['Waterfield Tech', 'ALL ELIGIBLE EMPLOYEES'], 'ALL ELIGIBLE EMPLOYEES'],
    // a labelled class wins over a line that only names the group
    [['Eligible Class: Salaried Staff', 'All Eligible Employees'], 'Salaried Staff'],
    [['Waterfield Tech'], 'All Employees'],
  ])('%j names the class %j', (lines, name) => {
    const data = interpretProposal(
      markupLayout([
        '# Your Vision Coverage',
        ...lines,
        [
          ['Service', 'In-network', 'Out-of-network'],
          ['Eye Exams', '$0', 'Amount over $39'],
          ['Frames', '80% of amount over $150', 'Amount over $46'],
        ],
      ]),
    );
    expect(tableRows(data, 'visionInsurance_benefitSummary').map((r) => r.class)).toEqual([
      name,
      name,
    ]);
  });
});

describe('premiums under a grid of plans side by side, one unheaded column per plan', () => {
  const data = interpretProposal(
    markupLayout([
      '# Employee Vision Benefits Summary',
      [
        ['', '>>Acme Vision Basic Plan', '>>Acme Vision Plus Plan'],
        ['Service', 'In-Network', 'Out of Network', 'In-Network', 'Out of Network'],
        ['Eye exam', '$10 copay', '$40 reimbursement', '$0 copay', '$50 reimbursement'],
        ['Frames', '$130 allowance', '$65 reimbursement', '$180 allowance', '$99 reimbursement'],
      ],
      [
        ['>>>>Monthly Premiums'],
        ['Employee Only', '$8.65', '$12.13'],
        ['Employee and Family', '$25.44', '$40.35'],
      ],
    ]),
  );

  it('gives each plan the column under it, in order', () => {
    const rates = tableRows(data, 'visionInsurance_rateTiers').map((r) => [
      r.class,
      r.rateTier,
      r.carrierMonthlyRate,
    ]);
    expect(rates).toEqual([
      ['Acme Vision Basic Plan', 'Employee Only', '$8.65'],
      ['Acme Vision Basic Plan', 'Employee and Family', '$25.44'],
      ['Acme Vision Plus Plan', 'Employee Only', '$12.13'],
      ['Acme Vision Plus Plan', 'Employee and Family', '$40.35'],
    ]);
  });
});

describe('how often, said in a bar or in the heading of the service column', () => {
  const data = interpretProposal(
    markupLayout([
      '# Employee Vision Benefits Summary',
      [
        ['Exam (once every 12 rolling months)', 'In-Network', 'Out of Network'],
        ['Routine eye exam', '$10 copay', '$20 reimbursement'],
        ['>>>>Eyeglass Lenses (once every 12 rolling months)'],
        ['Single vision lenses', '$25 copay', '$10 reimbursement'],
        ['>>>>Frames (Low - once every 24 months, High - once every 12 months)'],
        ['Frame allowance', '$130 allowance', '$65 reimbursement'],
      ],
    ]),
  );

  it('reads each frequency one bar or heading gives, not one that names two plans', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')).toEqual([
      {
        class: 'All Employees',
        examination: 'once every 12 rolling months',
        lensesOrContactLenses: 'once every 12 rolling months',
      },
    ]);
  });
});

describe('plan facts in the rows above the covered-services headings', () => {
  // 'Waiting Period | No waiting period' rows open the grid: they are facts, and the row of
  // headings under them heads the services; a 'Benefit Guidelines' column holds limits
  const data = interpretProposal(
    markupLayout([
      '# Dental Plan',
      [
        ['Individual Annual Deductible', '$50'],
        ['Annual Maximum Benefit', '$1500 per person per calendar year'],
      ],
      [
        ['>>>>Annual Deductible Applies to Preventive and Diagnostic Services', 'No'],
        ['>>>>Waiting Period', 'No waiting period'],
        ['Covered Services', 'Plan Pays', '>>Benefit Guidelines'],
        ['Periodic Oral Evaluation', '100%', '>>Limited to 2 times per consecutive 12 months.'],
        ['Sealants', '100%', '>>Once per permanent molar every consecutive 36 months.'],
        ['Simple Extractions', '80%', '>>Limited to 1 time per tooth per lifetime.'],
        ['Crowns', '50%', '>>Limited to 1 time per tooth per consecutive 60 months.'],
      ],
    ]),
  );
  it('reads every service under the headings with its coverage, not its limits', () => {
    expect(
      tableRows(data, 'dentalInsurance_coveredServices').map((s) => [
        s.serviceTypeLabel,
        s.coverageLevelInNetwork,
        s.coverageLevelOutOfNetwork,
        s.policyYearDeductibleIndividualInNetwork,
      ]),
    ).toEqual([
      ['Periodic Oral Evaluation', '100%', '100%', '$50'],
      ['Sealants', '100%', '100%', '$50'],
      ['Simple Extractions', '80%', '80%', '$50'],
      ['Crowns', '50%', '50%', '$50'],
    ]);
  });
});

describe('a payment chart under a sentence, with deductible-applies columns', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Plan Summary of Benefits',
      [
        ['>>>>>>>>There is no dollar limit on the total amount the plan will pay in a lifetime.'],
        ['Benefits6,7,8', '>>>>>>Your payment'],
        [
          '',
          'When using a Participating Dentist',
          'CYD applies',
          'When using a Non-Participating Dentist',
          'CYD applies',
        ],
        ['Diagnostic and preventive services', '', '', '', ''],
        ['Oral exam', '$0', '', '$0', ''],
        ['Preventive – cleaning', '$0', '', '$0', ''],
        ['Major services', '', '', '', ''],
        ['Oral Surgery', '40%', '•', '50%', '•'],
        ['Crowns and casts', '40%', '•', '50%', '•'],
      ],
    ]),
  );
  it('reads each row under the bars as a service, in- and out-of-network, past the applies marks', () => {
    expect(
      tableRows(data, 'dentalInsurance_coveredServices').map((s) => [
        s.serviceTypeLabel,
        s.coverageLevelInNetwork,
        s.coverageLevelOutOfNetwork,
      ]),
    ).toEqual([
      ['Oral exam', '$0', '$0'],
      ['Preventive – cleaning', '$0', '$0'],
      ['Oral Surgery', '40%', '50%'],
      ['Crowns and casts', '40%', '50%'],
    ]);
  });
});

describe('plans side by side, a deductible-waiver row, and an orthodontia table headed again', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Benefit Summaries',
      [
        ['', '>>PPO 100', '', '>>PPO 200', ''],
        ['Plan Benefits', 'In-Network', 'Out-of-Network', 'In-Network', 'Out-of-Network'],
        ['Annual Maximum', '$1,000', '$750', '$1,500', '$1,000'],
        ['Annual Deductible', '$50', '$100', '$25', '$75'],
        ['Preventive Care', 'Ded. waived', 'Ded. applies', 'Ded. waived', 'Ded. waived'],
        ['Preventive', '100%', '80%', '100%', '100%'],
        ['Major** (12 mo. wait period)', '50%', '50%', '60%', '50%'],
        ['Endo/Perio**', '50%', '40%', '80%', '50%'],
      ],
      'Orthodontia is an optional benefit.',
      [
        ['Optional Orthodontia', '>>PPO 100', '', '>>PPO 200', ''],
        ['', 'In-Network', 'Out-of-Network', 'In-Network', 'Out-of-Network'],
        ['Orthodontia', 'Not Covered', 'Not Covered', '50%', '50%'],
        ['Annual Maximum', 'Not Covered', 'Not Covered', 'None', 'None'],
        ['Lifetime Maximum', 'Not Covered', 'Not Covered', '$1,000', '$1,000'],
        ['Optional Orthodontia', '>>PPO 300', '', '>>PPO 400', ''],
        ['', 'In-Network', 'Out-of-Network', 'In-Network', 'Out-of-Network'],
        ['Orthodontia', '50%', '50%', '50%', '50%'],
        ['Annual Maximum', 'None', 'None', 'None', 'None'],
        ['Lifetime Maximum', '$1,500', '$1,500', '$2,000', '$2,000'],
      ],
    ]),
  );
  const services = tableRows(data, 'dentalInsurance_coveredServices');

  it('reads no service from the row that says where the deductible applies, and drops the wait note', () => {
    expect(
      services
        .filter((s) => s.class === 'PPO 100')
        .map((s) => [s.serviceTypeLabel, s.coverageLevelInNetwork]),
    ).toEqual([
      ['Preventive', '100%'],
      ['Major', '50%'],
      ['Endo/Perio', '50%'],
      ['Orthodontia', 'Not Covered'],
    ]);
  });

  it('reads the plans the orthodontia heading names again over the rows below it', () => {
    const ortho = (cls: string) =>
      services.find((s) => s.class === cls && s.serviceTypeLabel === 'Orthodontia');
    expect(ortho('PPO 300')).toMatchObject({
      coverageLevelInNetwork: '50%',
      orthodonticLifetimeMaximumInNetwork: '$1,500',
    });
    expect(ortho('PPO 400')).toMatchObject({ orthodonticLifetimeMaximumOutOfNetwork: '$2,000' });
  });

  it('gives orthodontia its own annual maximum and its lifetime maximum apart', () => {
    const ortho = services.find(
      (s) => s.class === 'PPO 200' && s.serviceTypeLabel === 'Orthodontia',
    );
    expect(ortho).toMatchObject({
      policyYearMaximumInNetwork: 'None',
      orthodonticLifetimeMaximumInNetwork: '$1,000',
    });
    const major = services.find((s) => s.class === 'PPO 200' && s.serviceTypeLabel === 'Major');
    expect(major?.policyYearMaximumInNetwork).toBe('$1,500');
  });
});

describe('reimbursement levels named over the networks', () => {
  // a plan grid headed 'PPO / Tier 1 | Tier 2' over 'In-Network | Out-of-Network', and a later
  // table on the page headed by the level names alone
  const grid = (levels: [string, string], networks: [string, string], label: string) =>
    markupLayout([
      '# Your dental coverage',
      [
        ['Your Dental Plan', ...levels],
        [label, ...networks],
        ['Annual Maximum Benefit', '$1500', '$1000'],
      ],
      [
        ['Charges covered for you (co-insurance)', 'Tier 1', 'Tier 2'],
        ['Preventive Care', '100%', '100%'],
        ['Basic Care', '90%', '80%'],
      ],
    ]);
  it.each([
    {
      name: 'levels over networks beside a label of their own',
      layout: grid(
        ['PPO / Tier 1', 'Tier 2'],
        ['In-Network', 'Out-of-Network'],
        'Your Network is DentalGuard Preferred Network',
      ),
      basic: ['90%', '80%'],
      max: ['$1500', '$1000'],
      options: 1,
    },
    {
      name: 'levels over networks under an empty label',
      layout: grid(['Tier 1', 'Tier 2'], ['In-Network', 'Out-of-Network'], ''),
      basic: ['90%', '80%'],
      max: ['$1500', '$1000'],
      options: 1,
    },
  ])(
    '$name: the later table takes the networks its level names had',
    ({ layout, basic, max, options }) => {
      const data = interpretProposal(layout);
      const services = tableRows(data, 'dentalInsurance_coveredServices');
      const basicCare = services.find((s) => s.serviceTypeTitle === 'Basic Care');
      expect([basicCare?.coverageLevelInNetwork, basicCare?.coverageLevelOutOfNetwork]).toEqual(
        basic,
      );
      expect([
        basicCare?.policyYearMaximumInNetwork,
        basicCare?.policyYearMaximumOutOfNetwork,
      ]).toEqual(max);
      expect(new Set(services.map((s) => s.planOption ?? s.class)).size).toBe(options);
    },
  );
});

describe('a coverage row named in words of its own, the procedures it covers listed under it', () => {
  const read = (label: string) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Dental Plan',
          [
            ['Coverage Type', 'In Network', 'Out of Network'],
            ['Preventive\n(cleanings, oral exams, X-rays)', '100%', '100%'],
            [label, '100%', '80%'],
            ['Major\n(bridges, dentures, crowns)', '50%', 'Not covered'],
          ],
        ]),
      ),
      'dentalInsurance_coveredServices',
    ).map((r) => [r.serviceTypeLabel, r.serviceTypeList, r.coverageLevelOutOfNetwork]);
  it.each([
    [
      'a list of procedures makes it a category',
      'Treatment and Therapy\n(amalgam restorations, child: space maintainers)',
      ['Treatment and Therapy', 'amalgam restorations, child: space maintainers', '80%'],
    ],
    ['a label alone is no service', 'Treatment and Therapy', undefined],
    [
      'a sentence about dental care is no list',
      'Smile for Health\n(Provides periodontal care for people with certain conditions: diabetes, stroke)',
      undefined,
    ],
    [
      'a list of something else is no service',
      'Member Services\n(phone, web, mobile app)',
      undefined,
    ],
  ])('%s', (_name, label, row) => {
    const rows = read(label);
    expect(rows).toContainEqual(['Preventive', 'cleanings, oral exams, X-rays', '100%']);
    if (row) expect(rows).toContainEqual(row);
    else expect(rows).toHaveLength(2);
  });
});

describe('plans side by side with a deductible per service and a rate section', () => {
  const layout = markupLayout([
    '# Voluntary Dental Plan',
    [
      ['', 'Standard', '>>Deluxe', 'Benefits'],
      ['Calendar Year Maximum', '$1,000', '>>$1,500', '^^'],
      ['', 'In or Out of Network', 'In Network', 'Out of Network', '^^'],
      ['Preventive Services', '100%', '100%', '80%', 'Exams – 2 per year\nCleanings – 2 per year'],
      ['Preventive Services Lifetime Deductible', '$0', '$0', '$50', 'Sealants to age 16'],
      ['Basic Services', '80%', '80%', '65%', 'Fillings\nSimple Extractions'],
      ['Basic Services Lifetime Deductible', '$50', '$50', '$75', ''],
      ['>>>>>>>>VOLUNTARY RATES - MONTHLY'],
      ['Employee Only', '$33.40', '>>$56.48', ''],
      ['Employee + Family', '$101.55', '>>$163.77', ''],
    ],
  ]);
  const data = interpretProposal(layout);

  it('gives each plan its services, each service its own deductible per network', () => {
    const rows = tableRows(data, 'dentalInsurance_coveredServices').map((r) => [
      r.class,
      r.serviceTypeLabel,
      r.coverageLevelInNetwork,
      r.coverageLevelOutOfNetwork,
      r.policyYearDeductibleIndividualInNetwork,
      r.policyYearDeductibleIndividualOutOfNetwork,
      r.policyYearMaximumInNetwork,
    ]);
    expect(rows).toEqual([
      ['Standard', 'Preventive Services', '100%', '100%', '$0', '$0', '$1,000'],
      ['Standard', 'Basic Services', '80%', '80%', '$50', '$50', '$1,000'],
      ['Deluxe', 'Preventive Services', '100%', '80%', '$0', '$50', '$1,500'],
      ['Deluxe', 'Basic Services', '80%', '65%', '$50', '$75', '$1,500'],
    ]);
  });

  it('lists the procedures of the Benefits column, the deductible row’s going on', () => {
    const lists = tableRows(data, 'dentalInsurance_coveredServices')
      .filter((r) => r.class === 'Deluxe')
      .map((r) => r.serviceTypeList);
    expect(lists).toEqual(['Exams, Cleanings, Sealants', 'Fillings, Simple Extractions']);
  });

  it('reads the rates under the plans', () => {
    const rows = tableRows(data, 'dentalInsurance_rateTiers').map((r) => [
      r.class,
      r.rateTier,
      r.carrierMonthlyRate,
    ]);
    expect(rows).toEqual([
      ['Standard', 'Employee Only', '$33.40'],
      ['Standard', 'Employee + Family', '$101.55'],
      ['Deluxe', 'Employee Only', '$56.48'],
      ['Deluxe', 'Employee + Family', '$163.77'],
    ]);
  });
});

describe('an orthodontia block of plans side by side, its lines cut apart', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Plans',
      [
        ['', 'Standard', 'Deluxe', 'Benefits'],
        ['Preventive Services', '100%', '100%', 'Exams\nCleanings'],
        ['Basic Services', '80%', '80%', 'Fillings\nExtractions'],
        ['>>>>>>VOLUNTARY ORTHODONTIA BENEFITS'],
        ['Orthodontic Services', '', '50%', 'Straightening of Teeth'],
        ['Calendar Year Maximum', 'Not Covered', '$400', 'Dependent children to age 19'],
        ['Lifetime Maximum', '', '$1,200', ''],
      ],
    ]),
  );
  it('gives a plan the “Not Covered” printed under its empty cell, and each plan whom it covers', () => {
    const rows = tableRows(data, 'dentalInsurance_coveredServices')
      .filter((r) => r.serviceTypeLabel === 'Orthodontic Services')
      .map((r) => [r.class, r.coverageLevelInNetwork, r.coveredPersonsInNetwork]);
    expect(rows).toEqual([
      ['Standard', 'Not Covered', 'Dependent children to age 19'],
      ['Deluxe', '50%', 'Dependent children to age 19'],
    ]);
  });
});

describe("a running header naming an insurer's dental plan", () => {
  it.each([
    ['Humana Dental Traditional Preferred', 'Humana Dental Traditional Preferred'],
    ['MetLife Dental PPO 1500®', 'MetLife Dental PPO 1500'],
    // the product or a section alone, a document's name, or no insurer first
    ['DENTAL SERVICES', undefined],
    ['Humana Dental Benefits', undefined],
    ['MetLife Dental Benefit Summary', undefined],
    ['Humana Vision 130', undefined],
    ['EM - Dental 1', undefined],
    ['Your Humana Dental Traditional Preferred plan', undefined],
  ])('%j → %j', (text, plan) => {
    expect(planOfRunningHeader(text)).toBe(plan);
  });
});

describe("a first page's title naming an insurer's dental plan", () => {
  const planOf = (title: string) =>
    tableRows(
      interpretProposal(
        markupLayout([
          'DENTAL PLANS',
          title,
          '$0 Deductible, No Annual Maximum',
          [
            ['Coverage Type', 'In Network', 'Out of Network'],
            ['Preventive', '100%', '100%'],
          ],
        ]),
      ),
      'dentalInsurance_planInformation',
    )[0]?.planName;
  it.each([
    ['Humana Dental Traditional Preferred', 'Humana Dental Traditional Preferred'],
    ['Humana Dental Benefits', undefined],
    // the plan's ID code after its name is no part of it
    ['Humana Healthy Smiles Plan (D2933)', 'Humana Healthy Smiles Plan'],
    ['Humana Dental Option Plan (DOP) (D2171)', 'Humana Dental Option Plan (DOP)'],
    ['Humana Healthy Smiles (D2933)', undefined],
    // a sentence about the plan names none
    ['Humana Dental is available nationwide and overseas.', undefined],
  ])('%j → %j', (title, plan) => {
    expect(planOf(title)).toBe(plan);
  });
});

describe('an election form with the monthly cost of each plan and tier', () => {
  const data = interpretProposal(
    markupLayout([
      'TEACHER/PROFESSIONAL STAFF BENEFITS ELECTION FORM',
      'Additional Voluntary Coverage:',
      'MONTHLY COST REFLECTED BELOW:',
      [
        ['', 'Open Access w/Rx & Dental', 'Open Choice 2 w/ Rx & Dental', 'Dental', 'Eye Med'],
        ['Single', '$170.95', '$216.07', '$8.00', '$5.62'],
        ['2-Party', '$339.46', '$402.35', '$16.00', '$10.68'],
        ['Family', '$492.45', '$601.67', '$24.00', '$15.69'],
      ],
    ]),
  );

  it('names its class after the group the form is for', () => {
    expect(tableRows(data, 'dentalInsurance_planInformation')[0]?.class).toBe(
      'TEACHER/PROFESSIONAL STAFF',
    );
  });

  it('reads the dental and Eye Med columns as what the employee pays, the medical plans that include dental as no dental rate', () => {
    const dental = tableRows(data, 'dentalInsurance_rateTiers');
    expect(dental.map((r) => r.rateTier)).toEqual(['Single', '2-Party', 'Family']);
    expect(dental.every((r) => !r.carrierMonthlyRate)).toBe(true);
    const vision = tableRows(data, 'visionInsurance_rateTiers');
    expect(vision.map((r) => [r.rateTier, r.premiumContributions, r.carrierMonthlyRate])).toEqual([
      ['Single', '$5.62', undefined],
      ['2-Party', '$10.68', undefined],
      ['Family', '$15.69', undefined],
    ]);
  });
});

describe('an evidence of coverage: headed lists per plan and a reimbursement schedule of leader lines', () => {
  const data = interpretProposal(
    markupLayout([
      '# VSP Vision Care Evidence of Coverage',
      'Eligibility ................................................ 4',
      '# ELIGIBILITY',
      // a sentence listing the eligible dependents over three lines of a narrow column
      'Dependents: Eligible dependents include the',
      'employee’s spouse, registered domestic partner',
      'and dependent child under 26 years of age.',
      '# PLAN AND SERVICE FREQUENCIES - Basic Plan',
      [
        ['Exam', 'Once every calendar year'],
        ['Lenses', 'Once every calendar year'],
        ['Frames', 'Once every calendar year'],
        ['Frames', 'up to $150'],
        ['Contact Lenses', 'up to $110'],
        // the next plan's heading read as a row across the list
        ['>>PLAN AND SERVICE FREQUENCIES - Premier Plan'],
        ['Exam', 'Once every calendar year'],
        ['Frames', 'up to $250'],
        ['Costco Frames', 'up to $135'],
      ],
      'NON-VSP PROVIDER REIMBURSEMENT SCHEDULE',
      'Services obtained from a non-VSP provider are reimbursed as follows.',
      '# PROFESSIONAL SERVICES - Basic Plan',
      'Vision Exam, up to .............................. $35',
      'EYEWEAR',
      'Frame, up to ..................................... $40',
      'CONTACT LENSES*',
      'Necessary, up to ................................ $250',
      '# PROFESSIONAL SERVICES - Premier Plan',
      'Vision Exam, up to .............................. $45',
      'Frame, up to ..................................... $70',
      'CCPOA SECOND PAIR:',
      'Frame, up to ..................................... $45',
    ]),
  );
  const rows = (cls: string) =>
    tableRows(data, 'visionInsurance_benefitSummary')
      .filter((r) => r.class === cls)
      .map((r) => [
        r.servicesAndMaterials,
        r.inNetworkCost ?? '',
        r.outOfNetworkReimbursement ?? '',
      ]);

  it('names each plan after the dash of its heading, also when the heading is a row of the list', () => {
    const classes = tableRows(data, 'visionInsurance_benefitSummary').map((r) => r.class);
    expect([...new Set(classes)]).toEqual(['Basic Plan', 'Premier Plan']);
  });

  it('joins the schedule’s lines to the in-network list by service name, out-of-network apart', () => {
    expect(rows('Basic Plan')).toEqual([
      ['Frames', 'up to $150', 'up to $40'],
      ['Contact Lenses', 'up to $110', ''],
      ['Vision Exam', '', 'up to $35'],
      ['Necessary', '', 'up to $250'],
    ]);
    expect(rows('Premier Plan')).toEqual([
      ['Frames', 'up to $250', 'up to $70'],
      ['Costco Frames', 'up to $135', ''],
      ['Vision Exam', '', 'up to $45'],
    ]);
  });

  it('reads the children’s age limit from the sentence listing the eligible dependents, and no contents entry', () => {
    expect(tableRows(data, 'visionInsurance_planInformation')).toEqual([
      { class: 'Basic Plan', childEligibilityAges: 'under 26 years of age' },
      { class: 'Premier Plan', childEligibilityAges: 'under 26 years of age' },
    ]);
  });

  it('reads a first row of a frequency and its period as a row, not as headings', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')).toMatchObject([
      { class: 'Basic Plan', examination: 'Once every calendar year' },
      { class: 'Premier Plan', examination: 'Once every calendar year' },
    ]);
  });
});

describe('one plan named after a dash is no class of its own', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan Book',
      '# Benefit Summary – Standard Plan',
      [
        ['Benefit', 'In-Network', 'Out-of-Network'],
        ['Eye Exam', 'Covered in full', 'Up to $50'],
        ['Frames', 'Up to $130', 'Up to $70'],
        ['Single Vision Lenses', 'Covered in full', 'Up to $40'],
      ],
    ]),
  );
  it('reads the grid under the single group', () => {
    const classes = tableRows(data, 'visionInsurance_benefitSummary').map((r) => r.class);
    expect([...new Set(classes)]).toEqual(['All Employees']);
  });
});

describe("a plan document's options, one section after another, each chart under 'How the … Pays Benefits'", () => {
  // the option's subsections ('Maximum Benefits') are headings of the option heading's own size
  const doc = (subsection: string) =>
    interpretProposal(
      markupLayout([
        '# The Dental Plan',
        '# How the Gold Option Pays Benefits',
        [
          ['Benefit Provision', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '90%'],
          ['Basic restorative', '80%', '70%'],
        ],
        `# ${subsection}`,
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Annual maximum', '$2,000', '$1,500'],
        ],
        '# How the Silver Option Pays Benefits',
        [
          ['Benefit Provision', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '80%'],
          ['Basic restorative', '70%', '60%'],
        ],
        `# ${subsection}`,
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Annual maximum', '$1,000', '$750'],
        ],
      ]),
    );

  it.each([['Maximum Benefits'], ['Annual Maximum'], ['Coinsurance']])(
    'each option is a class, and its subsection %j under it is still its own',
    (subsection) => {
      const services = tableRows(doc(subsection), 'dentalInsurance_coveredServices');
      const byClass = (c: string) => services.filter((s) => s.class === c);
      expect(byClass('Gold Option').map((s) => s.coverageLevelOutOfNetwork)).toEqual([
        '90%',
        '70%',
      ]);
      expect(byClass('Silver Option').map((s) => s.coverageLevelOutOfNetwork)).toEqual([
        '80%',
        '60%',
      ]);
      for (const s of byClass('Gold Option')) expect(s.policyYearMaximumInNetwork).toBe('$2,000');
      for (const s of byClass('Silver Option'))
        expect(s.policyYearMaximumOutOfNetwork).toBe('$750');
    },
  );
});

describe("a line in another coverage's section says nothing of dental or vision", () => {
  const read = (section: string) =>
    interpretProposal(
      markupLayout([
        '# Dental Benefits',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '100%'],
          ['Basic', '80%', '80%'],
        ],
        '# Vision Benefits',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Exam', '$10 copay', 'Up to $40'],
          ['Frames', '$130 allowance', 'Up to $50'],
        ],
        `# ${section}`,
        'The maximum reward you can earn is determined by your Medical Plan',
        'eligibility: Option 1 and Option 2 $700, Select Plan $200. Additionally, your',
        'Children are eligible until they reach their 13th birthday.',
      ]),
    );
  it.each([['Medical Plan Benefits'], ['Dependent Care Flexible Spending Account']])(
    'under %j',
    (section) => {
      const data = read(section);
      for (const label of [
        'dentalInsurance_planInformation',
        'visionInsurance_planInformation',
      ] as const)
        for (const row of tableRows(data, label)) {
          expect(row.classDefinition).toBeUndefined();
          expect(row.childEligibilityAges).toBeUndefined();
        }
    },
  );
});

describe('a plan fact in a row across the whole benefit grid, "Label: value"', () => {
  const read = (rows: string[][]) =>
    interpretProposal(
      markupLayout([
        '# Vision Benefit Summary',
        [
          ['Details', 'In Network (Copay)', 'Out of Network (Before Copay)'],
          ['Eye Exam Benefit', '$10', '$39 max'],
          ['Frames', '$130 retail max', '$46 max'],
          ['Contact Lenses Elective Materials', '$150 max', '$100 max'],
          ...rows,
        ],
      ]),
    );
  it.each([
    {
      name: 'the dependent age limit',
      row: '>>>>Dependent Age Limits: To Age 26',
      want: 'To Age 26',
    },
    { name: 'another fact only', row: '>>>>Waiting Periods: None', want: undefined },
    {
      name: 'a sentence without a label',
      row: '>>>>Dependents are covered to age 26',
      want: undefined,
    },
  ])('$name', ({ row, want }) => {
    const data = read([[row], ['>>>>Network: VSP']]);
    expect(tableRows(data, 'visionInsurance_planInformation')[0]?.childEligibilityAges).toBe(want);
    // the grid's own rows stay the benefits
    expect(
      tableRows(data, 'visionInsurance_benefitSummary').map((r) => r.servicesAndMaterials),
    ).toEqual(['Eye Exam Benefit', 'Frames', 'Contact Lenses Elective Materials']);
  });
});

describe('rates printed as "Tier: $amount" lines under a rates line', () => {
  const read = (lines: string[]) =>
    tableRows(
      interpretProposal(
        markupLayout([
          '# Dental Benefits',
          [
            ['Benefit', 'In-Network', 'Out-of-Network'],
            ['Preventive', '100%', '80%'],
            ['Basic', '80%', '60%'],
          ],
          ...lines,
        ]),
      ),
      'dentalInsurance_rateTiers',
    ).map((r) => [r.rateTier, r.carrierMonthlyRate]);
  it('reads each line as a tier and its monthly rate', () => {
    expect(
      read([
        'Monthly Rates:',
        'Individual subscriber: $54.00',
        'Subscriber plus additional person: $101.00',
        'Family (3 or more people): $152.00',
      ]),
    ).toEqual([
      ['Individual subscriber', '$54.00'],
      ['Subscriber plus additional person', '$101.00'],
      ['Family (3 or more people)', '$152.00'],
    ]);
  });
  it('reads them for both products where the text before them on their page speaks of both', () => {
    const data = interpretProposal(
      markupLayout([
        '# Dental Benefits',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Preventive', '100%', '80%'],
          ['Basic', '80%', '60%'],
        ],
        '# Vision Benefits',
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Exam', '$10 copay', 'Up to $45'],
          ['Frames', '$130 allowance', 'Up to $70'],
        ],
        'Our plan provides the dental and vision coverage you need at a low, bundled rate.',
        'Monthly Rates:',
        'Individual subscriber: $54.00',
        'Family (3 or more people): $152.00',
      ]),
    );
    for (const label of ['dentalInsurance_rateTiers', 'visionInsurance_rateTiers'] as const)
      expect(tableRows(data, label).map((r) => [r.rateTier, r.carrierMonthlyRate])).toEqual([
        ['Individual subscriber', '$54.00'],
        ['Family (3 or more people)', '$152.00'],
      ]);
  });
  it.each([
    {
      name: 'without a rates line over them',
      lines: ['Individual subscriber: $54.00', 'Family: $152.00'],
    },
    { name: 'one line alone', lines: ['Monthly Rates:', 'Individual subscriber: $54.00'] },
  ])('reads nothing $name', ({ lines }) => {
    expect(read(lines)).toEqual([]);
  });
});
