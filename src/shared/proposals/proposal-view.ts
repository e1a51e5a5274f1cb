import { fieldDefinitions, productKeys, tableDefinitions } from '../fields/catalogue.ts';
import { describeLabel, productNameOf, sectionTitleOf } from '../fields/labels.ts';
import { cellView, filled, mergedCellView, normalizeValue } from './cell-view.ts';
import {
  dentalCoveredServices,
  type NetworkTableBuild,
  visionBenefitSummary,
} from './network-tables.ts';
import type { ParsedData, ParsedField, ParsedTable } from './parsed-data.ts';
import { type Log, readParsedData } from './read-parsed-data.ts';
import { type ClassRows, rowsByClass, type TableRow } from './table-rows.ts';
import { locateValues } from './value-refs.ts';
import type {
  ClassView,
  FieldGroupView,
  FieldView,
  ProductView,
  ProposalView,
  SectionContentView,
  TableView,
} from './view-types.ts';

/**
 * How each known table is shown inside a class section. A table the catalogue does not know is
 * shown as a plain table titled after its label.
 * - fields: one row per class (plan information, benefit frequency) reads best as label/value;
 * - table: a grid (rate tiers); the listed columns, when they hold one value for every row of
 *   the class (one rate guarantee for all tiers), are shown once above the grid instead;
 * - network tables: dental covered services and the vision benefit summary (network-tables.ts).
 */
type SectionLayout =
  | { kind: 'fields' }
  | { kind: 'table'; shownOnceWhenUniform: string[] }
  | { kind: 'network'; build: (label: string, rows: TableRow[], key: string) => NetworkTableBuild };

const sectionLayouts: Record<string, SectionLayout> = {
  dentalInsurance_planInformation: { kind: 'fields' },
  dentalInsurance_rateTiers: {
    kind: 'table',
    shownOnceWhenUniform: ['rateGuaranteeTime', 'rateGuaranteeDate', 'policyYear'],
  },
  dentalInsurance_coveredServices: { kind: 'network', build: dentalCoveredServices },
  visionInsurance_planInformation: { kind: 'fields' },
  visionInsurance_benefitSummary: { kind: 'network', build: visionBenefitSummary },
  visionInsurance_benefitFrequency: { kind: 'fields' },
  visionInsurance_rateTiers: {
    kind: 'table',
    shownOnceWhenUniform: ['rateGuaranteeTime', 'rateGuaranteeDate'],
  },
};

const plainTable: SectionLayout = { kind: 'table', shownOnceWhenUniform: [] };

const catalogueOrder = new Map<string, number>(
  [...fieldDefinitions.map((f) => f.label), ...tableDefinitions.map((t) => t.label)].map(
    (label, i) => [label, i],
  ),
);

/** Known labels in catalogue order first, then the others in the order they came. */
function byCatalogueOrder<T>(items: T[], labelOf: (item: T) => string): T[] {
  const rank = (item: T) => catalogueOrder.get(labelOf(item)) ?? Number.MAX_SAFE_INTEGER;
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i)
    .map(({ item }) => item);
}

/**
 * The display model of a proposal's parsed data (spec §2 "Carrier proposal detail", §3 "Parsed
 * proposal data"). `data` is taken as stored, in any shape (readParsedData); a missing proposal
 * gives no products. Table rows without a class are logged 'Could not find class for table row'
 * and dropped.
 */
export function buildProposalView(data: unknown, options: { log?: Log } = {}): ProposalView {
  const log = options.log ?? (() => {});
  const items = withRefs(readParsedData(data, log));

  const fieldsByProduct = new Map<string, ParsedField[]>();
  const tablesByProduct = new Map<string, Array<{ table: ParsedTable; itemIndex: number }>>();
  for (const [itemIndex, item] of items.entries()) {
    const productKey = describeLabel(item.label).productKey;
    if (item.type === 'field') {
      fieldsByProduct.set(productKey, [...(fieldsByProduct.get(productKey) ?? []), item]);
    } else {
      const tables = tablesByProduct.get(productKey) ?? [];
      tables.push({ table: item, itemIndex });
      tablesByProduct.set(productKey, tables);
    }
  }

  const seen = [...new Set([...fieldsByProduct.keys(), ...tablesByProduct.keys()])];
  const known: readonly string[] = productKeys;
  const order = [
    ...productKeys.filter((k) => seen.includes(k)),
    ...seen.filter((k) => !known.includes(k)),
  ];

  const products: ProductView[] = [];
  for (const productKey of order) {
    const product = buildProduct(
      productKey,
      fieldsByProduct.get(productKey) ?? [],
      tablesByProduct.get(productKey) ?? [],
      log,
    );
    if (product) products.push(product);
  }
  return { products };
}

