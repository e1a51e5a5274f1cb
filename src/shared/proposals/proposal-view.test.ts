import { describe, expect, it, vi } from 'vitest';
import type { ParsedCell, ParsedItem } from './parsed-data.ts';
import { buildProposalView } from './proposal-view.ts';
import type { ClassView, NetworkRowView, NetworkTableView, ProductView } from './view-types.ts';

const field = (label: string, value: string, score = 1): ParsedItem => ({
  type: 'field',
  label,
  value,
  score,
});

/** A table item from rows of column → value (or [value, score]); columns numbered in order. */
function table(
  label: string,
  rows: Array<Record<string, string | [string, number]>>,
  firstRow = 0,
): ParsedItem {
  const cells: ParsedCell[] = rows.flatMap((row, r) =>
    Object.entries(row).map(([column, v], col) => {
      const [value, score] = typeof v === 'string' ? [v, 1] : v;
      return { label: `${label}_${column}`, value, row: firstRow + r, col, score };
    }),
  );
  return { type: 'table', label, cells };
}

function product(view: { products: ProductView[] }, key: string): ProductView {
  const found = view.products.find((p) => p.key === key);
  if (!found) throw new Error(`no product ${key}`);
  return found;
}

function onlyClass(p: ProductView): ClassView {
  expect(p.classes).toHaveLength(1);
  return p.classes[0]!;
}

function subTable(network: NetworkTableView | undefined, title: string | null): NetworkRowView[] {
  return network?.subTables.find((s) => s.title === title)?.rows ?? [];
}

/** A network row as [label, in, out] or [label, spanning value]. */
function show(row: NetworkRowView): string[] {
  return row.kind === 'span'
    ? [row.label.value, row.value.value]
    : [row.label.value, row.inNetwork?.value ?? '', row.outOfNetwork?.value ?? ''];
}

describe('buildProposalView: missing and empty data', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty list', []],
    ['an empty string', ''],
    ['a list of empty tables', [{ type: 'table', label: 'dentalInsurance_rateTiers', cells: [] }]],
    ['only blank fields', [field('dentalInsurance_carrierName', '  ')]],
  ])('shows no products for %s', (_what, data) => {
    expect(buildProposalView(data)).toEqual({ products: [] });
  });

  it('reads data stored as a JSON string', () => {
    const view = buildProposalView(JSON.stringify([field('visionInsurance_carrierName', 'VSP')]));
    expect(view.products.map((p) => p.name)).toEqual(['Vision Insurance']);
  });
});

