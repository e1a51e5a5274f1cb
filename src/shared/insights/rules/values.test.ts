import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  endOfTerm,
  parseAllowance,
  parseCoverage,
  parseDate,
  parseDeductible,
  parseDurationMonths,
  parseMaximum,
  parseMoney,
  parseReimbursement,
  serviceCategory,
  tierRank,
} from './values.ts';

describe('parseMoney', () => {
  it.each([
    ['$1,500', 1500],
    ['$34.18', 34.18],
    ['$1,000 per person', 1000],
    ['$1,500 lifetime', 1500],
    ['  $75* ', 75],
    ['$ 50', 50],
    ['$1,234,567.5', 1234567.5],
    ['$0.00', 0],
  ])('%s → %s', (text, amount) => expect(parseMoney(text)).toBe(amount));

  it.each([
    ['$50 individual / $150 family'],
    ['$50 / $50'],
    ['$50 after 3 months'],
    ['80%'],
    ['$130 allowance; 20% off balance'],
    ['None'],
    ['1500'],
    [''],
  ])('%s → undefined', (text) => expect(parseMoney(text)).toBeUndefined());
});

describe('parseDeductible and parseMaximum', () => {
  it.each([
    ['None', 0],
    ['Waived', 0],
    ['$0', 0],
    ['$50', 50],
    ['Not applicable', undefined],
  ])('deductible %s → %s', (text, amount) => expect(parseDeductible(text)).toBe(amount));

  it.each([
    ['Unlimited', Number.POSITIVE_INFINITY],
    ['No maximum', Number.POSITIVE_INFINITY],
    ['$2,000', 2000],
    ['See plan', undefined],
  ])('maximum %s → %s', (text, amount) => expect(parseMaximum(text)).toBe(amount));
});

describe('parseCoverage (share the plan pays)', () => {
  it.each([
    ['100%', 100],
    ['80%', 80],
    ['80% after deductible', 80],
    ['100% (deductible waived)', 100],
    ['Plan pays 60%', 60],
    ['You pay 20%', 80],
    ['Member pays 50% after deductible', 50],
    ['Covered in full', 100],
    ['No charge', 100],
    ['Not Covered', 0],
    ['Not covered', 0],
    ['120%', 120],
    ['-10%', -10],
    ['50%**', 50],
  ])('%s → %s', (text, level) => expect(parseCoverage(text)).toBe(level));

  it.each([
    ['$25 copay'],
    ['50% after 12 months'],
    ['20% coinsurance'],
    ['80% / 70%'],
    ['Varies'],
    [''],
  ])('%s → undefined', (text) => expect(parseCoverage(text)).toBeUndefined());
});

describe('vision allowance and reimbursement', () => {
  it.each([
    ['$130 allowance', 130],
    ['$130 allowance; 20% off balance', 130],
    ['$150 retail allowance', 150],
    ['$100 allowance, then 20% off', 100],
    ['$10 copay', undefined],
    ['Covered in full', undefined],
  ])('allowance %s → %s', (text, amount) => expect(parseAllowance(text)).toBe(amount));

  it.each([
    ['Up to $45', 45],
    ['Reimbursed up to $104', 104],
    ['$50 reimbursement', 50],
    ['Not covered', undefined],
    ['Up to $45 per lens', undefined],
  ])('reimbursement %s → %s', (text, amount) => expect(parseReimbursement(text)).toBe(amount));
});

describe('parseDate', () => {
  it.each([
    ['01/01/2026', { year: 2026, month: 1, day: 1 }],
    ['1/1/26', { year: 2026, month: 1, day: 1 }],
    ['02/29/2028', { year: 2028, month: 2, day: 29 }],
    ['2026-07-01', { year: 2026, month: 7, day: 1 }],
    ['January 1, 2026', { year: 2026, month: 1, day: 1 }],
    ['Jan. 1st, 2026', { year: 2026, month: 1, day: 1 }],
    ['Sept 30 2027', { year: 2027, month: 9, day: 30 }],
    ['1 October 2026', { year: 2026, month: 10, day: 1 }],
    ['July 2026', { year: 2026, month: 7, day: 1 }],
  ])('%s', (text, date) => expect(parseDate(text)).toEqual(date));

  it.each([
    ['02/29/2026'],
    ['02/30/2028'],
    ['13/01/2026'],
    ['Upon approval'],
    ['TBD'],
    ['Plan Year 2026'],
    ['Constructor 1, 2026'],
    [''],
  ])('%s → undefined', (text) => expect(parseDate(text)).toBeUndefined());

  it('reads every real calendar day written as MM/DD/YYYY and as Month D, YYYY', () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (d) => {
          const date = {
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
          };
          const pad = (n: number) => String(n).padStart(2, '0');
          expect(parseDate(`${pad(date.month)}/${pad(date.day)}/${date.year}`)).toEqual(date);
          expect(parseDate(`${months[date.month - 1]} ${date.day}, ${date.year}`)).toEqual(date);
        },
      ),
    );
  });
});

describe('terms', () => {
  it.each([
    ['24 months', 24],
    ['2 years', 24],
    ['3-year', 36],
    ['Two years', 24],
    ['12 mos.', 12],
    ['1 yr', 12],
    ['24 months (through 12/31/2027)', undefined],
    ['Until renewal', undefined],
  ])('%s → %s', (text, months) => expect(parseDurationMonths(text)).toBe(months));

  it('ends a term the day before the same date so many months later', () => {
    expect(endOfTerm({ year: 2026, month: 1, day: 1 }, 24)).toEqual({
      year: 2027,
      month: 12,
      day: 31,
    });
    expect(endOfTerm({ year: 2026, month: 3, day: 1 }, 24)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
    });
    expect(dayNumber({ year: 1970, month: 1, day: 2 })).toBe(1);
  });
});

describe('tierRank', () => {
  it.each([
    ['Employee Only', 0],
    ['Employee', 0],
    ['EE', 0],
    ['Employee + Spouse', 1],
    ['Employee/Spouse', 1],
    ['Employee & Child(ren)', 1],
    ['EE+SP', 1],
    ['EE+CH', 1],
    ['Employee + 1', 1],
    ['Employee + One', 1],
    ['Employee + Family', 2],
    ['Family', 2],
    ['FAM', 2],
    ['Employee + 2 or more', 2],
    ['Employee + Dependents', 2],
    ['Retiree', undefined],
    ['Tier 3', undefined],
  ])('%s → %s', (name, rank) => expect(tierRank(name)).toBe(rank));
});

describe('serviceCategory', () => {
  it.each([
    ['Preventive', 'preventive'],
    ['Diagnostic & Preventive', 'preventive'],
    ['Basic Restorative', 'basic'],
    ['Major Restorative', 'major'],
    ['Major Care', 'major'],
    ['Orthodontia', 'orthodontic'],
    ['Orthodontic Services', 'orthodontic'],
    ['Type 1', undefined],
  ])('%s → %s', (title, category) => expect(serviceCategory(title)).toBe(category));
});
