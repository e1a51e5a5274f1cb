import { describe, expect, it } from 'vitest';
import { familyDeductibleRule } from './family-deductible.ts';
import {
  buildProposal,
  cleanDental,
  editRows,
  type SpecValue,
  testToday,
} from './proposal-factory.ts';

const ctx = { today: testToday };
const withDeductibles = (change: Record<string, SpecValue>, classes?: string[]) =>
  familyDeductibleRule(
    buildProposal(
      editRows(cleanDental(classes), 'dentalInsurance_coveredServices', (row) =>
        row.class === 'Class 1' || !classes ? { ...row, ...change } : row,
      ),
    ),
    ctx,
  ).map((f) => f.text);

describe('familyDeductibleRule', () => {
  it('finds nothing when the family deductible is at least the individual one', () => {
    expect(withDeductibles({})).toEqual([]);
    expect(
      withDeductibles({
        policyYearDeductibleIndividualInNetwork: 'None',
        policyYearDeductibleFamilyInNetwork: 'None',
      }),
    ).toEqual([]);
  });

  it.each([
    [{ policyYearDeductibleFamilyInNetwork: '$25' }],
    [{ policyYearDeductibleFamilyOutOfNetwork: '$40' }],
    [{ policyYearDeductibleFamilyInNetwork: 'Waived' }],
  ])('flags %o once per class', (change) => {
    expect(withDeductibles(change)).toEqual(['Dental family deductible below individual']);
    expect(withDeductibles(change, ['Class 1', 'Class 2'])).toEqual([
      'Class 1 dental family deductible below individual',
    ]);
  });

  it('stays silent when a deductible cannot be read', () => {
    expect(withDeductibles({ policyYearDeductibleFamilyInNetwork: '3x individual' })).toEqual([]);
    expect(withDeductibles({ policyYearDeductibleFamilyInNetwork: '$50 per person' })).toEqual([]);
  });
});
