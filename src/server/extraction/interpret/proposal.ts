import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import type { Cell, DocumentLayout, Line } from '../layout.ts';
import { gridsOfRows, isBenefitGridAcross } from './across.ts';
import {
  benefitFrequencyRow,
  benefitSummaryRows,
  coveredServiceRows,
  planInformationRow,
  type Row,
  rateTierRows,
} from './assemble.ts';
import { calibrate, documentSignals } from './calibrate.ts';
import {
  classesFor,
  collectClasses,
  isClassesTable,
  spreadAgeGroups,
  spreadJoinedOptions,
} from './classes.ts';
import { codeBlocks } from './code-blocks.ts';
import { rejectUnfitValues } from './constraints.ts';
import { coverageBlockTables } from './coverage-blocks.ts';
import { collectCoverageTable, isCoverageTable } from './coverage-table.ts';
import {
  classWideRowsOf,
  collectDeductibleProse,
  collectDental,
  collectHighlightedMaximum,
  collectOrthodontiaProse,
  comparesFees,
  dentalScore,
  keepProcedureRowsOnlyAlone,
  keepServicesWithCoverage,
  keyCodedRowsByCode,
} from './dental.ts';
import {
  type AnalyzedDocument,
  type AnalyzedTable,
  analyzeDocument,
  cellText,
  classRefIn,
  documentProducts,
  namesBothNetworks,
  optionNamedIn,
} from './document.ts';
import { effectiveDateOf } from './effective-date.ts';
import { type Evidence, evidence, sourceOfCell } from './evidence.ts';
import { Facts } from './facts.ts';
import { isGlossary, isIllustration } from './grid.ts';
import { insurerMentions } from './insurers.ts';
import { carrierOf } from './issuer.ts';
import {
  collectLineKeyValues,
  keyValuesAcross,
  keyValuesInCells,
  keyValuesOfTable,
  recordKeyValue,
} from './key-values.ts';
import { listTables, rateLineTables } from './line-lists.ts';
import { ParsedDataWriter } from './output.ts';
import {
  collectRates,
  collectRateTerms,
  collectTransposedRates,
  isRateTable,
  isTransposedRateTable,
  keepPrintedRates,
} from './rates.ts';
import { beginReading } from './reading-cache.ts';
import { serviceSectionTables } from './service-sections.ts';
import { findDate, hasMoney } from './values.ts';
import {
  collectAmountList,
  collectDashedCoverage,
  collectFrequency,
  collectFrequencyProse,
  collectLeaderLists,
  collectPlanPeriod,
  collectVision,
  frequencyLayout,
  isPricedIllustration,
  isSentence,
  lineBefore,
  memberGroupsOfGrids,
  parenthesesAreOutOfNetwork,
  plansOfGroup,
  plansOfRepeatedGrids,
  visionScore,
} from './vision.ts';
import {
  ageGroupOf,
  DISCOUNTS_CAPTION,
  ELECTION_FORM_TITLE,
  GROUP_AFTER_ACCOUNT,
  GROUP_NAME_LINE,
  groupNameWrapped,
  groupOfFormTitle,
  isTierLabel,
  keyKind,
  type Product,
  productsNamed,
  rateMeasure,
  scheduledHours,
  withoutPlanKind,
} from './vocabulary.ts';

/**
 * Carrier proposal interpretation: walks the analysed document, collects facts from its tables
 * and text, then lays them out per product and class in the labels of the field catalogue.
 */

const PRODUCT_KEY: Record<Product, 'dentalInsurance' | 'visionInsurance'> = {
  dental: 'dentalInsurance',
  vision: 'visionInsurance',
};

/**
 * A benefit grid that ends in its own rate section ('Monthly Premium' across the whole width, then
 * one row per tier under the same option columns) is two tables: the benefits above the section
 * row and the rates below it, under the grid's column headings.
 */
export function splitRateSection(t: AnalyzedTable): AnalyzedTable[] {
  const cols = t.table.cols;
  const at = t.body.findIndex((r, i) => {
    if (i < 2) return false;
    const first = r.cells[0];
    if (!first || first.colSpan !== cols || !cellText(first)) return false;
    if (
      rateMeasure(cellText(first)) === 'other' &&
      !/\b(rates?|premiums?)\b/i.test(cellText(first))
    )
      return false;
    const priced = t.body
      .slice(i + 1)
      .filter((b) => b.cells.slice(1).some((c) => hasMoney(cellText(c))));
    const tiers = priced.filter((b) => isTierLabel(cellText(b.cells[0])));
    return tiers.length >= 2 && tiers.length >= priced.length * 0.7;
  });
  if (at < 0) return [t];
  const section = cellText(t.body[at]!.cells[0]);
  const below = t.body.slice(at + 1);
  const tier = (b: (typeof below)[number]) => isTierLabel(cellText(b.cells[0]));
  // rows under the section that are no tier ('Rate Guarantee | 24 months') stay with the grid
  return [
    { ...t, body: [...t.body.slice(0, at), ...below.filter((b) => !tier(b))] },
    { ...t, body: below.filter(tier), caption: section, heading: section },
  ];
}

