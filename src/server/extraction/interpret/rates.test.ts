import { describe, expect, it } from 'vitest';
import { namedPeriod } from './rates.ts';

describe('a rate period named with its dates', () => {
  it.each([
    ['Monthly Rates — Policy Period 07/01/2027 to 06/30/2028', '07/01/2027 to 06/30/2028'],
    ['Rate period: January 1, 2027 – December 31, 2027', 'January 1, 2027 – December 31, 2027'],
    ['Waiting period 12 months', undefined],
    ['Policy Period 2027', undefined],
  ])('%j → %j', (text, expected) => {
    expect(namedPeriod(text)).toBe(expected);
  });
});
