import { describe, expect, it } from 'vitest';
import type { Line } from '../layout.ts';
import type { AnalyzedDocument } from './document.ts';
import { evidence } from './evidence.ts';
import { Facts } from './facts.ts';
import {
  carrierFallback,
  carrierOf,
  chooseInsurer,
  insurerLike,
  issuerInLine,
  issuerName,
  leadingName,
  nameLike,
  organisationLike,
} from './issuer.ts';

function line(text: string, y: number, size = 10): Line {
  const box: Line['box'] = [58, y, 58 + text.length * size * 0.5, y + size];
  return { text, words: [{ text, box, size, confidence: 1 }], box, size, confidence: 1, page: 1 };
}

function doc(lines: Line[], furniture: Line[] = []): AnalyzedDocument {
  return {
    items: lines.map((l, order) => ({ kind: 'line', line: l, heading: false, scope: {}, order })),
    furniture,
    bodySize: 10,
  };
}

describe('issuerInLine', () => {
  it.each([
    ['VSP Vision Care Proposal', 'VSP Vision Care'],
    ['Guardian® Dental Quote', 'Guardian'],
    ['Prepared by Principal Financial Group', 'Principal Financial Group'],
    [
      'Prepared by: Kansas City Life Insurance Company · Group Dental',
      'Kansas City Life Insurance Company',
    ],
    ['Delta Dental Proposal', 'Delta Dental'],
    ['Acme Mutual Group Dental and Vision Renewal', 'Acme Mutual'],
    // a name found by the layout alone, with no insurer-ish word and no known carrier
    ['Northstar Group Dental Proposal', 'Northstar'],
  ])('%s → %s', (text, name) => {
    expect(issuerInLine(text)?.name).toBe(name);
  });

  it.each([
    'Group Dental Proposal',
    'Dental Proposal for Riverbend Clinic',
    'Your 2027 Dental Quote',
    'Re: Dental and Vision Proposal',
    'Proposal Summary',
    'Dental Plan Highlights',
    'Dental PPO Proposal',
  ])('%s names no issuer', (text) => {
    expect(issuerInLine(text)).toBeUndefined();
  });
});

describe('names', () => {
  it('reads the name at the start of a text', () => {
    expect(leadingName('Sun Life Assurance Company of Canada, Wellesley Hills')).toBe(
      'Sun Life Assurance Company of Canada',
    );
    expect(leadingName('Dana Whitfield, Account Executive')).toBe('Dana Whitfield');
  });
  it('tells organisations and insurers', () => {
    expect(organisationLike('Group')).toBe(false);
    expect(organisationLike('Plan 2000')).toBe(false);
    expect(organisationLike('Dominion National')).toBe(true);
    expect(insurerLike('Dominion National')).toBe(true); // known carrier (a hint only)
    expect(insurerLike('Northstar')).toBe(false);
    expect(insurerLike('Northstar Mutual')).toBe(true);
  });
});

describe('issuerName', () => {
  it('takes a large title at the top of the first page', () => {
    const d = doc([
      line('Northstar Group Dental Proposal', 40, 18),
      line('Effective Date: 01/01/2027', 80),
    ]);
    expect(issuerName(d)?.name).toBe('Northstar');
    expect(issuerName(d)?.strong).toBe(false);
  });
  it('reads a running header', () => {
    const d = doc(
      [line('Group Dental Proposal', 40, 18)],
      [line('Prepared by Kansas City Life Insurance Company · Group Dental 1', -10)],
    );
    expect(issuerName(d)?.name).toBe('Kansas City Life Insurance Company');
  });
  it('does not take a broker or a person who prepared the proposal', () => {
    expect(issuerName(doc([line('Prepared by Dana Whitfield', 40)]))).toBeUndefined();
    expect(
      issuerName(doc([line('Prepared by Harbor Insurance Services Agency', 40)])),
    ).toBeUndefined();
  });
  it('does not take the employer the proposal is for', () => {
    const d = doc([
      line('Riverbend Clinic Dental Proposal', 40, 18),
      line('Prepared for: Riverbend Clinic', 80),
    ]);
    expect(issuerName(d)).toBeUndefined();
    const labelled = doc([
      line('Riverbend Clinic Dental Proposal', 40, 18),
      line('Group: Riverbend Clinic', 80),
    ]);
    expect(issuerName(labelled)).toBeUndefined();
  });
});