/** Facts about a plan that a plan summary lists among its benefits ('Eligibility', 'Plan'). */
const PLAN_FACT_KINDS = new Set([
  'classDefinition',
  'contribution',
  'planName',
  'rateGuarantee',
  'effectiveDate',
  'childAges',
  'policyYear',
]);

/**
 * A row of a benefit grid whose one cell spans every column and reads 'Label: value' with a
 * known label ('Dependent Age Limits: To Age 26' under a vision grid): the label and the value.
 */
export function spanningFact(
  cells: AnalyzedTable['body'][number]['cells'],
  cols: number,
): { key: string; value: string; cell: Cell } | undefined {
  const filled = new Set(cells.filter((c): c is Cell => !!c && cellText(c) !== ''));
  if (filled.size !== 1 || cols < 3) return undefined;
  const [cell] = [...filled];
  if (cell!.colSpan < cols) return undefined;
  const m = cellText(cell).match(/^([^:]{3,40}):\s*(\S.*)$/);
  if (!m || !keyKind(m[1]!)) return undefined;
  return { key: m[1]!.trim(), value: m[2]!.trim(), cell: cell! };
}

/** The plan facts printed in rows across a benefit grid, for the grid's product. */
function recordSpanningFacts(t: AnalyzedTable, facts: Facts, product?: Product): void {
  for (const row of t.body) {
    const fact = spanningFact(row.cells, t.table.cols);
    if (!fact || !PLAN_FACT_KINDS.has(keyKind(fact.key)!.kind)) continue;
    recordKeyValue(
      facts,
      fact.key,
      fact.value,
      sourceOfCell(fact.cell),
      { ...t.scope, ...(product ? { product } : {}) },
      t.order + row.row / 1000,
    );
  }
}

/**
 * A benefit table of one label column and one value column (a plan summary per class) also
 * lists facts about the plan: rows labelled with a known key are read as key/value pairs.
 */
function recordLabelledFacts(t: AnalyzedTable, facts: Facts, product?: Product): void {
  recordSpanningFacts(t, facts, product);
  if (t.table.cols !== 2) return;
  for (const row of t.body) {
    const [keyCell, valueCell] = row.cells;
    if (!keyCell || !valueCell || keyCell === valueCell || keyCell.row !== row.row) continue;
    const kind = keyKind(cellText(keyCell))?.kind;
    if (!kind || !PLAN_FACT_KINDS.has(kind)) continue;
    recordKeyValue(
      facts,
      cellText(keyCell),
      cellText(valueCell),
      sourceOfCell(valueCell),
      t.scope,
      t.order + row.row / 1000,
    );
  }
}

