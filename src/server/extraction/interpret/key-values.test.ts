import { describe, expect, it } from 'vitest';
import type { Line } from '../layout.ts';
import type { AnalyzedDocument } from './document.ts';
import { Facts } from './facts.ts';
import {
  besideValue,
  childAgeInProse,
  contributionInProse,
  contributionsByClass,
  effectiveDateInProse,
  endsWithKey,
  groupAndDefinition,
  keyValuesOfLine,
  orthoPersonsInProse,
  proseDateScope,
  recordKeyValue,
  stackedValue,
} from './key-values.ts';

describe('keyValuesOfLine', () => {
  it.each([
    [
      'Carrier: UnitedHealthcare. This summary highlights the coverage quoted.',
      [['Carrier', 'UnitedHealthcare']],
    ],
    [
      'Quote ID: AVS-88213    Proposed effective date: July 1, 2026    Prepared: April 7, 2026',
      [
        ['Quote ID', 'AVS-88213'],
        ['Proposed effective date', 'July 1, 2026'],
        ['Prepared', 'April 7, 2026'],
      ],
    ],
    [
      'Rate Guarantee: 24 months (through 12/31/2027) Policy Year: January 1, 2026 - December 31, 2026',
      [
        ['Rate Guarantee', '24 months (through 12/31/2027)'],
        ['Policy Year', 'January 1, 2026 - December 31, 2026'],
      ],
    ],
    [
      'Group: Riverside Clinic Proposed Effective Date: 09/01/2026 Quote #: GV-1182',
      [
        ['Group', 'Riverside Clinic'],
        ['Proposed Effective Date', '09/01/2026'],
        ['Quote #', 'GV-1182'],
      ],
    ],
    [
      'Northgate Property Management | Effective January 1, 2026 | Case UHCV-30917',
      [['Effective', 'January 1, 2026']],
    ],
    ['Benefits and rates below apply to All Classes unless otherwise noted.', []],
    // dot leaders between a label and its value
    ['Effective Date ................ 01/01/2027', [['Effective Date', '01/01/2027']]],
    [
      'Eligible Class . . . . . . . All Full-Time Employees',
      [['Eligible Class', 'All Full-Time Employees']],
    ],
    ['See the exclusions... and limitations', []],
    ['Effective January 2025', [['Effective', 'January 2025']]],
    ['Eff. 1/1/2025', [['Eff.', '1/1/2025']]],
    // a contents entry leads to a page
    ['Eligibility...............................................................4', []],
    ['Plan and Service Frequencies .................................................6-7', []],
    ['Monthly Premium and Copays ……… 5', []],
    ['Calendar Year Maximum ........ $1,500', [['Calendar Year Maximum', '$1,500']]],
  ])('%j', (line, pairs) => {
    expect(keyValuesOfLine(line).map((kv) => [kv.key, kv.value])).toEqual(pairs);
  });
});

function line(text: string, y: number, size: number, bold = false): Line {
  const box: Line['box'] = [58, y, 58 + text.length * size * 0.5, y + size];
  return { text, words: [], box, size, confidence: 1, page: 1, bold };
}

function items(lines: Line[]): AnalyzedDocument['items'] {
  return lines.map((l, order) => ({ kind: 'line', line: l, heading: false, scope: {}, order }));
}