describe('buildProposalView: products and classes', () => {
  it('orders Dental Insurance, Vision Insurance, then other products, whatever the data order', () => {
    const view = buildProposalView([
      field('medicalInsurance_carrierName', 'Aetna'),
      field('visionInsurance_carrierName', 'VSP'),
      field('dentalInsurance_carrierName', 'Delta Dental'),
    ]);
    expect(view.products.map((p) => [p.key, p.name])).toEqual([
      ['dentalInsurance', 'Dental Insurance'],
      ['visionInsurance', 'Vision Insurance'],
      ['medicalInsurance', 'Medical Insurance'],
    ]);
  });

  it('shows product fields in catalogue order, value above label, with their source', () => {
    const source = { page: 1, box: [10, 20, 30, 40] as [number, number, number, number] };
    const view = buildProposalView([
      field('dentalInsurance_effectiveDate', '01/01/2026', 0.8),
      { ...field('dentalInsurance_carrierName', 'Ameritas', 0.97), source },
      field('dentalInsurance_brokerFee', '5%'),
    ]);
    const [group] = product(view, 'dentalInsurance').fieldGroups;
    expect(group?.title).toBeNull();
    expect(group?.fields.map((f) => [f.label, f.cell.value, f.cell.shade])).toEqual([
      ['Carrier', 'Ameritas', 'score-97'],
      ['Effective Date', '01/01/2026', 'score-80'],
      ['Broker Fee', '5%', 'score-100'],
    ]);
    expect(group?.fields[0]?.cell.source).toEqual(source);
  });

  it("places each row under the class its 'class' cell names, across tables and items", () => {
    const view = buildProposalView([
      table('dentalInsurance_planInformation', [
        { class: 'Class 1', planName: 'PPO 1000' },
        { class: 'Class 2', planName: 'PPO 2000' },
      ]),
      table('dentalInsurance_rateTiers', [
        { class: 'class  2 ', rateTier: 'Employee', carrierMonthlyRate: '$40' },
      ]),
      // The same table again, its rows numbered from 0 too.
      table('dentalInsurance_rateTiers', [
        { class: 'Class 1', rateTier: 'Employee', carrierMonthlyRate: '$30' },
      ]),
      table('dentalInsurance_rateTiers', [
        { class: 'Class 3', rateTier: 'Family', carrierMonthlyRate: '$90' },
      ]),
    ]);
    const dental = product(view, 'dentalInsurance');
    expect(dental.classes.map((c) => c.name)).toEqual(['Class 1', 'Class 2', 'Class 3']);
    const rates = dental.classes.map((c) =>
      c.tables[0]?.rows.map((r) => r.cells.map((x) => x?.value)),
    );
    expect(rates).toEqual([[['Employee', '$30']], [['Employee', '$40']], [['Family', '$90']]]);
    expect(dental.classes[0]?.fieldGroups[0]).toMatchObject({
      title: 'Plan Information',
      fields: [{ label: 'Plan Name', cell: { value: 'PPO 1000' } }],
    });
    expect(dental.classes[2]?.fieldGroups).toEqual([]);
  });

  it("logs 'Could not find class for table row' and drops a row with no class", () => {
    const log = vi.fn();
    const rateTiers = table('dentalInsurance_rateTiers', [
      { class: 'Class 1', rateTier: 'Employee', carrierMonthlyRate: '$30' },
      { rateTier: 'Family', carrierMonthlyRate: '$90' },
      { class: '   ', rateTier: 'Employee + Spouse', carrierMonthlyRate: '$60' },
    ]);
    const view = buildProposalView([rateTiers], { log });
    expect(log.mock.calls).toEqual([
      ['Could not find class for table row'],
      ['Could not find class for table row'],
    ]);
    const cls = onlyClass(product(view, 'dentalInsurance'));
    expect(cls.tables[0]?.rows.map((r) => r.cells.map((c) => c?.value))).toEqual([
      ['Employee', '$30'],
    ]);
  });

  it('shows nothing of a product whose every row lacks a class', () => {
    const log = vi.fn();
    const view = buildProposalView(
      [table('visionInsurance_benefitFrequency', [{ examination: 'Every 12 months' }])],
      { log },
    );
    expect(view.products).toEqual([]);
    expect(log).toHaveBeenCalledWith('Could not find class for table row');
  });
});

describe('buildProposalView: cells', () => {
  it('shades each cell score-floor(score × 100) with a confidence band', () => {
    const view = buildProposalView([
      table('visionInsurance_benefitFrequency', [
        {
          class: 'Class 1',
          examination: ['Every 12 months', 0],
          lensesOrContactLenses: ['Every 12 months', 0.456],
          frame: ['Every 24 months', 0.999],
        },
      ]),
      table('visionInsurance_planInformation', [
        { class: 'Class 1', childEligibilityAges: ['To age 26', 1] },
      ]),
    ]);
    const cls = onlyClass(product(view, 'visionInsurance'));
    const cells = cls.fieldGroups.flatMap((g) =>
      g.fields.map((f) => [f.label, f.cell.shade, f.cell.confidence]),
    );
    expect(cells).toEqual([
      ['Child Eligibility Ages', 'score-100', 'high'],
      ['Examination', 'score-0', 'low'],
      ['Lenses or Contact Lenses', 'score-45', 'low'],
      ['Frame', 'score-99', 'high'],
    ]);
    expect(cls.fieldGroups.map((g) => g.title)).toEqual(['Plan Information', 'Benefit Frequency']);
  });

  it('turns a multi-line value into bullet items', () => {
    const view = buildProposalView([
      table('dentalInsurance_planInformation', [
        {
          class: 'Class 1',
          classDefinition: 'Full-time employees\nworking 30 hours\n• on payroll',
        },
      ]),
    ]);
    const [f] = onlyClass(product(view, 'dentalInsurance')).fieldGroups[0]!.fields;
    expect(f?.cell.value).toBe('Full-time employees\nworking 30 hours\n• on payroll');
    expect(f?.cell.lines).toEqual(['Full-time employees', 'working 30 hours', 'on payroll']);
  });
});

