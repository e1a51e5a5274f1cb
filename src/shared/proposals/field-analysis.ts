import { fieldDefinitions, tableDefinition } from '../fields/catalogue.ts';
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
}

/**
 * The state of every catalogue label (fields and table columns, in catalogue order), followed by
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
  const tables = new Set<string>();
  for (const item of items) {
    if (item.type === 'field') {
      note(item.label, item.value);
    } else {
      tables.add(item.label);
      if (!tableDefinition(item.label)) note(item.label, '');
      for (const cell of item.cells) {
        // A cell labelled only by its column still belongs to the table it sits in.
        note(`${item.label}_${columnOf(item.label, cell.label)}`, cell.value);
      }
    }
  }

  const expected = new Set(fieldDefinitions.map((f) => f.label));
  const analysis: FieldAnalysis[] = fieldDefinitions.map((f) => {
    const hasValue = returned.get(f.label);
    const tableCameBack = f.section !== null && tables.has(`${f.productKey}_${f.section}`);
    const state: FieldState = hasValue
      ? 'withData'
      : hasValue === false || tableCameBack
        ? 'withoutData'
        : 'missing';
    return { label: f.label, title: f.title, product: f.product, state };
  });

  for (const label of [...returned.keys()].filter((l) => !expected.has(l))) {
    const info = describeLabel(label);
    analysis.push({ label, title: info.title, product: info.productName, state: 'unexpected' });
  }
  return analysis;
}
