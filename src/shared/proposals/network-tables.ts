import { describeLabel, sectionTitleOf } from '../fields/labels.ts';
import {
  type CellView,
  type ContentView,
  cellView,
  filled,
  mergedCellView,
  normalizeValue,
  sameValue,
  textView,
} from './cell-view.ts';
import type { ParsedCell } from './parsed-data.ts';
import type { TableRow } from './table-rows.ts';
import type {
  FieldView,
  NetworkRowView,
  NetworkSubTableView,
  NetworkTableView,
} from './view-types.ts';

/** A network table with the fields its layout had no place for (columns the catalogue lacks). */
export interface NetworkTableBuild {
  table: NetworkTableView | null;
  otherFields: FieldView[];
}

/** Spec §3: "Vision network table columns: Services & Materials, In-Network, Out-of-Network". */
export const visionNetworkColumns: [string, string, string] = [
  'Services & Materials',
  'In-Network',
  'Out-of-Network',
];

export const dentalNetworkColumns: [string, string, string] = [
  'Benefit',
  'In-Network',
  'Out-of-Network',
];

/**
 * Whether a covered-services row is orthodontic (spec §3: "The dental table separates orthodontic
 * rows from other rows by the text 'orthodontics' in any cell"). Matched case-insensitively as a
 * word in any cell's value: `orthodontics`, `orthodontic`, `orthodontia`, `orthodontist` and the
 * short `ortho` (`Ortho`, `Ortho.`), but not `orthopedic`. A row that carries an orthodontic
 * lifetime maximum or covered persons is orthodontic too (both belong to that row only).
 */
export function isOrthodonticRow(row: TableRow): boolean {
  for (const [column, cell] of row.cells) {
    if (orthodonticText.test(cell.value)) return true;
    if (orthodonticOnlyColumns.some((c) => column.startsWith(c)) && filled(cell)) return true;
  }
  return false;
}

const orthodonticText = /\bortho(?:dont(?:ics?|ia|ist|ists))?\b/i;
const orthodonticOnlyColumns = ['orthodonticLifetimeMaximum', 'coveredPersons'];

const inSuffix = 'InNetwork';
const outSuffix = 'OutOfNetwork';

/** A row pair of in-network and out-of-network cells as one display row. */
function pairRow(
  key: string,
  label: ContentView,
  detail: CellView | null,
  inCells: ParsedCell[],
  outCells: ParsedCell[],
): NetworkRowView {
  const inNetwork = inCells.length > 0 ? mergedCellView(inCells) : null;
  const outOfNetwork = outCells.length > 0 ? mergedCellView(outCells) : null;
  if (inNetwork && outOfNetwork && sameValue(inNetwork.value, outOfNetwork.value)) {
    return { key, label, detail, kind: 'span', value: mergedCellView([...inCells, ...outCells]) };
  }
  return { key, label, detail, kind: 'split', inNetwork, outOfNetwork };
}

/** Title of a pair (`Individual Deductible`) from its in-network column's catalogue title. */
function pairTitle(tableLabel: string, base: string): string {
  return describeLabel(`${tableLabel}_${base}${inSuffix}`).title.replace(/\s*\(In-Network\)$/, '');
}

function cellsOf(rows: TableRow[], column: string): ParsedCell[] {
  return rows.flatMap((row) => {
    const cell = filled(row.cells.get(column));
    return cell ? [cell] : [];
  });
}

/** The name of a service type row, combining its code and category (`Type 1 – Preventive`). */
function serviceName(row: TableRow): { label: ContentView; text: string } {
  const code = filled(row.cells.get('serviceTypeLabel'));
  const title = filled(row.cells.get('serviceTypeTitle'));
  if (code && title && !sameValue(code.value, title.value)) {
    const value = `${code.value.trim()} – ${title.value.trim()}`;
    const score = Math.min(code.score, title.score);
    return { label: cellView({ value, score, source: code.source }), text: title.value.trim() };
  }
  const only = code ?? title;
  if (only) return { label: cellView(only), text: only.value.trim() };
  return { label: textView('Service'), text: 'Service' };
}

