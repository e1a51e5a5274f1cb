import type { Cell, Table } from '../layout.ts';
import { type AnalyzedDocument, type AnalyzedTable, analyzeTable } from './document.ts';
import type { Scope } from './evidence.ts';
import { DENTAL_CATEGORY, dentalRowKind, isOrthodontic, PLAN_PAYS_LINE } from './vocabulary.ts';

/**
 * Dental categories printed as blocks of prose instead of a grid: a heading naming the category
 * ('Basic Procedures', 'Orthodontia'), lines describing what it covers ('Restorative: Amalgam
 * fillings.'), then a line saying what the plan pays ('Plan Pays: Year 1 — 60% • Year 2 — 70% •
 * Year 3 — 80%'). Each block is a service row whose coverage is that line's value, one value for
 * both networks. A block's heading is the last short line before its 'Plan Pays' line that names
 * a category and holds no colon and no sentence.
 */

/** The category heading of a block: short, no 'Label:' and no full stop. */
export function isBlockHeading(text: string): boolean {
  const t = text.trim();
  return (
    DENTAL_CATEGORY.test(t) &&
    !t.includes(':') &&
    !/[.;,]$/.test(t) &&
    !/\$|\d%/.test(t) &&
    t.split(/\s+/).length <= 6
  );
}

/** The texts of a table's cells down its first column, top to bottom. */
function firstColumn(t: AnalyzedTable): Cell[] {
  return t.table.cells.filter((c) => c.col === 0).sort((a, b) => a.row - b.row);
}

/** The rows of category blocks read from the cells down one column: heading and what it pays. */
export function blockRows(
  cells: Array<{ text: string }>,
): Array<{ heading: number; value: number; coverage: string }> {
  const rows: Array<{ heading: number; value: number; coverage: string }> = [];
  let heading: number | undefined;
  cells.forEach((c, i) => {
    const text = c.text.replace(/\s+/g, ' ').trim();
    const pays = text.match(PLAN_PAYS_LINE);
    if (pays && heading !== undefined) {
      rows.push({ heading, value: i, coverage: pays[1]!.trim() });
      heading = undefined;
    } else if (isBlockHeading(text)) {
      heading = i;
    }
  });
  return rows;
}

/** A label that names a plan fact (a deductible, the annual maximum) the blocks' rows share. */
function isPlanFact(label: string): boolean {
  const kind = dentalRowKind(label, '');
  return kind === 'deductible' || kind === 'deductibleIndividual' || kind === 'annualMaximum';
}

/**
 * The plan facts printed beside category blocks, down the same column: 'Plan maximum: $3,000 per
 * person, per calendar year.' in one cell, or a heading cell 'Deductible' over the cell that
 * says it ('$100 per person, per calendar year; $150 lifetime deductible for Ortho.': the first
 * clause is the plan's, what follows a semicolon another service's). The first of each label.
 */
export function planFactRows(
  cells: Array<{ text: string }>,
): Array<{ at: number; label: string; value: string }> {
  const rows: Array<{ at: number; label: string; value: string }> = [];
  const seen = new Set<string>();
  const clause = (v: string) =>
    v
      .split(';')[0]!
      .replace(/[.\s]+$/, '')
      .trim();
  cells.forEach((c, i) => {
    const text = c.text.replace(/\s+/g, ' ').trim();
    const labelled = text.match(/^([A-Za-z][A-Za-z ]{2,40}):\s+(\$\s?[\d,]+.*)$/);
    let label: string | undefined;
    let value: string | undefined;
    if (labelled && isPlanFact(labelled[1]!)) {
      label = labelled[1]!;
      value = clause(labelled[2]!);
    } else if (text.split(/\s+/).length <= 4 && !text.includes(':') && isPlanFact(text)) {
      const next = cells[i + 1]?.text.replace(/\s+/g, ' ').trim();
      if (next && /^\$\s?[\d,]+/.test(next)) {
        label = text;
        value = clause(next);
      }
    }
    if (!label || !value) return;
    const kind = dentalRowKind(label, '');
    if (seen.has(kind)) return;
    seen.add(kind);
    rows.push({ at: i, label, value });
  });
  return rows;
}

/**
 * What an orthodontia block's lines say of its maximum and whom it covers: '$1,500 lifetime max,
 * limited to $500 per calendar year.' → the lifetime maximum '$1,500'; 'Orthodontic benefits are
 * only available for eligible dependent children up to age 26.' → 'eligible dependent children up
 * to age 26'.
 */