describe('carrierFallback with a title', () => {
  it('prefers the title name a legal name agrees with', () => {
    const d = doc(
      [line('Guardian® Dental Quote', 40, 18), line('Employer: Tri-County Supply', 80)],
      [line('The Guardian Life Insurance Company of America, New York, NY', 760, 7)],
    );
    const e = carrierFallback(d, undefined);
    expect(e?.value).toBe('Guardian');
    expect(e?.method).toBe('heading');
  });
  it('keeps the legal name when the title names someone else', () => {
    const d = doc(
      [line('Northstar Group Dental Proposal', 40, 18)],
      [line('Underwritten by Acme Life Insurance Company', 760, 7)],
    );
    expect(carrierFallback(d, undefined)?.value).toBe('Acme Life Insurance Company');
  });
  it('keeps a logo that names someone else than a title below it', () => {
    const d = doc([
      line('Blue Cross Blue Shield of Michigan', 20, 18),
      line('Northstar Group Dental Proposal', 50, 14),
    ]);
    expect(carrierFallback(d, undefined)?.value).toBe('Blue Cross Blue Shield of Michigan');
  });
  it('scores a name found by layout alone lower than an insurer-like one', () => {
    const weak = carrierFallback(doc([line('Northstar Group Dental Proposal', 40, 18)]), undefined);
    const strong = carrierFallback(doc([line('VSP Vision Care Proposal', 40, 18)]), undefined);
    expect(weak?.method).toBe('fallback');
    expect(strong?.method).toBe('heading');
  });
});

describe('a product section with its own title', () => {
  it('names that product issuer', () => {
    const title = line('Employee Benefits Proposal', 40, 18);
    const dental = line('Guardian® Dental Quote', 200, 14);
    const vision = line('VSP Vision Care Proposal', 400, 14);
    const d: AnalyzedDocument = {
      items: [
        { kind: 'line', line: title, heading: true, scope: {}, order: 0 },
        {
          kind: 'line',
          line: line('Prepared for: Acme Tools', 60),
          heading: false,
          scope: {},
          order: 1,
        },
        { kind: 'line', line: dental, heading: true, scope: { product: 'dental' }, order: 2 },
        { kind: 'line', line: vision, heading: true, scope: { product: 'vision' }, order: 3 },
      ],
      furniture: [],
      bodySize: 10,
    };
    expect(carrierFallback(d, undefined, 'vision')?.value).toBe('VSP Vision Care');
    expect(carrierFallback(d, undefined, 'dental')?.value).toBe('Guardian');
  });
});

describe('a running header naming the issuer before a separator', () => {
  it("reads 'Delta Dental of Minnesota · Group Proposal' as the issuer's name", () => {
    expect(issuerInLine('Delta Dental of Minnesota · Group Proposal')?.name).toBe(
      'Delta Dental of Minnesota',
    );
  });
  it('keeps a title whose words after the separator are not generic', () => {
    expect(issuerInLine('Acme · Cedar Hollow Library Proposal')).toBeUndefined();
  });
});

describe('nameLike', () => {
  it.each([
    'This',
    'Client Name:',
    'Insurance Company',
    '(Also available as Voluntary Plans)',
    'Small Group',
    'Large Group PPO',
    'A Look',
    'Network: Elite Plus',
    'Your Dental Plan',
    'Dental Plan',
  ])('%s is not a carrier name', (text) => {
    expect(nameLike(text)).toBe(false);
  });
  it.each([
    'Acme Mutual',
    'The Standard',
    'Delta Dental of Minnesota',
    'Northstar',
    'Kansas City Life Insurance Company',
  ])('%s reads as a name', (text) => {
    expect(nameLike(text)).toBe(true);
  });
});

/** A document from lines: the head first, then a table, then the body; furniture apart. */
function docWith(head: Line[], body: Line[], furniture: Line[] = []): AnalyzedDocument {
  const table = {
    kind: 'table' as const,
    order: head.length,
    table: {
      table: { page: 1, rows: 1, cols: 1, cells: [], origin: 'ruled' },
      headerRows: 0,
      columns: [],
      body: [],
      scope: {},
      order: head.length,
    },
  } as unknown as AnalyzedDocument['items'][number];
  return {
    items: [
      ...head.map((l, order) => ({
        kind: 'line' as const,
        line: l,
        heading: false,
        scope: {},
        order,
      })),
      table,
      ...body.map((l, i) => ({
        kind: 'line' as const,
        line: l,
        heading: false,
        scope: {},
        order: head.length + 1 + i,
      })),
    ],
    furniture,
    bodySize: 10,
  };
}

