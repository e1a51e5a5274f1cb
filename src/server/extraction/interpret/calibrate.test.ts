import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import { type CalibrationModel, calibrate, FEATURES, unitsOf } from './calibrate.ts';
import MODEL from './calibration-model.json' with { type: 'json' };
import { REASONS, type Reasons } from './evidence.ts';

const T = 'dentalInsurance_coveredServices';
const cell = (row: number, column: string, value: string, score = 0.95) => ({
  label: `${T}_${column}`,
  value,
  row,
  col: 0,
  score,
});
const items: ParsedItem[] = [
  { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 0.9 },
  {
    type: 'table',
    label: T,
    cells: [
      cell(0, 'class', 'All Employees', 0.6),
      cell(0, 'serviceTypeLabel', 'Preventive', 0.9),
      cell(0, 'coverageLevelInNetwork', '100%'),
      cell(0, 'coverageLevelOutOfNetwork', '80%'),
      cell(1, 'class', 'All Employees', 0.6),
      cell(1, 'serviceTypeLabel', 'Basic', 0.9),
      cell(1, 'coverageLevelInNetwork', '80%'),
      // out-of-network paying more than in-network breaks the domain's order
      cell(1, 'coverageLevelOutOfNetwork', '90%'),
    ],
  },
];

const identity: CalibrationModel = {
  features: FEATURES,
  weights: FEATURES.map((f) => (f === 'heuristic' ? 3 : 0)),
};

describe('scores that mean probabilities', () => {
  it('the committed model was trained on the features the engine computes', () => {
    expect(MODEL.features).toEqual([...FEATURES]);
    expect(MODEL.weights).toHaveLength(FEATURES.length);
  });

  it('describes a field, each row key and each value once', () => {
    const units = unitsOf(items);
    expect(units.map((u) => u.group)).toEqual([
      'carrier',
      'key',
      'coverage',
      'coverage',
      'key',
      'coverage',
      'coverage',
    ]);
    for (const u of units) expect(u.features).toHaveLength(FEATURES.length);
  });

  it.each([
    ['constraintBroken', 6, 1],
    ['constraintBroken', 3, 0],
    ['hasPercent', 2, 1],
    ['topCategory', 1, 1],
  ])('feature %s of unit %d is %d', (feature, unit, expected) => {
    expect(unitsOf(items)[unit]!.features[FEATURES.indexOf(feature as never)]).toBe(expected);
  });

  it('gives a row key one score for all its cells', () => {
    const out = calibrate(items, identity);
    const table = out[1]!.type === 'table' ? out[1]!.cells : [];
    const [klass, label] = table.filter((c) => c.row === 0).slice(0, 2);
    expect(klass!.score).toBe(label!.score);
    expect(klass!.score).toBeCloseTo(0.75, 2); // the mean of 0.6 and 0.9, given back
  });

  it('with the identity model gives the heuristic scores back, in 0.01..0.99', () => {
    const out = calibrate(items, identity);
    expect(out[0]!.type === 'field' && out[0]!.score).toBeCloseTo(0.9, 2);
    for (const i of calibrate(items))
      for (const s of i.type === 'table' ? i.cells.map((c) => c.score) : [i.score]) {
        expect(s).toBeGreaterThanOrEqual(0.01);
        expect(s).toBeLessThanOrEqual(0.99);
      }
  });

  const R = 'dentalInsurance_rateTiers';
  const rate = (row: number, column: string, value: string) => ({
    label: `${R}_${column}`,
    value,
    row,
    col: 0,
    score: 0.95,
  });
  const ordered: ParsedItem[] = [
    {
      type: 'table',
      label: T,
      cells: [
        cell(0, 'serviceTypeLabel', 'Preventive'),
        cell(0, 'coverageLevelInNetwork', '50%'),
        cell(1, 'serviceTypeLabel', 'Major'),
        // major paying more than preventive: coinsurance falls from preventive to major
        cell(1, 'coverageLevelInNetwork', '80%'),
      ],
    },
    {
      type: 'table',
      label: R,
      cells: [
        rate(0, 'rateTier', 'Employee Only'),
        rate(0, 'carrierMonthlyRate', '$40.00'),
        rate(1, 'rateTier', 'Employee + Spouse'),
        rate(1, 'carrierMonthlyRate', '$80.00'),
        rate(2, 'rateTier', 'Family'),
        // a family rate under the employee's: rates rise with the tier
        rate(2, 'carrierMonthlyRate', '$30.00'),
      ],
    },
  ];
  const feature = (list: ParsedItem[], unit: number, name: string) =>
    unitsOf(list)[unit]!.features[FEATURES.indexOf(name as never)];

  it.each([
    ['preventive 50 % under major 80 %', 1, 1],
    ['major 80 % over preventive 50 %', 3, 1],
    ['employee only $40.00, under family $30.00', 5, 1],
    ['employee + spouse $80.00 over family $30.00', 7, 1],
    ['family $30.00 under the others', 9, 1],
  ])('orderBroken: %s', (_, unit, expected) => {
    expect(feature(ordered, unit, 'orderBroken')).toBe(expected);
  });

  it('keeps its order features quiet when the order holds', () => {
    expect(feature(items, 2, 'orderBroken')).toBe(0);
    expect(feature(items, 5, 'orderBroken')).toBe(0);
  });

  const reasons: Reasons = {
    method: 'prose',
    propagated: true,
    reading: 0.8,
    doubt: 0.2,
    trust: 0.5,
    shapeFits: false,
  };
  const withReasons: ParsedItem[] = [
    {
      type: 'field',
      label: 'dentalInsurance_carrierName',
      value: 'Acme Dental',
      score: 0.9,
      [REASONS]: reasons,
    } as ParsedItem,
  ];

  it.each([
    ['method:prose', 1],
    ['method:cell', 0],
    ['propagated', 1],
    ['ocr', 1],
    ['misread', 0.2],
    ['doubt', 0.2],
    ['untrusted', 0.5],
    ['shapeMisfit', 1],
  ])('reads how the value was found: %s is %d', (name, expected) => {
    expect(feature(withReasons, 0, name)).toBeCloseTo(expected, 6);
  });

  it('counts the places that print the same value', () => {
    const at = (x: number) => ({
      page: 1,
      box: [x, 0, x + 10, 10] as [number, number, number, number],
    });
    const twice: ParsedItem[] = [
      {
        type: 'field',
        label: 'dentalInsurance_carrierName',
        value: 'Acme',
        score: 0.9,
        source: at(0),
      },
      {
        type: 'field',
        label: 'visionInsurance_carrierName',
        value: 'ACME',
        score: 0.9,
        source: at(50),
      },
      {
        type: 'field',
        label: 'dentalInsurance_effectiveDate',
        value: '1/1/2026',
        score: 0.9,
        source: at(90),
      },
    ];
    expect(feature(twice, 0, 'agreement')).toBeGreaterThan(0);
    expect(feature(twice, 2, 'agreement')).toBe(0);
  });

  it('leaves the reasons out of the data it gives back', () => {
    const out = calibrate(withReasons);
    expect(Object.getOwnPropertySymbols(out[0]!)).toEqual([]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});
