import { describe, expect, it } from 'vitest';
import {
  fieldDefinition,
  fieldDefinitions,
  fieldInstruction,
  tableDefinitions,
} from './catalogue.ts';
import {
  type CatalogueOutput,
  catalogueJsonSchema,
  catalogueOutputToParsedData,
  checkCatalogueOutput,
  type JsonSchema,
} from './catalogue-schema.ts';

function objectsIn(schema: JsonSchema): JsonSchema[] {
  const own = schema.type === 'object' ? [schema] : [];
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
  ].flatMap(objectsIn);
  return [...own, ...nested];
}

describe('catalogueJsonSchema', () => {
  const schema = catalogueJsonSchema();

  it('has one string per single field and one array of rows per table', () => {
    const singles = fieldDefinitions.filter((f) => f.kind === 'field');
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      [...singles.map((f) => f.label), ...tableDefinitions.map((t) => t.label)].sort(),
    );
    for (const f of singles) {
      expect(schema.properties?.[f.label]).toEqual({
        type: 'string',
        description: fieldInstruction(f),
      });
    }
    for (const t of tableDefinitions) {
      const table = schema.properties?.[t.label];
      expect(table?.type).toBe('array');
      expect(table?.description).toContain(t.rowDescription);
      expect(Object.keys(table?.items?.properties ?? {})).toEqual(t.columns);
      for (const column of t.columns) {
        const definition = fieldDefinition(`${t.label}_${column}`)!;
        expect(table?.items?.properties?.[column]).toEqual({
          type: 'string',
          description: fieldInstruction(definition),
        });
      }
    }
  });

  it('follows the strict structured-output rules at every level', () => {
    const objects = objectsIn(schema);
    expect(objects.length).toBe(1 + tableDefinitions.length);
    for (const o of objects) {
      expect(o.additionalProperties).toBe(false);
      expect(o.required).toEqual(Object.keys(o.properties ?? {}));
    }
  });

  it('groups the properties by product', () => {
    const keys = Object.keys(schema.properties ?? {});
    const firstVision = keys.findIndex((k) => k.startsWith('visionInsurance_'));
    expect(keys.slice(0, firstVision).every((k) => k.startsWith('dentalInsurance_'))).toBe(true);
    expect(keys.slice(firstVision).every((k) => k.startsWith('visionInsurance_'))).toBe(true);
  });
});

describe('checkCatalogueOutput', () => {
  it('accepts an answer and fills what it leaves out', () => {
    const check = checkCatalogueOutput({
      dentalInsurance_carrierName: 'Ameritas',
      visionInsurance_carrierName: null,
      dentalInsurance_planInformation: [{ class: 'Class 1', minimumHoursPerWeek: 30, extra: 'x' }],
      somethingElse: true,
    });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.output.fields.dentalInsurance_carrierName).toBe('Ameritas');
    expect(check.output.fields.visionInsurance_carrierName).toBe('');
    expect(check.output.fields.dentalInsurance_effectiveDate).toBe('');
    const [row] = check.output.tables.dentalInsurance_planInformation ?? [];
    expect(row?.class).toBe('Class 1');
    expect(row?.minimumHoursPerWeek).toBe('30');
    expect(row?.planName ?? '').toBe('');
    expect(row).not.toHaveProperty('extra');
    expect(check.output.tables.visionInsurance_rateTiers).toEqual([]);
  });

  it.each([
    ['a list', [], 'not a JSON object'],
    ['a string', 'Ameritas', 'not a JSON object'],
    ['null', null, 'not a JSON object'],
    ['an unrelated object', { answer: 'Ameritas' }, 'none of the catalogue'],
    [
      'a string for a table',
      { dentalInsurance_rateTiers: 'Employee Only $34.18' },
      'dentalInsurance_rateTiers:',
    ],
    [
      'an object for a cell',
      { dentalInsurance_rateTiers: [{ class: 'Class 1' }, { rateTier: { text: 'Family' } }] },
      'dentalInsurance_rateTiers[1].rateTier:',
    ],
    [
      'a list for a field',
      { dentalInsurance_carrierName: ['Ameritas'] },
      'dentalInsurance_carrierName:',
    ],
  ])('rejects %s', (_name, answer, problem) => {
    const check = checkCatalogueOutput(answer);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem).toContain(problem);
  });
});

describe('catalogueOutputToParsedData', () => {
  it('turns the answer into field and table items, scored per value', () => {
    const output: CatalogueOutput = {
      fields: { dentalInsurance_carrierName: 'Ameritas', dentalInsurance_effectiveDate: '' },
      tables: {
        dentalInsurance_rateTiers: [
          { class: 'All Employees', rateTier: 'Employee Only', carrierMonthlyRate: '$34.18' },
          { class: '', rateTier: '', carrierMonthlyRate: '-' },
        ],
      },
    };
    const data = catalogueOutputToParsedData(output, (value, label) =>
      label.endsWith('_class') ? 0.3 : value.length / 100,
    );
    expect(data).toEqual([
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.08 },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          {
            label: 'dentalInsurance_rateTiers_class',
            value: 'All Employees',
            row: 0,
            col: 0,
            score: 0.3,
          },
          {
            label: 'dentalInsurance_rateTiers_rateTier',
            value: 'Employee Only',
            row: 0,
            col: 1,
            score: 0.13,
          },
          {
            label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
            value: '$34.18',
            row: 0,
            col: 2,
            score: 0.06,
          },
        ],
      },
    ]);
  });
});
