import type { Cell } from '../layout.ts';
import { type AnalyzedTable, cellText } from './document.ts';
import { evidence, type Scope, sourceOfCell } from './evidence.ts';
import type { Facts } from './facts.ts';
import { cleanValue } from './values.ts';
import {
  insurerMentions,
  isTierLabel,
  LIST_MARK,
  OTHER_BENEFIT,
  type Product,
  productsNamed,
} from './vocabulary.ts';

/**
 * An employer's table of coverages, one row per plan: the first column names the line of
 * coverage, printed once over its plans ('MEDICAL', 'DENTAL', 'VISION'), the next the plan, then
 * a cell of bulleted facts ('• Annual Eye Exam: $10', '• Premiums: $2.50 Employee Only — $10
 * Family') and, last, the insurer. The dental and vision rows are read here: each plan of a
 * product printed with others is an option, its insurer the product's carrier, its premium line
 * the employee's cost per tier (an employer's overview states what the employee pays), and a
 * vision fact a service line with one value for both networks.
 */

interface CoverageRow {
  coverage: string;
  plan?: Cell;
  facts?: Cell;
  insurer?: Cell;
}

/** A coverage's name as the first column prints it: a few words naming one line of coverage. */
function coverageName(text: string): boolean {
  const t = text.trim();
  return (
    t.length > 0 &&
    t.split(/\s+/).length <= 4 &&
    (productsNamed(t).length === 1 || OTHER_BENEFIT.test(t)) &&
    !/[$%:]/.test(t)
  );
}

function rowsOf(t: AnalyzedTable): CoverageRow[] | undefined {
  const table = t.table;
  if (table.cols < 3) return undefined;
  const out: CoverageRow[] = [];
  let coverage = '';
  for (let r = 0; r < table.rows; r++) {
    const cells = table.cells.filter((c) => c.row === r).sort((a, b) => a.col - b.col);
    const first = cells.find((c) => c.col === 0);
    const name = first ? cellText(first).trim() : '';
    if (name) {
      if (!coverageName(name)) return undefined;
      coverage = name;
    }
    if (!coverage) return undefined;
    const rest = cells.filter((c) => c.col > 0 && c !== first && cellText(c).trim());
    const insurer = rest.length >= 2 ? rest[rest.length - 1] : undefined;
    const named = insurer && insurerMentions(cellText(insurer)).length > 0 ? insurer : undefined;
    const body = rest.filter((c) => c !== named);
    const facts = body.find((c) => /:/.test(cellText(c)));
    const plan = body.find(
      (c) =>
        c !== facts && c.col < (facts?.col ?? Infinity) && cellText(c).split(/\s+/).length <= 4,
    );
    out.push({
      coverage,
      ...(plan ? { plan } : {}),
      ...(facts ? { facts } : {}),
      ...(named ? { insurer: named } : {}),
    });
  }
  return out;
}

/** Whether a table is an employer's table of coverages with dental or vision rows among others. */
export function isCoverageTable(t: AnalyzedTable): boolean {
  const rows = rowsOf(t);
  if (!rows) return false;
  const names = [...new Set(rows.map((r) => r.coverage))];
  const ours = names.filter((n) => productsNamed(n).length === 1);
  return (
    names.length >= 2 &&
    ours.length >= 1 &&
    names.some((n) => productsNamed(n).length === 0) &&
    rows.some((r) => productsNamed(r.coverage).length === 1 && r.facts)
  );
}

/** The bulleted items of a cell, each with the lines that continue it joined. */
export function bulletItems(text: string): string[] {
  const items: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (LIST_MARK.test(line) || items.length === 0) items.push(line.replace(LIST_MARK, '').trim());
    else items[items.length - 1] = `${items[items.length - 1]} ${line}`;
  }
  return items;
}

/**
 * The tiers of a premium line: '$2.50 Employee Only— $10 Family' gives Employee Only $2.50 and
 * Family $10. Undefined when a part is not an amount before a tier's name.
 */
export function premiumTiers(value: string): Array<{ tier: string; amount: string }> | undefined {
  const parts = value.split(/\s*[\u2013\u2014]\s*|\s+-\s+/).filter((p) => p.trim());
  const out: Array<{ tier: string; amount: string }> = [];
  for (const p of parts) {
    const m = /^(\$\s?\d[\d,]*(?:\.\d\d)?)\s+(.+)$/.exec(p.trim());
    if (!m || !isTierLabel(m[2]!)) return undefined;
    out.push({ amount: m[1]!, tier: m[2]!.trim() });
  }
  return out.length >= 2 ? out : undefined;
}

export function collectCoverageTable(t: AnalyzedTable, facts: Facts): void {
  const rows = rowsOf(t) ?? [];
  for (const product of ['dental', 'vision'] as Product[]) {
    const own = rows.filter((r) => productsNamed(r.coverage)[0] === product);
    if (!own.length) continue;
    const options = own.length >= 2 && own.every((r) => r.plan);
    for (const row of own) {
      const scope: Scope = { product };
      if (options) {
        const name = cellText(row.plan!).trim();
        facts.addOption(product, name, sourceOfCell(row.plan!));
        scope.classRef = name;
      }
      if (row.insurer)
        facts.add(
          'carrier',
          evidence(cellText(row.insurer).trim(), sourceOfCell(row.insurer), 'cell'),
          { product },
          t.order,
        );
      if (!row.facts) continue;
      const source = sourceOfCell(row.facts);
      const printed = row.facts.lines.length
        ? row.facts.lines.map((l) => l.text).join('\n')
        : row.facts.text;
      for (const item of bulletItems(printed)) {
        const colon = item.indexOf(':');
        if (colon < 1) continue;
        const label = item.slice(0, colon).trim();
        const value = cleanValue(item.slice(colon + 1));
        if (!label || !value) continue;
        if (/^premiums?$/i.test(label)) {
          for (const { tier, amount } of premiumTiers(value) ?? []) {
            facts.rates.push({
              product,
              scope,
              order: t.order,
              tier: evidence(tier, source, 'split'),
              employee: evidence(amount, source, 'split'),
            });
          }
        } else if (product === 'vision') {
          facts.benefits.push({
            scope,
            order: t.order,
            service: evidence(label, source, 'keyValue'),
            inCost: evidence(value, source, 'keyValue'),
            outCost: { ...evidence(value, source, 'keyValue'), propagated: true },
          });
        }
      }
      facts.shown.add(product);
    }
  }
}
