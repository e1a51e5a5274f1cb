/**
 * The number-input rule (spec §5): a number input clamps the entered value to its minimum and
 * maximum on entry or blur; an empty entry becomes unset; non-numeric input is ignored (the
 * previous value is restored on blur). The bounds of every billing number live here, as data,
 * so the editor's inputs (min, max, step), the commands and the schemas read one table.
 */
import type { AgeReductionType } from './vocabulary.ts';

export interface NumberBounds {
  readonly min?: number | undefined;
  readonly max?: number | undefined;
  /** A whole-step input (e.g. step 1): a committed value is rounded to the step. */
  readonly step?: number | undefined;
}

/** Fixed bounds per billing number (spec §5 "Bounds"). */
export const numberBounds = {
  /** Static rate: min 0. */
  staticRate: { min: 0 },
  /** Rate of a tier or of a static age band: 0–9999. */
  rate: { min: 0, max: 9999 },
  tobaccoRate: { min: 0, max: 9999 },
  /** Price Rate Basis: number, min 0, step 1. */
  priceRateBasis: { min: 0, step: 1 },
  /** Age of an age band: 0–130 (the maximum is also at least the band's minimum). */
  ageBandAge: { min: 0, max: 130 },
  /** Age of an age-reduction row: 0–130. */
  ageReductionAge: { min: 0, max: 130 },
  ageReductionIncrement: { min: 0, max: 9999 },
  /** Reduction when the age reduction is a percentage: 0–100. */
  percentageReduction: { min: 0, max: 100 },
  /** Reduction when the age reduction is an amount: min 0, no maximum. */
  amountReduction: { min: 0 },
  benefitPercentage: { min: 0, max: 100 },
  volumeAmount: { min: 0 },
  salaryMultiple: { min: 0 },
  volumeIncrement: { min: 0 },
  /** Volume minimum: min 0, and at most the volume maximum. */
  volumeMinimum: { min: 0 },
  /** Volume maximum: at least the volume minimum. */
  volumeMaximum: { min: 0 },
  reRateMonth: { min: 1, max: 12, step: 1 },
} as const satisfies Record<string, NumberBounds>;

/**
 * Clamp to [min, max]. When the bounds contradict each other (max below min) the minimum wins.
 * Rounds to the step first when one is given.
 */
export function clampNumber(value: number, bounds: NumberBounds): number {
  let v = value;
  if (bounds.step !== undefined && bounds.step > 0) {
    const base = bounds.min ?? 0;
    v = base + Math.round((v - base) / bounds.step) * bounds.step;
  }
  if (bounds.max !== undefined && v > bounds.max) v = bounds.max;
  if (bounds.min !== undefined && v < bounds.min) v = bounds.min;
  return Object.is(v, -0) ? 0 : v;
}

/** Clamp a value that may be unset (unset stays unset). */
export function clampOptional(value: number | undefined, bounds: NumberBounds): number | undefined {
  return value === undefined ? undefined : clampNumber(value, bounds);
}

const decimal = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * What a number input holds after the broker typed `text` (on entry, on blur or on Enter):
 * empty → unset; not a number → `previous` (the entry is ignored); otherwise the number clamped
 * to `bounds`.
 */
export function parseNumberInput(
  text: string,
  bounds: NumberBounds,
  previous: number | undefined,
): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!decimal.test(t)) return previous;
  const n = Number(t);
  if (!Number.isFinite(n)) return previous;
  return clampNumber(n, bounds);
}

/** Bounds of an age band's minimum or maximum age; the maximum is at least the minimum. */
export function ageBandAgeBounds(
  field: 'minimumAge' | 'maximumAge',
  band: { minimumAge?: number | undefined },
): NumberBounds {
  if (field === 'minimumAge') return numberBounds.ageBandAge;
  return { ...numberBounds.ageBandAge, min: Math.max(0, band.minimumAge ?? 0) };
}

/** Bounds of an age-reduction row's number inputs for the age reduction's type. */
export function ageReductionBounds(
  field: 'age' | 'reduction' | 'increment',
  type: AgeReductionType,
): NumberBounds {
  if (field === 'age') return numberBounds.ageReductionAge;
  if (field === 'increment') return numberBounds.ageReductionIncrement;
  return type === 'percentage' ? numberBounds.percentageReduction : numberBounds.amountReduction;
}

type VolumeNumbers = {
  minimum?: number | undefined;
  maximum?: number | undefined;
};

/** Bounds of a numeric volume input; minimum and maximum bound each other. */
export function volumeBounds(
  field: 'amount' | 'salaryMultiple' | 'benefitPercentage' | 'minimum' | 'maximum' | 'increment',
  volume: VolumeNumbers,
): NumberBounds {
  switch (field) {
    case 'amount':
      return numberBounds.volumeAmount;
    case 'salaryMultiple':
      return numberBounds.salaryMultiple;
    case 'benefitPercentage':
      return numberBounds.benefitPercentage;
    case 'increment':
      return numberBounds.volumeIncrement;
    case 'minimum':
      return { ...numberBounds.volumeMinimum, max: volume.maximum };
    case 'maximum':
      return { ...numberBounds.volumeMaximum, min: Math.max(0, volume.minimum ?? 0) };
  }
}
