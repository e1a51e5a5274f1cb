import { z } from 'zod';
import type { ParsedData } from '../proposals/parsed-data.ts';
import {
  type FieldDefinition,
  fieldDefinitions,
  fieldInstruction,
  productKeys,
  type TableDefinition,
  tableDefinitions,
} from './catalogue.ts';
import { buildFieldItem, buildTableItem, type ExtractedRow } from './catalogue-output.ts';

/**
 * The field catalogue as a JSON schema for a language model's structured output, the rules it is
 * given, and the checked conversion of its answer into parsed data.
 *
 * The answer is one flat object: a string per single field (keyed by its label, such as
 * `dentalInsurance_carrierName`) and an array of row objects per table (keyed by the table label,
 * such as `dentalInsurance_rateTiers`; row keys are the column names). Every description is the
 * catalogue's instruction, common suffix included. The schema follows the rules of strict
 * structured outputs: every property required, no additional properties; a blank is "".
 */

export interface JsonSchema {
  type: 'object' | 'array' | 'string';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: false;
  items?: JsonSchema;
}

export const extractionSchemaName = 'benefits_document_extraction';

/** What the model is told besides the schema's own descriptions (spec §3, fixtures README). */
export const extractionRules: readonly string[] = [
  'Fill in the JSON object described by the schema from the document text; each property’s description says what it holds.',
  'Take every value exactly as printed: keep $, %, commas and words; do not reformat numbers or dates and do not change who pays (“You pay 20%” stays as is).',
  'A value that is not printed is blank (""). Never guess a value from general knowledge. A dash in a cell means blank. Footnote markers (*, †, ¹) are not part of a value.',
  'A value printed inside one product’s section belongs to that product only; a value printed in a general part of the document (cover, group information, an eligibility table for all coverages) applies to every product.',
  'Tables: one object per row, as each table’s description says; leave a column blank when the row has no value for it, and give an empty array for a table the document does not contain.',
  'When one cell holds several values (“$50 / $50” under In / Out, “$50 individual / $150 family”), split them into their own columns and drop words that only name the slot.',
];

function singleFields(productKey: string): FieldDefinition[] {
  return fieldDefinitions.filter((f) => f.productKey === productKey && f.kind === 'field');
}

function tablesOf(productKey: string): TableDefinition[] {
  return tableDefinitions.filter((t) => t.productKey === productKey);
}

function columnDefinition(table: TableDefinition, column: string): FieldDefinition {
  const label = `${table.label}_${column}`;
  const found = fieldDefinitions.find((f) => f.label === label);
  if (!found) throw new Error(`The catalogue has no column ${label}`);
  return found;
}

function objectSchema(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

function tableSchema(table: TableDefinition): JsonSchema {
  const columns = Object.fromEntries(
    table.columns.map((column): [string, JsonSchema] => [
      column,
      { type: 'string', description: fieldInstruction(columnDefinition(table, column)) },
    ]),
  );
  return {
    type: 'array',
    description: `${table.product}, ${table.title}: ${table.rowDescription}`,
    items: objectSchema(columns),
  };
}

/** The JSON schema of the whole answer, built from the catalogue (product by product). */
export function catalogueJsonSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const productKey of productKeys) {
    for (const field of singleFields(productKey)) {
      properties[field.label] = { type: 'string', description: fieldInstruction(field) };
    }
    for (const table of tablesOf(productKey)) properties[table.label] = tableSchema(table);
  }
  return objectSchema(properties);
}

/** A model's answer once checked: blanks are "", absent tables are empty. */
export interface CatalogueOutput {
  fields: Record<string, string>;
  tables: Record<string, Array<Record<string, string>>>;
}

// Lenient where a model that does not enforce the schema may differ harmlessly: a number for a
// string, null or a missing key for a blank. Anything else (an object for a value, a string for a
// table) is a mismatch.
const valueSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

const tableRowsSchema = (table: TableDefinition) =>
  z
    .array(z.object(Object.fromEntries(table.columns.map((c) => [c, valueSchema]))))
    .nullish()
    .transform((rows) => rows ?? []);

const singleFieldDefinitions = fieldDefinitions.filter((f) => f.kind === 'field');
const catalogueKeys = [
  ...singleFieldDefinitions.map((f) => f.label),
  ...tableDefinitions.map((t) => t.label),
];

const answerSchema = z
  .looseObject(
    Object.fromEntries([
      ...singleFieldDefinitions.map((f) => [f.label, valueSchema] as const),
      ...tableDefinitions.map((t) => [t.label, tableRowsSchema(t)] as const),
    ]),
  )
  .transform((answer): CatalogueOutput => {
    const record = answer as Record<string, unknown>;
    return {
      fields: Object.fromEntries(
        singleFieldDefinitions.map((f) => [f.label, (record[f.label] as string) ?? '']),
      ),
      tables: Object.fromEntries(
        tableDefinitions.map((t) => [
          t.label,
          (record[t.label] as Array<Record<string, string>>) ?? [],
        ]),
      ),
    };
  });

export type CatalogueOutputCheck =
  | { ok: true; output: CatalogueOutput }
  | { ok: false; problem: string };

/** Checks a model's parsed JSON answer against the catalogue and gives it a fixed shape. */
export function checkCatalogueOutput(answer: unknown): CatalogueOutputCheck {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    return { ok: false, problem: 'the answer is not a JSON object' };
  }
  if (!catalogueKeys.some((key) => key in answer)) {
    return { ok: false, problem: 'the answer holds none of the catalogue’s fields or tables' };
  }
  const result = answerSchema.safeParse(answer);
  if (result.success) return { ok: true, output: result.data };
  const issue = result.error.issues[0];
  const path =
    issue?.path
      .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
      .join('') ?? '';
  return {
    ok: false,
    problem: `${path || 'the answer'}: ${issue?.message ?? 'does not match the schema'}`,
  };
}

/**
 * Parsed data from a checked answer. `score` says how likely one value is right; it receives the
 * value and its label (field label or cell label).
 */
export function catalogueOutputToParsedData(
  output: CatalogueOutput,
  score: (value: string, label: string) => number,
): ParsedData {
  const data: ParsedData = [];
  for (const field of singleFieldDefinitions) {
    const value = output.fields[field.label] ?? '';
    const item = buildFieldItem(field.label, { value, score: score(value, field.label) });
    if (item) data.push(item);
  }
  for (const table of tableDefinitions) {
    const rows = (output.tables[table.label] ?? []).map(
      (row): ExtractedRow =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => [
            column,
            { value, score: score(value, `${table.label}_${column}`) },
          ]),
        ),
    );
    const item = buildTableItem(table, rows);
    if (item) data.push(item);
  }
  return data;
}