describe('buildProposalView: rate tiers', () => {
  it('shows a rate guarantee common to every tier once, above the grid, with the lowest score', () => {
    const view = buildProposalView([
      table('dentalInsurance_rateTiers', [
        {
          class: 'A',
          rateTier: 'Employee',
          carrierMonthlyRate: '$30',
          rateGuaranteeTime: ['24 months', 0.9],
          rateGuaranteeDate: '12/31/2027',
        },
        {
          class: 'A',
          rateTier: 'Family',
          carrierMonthlyRate: '$90',
          rateGuaranteeTime: ['24 Months', 0.7],
          rateGuaranteeDate: '12/31/2028',
        },
      ]),
    ]);
    const [rates] = onlyClass(product(view, 'dentalInsurance')).tables;
    expect(rates?.title).toBe('Rate Tiers');
    expect(rates?.fields.map((f) => [f.label, f.cell.value, f.cell.shade])).toEqual([
      ['Rate Guarantee', '24 months', 'score-70'],
    ]);
    expect(rates?.columns.map((c) => c.title)).toEqual([
      'Rate Tier',
      'Carrier Monthly Rate',
      'Rate Guaranteed Until',
    ]);
    expect(rates?.rows.map((r) => r.cells.map((c) => c?.value ?? null))).toEqual([
      ['Employee', '$30', '12/31/2027'],
      ['Family', '$90', '12/31/2028'],
    ]);
  });

  it('keeps a column a tier leaves blank in the grid, with an empty cell', () => {
    const view = buildProposalView([
      table('visionInsurance_rateTiers', [
        {
          rateTier: 'Employee',
          class: 'A',
          carrierMonthlyRate: '$5',
          rateGuaranteeTime: '24 months',
        },
        { rateTier: 'Family', class: 'A', carrierMonthlyRate: '$15' },
      ]),
    ]);
    const [rates] = onlyClass(product(view, 'visionInsurance')).tables;
    expect(rates?.fields).toEqual([]);
    expect(rates?.rows.map((r) => r.cells.map((c) => c?.value ?? null))).toEqual([
      ['Employee', '$5', '24 months'],
      ['Family', '$15', null],
    ]);
  });
});

const dental = 'dentalInsurance_coveredServices';

describe('buildProposalView: dental covered services', () => {
  const services = (rows: Array<Record<string, string | [string, number]>>) =>
    onlyClass(
      product(
        buildProposalView([
          table(
            dental,
            rows.map((r) => ({ class: 'Class 1', ...r })),
          ),
        ]),
        'dentalInsurance',
      ),
    ).networkTables[0];

  const deductibles = {
    policyYearDeductibleIndividualInNetwork: '$50',
    policyYearDeductibleIndividualOutOfNetwork: '$50',
  };

  it('separates orthodontic rows, matching Ortho, Orthodontia and ORTHODONTICS in any cell', () => {
    const network = services([
      {
        serviceTypeLabel: 'Type 1',
        serviceTypeTitle: 'Preventive',
        serviceTypeList: 'Exams, cleanings',
        coverageLevelInNetwork: '100%',
        coverageLevelOutOfNetwork: '100%',
        ...deductibles,
      },
      {
        serviceTypeLabel: 'Type 2',
        serviceTypeTitle: 'Orthopedic appliances',
        coverageLevelInNetwork: '80%',
        coverageLevelOutOfNetwork: '60%',
        ...deductibles,
      },
      {
        serviceTypeLabel: 'Type 4',
        serviceTypeTitle: 'Orthodontia',
        coverageLevelInNetwork: '50%',
        coverageLevelOutOfNetwork: '50%',
        ...deductibles,
      },
      { serviceTypeLabel: 'Ortho', coverageLevelInNetwork: '50%' },
      { serviceTypeLabel: 'Unit 5', serviceTypeList: 'Braces (ORTHODONTICS)' },
      { serviceTypeLabel: 'Unit 6', coveredPersonsInNetwork: 'Children to age 19' },
    ]);
    expect(network?.title).toBe('Covered Services');
    expect(network?.columns).toEqual(['Benefit', 'In-Network', 'Out-of-Network']);
    expect(network?.subTables.map((s) => s.title)).toEqual([
      'Coverage',
      'Deductibles',
      'Orthodontics',
    ]);
    expect(subTable(network, 'Coverage').map(show)).toEqual([
      ['Type 1 – Preventive', '100%'],
      ['Type 2 – Orthopedic appliances', '80%', '60%'],
    ]);
    expect(subTable(network, 'Coverage')[0]?.detail?.value).toBe('Exams, cleanings');
    expect(subTable(network, 'Deductibles').map(show)).toEqual([['Individual Deductible', '$50']]);
    expect(subTable(network, 'Orthodontics').map(show)).toEqual([
      ['Type 4 – Orthodontia', '50%'],
      ['Ortho', '50%', ''],
      ['Unit 5', '', ''],
      ['Unit 6', '', ''],
      ['Covered Persons — Unit 6', 'Children to age 19', ''],
    ]);
  });

  it('shows a class-wide deductible once, and per service type where they differ', () => {
    const network = services([
      {
        serviceTypeTitle: 'Preventive',
        policyYearDeductibleIndividualInNetwork: 'None',
        policyYearDeductibleIndividualOutOfNetwork: 'None',
        policyYearMaximumInNetwork: '$1,500',
        policyYearMaximumOutOfNetwork: '$1,000',
      },
      {
        serviceTypeTitle: 'Basic',
        ...deductibles,
        policyYearMaximumInNetwork: '$1,500',
        policyYearMaximumOutOfNetwork: '$1,000',
      },
      {
        serviceTypeTitle: 'Major',
        ...deductibles,
        policyYearMaximumInNetwork: '$1,500',
        policyYearMaximumOutOfNetwork: ['$1,000', 0.4],
      },
      {
        serviceTypeTitle: 'Orthodontics',
        policyYearDeductibleIndividualInNetwork: '$0',
        policyYearMaximumInNetwork: '$1,500',
        policyYearMaximumOutOfNetwork: '$1,000',
        orthodonticLifetimeMaximumInNetwork: '$1,000',
        orthodonticLifetimeMaximumOutOfNetwork: '$750',
      },
    ]);
    expect(subTable(network, 'Deductibles').map(show)).toEqual([
      ['Individual Deductible — Preventive', 'None'],
      ['Individual Deductible — Basic, Major', '$50'],
    ]);
    const [maximum] = subTable(network, 'Maximums');
    expect(maximum && show(maximum)).toEqual(['Policy-Year Maximum', '$1,500', '$1,000']);
    expect(maximum?.kind === 'split' && maximum.outOfNetwork?.shade).toBe('score-40');
    expect(subTable(network, 'Orthodontics').map(show)).toEqual([
      ['Orthodontics', '', ''],
      ['Individual Deductible', '$0', ''],
      ['Orthodontic Lifetime Maximum', '$1,000', '$750'],
    ]);
  });

  it('shows columns it does not know as fields of the class', () => {
    const cls = onlyClass(
      product(
        buildProposalView([
          table(dental, [{ class: 'A', serviceTypeTitle: 'Preventive', waitingPeriod: 'None' }]),
        ]),
        'dentalInsurance',
      ),
    );
    expect(cls.fieldGroups).toMatchObject([
      {
        title: 'Covered Services: Other Details',
        fields: [{ label: 'Waiting Period — Preventive', cell: { value: 'None' } }],
      },
    ]);
  });
});

