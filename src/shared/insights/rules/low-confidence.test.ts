import { describe, expect, it } from 'vitest';
import { lowConfidenceRule, lowConfidenceScore } from './low-confidence.ts';
import { buildProposal, cleanDental, editRows, testToday } from './proposal-factory.ts';

const ctx = { today: testToday };

describe('lowConfidenceRule', () => {
  it('finds nothing when every value is read with confidence', () => {
    expect(lowConfidenceRule(buildProposal(cleanDental()), ctx)).toEqual([]);
  });

  it('names a single field read with low confidence', () => {
    const spec = cleanDental();
    spec.fields!.dentalInsurance_carrierName = { value: 'Acne Dental', score: 0.3 };
    expect(lowConfidenceRule(buildProposal(spec), ctx)).toEqual([
      {
        text: 'Verify dental carrier name',
        severity: 'medium',
        label: 'dentalInsurance_carrierName',
      },
    ]);
  });

  it('groups table cells by class and kind of value', () => {
    const spec = editRows(
      cleanDental(['Class 1', 'Class 2']),
      'dentalInsurance_rateTiers',
      (row) =>
        row.class === 'Class 2'
          ? { ...row, carrierMonthlyRate: { value: String(row.carrierMonthlyRate), score: 0.4 } }
          : row,
    );
    expect(lowConfidenceRule(buildProposal(spec), ctx).map((f) => f.text)).toEqual([
      'Verify Class 2 dental rates',
    ]);
  });

  it('ignores blank values and scores at the threshold', () => {
    const spec = cleanDental();
    spec.fields!.dentalInsurance_carrierName = { value: '', score: 0.1 };
    spec.fields!.dentalInsurance_effectiveDate = { value: '01/01/2026', score: lowConfidenceScore };
    expect(lowConfidenceRule(buildProposal(spec), ctx)).toEqual([]);
  });
});
