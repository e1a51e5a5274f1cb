import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import { type CalibrationModel, calibrate, FEATURES, unitsOf } from './calibrate.ts';
import MODEL from './calibration-model.json' with { type: 'json' };

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
});