export function orthodontiaBlockFacts(
  texts: string[],
): Array<{ at: number; label: string; value: string }> {
  const out: Array<{ at: number; label: string; value: string }> = [];
  texts.forEach((raw, at) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    const max = text.match(/^(\$\s?[\d,]+)\s+lifetime\s+max(imum)?\b/i);
    if (max) out.push({ at, label: 'Orthodontic Lifetime Maximum', value: max[1]! });
    const who = text.match(/\bavailable\s+(?:only\s+)?(?:for|to)\s+(.+?)\.?$/i);
    if (who && /\b(child|children|dependents?|adults?|age)\b/i.test(who[1]!))
      out.push({ at, label: 'Orthodontic Eligibility', value: who[1]!.trim() });
  });
  return out;
}

/**
 * Orthodontia's own deductible in a clause of the plan's deductible sentence ('…; $150 lifetime
 * deductible for Ortho.' → '$150 lifetime'), in the cell itself or the one below its heading.
 */
export function orthodontiaDeductible(...texts: string[]): string | undefined {
  for (const t of texts) {
    const m = t
      .replace(/\s+/g, ' ')
      .match(/;\s*(\$\s?[\d,]+(?:\s+(?:lifetime|per person))?)\s+deductible\s+(?:for|on)\s+ortho/i);
    if (m) return m[1]!;
  }
  return undefined;
}

/** The category blocks of a document as one table (Service | Coverage); none under two blocks. */
export function coverageBlockTables(doc: AnalyzedDocument): AnalyzedTable[] {
  // (a block may run on into the next table: its heading on one page, its 'Plan Pays' on the next)
  const cells: Array<{ cell: Cell; scope: Scope; order: number }> = [];
  for (const item of doc.items) {
    if (item.kind !== 'table' || item.table.scope.product === 'vision') continue;
    for (const cell of firstColumn(item.table))
      cells.push({ cell, scope: item.table.scope, order: item.order });
  }
  const found = blockRows(cells.map((c) => c.cell)).map((r) => ({
    name: cells[r.heading]!.cell,
    value: cells[r.value]!.cell,
    coverage: r.coverage,
    scope: cells[r.heading]!.scope,
    order: cells[r.heading]!.order,
  }));
  if (found.length < 2) return [];
  const first = found[0]!;
  const out: Cell[] = [
    {
      ...first.name,
      text: 'Service',
      lines: [{ ...first.name.lines[0]!, text: 'Service' }],
      row: 0,
      col: 0,
      rowSpan: 1,
      colSpan: 1,
    },
    {
      ...first.value,
      text: 'Coverage',
      lines: [{ ...first.value.lines[0]!, text: 'Coverage' }],
      row: 0,
      col: 1,
      rowSpan: 1,
      colSpan: 1,
    },
  ];
  found.forEach((f, i) => {
    out.push(
      { ...f.name, row: i + 1, col: 0, rowSpan: 1, colSpan: 1 },
      {
        ...f.value,
        text: f.coverage,
        lines: [{ ...f.value.lines[0]!, text: f.coverage }],
        row: i + 1,
        col: 1,
        rowSpan: 1,
        colSpan: 1,
      },
    );
  });
  // the plan facts the blocks share, and what an orthodontia block says of itself, as rows
  const facts = planFactRows(cells.map((c) => c.cell));
  const blocks = blockRows(cells.map((c) => c.cell));
  for (const r of blocks) {
    const heading = cells[r.heading]!.cell.text.replace(/\s+/g, ' ').trim();
    if (!isOrthodontic(heading)) continue;
    const inside = cells.slice(r.heading + 1, r.value).map((c) => c.cell.text);
    for (const f of orthodontiaBlockFacts(inside)) facts.push({ ...f, at: r.heading + 1 + f.at });
    // '$100 per person, per calendar year; $150 lifetime deductible for Ortho.': orthodontia's own
    // deductible, read as a deductible row under its service (the last block's only)
    if (r !== blocks.at(-1)) continue;
    for (const f of [...facts]) {
      const own = orthodontiaDeductible(cells[f.at + 1]?.cell.text ?? '', cells[f.at]!.cell.text);
      if (own) facts.push({ at: f.at, label: `${heading} Deductible`, value: own });
    }
  }
  facts.forEach((f, k) => {
    const at = cells[f.at]!.cell;
    const row = found.length + 1 + k;
    out.push(
      {
        ...at,
        text: f.label,
        lines: [{ ...at.lines[0]!, text: f.label }],
        row,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
      },
      {
        ...at,
        text: f.value,
        lines: [{ ...at.lines[0]!, text: f.value }],
        row,
        col: 1,
        rowSpan: 1,
        colSpan: 1,
      },
    );
  });
  const table: Table = {
    rows: found.length + 1 + facts.length,
    cols: 2,
    cells: out,
    headerRows: 1,
    page: first.name.page,
    origin: 'markup',
  };
  const scope: Scope = {
    product: 'dental',
    ...(first.scope.classRef ? { classRef: first.scope.classRef } : {}),
  };
  return [analyzeTable(table, scope, first.order)];
}
