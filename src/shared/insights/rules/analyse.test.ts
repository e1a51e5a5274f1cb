import { describe, expect, it } from 'vitest';
import { parsedDataSchema } from '../../proposals/parsed-data.ts';
import {
  analyseProposal,
  maxFindings,
  noDataText,
  noIssuesText,
  readProposalData,
} from './analyse.ts';
import { severities } from './finding.ts';
import {
  buildProposal,
  cleanDental,
  cleanVision,
  editRows,
  merge,
  testToday,
} from './proposal-factory.ts';

const truthFiles = import.meta.glob<unknown>('../../../../tests/fixtures/proposals/*.truth.json', {
  eager: true,
  import: 'default',
});

const ctx = { today: testToday };

describe('analyseProposal', () => {
  it('says there is nothing wrong in one finding', () => {
    expect(analyseProposal(buildProposal(merge(cleanDental(), cleanVision())), ctx)).toEqual([
      { text: noIssuesText, severity: 'low' },
    ]);
  });

  it('says when there is no proposal data at all', () => {
    expect(analyseProposal([], ctx)).toEqual([{ text: noDataText, severity: 'high' }]);
  });

  it('orders findings by severity and drops duplicates', () => {
    let spec = merge(cleanDental(['Class 1', 'Class 2']), cleanVision());
    spec.fields!.visionInsurance_carrierName = '';
    spec = editRows(spec, 'dentalInsurance_rateTiers', (row) =>
      row.class === 'Class 2'
        ? { ...row, carrierMonthlyRate: { value: '$1.00', score: 0.2 } }
        : row,
    );
    spec = editRows(spec, 'dentalInsurance_rateTiers', (row) =>
      row.class === 'Class 1' && row.rateTier === 'Family' ? undefined : row,
    );
    const findings = analyseProposal(buildProposal(spec), ctx);
    expect(findings.map((f) => `${f.severity}: ${f.text}`)).toEqual([
      'high: Vision carrier name missing',
      'medium: Class 2 dental rates not rising by tier',
      'medium: Verify Class 2 dental rates',
    ]);
  });

  it(`caps the list at ${maxFindings} bullets and says how many were left out`, () => {
    const classes = Array.from({ length: 20 }, (_, i) => `Class ${i + 1}`);
    const spec = editRows(cleanDental(classes), 'dentalInsurance_rateTiers', (row) => ({
      ...row,
      carrierMonthlyRate: '',
    }));
    const findings = analyseProposal(buildProposal(spec), ctx);
    expect(findings).toHaveLength(maxFindings);
    expect(findings.at(-1)).toEqual({ text: '9 more findings', severity: 'low' });
  });

  describe('on the real parsed data of every fixture', () => {
    const entries = Object.entries(truthFiles);

    it('finds the fixtures', () => expect(entries.length).toBeGreaterThanOrEqual(14));

    it.each(entries)('%s: short, ordered bullets and no false alarm', (_name, truth) => {
      const data = parsedDataSchema.parse(truth);
      const findings = analyseProposal(data, ctx);
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.length).toBeLessThanOrEqual(maxFindings);
      const ranks = findings.map((f) => severities.indexOf(f.severity));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      for (const { text } of findings) expect(text.split(' ').length).toBeLessThanOrEqual(8);
      // The truth is clean data as printed: the only thing it can show is a rate guarantee
      // stated as a term with no end date, which is worth confirming.
      const texts = findings.map((f) => f.text);
      const allowed = [
        noIssuesText,
        'Dental guarantee date missing',
        'Vision guarantee date missing',
      ];
      expect(texts.filter((text) => !allowed.includes(text))).toEqual([]);
    });

    it('flags the guarantee only where the truth has a term and no date', () => {
      for (const [name, truth] of entries) {
        const data = parsedDataSchema.parse(truth);
        const texts = analyseProposal(data, ctx).map((f) => f.text);
        for (const product of ['dental', 'vision'] as const) {
          const rows = data.flatMap((item) =>
            item.type === 'table' && item.label === `${product}Insurance_rateTiers`
              ? item.cells
              : [],
          );
          const hasDate = rows.some((c) => c.label.endsWith('_rateGuaranteeDate') && c.value);
          const hasTime = rows.some((c) => c.label.endsWith('_rateGuaranteeTime') && c.value);
          const word = product === 'dental' ? 'Dental' : 'Vision';
          expect(texts.includes(`${word} guarantee date missing`), name).toBe(hasTime && !hasDate);
        }
      }
    });

    it('finds the guarantees expired once their dates have passed', () => {
      const later = { today: new Date('2031-01-01T00:00:00Z') };
      const dev01 = entries.find(([name]) => name.includes('dev01'))![1];
      expect(analyseProposal(parsedDataSchema.parse(dev01), later).map((f) => f.text)).toEqual([
        'Dental rate guarantee expired',
      ]);
    });
  });
});

describe('readProposalData', () => {
  const data = buildProposal(cleanDental());

  it.each([
    ['the array', data],
    ['a JSON string of it', JSON.stringify(data)],
    ['a proposal record', { id: 'p1', name: 'Acme', data }],
    ['a record whose data is a JSON string', { id: 'p1', data: JSON.stringify(data) }],
    ['the record as a JSON string', JSON.stringify({ data })],
  ])('reads %s', (_what, value) => {
    expect(readProposalData(value)).toEqual(data);
  });

  it('keeps the items it can read and drops the rest', () => {
    expect(readProposalData([...data, { type: 'picture' }, 42])).toEqual(data);
    expect(readProposalData([])).toEqual([]);
  });

  it.each([['not json {'], [42], [null], [{ name: 'x' }], [[1, 2, 3]], ['"just a string"']])(
    'refuses %o',
    (value) => {
      expect(readProposalData(value)).toBeUndefined();
    },
  );
});
