import { describe, expect, it } from 'vitest';
import { holdsTwoValues, scoreOf, suspicious } from './scoring.ts';

describe('suspicious values', () => {
  it.each([
    ['Toage26', true],
    ['Upto $40', true],
    ['Employees working atleast 24 hours', true],
    ['$10 copay $10 copay', true],
    ['roo! canals', false],
    ['$10 copay', false],
    ['Up to $40', false],
    ['Every 12 months', false],
    ['Employee + 1', false],
    ['Class 0001', false],
    ['PPO Plus Premier 1500', false],
    ['$50 individual / $150 family', false],
  ])('%s → %s', (value, expected) => {
    expect(suspicious(value)).toBe(expected);
  });

  it('scores a run-together reading below a clean one', () => {
    const source = { page: 1, reading: 0.9 };
    expect(scoreOf({ value: 'Upto $40', source, method: 'cell' }, 'cost')).toBeLessThan(
      scoreOf({ value: 'Up to $40', source, method: 'cell' }, 'cost'),
    );
  });
});

describe('two values read as one', () => {
  it.each([
    ['$10 copay / Up to $50', true],
    ['80% / 60%', true],
    ['$20 / N/A', true],
    ['$50 individual / $150 family', true],
    ['50% employer / 50% employee', true],
    ['Covered in full', false],
    ['$130 allowance; 20% off balance', false],
    ['Once every 12 / 24 months', false],
  ])('%j → %s', (value, expected) => {
    expect(holdsTwoValues(value)).toBe(expected);
  });

  it('scores a cost holding two values below one holding one', () => {
    const source = { page: 1, reading: 1 };
    expect(
      scoreOf({ value: '$10 copay / Up to $50', source, method: 'cell' }, 'cost'),
    ).toBeLessThan(scoreOf({ value: '$10 copay', source, method: 'cell' }, 'cost'));
  });
});
