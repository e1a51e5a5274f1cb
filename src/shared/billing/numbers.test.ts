import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageBandAgeBounds,
  ageReductionBounds,
  clampNumber,
  type NumberBounds,
  numberBounds,
  parseNumberInput,
  volumeBounds,
} from './numbers.ts';

describe('number inputs (spec §5)', () => {
  it.each([
    ['12', 12],
    [' 7.5 ', 7.5],
    ['-3', 0],
    ['10000', 9999],
    ['1e3', 1000],
    ['.5', 0.5],
  ])('"Number inputs clamp the entered value to min and max": %j → %d (rate 0–9999)', (text, n) => {
    expect(parseNumberInput(text, numberBounds.rate, 1)).toBe(n);
  });

  it.each(['', '   '])('"an empty entry becomes unset": %j', (text) => {
    expect(parseNumberInput(text, numberBounds.rate, 5)).toBeUndefined();
  });

  it.each(['abc', '12abc', '1,000', '0x10', 'Infinity', 'NaN', '--1', '1e999'])(
    '"non-numeric input is ignored (restored on blur)": %j keeps the previous value',
    (text) => {
      expect(parseNumberInput(text, numberBounds.rate, 5)).toBe(5);
      expect(parseNumberInput(text, numberBounds.rate, undefined)).toBeUndefined();
    },
  );

  // Spec §5 "Bounds", one line each.
  it.each<[string, NumberBounds, NumberBounds]>([
    ['rate 0–9999', numberBounds.rate, { min: 0, max: 9999 }],
    ['tobacco rate 0–9999', numberBounds.tobaccoRate, { min: 0, max: 9999 }],
    ['static rate min 0', numberBounds.staticRate, { min: 0 }],
    [
      'Price Rate Basis: number, minimum 0, step 1',
      numberBounds.priceRateBasis,
      { min: 0, step: 1 },
    ],
    ['age 0–130 for bands', numberBounds.ageBandAge, { min: 0, max: 130 }],
    ['age 0–130 for reductions', numberBounds.ageReductionAge, { min: 0, max: 130 }],
    ['age-reduction increment 0–9999', numberBounds.ageReductionIncrement, { min: 0, max: 9999 }],
    [
      'reduction 0–100 when percentage',
      ageReductionBounds('reduction', 'percentage'),
      { min: 0, max: 100 },
    ],
    ['min 0 with no max when amount', ageReductionBounds('reduction', 'amount'), { min: 0 }],
    ['benefit percentage 0–100', numberBounds.benefitPercentage, { min: 0, max: 100 }],
    ['volume amount min 0', numberBounds.volumeAmount, { min: 0 }],
    ['salary multiple min 0', numberBounds.salaryMultiple, { min: 0 }],
    ['increment min 0', numberBounds.volumeIncrement, { min: 0 }],
    [
      'volume minimum min 0 with max capped by the maximum',
      volumeBounds('minimum', { maximum: 500 }),
      { min: 0, max: 500 },
    ],
    [
      'volume maximum min equal to the minimum',
      volumeBounds('maximum', { minimum: 200 }),
      { min: 200 },
    ],
    ['re-rate month 1–12', numberBounds.reRateMonth, { min: 1, max: 12, step: 1 }],
  ])('bound "%s"', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('an age band maximum is at least its minimum', () => {
    expect(ageBandAgeBounds('maximumAge', { minimumAge: 40 })).toEqual({ min: 40, max: 130 });
    expect(ageBandAgeBounds('maximumAge', {})).toEqual({ min: 0, max: 130 });
    expect(parseNumberInput('30', ageBandAgeBounds('maximumAge', { minimumAge: 40 }), 50)).toBe(40);
  });

  it('"step 1": Price Rate Basis takes whole numbers', () => {
    expect(parseNumberInput('2.6', numberBounds.priceRateBasis, undefined)).toBe(3);
    expect(parseNumberInput('0.2', numberBounds.priceRateBasis, undefined)).toBe(0);
    expect(parseNumberInput('13.4', numberBounds.reRateMonth, undefined)).toBe(12);
  });

  it('lets the minimum win when bounds contradict', () => {
    expect(clampNumber(5, { min: 10, max: 3 })).toBe(10);
  });

  const boundsArb = fc
    .tuple(
      fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
      fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
      fc.option(fc.constant(1), { nil: undefined }),
    )
    .map(
      ([min, span, step]): NumberBounds => ({
        min,
        max: span === undefined ? undefined : (min ?? 0) + span,
        step,
      }),
    );

  it('property: clamping always lands within bounds, and is idempotent', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), boundsArb, (x, bounds) => {
        const y = clampNumber(x, bounds);
        if (bounds.min !== undefined) expect(y).toBeGreaterThanOrEqual(bounds.min);
        if (bounds.max !== undefined) expect(y).toBeLessThanOrEqual(bounds.max);
        if (bounds.step === 1) expect(Number.isInteger(y)).toBe(true);
        expect(clampNumber(y, bounds)).toBe(y);
        const inside =
          (bounds.min === undefined || x >= bounds.min) &&
          (bounds.max === undefined || x <= bounds.max) &&
          bounds.step === undefined;
        if (inside) expect(y).toBe(x === 0 ? 0 : x);
      }),
    );
  });

  it('property: a parsed entry is unset, the previous value, or a number within bounds', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double().map(String), fc.integer().map(String)),
        boundsArb,
        fc.option(fc.integer(), { nil: undefined }),
        (text, bounds, previous) => {
          const y = parseNumberInput(text, bounds, previous);
          if (text.trim() === '') expect(y).toBeUndefined();
          else if (y !== previous) {
            expect(typeof y).toBe('number');
            if (bounds.min !== undefined) expect(y).toBeGreaterThanOrEqual(bounds.min);
            if (bounds.max !== undefined) expect(y).toBeLessThanOrEqual(bounds.max);
          }
        },
      ),
    );
  });
});
