import { describe, expect, it } from 'vitest';
import { INSURERS, insurerMentions, namesVisionOnlyInsurer } from './insurers.ts';

const named = (text: string) => insurerMentions(text).map((m) => [m.insurer.name, m.printed]);

describe('insurer names in print', () => {
  it.each([
    // brands, as printed (trademark signs dropped)
    ['MetLife® Dental', [['MetLife', 'MetLife']]],
    ['Humana Vision 130', [['Humana', 'Humana']]],
    [
      'Metropolitan Life Insurance Company, New York, NY',
      [['MetLife', 'Metropolitan Life Insurance Company']],
    ],
    ['Guardian® Dental Quote', [['Guardian', 'Guardian']]],
    [
      'The Guardian Life Insurance Company of America',
      [['Guardian', 'The Guardian Life Insurance Company of America']],
    ],
    ['VSP Vision Care', [['VSP', 'VSP Vision Care']]],
    ['©2024 Vision Service Plan. All rights reserved.', [['VSP', 'Vision Service Plan']]],
    ['EyeMed Vision Care', [['EyeMed', 'EyeMed Vision Care']]],
    ['DeltaCare® USA', [['Delta Dental', 'DeltaCare USA']]],
    [
      'UNITEDHEALTHCARE INSURANCE COMPANY',
      [['UnitedHealthcare', 'UNITEDHEALTHCARE INSURANCE COMPANY']],
    ],
    [
      'United HealthCare Services, Inc.',
      [['UnitedHealthcare', 'United HealthCare Services, Inc.']],
    ],
    ['United Concordia Dental', [['United Concordia', 'United Concordia Dental']]],
    [
      'Sun Life Assurance Company of Canada',
      [['Sun Life', 'Sun Life Assurance Company of Canada']],
    ],
    ['The Hartford', [['The Hartford', 'The Hartford']]],
    // a dental HMO's own name on a schedule's cover
    ['2026 Western Dental Benefits Schedule', [['Western Dental', 'Western Dental']]],
    [
      'Mutual of Omaha Insurance Company',
      [['Mutual of Omaha', 'Mutual of Omaha Insurance Company']],
    ],
    ['Physicians Mutual', [['Physicians Mutual', 'Physicians Mutual']]],
    ['Dominion National', [['Dominion National', 'Dominion National']]],
    ['NIPPON LIFE BENEFITS', [['Nippon Life Benefits', 'NIPPON LIFE BENEFITS']]],
    [
      'Vision Benefits of America, Inc.',
      [['Vision Benefits of America', 'Vision Benefits of America, Inc.']],
    ],
    ['Careington International', [['Careington', 'Careington International']]],
    ['Solstice Benefits', [['Solstice', 'Solstice Benefits']]],
    ['Spirit Dental & Vision', [['Spirit Dental', 'Spirit Dental & Vision']]],
    ['Superior Vision', [['Superior Vision', 'Superior Vision']]],
    ['Avesis', [['Avesis', 'Avesis']]],
    ['Beam Benefits', [['Beam Benefits', 'Beam Benefits']]],
    ['Unum', [['Unum', 'Unum']]],
    [
      'Reliance Standard Life Insurance Company',
      [['Reliance Standard', 'Reliance Standard Life Insurance Company']],
    ],
    ['Lincoln Financial Group', [['Lincoln Financial', 'Lincoln Financial Group']]],
    ['Principal Life Insurance Company', [['Principal', 'Principal Life Insurance Company']]],
    ['Ameritas Life Insurance Corp.', [['Ameritas', 'Ameritas Life Insurance Corp.']]],
    ['Humana Insurance Company', [['Humana', 'Humana Insurance Company']]],
    ['Cigna Healthcare', [['Cigna', 'Cigna Healthcare']]],
    ['Aetna Life Insurance Company', [['Aetna', 'Aetna Life Insurance Company']]],
    ['Kaiser Permanente', [['Kaiser Permanente', 'Kaiser Permanente']]],
    ['Davis Vision', [['Davis Vision', 'Davis Vision']]],
    ['LIBERTY Dental Plan', [['Liberty Dental Plan', 'LIBERTY Dental Plan']]],
    ['SafeGuard Health Plans', [['SafeGuard', 'SafeGuard Health Plans']]],
    ['Renaissance Dental', [['Renaissance', 'Renaissance Dental']]],
    // state plans keep their state; words after it are not part of it
    ['Delta Dental of New Jersey Plan Summary', [['Delta Dental', 'Delta Dental of New Jersey']]],
    [
      'Blue Cross Blue Shield of Michigan',
      [['Blue Cross Blue Shield', 'Blue Cross Blue Shield of Michigan']],
    ],
    [
      'under this Blue Shield of California Plan. It is',
      [['Blue Shield of California', 'Blue Shield of California']],
    ],
    [
      'Horizon Blue Cross Blue Shield of New Jersey',
      [
        [
          'Horizon Blue Cross Blue Shield of New Jersey',
          'Horizon Blue Cross Blue Shield of New Jersey',
        ],
      ],
    ],
    // the longest name wins where names overlap
    [
      'Anthem Blue Cross is the trade name of Blue Cross of California.',
      [
        ['Anthem Blue Cross', 'Anthem Blue Cross'],
        ['Anthem Blue Cross', 'Blue Cross of California'],
      ],
    ],
    // a bar set between a logo's words
    ['PREMERA | Blue Cross', [['Premera Blue Cross', 'PREMERA Blue Cross']]],
    ['insured by Humana', [['Humana', 'Humana']]],
  ])('%s', (text, expected) => {
    expect(named(text)).toEqual(expected);
  });

  it.each([
    // ordinary words that are also insurers' names
    'a legal guardian may enroll the child',
    'the standard lenses are covered',
    'to safeguard your information',
    'the principal residence',
    'beyond the horizon of this summary',
    'an equitable share',
    // a common word naming a plan's feature
    'The Standard Plan covers two exams',
    'Horizon Option (in-network only)',
    // in capitals inside a sentence (not a logo)
    'THE GUARDIAN OF A CHILD MUST SIGN THIS FORM',
    // 'of' and a word that is no state
    'Blue Shield of your choice',
    // the associations that license the Blue plans
    'Independent licensee of the Blue Cross and Blue Shield Association',
    'Independent licensee of the Blue Cross Association.',
    'an independent licensee of the Blue Cross Blue Shield Association',
    'The Blue Cross® and Blue Shield® names and symbols are registered marks',
  ])('%s names no insurer (or only the plain brand)', (text) => {
    const found = insurerMentions(text);
    for (const m of found) expect(m.printed).not.toMatch(/ of [a-z]/);
    if (!/blue shield/i.test(text)) expect(found).toEqual([]);
  });

  it('reads a common name in capitals on a logo line', () => {
    expect(named('GUARDIAN')).toEqual([['Guardian', 'GUARDIAN']]);
  });

  it('tells legal entities from brands', () => {
    const [legal] = insurerMentions('Metropolitan Life Insurance Company');
    const [brand] = insurerMentions('MetLife');
    expect(legal?.legal).toBe(true);
    expect(brand?.legal).toBe(false);
  });

  it('lists every insurer once, each with its own name among its forms', () => {
    const names = INSURERS.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    for (const i of INSURERS) {
      expect(
        i.forms.some((f) => f.toLowerCase() === i.name.toLowerCase()),
        i.name,
      ).toBe(true);
    }
  });
});

describe('a heading that only names an insurer serving vision alone', () => {
  it.each([
    ['Eye Med', true],
    ['EyeMed', true],
    ['VSP', true],
    ['Davis Vision', true],
    ['EyeMed Vision', true],
    ['Vision Service Plan', true],
    // a network named with more words, a benefit line, an insurer of dental too
    ['EyeMed Insight network', false],
    ['Eye exams every 12 months', false],
    ['MetLife', false],
    ['Dental', false],
  ])('%j: %s', (heading, vision) => {
    expect(namesVisionOnlyInsurer(heading)).toBe(vision);
  });
});
