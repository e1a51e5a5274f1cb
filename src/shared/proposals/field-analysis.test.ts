import { describe, expect, it } from 'vitest';
import { loadProposalFixtures } from '../../../tests/support/proposal-fixtures.ts';
import { fieldDefinitions } from '../fields/catalogue.ts';
import { analyseFields, fieldStateKey, fieldStateText } from './field-analysis.ts';

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
    expect(analysis.map((a) => a.label)).toEqual(fieldDefinitions.map((f) => f.label));
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
    expect(analysis.slice(0, fieldDefinitions.length).map((a) => a.label)).toEqual(
      fieldDefinitions.map((f) => f.label),
    );
    expect(analysis.slice(fieldDefinitions.length)).toEqual([
      {
        label: 'dentalInsurance_brokerFee',
        title: 'Broker Fee',
        product: 'Dental Insurance',
        state: 'unexpected',
      },
      {
        label: 'dentalInsurance_waitingPeriods',
        title: 'Waiting Periods',
        product: 'Dental Insurance',
        state: 'unexpected',
      },
      {
        label: 'dentalInsurance_waitingPeriods_class',
        title: 'Class',
        product: 'Dental Insurance',
        state: 'unexpected',
      },
      {
        label: 'dentalInsurance_rateTiers_tobaccoRate',
        title: 'Tobacco Rate',
        product: 'Dental Insurance',
        state: 'unexpected',
      },
    ]);
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
