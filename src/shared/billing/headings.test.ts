import { describe, expect, it } from 'vitest';
import { classHeading, productHeading, productNotesLabel } from './headings.ts';

describe('editor headings (spec §2)', () => {
  it.each([
    ['', 0, 'Class #1'],
    ['  ', 2, 'Class #3'],
    ['Salaried', 0, 'Salaried'],
  ])('"heading \'Class #N\' or the class name": %j at %d → %s', (className, i, heading) => {
    expect(classHeading({ className }, i)).toBe(heading);
  });

  it.each([
    ['', '', 1, 'Product #2'],
    ['Dental', 'Dental', 0, 'Dental'],
    ['Voluntary Term Life', 'VTL', 0, 'Voluntary Term Life - VTL'],
    ['Life and AD&D', 'Life/AD&D', 0, 'Life and AD&D - Life/AD&D'],
  ])(
    "\"the product name, falling back to 'Product #{n}', plus ' - {productCode}' when the code differs\": %s / %s",
    (productName, productCode, i, heading) => {
      expect(productHeading({ productName, productCode }, i)).toBe(heading);
    },
  );

  it("'{productCode} Notes:'", () => {
    expect(productNotesLabel({ productCode: 'VTL/AD&D' })).toBe('VTL/AD&D Notes:');
  });
});
