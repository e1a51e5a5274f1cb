import { describe, expect, it } from 'vitest';
import { fieldDefinitions } from './catalogue.ts';
import { describeLabel, productNameOf, sectionTitleOf } from './labels.ts';
import { fieldTitles } from './titles.ts';
import { camelCaseToWords } from './words.ts';

describe('camelCaseToWords', () => {
  it.each([
    ['dentalInsurance', 'Dental Insurance'],
    ['visionInsurance', 'Vision Insurance'],
    ['policyYearDeductibleIndividualInNetwork', 'Policy Year Deductible Individual In Network'],
    ['lensesOrContactLenses', 'Lenses or Contact Lenses'],
    ['minimumHoursPerWeek', 'Minimum Hours per Week'],
    ['rateTier2026', 'Rate Tier 2026'],
    ['HSAPlanOption', 'HSA Plan Option'],
    ['medical_insurance', 'Medical Insurance'],
    ['class', 'Class'],
    ['', ''],
  ])('%s → %s', (name, words) => {
    expect(camelCaseToWords(name)).toBe(words);
  });
});

describe('display titles', () => {
  it('gives every catalogue field an explicit title', () => {
    for (const f of fieldDefinitions) {
      expect(fieldTitles[f.label], f.label).toBeDefined();
      expect(f.title).toBe(fieldTitles[f.label]);
    }
  });

  it('titles every network pair X (In-Network) / X (Out-of-Network)', () => {
    for (const f of fieldDefinitions.filter((d) => d.field.endsWith('InNetwork'))) {
      const out = fieldDefinitions.find(
        (d) => d.label === f.label.replace(/InNetwork$/, 'OutOfNetwork'),
      );
      expect(f.title).toMatch(/ \(In-Network\)$/);
      expect(out?.title).toBe(f.title.replace('(In-Network)', '(Out-of-Network)'));
    }
  });
});

describe('describeLabel', () => {
  it('reads a catalogue label from the catalogue', () => {
    const info = describeLabel('dentalInsurance_coveredServices_policyYearMaximumInNetwork');
    expect(info).toMatchObject({
      productKey: 'dentalInsurance',
      productName: 'Dental Insurance',
      section: 'coveredServices',
      field: 'policyYearMaximumInNetwork',
      title: 'Policy-Year Maximum (In-Network)',
    });
    expect(info.definition).toBeDefined();
  });

  it.each([
    [
      'medicalInsurance_planInformation_hsaEligible',
      'medicalInsurance',
      'Medical Insurance',
      'planInformation',
      'hsaEligible',
      'Hsa Eligible',
    ],
    [
      'dentalInsurance_brokerFee',
      'dentalInsurance',
      'Dental Insurance',
      null,
      'brokerFee',
      'Broker Fee',
    ],
    ['notes', '', 'Other', null, 'notes', 'Notes'],
  ])(
    'reads an unknown label %s by its parts',
    (label, productKey, productName, section, field, title) => {
      expect(describeLabel(label)).toMatchObject({
        productKey,
        productName,
        section,
        field,
        title,
      });
      expect(describeLabel(label).definition).toBeUndefined();
    },
  );

  it('names products and sections', () => {
    expect(productNameOf('visionInsurance')).toBe('Vision Insurance');
    expect(productNameOf('lifeInsurance')).toBe('Life Insurance');
    expect(sectionTitleOf('dentalInsurance_coveredServices')).toBe('Covered Services');
    expect(sectionTitleOf('dentalInsurance_waitingPeriods')).toBe('Waiting Periods');
  });
});
