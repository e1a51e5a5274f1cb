import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProposalFixtures } from '../../../tests/support/proposal-fixtures.ts';
import {
  annualOf,
  buildComparison,
  type ClassMatching,
  type ComparisonCell,
  difference,
  matchClasses,
  rateRow,
} from './model.ts';
import { canonicalTier, parseMoney, parseMonths, parsePercent } from './read-plan.ts';

const fixtures = loadProposalFixtures();
const truth = (file: string): unknown => fixtures.find((f) => f.file.startsWith(file))!.truth;

describe('numbers as printed', () => {
  it.each([
    ['$1,250', 1250],
    ['$34.18', 34.18],
    ['$10 copay', 10],
    ['Up to $45', 45],
    ['Up to 45', 45],
    ['$0 copay', 0],
    ['80%', undefined],
    ['Not covered', undefined],
  ])('money %s → %s', (text, value) => expect(parseMoney(text)).toBe(value));
  it.each([
    ['80%', 80],
    ['100% after deductible', 100],
    ['50 %', 50],
    ['$50', undefined],
  ])('percent %s → %s', (text, value) => expect(parsePercent(text)).toBe(value));
  it.each([
    ['Every 12 months', 12],
    ['24 months', 24],
    ['2 years', 24],
    ['Once per calendar year', 12],
    ['Every other year', 24],
    ['12', 12],
    ['Unlimited', undefined],
  ])('months %s → %s', (text, value) => expect(parseMonths(text)).toBe(value));
  it.each([
    ['EE', 'Employee Only'],
    ['Employee', 'Employee Only'],
    ['Employee Only', 'Employee Only'],
    ['EE + SP', 'Employee + Spouse'],
    ['Employee + Spouse', 'Employee + Spouse'],
    ['EE + Child(ren)', 'Employee + Child(ren)'],
    ['Employee + Children', 'Employee + Child(ren)'],
    ['Family', 'Employee + Family'],
    ['EE + Spouse + Children', 'Employee + Family'],
    ['Retiree', 'Retiree'],
  ])('tier %s → %s', (name, tier) => expect(canonicalTier(name)).toBe(tier));
});

describe('vision rows', () => {
  it('reads copays, allowances and frequencies; covered in full costs nothing', () => {
    const c = buildComparison([
      { id: 'h', name: 'Humana', data: truth('dev04-humana-vision-2tier') },
      { id: 'u', name: 'UHC', data: truth('dev12-uhc-vision-summary-scan') },
    ]);
    const group = c.products.find((p) => p.product === 'vision')!.groups[0]!;
    const row = (key: string) => group.design.find((r) => r.key === key)!;
    expect(row('lensCopay').cells.map((x) => [x?.text, x?.value, x?.best])).toEqual([
      ['Covered in full', 0, true],
      ['$10 copay', 10, false],
    ]);
    expect(row('frameAllowance').cells.map((x) => [x?.value, x?.best])).toEqual([
      [120, false],
      [150, true],
    ]);
    expect(row('frameFrequency').cells.map((x) => [x?.value, x?.best])).toEqual([
      [24, false],
      [12, true],
    ]);
  });
});

