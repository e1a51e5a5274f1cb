import { describe, expect, it } from 'vitest';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { interpretProposal } from './proposal.ts';

describe('a benefit grid with the items across the top and one row per class', () => {
  const data = interpretProposal(
    markupLayout([
      '# Keystone Dental Proposal',
      [
        ['Class', 'Description'],
        ['Class 1', 'Salaried employees working 30 hours per week'],
        ['Class 2', 'Hourly employees working 20 hours per week'],
      ],
      '# Benefit Summary by Class',
      [
        ['Class', 'Deductible', 'Annual Maximum', 'Preventive', 'Basic', 'Major'],
        ['Class 1', '$50', '$2,000', '100%', '80%', '50%'],
        ['Class 2', '$75', '$1,000', '100%', '70%', 'Not Covered'],
      ],
    ]),
  );

  it("reads each row as its class's grid, one value for both networks", () => {
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect(
      rows.map((r) => [
        r.class,
        r.serviceTypeLabel,
        r.coverageLevelInNetwork,
        r.coverageLevelOutOfNetwork,
      ]),
    ).toEqual([
      ['Class 1', 'Preventive', '100%', '100%'],
      ['Class 1', 'Basic', '80%', '80%'],
      ['Class 1', 'Major', '50%', '50%'],
      ['Class 2', 'Preventive', '100%', '100%'],
      ['Class 2', 'Basic', '70%', '70%'],
      ['Class 2', 'Major', 'Not Covered', 'Not Covered'],
    ]);
    expect(rows[3]).toMatchObject({
      policyYearDeductibleIndividualInNetwork: '$75',
      policyYearMaximumOutOfNetwork: '$1,000',
    });
  });
});

describe('a benefit grid across with one row per plan option', () => {
  const data = interpretProposal(
    markupLayout([
      '# Dental Plan Options',
      [
        ['Plan', 'Deductible', 'Calendar Year Maximum', 'Preventive', 'Basic', 'Major'],
        ['Low Plan', '$50', '$1,000', '100%', '80%', 'Not Covered'],
        ['High Plan', '$50', '$2,000', '100%', '80%', '50%'],
      ],
    ]),
  );

  it('makes each option a class', () => {
    const rows = tableRows(data, 'dentalInsurance_coveredServices');
    expect([...new Set(rows.map((r) => r.class))]).toEqual(['Low Plan', 'High Plan']);
    expect(
      rows.find((r) => r.class === 'High Plan' && r.serviceTypeLabel === 'Major'),
    ).toMatchObject({ coverageLevelInNetwork: '50%', policyYearMaximumInNetwork: '$2,000' });
  });
});
