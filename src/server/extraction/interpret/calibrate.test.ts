import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import type { DocumentLayout, Line } from '../layout.ts';
import { onePage } from '../testing/page-words.ts';
import {
  type CalibrationModel,
  calibrate,
  type DocumentSignals,
  documentSignals,
  FEATURES,
  unitsOf,
} from './calibrate.ts';
import MODEL from './calibration-model.json' with { type: 'json' };
import { REASONS, type Reasons } from './evidence.ts';

const T = 'dentalInsurance_coveredServices';
const cell = (row: number, column: string, value: string, score = 0.95) => ({
  label: `${T}_${column}`,
  value,
  row,
  col: 0,
  score,
});
const items: ParsedItem[] = [
  { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 0.9 },
  {
    type: 'table',
    label: T,
    cells: [
      cell(0, 'class', 'All Employees', 0.6),
      cell(0, 'serviceTypeLabel', 'Preventive', 0.9),
      cell(0, 'coverageLevelInNetwork', '100%'),
      cell(0, 'coverageLevelOutOfNetwork', '80%'),
      cell(1, 'class', 'All Employees', 0.6),
      cell(1, 'serviceTypeLabel', 'Basic', 0.9),
      cell(1, 'coverageLevelInNetwork', '80%'),
      // out-of-network paying more than in-network breaks the domain's order
      cell(1, 'coverageLevelOutOfNetwork', '90%'),
    ],
  },
];

const identity: CalibrationModel = {
  features: FEATURES,
  weights: FEATURES.map((f) => (f === 'heuristic' ? 3 : 0)),
};

/** Feature `name` of the `unit`th value of `list` (with the document's signals, when given). */
const feature = (list: ParsedItem[], unit: number, name: string, signals?: DocumentSignals) =>
  unitsOf(list, signals)[unit]!.features[FEATURES.indexOf(name as never)];

