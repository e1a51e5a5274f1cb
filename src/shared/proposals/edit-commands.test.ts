import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addedRef,
  applyEdit,
  applyEdits,
  classRefOf,
  type EditCommand,
  isDirty,
} from './edit-commands.ts';
import type { ParsedData } from './parsed-data.ts';
import { reviewOrder, reviewProgress, reviewProgressText } from './review-order.ts';
import { findValue, locateValues } from './value-refs.ts';

const rates = 'dentalInsurance_rateTiers';
const sample: ParsedData = [
  { type: 'field', label: 'dentalInsurance_planName', value: 'PPO 1500', score: 0.95 },
  {
    type: 'field',
    label: 'dentalInsurance_carrierName',
    value: 'Ameritas',
    score: 0.4,
    source: { page: 1, box: [10, 20, 80, 32] },
  },
  {
    type: 'table',
    label: rates,
    cells: [
      { label: `${rates}_rateTier`, value: 'Employee Only', row: 0, col: 1, score: 0.7 },
      { label: `${rates}_carrierMonthlyRate`, value: '$34.18', row: 0, col: 2, score: 0.2 },
    ],
  },
];

const stateOf = (data: ParsedData, ref: string) => findValue(data, ref)?.value.review?.state;
const valueAt = (data: ParsedData, ref: string) => findValue(data, ref)?.value.value;

describe('applyEdit', () => {
  const cases: Array<{
    name: string;
    commands: EditCommand[];
    ref: string;
    value: string | undefined;
    state: string | undefined;
  }> = [
    {
      name: 'confirming a field marks it confirmed, value kept',
      commands: [{ type: 'confirmValue', ref: 'field/dentalInsurance_planName' }],
      ref: 'field/dentalInsurance_planName',
      value: 'PPO 1500',
      state: 'confirmed',
    },
    {
      name: 'setting a cell corrects it',
      commands: [{ type: 'setValue', ref: `cell/${rates}/0/2`, value: '$35.00' }],
      ref: `cell/${rates}/0/2`,
      value: '$35.00',
      state: 'corrected',
    },
    {
      name: 'setting the same value changes nothing',
      commands: [{ type: 'setValue', ref: `cell/${rates}/0/2`, value: '$34.18' }],
      ref: `cell/${rates}/0/2`,
      value: '$34.18',
      state: undefined,
    },
    {
      name: 'confirming a corrected value keeps it corrected',
      commands: [
        { type: 'setValue', ref: 'field/dentalInsurance_carrierName', value: 'Lincoln' },
        { type: 'confirmValue', ref: 'field/dentalInsurance_carrierName' },
      ],
      ref: 'field/dentalInsurance_carrierName',
      value: 'Lincoln',
      state: 'corrected',
    },
    {
      name: 'removing a field removes it',
      commands: [{ type: 'removeValue', ref: 'field/dentalInsurance_planName' }],
      ref: 'field/dentalInsurance_planName',
      value: undefined,
      state: undefined,
    },
    {
      name: 'adding a missing field adds it',
      commands: [{ type: 'addField', label: 'dentalInsurance_networkName', value: 'Classic' }],
      ref: 'field/dentalInsurance_networkName',
      value: 'Classic',
      state: 'added',
    },
    {
      name: 'an added value edited again stays added',
      commands: [
        { type: 'addField', label: 'dentalInsurance_networkName', value: 'Classic' },
        { type: 'setValue', ref: 'field/dentalInsurance_networkName', value: 'Select' },
      ],
      ref: 'field/dentalInsurance_networkName',
      value: 'Select',
      state: 'added',
    },
    {
      name: 'adding a field that has a value corrects it rather than repeating it',
      commands: [{ type: 'addField', label: 'dentalInsurance_planName', value: 'PPO 2000' }],
      ref: 'field/dentalInsurance_planName',
      value: 'PPO 2000',
      state: 'corrected',
    },
    {
      name: 'adding a cell puts it in its catalogue column',
      commands: [
        { type: 'addCell', table: rates, column: 'class', row: 0, value: 'All Employees' },
      ],
      ref: `cell/${rates}/0/0`,
      value: 'All Employees',
      state: 'added',
    },
    {
      name: 'adding a row adds it below the last one',
      commands: [
        {
          type: 'addRow',
          table: rates,
          values: { rateTier: 'Family', carrierMonthlyRate: '$98.10', class: ' ' },
        },
      ],
      ref: `cell/${rates}/1/2`,
      value: '$98.10',
      state: 'added',
    },
    {
      name: 'a command naming a value that is gone changes nothing',
      commands: [{ type: 'setValue', ref: 'field/dentalInsurance_unknown', value: 'x' }],
      ref: 'field/dentalInsurance_unknown',
      value: undefined,
      state: undefined,
    },
  ];
  it.each(cases)('$name', ({ commands, ref, value, state }) => {
    const next = applyEdits(sample, commands);
    expect(valueAt(next, ref)).toBe(value);
    expect(stateOf(next, ref)).toBe(state);
  });

  it('keeps the box of a value added by selecting words on the page', () => {
    const source = { page: 2, box: [1, 2, 3, 4] as [number, number, number, number] };
    const next = applyEdit(sample, {
      type: 'addField',
      label: 'dentalInsurance_networkName',
      value: 'Classic',
      source,
    });
    expect(findValue(next, 'field/dentalInsurance_networkName')?.value).toMatchObject({
      source,
      score: 1,
    });
  });

  it('removes a table whose last cell is removed, leaving the other refs alone', () => {
    const next = applyEdits(sample, [
      { type: 'removeValue', ref: `cell/${rates}/0/1` },
      { type: 'removeValue', ref: `cell/${rates}/0/2` },
    ]);
    expect(next.some((it) => it.label === rates)).toBe(false);
    expect(valueAt(next, 'field/dentalInsurance_carrierName')).toBe('Ameritas');
  });

  it('never changes the data it is given', () => {
    const copy = structuredClone(sample);
    applyEdit(sample, { type: 'setValue', ref: `cell/${rates}/0/1`, value: 'Employee' });
    applyEdit(sample, { type: 'removeValue', ref: 'field/dentalInsurance_planName' });
    expect(sample).toEqual(copy);
  });

  it('names repeated values apart', () => {
    const twice: ParsedData = [sample[0]!, { ...sample[0]!, value: 'PPO 2' } as ParsedData[0]];
    expect(locateValues(twice).map((v) => v.ref)).toEqual([
      'field/dentalInsurance_planName',
      'field/dentalInsurance_planName/1',
    ]);
  });
});