/** Rows grouped by their (in, out) values for one network pair; rows with neither are left out. */
function valueGroups(rows: TableRow[], base: string): TableRow[][] {
  const groups = new Map<string, TableRow[]>();
  for (const row of rows) {
    const inCell = filled(row.cells.get(base + inSuffix));
    const outCell = filled(row.cells.get(base + outSuffix));
    if (!inCell && !outCell) continue;
    const key = `${normalizeValue(inCell?.value ?? '')}\u0000${normalizeValue(outCell?.value ?? '')}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

const serviceColumns = ['class', 'serviceTypeLabel', 'serviceTypeTitle', 'serviceTypeList'];
const coveragePair = 'coverageLevel';
/** Values printed once for the class and repeated on every service row (README rule 13). */
const classWidePairs: Array<{ subTable: 'Deductibles' | 'Maximums'; base: string }> = [
  { subTable: 'Deductibles', base: 'policyYearDeductibleIndividual' },
  { subTable: 'Deductibles', base: 'policyYearDeductibleFamily' },
  { subTable: 'Maximums', base: 'policyYearMaximum' },
];
const orthodonticPairs = ['orthodonticLifetimeMaximum', 'coveredPersons'];
const knownDentalColumns = new Set([
  ...serviceColumns,
  ...[coveragePair, ...classWidePairs.map((p) => p.base), ...orthodonticPairs].flatMap((base) => [
    base + inSuffix,
    base + outSuffix,
  ]),
]);

/**
 * Dental covered services of one class as a network table:
 * - Coverage: one row per service type that is not orthodontic, with its procedures under it;
 * - Deductibles (individual, family) and Maximums (policy year): a class-wide value printed on
 *   every service row is shown once; where service types differ, one row per distinct value
 *   names the service types it holds for (`Individual Deductible — Preventive`);
 * - Orthodontics: each orthodontic row's coverage, lifetime maximum and covered persons, plus its
 *   deductible or maximum when that differs from the other service types'.
 * Equal in- and out-of-network values are shown as one spanning value.
 */
export function dentalCoveredServices(
  tableLabel: string,
  rows: TableRow[],
  keyPrefix: string,
): NetworkTableBuild {
  const key = `${keyPrefix}:${tableLabel}`;
  const regular = rows.filter((row) => !isOrthodonticRow(row));
  const orthodontic = rows.filter(isOrthodonticRow);
  const names = new Map(rows.map((row) => [row, serviceName(row)]));
  const nameOf = (row: TableRow) => names.get(row)!;

  const coverageTitle = pairTitle(tableLabel, coveragePair);
  const coverage: NetworkRowView[] = regular.map((row) =>
    serviceRow(`${row.key}:coverage`, row, nameOf(row).label),
  );

  const shared: Record<'Deductibles' | 'Maximums', NetworkRowView[]> = {
    Deductibles: [],
    Maximums: [],
  };
  const orthodonticExtra = new Map<TableRow, Array<{ base: string; title: string }>>();
  for (const { subTable, base } of classWidePairs) {
    const title = pairTitle(tableLabel, base);
    const all = valueGroups(rows, base);
    if (all.length === 0) continue;
    if (all.length === 1) {
      shared[subTable].push(groupRow(`${key}:${base}`, title, all[0]!, base));
      continue;
    }
    const groups = valueGroups(regular, base);
    for (const [i, group] of groups.entries()) {
      const label =
        groups.length > 1 ? `${title} — ${group.map((r) => nameOf(r).text).join(', ')}` : title;
      shared[subTable].push(groupRow(`${key}:${base}:${i}`, label, group, base));
    }
    for (const row of orthodontic) {
      if (valueGroups([row], base).length === 0) continue;
      orthodonticExtra.set(row, [...(orthodonticExtra.get(row) ?? []), { base, title }]);
    }
  }

  const orthodonticRows: NetworkRowView[] = orthodontic.flatMap((row) => {
    const suffix = orthodontic.length > 1 ? ` — ${nameOf(row).text}` : '';
    const extra = [
      ...(orthodonticExtra.get(row) ?? []),
      ...orthodonticPairs.map((base) => ({ base, title: pairTitle(tableLabel, base) })),
    ];
    return [
      serviceRow(`${row.key}:coverage`, row, nameOf(row).label),
      ...extra
        .filter(({ base }) => valueGroups([row], base).length > 0)
        .map(({ base, title }) =>
          pairRow(
            `${row.key}:${base}`,
            textView(title + suffix),
            null,
            cellsOf([row], base + inSuffix),
            cellsOf([row], base + outSuffix),
          ),
        ),
    ];
  });

  const subTables: NetworkSubTableView[] = [
    { key: `${key}:coverage`, title: coverageTitle, rows: coverage },
    { key: `${key}:deductibles`, title: 'Deductibles', rows: shared.Deductibles },
    { key: `${key}:maximums`, title: 'Maximums', rows: shared.Maximums },
    { key: `${key}:orthodontics`, title: 'Orthodontics', rows: orthodonticRows },
  ].filter((t) => t.rows.length > 0);

  return {
    table:
      subTables.length > 0
        ? { key, title: sectionTitleOf(tableLabel), columns: dentalNetworkColumns, subTables }
        : null,
    otherFields: otherFields(tableLabel, rows, knownDentalColumns, (row) => nameOf(row).text),
  };

  function serviceRow(rowKey: string, row: TableRow, label: ContentView): NetworkRowView {
    const list = filled(row.cells.get('serviceTypeList'));
    return pairRow(
      rowKey,
      label,
      list ? cellView(list) : null,
      cellsOf([row], coveragePair + inSuffix),
      cellsOf([row], coveragePair + outSuffix),
    );
  }
}

function groupRow(key: string, label: string, group: TableRow[], base: string): NetworkRowView {
  return pairRow(
    key,
    textView(label),
    null,
    cellsOf(group, base + inSuffix),
    cellsOf(group, base + outSuffix),
  );
}

const knownVisionColumns = new Set([
  'class',
  'servicesAndMaterials',
  'inNetworkCost',
  'outOfNetworkReimbursement',
]);

/**
 * Vision benefit summary of one class as a network table with the columns 'Services & Materials',
 * 'In-Network', 'Out-of-Network': one row per service line, in document order.
 */
export function visionBenefitSummary(
  tableLabel: string,
  rows: TableRow[],
  keyPrefix: string,
): NetworkTableBuild {
  const key = `${keyPrefix}:${tableLabel}`;
  const labelOf = (row: TableRow) => filled(row.cells.get('servicesAndMaterials'));
  const networkRows = rows.map((row) => {
    const label = labelOf(row);
    return pairRow(
      row.key,
      label ? cellView(label) : textView('Service'),
      null,
      cellsOf([row], 'inNetworkCost'),
      cellsOf([row], 'outOfNetworkReimbursement'),
    );
  });
  return {
    table:
      networkRows.length > 0
        ? {
            key,
            title: sectionTitleOf(tableLabel),
            columns: visionNetworkColumns,
            subTables: [{ key: `${key}:rows`, title: null, rows: networkRows }],
          }
        : null,
    otherFields: otherFields(
      tableLabel,
      rows,
      knownVisionColumns,
      (row) => labelOf(row)?.value.trim() ?? 'Service',
    ),
  };
}

/** Values in columns a network layout does not know, as fields named after their row. */
function otherFields(
  tableLabel: string,
  rows: TableRow[],
  known: Set<string>,
  rowName: (row: TableRow) => string,
): FieldView[] {
  return rows.flatMap((row) =>
    [...row.cells.entries()]
      .filter(([column, cell]) => !known.has(column) && filled(cell))
      .map(([column, cell]) => ({
        key: `${row.key}:${column}`,
        label: `${describeLabel(`${tableLabel}_${column}`).title} — ${rowName(row)}`,
        cell: cellView(cell),
      })),
  );
}