function buildProduct(
  productKey: string,
  fields: ParsedField[],
  tables: Array<{ table: ParsedTable; itemIndex: number }>,
  log: Log,
): ProductView | null {
  const key = productKey || 'other';
  const fieldViews: FieldView[] = byCatalogueOrder(
    fields.filter((f) => filled(f)),
    (f) => f.label,
  ).map((f, i) => ({
    key: `${f.label}:${i}`,
    label: describeLabel(f.label).title,
    cell: cellView(f),
  }));
  const classes = rowsByClass(tables, log).map((c) => buildClass(key, c));
  if (fieldViews.length === 0 && classes.length === 0) return null;
  return {
    key,
    name: productNameOf(productKey),
    fieldGroups:
      fieldViews.length > 0 ? [{ key: `${key}:fields`, title: null, fields: fieldViews }] : [],
    tables: [],
    networkTables: [],
    classes,
  };
}

function buildClass(productKey: string, rows: ClassRows): ClassView {
  const key = `${productKey}:${rows.key}`;
  const content: SectionContentView = { fieldGroups: [], tables: [], networkTables: [] };
  const labels = byCatalogueOrder([...rows.tables.keys()], (label) => label);
  for (const tableLabel of labels) {
    const tableRows = rows.tables.get(tableLabel)!;
    const layout = sectionLayouts[tableLabel] ?? plainTable;
    const title = sectionTitleOf(tableLabel);
    if (layout.kind === 'fields') {
      const group = fieldGroup(`${key}:${tableLabel}`, title, tableLabel, tableRows);
      if (group.fields.length > 0) content.fieldGroups.push(group);
    } else if (layout.kind === 'table') {
      const table = tableView(`${key}:${tableLabel}`, title, tableLabel, tableRows, layout);
      if (table.rows.length > 0 || table.fields.length > 0) content.tables.push(table);
    } else {
      const built = layout.build(tableLabel, tableRows, key);
      if (built.table) content.networkTables.push(built.table);
      if (built.otherFields.length > 0) {
        content.fieldGroups.push({
          key: `${key}:${tableLabel}:other`,
          title: `${title}: Other Details`,
          fields: built.otherFields,
        });
      }
    }
  }
  return { key, name: rows.name, ...content };
}

/** The columns other than `class` that hold a value in some row: the catalogue's order first. */
function valueColumns(tableLabel: string, rows: TableRow[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) {
    for (const [column, cell] of row.cells) {
      if (column !== 'class' && filled(cell)) columns.add(column);
    }
  }
  return byCatalogueOrder([...columns], (column) => `${tableLabel}_${column}`);
}

function columnTitle(tableLabel: string, column: string): string {
  return describeLabel(`${tableLabel}_${column}`).title;
}

function fieldGroup(
  key: string,
  title: string,
  tableLabel: string,
  rows: TableRow[],
): FieldGroupView {
  const columns = valueColumns(tableLabel, rows);
  const fields = rows.flatMap((row) =>
    columns.flatMap((column): FieldView[] => {
      const cell = filled(row.cells.get(column));
      return cell
        ? [
            {
              key: `${row.key}:${column}`,
              label: columnTitle(tableLabel, column),
              cell: cellView(cell),
            },
          ]
        : [];
    }),
  );
  return { key, title, fields };
}

function tableView(
  key: string,
  title: string,
  tableLabel: string,
  rows: TableRow[],
  layout: { shownOnceWhenUniform: string[] },
): TableView {
  const columns = valueColumns(tableLabel, rows);
  const once = columns.filter(
    (column) =>
      layout.shownOnceWhenUniform.includes(column) &&
      rows.every((row) => filled(row.cells.get(column))) &&
      new Set(rows.map((row) => normalizeValue(row.cells.get(column)!.value))).size === 1,
  );
  const gridColumns = columns.filter((column) => !once.includes(column));
  return {
    key,
    title,
    fields: once.map((column) => ({
      key: `${key}:${column}`,
      label: columnTitle(tableLabel, column),
      cell: mergedCellView(rows.map((row) => row.cells.get(column)!)),
    })),
    columns: gridColumns.map((column) => ({ key: column, title: columnTitle(tableLabel, column) })),
    rows:
      gridColumns.length > 0
        ? rows.map((row) => ({
            key: row.key,
            cells: gridColumns.map((column) => {
              const cell = filled(row.cells.get(column));
              return cell ? cellView(cell) : null;
            }),
          }))
        : [],
  };
}

/** Copies of the items whose fields and cells carry their ref (cellView keeps it for editing). */
function withRefs(items: ParsedData): ParsedData {
  const located = locateValues(items);
  let at = 0;
  return items.map((item) => {
    if (item.type === 'field') return { ...item, ref: located[at++]!.ref };
    return { ...item, cells: item.cells.map((cell) => ({ ...cell, ref: located[at++]!.ref })) };
  });
}
