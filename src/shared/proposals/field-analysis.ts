import { fieldDefinitions, tableDefinition, tableDefinitions } from '../fields/catalogue.ts';
import { describeLabel } from '../fields/labels.ts';
import { type Log, readParsedData } from './read-parsed-data.ts';
import { columnOf } from './table-rows.ts';

/**
 * The proposal debug view (spec §2 "Proposal debug view"): every expected label with one of three
 * states, plus the labels the response held that the catalogue does not know.
 */
export type FieldState = 'withData' | 'withoutData' | 'missing' | 'unexpected';

/** What each state means, as the key shows it. */
export const fieldStateText: Record<FieldState, string> = {
  withData: 'Returned with data',
  withoutData: 'Returned without data',
  missing: 'Missing from response',
  unexpected: 'Returned but not expected',
};

/** The key's three states, in the order the spec names them. */
export const fieldStateKey: FieldState[] = ['withData', 'withoutData', 'missing'];

export interface FieldAnalysis {
  label: string;
  /** Display title from the catalogue (`Coverage (In-Network)`), or the name in words. */
  title: string;
  /** `Dental Insurance`, `Vision Insurance`, or the first label segment in words. */
  product: string;
  state: FieldState;
  /** Values under this label a broker corrected or added (issue 12); 0 for the engine's own. */
  corrected: number;
}

/**
 * Every label the catalogue expects, in catalogue order: the single fields, and each of the seven
 * tables (`dentalInsurance_rateTiers`, …) just before its columns.
 */
export function expectedLabels(): Array<{ label: string; title: string; product: string }> {
  const tablesShown = new Set<string>();
  return fieldDefinitions.flatMap((f) => {
    const entry = { label: f.label, title: f.title, product: f.product };
    const table = f.section ? tableDefinition(`${f.productKey}_${f.section}`) : undefined;
    if (!table || tablesShown.has(table.label)) return [entry];
    tablesShown.add(table.label);
    return [{ label: table.label, title: table.title, product: table.product }, entry];
  });
}

const tableLabels = new Set(tableDefinitions.map((t) => t.label));

/**
 * The state of every catalogue label (fields, tables and table columns, in catalogue order; a
 * table is withData when any of its cells holds a value), followed by
 * every other label the data held, in the order it came ('unexpected').
 * - withData: a field, or at least one cell of the column, holds a non-blank value;
 * - withoutData: the label came back but blank: a blank field, blank cells only, or the column's
 *   table came back with no value in that column (parsed data leaves empty cells out);
 * - missing: neither the label nor, for a column, its table is in the data.
 */
export function analyseFields(data: unknown, options: { log?: Log } = {}): FieldAnalysis[] {
  const items = readParsedData(data, options.log);
  const returned = new Map<string, boolean>(); // label → has a value, in order of appearance
  const note = (label: string, value: string) => {
    returned.set(label, (returned.get(label) ?? false) || value.trim() !== '');
  };
  const tables = new Map<string, boolean>(); // table label → has a value
  const corrected = new Map<string, number>();
  const count = (label: string, value: { review?: { state: string } }) => {
    if (value.review && value.review.state !== 'confirmed') {
      corrected.set(label, (corrected.get(label) ?? 0) + 1);
    }
  };
  for (const item of items) {
    if (item.type === 'field') {
      note(item.label, item.value);
      count(item.label, item);
    } else {
      const filled = item.cells.some((c) => c.value.trim() !== '');
      tables.set(item.label, (tables.get(item.label) ?? false) || filled);
      if (!tableDefinition(item.label)) note(item.label, '');
      for (const cell of item.cells) {
        // A cell labelled only by its column still belongs to the table it sits in.
        const label = `${item.label}_${columnOf(item.label, cell.label)}`;
        note(label, cell.value);
        count(label, cell);
        count(item.label, cell);
      }
    }
  }

  const definitions = new Map(fieldDefinitions.map((f) => [f.label, f]));
  const expected = expectedLabels();
  const expectedSet = new Set(expected.map((e) => e.label));
  const analysis: FieldAnalysis[] = expected.map((e) => {
    const f = definitions.get(e.label);
    let state: FieldState;
    if (tableLabels.has(e.label)) {
      const hasValue = tables.get(e.label);
      state = hasValue ? 'withData' : hasValue === false ? 'withoutData' : 'missing';
    } else {
      const hasValue = returned.get(e.label);
      const tableCameBack = !!f?.section && tables.has(`${f.productKey}_${f.section}`);
      state = hasValue
        ? 'withData'
        : hasValue === false || tableCameBack
          ? 'withoutData'
          : 'missing';
    }
    return { ...e, state, corrected: corrected.get(e.label) ?? 0 };
  });

  for (const label of [...returned.keys()].filter((l) => !expectedSet.has(l))) {
    const info = describeLabel(label);
    analysis.push({
      label,
      title: info.title,
      product: info.productName,
      state: 'unexpected',
      corrected: corrected.get(label) ?? 0,
    });
  }
  return analysis;
}
