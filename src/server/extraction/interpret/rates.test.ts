import { describe, expect, it } from 'vitest';
import { durationBefore, looksLikePremium, namedPeriod } from './rates.ts';

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

describe('a premium looks like an amount of money per month, not a deductible line', () => {
  it.each([
    ['$34.18', true],
    ['34.18', true],
    ['$1,204.50', true],
    ['$35', true],
    ['$12.40 per month', true],
    ['$0.00*', true],
    ['$50 per individual', false],
    ['$50: individual $150: Family', false],
    ['$2,000: individual', false],
    ['$0 (ded. waived)', false],
    ['When Using a Non-Participating Dentist', false],
    ['100%', false],
    ['35', false],
  ])('%j → %j', (value, expected) => {
    expect(looksLikePremium(value)).toBe(expected);
  });
});

describe('a duration printed before the words of a rate guarantee', () => {
  it.each([
    ['2 Year ', '2 Year'],
    ['• 24-month ', '24-month'],
    ['Two years rate ', 'Two years'],
    ['Rates effective 2026 ', undefined],
    ['', undefined],
  ])('%j', (text, want) => {
    expect(durationBefore(text)).toBe(want);
  });
});
