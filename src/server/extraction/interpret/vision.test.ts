import { describe, expect, it } from 'vitest';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { interpretProposal } from './proposal.ts';
import { amountPairs } from './vision.ts';

/** Vision rules, one at a time, on layouts unlike the fixtures'. */

describe('service–amount pairs in running cells', () => {
  it.each([
    ['Exam ........................ up to $45*', [['Exam', 'up to $45']]],
    ['Frames: up to $55', [['Frames', 'up to $55']]],
    [
      'Single vision lenses: up to $30  Progressive lenses: up to $50',
      [
        ['Single vision lenses', 'up to $30'],
        ['Progressive lenses', 'up to $50'],
      ],
    ],
    ['Contacts \u2026\u2026 $150', [['Contacts', '$150']]],
    // not a vision service, no amount, or a frequency: no pair
    ['Deductible: $50', []],
    ['Contact lenses:', []],
    ['Exam frequency: 12 months', []],
    ['*$15 exam copay may apply', []],
  ])('%s', (text, pairs) => {
    expect(amountPairs(text).map((p) => [p.service, p.amount])).toEqual(pairs);
  });
});

describe('an out-of-network reimbursement list beside an in-network grid', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Benefit Summary',
      [
        ['Benefit', 'In-Network Copay'],
        ['Eye Exam', '$10'],
        ['Frames', '$130 allowance'],
      ],
      '# Coverage with an out-of-network provider',
      [
        ['Eye exam ............ up to $45*', 'Lined bifocal lenses ........ up to $65*'],
        ['Frames ............ up to $55*', 'Contacts ........ up to $150*'],
        ['Single vision lenses .... up to $45*', '*$15 exam copay may apply'],
      ],
    ]),
  );

  it('reads each pair as an out-of-network value, joined to the in-network line of its name', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Eye Exam', '$10', 'up to $45'],
      ['Frames', '$130 allowance', 'up to $55'],
      ['Single vision lenses', undefined, 'up to $45'],
      ['Lined bifocal lenses', undefined, 'up to $65'],
      ['Contacts', undefined, 'up to $150'],
    ]);
  });
});

describe('pairs under a heading that names no network', () => {
  const data = interpretProposal(
    markupLayout([
      '# Vision Plan',
      [
        ['Eye exam ............ $10', 'Frames ........ $130'],
        ['Lenses ............ $25', 'Contacts ........ $130'],
      ],
    ]),
  );
  it('are not given a network from nothing', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(rows.find((r) => r.servicesAndMaterials === 'Frames')).toBeUndefined();
    expect(rows.some((r) => r.outOfNetworkReimbursement === '$130')).toBe(false);
  });
});