describe('scores that mean probabilities', () => {
  it('the committed model was trained on features the engine computes, in its order', () => {
    expect(MODEL.weights).toHaveLength(MODEL.features.length);
    expect(FEATURES.slice(0, MODEL.features.length)).toEqual(MODEL.features);
  });

  it('reads a model without the newer features as if their weights were 0', () => {
    const n = FEATURES.length - 5;
    const older: CalibrationModel = {
      features: FEATURES.slice(0, n),
      weights: FEATURES.slice(0, n).map((f) => (f === 'heuristic' ? 3 : 0)),
    };
    expect(calibrate(items, older)).toEqual(calibrate(items, identity));
    // a model that knows a feature the engine does not compute is not used: the scores stay
    const unknown: CalibrationModel = { features: ['bias', 'gone'], weights: [5, 5] };
    expect(calibrate(items, unknown)[0]).toMatchObject({ score: 0.9 });
  });

  it('describes a field, each row key and each value once', () => {
    const units = unitsOf(items);
    expect(units.map((u) => u.group)).toEqual([
      'carrier',
      'key',
      'coverage',
      'coverage',
      'key',
      'coverage',
      'coverage',
    ]);
    for (const u of units) expect(u.features).toHaveLength(FEATURES.length);
  });

  it.each([
    ['constraintBroken', 6, 1],
    ['constraintBroken', 3, 0],
    ['hasPercent', 2, 1],
    ['topCategory', 1, 1],
  ])('feature %s of unit %d is %d', (name, unit, expected) => {
    expect(feature(items, unit, name)).toBe(expected);
  });

  const zeroWeighted = [
    'orderBroken',
    'slotMisfit',
    'extraWords',
    'twoValues',
    'pageAmountsUsed',
    'regionAmountsUsed',
  ];
  it.each([
    [zeroWeighted],
    [[...zeroWeighted, 'tableBroken', 'tableMisfit', 'documentBroken']],
    [['tableBroken']],
  ])('leaving %j unworked changes no other feature', (names) => {
    const all = unitsOf(items);
    const some = unitsOf(items, undefined, new Set(names));
    expect(some).toHaveLength(all.length);
    some.forEach((u, i) => {
      FEATURES.forEach((f, k) => {
        if (names.includes(f)) expect([0, all[i]!.features[k]]).toContain(u.features[k]);
        else expect(u.features[k]).toBe(all[i]!.features[k]);
      });
    });
    // the broken-order value of the fixture is seen only when asked for
    const order = FEATURES.indexOf('orderBroken');
    expect(some.some((u) => u.features[order] === 1)).toBe(!names.includes('documentBroken'));
  });

  it('scores with the committed model as if every feature were worked out', () => {
    const m = MODEL as CalibrationModel;
    const weights = FEATURES.map((f) => m.weights[m.features.indexOf(f)] ?? 0);
    const expected = unitsOf(items).map((u) => {
      const z = u.features.reduce((a, x, i) => a + weights[i]! * x, 0);
      return Math.round(Math.max(0.01, Math.min(0.99, 1 / (1 + Math.exp(-z)))) * 1000) / 1000;
    });
    const out = calibrate(items);
    const scores = unitsOf(items).map((u) => {
      const item = out[u.item]!;
      return item.type === 'field' ? item.score : item.cells[u.cells[0]!]!.score;
    });
    expect(scores).toEqual(expected);
  });

  it('gives a row key one score for all its cells', () => {
    const out = calibrate(items, identity);
    const table = out[1]!.type === 'table' ? out[1]!.cells : [];
    const [klass, label] = table.filter((c) => c.row === 0).slice(0, 2);
    expect(klass!.score).toBe(label!.score);
    expect(klass!.score).toBeCloseTo(0.75, 2); // the mean of 0.6 and 0.9, given back
  });

  it('with the identity model gives the heuristic scores back, in 0.01..0.99', () => {
    const out = calibrate(items, identity);
    expect(out[0]!.type === 'field' && out[0]!.score).toBeCloseTo(0.9, 2);
    for (const i of calibrate(items))
      for (const s of i.type === 'table' ? i.cells.map((c) => c.score) : [i.score]) {
        expect(s).toBeGreaterThanOrEqual(0.01);
        expect(s).toBeLessThanOrEqual(0.99);
      }
  });

  const R = 'dentalInsurance_rateTiers';
  const rate = (row: number, column: string, value: string) => ({
    label: `${R}_${column}`,
    value,
    row,
    col: 0,
    score: 0.95,
  });
  const ordered: ParsedItem[] = [
    {
      type: 'table',
      label: T,
      cells: [
        cell(0, 'serviceTypeLabel', 'Preventive'),
        cell(0, 'coverageLevelInNetwork', '50%'),
        cell(1, 'serviceTypeLabel', 'Major'),
        // major paying more than preventive: coinsurance falls from preventive to major
        cell(1, 'coverageLevelInNetwork', '80%'),
      ],
    },
    {
      type: 'table',
      label: R,
      cells: [
        rate(0, 'rateTier', 'Employee Only'),
        rate(0, 'carrierMonthlyRate', '$40.00'),
        rate(1, 'rateTier', 'Employee + Spouse'),
        rate(1, 'carrierMonthlyRate', '$80.00'),
        rate(2, 'rateTier', 'Family'),
        // a family rate under the employee's: rates rise with the tier
        rate(2, 'carrierMonthlyRate', '$30.00'),
      ],
    },
  ];

  it.each([
    ['preventive 50 % under major 80 %', 1, 1],
    ['major 80 % over preventive 50 %', 3, 1],
    ['employee only $40.00, under family $30.00', 5, 1],
    ['employee + spouse $80.00 over family $30.00', 7, 1],
    ['family $30.00 under the others', 9, 1],
  ])('orderBroken: %s', (_, unit, expected) => {
    expect(feature(ordered, unit, 'orderBroken')).toBe(expected);
  });

  it('keeps its order features quiet when the order holds', () => {
    expect(feature(items, 2, 'orderBroken')).toBe(0);
    expect(feature(items, 5, 'orderBroken')).toBe(0);
  });

  const reasons: Reasons = {
    method: 'prose',
    propagated: true,
    reading: 0.8,
    doubt: 0.2,
    trust: 0.5,
    shapeFits: false,
  };
  const withReasons: ParsedItem[] = [
    {
      type: 'field',
      label: 'dentalInsurance_carrierName',
      value: 'Acme Dental',
      score: 0.9,
      [REASONS]: reasons,
    } as ParsedItem,
  ];

  it.each([
    ['method:prose', 1],
    ['method:cell', 0],
    ['propagated', 1],
    ['ocr', 1],
    ['misread', 0.2],
    ['doubt', 0.2],
    ['untrusted', 0.5],
    ['shapeMisfit', 1],
  ])('reads how the value was found: %s is %d', (name, expected) => {
    expect(feature(withReasons, 0, name)).toBeCloseTo(expected, 6);
  });

  it('counts the places that print the same value', () => {
    const at = (x: number) => ({
      page: 1,
      box: [x, 0, x + 10, 10] as [number, number, number, number],
    });
    const twice: ParsedItem[] = [
      {
        type: 'field',
        label: 'dentalInsurance_carrierName',
        value: 'Acme',
        score: 0.9,
        source: at(0),
      },
      {
        type: 'field',
        label: 'visionInsurance_carrierName',
        value: 'ACME',
        score: 0.9,
        source: at(50),
      },
      {
        type: 'field',
        label: 'dentalInsurance_effectiveDate',
        value: '1/1/2026',
        score: 0.9,
        source: at(90),
      },
    ];
    expect(feature(twice, 0, 'agreement')).toBeGreaterThan(0);
    expect(feature(twice, 2, 'agreement')).toBe(0);
  });

  it('leaves the reasons out of the data it gives back', () => {
    const out = calibrate(withReasons);
    expect(Object.getOwnPropertySymbols(out[0]!)).toEqual([]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  // a two-page guide: page 1 about dental (the amounts the reading used), page 2 about medical
  const line = (page: number, text: string): Line => ({
    text,
    words: [],
    box: [0, 0, 100, 10],
    size: 10,
    confidence: 1,
    page,
  });
  const guide: DocumentLayout = {
    format: 'pdf',
    furniture: [],
    pages: [
      {
        number: 1,
        width: 612,
        height: 792,
        source: 'text',
        blocks: [
          { kind: 'line', line: line(1, 'Dental plan: preventive care 100%') },
          { kind: 'line', line: line(1, 'Dental annual maximum $1,500.00') },
        ],
      },
      {
        number: 2,
        width: 612,
        height: 792,
        source: 'text',
        blocks: [
          { kind: 'line', line: line(2, 'Medical plan deductible $3,000') },
          { kind: 'line', line: line(2, 'Prescription drugs $10 copay') },
          { kind: 'line', line: line(2, 'Primary care visit $25') },
        ],
      },
    ],
  };
  const signals = documentSignals(guide);
  const read = (page: number, label: string, value: string): ParsedItem => ({
    type: 'field',
    label,
    value,
    score: 0.9,
    source: { page },
  });
  const onGuide: ParsedItem[] = [
    read(1, 'dentalInsurance_carrierName', 'Acme Dental'),
    read(2, 'dentalInsurance_effectiveDate', '$3,000'),
    read(1, 'visionInsurance_carrierName', '$1,500'),
  ];
  const guideFeature = (unit: number, name: string) => feature(onGuide, unit, name, signals)!;

  it('reads what a layout prints: its pages, its amounts, what each page is about', () => {
    expect(signals.pages).toBe(2);
    expect([...signals.amounts].sort()).toEqual(['$1,500', '$10', '$25', '$3,000', '100%']);
    expect(signals.topics[1]!.on).toBe(1);
    expect(signals.topics[2]!.off).toBe(1);
    expect(signals.topics[1]!.products).toEqual(['dental']);
  });

  it.each([
    ['pageOnTopic', 0, 1],
    ['pageOnTopic', 1, 0],
    ['pageOffTopic', 1, 1],
    ['pageNamesProduct', 0, 1],
    // a vision value read on a page that names dental only
    ['pageOtherProduct', 2, 1],
    ['pageOtherProduct', 0, 0],
    // the guide names dental twice and vision never
    ['productShare', 0, 1],
    ['productShare', 2, 0],
    // two of its five amounts were read
    ['docAmountsUsed', 0, 0.4],
  ])('document signal %s of unit %d is %d', (name, unit, expected) => {
    expect(guideFeature(unit, name)).toBeCloseTo(expected, 6);
  });

  it.each([
    // page 1 prints 100% and $1,500 (one read), page 2 $3,000, $10 and $25 (one read)
    ['pageAmountsUsed', 0, 1 / 2],
    ['pageAmountsUsed', 1, 1 / 3],
    // no table around them: the page's share
    ['regionAmountsUsed', 1, 1 / 3],
  ])('coverage %s of unit %d is %d', (name, unit, expected) => {
    expect(guideFeature(unit, name)).toBeCloseTo(expected, 6);
  });

  it.each([
    // two of the guide's five amounts read; page 1: one of its two
    ['every value from the text', [1, 1, 1], 0.4, 1 / 2],
    // a scanned document's misread amount is no amount the reading passed over
    ['every value by OCR', [0.8, 0.8, 0.8], 1, 1],
    ['two of three values by OCR', [0.8, 0.8, 1], 0.4 / 3 + 2 / 3, 1 / 6 + 2 / 3],
  ])(
    'counts the amounts used as far as the document was read from text: %s',
    (_, readings, doc, page) => {
      const read: ParsedItem[] = onGuide.map((v, k) =>
        Object.assign({ ...v }, { [REASONS]: { ...reasons, reading: readings[k]! } }),
      );
      expect(feature(read, 0, 'docAmountsUsed', signals)).toBeCloseTo(doc, 6);
      expect(feature(read, 0, 'pageAmountsUsed', signals)).toBeCloseTo(page, 6);
    },
  );

  // a page with a table of three amounts (the reading used one) and a line of one more
  const cellOf = (col: number, text: string) => ({
    text,
    lines: [],
    row: 0,
    col,
    rowSpan: 1,
    colSpan: 1,
    page: 1,
  });
  const tablePage = onePage([
    {
      kind: 'table',
      table: {
        rows: 1,
        cols: 3,
        headerRows: 0,
        page: 1,
        origin: 'rulings',
        box: [0, 0, 300, 100],
        cells: [cellOf(0, '$50'), cellOf(1, '$100'), cellOf(2, '80%')],
      },
    },
    { kind: 'line', line: line(1, 'Out-of-pocket limit $2,000') },
  ]);
  const onTable: ParsedItem[] = [
    {
      type: 'field',
      label: 'dentalInsurance_policyYearDeductibleIndividualInNetwork',
      value: '$50',
      score: 0.9,
      source: { page: 1, box: [10, 10, 40, 20] },
    },
    {
      type: 'field',
      label: 'dentalInsurance_policyYearMaximumInNetwork',
      value: '$2,000',
      score: 0.9,
      source: { page: 1, box: [10, 200, 60, 210] },
    },
  ];
  it.each([
    ['in the table, one of its three amounts read', 0, 'regionAmountsUsed', 1 / 3],
    ['in the table: the page, two of its four amounts read', 0, 'pageAmountsUsed', 2 / 4],
    ['outside the table: the page', 1, 'regionAmountsUsed', 2 / 4],
  ])('coverage of a value %s', (_, unit, name, expected) => {
    expect(feature(onTable, unit, name, documentSignals(tablePage))).toBeCloseTo(expected, 6);
  });

  it.each([
    // two of the table's four values: basic's 90 % out of network pays more than in network and
    // more than preventive's 80 % out of network (which breaks that order too)
    ['tableBroken', 1, 0.5],
    ['tableBroken', 6, 0.5],
    // a field is no part of a table
    ['tableBroken', 0, 0],
    ['tableMisfit', 2, 0],
    // two of the document's five values (the carrier and four amounts)
    ['documentBroken', 0, 0.4],
    ['documentBroken', 3, 0.4],
  ])('share of broken values %s of unit %d is %d', (name, unit, expected) => {
    expect(feature(items, unit, name)).toBeCloseTo(expected, 6);
  });

  it('without a layout, takes the document signals from the values alone', () => {
    expect(feature(onGuide, 0, 'docAmountsUsed')).toBe(1);
    expect(feature(onGuide, 0, 'docPages')).toBeCloseTo(Math.log1p(2) / 3, 6);
  });
});