describe('matchClasses', () => {
  it.each([
    {
      what: 'by name, case and punctuation aside',
      classes: [
        ['Class 1', 'Class 2'],
        ['class 1', 'CLASS-2'],
      ],
      matching: {},
      groups: [
        [
          'Class 1',
          [
            [0, 'Class 1'],
            [1, 'class 1'],
          ],
        ],
        [
          'Class 2',
          [
            [0, 'Class 2'],
            [1, 'CLASS-2'],
          ],
        ],
      ],
    },
    {
      what: 'single-class proposals together whatever their names',
      classes: [['All Eligible Employees'], ['All Employees'], ['Class 1', 'Class 2']],
      matching: {},
      groups: [
        [
          'All Eligible Employees',
          [
            [0, 'All Eligible Employees'],
            [1, 'All Employees'],
          ],
        ],
        ['Class 1', [[2, 'Class 1']]],
        ['Class 2', [[2, 'Class 2']]],
      ],
    },
    {
      what: 'by hand',
      classes: [['All Eligible Employees'], ['Class 1', 'Class 2']],
      matching: { b: { 'Class 2': 'All Eligible Employees' } },
      groups: [
        [
          'All Eligible Employees',
          [
            [0, 'All Eligible Employees'],
            [1, 'Class 2'],
          ],
        ],
        ['Class 1', [[1, 'Class 1']]],
      ],
    },
  ])('matches $what', ({ classes, matching, groups }) => {
    const got = matchClasses(['a', 'b', 'c'], classes, matching as ClassMatching).map((g) => [
      g.name,
      g.members.map((m) => [m.proposal, m.className]),
    ]);
    expect(got).toEqual(groups);
  });
  it('never puts two classes of one proposal in one group', () => {
    const groups = matchClasses(['a'], [['Class 1', 'Class 2']], { a: { 'Class 2': 'Class 1' } });
    for (const g of groups)
      expect(new Set(g.members.map((m) => m.proposal)).size).toBe(g.members.length);
    expect(groups.flatMap((g) => g.members)).toHaveLength(2);
  });
});

describe('buildComparison on the fixture proposals', () => {
  const proposals = [
    { id: 'a', name: 'Ameritas 2026', data: truth('dev01-ameritas-dental-proposal') },
    { id: 'm', name: 'Mutual renewal', data: truth('dev08-mutual-dental-renewal') },
    { id: 'u', name: 'UHC 3 classes', data: truth('dev05-uhc-dental-3class') },
  ];
  const comparison = buildComparison(proposals, {
    baselineId: 'm',
    classMatching: { u: { 'Class 2': 'All Eligible Employees' } },
  });
  const dental = comparison.products.find((p) => p.product === 'dental')!;
  const main = dental.groups[0]!;

  it('has one column per proposal, carrier, plan and class', () => {
    expect(comparison.products.map((p) => p.product)).toEqual(['dental']);
    expect(main.columns.map((c) => [c.carrier, c.plan, c.className])).toEqual([
      ['Ameritas', 'Ameritas PPO 1750', 'All Eligible Employees'],
      ['Mutual of Omaha', 'Dental PPO 1500', 'All Full-Time Employees'],
      ['UnitedHealthcare', 'UHC Dental PPO P1500', 'Class 2'],
    ]);
    expect(dental.classesByProposal.u).toEqual(['Class 1', 'Class 2', 'Class 3']);
  });

  it('rates: monthly, annual, to the lowest and to the baseline; the lowest marked best', () => {
    const ee = main.rates.find((r) => r.tier === 'Employee Only')!;
    expect(ee.monthly.map((c) => c?.value)).toEqual([34.18, 43.57, 33.06]);
    expect(ee.monthly.map((c) => c?.best)).toEqual([false, false, true]);
    expect(ee.annual).toEqual([410.16, 522.84, 396.72]);
    expect(ee.toLowest.map((d) => d?.dollars)).toEqual([1.12, 10.51, 0]);
    expect(ee.toBaseline.map((d) => d?.dollars)).toEqual([-9.39, 0, -10.51]);
    expect(ee.toBaseline[0]!.percent).toBeCloseTo((-9.39 / 43.57) * 100, 10);
  });

  it('plan design: coinsurance per service type, the best marked', () => {
    const basic = main.design.find((r) => r.key === 'coins-basic-InNetwork')!;
    expect(basic.cells.map((c) => c?.text)).toEqual(['80%', '80%', '80%']);
    expect(basic.cells.some((c) => c?.best)).toBe(false);
    const max = main.design.find((r) => r.key === 'maxInNetwork')!;
    expect(max.cells.map((c) => [c?.value, c?.best])).toEqual([
      [1750, true],
      [1500, false],
      [1500, false],
    ]);
  });

  it('flags low-confidence values only until the broker reviews them', () => {
    const data = [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 0.95 },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          { label: 'dentalInsurance_rateTiers_rateTier', value: 'EE', row: 0, col: 1, score: 0.99 },
          {
            label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
            value: '$30.00',
            row: 0,
            col: 2,
            score: 0.4,
          },
          {
            label: 'dentalInsurance_rateTiers_rateTier',
            value: 'Family',
            row: 1,
            col: 1,
            score: 0.99,
          },
          {
            label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
            value: '$90.00',
            row: 1,
            col: 2,
            score: 0.4,
            review: { state: 'confirmed' },
          },
        ],
      },
    ];
    const c = buildComparison([
      { id: 'x', name: 'X', data },
      { id: 'y', name: 'Y', data },
    ]);
    const rates = c.products[0]!.groups[0]!.rates;
    expect(rates.map((r) => [r.tier, r.monthly[0]?.flagged])).toEqual([
      ['Employee Only', true],
      ['Employee + Family', false],
    ]);
  });
});

