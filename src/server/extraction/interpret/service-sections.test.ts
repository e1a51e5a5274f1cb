import { describe, expect, it } from 'vitest';
import type { DocumentLayout } from '../layout.ts';
import { markupLayout } from '../testing/markup-layout.ts';
import { tableRows } from '../testing/parsed.ts';
import { interpretProposal } from './proposal.ts';
import { bulletPair, bulletRowName, bulletText, kindsUnderHeading } from './service-sections.ts';

/** Vision services printed as headed sections of 'Label: value' bullets. */

describe('the row a bullet names', () => {
  it.each([
    // the bullet only describes the heading's service: the heading names the row
    ['Eye health exam, dilation, prescription and refraction', 'Eye exam', 'Eye exam'],
    ['Allowance', 'Frame', 'Frame'],
    ['Copay', 'Contact lenses', 'Contact lenses'],
    // the bullet names a service of its own
    ['Retinal imaging', 'Eye exam', 'Retinal imaging'],
    [
      'Contact fitting and evaluation',
      'Contact lenses instead of eye glasses',
      'Contact fitting and evaluation',
    ],
    ['Warehouse stores', 'Frame', 'Warehouse stores'],
  ])('%s under %s: %s', (label, heading, name) => {
    expect(bulletRowName(label, heading)).toBe(name);
  });
});

describe('kinds of what a heading names, listed in one bullet label', () => {
  it.each([
    [
      'Single vision, lined bifocal, lined trifocal, lenticular',
      'Standard corrective lenses',
      [
        'Single vision lenses',
        'Lined bifocal lenses',
        'Lined trifocal lenses',
        'Lenticular lenses',
      ],
    ],
    ['Metal, plastic and rimless', 'Frames', ['Metal frames', 'Plastic frames', 'Rimless frames']],
    // two items, parentheses, long items or the heading's own word: one service
    [
      'Polycarbonate (child up to age 18) and Ultraviolet (UV) coating',
      'Standard lens enhancements',
      undefined,
    ],
    [
      'Progressive Standard, Progressive Premium/Custom, Polycarbonate (adult), Photochromic',
      'Lens enhancements',
      undefined,
    ],
    ['Single vision, bifocal and trifocal lenses', 'Standard corrective lenses', undefined],
    ['Exam, refraction, dilation', 'Eye exam', undefined],
  ])('%s under %s', (label, heading, kinds) => {
    expect(kindsUnderHeading(label, heading)).toEqual(kinds);
  });
});

describe('a bullet’s words', () => {
  it.each([
    [
      ['\uf0b7 Exam and refraction: At no cost after', 'a $10 copay.'],
      'Exam and refraction: At no cost after a $10 copay.',
    ],
    [
      ['• Lenses: At no cost after', '$25 . eyewear copay.'],
      'Lenses: At no cost after $25 eyewear copay.',
    ],
  ])('%j', (lines, text) => {
    expect(bulletText(lines)).toBe(text);
  });

  it.each([
    [
      'Allowance: $100 after $25 eyewear copay.',
      { label: 'Allowance', value: '$100 after $25 eyewear copay' },
    ],
    ['Elective lenses: $100 allowance.', { label: 'Elective lenses', value: '$100 allowance' }],
    // no amount or cost word: a note, not a benefit
    ['Note: ask your doctor about options.', undefined],
    ['No colon here, $10 copay', undefined],
  ])('%s', (text, pair) => {
    expect(bulletPair(text)).toEqual(pair);
  });
});

/** Lines after a bullet that do not open with one start further right (wrapped words). */
function indentWrapped(layout: DocumentLayout): DocumentLayout {
  for (const page of layout.pages) {
    let inBullet = false;
    for (const b of page.blocks) {
      if (b.kind !== 'line') {
        inBullet = false;
        continue;
      }
      if (/^[•\uf0b7]/.test(b.line.text)) inBullet = true;
      else if (inBullet && /^[a-z$]/.test(b.line.text)) {
        b.line.box = [12, b.line.box[1], b.line.box[2] + 12, b.line.box[3]];
      } else inBullet = false;
    }
  }
  return layout;
}

describe('headed sections of bullets', () => {
  const data = interpretProposal(
    indentWrapped(
      markupLayout([
        '# Vision plan summary',
        'Visit any network doctor and pay your copay at the time of service.',
        '# Eye exam',
        'Once every 12 months',
        '• Eye health exam with dilation and refraction: At no cost after',
        'a $10 copay.',
        '• Retinal imaging: Up to a $39 copay.',
        '# Frame',
        'Once every 24 months',
        '• Allowance: $150 after $25 eyewear copay.',
        'You save 20% on the amount over your allowance.',
        '# Contact lenses',
        'Once every 12 months',
        '• Elective lenses: $150 allowance.',
        '• Necessary lenses: At no cost after',
        'eyewear copay.',
      ]),
    ),
  );

  it('reads each bullet as a service with its in-network cost, named by its heading when it only describes it', () => {
    const rows = tableRows(data, 'visionInsurance_benefitSummary');
    expect(
      rows.map((r) => [r.servicesAndMaterials, r.inNetworkCost, r.outOfNetworkReimbursement]),
    ).toEqual([
      ['Eye exam', 'At no cost after a $10 copay', undefined],
      ['Retinal imaging', 'Up to a $39 copay', undefined],
      ['Frame', '$150 after $25 eyewear copay', undefined],
      ['Elective lenses', '$150 allowance', undefined],
      ['Necessary lenses', 'At no cost after eyewear copay', undefined],
    ]);
  });

  it('reads each heading’s frequency line', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toMatchObject({
      examination: 'Once every 12 months',
      lensesOrContactLenses: 'Once every 12 months',
      frame: 'Once every 24 months',
    });
  });

  it('reads no sections under headings that name no vision service', () => {
    const none = interpretProposal(
      markupLayout([
        '# Your plan',
        '• Deductible: $50 per person.',
        '# Questions',
        '• Call us: 1-800-555-0100, no cost to you.',
      ]),
    );
    expect(tableRows(none, 'visionInsurance_benefitSummary')).toEqual([]);
  });
});