export function collectFacts(doc: AnalyzedDocument): Facts {
  const facts = new Facts();
  collectLineKeyValues(doc, facts);
  collectRateTerms(doc, facts);
  collectHeadingPlans(doc, facts);
  collectTitlePlan(doc, facts);
  collectFrequencyProse(doc, facts);
  collectPlanPeriod(doc, facts);
  collectLeaderLists(doc, facts);
  collectDashedCoverage(doc, facts);
  collectGroupNameLines(doc, facts);
  collectScheduledHours(doc, facts);
  // an enrolment or election form prints what the employee pays, not premiums
  const employeeCosts = doc.items.some(
    (i) => i.kind === 'line' && i.line.page === 1 && ELECTION_FORM_TITLE.test(i.line.text),
  );
  let lastProduct: Product | undefined;
  // the number of columns of the fee comparison read last, while its pages go on
  let feeColumns: number | undefined;
  const tables = doc.items
    .flatMap((i) => (i.kind === 'table' ? splitRateSection(i.table) : []))
    .flatMap(codeBlocks);
  // vision grids printed one after another under headings naming plans: each its plan's
  const plans = plansOfRepeatedGrids(tables);
  // plans compared for adults and for children in separate grids: a class per plan and group
  const groups = memberGroupsOfGrids(doc);
  const parenthesesOut = parenthesesAreOutOfNetwork(doc);
  const ofPlan = (t: AnalyzedTable): AnalyzedTable => {
    const group = groups.get(t.order);
    if (group) return plansOfGroup(t, group);
    const plan = plans.get(t);
    if (!plan) return t;
    facts.addOption('vision', plan);
    return { ...t, scope: { ...t.scope, classRef: plan } };
  };
  for (const [i, t] of tables.entries()) {
    // a grid captioned by an age group is that group's: the group is a class (convention 10),
    // the one other grids' values printed for those ages go to
    const captioned = t.scope.classRef ? ageGroupOf(t.scope.classRef) : undefined;
    if (captioned && captioned.ages !== 'all') {
      facts.ageGroups.set(captioned.group, captioned.ages);
      facts.ageCaptions.add(captioned.group);
    }
    const classes = isClassesTable(t);
    for (const kv of keyValuesAcross(t)) {
      // a one-row class table names its class itself
      if (classes && /^(className|classDefinition|contribution|hours)$/.test(keyKind(kv.key)!.kind))
        continue;
      recordKeyValue(facts, kv.key, kv.value, kv.source, t.scope, t.order);
    }
    if (classes) {
      collectClasses(t, facts);
      continue;
    }
    // an employer's table of coverages: plans, bulleted facts and insurers, dental and vision
    // rows among medical and the rest
    if (isCoverageTable(t)) {
      collectCoverageTable(t, facts);
      continue;
    }
    // a table in another coverage's section (life rates by age, a medical plan grid) is not
    // dental or vision, unless its own caption says it is
    if (t.scope.otherCoverage && productsNamed(t.caption ?? '').length === 0) continue;
    // a glossary of terms beside their definitions prints no benefit
    if (isGlossary(t)) continue;
    // nor does a worked example of how the plan pays a bill
    if (isIllustration(t)) continue;
    // nor does a table of savings beside the plan under a caption naming them, its values under no
    // network's heading ('Additional Savings ***' over 'Contacts | 15% off cost of contact lens exam')
    if (t.caption && DISCOUNTS_CAPTION.test(t.caption) && !t.columns.some((c) => c.network))
      continue;
    // 'Exam ...... up to $45' pairs under an out-of-network heading
    if (collectAmountList(t, facts, lineBefore(doc, t))) {
      lastProduct = 'vision';
      continue;
    }
    const rates = isRateTable(t) ? 'rows' : isTransposedRateTable(t) ? 'columns' : undefined;
    if (rates) {
      const named = productsNamed(t.caption ?? '');
      const product = t.scope.product ?? (named.length === 1 ? named[0] : undefined) ?? lastProduct;
      if (rates === 'rows') collectRates(t, facts, product, { employeeCosts });
      else collectTransposedRates(t, facts, product);
      continue;
    }
    if (frequencyLayout(t)) {
      collectFrequency(t, facts);
      lastProduct = 'vision';
      continue;
    }
    // a fee comparison continued on the next page without its headings ('D5110 | Complete upper
    // | $829 | $2,250 | $1,421' under nothing): as many columns, no headings — still no benefits
    // (a fee comparison under its headings, read as such or as a first row without amounts)
    const headed =
      t.headerRows > 0 || !t.body[0]?.cells.some((c) => c !== undefined && hasMoney(cellText(c)));
    if (headed && comparesFees(t)) feeColumns = t.table.cols;
    else if (
      feeColumns === t.table.cols &&
      t.headerRows === 0 &&
      t.columns.every((c) => !c.heading)
    )
      continue;
    else feeColumns = undefined;
    const dental = dentalScore(
      t,
      facts.options.get('dental') ?? [],
      facts.services.some((s) => s.scheduled),
    );
    const vision = visionScore(t);
    // two rows that read as benefits, or one under explicit network headings (one network's or
    // both networks' in one heading: 'When using a Participating or Non-Participating Dentist')
    const networks = t.columns.some((c) => c.network || namesBothNetworks(c.heading));
    const enough = (n: number) => n >= 2 || (n >= 1 && networks);
    // rows both products print ('Exam') go to the product the table's section or own header
    // names ('Vision Care Services | In-Network | Out-of-Network')
    const owner = t.scope.product ?? headerProduct(t);
    // a table of plan facts after a dental grid that printed no deductible or maximum ('Item |
    // Details' over 'Deductible | $100 per person per calendar year.'): its one deductible or
    // maximum row is that plan's, the rest of it no benefit
    const planFactsAfterGrid =
      lastProduct === 'dental' &&
      dental === 1 &&
      vision === 0 &&
      owner !== 'vision' &&
      !facts.facts.some((f) => /^(ded|max)/.test(f.kind));
    if (
      (enough(dental) || planFactsAfterGrid) &&
      dental >= vision &&
      !(owner === 'vision' && enough(vision))
    ) {
      collectDental(enough(dental) ? t : classWideRowsOf(t), facts);
      recordLabelledFacts(t, facts, 'dental');
      lastProduct = 'dental';
      continue;
    }
    // a priced example of what members pay adds its rows up: no benefits of the plan
    if (vision > dental && isPricedIllustration(t)) continue;
    if (enough(vision)) {
      // (the last row of the table before: a row going on over the page break goes on from it)
      const above = tables[i - 1]?.body.at(-1)?.cells;
      collectVision(ofPlan(t), facts, { parenthesesOut, ...(above ? { above } : {}) });
      recordLabelledFacts(t, facts, 'vision');
      lastProduct = 'vision';
      continue;
    }
    if (isBenefitGridAcross(t)) {
      for (const { grid, owner } of gridsOfRows(t)) {
        const d = dentalScore(grid);
        const v = visionScore(grid);
        const product = d >= 2 && d >= v ? 'dental' : v >= 2 ? 'vision' : undefined;
        if (!product) continue;
        if (owner) facts.addOption(product, owner);
        if (product === 'dental') collectDental(grid, facts);
        else collectVision(grid, facts);
        lastProduct = product;
      }
      continue;
    }
    for (const kv of keyValuesOfTable(t)) {
      recordKeyValue(facts, kv.key, kv.value, kv.source[0]!, t.scope, t.order);
    }
    for (const kv of keyValuesInCells(t)) {
      recordKeyValue(facts, kv.key, kv.value, kv.source, t.scope, t.order);
    }
  }
  // benefits printed as 'Label: value' lines
  for (const t of listTables(doc)) {
    if (t.scope.product === 'dental') collectDental(t, facts);
    else if (t.scope.product === 'vision') collectVision(t, facts);
  }
  // rates printed as 'Tier: $amount' lines under a line naming them
  for (const t of rateLineTables(doc)) collectRates(t, facts, t.scope.product, { employeeCosts });
  // dental categories printed as blocks of prose, each closed by a 'Plan Pays:' line
  for (const t of coverageBlockTables(doc)) collectDental(t, facts);
  // vision services printed as headed sections of 'Label: value' bullets
  const sections = serviceSectionTables(doc);
  if (sections.services) collectVision(sections.services, facts);
  if (sections.frequencies) collectFrequency(sections.frequencies, facts);
  // orthodontia described in a paragraph under its own heading, no table printing it
  collectOrthodontiaProse(doc, facts);
  // a yearly maximum stated only in a highlight sentence
  collectHighlightedMaximum(doc, facts);
  // a deductible stated only in a sentence of running text
  collectDeductibleProse(doc, facts);
  collectHeaderPlan(doc, facts);
  return facts;
}

