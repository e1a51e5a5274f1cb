import { describe, expect, it } from 'vitest';
import { effectiveDateHint, isEffectiveDate } from './effective-date.ts';

describe('Effective Date (spec §5: a date that cannot be parsed shows as Invalid date)', () => {
  it.each([
    ['01/01/2027', true],
    ['1/5/2027', true],
    ['02/29/2028', true],
    ['2027-07-01', true],
    [' 12/31/2026 ', true],
    ['02/30/2027', false],
    ['02/29/2027', false],
    ['13/01/2027', false],
    ['00/10/2027', false],
    ['01/01/27', false],
    ['next year', false],
    ['2027-7-1', false],
  ])('%s is a date: %s', (text, expected) => {
    expect(isEffectiveDate(text)).toBe(expected);
  });

  it('hints Invalid date only for text that is not a date', () => {
    expect(effectiveDateHint('')).toBeUndefined();
    expect(effectiveDateHint('   ')).toBeUndefined();
    expect(effectiveDateHint('01/01/2027')).toBeUndefined();
    expect(effectiveDateHint('Jan 1st')).toBe('Invalid date');
  });
});
