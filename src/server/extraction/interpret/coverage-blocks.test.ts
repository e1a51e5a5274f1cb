import { describe, expect, it } from 'vitest';
import {
  blockRows,
  isBlockHeading,
  orthodontiaBlockFacts,
  orthodontiaDeductible,
  planFactRows,
} from './coverage-blocks.ts';
import { PLAN_PAYS_LINE } from './vocabulary.ts';

describe('a category block heading', () => {
  it.each([
    ['Diagnostic & Preventive Procedures', true],
    ['Basic Procedures', true],
    ['Orthodontia', true],
    ['Restorative: Amalgam fillings.', false],
    [
      'Orthodontic benefits are only available for eligible dependent children up to age 26.',
      false,
    ],
    ['$1,500 lifetime max, limited to $500 per calendar year.', false],
    ['Disclaimer', false],
  ])('%j → %s', (text, expected) => {
    expect(isBlockHeading(text)).toBe(expected);
  });
});

describe('what the plan pays', () => {
  it.each([
    [
      'Plan Pays: Year 1 — 80% • Year 2 — 90% • Year 3 — 100%',
      'Year 1 — 80% • Year 2 — 90% • Year 3 — 100%',
    ],
    ['Plan pays: 50%', '50%'],
    ['Plan Pays: see the schedule', undefined],
    ['The plan pays benefits after the deductible', undefined],
  ])('%j → %j', (text, expected) => {
    expect(text.match(PLAN_PAYS_LINE)?.[1]?.trim()).toBe(expected);
  });
});

describe('category blocks down a column', () => {
  it.each([
    [
      'each heading takes the next Plan Pays line',
      [
        'Diagnostic & Preventive Procedures',
        'Diagnostic: Routine periodic examinations twice in a calendar year.',
        'Plan Pays: Year 1 — 80% • Year 2 — 90% • Year 3 — 100%',
        'Basic Procedures',
        'Restorative: Amalgam fillings.',
        'Other: Space maintainers, recementation of crowns.',
        'Plan Pays: Year 1 — 60% • Year 2 — 70% • Year 3 — 80%',
      ],
      [
        { heading: 0, value: 2, coverage: 'Year 1 — 80% • Year 2 — 90% • Year 3 — 100%' },
        { heading: 3, value: 6, coverage: 'Year 1 — 60% • Year 2 — 70% • Year 3 — 80%' },
      ],
    ],
    [
      'a Plan Pays line with no heading above it names no row',
      ['Disclaimer', 'Plan Pays: 80%', 'Orthodontia', 'Plan Pays: 50%', 'Plan Pays: 40%'],
      [{ heading: 2, value: 3, coverage: '50%' }],
    ],
  ])('%s', (_name, texts, expected) => {
    expect(blockRows(texts.map((text) => ({ text })))).toEqual(expected);
  });
});

describe('plan facts beside category blocks', () => {
  it.each([
    [
      'a labelled sentence and a heading over its value',
      [
        'Deductible',
        '$100 per person, per calendar year; $150 lifetime deductible for Ortho.',
        'Office Co-Pay',
        'N/A',
        'Plan maximum: $3,000 per person, per calendar year.',
      ],
      [
        { at: 0, label: 'Deductible', value: '$100 per person, per calendar year' },
        { at: 4, label: 'Plan maximum', value: '$3,000 per person, per calendar year' },
      ],
    ],
    [
      'a heading over no amount, other labels and a repeated fact say nothing',
      [
        'Deductible',
        'Applies to basic and major services.',
        'Processing fee: $35.00',
        'Annual Maximum: $1,000 per person',
        'Annual Maximum: $2,000 per person',
      ],
      [{ at: 3, label: 'Annual Maximum', value: '$1,000 per person' }],
    ],
  ])('%s', (_name, texts, expected) => {
    expect(planFactRows(texts.map((text) => ({ text })))).toEqual(expected);
  });
});

describe('what an orthodontia block says of itself', () => {
  it.each([
    [
      ['$1,500 lifetime max, limited to $500 per calendar year.'],
      [{ at: 0, label: 'Orthodontic Lifetime Maximum', value: '$1,500' }],
    ],
    [
      ['Orthodontic benefits are only available for eligible dependent children up to age 26.'],
      [
        {
          at: 0,
          label: 'Orthodontic Eligibility',
          value: 'eligible dependent children up to age 26',
        },
      ],
    ],
    [['Braces and retainers.', 'Coverage available in all states.', '$50 per visit'], []],
  ])('%j', (texts, expected) => {
    expect(orthodontiaBlockFacts(texts)).toEqual(expected);
  });
});

describe("orthodontia's own deductible in the plan's deductible sentence", () => {
  it.each([
    ['$100 per person, per calendar year; $150 lifetime deductible for Ortho.', '$150 lifetime'],
    ['$50 per person; $50 deductible for orthodontia', '$50'],
    ['$100 per person, per calendar year.', undefined],
    ['$150 lifetime deductible for Ortho.', undefined],
  ])('%j → %j', (text, expected) => {
    expect(orthodontiaDeductible(text)).toBe(expected);
  });
});
