import { describe, expect, it } from 'vitest';
import { classCoverageRule } from './class-coverage.ts';
import {
  buildProposal,
  cleanDental,
  cleanVision,
  editRows,
  merge,
  testToday,
} from './proposal-factory.ts';

const ctx = { today: testToday };
const classes = ['Class 1', 'Class 2'];

describe('classCoverageRule', () => {
  it('finds nothing when every table lists every class', () => {
    expect(
      classCoverageRule(buildProposal(merge(cleanDental(classes), cleanVision(classes))), ctx),
    ).toEqual([]);
  });

  it('names the class and the table it is missing from', () => {
    const spec = editRows(cleanDental(classes), 'dentalInsurance_rateTiers', (row) =>
      row.class === 'Class 2' ? undefined : row,
    );
    expect(classCoverageRule(buildProposal(spec), ctx)).toEqual([
      {
        text: 'Class 2 dental rates missing',
        severity: 'high',
        label: 'dentalInsurance_rateTiers',
      },
    ]);
  });

  it('matches class names without case or spacing differences', () => {
    const spec = editRows(cleanVision(classes), 'visionInsurance_rateTiers', (row) => ({
      ...row,
      class: String(row.class).toUpperCase().replace(' ', '  '),
    }));
    expect(classCoverageRule(buildProposal(spec), ctx)).toEqual([]);
  });

  it('compares the classes of each product on their own', () => {
    const spec = merge(cleanDental(['Core Plan', 'Buy-Up Plan']), cleanVision(['All Employees']));
    expect(classCoverageRule(buildProposal(spec), ctx)).toEqual([]);
  });

  it('ignores a table with no class on any row', () => {
    const spec = editRows(cleanVision(classes), 'visionInsurance_benefitFrequency', (row) => {
      const { class: _class, ...rest } = row;
      return rest;
    });
    expect(classCoverageRule(buildProposal(spec), ctx)).toEqual([]);
  });

  it('flags a benefit summary missing a class', () => {
    const spec = editRows(cleanVision(classes), 'visionInsurance_benefitSummary', (row) =>
      row.class === 'Class 1' ? undefined : row,
    );
    expect(classCoverageRule(buildProposal(spec), ctx).map((f) => f.text)).toEqual([
      'Class 1 vision benefits missing',
    ]);
  });
});
