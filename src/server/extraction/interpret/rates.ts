import {
  type AnalyzedDocument,
  type AnalyzedTable,
  cellText,
  classKey,
  classRefIn,
  compositeOnly,
  tierColumn,
} from './document.ts';
import { type Evidence, evidence, type Scope, sourceOfCell, sourceOfLines } from './evidence.ts';
import type { Facts, RateLine } from './facts.ts';
import { namesVisionOnlyInsurer } from './insurers.ts';
import { findDate, findDuration, hasMoney } from './values.ts';
import {
  AMOUNT_OF_BENEFITS,
  BUNDLED_WITH,
  isOptionName,
  isTierLabel,
  type Product,
  productsNamed,
  type RateMeasure,
  rateMeasure,
} from './vocabulary.ts';

/**
 * Rate tables: one row per coverage tier, columns for plan options, classes, the total premium,
 * employee and employer shares, current against renewal. Only the carrier's monthly premium is a
 * carrierMonthlyRate: never a current-year rate, an employee share or a per-pay-period
 * deduction. Rate guarantees and the rating period come from the text around the rates.
 */

/** A row that sums the tiers ('Total', 'Grand Total', 'Subtotal'). */
function isTotalsRow(label: string): boolean {
  return /^(grand\s+)?(sub-?)?totals?\b/i.test(label.trim());
}

export function isRateTable(t: AnalyzedTable): boolean {
  const tc = tierColumn(t);
  if (tc === undefined) return false;
  // tiers beside a label naming a deductible or a maximum ('Calendar Year Deductible |
  // Individual coverage | $50') are that amount's lines, not premiums
  if (t.body.some((r) => r.cells.slice(0, tc).some((c) => AMOUNT_OF_BENEFITS.test(cellText(c)))))
    return false;
  const priced = t.body.filter(
    (r) =>
      !isTotalsRow(cellText(r.cells[tc])) &&
      r.cells.some((c, i) => i > tc && hasMoney(cellText(c))),
  );
  const tiers = priced.filter((r) => isTierLabel(cellText(r.cells[tc])));
  // rows of percentages are benefits ('Preventive | 100%'): they count against the tiers too
  const benefits = t.body.filter(
    (r) =>
      !priced.includes(r) && r.cells.some((c, i) => i > tc && /^\s*\d{1,3}\s?%/.test(cellText(c))),
  );
  // most priced rows are tiers (a benefit grid has 'Individual' and 'Family' deductible rows too)
  const least = compositeOnly(t, tc) ? 1 : 2;
  return tiers.length >= least && tiers.length >= (priced.length + benefits.length) * 0.7;
}

/**
 * A column's measure under the table's title: a per-pay-period title makes every rate a
 * deduction; an employee-cost title makes columns that do not say what they hold employee costs.
 */
function withContext(measure: RateMeasure, context: RateMeasure): RateMeasure {
  if (context === 'perPay' && (measure === 'rate' || measure === 'other')) return 'perPay';
  if (context === 'employee' && measure === 'other') return 'employee';
  return measure;
}

/**
 * The columns headed by tiers. The first column is one of them only when every body row prints an
 * amount there: a premium row under 'Individual | Individual + Spouse | … | Family' with no row
 * label of its own; otherwise it holds the rows' labels.
 */
function tierColumns(t: AnalyzedTable): AnalyzedTable['columns'] {
  const tierHeaded = (c: AnalyzedTable['columns'][number]) =>
    isTierLabel(c.path[c.path.length - 1] ?? '');
  const first = t.columns[0];
  const firstIsTier =
    first !== undefined &&
    tierHeaded(first) &&
    t.body.length > 0 &&
    t.body.every((r) => hasMoney(cellText(r.cells[0])));
  return t.columns.filter((c) => (c.index > 0 || firstIsTier) && tierHeaded(c));
}

/** Tiers across the top, one row per rate, option or class ('Monthly Rate | $34.18 | $70.45 …'). */
export function isTransposedRateTable(t: AnalyzedTable): boolean {
  if (t.headerRows === 0) return false;
  const tierCols = tierColumns(t);
  if (tierCols.length < 2) return false;
  return t.body.some(
    (r) => tierCols.filter((c) => hasMoney(cellText(r.cells[c.index]))).length >= 2,
  );
}

