import { describe, expect, it } from 'vitest';
import { scoreOf, suspicious } from './scoring.ts';

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
