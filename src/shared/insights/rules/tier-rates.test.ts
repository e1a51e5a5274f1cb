import { describe, expect, it } from 'vitest';
import {
  buildProposal,
  cleanDental,
  cleanVision,
  editRows,
  testToday,
} from './proposal-factory.ts';
import { tierRatesRule } from './tier-rates.ts';

const ctx = { today: testToday };
const withRates = (rates: Record<string, string>, classes = ['Class 1', 'Class 2']) =>
  tierRatesRule(
    buildProposal(
      editRows(cleanDental(classes), 'dentalInsurance_rateTiers', (row) =>
        row.class === 'Class 2' && String(row.rateTier) in rates
          ? { ...row, carrierMonthlyRate: rates[String(row.rateTier)]! }
          : row,
      ),
    ),
    ctx,
  ).map((f) => f.text);

describe('tierRatesRule', () => {
  it('finds nothing when rates rise with the tier', () => {
    expect(withRates({})).toEqual([]);
    expect(tierRatesRule(buildProposal(cleanVision()), ctx)).toEqual([]);
  });

  it('allows tiers of the same rank in any order', () => {
    // Employee + Child(ren) below Employee + Spouse is common.
    expect(withRates({ 'Employee + Child(ren)': '$55.00' })).toEqual([]);
  });

  it.each([
    [{ Family: '$60.00' }],
    [{ Family: '$25.00' }],
    [{ 'Employee + Spouse': '$30.00' }],
    [{ 'Employee Only': '$70.00' }],
  ])('flags %o in the one class it concerns', (rates) => {
    expect(withRates(rates)).toEqual(['Class 2 dental rates not rising by tier']);
  });

  it('skips tiers and rates it cannot read', () => {
    expect(withRates({ Family: 'See attached' })).toEqual([]);
    const spec = editRows(cleanDental(), 'dentalInsurance_rateTiers', (row) =>
      row.rateTier === 'Family' ? { ...row, rateTier: 'Tier 4', carrierMonthlyRate: '$1.00' } : row,
    );
    expect(tierRatesRule(buildProposal(spec), ctx)).toEqual([]);
  });
});