const cell = (value: number | null): ComparisonCell | null =>
  value === null ? null : { text: `$${value.toFixed(2)}`, value, flagged: false, best: false };

describe('rate arithmetic (properties)', () => {
  const rate = fc.integer({ min: 0, max: 999_999 }).map((c) => c / 100);
  const rates = fc.array(fc.option(rate, { nil: null, freq: 4 }), { minLength: 2, maxLength: 8 });

  it('the difference to the lowest is never negative, zero for the lowest, and its percent is of the lowest', () => {
    fc.assert(
      fc.property(rates, fc.integer({ min: -1, max: 7 }), (values, baseline) => {
        const row = rateRow(
          'k',
          'Employee Only',
          values.map(cell),
          baseline < values.length ? baseline : -1,
        );
        const present = values.filter((v): v is number => v !== null);
        const lowest = Math.min(...present);
        values.forEach((v, i) => {
          const d = row.toLowest[i];
          if (v === null) {
            expect(d).toBeNull();
            return;
          }
          expect(d!.dollars).toBeGreaterThanOrEqual(0);
          expect(d!.dollars).toBeCloseTo(v - lowest, 6);
          if (v === lowest) expect(d!.dollars).toBe(0);
          if (lowest === 0) expect(d!.percent).toBeNull();
          else expect(d!.percent!).toBeCloseTo(((v - lowest) / lowest) * 100, 6);
          expect(row.annual[i]).toBeCloseTo(v * 12, 6);
          expect(row.monthly[i]!.best).toBe(v === lowest && new Set(present).size > 1);
        });
      }),
    );
  });

  it('the difference to the baseline is zero for it, and its sign and percent follow the rates', () => {
    fc.assert(
      fc.property(rates, fc.nat(), (values, pick) => {
        const baseline = pick % values.length;
        const row = rateRow('k', 'Family', values.map(cell), baseline);
        const base = values[baseline];
        values.forEach((v, i) => {
          const d = row.toBaseline[i];
          if (v === null || base === null || base === undefined) {
            expect(d).toBeNull();
            return;
          }
          if (i === baseline) expect(d).toEqual({ dollars: 0, percent: base === 0 ? null : 0 });
          expect(Math.sign(d!.dollars)).toBe(
            Math.sign(Math.round(v * 100) - Math.round(base * 100)),
          );
          if (base !== 0) expect(d!.percent!).toBeCloseTo(((v - base) / base) * 100, 6);
        });
      }),
    );
  });

  it('difference and annual are exact to the cent', () => {
    fc.assert(
      fc.property(rate, rate, (a, b) => {
        const d = difference(a, b);
        expect(Math.round(d.dollars * 100)).toBe(Math.round(a * 100) - Math.round(b * 100));
        expect(Math.round(annualOf(a) * 100)).toBe(Math.round(a * 100) * 12);
      }),
    );
  });
});
