import { describe, expect, it } from 'vitest';
import { isRepeatedNetworkHeading, namesNetworkPair, splitNetworkPair } from './grid.ts';

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
