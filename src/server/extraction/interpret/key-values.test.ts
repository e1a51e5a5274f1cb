import { describe, expect, it } from 'vitest';
import { keyValuesOfLine } from './key-values.ts';

describe('keyValuesOfLine', () => {
  it.each([
    [
      'Carrier: UnitedHealthcare. This summary highlights the coverage quoted.',
      [['Carrier', 'UnitedHealthcare']],
    ],
    [
      'Quote ID: AVS-88213    Proposed effective date: July 1, 2026    Prepared: April 7, 2026',
      [
        ['Quote ID', 'AVS-88213'],
        ['Proposed effective date', 'July 1, 2026'],
        ['Prepared', 'April 7, 2026'],
      ],
    ],
    [
      'Rate Guarantee: 24 months (through 12/31/2027) Policy Year: January 1, 2026 - December 31, 2026',
      [
        ['Rate Guarantee', '24 months (through 12/31/2027)'],
        ['Policy Year', 'January 1, 2026 - December 31, 2026'],
      ],
    ],
    [
      'Group: Riverside Clinic Proposed Effective Date: 09/01/2026 Quote #: GV-1182',
      [
        ['Group', 'Riverside Clinic'],
        ['Proposed Effective Date', '09/01/2026'],
        ['Quote #', 'GV-1182'],
      ],
    ],
    [
      'Northgate Property Management | Effective January 1, 2026 | Case UHCV-30917',
      [['Effective', 'January 1, 2026']],
    ],
    ['Benefits and rates below apply to All Classes unless otherwise noted.', []],
  ])('%j', (line, pairs) => {
    expect(keyValuesOfLine(line).map((kv) => [kv.key, kv.value])).toEqual(pairs);
  });
});
