import type { ProductKey } from '../../fields/catalogue.ts';
import { productKeys } from '../../fields/catalogue.ts';
import type { ParsedData } from '../../proposals/parsed-data.ts';

/**
 * Parsed proposal data read into what the rules ask about: single fields by product, and table
 * rows by product and section, each row's cells by column with the row's class.
 */

export interface Cell {
  /** Full label, e.g. `dentalInsurance_rateTiers_carrierMonthlyRate`. */
  label: string;
  /** The value as printed, trimmed; '' when blank. */
  value: string;
  score: number;
}

export interface Row {
  /** The row's class as printed, or '' when the row has no class cell. */
  className: string;
  cells: Map<string, Cell>;
}

export interface ProposalView {
  /** Products that have at least one item in the data, in catalogue order. */
  products: ProductKey[];
  /** A single field (`carrierName`, `effectiveDate`) of a product. */
  field(product: ProductKey, name: string): Cell | undefined;
  /** The rows of a product's table (`rateTiers`, `coveredServices`…), merged over items. */
  rows(product: ProductKey, section: string): Row[];
  /** Distinct class names of a product, in order of appearance. */
  classes(product: ProductKey): string[];
  /** Every field and cell, for rules that look at all values. */
  allCells(): Array<{ product: ProductKey; section: string | null; row?: Row; cell: Cell }>;
}

/** A cell's non-blank value, or undefined. */
export function cellValue(row: Row, column: string): string | undefined {
  const value = row.cells.get(column)?.value;
  return value ? value : undefined;
}

function splitLabel(label: string): { product: ProductKey; rest: string } | undefined {
  const at = label.indexOf('_');
  const product = (at === -1 ? label : label.slice(0, at)) as ProductKey;
  if (!productKeys.includes(product)) return undefined;
  return { product, rest: at === -1 ? '' : label.slice(at + 1) };
}

const cache = new WeakMap<ParsedData, ProposalView>();

export function readProposal(data: ParsedData): ProposalView {
  const cached = cache.get(data);
  if (cached) return cached;

  const present = new Set<ProductKey>();
  const fields = new Map<string, Cell>();
  const tables = new Map<string, Row[]>();
  const every: ReturnType<ProposalView['allCells']> = [];

  for (const item of data) {
    const parts = splitLabel(item.label);
    if (!parts) continue;
    present.add(parts.product);
    if (item.type === 'field') {
      const cell = { label: item.label, value: item.value.trim(), score: item.score };
      const key = `${parts.product}_${parts.rest}`;
      // The first non-blank reading of a field wins.
      if (!fields.get(key)?.value) fields.set(key, cell);
      every.push({ product: parts.product, section: null, cell });
      continue;
    }
    const section = parts.rest;
    const byRow = new Map<number, Row>();
    for (const raw of item.cells) {
      const column = raw.label.startsWith(`${item.label}_`)
        ? raw.label.slice(item.label.length + 1)
        : raw.label.slice(raw.label.lastIndexOf('_') + 1);
      let row = byRow.get(raw.row);
      if (!row) {
        row = { className: '', cells: new Map() };
        byRow.set(raw.row, row);
      }
      const cell = { label: raw.label, value: raw.value.trim(), score: raw.score };
      if (!row.cells.get(column)?.value) row.cells.set(column, cell);
    }
    const rows = [...byRow.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
    for (const row of rows) {
      row.className = row.cells.get('class')?.value ?? '';
      for (const cell of row.cells.values())
        every.push({ product: parts.product, section, row, cell });
    }
    const key = `${parts.product}_${section}`;
    tables.set(key, [...(tables.get(key) ?? []), ...rows]);
  }

  const view: ProposalView = {
    products: productKeys.filter((product) => present.has(product)),
    field: (product, name) => fields.get(`${product}_${name}`),
    rows: (product, section) => tables.get(`${product}_${section}`) ?? [],
    classes(product) {
      const names = new Map<string, string>();
      for (const [key, rows] of tables) {
        if (!key.startsWith(`${product}_`)) continue;
        for (const row of rows) {
          const id = classKey(row.className);
          if (id && !names.has(id)) names.set(id, row.className);
        }
      }
      return [...names.values()];
    },
    allCells: () => every,
  };
  cache.set(data, view);
  return view;
}

/** Class names compared without case, spacing or punctuation differences. */
export function classKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
