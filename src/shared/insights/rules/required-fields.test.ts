import { describe, expect, it } from 'vitest';
import {
  buildProposal,
  cleanDental,
  cleanVision,
  editRows,
  merge,
  testToday,
} from './proposal-factory.ts';
import { requiredFieldsRule } from './required-fields.ts';

const ctx = { today: testToday };
const texts = (spec: Parameters<typeof buildProposal>[0]) =>
  requiredFieldsRule(buildProposal(spec), ctx).map((f) => f.text);

describe('requiredFieldsRule', () => {
  it('finds nothing in complete proposals', () => {
    expect(texts(merge(cleanDental(), cleanVision()))).toEqual([]);
  });

  it.each([
    ['dentalInsurance_carrierName', 'Dental carrier name missing'],
    ['dentalInsurance_effectiveDate', 'Dental effective date missing'],
  ])('a blank %s', (label, text) => {
    const spec = cleanDental();
    spec.fields![label] = '';
    expect(texts(spec)).toEqual([text]);
    delete spec.fields![label];
    expect(texts(spec)).toEqual([text]);
  });

  it('a vision carrier name left out', () => {
    const spec = merge(cleanDental(), cleanVision());
    delete spec.fields!.visionInsurance_carrierName;
    expect(texts(spec)).toEqual(['Vision carrier name missing']);
  });

  it('rates missing for a whole product, a class, or one tier', () => {
    const noRates = cleanVision();
    delete noRates.tables!.visionInsurance_rateTiers;
    expect(texts(noRates)).toEqual(['Vision rates missing']);

    const two = cleanDental(['Class 1', 'Class 2']);
    const blankClass2 = editRows(two, 'dentalInsurance_rateTiers', (row) =>
      row.class === 'Class 2' ? { ...row, carrierMonthlyRate: '' } : row,
    );
    expect(texts(blankClass2)).toEqual(['Class 2 dental rates missing']);

    const blankFamily = editRows(cleanDental(), 'dentalInsurance_rateTiers', (row) =>
      row.rateTier === 'Family' ? { ...row, carrierMonthlyRate: '' } : row,
    );
    expect(texts(blankFamily)).toEqual(['Dental Family rate missing']);
  });

  it('a dental service type with no coverage level, and a class with no annual maximum', () => {
    const noMajor = editRows(cleanDental(), 'dentalInsurance_coveredServices', (row) =>
      row.serviceTypeTitle === 'Major'
        ? { ...row, coverageLevelInNetwork: '', coverageLevelOutOfNetwork: '' }
        : row,
    );
    expect(texts(noMajor)).toEqual(['Dental Major coverage missing']);

    const noMaximum = editRows(cleanDental(), 'dentalInsurance_coveredServices', (row) => {
      const { policyYearMaximumInNetwork, policyYearMaximumOutOfNetwork, ...rest } = row;
      return rest;
    });
    expect(requiredFieldsRule(buildProposal(noMaximum), ctx)).toEqual([
      {
        text: 'Dental annual maximum missing',
        severity: 'medium',
        label: 'dentalInsurance_coveredServices_policyYearMaximumInNetwork',
      },
    ]);
  });

  it('a product with no benefits table', () => {
    const dental = cleanDental();
    delete dental.tables!.dentalInsurance_coveredServices;
    expect(texts(dental)).toEqual(['Dental covered services missing']);
    const vision = cleanVision();
    delete vision.tables!.visionInsurance_benefitSummary;
    expect(texts(vision)).toEqual(['Vision benefits missing']);
  });

  it('says nothing about a product the proposal does not offer', () => {
    expect(texts(cleanDental())).toEqual([]);
  });
});