export function collectTransposedRates(
  t: AnalyzedTable,
  facts: Facts,
  product: Product | undefined,
): void {
  const tierCols = tierColumns(t);
  const context = rateMeasure(t.heading ?? '');
  const labelled = !tierCols.some((c) => c.index === 0);
  const labels = t.body.map((r) => (labelled ? cellText(r.cells[0]) : ''));
  const options = labels.filter((l) => rateMeasure(l) === 'other' && isOptionName(l));
  const sideBySide = options.length >= 2;
  if (sideBySide && product) for (const o of options) facts.addOption(product, o);
  for (const row of t.body) {
    const label = labelled ? cellText(row.cells[0]) : '';
    const measure = withContext(rateMeasure(label), context);
    const option = sideBySide && options.includes(label) ? label : undefined;
    const classRef = option ?? classRefIn(label) ?? t.scope.classRef;
    const scope: Scope = { ...(product ? { product } : {}), ...(classRef ? { classRef } : {}) };
    for (const col of tierCols) {
      const cell = row.cells[col.index];
      const value = cellText(cell);
      if (!cell || !value) continue;
      const tierCell = t.table.cells.find(
        (c) =>
          c.row < row.row &&
          col.index >= c.col &&
          col.index < c.col + c.colSpan &&
          cellText(c) === col.path[col.path.length - 1],
      );
      if (!tierCell) continue;
      const line = lineFor(facts, t, product, scope, cellText(tierCell), tierCell);
      const e = evidence(value, sourceOfCell(cell), 'cell');
      if (measure === 'rate' || (measure === 'other' && (option || t.body.length === 1)))
        line.rate ??= e;
      else if (measure === 'employee' || measure === 'perPay') line.employee ??= e;
      else if (measure === 'employer') line.employer ??= e;
    }
  }
}

const YEAR_RANGE = /\b(20\d\d\s*[-–—]\s*(?:20)?\d\d)\b/;
// 'Plan Year 2026', or the year first: 'for the 2027 plan year', '2026–2027 policy year'
const NAMED_YEAR =
  /\b((?:plan|policy|contract|benefit|calendar|rating) year\s+20\d\d(?:\s*[-–—]\s*(?:20)?\d\d)?|20\d\d(?:\s*[-–—]\s*(?:20)?\d\d)?\s+(?:plan|policy|contract|benefit|rating) year)\b/i;

const DAY = String.raw`(?:\d{1,2}/\d{1,2}/(?:20)?\d\d|[A-Z][a-z]+\.? \d{1,2}(?:st|nd|rd|th)?,? 20\d\d)`;
const NAMED_PERIOD = new RegExp(
  String.raw`\b(?:policy|plan|contract|rating|rate|benefit) period\s*:?\s*(${DAY}\s*(?:to|through|thru|[-–—])\s*${DAY})`,
  'i',
);

/** 'Monthly Rates — Policy Period 07/01/2027 to 06/30/2028' → '07/01/2027 to 06/30/2028'. */
export function namedPeriod(text: string): string | undefined {
  return text.match(NAMED_PERIOD)?.[1];
}

/**
 * The headings of a rate table read without a heading row: a first body row that prints no amount
 * and no tier but words over most of the value columns ('Open Access / w/Rx & / Dental | … |
 * Dental | Eye Med' over tier rows of amounts), per column index; else undefined.
 */
export function headingRowOf(t: AnalyzedTable, tierCol: number): string[] | undefined {
  if (t.headerRows > 0) return undefined;
  const [first, ...rest] = t.body;
  if (!first || rest.length === 0) return undefined;
  const texts = t.columns.map((c) => cellText(first.cells[c.index]));
  if (texts.some((x) => hasMoney(x)) || isTierLabel(texts[tierCol] ?? '')) return undefined;
  const valueCols = t.columns.filter((c) => c.index > tierCol);
  const worded = valueCols.filter((c) => /[a-z]{2}/i.test(texts[c.index] ?? ''));
  const priced = rest.filter((r) => valueCols.some((c) => hasMoney(cellText(r.cells[c.index]))));
  return worded.length >= 2 && worded.length >= valueCols.length * 0.6 && priced.length >= 2
    ? texts
    : undefined;
}

