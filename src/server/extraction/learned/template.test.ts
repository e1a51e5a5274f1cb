import { describe, expect, it } from 'vitest';
import { rewriteSource, scaleAmount } from '../../../../scripts/fixtures/generalisation/variant.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { type MarkupBlock, markupLayout } from '../testing/markup-layout.ts';
import { fieldValue, tableRows } from '../testing/parsed.ts';
import { MATCH_THRESHOLD, readWithTemplates } from './apply.ts';
import {
  findValue,
  fingerprintOf,
  layoutTemplateSchema,
  learnedValueCount,
  learnTemplate,
  similarity,
} from './template.ts';
import { layoutUnits } from './units.ts';

/** One template printed for two employers: labels and layout the same, names and amounts not. */
const printed = (
  employer: string,
  ded: string,
  max: string,
  rates: Array<[string, string]>,
): MarkupBlock[] => [
  '# Acme Dental Group Proposal',
  `Prepared for ${employer}`,
  'Plan Name: Acme PPO Select',
  'Effective Date: January 1, 2027',
  'Plan summary',
  [
    ['Benefit', 'In Network', 'Out of Network'],
    ['Deductible (individual)', ded, ded],
    ['Annual Maximum', max, max],
    ['Preventive', '100%', '80%'],
    ['Basic Services', '80%', '60%'],
  ],
  'Monthly rates',
  [['Tier', 'Monthly Rate'], ...rates.map(([t, r]) => [t, r])],
  'Rates are guaranteed for 12 months.',
];

const corrections = (ded: string, max: string, rates: Array<[string, string]>): ParsedData => {
  const row = (r: number, label: string, i: string, o: string) => [
    {
      label: 'dentalInsurance_coveredServices_class',
      value: 'All Employees',
      row: r,
      col: 0,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_serviceTypeLabel',
      value: label,
      row: r,
      col: 1,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_coverageLevelInNetwork',
      value: i,
      row: r,
      col: 4,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_coverageLevelOutOfNetwork',
      value: o,
      row: r,
      col: 5,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_policyYearDeductibleIndividualInNetwork',
      value: ded,
      row: r,
      col: 6,
      score: 1,
    },
    {
      label: 'dentalInsurance_coveredServices_policyYearMaximumInNetwork',
      value: max,
      row: r,
      col: 10,
      score: 1,
    },
  ];
  return [
    { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 1 },
    { type: 'field', label: 'dentalInsurance_effectiveDate', value: 'January 1, 2027', score: 1 },
    {
      type: 'table',
      label: 'dentalInsurance_coveredServices',
      cells: [...row(0, 'Preventive', '100%', '80%'), ...row(1, 'Basic Services', '80%', '60%')],
    },
    {
      type: 'table',
      label: 'dentalInsurance_rateTiers',
      cells: rates.flatMap(([t, r], i) => [
        {
          label: 'dentalInsurance_rateTiers_class',
          value: 'All Employees',
          row: i,
          col: 0,
          score: 1,
        },
        { label: 'dentalInsurance_rateTiers_rateTier', value: t, row: i, col: 1, score: 1 },
        {
          label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
          value: r,
          row: i,
          col: 2,
          score: 1,
        },
        {
          label: 'dentalInsurance_rateTiers_rateGuaranteeTime',
          value: '12 months',
          row: i,
          col: 3,
          score: 1,
        },
      ]),
    },
  ];
};

const taughtRates: Array<[string, string]> = [
  ['Employee Only', '$31.20'],
  ['Employee + Spouse', '$62.40'],
  ['Employee + Child(ren)', '$70.10'],
  ['Family', '$99.80'],
];
const taughtLayout = markupLayout(printed('Riverside Montessori', '$50', '$1,500', taughtRates));
const template = learnTemplate({
  layout: taughtLayout,
  data: corrections('$50', '$1,500', taughtRates),
  documentType: 'carrierProposal',
});

