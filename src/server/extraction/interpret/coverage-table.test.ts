import { describe, expect, it } from 'vitest';
import { markupLayout } from '../testing/markup-layout.ts';
import { fieldValue, tableRows } from '../testing/parsed.ts';
import { bulletItems, premiumTiers } from './coverage-table.ts';
import { interpretProposal } from './proposal.ts';

describe('bulleted facts in a cell', () => {
  it.each([
    [
      '• Annual Eye Exam :$10\n• Premiums: $1 Employee Only— $3.50 Family',
      ['Annual Eye Exam :$10', 'Premiums: $1 Employee Only— $3.50 Family'],
    ],
    // a line without a bullet goes on from the item above
    [
      '• Basic Life: 1x your annual salary, up to $200k—100%\nPaid by the employer',
      ['Basic Life: 1x your annual salary, up to $200k—100% Paid by the employer'],
    ],
    ['Annual Allowance: $1.5k', ['Annual Allowance: $1.5k']],
  ])('%j', (text, items) => {
    expect(bulletItems(text)).toEqual(items);
  });
});

describe('premium lines', () => {
  it.each<[string, Array<{ tier: string; amount: string }> | undefined]>([
    [
      '$2.50 Employee Only— $10 Family',
      [
        { amount: '$2.50', tier: 'Employee Only' },
        { amount: '$10', tier: 'Family' },
      ],
    ],
    [
      '$67 Employee Only —$192.50 Family',
      [
        { amount: '$67', tier: 'Employee Only' },
        { amount: '$192.50', tier: 'Family' },
      ],
    ],
    [
      '$6.50 Employee Only - $46 Family',
      [
        { amount: '$6.50', tier: 'Employee Only' },
        { amount: '$46', tier: 'Family' },
      ],
    ],
    // not amounts before tiers
    ['$3.3k Individual / $6k Family', undefined],
    ['Paid by the employer — 100%', undefined],
  ])('%j', (value, tiers) => {
    expect(premiumTiers(value)).toEqual(tiers);
  });
});

describe('an employer table of coverages', () => {
  const table = (rows: string[][]) =>
    interpretProposal(markupLayout(['# Physical Health Benefits', rows]), { calibrate: false });

  it('reads dental plans, the insurer, employee premiums and vision lines among other coverages', () => {
    const data = table([
      [
        'MEDICAL',
        'HDHP',
        '• Annual Deductible: $3.3k Individual / $6k Family\n• Premiums: $33.50 Employee Only — $146.50 Family',
        'United Healthcare',
      ],
      ['^^', 'SUREST', '• Premiums: $67 Employee Only —$192.50 Family', 'United Healthcare'],
      [
        'DENTAL',
        'LOW',
        '• Annual Allowance: $1.5k\n• Premiums: $2.50 Employee Only— $10 Family',
        'United Healthcare',
      ],
      [
        '^^',
        'HIGH',
        '• Annual Allowance: Unlimited\n• Premiums: $6.50 Employee Only — $46 Family',
        'United Healthcare',
      ],
      [
        'VISION',
        'SPECTERA',
        '• Annual Eye Exam :$10\n• Premiums: $1 Employee Only— $3.50 Family',
        'United Healthcare',
      ],
    ]);
    expect(fieldValue(data, 'dentalInsurance_carrierName')).toBe('United Healthcare');
    expect(tableRows(data, 'dentalInsurance_planInformation').map((r) => r.class)).toEqual([
      'LOW',
      'HIGH',
    ]);
    // an employer's overview prints what the employee pays: tiers, no carrier rate
    const dentalRates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(dentalRates.map((r) => `${r.class} ${r.rateTier}`)).toEqual([
      'LOW Employee Only',
      'LOW Family',
      'HIGH Employee Only',
      'HIGH Family',
    ]);
    expect(dentalRates.every((r) => r.carrierMonthlyRate === undefined)).toBe(true);
    expect(tableRows(data, 'visionInsurance_rateTiers').map((r) => r.premiumContributions)).toEqual(
      ['$1', '$3.50'],
    );
    const vision = tableRows(data, 'visionInsurance_benefitSummary');
    expect(vision.map((r) => [r.servicesAndMaterials, r.inNetworkCost])).toEqual([
      ['Annual Eye Exam', '$10'],
    ]);
    // the medical rows give nothing
    expect(JSON.stringify(data)).not.toContain('HDHP');
  });

  it('leaves a table whose first column names no coverage to the other readers', () => {
    const data = table([
      ['Benefit', 'In-Network', 'Out-of-Network'],
      ['Preventive', '100%', '80%'],
      ['Basic', '80%', '60%'],
    ]);
    expect(tableRows(data, 'dentalInsurance_rateTiers')).toEqual([]);
    expect(tableRows(data, 'dentalInsurance_coveredServices').length).toBeGreaterThan(0);
  });
});
