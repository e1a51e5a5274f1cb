import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import { rejectUnfitValues } from './constraints.ts';

const T = 'dentalInsurance_coveredServices';
const cell = (row: number, column: string, value: string) => ({
  label: `${T}_${column}`,
  value,
  row,
  col: 0,
  score: 0.9,
});

describe('values the domain rejects', () => {
  const items: ParsedItem[] = [
    {
      type: 'table',
      label: T,
      cells: [
        cell(0, 'class', 'All Employees'),
        cell(0, 'serviceTypeLabel', 'Preventive'),
        cell(0, 'coverageLevelInNetwork', '100%'),
        cell(0, 'policyYearDeductibleIndividualInNetwork', 'Limited to one (1) time per tooth.'),
        // a wrapped sentence read as a service: every value rejected, so the row goes
        cell(1, 'class', 'All Employees'),
        cell(1, 'serviceTypeLabel', '8. Placement of dental implants, implant–'),
        cell(1, 'coverageLevelInNetwork', 'activities.'),
        cell(1, 'coverageLevelOutOfNetwork', 'activities.'),
        // a row with labels only stays (nothing of it was rejected)
        cell(2, 'class', 'All Employees'),
        cell(2, 'serviceTypeLabel', 'Orthodontics'),
      ],
    },
  ];
  const out = rejectUnfitValues(items);
  const cells = out[0]?.type === 'table' ? out[0].cells : [];

  it.each([
    ['Preventive', 0, '100%'],
    ['Orthodontics', 1, undefined],
  ])('keeps %s as row %d (coverage %j)', (label, row, coverage) => {
    expect(cells.find((c) => c.value === label)?.row).toBe(row);
    expect(
      cells.find((c) => c.row === row && c.label.endsWith('coverageLevelInNetwork'))?.value,
    ).toBe(coverage);
  });

  it.each([
    'Limited to one (1) time per tooth.',
    'activities.',
    '8. Placement of dental implants, implant–',
  ])('drops %j (a value that cannot fill its slot, or the label of a row all rejected)', (v) => {
    expect(cells.map((c) => c.value)).not.toContain(v);
  });
});
