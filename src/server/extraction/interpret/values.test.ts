import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanValue,
  findDate,
  findDuration,
  findEffectiveDate,
  joinWrapped,
  looksLikeValue,
  minimumHours,
  numbersInFigures,
  splitPair,
  splitParenthesisedAmounts,
  withoutSentenceStop,
} from './values.ts';

describe('cleanValue', () => {
  it.each([
    ['  $1,750 ', '$1,750'],
    ['$75*', '$75'],
    ['20% off retail price^', '20% off retail price'],
    ['20% off retail price^ No discounts', '20% off retail price No discounts'],
    ['Calendar Year Maximum**', 'Calendar Year Maximum'],
    ['† 80%', '80%'],
    // a symbol font's bullet glyph opening a chart's sub-row is no part of its value
    ['\uf09f None', 'None'],
    ['\uf09f Maximum $2,000', 'Maximum $2,000'],
    ['\uf0b7Preventive', 'Preventive'],
    ['Individual¹', 'Individual'],
    ['—', ''],
    ['-', ''],
    ['Covered   in\nfull', 'Covered in full'],
    ['$1500 (applies to all levels)', '$1500'],
    ['Child(ren) (applies to all levels)', 'Child(ren)'],
    ['$50 (applies to both networks)', '$50'],
    ['$50 (waived for preventive)', '$50 (waived for preventive)'],
    ['$100 Allowance** Additional 20% off balance', '$100 Allowance Additional 20% off balance'],
    ['Amount over $150¹ per pair', 'Amount over $150 per pair'],
    ['$10 copay / $25 * see note', '$10 copay / $25 * see note'],
    ['2 * 3', '2 * 3'],
    ['FRAME+', 'FRAME'],
    ['FRAME\u207a', 'FRAME'],
    ['Age 19+', 'Age 19+'],
    ['Employee + Family', 'Employee + Family'],
    // a footnote reference in the 'N/' style ending an amount
    ['$40/1', '$40'],
    ['$40 1/', '$40'],
    ['$1,250.00/2', '$1,250.00'],
    ['$50/$150', '$50/$150'],
    ['$10/20', '$10/20'],
    ['$50/1 visit', '$50/1 visit'],
    ['80%/1', '80%/1'],
    ['1/2', '1/2'],
  ])('%j → %j', (input, expected) => {
    expect(cleanValue(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => cleanValue(cleanValue(s)) === cleanValue(s)));
  });
});

describe('joinWrapped', () => {
  it.each([
    [
      ['Fillings, simple extractions, emergency palliative treatment,', 'endodontics'],
      'Fillings, simple extractions, emergency palliative treatment, endodontics',
    ],
    [['bitewing X-', 'rays, full-mouth X-rays'], 'bitewing X-rays, full-mouth X-rays'],
    [['Every 12', 'months'], 'Every 12 months'],
    // a compound broken at its hyphen is one word, capitalised or not
    [['Employee-', 'Paid'], 'Employee-Paid'],
    [['Out-of-', 'Network'], 'Out-of-Network'],
    // figures broken at a slash
    [['80%/90%', '/100%'], '80%/90%/100%'],
    [['$50/', '$150'], '$50/$150'],
    [['Individual/', 'Family'], 'Individual/ Family'],
    // 'and/or' broken at its slash, but not other words
    [['$0 total co-pay for exam and/', 'or glasses'], '$0 total co-pay for exam and/or glasses'],
    [['attachment of implant/', 'abutment'], 'attachment of implant/ abutment'],
  ])('%j → %j', (lines, expected) => {
    expect(joinWrapped(lines)).toBe(expected);
  });
});

describe('withoutSentenceStop', () => {
  it.each([
    ['Covered in full.', 'Covered in full'],
    ['Reimbursed up to $210.', 'Reimbursed up to $210'],
    ['Up to $12.50.', 'Up to $12.50'],
    ['80% (after deductible).', '80% (after deductible)'],
    // several sentences keep their stops
    ['Not covered. See the limitations.', 'Not covered. See the limitations.'],
    ['After a $20 co-pay. Covered in full.', 'After a $20 co-pay. Covered in full.'],
  ])('%j → %j', (text, expected) => {
    expect(withoutSentenceStop(text)).toBe(expected);
  });
});

describe('dates, durations and hours', () => {
  it.each([
    ['Effective January 1, 2026', 'January 1, 2026'],
    ['through 12/31/2027)', '12/31/2027'],
    ['Coverage Period: 01/01/2025 - 12/31/2025', '01/01/2025'],
    ['Sept. 3, 2026', 'Sept. 3, 2026'],
    ['no date here', undefined],
  ])('date in %j is %j', (text, expected) => {
    expect(findDate(text)).toBe(expected);
  });

  it.each([
    ['24 months (through 12/31/2027)', '24 months'],
    ['Rates are guaranteed for 3 years.', '3 years'],
    ['two year rate guarantee', 'two year'],
    ['Plan Term TWENTY-FOUR (24) MONTHS', 'TWENTY-FOUR MONTHS'],
    ['guaranteed until 06/30/2027', undefined],
  ])('duration in %j is %j', (text, expected) => {
    expect(findDuration(text)).toBe(expected);
  });

  it.each([
    ['All active full-time employees working a minimum of 30 hours per week', '30'],
    ['working 30 or more hours per week', '30'],
    ['Non-union full-time employees working 30+ hours per week', '30'],
    ['Part-time employees working 20 to 29 hours per week', '20'],
    ['30+ hrs/week hours', '30'],
    ['hourly employees regularly scheduled to work twenty (20) or more hours per week', '20'],
    ['employees working thirty-two hours a week', '32'],
    ['Union employees covered by the collective bargaining agreement', undefined],
  ])('minimum hours of %j is %j', (text, expected) => {
    expect(minimumHours(text)).toBe(expected);
  });
});

