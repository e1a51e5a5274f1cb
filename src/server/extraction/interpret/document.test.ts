import { describe, expect, it } from 'vitest';
import { capitalsHeading, optionNamedIn } from './document.ts';

describe('headings in a printout without typefaces', () => {
  it('takes two words or more in capitals, alone or before a dash, for a heading', () => {
    expect(capitalsHeading('MONTHLY RATES')).toBe(true);
    expect(capitalsHeading('PLAN DESIGN - PM Dental PPO 1500 (Class 1 and Class 2)')).toBe(true);
  });
  it('leaves short codes and sentences that merely start in capitals', () => {
    expect(capitalsHeading('EE EE+SP')).toBe(false);
    expect(capitalsHeading('PPO plan rates are guaranteed')).toBe(false);
    expect(capitalsHeading('NOTE this is not a contract')).toBe(false);
  });
});

describe('a numbered option heading', () => {
  it.each([
    ['Option 1 — Basic Plan (Ameritas PPO Select 1000)', 'Basic Plan'],
    ['Option B: High PPO', 'High PPO'],
    ['Plan Option 2 - Comprehensive Plan', 'Comprehensive Plan'],
    ['Option 1 — see page 3', undefined],
    ['Optional Benefits', undefined],
    ['Basic Plan', undefined],
  ])('%j names the option %j', (text, expected) => {
    expect(optionNamedIn(text)).toBe(expected);
  });
});