/**
 * Reads a proposal's layout into parsed data: reading → tables and key–value pairs (analyzeDocument)
 * → facts (collectFacts) → the chosen reading (keepPrintedRates, classes) → values the domain
 * accepts (rejectUnfitValues) → values with scores (calibrate). `calibrate: false` leaves the heuristic scores (the calibration's training).
 */
export function interpretProposal(
  layout: DocumentLayout,
  options: { calibrate?: boolean } = {},
): ParsedData {
  beginReading();
  const doc = analyzeDocument(layout);
  const facts = collectFacts(doc);
  keepPrintedRates(facts);
  keepProcedureRowsOnlyAlone(facts);
  keepServicesWithCoverage(facts);
  keyCodedRowsByCode(facts);
  spreadJoinedOptions(facts);
  spreadAgeGroups(facts);
  const rated = new Set<Product>(facts.rates.flatMap((l) => (l.product ? [l.product] : [])));
  const products = documentProducts(doc, new Set([...facts.shown, ...rated]));
  const out = new ParsedDataWriter();
  const first = doc.items[0];
  const firstSource: Evidence['source'] =
    first?.kind === 'line'
      ? {
          page: first.line.page,
          box: first.line.box,
          reading: first.line.confidence,
        }
      : { page: 1, reading: 1 };
  for (const product of products) {
    const key = PRODUCT_KEY[product];
    out.field(`${key}_carrierName`, carrierOf(doc, facts, product), 'text');
    out.field(`${key}_effectiveDate`, effectiveDateOf(doc, facts, product), 'date');
    const classes = classesFor(product, facts, firstSource);
    const many = classes.length > 1;
    out.table(
      `${key}_planInformation`,
      classes
        .map((c) => planInformationRow(facts, product, c, many))
        .filter((row) => product === 'dental' || describesClass(row)),
    );
    if (product === 'dental') {
      out.table(
        `${key}_coveredServices`,
        classes.flatMap((c) => coveredServiceRows(facts, c)),
      );
    } else {
      out.table(
        `${key}_benefitSummary`,
        classes.flatMap((c) => benefitSummaryRows(facts, c)),
      );
      out.table(
        `${key}_benefitFrequency`,
        classes.flatMap((c) => {
          const row = benefitFrequencyRow(facts, c, many);
          return row ? [row] : [];
        }),
      );
    }
    out.table(
      `${key}_rateTiers`,
      classes.flatMap((c) => rateTierRows(facts, product, c, products.length === 1, many)),
    );
  }
  const items = rejectUnfitValues(out.items);
  return options.calibrate === false ? items : calibrate(items, undefined, documentSignals(layout));
}

