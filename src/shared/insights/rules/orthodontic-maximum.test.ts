import { describe, expect, it } from 'vitest';
import { orthodonticMaximumRule } from './orthodontic-maximum.ts';
import {
  buildProposal,
  cleanDental,
  editRows,
  type SpecValue,
  testToday,
} from './proposal-factory.ts';

const ctx = { today: testToday };
const withOrtho = (change: Record<string, SpecValue>) =>
  orthodonticMaximumRule(
    buildProposal(
      editRows(cleanDental(), 'dentalInsurance_coveredServices', (row) =>
        row.serviceTypeTitle === 'Orthodontia' ? { ...row, ...change } : row,
      ),
    ),
    ctx,
  );

describe('orthodonticMaximumRule', () => {
  it('finds nothing when the orthodontic maximum is within the annual maximum', () => {
    expect(withOrtho({})).toEqual([]);
    expect(withOrtho({ orthodonticLifetimeMaximumInNetwork: '$1,500' })).toEqual([]);
  });

  it('flags an orthodontic maximum above the annual maximum', () => {
    expect(withOrtho({ orthodonticLifetimeMaximumOutOfNetwork: '$2,500' })).toEqual([
      {
        text: 'Dental ortho maximum above annual',
        severity: 'medium',
        label: 'dentalInsurance_coveredServices_orthodonticLifetimeMaximumOutOfNetwork',
      },
    ]);
  });

  it('uses the class maximum when the orthodontic row has none of its own', () => {
    expect(
      withOrtho({
        policyYearMaximumInNetwork: '',
        policyYearMaximumOutOfNetwork: '',
        orthodonticLifetimeMaximumInNetwork: '$2,000',
      }).map((f) => f.text),
    ).toEqual(['Dental ortho maximum above annual']);
  });

  it('stays silent against an unlimited or unreadable annual maximum', () => {
    expect(
      withOrtho({
        policyYearMaximumInNetwork: 'Unlimited',
        orthodonticLifetimeMaximumInNetwork: '$2,000',
      }),
    ).toEqual([]);
    expect(
      withOrtho({
        policyYearMaximumInNetwork: 'See SBC',
        orthodonticLifetimeMaximumInNetwork: '$2,000',
      }),
    ).toEqual([]);
  });
});