export function collectRates(
  table: AnalyzedTable,
  facts: Facts,
  product: Product | undefined,
  options: { employeeCosts?: boolean } = {},
): void {
  const tierCol = tierColumn(table);
  if (tierCol === undefined) return;
  const headings = headingRowOf(table, tierCol);
  const t: AnalyzedTable = headings
    ? {
        ...table,
        columns: table.columns.map((c) => ({
          ...c,
          heading: headings[c.index] ?? '',
          path: headings[c.index] ? [headings[c.index]!] : [],
        })),
      }
    : table;
  let classCol: number | undefined;
  for (let c = 0; c < tierCol; c++) {
    const heading = t.columns[c]?.heading ?? '';
    const values = t.body.map((r) => cellText(r.cells[c])).filter(Boolean);
    if (/class|plan|group|option/i.test(heading) || values.some((v) => classRefIn(v))) classCol = c;
  }
  const valueCols = t.columns.filter((c) => c.index > tierCol && c.index !== classCol);
  // a table titled 'Cost Per Pay Period' or 'Employee Contributions' holds no carrier rate
  const titled = rateMeasure(t.heading ?? '');
  const context =
    options.employeeCosts && (titled === 'rate' || titled === 'other') ? 'employee' : titled;
  const roles = valueCols.map((c) => columnRole(c, product));
  // rates under a grid of plans side by side, one column per plan and no heading of their own
  // ('MONTHLY PREMIUMS' under two vision plans' benefits): each column is the plan above it, in
  // order
  const known = product ? (facts.options.get(product) ?? []) : [];
  const bare = valueCols.every((c) => c.path.length === 0 || !c.heading.trim());
  const priced = valueCols.filter((c) => t.body.some((r) => hasMoney(cellText(r.cells[c.index]))));
  if (
    bare &&
    known.length >= 2 &&
    priced.length === known.length &&
    priced.length === valueCols.length
  )
    valueCols.forEach((_, i) => {
      roles[i] = { ...roles[i]!, option: known[i]! };
    });
  // a column that says it is monthly stays a rate under a per-pay-period title
  const measures = roles.map((r, i) =>
    r.measure === 'rate' && /\bmonthly\b/i.test(valueCols[i]!.heading)
      ? r.measure
      : withContext(r.measure, context),
  );
  // plan options side by side, per product ('Dental' over 'Core | Buy-Up'; 'Vision Basic' over
  // 'Total Premium | Employee Cost')
  const optionsOf = new Map<Product | undefined, string[]>();
  roles.forEach((r) => {
    if (!r.option) return;
    const list = optionsOf.get(r.product) ?? [];
    if (!list.includes(r.option)) list.push(r.option);
    optionsOf.set(r.product, list);
  });
  const sideBySide = (p: Product | undefined) => (optionsOf.get(p)?.length ?? 0) >= 2;
  for (const [p, names] of optionsOf) {
    if (!p || names.length < 2) continue;
    for (const name of names) {
      const col = valueCols[roles.findIndex((r) => r.option === name)]!;
      const cell = t.table.cells.find(
        (x) =>
          x.row < t.headerRows + 1 &&
          col.index >= x.col &&
          col.index < x.col + x.colSpan &&
          cellText(x) === name,
      );
      facts.addOption(p, name, cell ? sourceOfCell(cell) : undefined);
    }
  }
  // 'Coverage | Salaried | Hourly | Union': columns headed by the names of listed classes, also
  // under a shared heading ('Employee Monthly Contribution' over 'Management | Staff')
  const colClass = valueCols.map(
    (c) =>
      c.classRef ??
      facts.classes.find((k) =>
        [c.heading, c.path[c.path.length - 1] ?? ''].some(
          (h) => classKey(k.name.value) === classKey(h),
        ),
      )?.name.value,
  );
  const hasRateColumn = measures.includes('rate');
  const moneyCols = valueCols.filter((c) =>
    t.body.some((r) => hasMoney(cellText(r.cells[c.index]))),
  );
  let rowClass: string | undefined;
  let rowProduct: Product | undefined;
  for (const row of t.body) {
    const tierCell = row.cells[tierCol];
    const tier = cellText(tierCell);
    // a section row across the table ('Dental', then 'Vision') says whose rates follow
    const section = productSection(row);
    if (section) {
      rowProduct = section;
      continue;
    }
    if (classCol !== undefined) {
      const cell = row.cells[classCol];
      const text = cellText(cell);
      if (text) rowClass = classRefIn(text) ?? text.split(/\s+(?=[A-Z])/)[0] ?? text;
    }
    if (!tier || !tierCell) continue;
    // a totals row sums the tiers; it is none of them
    if (isTotalsRow(tier)) continue;
    valueCols.forEach((col, i) => {
      const cell = row.cells[col.index];
      const value = cellText(cell);
      if (!cell || !value || cell === tierCell) return;
      const measure = measures[i]!;
      const role = roles[i]!;
      // 'Open Access w/Rx & Dental': another coverage's plan that includes this one
      if (role.bundled) return;
      // 'Tier | Dental | Vision': a column that names a product holds that product's rates
      const own = role.named ? role.product : (rowProduct ?? role.product);
      const option = sideBySide(own) ? role.option : undefined;
      const classRef = option ?? colClass[i] ?? rowClass ?? t.scope.classRef;
      const scope: Scope = { ...(own ? { product: own } : {}), ...(classRef ? { classRef } : {}) };
      const named = role.named;
      const e = evidence(value, sourceOfCell(cell), 'cell');
      const line = lineFor(facts, t, own, scope, tier, tierCell);
      if (
        measure === 'rate' ||
        (measure === 'other' &&
          (option ||
            named ||
            (colClass[i] !== undefined && !hasRateColumn) ||
            (!hasRateColumn && moneyCols.length === 1)))
      ) {
        line.rate ??= e;
        const year = col.heading.match(NAMED_YEAR)?.[1] ?? col.heading.match(YEAR_RANGE)?.[1];
        if (year && !line.policyYear) {
          line.policyYear = evidence(year, e.source, 'cell');
        }
      } else if (measure === 'employee' || measure === 'perPay') line.employee ??= e;
      else if (measure === 'employer') line.employer ??= e;
    });
  }
}

