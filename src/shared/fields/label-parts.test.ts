import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldDefinitions } from './catalogue.ts';
import { labelParts } from './label-parts.ts';

describe('labelParts', () => {
  it.each([
    ['dentalInsurance_carrierName', ['product:dentalInsurance', 'field:carrierName']],
    [
      'dentalInsurance_rateTiers_carrierMonthlyRate',
      ['product:dentalInsurance', 'table:rateTiers', 'field:carrierMonthlyRate'],
    ],
    [
      'visionInsurance_benefitSummary_frames_inNetworkCost',
      ['product:visionInsurance', 'table:benefitSummary', 'section:frames', 'field:inNetworkCost'],
    ],
    ['a_b_c_d_e', ['product:a', 'table:b', 'section:c', 'section:d', 'field:e']],
    ['planName', ['field:planName']],
  ])('splits %s', (label, expected) => {
    expect(labelParts(label).map((p) => `${p.kind}:${p.text}`)).toEqual(expected);
  });

  it('names the product first and the field last for every catalogue label', () => {
    for (const f of fieldDefinitions) {
      const parts = labelParts(f.label);
      expect(parts[0]).toEqual({ kind: 'product', text: f.productKey });
      expect(parts.at(-1)).toEqual({ kind: 'field', text: f.field });
      if (f.section) expect(parts[1]).toEqual({ kind: 'table', text: f.section });
    }
  });

  it('gives the label back when the parts are joined with underscores', () => {
    fc.assert(
      fc.property(fc.string(), (label) => {
        const parts = labelParts(label);
        expect(parts.map((p) => p.text).join('_')).toBe(label);
        expect(parts.at(-1)!.kind).toBe('field');
      }),
    );
  });
});
