/**
 * The comparison laid out as rows of a spreadsheet (issue 14): one sheet per product, a title,
 * then per class group a header of columns (carrier, plan, class) and the rows of plan design
 * and rates. The .xlsx (server, ExcelJS) and the CSV are both written from this.
 */
import type { Comparison, Difference, ProductComparison } from './model.ts';

export type SheetCell =
  | { kind: 'text'; value: string }
  | { kind: 'money'; value: number }
  /** A fraction (0.25 = 25 %), as spreadsheets format percents. */
  | { kind: 'percent'; value: number }
  | { kind: 'number'; value: number }
  | null;

export interface SheetRow {
  style: 'title' | 'subtitle' | 'group' | 'header' | 'section' | 'value';
  label: string;
  cells: SheetCell[];
}

export interface Sheet {
  name: string;
  rows: SheetRow[];
  /** How many value columns (one per proposal). */
  width: number;
}

const text = (value: string | null | undefined): SheetCell =>
  value ? { kind: 'text', value } : null;

const percentCell = (d: Difference | null): SheetCell =>
  d && d.percent !== null ? { kind: 'percent', value: d.percent / 100 } : null;

/** One product's sheet. `title` names the client and the date in the first rows. */
export function productSheet(
  product: ProductComparison,
  title: string,
  date: string,
  baselineName: string | null,
): Sheet {
  const width = product.groups[0]?.columns.length ?? 0;
  const rows: SheetRow[] = [
    { style: 'title', label: `${title} — ${product.title} comparison`, cells: [] },
    {
      style: 'subtitle',
      label: `Prepared ${date}${baselineName ? ` · baseline: ${baselineName}` : ''}`,
      cells: [],
    },
  ];
  for (const group of product.groups) {
    rows.push({ style: 'group', label: `Class: ${group.name}`, cells: [] });
    rows.push({
      style: 'header',
      label: 'Carrier',
      cells: group.columns.map((c) => text(c.carrier ?? c.documentName)),
    });
    rows.push({
      style: 'header',
      label: 'Proposal',
      cells: group.columns.map((c) => text(c.documentName)),
    });
    rows.push({ style: 'header', label: 'Plan', cells: group.columns.map((c) => text(c.plan)) });
    rows.push({
      style: 'header',
      label: 'Class',
      cells: group.columns.map((c) => text(c.className ?? '—')),
    });
    rows.push({
      style: 'header',
      label: 'Effective date',
      cells: group.columns.map((c) => text(c.effectiveDate)),
    });
    if (group.design.length) rows.push({ style: 'section', label: 'Plan design', cells: [] });
    for (const row of group.design) {
      rows.push({
        style: 'value',
        label: row.title,
        cells: row.cells.map((c): SheetCell => {
          if (!c) return null;
          if (c.value !== null && row.kind === 'money') return { kind: 'money', value: c.value };
          if (c.value !== null && row.kind === 'percent')
            return { kind: 'percent', value: c.value / 100 };
          if (c.value !== null && row.kind === 'months') return { kind: 'number', value: c.value };
          return { kind: 'text', value: c.text };
        }),
      });
    }
    if (group.rates.length) rows.push({ style: 'section', label: 'Rates', cells: [] });
    for (const rate of group.rates) {
      rows.push({
        style: 'value',
        label: `${rate.tier} — monthly`,
        cells: rate.monthly.map((c) =>
          c && c.value !== null ? { kind: 'money', value: c.value } : text(c?.text),
        ),
      });
      rows.push({
        style: 'value',
        label: `${rate.tier} — annual`,
        cells: rate.annual.map((v) => (v === null ? null : { kind: 'money', value: v })),
      });
      rows.push({
        style: 'value',
        label: `${rate.tier} — vs lowest ($)`,
        cells: rate.toLowest.map((d) => (d ? { kind: 'money', value: d.dollars } : null)),
      });
      rows.push({
        style: 'value',
        label: `${rate.tier} — vs lowest (%)`,
        cells: rate.toLowest.map(percentCell),
      });
      if (rate.toBaseline.some((d) => d !== null)) {
        rows.push({
          style: 'value',
          label: `${rate.tier} — vs baseline ($)`,
          cells: rate.toBaseline.map((d) => (d ? { kind: 'money', value: d.dollars } : null)),
        });
        rows.push({
          style: 'value',
          label: `${rate.tier} — vs baseline (%)`,
          cells: rate.toBaseline.map(percentCell),
        });
      }
    }
  }
  return { name: product.title, rows, width };
}

export function comparisonSheets(
  comparison: Comparison,
  clientName: string | null,
  date: string,
): Sheet[] {
  const baseline = comparison.proposals.find((p) => p.id === comparison.baselineId);
  const title = clientName ?? 'Proposals';
  if (comparison.products.length === 0) {
    // a workbook needs a sheet: say why there is nothing to compare
    return [
      {
        name: 'Comparison',
        width: 0,
        rows: [
          { style: 'title', label: `${title} — comparison`, cells: [] },
          { style: 'subtitle', label: `Prepared ${date}`, cells: [] },
          {
            style: 'value',
            label: `No dental or vision details were read from ${comparison.proposals.map((p) => p.name).join(', ')}.`,
            cells: [],
          },
        ],
      },
    ];
  }
  return comparison.products.map((p) => productSheet(p, title, date, baseline?.name ?? null));
}

/** A cell as CSV shows it: numbers plain (money to the cent, percents as 12.5%). */
function csvValue(cell: SheetCell): string {
  if (!cell) return '';
  switch (cell.kind) {
    case 'text':
      return cell.value;
    case 'money':
      return cell.value.toFixed(2);
    case 'percent':
      return `${Number((cell.value * 100).toFixed(2))}%`;
    case 'number':
      return String(cell.value);
  }
}

/** A text cell quoted when it must be, and never read as a formula by a spreadsheet. */
function quoteText(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) || safe !== v ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The comparison as CSV: the product sheets one after the other, a blank line between. */
export function comparisonCsv(sheets: readonly Sheet[]): string {
  const lines: string[] = [];
  sheets.forEach((sheet, i) => {
    if (i > 0) lines.push('');
    for (const row of sheet.rows)
      lines.push(
        [
          quoteText(row.label),
          ...row.cells.map((c) => (c?.kind === 'text' ? quoteText(c.value) : csvValue(c))),
        ].join(','),
      );
  });
  return `${lines.join('\r\n')}\r\n`;
}
