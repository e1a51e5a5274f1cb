/**
 * A proposal's data read per product and class (issue 14): the rows of each table grouped by
 * the class they belong to, with the score and review state of every value. The comparison
 * model and the billing mapping both read proposals through here.
 */

import { type ComparedProduct, productLabelKey } from '../documents/summary-fields.ts';
import { confidenceThresholds } from '../proposals/cell-view.ts';

/** One value as read, with whether the broker should check it before sending it on. */
export interface PlanValue {
  text: string;
  /** Low confidence (below the proposal screen's 'check against the document' band) and not reviewed. */
  flagged: boolean;
}

/** Values below this score are flagged unless the broker reviewed them (the screen's 'check' band). */
export const FLAG_BELOW = confidenceThresholds.high;

interface LooseCell {
  label?: unknown;
  value?: unknown;
  row?: unknown;
  score?: unknown;
  review?: unknown;
}

function toValue(cell: LooseCell | undefined): PlanValue | undefined {
  if (!cell || typeof cell.value !== 'string') return undefined;
  const text = cell.value.trim();
  if (!text) return undefined;
  const score = typeof cell.score === 'number' ? cell.score : 0;
  const reviewed =
    typeof cell.review === 'object' && cell.review !== null && 'state' in cell.review;
  return { text, flagged: score < FLAG_BELOW && !reviewed };
}

/** One row of a table: its values by column name. */
export type PlanRow = Record<string, PlanValue | undefined>;

export interface ProductPlan {
  product: ComparedProduct;
  carrier: PlanValue | undefined;
  effectiveDate: PlanValue | undefined;
  /** Class names in the order they first appear. */
  classes: string[];
  /** Rows of each table section (`rateTiers`, `coveredServices`, …) per class name. */
  sections: Record<string, Map<string, PlanRow[]>>;
}

/** The class name a row without one stands under. */
export const UNNAMED_CLASS = 'All Employees';

/** Reads one product of a proposal's data; undefined when the data holds nothing of it. */
export function readProductPlan(data: unknown, product: ComparedProduct): ProductPlan | undefined {
  const key = productLabelKey[product];
  const items = Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
  let carrier: PlanValue | undefined;
  let effectiveDate: PlanValue | undefined;
  const classes: string[] = [];
  const sections: ProductPlan['sections'] = {};
  let any = false;
  for (const item of items) {
    if (typeof item !== 'object' || item === null || typeof item.label !== 'string') continue;
    if (!item.label.startsWith(`${key}_`)) continue;
    if (item.type === 'field') {
      const value = toValue(item as LooseCell);
      if (!value) continue;
      any = true;
      if (item.label === `${key}_carrierName`) carrier ??= value;
      if (item.label === `${key}_effectiveDate`) effectiveDate ??= value;
      continue;
    }
    if (item.type !== 'table' || !Array.isArray(item.cells)) continue;
    const section = item.label.slice(key.length + 1);
    const prefix = `${item.label}_`;
    const rows = new Map<number, PlanRow>();
    for (const cell of item.cells as LooseCell[]) {
      if (typeof cell !== 'object' || cell === null || typeof cell.label !== 'string') continue;
      if (!cell.label.startsWith(prefix) || typeof cell.row !== 'number') continue;
      const value = toValue(cell);
      if (!value) continue;
      const row = rows.get(cell.row) ?? {};
      row[cell.label.slice(prefix.length)] ??= value;
      rows.set(cell.row, row);
    }
    const byClass = sections[section] ?? new Map<string, PlanRow[]>();
    for (const [, row] of [...rows].sort((a, b) => a[0] - b[0])) {
      any = true;
      const name = row.class?.text ?? UNNAMED_CLASS;
      if (!classes.includes(name)) classes.push(name);
      byClass.set(name, [...(byClass.get(name) ?? []), row]);
    }
    sections[section] = byClass;
  }
  if (!any) return undefined;
  return { product, carrier, effectiveDate, classes, sections };
}

/** The rows of one section for one class (none when absent). */
export const rowsOf = (plan: ProductPlan, section: string, className: string): PlanRow[] =>
  plan.sections[section]?.get(className) ?? [];

// ——— numbers as printed ———

/** '$1,250.50 copay' → 1250.5, 'Up to 45' → 45; undefined when no amount is printed. */
export function parseMoney(text: string): number | undefined {
  const m =
    /(-)?\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/.exec(text) ??
    /(-)?(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d.]|\s*%)/.exec(text);
  if (!m) return undefined;
  const value = Number(`${m[2]!.replaceAll(',', '')}.${m[3] ?? '0'}`);
  return m[1] ? -value : value;
}

/** '80% after deductible' → 80. */
export function parsePercent(text: string): number | undefined {
  const m = /(\d+(?:\.\d+)?)\s*%/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** 'Every 12 months' → 12, '2 years' → 24, 'once per calendar year' → 12. */
export function parseMonths(text: string): number | undefined {
  const t = text.toLowerCase();
  const months = /(\d+)\s*(?:months?|mos?\.?)\b/.exec(t);
  if (months) return Number(months[1]);
  const years = /(\d+)\s*(?:years?|yrs?)\b/.exec(t);
  if (years) return Number(years[1]) * 12;
  if (/every other (?:calendar |plan )?year/.test(t)) return 24;
  if (/\b(?:calendar|plan|policy|benefit) year\b|\bannual(?:ly)?\b|\byearly\b/.test(t)) return 12;
  const bare = /^\s*(\d+)\s*$/.exec(t);
  return bare ? Number(bare[1]) : undefined;
}

// ——— tiers ———

export const canonicalTiers = [
  'Employee Only',
  'Employee + Spouse',
  'Employee + Child(ren)',
  'Employee + Family',
] as const;

/**
 * The tier a printed tier name stands for ('EE + SP' → 'Employee + Spouse'); the name as printed
 * when it is none of the four usual tiers.
 */
export function canonicalTier(name: string): string {
  const t = name.toLowerCase().replace(/\s+/g, ' ').trim();
  const child = /child|children|ch\b|kids?\b|dependents?\b/.test(t);
  const spouse = /spouse|sp\b|partner|\+ ?1\b|plus one/.test(t);
  if (/famil|fam\b|\+ ?2\b|plus two/.test(t) || (child && spouse)) return 'Employee + Family';
  if (child) return 'Employee + Child(ren)';
  if (spouse) return 'Employee + Spouse';
  if (
    /^(?:employee|ee|single|individual|subscriber|member|employee only|ee only)(?: only)?$/.test(t)
  )
    return 'Employee Only';
  return name.trim();
}

/** Class names compared for matching: case, spaces and punctuation aside. */
export const classKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
