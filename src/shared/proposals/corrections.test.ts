import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldDefinitions, tableDefinitions } from '../fields/catalogue.ts';
import {
  checkCorrections,
  countValues,
  diffValues,
  mergeReading,
  removedSlots,
  stampReviews,
  valueEntries,
} from './corrections.ts';
import type { ParsedData } from './parsed-data.ts';

const field = (label: string, value: string, extra: object = {}) => ({
  type: 'field' as const,
  label,
  value,
  score: 0.9,
  ...extra,
});
const cell = (column: string, row: number, col: number, value: string, extra: object = {}) => ({
  label: `dentalInsurance_rateTiers_${column}`,
  row,
  col,
  value,
  score: 0.8,
  ...extra,
});
const rateTiers = (...cells: ReturnType<typeof cell>[]) => ({
  type: 'table' as const,
  label: 'dentalInsurance_rateTiers',
  cells,
});
const columns = tableDefinitions.find((t) => t.label === 'dentalInsurance_rateTiers')!.columns;
const colOf = (name: string) => columns.indexOf(name);
const tier = colOf(columns[0]!);
const tierName = columns[0]!;

const sample: ParsedData = [
  field('dentalInsurance_carrierName', 'Ameritas', { source: { page: 1, box: [10, 20, 80, 30] } }),
  rateTiers(cell(tierName, 0, tier, 'Employee'), cell(tierName, 1, tier, 'Family')),
];

describe('checkCorrections', () => {
  it('accepts the extraction format with reviews, and keeps only what it knows', () => {
    const input = [
      { ...sample[0], review: { state: 'corrected' }, alt: ['x'] },
      sample[1],
      field('dentalInsurance_effectiveDate', '1/1/2027', { score: undefined }),
    ];
    const result = checkCorrections(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data[0]).toEqual({ ...sample[0], review: { state: 'corrected' } });
    expect(result.data[2]).toMatchObject({ score: 1 });
    expect(JSON.stringify(result.data)).not.toContain('alt');
  });

  const refused: [string, unknown, RegExp][] = [
    ['not a list', { items: [] }, /must be a list of fields and tables/],
    ['an item that is no object', [42], /Item 1 must be an object/],
    ['an unknown type', [{ type: 'row', label: 'x' }], /Item 1 must have type 'field' or 'table'/],
    [
      'a field label outside the catalogue',
      [field('dentalInsurance_colour', 'blue')],
      /'dentalInsurance_colour' is not in the field catalogue/,
    ],
    [
      'a column label used as a field',
      [field(`dentalInsurance_rateTiers_${tierName}`, '12')],
      /is a table column, not a field/,
    ],
    [
      'a table outside the catalogue',
      [{ type: 'table', label: 'dentalInsurance_extras', cells: [] }],
      /table 'dentalInsurance_extras' is not in the field catalogue/,
    ],
    [
      'a cell outside its table',
      [
        {
          ...rateTiers(),
          cells: [{ ...cell(tierName, 0, 0, 'x'), label: 'visionInsurance_rateTiers_rate' }],
        },
      ],
      /Cell 1 of dentalInsurance_rateTiers: 'visionInsurance_rateTiers_rate' is not a column of dentalInsurance_rateTiers/,
    ],
    [
      'a negative row',
      [rateTiers(cell(tierName, -1, tier, 'x'))],
      /its row must be a whole number/,
    ],
    ['a fractional row', [rateTiers(cell(tierName, 1.5, tier, 'x'))], /row must be a whole number/],
    [
      'a value that is a number',
      [field('dentalInsurance_carrierName', 12 as never)],
      /value must be text/,
    ],
    [
      'a score above 1',
      [field('dentalInsurance_carrierName', 'A', { score: 2 })],
      /score must be a number from 0 to 1/,
    ],
    [
      'an unknown review state',
      [field('dentalInsurance_carrierName', 'A', { review: { state: 'approved' } })],
      /review state must be one of 'confirmed', 'corrected', 'added'/,
    ],
    [
      'a source box of three numbers',
      [field('dentalInsurance_carrierName', 'A', { source: { page: 1, box: [1, 2, 3] } })],
      /source box must be four numbers/,
    ],
    [
      'a source page 0',
      [field('dentalInsurance_carrierName', 'A', { source: { page: 0 } })],
      /source page must be a whole number/,
    ],
    [
      'a table without cells',
      [{ type: 'table', label: 'dentalInsurance_rateTiers' }],
      /must have a list of cells/,
    ],
  ];
  it.each(refused)('refuses %s, naming the problem', (_name, input, message) => {
    const result = checkCorrections(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(message);
      expect(result.error).toMatch(/\.$/);
    }
  });
});