describe('chooseInsurer', () => {
  it.each<[string, AnalyzedDocument, string | undefined]>([
    [
      'the logo over a network named in the text',
      docWith(
        [line('Guardian', 20, 20), line('Vision Plan Summary', 50, 14)],
        [line('Find a provider in the VSP Choice Network at vsp.com', 300)],
      ),
      'Guardian',
    ],
    [
      'the brand a summary is issued under, not an unknown underwriter',
      docWith(
        [line('Your EyeMed vision benefits', 20, 14)],
        [line('Underwritten by Fidelity Security Life Insurance Company of New York', 700, 7)],
      ),
      'EyeMed',
    ],
    [
      'the insurer named in running text, not the sentence around it',
      docWith(
        [
          line('Summary of Benefits', 20, 14),
          line(
            'This Summary of Benefits shows the amount you pay under this Blue Shield of California Plan.',
            60,
          ),
        ],
        [],
      ),
      'Blue Shield of California',
    ],
    [
      'the footer when the head names a plan and a market segment',
      docWith(
        [line('Dental Option Plan', 20, 20), line('Small Group Plan Summary', 50, 14)],
        [],
        [line('© 2021 Horizon Blue Cross Blue Shield of New Jersey, Newark', 760, 6)],
      ),
      'Horizon Blue Cross Blue Shield of New Jersey',
    ],
    [
      'the brand rather than the legal entity',
      docWith(
        [line('MetLife', 20, 20)],
        [line('Insured by Metropolitan Life Insurance Company, New York, NY', 700, 7)],
      ),
      'MetLife',
    ],
    [
      "a state plan's own name",
      docWith([line('Delta Dental of Minnesota', 20, 20)], [line('Delta Dental PPO network', 300)]),
      'Delta Dental of Minnesota',
    ],
    ['no known insurer', docWith([line('Northstar Group Dental Proposal', 20, 18)], []), undefined],
  ])('%s', (_, d, expected) => {
    expect(chooseInsurer(d)?.name).toBe(expected);
  });

  it('counts another product section little', () => {
    const dental = line('MetLife Dental', 200, 14);
    const vision = line('VSP Vision Care', 400, 14);
    const d: AnalyzedDocument = {
      items: [
        {
          kind: 'line',
          line: line('Employee Benefits Summary', 20, 18),
          heading: true,
          scope: {},
          order: 0,
        },
        { kind: 'line', line: dental, heading: true, scope: { product: 'dental' }, order: 1 },
        { kind: 'line', line: vision, heading: true, scope: { product: 'vision' }, order: 2 },
      ],
      furniture: [],
      bodySize: 10,
    };
    expect(chooseInsurer(d, 'dental')?.name).toBe('MetLife');
    expect(chooseInsurer(d, 'vision')?.name).toBe('VSP Vision Care');
  });

  it.each<[string, 'dental' | 'vision', string | undefined]>([
    ['a vision network insures the vision plan', 'vision', 'EyeMed'],
    ['but never the dental plan', 'dental', undefined],
  ])('%s', (_, product, expected) => {
    const d = docWith(
      [line('EyeMed', 20, 20), line('The Eye Care Plan of America', 40, 8)],
      [line('Voluntary Vision Plan', 300, 14)],
    );
    expect(chooseInsurer(d, product)?.name).toBe(expected);
  });

  it.each<[string, boolean, string]>([
    // an employer's overview: the medical grid's insurer heads the page, the dental table's insurer
    // is named under its own heading
    ['another coverage section counts little', true, 'Guardian'],
    [
      'without the section, the head of the page wins',
      false,
      'Blue Cross and Blue Shield of Oklahoma',
    ],
  ])('%s', (_, sectioned, expected) => {
    const medical = sectioned ? { otherCoverage: true as const } : {};
    const d: AnalyzedDocument = {
      items: [
        { kind: 'line', line: line('Medical Rx', 20, 16), heading: true, scope: medical, order: 0 },
        {
          kind: 'line',
          line: line('Blue Cross and Blue Shield of Oklahoma | bcbsok.com', 40),
          heading: false,
          scope: medical,
          order: 1,
        },
        {
          kind: 'line',
          line: line('Dental', 300, 16),
          heading: true,
          scope: { product: 'dental' },
          order: 2,
        },
        {
          kind: 'line',
          line: line('Guardian | guardiananytime.com | 800.541.7846', 320),
          heading: false,
          scope: { product: 'dental' },
          order: 3,
        },
      ],
      furniture: [],
      bodySize: 10,
    };
    expect(chooseInsurer(d, 'dental')?.name).toBe(expected);
  });
});

describe('carrierOf', () => {
  const labelled = (value: string) => {
    const f = new Facts();
    f.add('carrier', evidence(value, { page: 1, reading: 1 }, 'keyValue'), {}, 0);
    return f;
  };
  const guardian = docWith(
    [line('Dental Plan Summary', 20, 18)],
    [],
    [line('The Guardian Life Insurance Company of America, New York, NY', 760, 7)],
  );

  it.each<[string, AnalyzedDocument, Facts, string | undefined]>([
    ['a carrier label that reads as a name', guardian, labelled('Acme Mutual'), 'Acme Mutual'],
    [
      'a known insurer when the label holds a fragment (its legal name when no brand is printed)',
      guardian,
      labelled('This'),
      'The Guardian Life Insurance Company of America',
    ],
    [
      'a known insurer over a title that is a sentence',
      docWith([line('This Summary of Benefits shows what Humana pays', 20, 14)], []),
      new Facts(),
      'Humana',
    ],
    [
      'nothing rather than a market segment or a note',
      docWith(
        [line('Small Group', 20, 20), line('(Also available as Voluntary Plans)', 50, 16)],
        [],
      ),
      new Facts(),
      undefined,
    ],
    [
      'an unknown insurer a title names',
      docWith([line('Northstar Mutual Dental Proposal', 20, 18)], []),
      new Facts(),
      'Northstar Mutual',
    ],
  ])('%s', (_, d, facts, expected) => {
    expect(carrierOf(d, facts, 'dental')?.value).toBe(expected);
  });
});
