import { describe, expect, it } from 'vitest';
import { effectiveDateRule } from './effective-date.ts';
import { buildProposal, cleanDental, cleanVision, merge, testToday } from './proposal-factory.ts';

const ctx = { today: testToday };

describe('effectiveDateRule', () => {
  it.each([['01/01/2026'], ['January 1, 2026'], ['2026-01-01'], ['Jan 1 2026']])(
    'reads %s',
    (value) => {
      const spec = cleanDental();
      spec.fields!.dentalInsurance_effectiveDate = value;
      expect(effectiveDateRule(buildProposal(spec), ctx)).toEqual([]);
    },
  );

  it.each([['Upon approval'], ['02/30/2026'], ['TBD']])('flags %s', (value) => {
    const spec = merge(cleanDental(), cleanVision());
    spec.fields!.visionInsurance_effectiveDate = value;
    expect(effectiveDateRule(buildProposal(spec), ctx)).toEqual([
      {
        text: 'Vision effective date unreadable',
        severity: 'high',
        label: 'visionInsurance_effectiveDate',
      },
    ]);
  });

  it('leaves a blank effective date to the required-fields rule', () => {
    const spec = cleanDental();
    spec.fields!.dentalInsurance_effectiveDate = '';
    expect(effectiveDateRule(buildProposal(spec), ctx)).toEqual([]);
  });
});
