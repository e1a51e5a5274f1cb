import { describe, expect, it } from 'vitest';
import {
  buildProposal,
  cleanDental,
  editRows,
  type SpecValue,
  testToday,
} from './proposal-factory.ts';
import { rateGuaranteeRule } from './rate-guarantee.ts';

const guarantee = (
  change: Record<string, SpecValue>,
  today = testToday,
  effective = '01/01/2026',
) => {
  const spec = editRows(cleanDental(), 'dentalInsurance_rateTiers', (row) => {
    const next = { ...row, ...change };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    return next;
  });
  spec.fields!.dentalInsurance_effectiveDate = effective;
  return rateGuaranteeRule(buildProposal(spec), { today }).map((f) => `${f.severity}: ${f.text}`);
};

describe('rateGuaranteeRule', () => {
  it('finds nothing in a guarantee that runs its term from the effective date', () => {
    expect(guarantee({})).toEqual([]);
    expect(guarantee({ rateGuaranteeTime: '2 years' })).toEqual([]);
  });

  it('flags a guarantee date already past', () => {
    expect(guarantee({}, new Date('2028-01-01T00:00:00Z'))).toEqual([
      'high: Dental rate guarantee expired',
    ]);
    expect(guarantee({}, new Date('2027-12-31T23:00:00Z'))).toEqual([]);
  });

  it('flags a guarantee time with no date, or no guarantee at all', () => {
    expect(guarantee({ rateGuaranteeDate: '' })).toEqual(['low: Dental guarantee date missing']);
    expect(guarantee({ rateGuaranteeDate: '', rateGuaranteeTime: '' })).toEqual([
      'low: Dental rate guarantee missing',
    ]);
  });

  it('flags an unreadable date, a date before the effective date, and a term that disagrees', () => {
    expect(guarantee({ rateGuaranteeDate: 'Two renewals' })).toEqual([
      'high: Dental guarantee date unreadable',
    ]);
    expect(guarantee({ rateGuaranteeTime: '' }, testToday, 'January 1, 2028')).toEqual([
      'medium: Dental guarantee ends before effective',
    ]);
    expect(guarantee({ rateGuaranteeTime: '12 months' })).toEqual([
      'medium: Dental guarantee term mismatch',
    ]);
  });

  it('compares the term only when the effective date can be read', () => {
    expect(guarantee({ rateGuaranteeTime: '12 months' }, testToday, 'Upon approval')).toEqual([]);
  });
});
