import { describe, expect, it } from 'vitest';
import { loadProposalFixtures } from '../../../tests/support/proposal-fixtures.ts';
import { fieldDefinitions, tableDefinitions } from '../fields/catalogue.ts';
import { analyseFields, expectedLabels, fieldStateKey, fieldStateText } from './field-analysis.ts';

const stateOf = (analysis: ReturnType<typeof analyseFields>, label: string) =>
  analysis.find((a) => a.label === label)?.state;

describe('analyseFields', () => {
  it('has a key of the three states the spec names', () => {
    expect(fieldStateKey.map((s) => fieldStateText[s])).toEqual([
      'Returned with data',
      'Returned without data',
      'Missing from response',
    ]);
  });

  it.each([null, [], '{broken'])('lists every expected label as missing for %j', (data) => {
    const analysis = analyseFields(data);
    expect(analysis.map((a) => a.label)).toEqual(expectedLabels().map((e) => e.label));
    expect(new Set(analysis.map((a) => a.state))).toEqual(new Set(['missing']));
  });

  it('tells data, blank and missing apart, for fields and table columns', () => {
    const analysis = analyseFields([
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.9 },
      { type: 'field', label: 'dentalInsurance_effectiveDate', value: ' ', score: 0.2 },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          { label: 'dentalInsurance_rateTiers_class', value: 'Class 1', row: 0, col: 0, score: 1 },
          { label: 'dentalInsurance_rateTiers_policyYear', value: '', row: 0, col: 5, score: 1 },
          {
            label: 'dentalInsurance_rateTiers_policyYear',
            value: '2026',
            row: 1,
            col: 5,
            score: 1,
          },
          {
            label: 'dentalInsurance_rateTiers_rateGuaranteeDate',
            value: '',
            row: 0,
            col: 4,
            score: 1,
          },
        ],
      },
    ]);
    expect(stateOf(analysis, 'dentalInsurance_carrierName')).toBe('withData');
    expect(stateOf(analysis, 'dentalInsurance_effectiveDate')).toBe('withoutData');
    expect(stateOf(analysis, 'dentalInsurance_rateTiers_class')).toBe('withData');
    expect(stateOf(analysis, 'dentalInsurance_rateTiers_policyYear')).toBe('withData');
    expect(stateOf(analysis, 'dentalInsurance_rateTiers_rateGuaranteeDate')).toBe('withoutData');
    // The table came back, with nothing in this column.
    expect(stateOf(analysis, 'dentalInsurance_rateTiers_carrierMonthlyRate')).toBe('withoutData');
    expect(stateOf(analysis, 'dentalInsurance_planInformation_planName')).toBe('missing');
    expect(stateOf(analysis, 'visionInsurance_carrierName')).toBe('missing');
  });

  it('lists the labels the catalogue does not know after the expected ones', () => {
    const analysis = analyseFields([
      { type: 'field', label: 'dentalInsurance_brokerFee', value: '5%', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_waitingPeriods',
        cells: [
          { label: 'dentalInsurance_waitingPeriods_class', value: 'A', row: 0, col: 0, score: 1 },
        ],
      },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          { label: 'dentalInsurance_rateTiers_tobaccoRate', value: '$3', row: 0, col: 6, score: 1 },
        ],
      },
    ]);
    const expected = expectedLabels().length;
    expect(analysis.slice(0, expected).map((a) => a.label)).toEqual(
      expectedLabels().map((e) => e.label),
    );
    expect(analysis.slice(expected)).toEqual([
      {
        label: 'dentalInsurance_brokerFee',
        title: 'Broker Fee',
        product: 'Dental Insurance',
        state: 'unexpected',
        corrected: 0,
      },
      {
        label: 'dentalInsurance_waitingPeriods',
        title: 'Waiting Periods',
        product: 'Dental Insurance',
        state: 'unexpected',
        corrected: 0,
      },
      {
        label: 'dentalInsurance_waitingPeriods_class',
        title: 'Class',
        product: 'Dental Insurance',
        state: 'unexpected',
        corrected: 0,
      },
      {
        label: 'dentalInsurance_rateTiers_tobaccoRate',
        title: 'Tobacco Rate',
        product: 'Dental Insurance',
        state: 'unexpected',
        corrected: 0,
      },
    ]);
  });

  it('lists the seven tables among the expected labels, each before its columns', () => {
    const labels = expectedLabels().map((e) => e.label);
    const tables = labels.filter((l) => tableDefinitions.some((t) => t.label === l));
    expect(tables).toHaveLength(7);
    expect(tables).toContain('dentalInsurance_rateTiers');
    for (const table of tables) {
      expect(labels.indexOf(table)).toBe(labels.findIndex((l) => l.startsWith(`${table}_`)) - 1);
    }
    expect(labels).toEqual(expect.arrayContaining(fieldDefinitions.map((f) => f.label)));
  });

  it.each([
    { name: 'no table', cells: null, state: 'missing' },
    { name: 'blank cells only', cells: [' '], state: 'withoutData' },
    { name: 'one value', cells: ['', 'Class 1'], state: 'withData' },
  ])('gives a table label its state: $name', ({ cells, state }) => {
    const t = 'dentalInsurance_rateTiers';
    const data = cells
      ? [
          {
            type: 'table',
            label: t,
            cells: cells.map((value, row) => ({
              label: `${t}_class`,
              value,
              row,
              col: 0,
              score: 1,
            })),
          },
        ]
      : [];
    expect(stateOf(analyseFields(data), t)).toBe(state);
  });

  it('counts the values a broker corrected or added, not the ones confirmed', () => {
    const t = 'dentalInsurance_rateTiers';
    const cell = (row: number, state?: 'confirmed' | 'corrected' | 'added') => ({
      label: `${t}_rateTier`,
      value: 'Family',
      row,
      col: 1,
      score: 1,
      ...(state ? { review: { state } } : {}),
    });
    const analysis = analyseFields([
      {
        type: 'field',
        label: 'dentalInsurance_carrierName',
        value: 'A',
        score: 1,
        review: { state: 'corrected' },
      },
      {
        type: 'field',
        label: 'dentalInsurance_effectiveDate',
        value: 'B',
        score: 1,
        review: { state: 'confirmed' },
      },
      { type: 'table', label: t, cells: [cell(0, 'added'), cell(1, 'corrected'), cell(2)] },
    ]);
    const correctedOf = (label: string) => analysis.find((a) => a.label === label)?.corrected;
    expect(correctedOf('dentalInsurance_carrierName')).toBe(1);
    expect(correctedOf('dentalInsurance_effectiveDate')).toBe(0);
    expect(correctedOf(`${t}_rateTier`)).toBe(2);
    expect(correctedOf(t)).toBe(2);
  });

  it.each(loadProposalFixtures())('reads the truth of $id', (fixture) => {
    const analysis = analyseFields(fixture.truth);
    expect(analysis.filter((a) => a.state === 'unexpected')).toEqual([]);
    for (const product of ['dental', 'vision']) {
      const name = product === 'dental' ? 'Dental Insurance' : 'Vision Insurance';
      const carrier = analysis.find((a) => a.label === `${product}Insurance_carrierName`);
      expect(carrier?.state).toBe(fixture.products.includes(product) ? 'withData' : 'missing');
      expect(carrier?.product).toBe(name);
      const states = new Set(analysis.filter((a) => a.product === name).map((a) => a.state));
      // A product the document lacks is missing throughout; one it has is never missing.
      if (fixture.products.includes(product)) expect(states.has('missing')).toBe(false);
      else expect(states).toEqual(new Set(['missing']));
    }
  });
});