/**
 * The product a section row names: one text across the whole row (a spanning cell, or the same
 * text in every cell) that is a product's name ('Dental', 'Vision Coverage').
 */
export function productSection(row: AnalyzedTable['body'][number]): Product | undefined {
  const texts = new Set(row.cells.map((c) => cellText(c)).filter(Boolean));
  if (texts.size !== 1) return undefined;
  const [text] = [...texts] as [string];
  if (hasMoney(text) || text.split(/\s+/).length > 4) return undefined;
  const named = productsNamed(text);
  return named.length === 1 ? named[0] : undefined;
}

function lineFor(
  facts: Facts,
  t: AnalyzedTable,
  product: Product | undefined,
  scope: Scope,
  tier: string,
  tierCell: NonNullable<AnalyzedTable['body'][number]['cells'][number]>,
): RateLine {
  const order = t.order + tierCell.row / 1000;
  const existing = facts.rates.find(
    (l) =>
      l.order === order &&
      l.product === product &&
      l.tier.value === tier &&
      (l.scope.classRef ?? '') === (scope.classRef ?? ''),
  );
  if (existing) return existing;
  const line: RateLine = {
    ...(product ? { product } : {}),
    scope,
    order,
    tier: evidence(tier, sourceOfCell(tierCell), 'cell'),
  };
  facts.rates.push(line);
  return line;
}

/** A sentence about every product of the document ('both plans', 'all coverages'). */
export const BOTH_PRODUCTS = /\b(both|all)\s+(plans|products|coverages|lines(?: of coverage)?)\b/i;

const GUARANTEE = /\bguarantee[sd]?\b|\brate (lock|hold)\b|\bno (rate )?increase\b|\blocked\b/i;

/**
 * A duration that ends a text, before the words of a guarantee ('2 Year' in '2 Year Rate
 * Guarantee', '24-month' in '24-month rate guarantee'), as printed; else undefined.
 */
export function durationBefore(text: string): string | undefined {
  const m = text.match(
    /(?:^|\s)((\d{1,2}|one|two|three|four|five)[- ](years?|months?))(\s+rates?)?\s*$/i,
  );
  return m ? m[1] : undefined;
}