describe('addedRef', () => {
  it.each<EditCommand>([
    { type: 'addField', label: 'dentalInsurance_networkName', value: 'Classic' },
    { type: 'addCell', table: rates, column: 'class', row: 0, value: 'All' },
    { type: 'addRow', table: rates, values: { rateTier: 'Family', carrierMonthlyRate: '$9' } },
  ])('names the value $type adds', (command) => {
    const ref = addedRef(sample, command)!;
    expect(findValue(sample, ref)).toBeUndefined();
    expect(findValue(applyEdit(sample, command), ref)?.value.review?.state).toBe('added');
  });
});

describe('isDirty', () => {
  it('is clean until a change, and clean again once the change is undone', () => {
    const edited = applyEdit(sample, { type: 'setValue', ref: `cell/${rates}/0/1`, value: 'EE' });
    expect(isDirty(sample, structuredClone(sample))).toBe(false);
    expect(isDirty(edited, sample)).toBe(true);
    const back = applyEdit(edited, { type: 'setValue', ref: `cell/${rates}/0/1`, value: 'x' });
    expect(isDirty(back, sample)).toBe(true);
  });

  it('property: any value set to what it already holds leaves the data clean', () => {
    const refs = locateValues(sample).map((v) => v.ref);
    fc.assert(
      fc.property(fc.constantFrom(...refs), (ref) => {
        const next = applyEdit(sample, { type: 'setValue', ref, value: valueAt(sample, ref)! });
        return !isDirty(next, sample);
      }),
    );
  });

  it('property: after any edits, every value left is the engine’s or carries its review', () => {
    const refs = locateValues(sample).map((v) => v.ref);
    const command: fc.Arbitrary<EditCommand> = fc.oneof(
      fc.record({
        type: fc.constant('setValue' as const),
        ref: fc.constantFrom(...refs),
        value: fc.string(),
      }),
      fc.record({ type: fc.constant('confirmValue' as const), ref: fc.constantFrom(...refs) }),
      fc.record({ type: fc.constant('removeValue' as const), ref: fc.constantFrom(...refs) }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 8 }), (commands) => {
        const next = applyEdits(sample, commands);
        const before = new Map(locateValues(sample).map((v) => [v.ref, v.value]));
        return locateValues(next).every((v) => {
          const old = before.get(v.ref);
          return v.value.review !== undefined || (old !== undefined && old.value === v.value.value);
        });
      }),
    );
  });
});