describe('buildProposalView: vision benefit summary', () => {
  it('shows service lines under Services & Materials / In-Network / Out-of-Network', () => {
    const view = buildProposalView([
      table('visionInsurance_benefitSummary', [
        {
          class: 'A',
          servicesAndMaterials: 'Eye exam',
          inNetworkCost: '$10 copay',
          outOfNetworkReimbursement: 'Up to $40',
        },
        { class: 'A', servicesAndMaterials: 'Materials copay', inNetworkCost: '$25' },
        {
          class: 'A',
          servicesAndMaterials: 'Lasik',
          inNetworkCost: '15% off',
          outOfNetworkReimbursement: '15% OFF',
        },
      ]),
    ]);
    const [network] = onlyClass(product(view, 'visionInsurance')).networkTables;
    expect(network?.columns).toEqual(['Services & Materials', 'In-Network', 'Out-of-Network']);
    expect(network?.subTables).toHaveLength(1);
    expect(subTable(network, null).map(show)).toEqual([
      ['Eye exam', '$10 copay', 'Up to $40'],
      ['Materials copay', '$25', ''],
      ['Lasik', '15% off'],
    ]);
    const [exam] = subTable(network, null);
    expect(exam?.label.kind).toBe('cell');
  });
});

describe('buildProposalView: labels it does not know', () => {
  it('shows an unknown table per class, titled from its label', () => {
    const view = buildProposalView([
      table('dentalInsurance_waitingPeriods', [
        { class: 'Class 1', serviceType: 'Major', waitingPeriodMonths: '12' },
        { class: 'Class 1', serviceType: 'Orthodontics', waitingPeriodMonths: '24' },
      ]),
      table('medicalInsurance_planInformation', [{ class: 'All Employees', hsaEligible: 'Yes' }]),
    ]);
    const [waiting] = onlyClass(product(view, 'dentalInsurance')).tables;
    expect(waiting?.title).toBe('Waiting Periods');
    expect(waiting?.columns.map((c) => c.title)).toEqual(['Service Type', 'Waiting Period Months']);
    expect(waiting?.rows).toHaveLength(2);
    const medical = onlyClass(product(view, 'medicalInsurance'));
    expect(medical.tables[0]).toMatchObject({
      title: 'Plan Information',
      columns: [{ title: 'Hsa Eligible' }],
    });
  });
});