describe('labels printed above their values', () => {
  const panel = items([
    line('EFFECTIVE DATE', 163, 7.5),
    line('March 1, 2027', 172, 9.5, true),
    line('ELIGIBILITY', 190, 7.5),
    line('Employees working 30 or', 199, 9.5, true),
    line('more hours per week', 210, 9.5, true),
    line('FUNDING', 228, 7.5),
    line('Voluntary', 237, 9.5, true),
  ]);

  it('reads the line below a label set apart in type as its value, wrapped lines included', () => {
    expect(stackedValue(panel, 0)?.map((l) => l.text)).toEqual(['March 1, 2027']);
    expect(stackedValue(panel, 2)?.map((l) => l.text)).toEqual([
      'Employees working 30 or',
      'more hours per week',
    ]);
    expect(stackedValue(panel, 5)?.map((l) => l.text)).toEqual(['Voluntary']);
  });

  it('reads a date under an effective-date label that keeps its colon', () => {
    const colon = items([line('Effective Date:', 44, 8, true), line('01/01/2025', 57, 8)]);
    expect(stackedValue(colon, 0)?.map((l) => l.text)).toEqual(['01/01/2025']);
  });

  it('passes over a line of another column read in between', () => {
    const beside: Line = { ...line('affordable vision plan.', 50, 10), box: [300, 50, 420, 60] };
    const panel2 = items([line('EFFECTIVE DATE:', 44, 8), beside, line('01/01/2025', 57, 8, true)]);
    expect(stackedValue(panel2, 0)?.map((l) => l.text)).toEqual(['01/01/2025']);
  });

  it('stops at the next label and reads no value under a value', () => {
    expect(stackedValue(panel, 1)).toBeUndefined();
    expect(stackedValue(panel, 4)).toBeUndefined();
  });

  it('needs the value set apart in type and right below', () => {
    const same = items([line('Eligibility', 100, 10), line('Employees working 30 hours', 112, 10)]);
    expect(stackedValue(same, 0)).toBeUndefined();
    const far = items([line('FUNDING', 100, 7.5), line('Voluntary', 140, 9.5, true)]);
    expect(stackedValue(far, 0)).toBeUndefined();
  });

  it('reads no heading over a paragraph as a label', () => {
    const heading = items([
      line('Plan Design', 100, 13, true),
      line('Benefit In-Network', 116, 10),
    ]);
    expect(stackedValue(heading, 0)).toBeUndefined();
    const sentence = items([
      line('ELIGIBILITY', 100, 7.5),
      line('Employees are eligible on the first of the month.', 109, 9.5, true),
    ]);
    expect(stackedValue(sentence, 0)).toBeUndefined();
  });
});

describe('child age rule in a sentence', () => {
  it.each([
    [
      'Provider network: EyeMed Insight. Dependent children are covered through the end of the calendar year in which they turn 26.',
      'through the end of the calendar year in which they turn 26',
    ],
    ['Children remain eligible to age 26.', 'to age 26'],
    ['Children are eligible until their 19th birthday', 'until their 19th birthday'],
    ['Children are covered at no extra cost.', undefined],
    // an item of a numbered list of eligible dependents
    [
      '3. Children, through the last day of the month in which their 26th birthday occurred regardless of marital status, student status.',
      'Children, through the last day of the month in which their 26th birthday occurred',
    ],
    ['b) Dependent children to age 26', 'Dependent children to age 26'],
    ['1. Legal spouse.', undefined],
    ['3. Children of the subscriber’s spouse, based on a parent-child relationship.', undefined],
    ['Children through age 26 may enroll.', undefined],
    // a sentence listing the eligible dependents, children with their age limit among them
    [
      'Dependents: Eligible dependents include the employee’s spouse, registered domestic partner and dependent child under 26 years of age.',
      'under 26 years of age',
    ],
    ['Eligible dependents are your spouse and children to age 26.', 'to age 26'],
    ['Eligible dependents include your spouse and children.', undefined],
  ])('%j → %j', (text, expected) => {
    expect(childAgeInProse(text)).toBe(expected);
  });
});

describe('effective date in a sentence', () => {
  it.each([
    ['Coverage will be effective on January 1, 2027 for all active employees.', 'January 1, 2027'],
    ['The renewal rates below are effective 01/01/2027.', '01/01/2027'],
    ['Your plan becomes effective as of 3/1/2027', '3/1/2027'],
    ['This quote is effective until March 1, 2027.', undefined],
    ['Rates are effective through 12/31/2027.', undefined],
    ['Proposal date: October 2, 2026', undefined],
    [
      'MetLife will be administering the vision program starting January 1, 2026.',
      'January 1, 2026',
    ],
    ['Open enrollment starting October 6, 2025', undefined],
    ['For Effective dates on or after 9.1.13', '9.1.13'],
    ['For effective dates beginning 01/01/2026', '01/01/2026'],
    ['Effective dates of coverage vary by group', undefined],
  ])('%j → %j', (text, expected) => {
    expect(effectiveDateInProse(text)).toBe(expected);
  });
});

describe('whom a sentence dates', () => {
  it.each([
    ['Coverage will be effective on January 1, 2027 for all active employees.', {}],
    ['Your dental plan becomes effective January 1, 2027.', { product: 'dental' }],
    [
      'MetLife will be administering the vision program starting January 1, 2026.',
      { product: 'vision' },
    ],
    [
      'The Board approved the following medical benefit change effective January 1, 2026:',
      undefined,
    ],
    ['Medical and dental coverage is effective January 1, 2027.', { product: 'dental' }],
  ])('%j → %j', (text, expected) => {
    expect(proseDateScope(text)).toEqual(expected);
  });
});