/** Rate guarantees and rating periods stated in running text. */
export function collectRateTerms(doc: AnalyzedDocument, facts: Facts): void {
  for (const item of doc.items) {
    if (item.kind !== 'line') continue;
    const text = item.line.text;
    for (const sentence of text.split(/(?<=[.;])\s+(?=[A-Z])/)) {
      const named = productsNamed(sentence);
      // 'Rates for both plans are guaranteed …' in one product's section: for every product
      const product =
        named.length === 1
          ? named[0]
          : named.length === 0 && BOTH_PRODUCTS.test(sentence)
            ? undefined
            : item.scope.product;
      const scope: Scope = {
        ...(product ? { product } : {}),
        ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}),
      };
      const source = sourceOfLines([item.line]);
      if (GUARANTEE.test(sentence)) {
        const at = sentence.search(GUARANTEE);
        const after = sentence.slice(at);
        // '2 Year Rate Guarantee': the duration printed before the words, as printed
        const duration = findDuration(after) ?? durationBefore(sentence.slice(0, at));
        if (duration)
          facts.add('rateGuaranteeTime', evidence(duration, source, 'prose'), scope, item.order);
        const dateClause = after.match(
          /\b(through|thru|until|till|to|ending|expir\w*|ends?)\b(.*)$/i,
        );
        const date = dateClause ? findDate(dateClause[2]!) : undefined;
        if (date)
          facts.add('rateGuaranteeDate', evidence(date, source, 'prose'), scope, item.order);
      }
      const year = sentence.match(NAMED_YEAR)?.[1] ?? namedPeriod(sentence);
      if (year && /\brate|premium/i.test(sentence)) {
        facts.add('policyYear', evidence(year, source, 'prose'), scope, item.order);
      }
    }
  }
}

export type { Evidence };

/** A product's name alone over its columns ('Dental', 'Vision Rates'), not a plan's name. */
const PRODUCT_ONLY =
  /^(dental|vision)( (insurance|coverage|plans?|rates?|premiums?|benefits?|monthly rates?))?$/i;

/**
 * What a rate column holds, from its heading path: the product it names, the plan option it
 * names (a heading that is neither a measure nor the product alone) and the measure.
 */
function columnRole(
  col: AnalyzedTable['columns'][number],
  product: Product | undefined,
): {
  product: Product | undefined;
  named: boolean;
  option?: string;
  measure: RateMeasure;
  bundled?: boolean;
} {
  const path = col.path.length ? col.path : [col.heading];
  if (path.some((p) => BUNDLED_WITH.test(p)))
    return { product, named: false, measure: 'other', bundled: true };
  const products = new Set(
    // a rate column headed by the brand a voluntary vision plan is sold under ('Eye Med' beside
    // 'Dental' on an election form) holds vision rates; only here: in a benefit grid the same
    // brand heads one insurer's plan among others
    path.flatMap((p): Product[] => (namesVisionOnlyInsurer(p) ? ['vision'] : productsNamed(p))),
  );
  const named = products.size === 1;
  const own = named ? [...products][0] : product;
  const option = [...path]
    .reverse()
    .find(
      (p) =>
        rateMeasure(p) === 'other' &&
        !PRODUCT_ONLY.test(p.replace(/[®™]/g, '').trim()) &&
        !classRefIn(p) &&
        !/^(coverage|tier|coverage tier|coverage level)$/i.test(p.trim()) &&
        (isOptionName(p) || (products.size === 1 && p.split(/\s+/).length <= 6)),
    );
  const rest = path.filter((p) => p !== option && !PRODUCT_ONLY.test(p.trim())).join(' ');
  return {
    product: own,
    named,
    ...(option ? { option } : {}),
    measure: rest ? rateMeasure(rest) : 'other',
  };
}

/**
 * A premium as printed in a rate table: an amount alone ('$34.18', '34.18', '$1,204.50', '$35'),
 * perhaps 'per month'. A deductible or maximum line ('$50 per individual', '$2,000: individual',
 * '$0 (ded. waived)') is no premium, nor are words.
 */
export function looksLikePremium(value: string): boolean {
  const v = value.replace(/[*†‡§]+$/, '').trim();
  const m = v.match(
    /^(\$\s?)?(\d{1,3}(?:,\d{3})*|\d+)(\.\d{2})?\s*(?:\/\s*(?:mo|month)\.?|per month|monthly)?$/i,
  );
  return !!m && (!!m[1] || !!m[3]);
}

/**
 * The candidate reading 'this document prints rates' holds only for rate lines whose amounts look
 * like premiums (a deductible is not a premium); the others are dropped, and with them the
 * classes and plans they alone named. Lines whose tier is no tier word are dropped too.
 */
export function keepPrintedRates(facts: Facts): void {
  const kept = facts.rates.filter((l) => {
    if (!isTierLabel(l.tier.value)) return false;
    const amounts = [l.rate, l.employee, l.employer].filter((e): e is Evidence => !!e);
    return amounts.length > 0 && amounts.every((e) => looksLikePremium(e.value));
  });
  facts.rates.splice(0, facts.rates.length, ...kept);
}
