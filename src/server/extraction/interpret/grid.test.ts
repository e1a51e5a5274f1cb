import { describe, expect, it } from 'vitest';
import {
  isRepeatedNetworkHeading,
  mostlyBareCodes,
  namesNetworkPair,
  splitNetworkPair,
} from './grid.ts';

describe('a column headed with both networks and a slash', () => {
  it.each([
    ['In-Network / Out-of-Network', true],
    ['(In / Out-of-Network)', true],
    ['In-Network/Non-Network', true],
    ['In-Network', false],
    ['In-Network and Out-of-Network', false],
    ['Member Copay / Allowance', false],
  ])('%j → %s', (heading, expected) => {
    expect(namesNetworkPair(heading)).toBe(expected);
  });

  it.each([
    ['$10 copay / Up to $50', ['$10 copay', 'Up to $50']],
    ['$20 / N/A', ['$20', 'N/A']],
    ['$50/$50', ['$50', '$50']],
    ['Covered in full', undefined],
    ['N/A', undefined],
  ])('splits %j at the slash', (cell, expected) => {
    expect(splitNetworkPair(cell)).toEqual(expected);
  });
});

describe('network headings repeated in the body', () => {
  it('reads a repeated network heading as no value', () => {
    expect(isRepeatedNetworkHeading('In-Network')).toBe(true);
    expect(isRepeatedNetworkHeading('Out-of-Network')).toBe(true);
    expect(isRepeatedNetworkHeading('$10 copay')).toBe(false);
    expect(isRepeatedNetworkHeading('Up to $50 out of network')).toBe(false);
  });
});

describe('a code column beside a category column', () => {
  const code = (text: string) => ({ text, spansNext: false });
  const wide = (text: string) => ({ text, spansNext: true });
  it('leaves plan-wide rows spanning the category column out of the count', () => {
    expect(
      mostlyBareCodes([
        wide('Calendar Year Deductible (Single / Family)'),
        wide('Calendar Year Maximum'),
        code('Group I'),
        code('Group II'),
        code('Group III'),
        code('Group IV'),
        wide('Orthodontic Lifetime Maximum'),
        wide('Orthodontic Eligibility'),
      ]),
    ).toBe(true);
  });
  it('still needs most service rows to be bare codes', () => {
    expect(
      mostlyBareCodes([
        code('Deductible'),
        code('Annual Maximum'),
        code('Type 1'),
        code('Type 2'),
        code('Orthodontia'),
      ]),
    ).toBe(false);
  });
});