describe('checkCorrections of a policy certificate', () => {
  const certificate = [
    { type: 'field', label: 'policyCertificate_groupPolicyNumber', value: 'G-1', score: 0.9 },
    {
      type: 'table',
      label: 'policyCertificate_schedule',
      cells: [
        { label: 'policyCertificate_schedule_benefit', value: 'X', row: 0, col: 0, score: 1 },
      ],
    },
  ];
  it('accepts labels made from printed ones', () => {
    expect(checkCorrections(certificate, 'policyCertificate').ok).toBe(true);
    // a proposal's catalogue does not know them
    expect(checkCorrections(certificate, 'carrierProposal').ok).toBe(false);
  });
  const refused: [string, unknown, RegExp][] = [
    [
      'a label of another prefix',
      [{ ...certificate[0], label: 'dentalInsurance_carrierName' }],
      /must be 'policyCertificate_' followed by a name/,
    ],
    [
      'a label with spaces',
      [{ ...certificate[0], label: 'policyCertificate_group number' }],
      /must be 'policyCertificate_'/,
    ],
    [
      'a cell of another table',
      [
        {
          ...certificate[1],
          cells: [{ label: 'policyCertificate_other_benefit', value: 'X', row: 0, col: 0 }],
        },
      ],
      /is not a column of policyCertificate_schedule/,
    ],
  ];
  it.each(refused)('refuses %s', (_name, input, message) => {
    const result = checkCorrections(input, 'policyCertificate');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('diffValues', () => {
  const cases: [string, ParsedData, ParsedData, number][] = [
    ['nothing changed', sample, sample, 0],
    [
      'one value corrected',
      sample,
      [field('dentalInsurance_carrierName', 'Lincoln'), sample[1]!],
      1,
    ],
    ['one value removed', sample, [sample[0]!], 2],
    ['one value added', sample, [...sample, field('dentalInsurance_effectiveDate', '1/1/27')], 1],
    [
      'one value confirmed',
      sample,
      [
        { ...(sample[0] as object), review: { state: 'confirmed' } } as ParsedData[number],
        sample[1]!,
      ],
      1,
    ],
    ['from nothing', [], sample, 3],
  ];
  it.each(cases)('%s', (_name, before, after, changed) => {
    expect(diffValues(before, after)).toBe(changed);
  });
});

describe('stampReviews', () => {
  it('stamps changed values and keeps the stamps of unchanged ones', () => {
    const first = stampReviews(
      sample,
      [
        field('dentalInsurance_carrierName', 'Ameritas Life', { review: { state: 'corrected' } }),
        rateTiers(
          cell(tierName, 0, tier, 'Employee'),
          cell(tierName, 1, tier, 'Employee + Family'),
        ),
        field('dentalInsurance_effectiveDate', '1/1/2027'),
      ],
      'Ann',
      '2026-01-01T00:00:00.000Z',
    );
    const entries = valueEntries(first);
    expect(entries.map((e) => e.value.review?.state)).toEqual([
      'corrected',
      undefined,
      'corrected',
      'added',
    ]);
    expect(entries[0]!.value.review).toEqual({
      state: 'corrected',
      by: 'Ann',
      at: '2026-01-01T00:00:00.000Z',
    });
    const second = stampReviews(first, first, 'Bob', '2026-02-01T00:00:00.000Z');
    expect(second).toEqual(first);
  });
});

describe('mergeReading', () => {
  it('keeps what the broker confirmed, corrected or added; takes the rest from the new reading', () => {
    const previous: ParsedData = [
      field('dentalInsurance_carrierName', 'Ameritas Life', { review: { state: 'corrected' } }),
      field('dentalInsurance_effectiveDate', 'old date'),
      rateTiers(cell(tierName, 2, tier, 'Child', { review: { state: 'added' } })),
    ];
    const reading: ParsedData = [
      field('dentalInsurance_carrierName', 'Ameritas'),
      field('dentalInsurance_effectiveDate', 'new date'),
      rateTiers(cell(tierName, 0, tier, 'Employee')),
    ];
    const merged = mergeReading(previous, reading);
    expect(merged).toEqual([
      field('dentalInsurance_carrierName', 'Ameritas Life', { review: { state: 'corrected' } }),
      field('dentalInsurance_effectiveDate', 'new date'),
      rateTiers(
        cell(tierName, 0, tier, 'Employee'),
        cell(tierName, 2, tier, 'Child', { review: { state: 'added' } }),
      ),
    ]);
  });
});

describe('removed values and a new reading', () => {
  const date = 'field:dentalInsurance_effectiveDate';
  const family = `cell:dentalInsurance_rateTiers:1:${tier}`;
  const engine: ParsedData = [
    field('dentalInsurance_carrierName', 'Ameritas'),
    field('dentalInsurance_effectiveDate', '01/01/2027'),
    rateTiers(cell(tierName, 0, tier, 'Employee'), cell(tierName, 1, tier, 'Family')),
  ];
  const [, , tiers] = engine;
  const withoutDateAndFamily: ParsedData = [
    engine[0]!,
    rateTiers(cell(tierName, 0, tier, 'Employee')),
  ];
  const revision = (kind: 'engine' | 'correction' | 'restore', data: ParsedData) => ({
    kind,
    data,
  });

  it.each([
    ['nothing removed', [revision('engine', engine)], []],
    [
      'a correction removed a field and a cell',
      [revision('engine', engine), revision('correction', withoutDateAndFamily)],
      [date, family],
    ],
    [
      'still removed after a read-again left them out',
      [
        revision('engine', engine),
        revision('correction', withoutDateAndFamily),
        revision('engine', withoutDateAndFamily),
        revision('correction', withoutDateAndFamily),
      ],
      [date, family],
    ],
    [
      'the engine reading restored brings them back',
      [
        revision('engine', engine),
        revision('correction', withoutDateAndFamily),
        revision('restore', engine),
      ],
      [],
    ],
    [
      'a value typed again in its slot is back',
      [
        revision('engine', engine),
        revision('correction', withoutDateAndFamily),
        revision('correction', [...withoutDateAndFamily, engine[1]!]),
      ],
      [family],
    ],
    [
      'an engine reading that misses a value is no removal',
      [revision('engine', engine), revision('engine', [engine[0]!, tiers!])],
      [],
    ],
  ] as const)('%s', (_name, revisions, expected) => {
    expect([...removedSlots(revisions as never)].sort()).toEqual([...expected].sort());
  });

  it('a new reading leaves removed slots out and keeps the broker’s values', () => {
    const previous: ParsedData = [
      field('dentalInsurance_carrierName', 'Broker Co', { review: { state: 'corrected' } }),
      rateTiers(cell(tierName, 0, tier, 'Employee')),
    ];
    const merged = mergeReading(previous, engine, new Set([date, family]));
    expect(merged).toEqual([
      field('dentalInsurance_carrierName', 'Broker Co', { review: { state: 'corrected' } }),
      rateTiers(cell(tierName, 0, tier, 'Employee')),
    ]);
    // a table whose every value was removed is left out
    const onlyTier = mergeReading(
      [],
      [rateTiers(cell(tierName, 1, tier, 'Family'))],
      new Set([family]),
    );
    expect(onlyTier).toEqual([]);
  });
});

const fieldLabels = fieldDefinitions.filter((f) => f.kind === 'field').map((f) => f.label);
const arbData: fc.Arbitrary<ParsedData> = fc
  .array(
    fc.oneof(
      fc.record({
        type: fc.constant('field' as const),
        label: fc.constantFrom(...fieldLabels),
        value: fc.string({ maxLength: 6 }),
        score: fc.double({ min: 0, max: 1, noNaN: true }),
        review: fc.option(
          fc.record({
            state: fc.constantFrom('confirmed' as const, 'corrected' as const, 'added' as const),
          }),
          { nil: undefined },
        ),
      }),
      fc.constantFrom(...tableDefinitions).chain((t) =>
        fc.record({
          type: fc.constant('table' as const),
          label: fc.constant(t.label),
          cells: fc.uniqueArray(
            fc.nat({ max: t.columns.length - 1 }).chain((col) =>
              fc.record({
                label: fc.constant(`${t.label}_${t.columns[col]}`),
                row: fc.nat({ max: 4 }),
                col: fc.constant(col),
                value: fc.string({ maxLength: 6 }),
                score: fc.double({ min: 0, max: 1, noNaN: true }),
                review: fc.option(
                  fc.record({
                    state: fc.constantFrom(
                      'confirmed' as const,
                      'corrected' as const,
                      'added' as const,
                    ),
                  }),
                  { nil: undefined },
                ),
              }),
            ),
            { maxLength: 6, selector: (c) => `${c.row}:${c.col}` },
          ),
        }),
      ),
    ),
    { maxLength: 8 },
  )
  // each field and table once, as the engine writes them
  .filter((items) => {
    const labels = items.map((i) => i.label);
    return new Set(labels).size === labels.length;
  })
  .map((items) =>
    // fc.option leaves `review: undefined` keys: drop them, as JSON would.
    JSON.parse(JSON.stringify(items)),
  );

describe('properties', () => {
  it('a document differs from itself by nothing, and is valid corrections', () => {
    fc.assert(
      fc.property(arbData, (data) => {
        expect(diffValues(data, data)).toBe(0);
        expect(checkCorrections(data).ok).toBe(true);
      }),
    );
  });
  it('a document differs from nothing by its number of values', () => {
    fc.assert(fc.property(arbData, (data) => diffValues([], data) === countValues(data)));
  });
  it('a merge never brings back a removed slot the broker did not fill', () => {
    fc.assert(
      fc.property(arbData, arbData, arbData, (previous, reading, other) => {
        const removed = new Set(valueEntries(other).map((e) => e.key));
        const kept = new Set(
          valueEntries(previous)
            .filter((e) => e.value.review)
            .map((e) => e.key),
        );
        for (const { key } of valueEntries(mergeReading(previous, reading, removed))) {
          if (removed.has(key)) expect(kept.has(key)).toBe(true);
        }
      }),
    );
  });
  it('a merge keeps every reviewed value of the revision before', () => {
    fc.assert(
      fc.property(arbData, arbData, (previous, reading) => {
        const merged = new Map(
          valueEntries(mergeReading(previous, reading)).map((e) => [e.key, e.value]),
        );
        for (const { key, value } of valueEntries(previous)) {
          if (value.review) expect(merged.get(key)).toEqual(value);
        }
      }),
    );
  });
});

describe('corrected data as the screens and insights read it', () => {
  it('is read whole, reviews included, and the analysis sees the corrected values', async () => {
    const { readParsedData } = await import('./read-parsed-data.ts');
    const { analyseFields } = await import('./field-analysis.ts');
    const corrected = stampReviews(
      sample,
      [
        field('dentalInsurance_carrierName', 'Ameritas Life', { review: { state: 'corrected' } }),
        sample[1]!,
        field('dentalInsurance_effectiveDate', '1/1/2027', { review: { state: 'added' } }),
      ],
      'Ann',
      '2026-01-01T00:00:00.000Z',
    );
    const stored = JSON.parse(JSON.stringify(corrected));
    expect(readParsedData(stored)).toEqual(corrected);
    const states = new Map(analyseFields(stored).map((f) => [f.label, f.state]));
    expect(states.get('dentalInsurance_effectiveDate')).toBe('withData');
  });
});