describe('learning a layout from corrections', () => {
  it('finds where every printed value is, and keeps a value the document does not print as said', () => {
    expect(layoutTemplateSchema.safeParse(template).success).toBe(true);
    const services = template.tables.find((t) => t.label === 'dentalInsurance_coveredServices')!;
    const cls = services.rows[0]!.cells.find((c) => c.label.endsWith('_class'))!;
    expect(cls.where).toBeUndefined(); // "All Employees" is not printed
    const ded = services.rows[0]!.cells.find((c) => c.label.endsWith('IndividualInNetwork'))!;
    expect(ded.where).toMatchObject({
      kind: 'cell',
      rowHead: 'deductible (individual)',
      colHead: 'in network',
    });
    expect(learnedValueCount(template)).toBe(2 + 2 * 5 + 4 * 3);
  });

  it('reads another employer’s document on the same template, with other amounts and one tier fewer', () => {
    const rates: Array<[string, string]> = [
      ['Employee Only', '$28.75'],
      ['Employee + Spouse', '$57.50'],
      ['Family', '$91.15'],
    ];
    const layout = markupLayout(printed('Harborview Animal Clinic', '$75', '$2,000', rates));
    const { data, match } = readWithTemplates(layout, [], [template], 'carrierProposal');
    expect(match?.similarity).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('January 1, 2027');
    expect(tableRows(data, 'dentalInsurance_rateTiers')).toEqual(
      rates.map(([t, r]) => ({
        class: 'All Employees',
        rateTier: t,
        carrierMonthlyRate: r,
        rateGuaranteeTime: '12 months',
      })),
    );
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services.map((r) => r.policyYearDeductibleIndividualInNetwork)).toEqual(['$75', '$75']);
    expect(services.map((r) => r.policyYearMaximumInNetwork)).toEqual(['$2,000', '$2,000']);
    // A learned value's score says how it was read (match quality), not a certainty.
    for (const item of data) {
      const scores = item.type === 'field' ? [item.score] : item.cells.map((c) => c.score);
      for (const s of scores) expect(s).toBeLessThan(1);
    }
  });

  it('leaves a document printed on another template exactly as the generic engine read it', () => {
    const other = markupLayout([
      '# Vision Care Quote',
      'Eye exam every 12 months',
      [
        ['Service', 'Copay'],
        ['Exam', '$10'],
        ['Frames', '$130 allowance'],
      ],
    ]);
    const generic: ParsedData = [
      { type: 'field', label: 'visionInsurance_carrierName', value: 'Other', score: 0.9 },
    ];
    const reading = readWithTemplates(other, generic, [template], 'carrierProposal');
    expect(reading.match).toBeUndefined();
    expect(reading.data).toBe(generic);
    // …and a certificate is never read through a proposal's template.
    const same = markupLayout(printed('Other Co', '$75', '$2,000', taughtRates));
    expect(readWithTemplates(same, generic, [template], 'policyCertificate').data).toBe(generic);
  });

  it.each([
    ['same template, other values', printed('Someone Else Inc', '$25', '$750', taughtRates), true],
    ['another layout', ['# Totally different', [['a', 'b']], 'Some other words entirely'], false],
  ] as Array<[string, MarkupBlock[], boolean]>)('similarity: %s', (_name, blocks, same) => {
    const s = similarity(fingerprintOf(layoutUnits(markupLayout(blocks))), template.fingerprint);
    expect(s >= MATCH_THRESHOLD).toBe(same);
  });
});

describe('finding a value in printed text', () => {
  it.each([
    ['Prepared for Riverside Montessori', 'riverside montessori', [13, 33]],
    ['Class I – Diagnostic & Preventive¹', 'Class I - Diagnostic', [0, 20]],
    ['Deductible $1,500 per year', '$1,500', [11, 17]],
    ['Deductible $1,500 per year', '$1,600', undefined],
  ] as Array<[string, string, [number, number] | undefined]>)('%s ∋ %s', (text, value, span) => {
    expect(findValue(text, value)).toEqual(span);
  });
});

describe('variants of a generalisation document', () => {
  it.each([
    ['$38.40', '$43.39'],
    ['$1,500', '$1,695'],
    ['$25', '$30'],
    ['$5', '$6'],
  ])('%s scaled by 1.13 is %s', (amount, scaled) => {
    expect(scaleAmount(amount, 1.13)).toBe(scaled);
  });

  it('rewrites amounts, percentages and names in markup and truth alike, not the style sheet', () => {
    const source =
      "const css = `td { width: 50%; }`;\nconst html = '<td>Acme</td><td>$25</td><td>80%</td>';\nconst truth = { a: '$25', b: '80%', c: 'Acme' };";
    expect(rewriteSource(source, [['Acme', 'Zenith']])).toBe(
      "const css = `td { width: 50%; }`;\nconst html = '<td>Zenith</td><td>$30</td><td>75%</td>';\nconst truth = { a: '$30', b: '75%', c: 'Zenith' };",
    );
  });
});