describe('orthodontic covered persons in a sentence', () => {
  it.each([
    [
      'Orthodontia is limited to dependent children under age 19.',
      'dependent children under age 19',
    ],
    ['Orthodontic services are available to children and adults', 'children and adults'],
    ['Orthodontia is covered at 50% after 12 months.', undefined],
  ])('%s', (text, persons) => {
    expect(orthoPersonsInProse(text)).toBe(persons);
  });
});

describe('a group named with its definition', () => {
  it('splits "All … Employees – definition" at the spaced dash', () => {
    expect(
      groupAndDefinition(
        'All Full-Time Employees – active employees working at least 30 hours per week',
      ),
    ).toEqual(['All Full-Time Employees', 'active employees working at least 30 hours per week']);
  });

  it('leaves other definitions whole', () => {
    expect(groupAndDefinition('Full-time employees working 30 hours – excluding interns')).toBe(
      undefined,
    );
    expect(groupAndDefinition('All Employees')).toBeUndefined();
  });
});

describe('a label at the end of a line', () => {
  it('knows a known label and its colon after a sentence', () => {
    expect(endsWithKey('Dependent children are covered to age 26. Contribution:')).toBe(true);
    expect(endsWithKey('The following services are covered:')).toBe(false);
  });
});

describe('contributions stated in words', () => {
  it('splits a contribution stated class by class', () => {
    expect(contributionsByClass('Class 1 is Employer Paid; Class 2 is Voluntary.')).toEqual([
      ['Class 1', 'Employer Paid'],
      ['Class 2', 'Voluntary'],
    ]);
    expect(contributionsByClass('Class A: 100% employer paid, Class B: voluntary')).toEqual([
      ['Class A', '100% employer paid'],
      ['Class B', 'voluntary'],
    ]);
    expect(contributionsByClass('Employer pays 50%; employees pay the rest')).toBeUndefined();
    expect(contributionsByClass('Voluntary')).toBeUndefined();
  });

  it('reads the funding basis a sentence states', () => {
    expect(
      contributionInProse(
        'Both plans are offered on a voluntary basis: employees pay the premium.',
      ),
    ).toBe('voluntary');
    expect(contributionInProse('Coverage is provided on a non-contributory basis.')).toBe(
      'non-contributory',
    );
    expect(contributionInProse('Rates are offered on a monthly basis.')).toBeUndefined();
  });
});

describe('labels with their values beside them, read as lines of their own', () => {
  const at = (text: string, x: number, y: number): Line => ({
    ...line(text, y, 8),
    box: [x, y, x + text.length * 4, y + 8],
  });
  // a cover block set in two columns: the labels, then the values, each read as its own line
  const block = items([
    at('Client Name:', 100, 50),
    at('Effective Period:', 90, 62),
    at('Northwind Home Health LLC', 180, 50),
    at('07/01/2026 - 12/31/2026', 180, 62),
  ]);

  it.each([
    [1, '07/01/2026 - 12/31/2026'],
    // a label the catalogue does not know asks for nothing
    [0, undefined],
    // a value is no label
    [3, undefined],
  ])('line %i → %j', (i, value) => {
    expect(besideValue(block, i)?.text).toBe(value);
  });

  it.each([
    // a class label without its colon, beside one short value
    [['Job Class', 'Active'], 'Active'],
    // another label without a colon is a table's heading more often than a fact
    [['Effective Date', '01/01/2027'], undefined],
    // two lines beside the class label: a row of headings, not a fact
    [['Class', 'Preventive', 'Basic'], undefined],
  ])('%j without a colon → %j', (texts, value) => {
    const row = items(texts.map((t, k) => at(t, 100 + k * 90, 120)));
    expect(besideValue(row, 0)?.text).toBe(value);
  });

  it('needs the value on the label’s baseline', () => {
    const lower = items([at('Effective Period:', 90, 62), at('07/01/2026', 180, 75)]);
    expect(besideValue(lower, 0)).toBeUndefined();
  });
});

describe('a class definition read beside its key', () => {
  const source = { page: 1, box: [0, 0, 10, 10] as [number, number, number, number], reading: 1 };
  it.each([
    [
      'Description',
      'Active employees working 30 hours or more',
      ['Active employees working 30 hours or more'],
    ],
    // a heading over another column ('Description | ICD-10 Codes:' over a list of codes)
    ['Description', 'ICD-10 Codes:', []],
  ])('%j | %j → %j', (key, value, definitions) => {
    const facts = new Facts();
    recordKeyValue(facts, key, value, source, { product: 'vision' }, 0);
    expect(
      facts.facts.filter((f) => f.kind === 'classDefinition').map((f) => f.evidence.value),
    ).toEqual(definitions);
  });
});
