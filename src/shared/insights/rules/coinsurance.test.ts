import { describe, expect, it } from 'vitest';
import { coinsuranceRule } from './coinsurance.ts';
import { buildProposal, cleanDental, editRows, testToday } from './proposal-factory.ts';

const ctx = { today: testToday };
const withLevels = (levels: Record<string, [string, string]>) =>
  coinsuranceRule(
    buildProposal(
      editRows(cleanDental(), 'dentalInsurance_coveredServices', (row) => {
        const level = levels[String(row.serviceTypeTitle)];
        return level
          ? { ...row, coverageLevelInNetwork: level[0], coverageLevelOutOfNetwork: level[1] }
          : row;
      }),
    ),
    ctx,
  ).map((f) => `${f.severity}: ${f.text}`);

describe('coinsuranceRule', () => {
  it('finds nothing in the usual order', () => {
    expect(withLevels({})).toEqual([]);
    expect(withLevels({ Major: ['Not covered', 'Not covered'] })).toEqual([]);
    expect(withLevels({ Basic: ['80%', '80%'], Major: ['80%', '80%'] })).toEqual([]);
  });

  it.each([
    [{ Preventive: ['150%', '100%'] }, 'high: Dental coinsurance out of range'],
    [{ Major: ['50%', '-10%'] }, 'high: Dental coinsurance out of range'],
    [{ Preventive: ['70%', '100%'] }, 'medium: Dental preventive below basic'],
    [{ Major: ['90%', '40%'] }, 'medium: Dental basic below major'],
    [{ Basic: ['You pay 60%', '70%'] }, 'medium: Dental basic below major'],
  ] as Array<[Record<string, [string, string]>, string]>)('%o → %s', (levels, text) => {
    expect(withLevels(levels)).toEqual([text]);
  });

  it('reports preventive below major when basic is not printed', () => {
    const spec = editRows(cleanDental(), 'dentalInsurance_coveredServices', (row) => {
      if (row.serviceTypeTitle === 'Basic') return undefined;
      if (row.serviceTypeTitle === 'Preventive') return { ...row, coverageLevelInNetwork: '40%' };
      return row;
    });
    expect(coinsuranceRule(buildProposal(spec), ctx).map((f) => f.text)).toEqual([
      'Dental preventive below major',
    ]);
  });

  it('leaves out a category printed on several rows', () => {
    const spec = editRows(cleanDental(), 'dentalInsurance_coveredServices', (row) =>
      row.serviceTypeTitle === 'Orthodontia'
        ? {
            ...row,
            serviceTypeTitle: 'Major',
            serviceTypeLabel: 'Type 3b',
            coverageLevelInNetwork: '95%',
          }
        : row,
    );
    expect(coinsuranceRule(buildProposal(spec), ctx)).toEqual([]);
  });
});
