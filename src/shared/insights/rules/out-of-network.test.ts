import { describe, expect, it } from 'vitest';
import { outOfNetworkRule } from './out-of-network.ts';
import {
  buildProposal,
  cleanDental,
  cleanVision,
  editRows,
  type SpecValue,
  testToday,
} from './proposal-factory.ts';

const ctx = { today: testToday };
const dentalWith = (edit: (row: Record<string, SpecValue>) => Record<string, SpecValue>) =>
  outOfNetworkRule(
    buildProposal(
      editRows(cleanDental(['Class 1', 'Class 2']), 'dentalInsurance_coveredServices', (row) =>
        row.class === 'Class 2' && row.serviceTypeTitle === 'Basic' ? edit(row) : row,
      ),
    ),
    ctx,
  ).map((f) => f.text);

describe('outOfNetworkRule', () => {
  it('finds nothing when in-network is at least as good', () => {
    expect(outOfNetworkRule(buildProposal(cleanDental()), ctx)).toEqual([]);
    expect(outOfNetworkRule(buildProposal(cleanVision()), ctx)).toEqual([]);
  });

  it.each([
    [{ coverageLevelInNetwork: '70%', coverageLevelOutOfNetwork: '80%' }, 'coverage higher'],
    [
      { coverageLevelInNetwork: 'You pay 30%', coverageLevelOutOfNetwork: '80%' },
      'coverage higher',
    ],
    [
      { coverageLevelInNetwork: 'Not covered', coverageLevelOutOfNetwork: '50%' },
      'coverage higher',
    ],
    [{ policyYearDeductibleIndividualOutOfNetwork: '$25' }, 'deductible lower'],
    [{ policyYearDeductibleFamilyOutOfNetwork: 'None' }, 'deductible lower'],
    [{ policyYearMaximumOutOfNetwork: '$2,000' }, 'maximum higher'],
  ])('%o → out-of-network %s', (change, words) => {
    expect(dentalWith((row) => ({ ...row, ...change }))).toEqual([
      `Class 2 dental out-of-network ${words}`,
    ]);
  });

  it.each([
    [{ coverageLevelInNetwork: '80%', coverageLevelOutOfNetwork: 'You pay 20%' }],
    [{ coverageLevelInNetwork: '$25 copay', coverageLevelOutOfNetwork: '80%' }],
    [{ policyYearDeductibleIndividualOutOfNetwork: '$25 per visit, 2 visits' }],
    [{ policyYearMaximumInNetwork: 'Unlimited', policyYearMaximumOutOfNetwork: '$5,000' }],
  ])('stays silent on %o', (change) => {
    expect(dentalWith((row) => ({ ...row, ...change }))).toEqual([]);
  });

  it('flags a vision reimbursement above the in-network allowance', () => {
    const spec = editRows(cleanVision(), 'visionInsurance_benefitSummary', (row) =>
      row.servicesAndMaterials === 'Frames'
        ? { ...row, outOfNetworkReimbursement: 'Up to $150' }
        : row,
    );
    expect(outOfNetworkRule(buildProposal(spec), ctx)).toEqual([
      {
        text: 'Vision out-of-network allowance higher',
        severity: 'medium',
        label: 'visionInsurance_benefitSummary_outOfNetworkReimbursement',
      },
    ]);
  });

  it('does not compare a copay with a reimbursement', () => {
    const spec = editRows(cleanVision(), 'visionInsurance_benefitSummary', (row) => ({
      ...row,
      outOfNetworkReimbursement: 'Up to $500',
    }));
    // Only the frames row prints an allowance.
    expect(outOfNetworkRule(buildProposal(spec), ctx)).toHaveLength(1);
  });
});
