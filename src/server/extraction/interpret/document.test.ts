import { describe, expect, it } from 'vitest';
import { type Column, capitalsHeading, levelsAsNetworks, optionNamedIn } from './document.ts';

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

describe('level names over the networks', () => {
  const col = (index: number, option?: string, network?: 'in' | 'out'): Column => ({
    index,
    path: [],
    heading: option ?? '',
    ...(option ? { option } : {}),
    ...(network ? { network } : {}),
  });
  const tiers = new Map<string, 'in' | 'out'>([
    ['tier 1', 'in'],
    ['tier 2', 'out'],
  ]);
  it.each([
    {
      name: 'levels over in and out become networks',
      columns: [col(0), col(1, 'PPO / Tier 1', 'in'), col(2, 'Tier 2', 'out')],
      known: new Map<string, 'in' | 'out'>(),
      want: [undefined, 'in', 'out'],
      options: [undefined, undefined, undefined],
      learned: [
        ['tier 1', 'in'],
        ['tier 2', 'out'],
      ],
    },
    {
      name: 'the level names alone take the networks met before',
      columns: [col(0), col(1, 'Tier 1'), col(2, 'Tier 2')],
      known: tiers,
      want: [undefined, 'in', 'out'],
      options: [undefined, undefined, undefined],
      learned: [
        ['tier 1', 'in'],
        ['tier 2', 'out'],
      ],
    },
    {
      name: 'names not met before stay plan options',
      columns: [col(0), col(1, 'Low Plan'), col(2, 'High Plan')],
      known: tiers,
      want: [undefined, undefined, undefined],
      options: [undefined, 'Low Plan', 'High Plan'],
      learned: [
        ['tier 1', 'in'],
        ['tier 2', 'out'],
      ],
    },
    {
      name: 'two plans both in network stay plan options',
      columns: [col(0), col(1, 'Low Plan', 'in'), col(2, 'High Plan', 'in')],
      known: new Map<string, 'in' | 'out'>(),
      want: [undefined, 'in', 'in'],
      options: [undefined, 'Low Plan', 'High Plan'],
      learned: [],
    },
    {
      name: 'a plan over both of its networks keeps its option',
      columns: [col(0), col(1, 'PPO', 'in'), col(2, 'PPO', 'out')],
      known: new Map<string, 'in' | 'out'>(),
      want: [undefined, 'in', 'out'],
      options: [undefined, 'PPO', 'PPO'],
      learned: [],
    },
  ])('$name', ({ columns, known, want, options, learned }) => {
    const out = levelsAsNetworks(columns, known);
    expect(out.map((c) => c.network)).toEqual(want);
    expect(out.map((c) => c.option)).toEqual(options);
    expect([...known]).toEqual(learned);
  });
});