describe('splitPair', () => {
  it.each([
    ['$50 / $150', ['$50', '$150']],
    ['$50/$150', ['$50', '$150']],
    ['$50 individual / $150 family', ['$50', '$150']],
    ['$50 per individual / $150 per family', ['$50', '$150']],
    ['$50 Indiv. / $150 Family', ['$50', '$150']],
    ['$1,000 per person / $1,500 lifetime', ['$1,000 per person', '$1,500 lifetime']],
    ['In: $50 / Out: $75', ['$50', '$75']],
    ['80% / 60%', ['80%', '60%']],
    ['$50 (Max 3x/Fam)', ['$50', 'Max 3x/Fam']],
    ['$50/$150 Individual/Family', ['$50', '$150']],
    ['$150/$50 Family/Individual', ['$50', '$150']],
    ['$50: individual $150: Family', ['$50', '$150']],
    ['Individual: $50 Family: $150', ['$50', '$150']],
    ['Family: $150 Individual: $50', ['$50', '$150']],
    ['$50: individual $150: individual', undefined],
    ['$50 (waived for preventive)', undefined],
    ['$130 allowance; 20% off balance', ['$130 allowance', '20% off balance']],
    ['Covered in full', undefined],
    ['Lenses / Frames', undefined],
    // the amount per member over the amount for all of them, each with its own words
    [
      '$135 per Pediatric Enrollee $405 for all Pediatric Enrollees',
      ['$135 per Pediatric Enrollee', '$405 for all Pediatric Enrollees'],
    ],
    [
      '$75 per Adult Enrollee $225 for all Adult Enrollees',
      ['$75 per Adult Enrollee', '$225 for all Adult Enrollees'],
    ],
    [
      '$350 per member $700 per two (2) or more members',
      ['$350 per member', '$700 per two (2) or more members'],
    ],
    ['$50 per member $150 per family', ['$50 per member', '$150 per family']],
    ['$50 per visit $100 per visit', undefined],
  ])('%j → %j', (text, expected) => {
    expect(splitPair(text)).toEqual(expected);
  });
});

describe('looksLikeValue', () => {
  it.each([
    ['$10 copay', true],
    ['100%', true],
    ['Not Covered', true],
    ['Every 12 months', true],
    ['In-Network', false],
    ['Plan Feature', false],
  ])('%j → %j', (text, expected) => {
    expect(looksLikeValue(text)).toBe(expected);
  });
});

describe('numbersInFigures', () => {
  it.each([
    ['twenty (20) or more hours', '20 or more hours'],
    ['Thirty-Two hours', '32 hours'],
    ['fifteen hours', '15 hours'],
    ['twenty five hours', '25 hours'],
    ['a plenty of hours', 'a plenty of hours'],
  ])('%j → %j', (text, expected) => {
    expect(numbersInFigures(text)).toBe(expected);
  });
});

describe('findEffectiveDate', () => {
  it.each([
    ['January 1, 2025', 'January 1, 2025'],
    ['01/01/2025', '01/01/2025'],
    ['January 2025', 'January 2025'],
    ['Jan. 2025 – Dec. 2025', 'Jan. 2025'],
    ['1/1/25', '1/1/25'],
    ['2025', undefined],
    ['Plan year 2025–2026', undefined],
  ])('%s → %s', (text, expected) => {
    expect(findEffectiveDate(text)).toBe(expected);
  });
});

describe('two amounts that name their slots with a bare slash', () => {
  it.each([
    ['$50 single/$150 family', ['$50', '$150']],
    ['$75 single/$225 family', ['$75', '$225']],
    ['$25 individual/$75 family', ['$25', '$75']],
  ])('%s', (text, want) => {
    expect(splitPair(text)).toEqual(want);
  });
});

describe('an in-network cost with the out-of-network amount in parentheses', () => {
  it.each([
    ['$0 ($40)', { in: '$0', out: '$40' }],
    ['$35 to $85 ($0)', { in: '$35 to $85', out: '$0' }],
    [
      '$0 (single $40; bifocal $60; trifocal $80; lenticular $100)',
      { in: '$0', out: 'single $40; bifocal $60; trifocal $80; lenticular $100' },
    ],
    [
      '$0 up to $200, then 80% of balance ($0); $0 at Visionworks ($50)',
      { in: '$0 up to $200, then 80% of balance; $0 at Visionworks', out: '$0; $50' },
    ],
    [
      '$0 up to $200, then 85% of balance ($200)*',
      { in: '$0 up to $200, then 85% of balance', out: '$200' },
    ],
    [
      'Any amount over $300 (50% of charge up to $300)*',
      { in: 'Any amount over $300', out: '50% of charge up to $300' },
    ],
    ['$150 allowance (in lieu of frames)', undefined],
    ['$10 copay', undefined],
  ])('%s', (text, want) => {
    expect(splitParenthesisedAmounts(text)).toEqual(want);
  });
});