describe('reviewOrder', () => {
  it('walks the values from the lowest score upward', () => {
    expect(reviewOrder(sample).map((v) => v.value.value)).toEqual([
      '$34.18',
      'Ameritas',
      'Employee Only',
      'PPO 1500',
    ]);
  });

  it('counts the values a broker has reviewed', () => {
    const next = applyEdits(sample, [
      { type: 'confirmValue', ref: 'field/dentalInsurance_planName' },
      { type: 'setValue', ref: `cell/${rates}/0/2`, value: '$35.00' },
    ]);
    expect(reviewProgressText(reviewProgress(next))).toBe('2 of 4 values reviewed');
  });
});

describe('renameClass', () => {
  const services = 'dentalInsurance_coveredServices';
  const vision = 'visionInsurance_rateTiers';
  const twoClasses: ParsedData = [
    {
      type: 'table',
      label: rates,
      cells: [
        { label: `${rates}_class`, value: 'Class  1', row: 0, col: 0, score: 0.6 },
        { label: `${rates}_rateTier`, value: 'Employee', row: 0, col: 1, score: 0.7 },
        { label: `${rates}_class`, value: 'class 1', row: 1, col: 0, score: 0.6 },
        { label: `${rates}_class`, value: 'Class 2', row: 2, col: 0, score: 0.6 },
      ],
    },
    {
      type: 'table',
      label: services,
      cells: [
        {
          label: `${services}_class`,
          value: 'Class 1',
          row: 0,
          col: 0,
          score: 0.5,
          review: { state: 'added' },
        },
      ],
    },
    {
      type: 'table',
      label: vision,
      cells: [{ label: `${vision}_class`, value: 'Class 1', row: 0, col: 0, score: 0.5 }],
    },
  ];
  const rename = (classKey: string, name: string, product = 'dentalInsurance') =>
    applyEdit(twoClasses, { type: 'renameClass', product, classKey, name });

  it.each([
    // every class cell of the class, in every table of the product, whatever its spacing or case
    { ref: `cell/${rates}/0/0`, value: 'All Employees', state: 'corrected' },
    { ref: `cell/${rates}/1/0`, value: 'All Employees', state: 'corrected' },
    // an added cell stays added
    { ref: `cell/${services}/0/0`, value: 'All Employees', state: 'added' },
    // another class, another product: untouched
    { ref: `cell/${rates}/2/0`, value: 'Class 2', state: undefined },
    { ref: `cell/${vision}/0/0`, value: 'Class 1', state: undefined },
    // other columns of the row: untouched
    { ref: `cell/${rates}/0/1`, value: 'Employee', state: undefined },
  ])('renaming class 1 of dental to "All Employees": $ref', ({ ref, value, state }) => {
    const data = rename('class 1', '  All   Employees ');
    expect(valueAt(data, ref)).toBe(value);
    expect(stateOf(data, ref)).toBe(state);
  });

  it.each([
    { name: 'a blank name', classKey: 'class 1', to: '  ', product: 'dentalInsurance' },
    { name: 'a class nobody has', classKey: 'class 9', to: 'X', product: 'dentalInsurance' },
    {
      name: 'a product with no such class',
      classKey: 'class 2',
      to: 'X',
      product: 'visionInsurance',
    },
  ])('changes nothing for $name', ({ classKey, to, product }) => {
    expect(rename(classKey, to, product)).toBe(twoClasses);
  });

  it('reads the class of a class section from its key', () => {
    expect(classRefOf('dentalInsurance:class 1: night shift')).toEqual({
      product: 'dentalInsurance',
      classKey: 'class 1: night shift',
    });
  });
});