/** The one product a table's header rows name, if they name one. */
export function headerProduct(t: AnalyzedTable): Product | undefined {
  const header = t.table.cells
    .filter((c) => c.row < t.headerRows)
    .map((c) => cellText(c))
    .join(' ');
  const named = productsNamed(header);
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Lines (and one-line cells, and page footers) that only name the covered group: the name of the
 * class when nothing better names it (a labelled 'Eligible Class: …' wins).
 */
function collectGroupNameLines(doc: AnalyzedDocument, facts: Facts): void {
  // (where a text was read is worked out only for a text that names a group)
  const add = (text: string, sourceOf: () => Evidence['source'], order: number) => {
    const name = text.replace(/\s+/g, ' ').trim();
    let source: Evidence['source'] | undefined;
    const at = () => {
      source ??= sourceOf();
      return source;
    };
    if (GROUP_NAME_LINE.test(name))
      facts.add('className', evidence(name, at(), 'fallback'), {}, order);
    // 'TEACHER/PROFESSIONAL STAFF BENEFITS ELECTION FORM': the form's group
    const formGroup = groupOfFormTitle(name);
    if (formGroup) facts.add('className', evidence(formGroup, at(), 'fallback'), {}, order);
    // 'Tower Semiconductor - Union': a heading's account, then the group it covers
    const group = name.match(GROUP_AFTER_ACCOUNT);
    if (group) facts.add('className', evidence(group[1]!, at(), 'fallback'), {}, order);
  };
  const sourceOfLine = (l: Line): Evidence['source'] => ({
    page: l.page,
    box: l.box,
    reading: l.confidence,
  });
  for (const [i, item] of doc.items.entries()) {
    if (item.kind === 'line') {
      const next = doc.items[i + 1];
      const wrapped =
        next?.kind === 'line' ? groupNameWrapped(item.line.text, next.line.text) : undefined;
      add(wrapped ?? item.line.text, () => sourceOfLine(item.line), item.order);
    } else
      for (const cell of item.table.table.cells)
        if (cell.lines.length === 1) add(cellText(cell), () => sourceOfCell(cell), item.order);
  }
  for (const line of doc.furniture)
    add(line.text, () => sourceOfLine(line), Number.MAX_SAFE_INTEGER);
}

/**
 * The hours an eligibility sentence requires, in running text ('… available to most employees …
 * who are regularly scheduled to work 20 hours or more a week'): the minimum hours of every class,
 * when no grid or label states them. The first such sentence.
 */
function collectScheduledHours(doc: AnalyzedDocument, facts: Facts): void {
  for (const item of doc.items) {
    if (item.kind !== 'line') continue;
    const hours = scheduledHours(item.line.text);
    if (!hours) continue;
    const source = { page: item.line.page, box: item.line.box, reading: item.line.confidence };
    facts.add('hours', evidence(hours, source, 'prose'), {}, item.order);
    return;
  }
}

/**
 * A vision plan-information row says something about its class beyond its name (a definition,
 * a contribution, hours, child ages); a row holding the class's name alone is not printed
 * information (vision plan information has no plan name) and is left out.
 */
export function describesClass(row: Row): boolean {
  return Object.entries(row).some(([column, [e]]) => column !== 'class' && !!e?.value);
}

/**
 * Headings that name things: 'Dental – Acme PPO 1500' the plan of its section, 'Class A – Union
 * Employees' the definition of its class.
 */
function collectHeadingPlans(doc: AnalyzedDocument, facts: Facts): void {
  for (const item of doc.items) {
    if (item.kind !== 'line' || !item.heading) continue;
    const source = { page: item.line.page, box: item.line.box, reading: item.line.confidence };
    const classScope = item.scope.classRef ? { classRef: item.scope.classRef } : {};
    for (const product of ['dental', 'vision'] as const) {
      const name = planFromHeading(item.line.text, product);
      if (name)
        facts.add(
          'planName',
          evidence(name, source, 'heading'),
          { product, ...classScope },
          item.order,
        );
    }
    // 'Option 1 — Basic Plan (Ameritas PPO Select 1000)': the option's plan in the parenthesis
    const optionPlan = planInOptionHeading(item.line.text);
    if (optionPlan && item.scope.product !== 'vision')
      facts.add(
        'planName',
        evidence(optionPlan, source, 'heading'),
        { product: 'dental', ...classScope },
        item.order,
      );
    const ref = classRefIn(item.line.text);
    if (ref && productsNamed(item.line.text).length === 0) {
      const rest = item.line.text
        .replace(/^\s*\S+\s+\S+\s*[:–—\-|]*\s*/, '')
        .replace(/\((all )?coverages?\)/i, '')
        .trim();
      if (rest.split(/\s+/).length >= 2 && !GENERIC_SECTION.test(rest)) {
        facts.add(
          'classDefinition',
          evidence(rest, source, 'heading'),
          { classRef: ref },
          item.order,
        );
      }
    }
  }
}

/**
 * A running header that names an insurer's dental plan: the insurer first, then the product, then
 * the plan's own words ('Humana Dental Traditional Preferred'): the line as printed. Undefined for
 * a header naming the product or a section alone ('DENTAL SERVICES', 'Acme Dental Benefits'), and
 * for a sentence.
 */
export function planOfRunningHeader(text: string): string | undefined {
  const t = text.replace(/[®™℠]/g, '').replace(/\s+/g, ' ').trim();
  const brand = insurerMentions(t).find((m) => m.index === 0 && !m.legal);
  if (!brand) return undefined;
  const rest = t.slice(brand.end).trim();
  const m = rest.match(/^dental\s+(.+)$/i);
  if (!m || GENERIC_SECTION.test(m[1]!) || /\b(summary|guide|overview|booklet)\b/i.test(m[1]!))
    return undefined;
  // a sentence about the plan is no plan's name ('Acme Dental is available nationwide.')
  if (isSentence(t)) return undefined;
  return /[a-z]/.test(t) ? t : undefined;
}

/** A plan's ID code printed after its name ('(D2933)'). */
const PLAN_ID_CODE = /\s*\([A-Z]{1,3}\d{3,5}\)$/;

/**
 * A title naming an insurer's plan with the plan's ID code after it ('Horizon Healthy Smiles Plan
 * (D2933)', 'Horizon Dental Option Plan (DOP) (D2171)'): the name without the code. Undefined for a
 * line without the code, without the insurer first, or without the word 'plan' after it.
 */
function planOfCodedTitle(text: string): string | undefined {
  const t = text.replace(/[®™℠]/g, '').replace(/\s+/g, ' ').trim();
  if (!PLAN_ID_CODE.test(t)) return undefined;
  const name = t.replace(PLAN_ID_CODE, '');
  const brand = insurerMentions(name).find((m) => m.index === 0 && !m.legal);
  return brand && /\bplan\b/i.test(name.slice(brand.end)) ? name : undefined;
}

/** The dental plan a running header at the top of the pages names, when nothing else names one. */
function collectHeaderPlan(doc: AnalyzedDocument, facts: Facts): void {
  if (facts.facts.some((f) => f.kind === 'planName')) return;
  for (const line of doc.furniture) {
    if (line.box[1] > 120) continue;
    const name = planOfRunningHeader(line.text);
    if (!name) continue;
    facts.add(
      'planName',
      evidence(name, { page: line.page, box: line.box, reading: line.confidence }, 'heading'),
      { product: 'dental' },
      -1,
    );
    return;
  }
}

/** A document's title ('Dental Benefits Summary', 'Summary of Benefits', 'Schedule of Benefits'). */
const SUMMARY_TITLE =
  /\b(benefits?\s+summary|summary\s+of\s+benefits|benefit\s+highlights|plan\s+summary|schedule\s+of\s+benefits|dental\s+policy)\b/i;
/** A title block's line naming who issues the document ('From Delta Dental of New Jersey, Inc.'). */
const ISSUED_BY_LINE = /^(from|issued by|underwritten by|provided by|offered by)\s+\S/i;
/** A line that reads as a plan's name: a plan kind, a numbered plan, or a design in figures. */
const PLAN_LINE = /\b(d?ppo|dhmo|hmo|epo|indemnity)\b|\bplan\s+[\w-]*\d|\d+\/\d+/i;
/** A plan kind alone ('DPPO Plan', 'Group Dental Plan'): the kind of document, no plan's name. */
const PLAN_KIND_ONLY = /^(group\s+)?(dental\s+|vision\s+)?(d?ppo\s+|dhmo\s+|hmo\s+|epo\s+)?plan$/i;
/** Only a plan's number ('Plan 2', 'Plan 11023'). */
const NUMBERED_PLAN = /^plan\s+[\w-]*\d[\w-]*$/i;

/**
 * The plan a first page's title block names, by its lines in reading order up to the first table:
 * the last of the lines reading as a plan's name right under the document's title ('Dental
 * Benefits Summary' over 'Passive PPO' over 'With PPOII and ExtendSM Networks'; 'Summary of
 * Benefits' over the product family, then 'Platinum PPO 100/90/60 …'), a kind alone ('DPPO Plan')
 * passed over, a networks line or a sentence ending the run; else a line that only numbers the
 * plan ('Plan 11023'). Undefined when the block names none.
 */
export function planOfTitleBlock(lines: string[]): string | undefined {
  const block: string[] = [];
  for (const raw of lines) {
    const l = raw.replace(/\s+/g, ' ').trim();
    if (l.length > 70 || (isSentence(l) && !ISSUED_BY_LINE.test(l))) break;
    block.push(l);
  }
  const title = block.findIndex((l) => SUMMARY_TITLE.test(l));
  let found: string | undefined;
  if (title >= 0)
    for (const l of block.slice(title + 1)) {
      if (PLAN_KIND_ONLY.test(l) || ISSUED_BY_LINE.test(l)) continue;
      if (!PLAN_LINE.test(l) || /\bnetworks?\b|^with\b/i.test(l) || SUMMARY_TITLE.test(l)) break;
      found = l.replace(/[®™℠]/g, '').trim();
    }
  return found ?? block.find((l) => NUMBERED_PLAN.test(l));
}

/**
 * A first page whose title, set in type at least twice the size of any other line before the
 * first table, is a name with figures ('Classic 5 1500', 'Gold 2000'): the plan's name. A title
 * that names a year (2010–2039), a product, an insurer or the kind of document is none.
 */
export function namedTitle(lines: ReadonlyArray<Pick<Line, 'text' | 'size'>>): string | undefined {
  const sized = [...lines].sort((a, b) => b.size - a.size);
  const [top, next] = sized;
  if (!top || (next && top.size < 2 * next.size)) return undefined;
  const t = top.text.replace(/\s+/g, ' ').trim();
  if (!/^\p{Lu}[\p{L}&' -]*\s\d[\d ,/-]*$/u.test(t) || /\b20[1-3]\d\b/.test(t)) return undefined;
  // (a plan's kind names no product: 'DHMO Plus 150' is a plan's name)
  if (
    productsNamed(withoutPlanKind(t)).length ||
    insurerMentions(t).length ||
    SUMMARY_TITLE.test(t)
  )
    return undefined;
  return t;
}

/**
 * The plan the first page's title block names (`planOfTitleBlock`, else `namedTitle`, else a line
 * read as an insurer's dental plan as a running header is), for dental. A first table of
 * one value column goes on with the block in that column's heading ('Dental Benefits Summary'
 * over a grid headed 'Passive PPO / With PPOII and ExtendSM Networks').
 */
function collectTitlePlan(doc: AnalyzedDocument, facts: Facts): void {
  const first = doc.items.findIndex((i) => i.kind === 'table');
  const lines: Array<{ line: Line; order: number }> = doc.items
    .slice(0, first < 0 ? undefined : first)
    .flatMap((i) => (i.kind === 'line' && i.line.page === 1 ? [i] : []));
  const table = first >= 0 ? doc.items[first] : undefined;
  if (table?.kind === 'table' && table.table.columns.length === 2 && table.table.headerRows > 0) {
    const heading = table.table.table.cells.find(
      (c) => c.row < table.table.headerRows && c.col === 1 && c.page === 1,
    );
    for (const line of heading?.lines ?? []) lines.push({ line, order: table.order });
  }
  const name =
    planOfTitleBlock(lines.map((i) => i.line.text)) ??
    namedTitle(lines.map((i) => i.line)) ??
    // a title naming an insurer's dental plan ('Horizon Dental Companion' under 'DENTAL PLANS'),
    // or an insurer's plan with its ID code after it
    lines
      .map((i) => planOfRunningHeader(i.line.text) ?? planOfCodedTitle(i.line.text))
      .find(Boolean);
  const at = lines.find((i) =>
    i.line.text
      .replace(/\s+/g, ' ')
      .trim()
      .startsWith(name ?? '\u0000'),
  );
  if (!name || !at) return;
  facts.add(
    'planName',
    evidence(name, { page: 1, box: at.line.box, reading: at.line.confidence }, 'heading'),
    { product: 'dental' },
    at.order,
  );
}

const GENERIC_SECTION =
  /^(plan )?(options?|rates?|monthly|premiums?|benefits?|summary|design|comparison|proposals?|quotes?|schedule|highlights|information|overview|coverage|plans?|renewal|exhibit|contributions?|eligibility)\b/i;

/** The plan name in a product heading, or undefined. */
/** The plan a numbered option heading names in its parenthesis (see optionNamedIn). */
export function planInOptionHeading(text: string): string | undefined {
  if (!optionNamedIn(text)) return undefined;
  const inner = text.match(/\(([^()]{3,60})\)\s*$/)?.[1]?.trim();
  // a plan's name is a proper name ('Ameritas PPO Select 1000'), not a note ('see page 4')
  if (!inner || !/^[A-Z]/.test(inner) || classRefIn(inner) || /\bclass(es)?\b/i.test(inner))
    return undefined;
  return /\d|\b(ppo|dhmo|hmo|epo|dpo|plan|select|choice|plus|preferred)\b/i.test(inner)
    ? inner.replace(/[®™℠]/g, '').trim()
    : undefined;
}

export function planFromHeading(text: string, product: Product): string | undefined {
  let t = text
    .replace(/^\s*(class|tier|group)\s+\S+\s*[:–—\-|]\s*/i, '')
    .replace(/\((all classes|all coverages)\)/gi, '')
    // 'Acme PPO 1500 (Class A and Class B)': the classes the plan covers are not its name
    .replace(/\s*\(\s*class(es)?\s+[^)]{1,30}\)\s*$/i, '')
    .replace(/[–—-]\s*all classes\s*$/i, '')
    .trim();
  // a heading naming both products is a title, not a plan
  if (productsNamed(t).length > 1) return undefined;
  // 'Plan Design – Principal Dental PPO 1250': a section word before the plan's own name
  // ('Dental Plan Highlights – BlueDental Choice PPO': the product named before the section word)
  const named = t.match(/^(.+?)\s+[:–—|-]\s+(.+)$/);
  const section = named?.[1]?.replace(new RegExp(`^${product}\\s+`, 'i'), '');
  if (
    named &&
    section &&
    GENERIC_SECTION.test(section) &&
    // the product named in the plan, also as the start of a brand ('Lincoln DentalConnect PPO')
    (productsNamed(named[2]!).includes(product) ||
      new RegExp(`\\b${product[0]!.toUpperCase()}${product.slice(1)}[A-Z]`).test(named[2]!) ||
      section !== named[1]) &&
    !classRefIn(named[2]!) &&
    !findDate(named[2]!) &&
    !GENERIC_SECTION.test(named[2]!) &&
    /\d|\b(ppo|dhmo|hmo|epo|dpo|plan|option|choice|plus|select|care)\b/i.test(
      named[2]!.replace(new RegExp(`\\b${product}\\b`, 'i'), ''),
    )
  )
    return named[2]!.replace(/[®™℠]/g, '').trim();
  const m = t.match(new RegExp(`^${product}\\b\\s*([:–—\\-|])?\\s*(.*)$`, 'i'));
  if (!m) return undefined;
  t = m[2]!.replace(/[®™℠]/g, '').trim();
  // 'Dental HMO' names the kind of plan, not a plan
  if (!t || GENERIC_SECTION.test(t) || !withoutPlanKind(t)) return undefined;
  // 'Dental Care Services:' heads a section of text, it names no plan
  if (/:$/.test(t)) return undefined;
  // 'Dental PPO Proposal' names the document, not a plan
  if (/\b(proposal|quote|renewal|summary|comparison|exhibit|overview|guide)\b/i.test(t))
    return undefined;
  if (
    !m[1] &&
    !/\d|\b(ppo|dhmo|hmo|epo|plan|option|choice|plus|select|complete|care|connect)\b/i.test(t)
  ) {
    return undefined;
  }
  return t;
}
