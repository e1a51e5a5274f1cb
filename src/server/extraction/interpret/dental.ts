import type { Cell, Line } from '../layout.ts';
import {
  type AnalyzedDocument,
  type AnalyzedTable,
  cellText,
  classRefIn,
  oneNetworkNamed,
} from './document.ts';
import { type Evidence, evidence, type Scope, sourceOfCell, sourceOfLines } from './evidence.ts';
import type { FactKind, Facts, ServiceRow } from './facts.ts';
import {
  BARE_SERVICE_CODE,
  type GridShape,
  gridShape,
  groupDoubt,
  isSectionRow,
  NETWORKS_SIDE_BY_SIDE,
  onlyGroup,
  pairedValues,
  printsPairs,
  procedureItems,
  type RowLabel,
  rowLabelOf,
  sideBySide,
  spansNetworks,
  subjectOfLabelColumn,
  type ValueGroup,
  valueAt,
  yearsValue,
} from './grid.ts';
import { codeOpeningLine } from './procedure-codes.ts';
import {
  cleanValue,
  hasPercent,
  looksLikeValue,
  pairSlots,
  splitPair,
  withoutSentenceStop,
} from './values.ts';
import {
  AMOUNT_HEADING,
  amountsByNetwork,
  CODE_AT_LABEL_START,
  CONTINUED,
  COVERAGE_IN_VALUE,
  COVERAGE_VALUE,
  coverageAndPersons,
  DEDUCTIBLE_WAIVER,
  DENTAL_CATEGORY,
  deductibleOfService,
  deductiblesSaid,
  definesInASentence,
  dentalRowKind,
  FEE_COMPARISON,
  FREQUENCY_LIMIT,
  FREQUENCY_VALUE,
  highlightedMaximum,
  INCLUDES_BETWEEN_DASHES,
  isOrthodontic,
  lifetimeMaximumAndPersons,
  MEMBER_PAYS,
  NETWORK_NOTE,
  NO_AMOUNT,
  NO_BENEFIT_SENTENCE,
  namesDentalProcedures,
  networkMaximums,
  networkOfProvider,
  parseServiceLabel,
  RUNS_ON,
  SCHEDULE_MIN_ROWS,
  SPANNING_NOTE,
  SPANNING_NOTE_OPENED,
  SUB_BULLET,
  sentenceMaximums,
  shareBeforeLimit,
  sharesByYear,
  TAGGED_AMOUNT,
  TIER_LABEL,
  valueFitsSlot,
  WHO_ONLY,
  withoutMaximumLead,
} from './vocabulary.ts';

/**
 * Dental benefit grids: deductibles, annual maximum, orthodontic maximum and eligibility are
 * class-wide facts; every service type row (Type 1, Preventive, Class II – Basic…) becomes a
 * covered-services row with its coverage in and out of network.
 */

/**
 * A value that says the row is paid as another category ('Covered as Class III'); 'Covered as a
 * separate benefit only if …' is a note on the row's own coverage.
 */
export const COVERED_AS = /^\s*(covered|paid|payable|same)\s+as\b(?!\s+an?\s+separate\b)/i;

/** Text that says who is covered ('Dependent children to age 19', 'Adults and children'). */
const PERSONS = /\b(child(ren)?|dependents?|adults?|age\s+\d{2}|to age|under age)\b/i;

/**
 * The orthodontia block a grid or section is about: a table headed 'Orthodontia' (or whose label
 * column is headed 'Orthodontic Benefit'), or rows under an 'Orthodontia' section row.
 */
function orthoBlock(t: AnalyzedTable, shape: GridShape): string | undefined {
  const heading = t.headingAbove ? (t.heading ?? '') : '';
  const labelHeading = t.columns[shape.labelCol]?.heading ?? '';
  if (isOrthodontic(heading) && heading.trim().split(/\s+/).length <= 3) return heading.trim();
  if (isOrthodontic(labelHeading)) return 'Orthodontia';
  return undefined;
}

/**
 * A row label read inside an orthodontia block: 'Coinsurance' is the orthodontia service itself,
 * 'Lifetime Maximum' and 'Who is covered' are orthodontia's ('Orthodontia Lifetime Maximum').
 * Labels that name a category or code of their own stay as they are.
 */
export function orthoRowText(label: string, block: string | undefined): string {
  // (the plan's network named at the grid's foot is no orthodontia row: 'Network | PDP Plus')
  if (
    !block ||
    isOrthodontic(label) ||
    DENTAL_CATEGORY.test(label) ||
    BARE_SERVICE_CODE.test(label.trim()) ||
    /^\W*(provider\s+)?network\W*$/i.test(label)
  )
    return label;
  if (
    /coinsurance|plan pays|benefit level|coverage( level)?$|percentage|^benefits?$/i.test(
      label.trim(),
    )
  )
    return block.split(/\s+/).length <= 2 ? block : 'Orthodontia';
  // 'Per Person' under the heading 'Orthodontia Lifetime Maximum': that maximum's amount
  if (/lifetime/i.test(block) && /max/i.test(block) && PER_WHOM.test(label))
    return `${block} ${label.trim()}`;
  return `Orthodontia ${label}`;
}

/** A row label that only says whom an amount is for ('Per Person', 'Individual'). */
const PER_WHOM = /^\W*(per\s+)?(person|individual|member|patient|child)\W*$/i;

function blockOf(section: string, table: string | undefined): string | undefined {
  if (isOrthodontic(section) && section.trim().split(/\s+/).length <= 3) return section.trim();
  return table;
}

/** A row that names a whole category ('Preventive Services', 'Type II – Basic'), not a procedure. */
const DENTAL_CATEGORY_ROW =
  /^\s*((type|class|group|category)\s+\S+\s*[-–—:]?\s*)?(diagnostic( and| &)? preventive|preventive( and| &)? diagnostic|preventive|preventative|basic|major|restorative|prosthodontic|orthodontic|endodontic|periodontic|oral surgery)( services?| care| dental)?\s*$/i;

/**
 * Procedure rows are the service types only where the categories carry no values of their own:
 * a document that prints category rows with coverage ('Basic Services | 80%') lists procedures
 * as samples ('Partial List of Services'), not as service types.
 */
export function keepProcedureRowsOnlyAlone(facts: Facts): void {
  const categories = facts.services.some(
    (s) =>
      !s.procedure &&
      DENTAL_CATEGORY_ROW.test(s.label.value) &&
      [s.coverageIn, s.coverageOut].some(
        (e) => e !== undefined && COVERAGE_VALUE.test(e.value) && e.value.length <= 40,
      ),
  );
  if (!categories) return;
  // the list of sample procedures runs on into the next table (a page's end cut it) before its
  // next category bar: its rows there are samples too
  const tableOf = (s: ServiceRow) => Math.floor(s.order);
  const listTables = new Set(facts.services.filter((s) => s.procedure).map(tableOf));
  const firstList = Math.min(...listTables);
  const categoryTables = new Set(
    facts.services.filter((s) => DENTAL_CATEGORY_ROW.test(s.label.value)).map(tableOf),
  );
  const runsOn = (s: ServiceRow) =>
    tableOf(s) > firstList &&
    !categoryTables.has(tableOf(s)) &&
    !s.orthodontic &&
    !DENTAL_CATEGORY_ROW.test(s.label.value);
  const kept = facts.services.filter((s) => !s.procedure && !runsOn(s));
  facts.services.splice(0, facts.services.length, ...kept);
}

/**
 * A table of procedures that prints no coverage in any row ('Selected Covered Services and
 * Frequency Limitations': names and how often) lists no service types where another table prints
 * coverage; an orthodontia row keeps its place (its maximum and who it covers are its values).
 */
export function keepServicesWithCoverage(facts: Facts): void {
  const covered = (s: ServiceRow) =>
    [s.coverageIn, s.coverageOut].some(
      (e) => e !== undefined && valueFitsSlot('coverageLevelInNetwork', e.value),
    );
  const tableOf = (s: ServiceRow) => Math.floor(s.order);
  const withCoverage = new Set(facts.services.filter(covered).map(tableOf));
  if (withCoverage.size === 0) return;
  const kept = facts.services.filter((s) => withCoverage.has(tableOf(s)) || s.orthodontic);
  facts.services.splice(0, facts.services.length, ...kept);
}

/** Whether a row's values all say whether the deductible applies ('Ded. waived', 'Applies'). */
export function onlyDeductibleWaivers(cells: BodyCell[], shape: GridShape): boolean {
  const values = cells
    .filter((c, i) => i !== shape.labelCol && c !== undefined && c.col === i)
    .map((c) => cellText(c))
    .filter(Boolean);
  return values.length > 0 && values.every((v) => DEDUCTIBLE_WAIVER.test(v));
}

/**
 * A row whose every value says how often its procedure is covered ('Oral exams | Maximum two per
 * calendar year | Maximum two per calendar year' under 'Preventive | 100% | 90%'): a limit on a
 * procedure of the category above, no service type of its own (a share, an amount or a word for a
 * coverage beside it makes it one).
 */
export function onlyFrequencyLimits(cells: BodyCell[], shape: GridShape): boolean {
  const values = cells
    .filter((c, i) => i !== shape.labelCol && c !== undefined && c.col === i)
    .map((c) => cellText(c))
    .filter(Boolean);
  return (
    values.length > 0 &&
    values.every(
      (v) => !COVERAGE_IN_VALUE.test(v) && (FREQUENCY_LIMIT.test(v) || FREQUENCY_VALUE.test(v)),
    )
  );
}

/**
 * A value cell listing bulleted items, what the plan pays first and then how often the procedure
 * is covered ('\uf09f 100% coinsurance \uf09f Maximum two per calendar year'): the coverage is the
 * first item; any other value as it is.
 */
export function withoutListedLimits(v: NetworkValues): NetworkValues {
  const one = (e: Evidence | undefined): Evidence | undefined => {
    if (!e) return e;
    const items = e.value
      .split(/\s*[\uE000-\uF8FF•▪●]\s*/)
      .map((x) => x.trim())
      .filter(Boolean);
    if (items.length < 2 || !COVERAGE_IN_VALUE.test(items[0]!)) return e;
    const limits = items
      .slice(1)
      .every(
        (x) => !COVERAGE_IN_VALUE.test(x) && (FREQUENCY_LIMIT.test(x) || FREQUENCY_VALUE.test(x)),
      );
    return limits ? { ...e, value: items[0]!, method: 'split' } : e;
  };
  const out: NetworkValues = {};
  const inValue = one(v.in);
  const outValue = one(v.out);
  if (inValue) out.in = inValue;
  if (outValue) out.out = outValue;
  return out;
}

/** A label without its notes in parentheses ('Implants (once every 60 months …)' → 'Implants'). */
export function withoutParentheses(text: string): string {
  return text
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A label that states something ('… are limited to …', '… will be treated as …'). */
export const STATEMENT = /\b(is|are|will|shall|may)\s+(not\s+)?[a-z]+/i;

/** The broad categories a plan's coinsurance is set by. */
const BROAD_CATEGORY = /\b(preventive|preventative|diagnostic|basic|major)\b/i;

/** A category bar over procedure rows ('Exam & Diagnostics', 'Oral Surgery', 'Crowns'). */
const CATEGORY_BAR = new RegExp(
  `${DENTAL_CATEGORY.source}|\\b(exams?|diagnostics?|x-?rays?)\\b`,
  'i',
);

/**
 * A procedure row under a category bar ('Office Exam | $5 | 100%' under 'Exam & Diagnostics'): a
 * short label naming no amount kind of its own, beside coverage values.
 */
export function isProcedureRow(
  label: string,
  section: string,
  cells: AnalyzedTable['body'][number]['cells'],
  shape: GridShape,
  feeComparison = false,
  codeApart = false,
  underCategories = false,
): boolean {
  const text = label.trim();
  // a procedure code printed in a column of its own marks a copay schedule: each coded row is a
  // procedure under any heading ('D0190 | Screening of a patient' under 'Clinical Oral
  // Evaluations'), however long its description — except in a fee comparison, which illustrates
  // savings rather than the plan's coverage
  // (so is a row whose label starts with its CDT code in a grid of coded procedures under dental
  // categories: 'D9972 External bleaching' under 'Other general services' after 'Orthodontics')
  const coded =
    (codeApart || (underCategories && CODE_AT_LABEL_START.test(text))) && !feeComparison;
  if (
    !coded &&
    (!section || !CATEGORY_BAR.test(section) || /waiting|frequenc|limitation/i.test(section))
  )
    return false;
  // (the notes in parentheses after a procedure — how often, for whom — neither lengthen its name
  // nor make it a plan fact: 'Periodontics (have specific frequency limitations, …)')
  const core = withoutParentheses(text);
  if (
    !text ||
    (!coded && core.split(/\s+/).length > 12) ||
    (/[\d$%]\s*$/.test(text) && /\$/.test(text))
  )
    return false;
  if (NOT_A_SERVICE.test(core)) return false;
  return coverageBeside(cells, shape);
}

/** Words of a row label that name a plan fact whatever its values (a row among procedures). */
const PLAN_FACT_WORDS = /deductible|maximum|waiting|rollover|carry|network|copay|allowance/i;

/** Every value group's in- and out-of-network cells hold a bare coinsurance ('80%'), two at least. */
export function percentInEveryColumn(
  cells: AnalyzedTable['body'][number]['cells'],
  groups: readonly ValueGroup[],
): boolean {
  const values = groups.flatMap((g) => {
    const v = networkValues(cells, g);
    return [v.in, v.out];
  });
  return (
    values.length >= 2 &&
    values.every((e) => e !== undefined && /^\s*\d{1,3}\s*%\s*$/.test(e.value))
  );
}

/** Words of a row label that make it a plan fact, not a service. */
const NOT_A_SERVICE = /deductible|maximum|waiting|frequenc|limitation|rollover|network/i;

/** A coverage (a coinsurance, a copay, a word for either) in one of the row's value columns. */
function coverageBeside(cells: AnalyzedTable['body'][number]['cells'], shape: GridShape): boolean {
  return shape.groups.some((g) =>
    [g.in, g.out, g.both, ...(g.others ?? [])].some(
      (c) => c !== undefined && COVERAGE_VALUE.test(cellText(cells[c])),
    ),
  );
}

/**
 * A row named in words of its own ('Treatment and Therapy') over the list of what it covers
 * ('(amalgam restorations, child: space maintainers)'), with a coverage beside it: a category
 * of services, though its name is no category word.
 */
export function namedByItsList(
  label: { text: string; description?: string },
  cells: AnalyzedTable['body'][number]['cells'],
  shape: GridShape,
): boolean {
  if (!label.description || !namesDentalProcedures(label.description)) return false;
  // a list: short names apart ('amalgam restorations, child: space maintainers'), not a sentence
  // ('Provides periodontal care for people with certain conditions: …')
  const items = label.description.split(/[,;]/).map((i) => i.trim().split(/\s+/).length);
  if (items.length < 2 || items.some((n) => n > 5)) return false;
  if (NOT_A_SERVICE.test(label.text) || STATEMENT.test(label.text)) return false;
  return coverageBeside(cells, shape);
}

/** A table whose column headings compare fees ('You Pay | Typical Charge | Typical Savings'). */
export function comparesFees(t: AnalyzedTable): boolean {
  if (t.columns.some((c) => FEE_COMPARISON.test([...c.path, c.heading].join(' ')))) return true;
  // headings set over two lines, the second read as the first body row ('Typical' over 'Charge')
  const top = t.headerRows + 2;
  const byCol = new Map<number, string[]>();
  for (const c of t.table.cells) {
    if (c.row >= top) continue;
    byCol.set(c.col, [...(byCol.get(c.col) ?? []), c.text]);
  }
  return [...byCol.values()].some((texts) => FEE_COMPARISON.test(texts.join(' ')));
}

/**
 * A copay schedule the row-by-row reading leaves mostly unread: at least SCHEDULE_MIN_ROWS body
 * rows open with a procedure code and its description ('D0210 Intraoral – comprehensive series
 * of radiographic images | $0 | $0') beside a coverage, under headings that name no category
 * ('Diagnostic and Treatment Services', 'Oral Surgery (cont.)') or none, and fewer than half of
 * them read as services by their words and section. Its coded rows are then the plan's services,
 * each keyed by its code with the description as title, whatever the heading. Where the
 * row-by-row reading already takes most coded rows (a summary's sample procedures under category
 * bars, 'D0120 Periodic oral evaluation | $0'), it keeps its reading; codes printed in a column of
 * their own are keyed already. Fee comparisons list no coverage. Once a document's schedule is
 * read so (`continuing`), any further table of coded rows under the same kind of columns is more
 * of it (the few rows a page's last category prints), read the same way. Answers the number of
 * coded rows (0: not such a schedule).
 */
export function codedSchedule(
  t: AnalyzedTable,
  shape = gridShape(t),
  options: readonly string[] = [],
  continuing = false,
): number {
  // a table is scored and then read with the same shape, options and document so far: once
  const key = `${continuing}\u0000${options.join('\u0000')}`;
  let known = schedules.get(t);
  if (known?.shape !== shape) {
    known = { shape, counts: new Map() };
    schedules.set(t, known);
  }
  let count = known.counts.get(key);
  if (count === undefined) {
    count = codedScheduleOnce(t, shape, options, continuing);
    known.counts.set(key, count);
  }
  return count;
}

/** Each table's coded-schedule counts, per shape and per options and `continuing`. */
const schedules = new WeakMap<AnalyzedTable, { shape: GridShape; counts: Map<string, number> }>();

function codedScheduleOnce(
  t: AnalyzedTable,
  shape: GridShape,
  options: readonly string[],
  continuing: boolean,
): number {
  if (shape.groups.length === 0 || comparesFees(t)) return 0;
  if (!saysWhatMembersPay(t, shape, options)) return 0;
  let section = subjectOfLabelColumn(t, shape);
  let coded = 0;
  let read = 0;
  for (const row of t.body) {
    const label = rowLabelOf(row.cells, shape);
    if (!label) continue;
    if (label.code) return 0;
    if (isSectionRow(row.cells, shape)) {
      section = label.text;
      continue;
    }
    const cell = row.cells[shape.labelCol];
    if (!cell || !codeOpeningLine(cell.lines.map((l) => l.text))) continue;
    if (!coverageBeside(row.cells, shape)) continue;
    coded++;
    if (
      dentalRowKind(label.text, section) !== 'other' ||
      isProcedureRow(label.text, section, row.cells, shape)
    )
      read++;
  }
  if (continuing) return coded;
  return coded >= SCHEDULE_MIN_ROWS && read * 2 < coded ? coded : 0;
}

/**
 * Whether a schedule's value columns say what a member pays under a plan: each is headed by a
 * plan printed side by side ('Standard | High') or by a word for the member's payment ('Copay',
 * 'Copayment', 'Member Pays', 'You Pay'), or a heading row inside the table names plans the
 * document already printed side by side. Columns without such a heading may hold anything a
 * procedure list prints beside its codes (fees, frequencies, limits).
 */
function saysWhatMembersPay(
  t: AnalyzedTable,
  shape: GridShape,
  options: readonly string[],
): boolean {
  const headed = shape.groups.every((g) => {
    if (g.option) return true;
    const cols = [g.in, g.out, g.both, ...(g.others ?? [])].filter(
      (c): c is number => c !== undefined,
    );
    return (
      cols.length > 0 &&
      cols.every((c) =>
        MEMBER_PAYS.test([...(t.columns[c]?.path ?? []), t.columns[c]?.heading ?? ''].join(' ')),
      )
    );
  });
  return headed || t.body.some((row) => optionsNamedIn(row.cells, shape, options) !== undefined);
}

/** The coded schedule row's label: the code keys it, the description is its title. */
function scheduleLabel(
  cells: AnalyzedTable['body'][number]['cells'],
  shape: GridShape,
): RowLabel | undefined {
  const cell = cells[shape.labelCol];
  if (!cell) return undefined;
  const coded = codeOpeningLine(cell.lines.map((l) => l.text));
  if (!coded) return undefined;
  return {
    text: `${coded.code} ${coded.description}`,
    code: coded.code,
    title: coded.description,
    source: { ...sourceOfLines(cell.lines), page: cell.page },
  };
}

/**
 * A heading row repeated inside a schedule ('Preventative Services | Standard | High' at each
 * category): its value cells repeat the columns' own headings.
 */
function repeatsHeadings(
  t: AnalyzedTable,
  cells: AnalyzedTable['body'][number]['cells'],
  shape: GridShape,
): boolean {
  const values = cells
    .map((c, i) => (i === shape.labelCol || !c || c.col !== i ? undefined : cellText(c).trim()))
    .filter((v): v is string => !!v);
  if (values.length === 0) return false;
  const norm = (v: string) => v.toLowerCase().replace(/\s+/g, ' ');
  const headings = new Set(t.columns.map((c) => norm(c.heading)).filter(Boolean));
  return values.every((v) => headings.has(norm(v)));
}

/**
 * A body row of a schedule that names, over its value columns, plans the document already
 * printed side by side ('Preventative Services (cont.) | Standard | High' under 'Standard |
 * High' headings of an earlier page): one value group per named plan, at its column.
 */
export function optionsNamedIn(
  cells: AnalyzedTable['body'][number]['cells'],
  shape: GridShape,
  options: readonly string[],
): ValueGroup[] | undefined {
  const known = new Map(options.map((o) => [o.trim().toLowerCase(), o]));
  const groups: ValueGroup[] = [];
  for (const [i, c] of cells.entries()) {
    if (i === shape.labelCol || !c || c.col !== i) continue;
    const text = cellText(c).trim();
    if (!text) continue;
    const option = known.get(text.toLowerCase());
    if (!option) return undefined;
    groups.push({ option, both: i });
  }
  return groups.length >= 2 ? groups : undefined;
}

/**
 * When a document's schedule is read by its codes, every coded row of it is keyed the same way:
 * rows the row-by-row reading took whole ('D8010 Limited orthodontic treatment …' under an
 * orthodontic heading) are keyed by their code too, so one schedule reads one way.
 */
export function keyCodedRowsByCode(facts: Facts): void {
  const scheduled = facts.services.filter((s) => s.scheduled);
  if (scheduled.length < SCHEDULE_MIN_ROWS) return;
  for (const s of facts.services) {
    if (s.scheduled || s.scope.product !== 'dental') continue;
    const coded = codeOpeningLine([s.label.value]);
    if (!coded) continue;
    // the title as the row-by-row reading made it, without the code it opens with
    const title = codeOpeningLine([s.title.value]);
    s.label = { ...s.label, value: coded.code };
    s.title = {
      ...s.title,
      value: title?.code === coded.code ? title.description : coded.description,
    };
    s.procedure = true;
    s.scheduled = true;
  }
}

/** How many body rows read as dental benefit rows with a value beside them. */
export function dentalScore(
  t: AnalyzedTable,
  options: readonly string[] = [],
  continuing = false,
): number {
  const shape = gridShape(t);
  if (shape.groups.length === 0) return 0;
  const schedule = codedSchedule(t, shape, options, continuing);
  if (schedule) return schedule;
  let section = subjectOfLabelColumn(t, shape);
  const block = orthoBlock(t, shape);
  const fees = comparesFees(t);
  let n = 0;
  for (const row of t.body) {
    const label = rowLabelOf(row.cells, shape);
    if (!label) continue;
    if (isSectionRow(row.cells, shape)) {
      section = label.text;
      continue;
    }
    if (
      dentalRowKind(orthoRowText(label.text, blockOf(section, block)), section) !== 'other' ||
      isProcedureRow(label.text, section, row.cells, shape, fees, !!label.code)
    )
      n++;
  }
  return n;
}

/**
 * A table of plan facts read for its class-wide rows alone (deductibles, the yearly maximum): the
 * table without its other rows (a disclaimer, an office copay).
 */
export function classWideRowsOf(t: AnalyzedTable): AnalyzedTable {
  const shape = gridShape(t);
  const body = t.body.filter((row) => {
    const label = rowLabelOf(row.cells, shape);
    return label !== undefined && /^(deductible|annualMaximum)/.test(dentalRowKind(label.text, ''));
  });
  return { ...t, body };
}

export interface NetworkValues {
  in?: Evidence;
  out?: Evidence;
}

/** The in- and out-of-network values of one option group in one row. */
/** A row label that opens one network's section ('In Network', 'Out-of-Network Benefits'). */
function networkSection(label: string): 'in' | 'out' | undefined {
  const t = label.trim();
  return t.split(/\s+/).length > 4 ? undefined : oneNetworkNamed(t);
}

function networkValues(
  cells: AnalyzedTable['body'][number]['cells'],
  g: ValueGroup,
): NetworkValues {
  const doubt = groupDoubt(g);
  const paired = pairedValues(cells, g, doubt);
  if (paired) return paired;
  if (g.years && g.yearsOut) {
    const vin = yearsValue(cells, { years: g.years }, doubt);
    const vout = yearsValue(cells, { years: g.yearsOut }, doubt);
    return { ...(vin ? { in: vin } : {}), ...(vout ? { out: vout } : {}) };
  }
  if (g.years) {
    const v = yearsValue(cells, g, doubt);
    return v ? { in: v, out: v } : {};
  }
  if (spansNetworks(cells, g)) {
    const v = valueAt(cells, g.in, doubt);
    return v ? { in: v, out: v } : {};
  }
  const both = valueAt(cells, g.both, doubt);
  // one value in a middle network column only (centred over all three): every network's value
  if (g.others?.length && !cellText(cells[g.in ?? -1]) && !cellText(cells[g.out ?? -1])) {
    const lone = g.others.map((c) => valueAt(cells, c, doubt)).filter((v) => v !== undefined);
    if (lone.length === 1) return { in: lone[0], out: lone[0] };
  }
  // a text column beside both network columns ('Details | In Network | Out of Network'): a plan
  // fact printed in it with the network cells blank or dashed ('Deductible | $50 | - | -') serves
  // both networks
  if (
    both &&
    g.in !== undefined &&
    g.out !== undefined &&
    blankAt(cells, g.in) &&
    blankAt(cells, g.out)
  )
    return { in: both, out: both };
  const vin = valueAt(cells, g.in, doubt) ?? both;
  const vout =
    valueAt(cells, g.out, doubt) ?? (g.out === undefined && g.in === undefined ? both : undefined);
  // a lone in-network column leaves out-of-network blank; a lone unlabelled column serves both
  if (g.in === undefined && g.out === undefined && both) return { in: both, out: both };
  return { ...(vin ? { in: vin } : {}), ...(vout ? { out: vout } : {}) };
}

type BodyCell = AnalyzedTable['body'][number]['cells'][number];

/** Whether a row's cell in a column prints nothing but a dash or filler. */
function blankAt(cells: Array<BodyCell | undefined>, col: number): boolean {
  return !cleanValue(cellText(cells[col]));
}

/**
 * The text column beside both network columns of the grid's one plan ('Details | In Network
 * Co-insurance | Out of Network Co-insurance') when, in this row, it lists procedures one a line
 * (names, not limits written as sentences) and a network cell holds the row's share: the column
 * that row's procedures are listed in.
 */
export function listBesideNetworks(
  cells: Array<BodyCell | undefined>,
  shape: GridShape,
): number | undefined {
  const g = onlyGroup(shape);
  if (!g || g.both === undefined || g.in === undefined || g.out === undefined) return undefined;
  const list = cells[g.both];
  if (!list || list.lines.length < 2 || /[$%]/.test(cellText(list))) return undefined;
  // a procedure a line, each a name: no limit or note set as a sentence ('Bitewing: Limited to
  // 1 series of films per calendar year.')
  const named = (l: Line) => !/:|\.$/.test(l.text.trim()) && l.text.trim().split(/\s+/).length <= 8;
  if (!list.lines.every(named)) return undefined;
  const shares = [g.in, g.out].some((c) => /[$%]/.test(cellText(cells[c])));
  return shares ? g.both : undefined;
}

/** The horizontal centre of a cell's printed text, or undefined without positions. */
function textCentre(cell: BodyCell): number | undefined {
  const lines = cell?.lines.filter((l) => l.text.trim()) ?? [];
  if (lines.length === 0) return undefined;
  const left = Math.min(...lines.map((l) => l.box[0]));
  const right = Math.max(...lines.map((l) => l.box[2]));
  return (left + right) / 2;
}

/** Columns whose values sit centred in their cells (most rows that print one). */
export function centredColumns(t: AnalyzedTable): Set<number> {
  const out = new Set<number>();
  for (let c = 1; c < t.table.cols; c++) {
    let n = 0;
    let centred = 0;
    for (const row of t.body) {
      const cell = row.cells[c];
      if (!cell?.box || cell.colSpan !== 1 || cell.col !== c) continue;
      const mid = textCentre(cell);
      if (mid === undefined) continue;
      n++;
      const width = cell.box[2] - cell.box[0];
      if (Math.abs(mid - (cell.box[0] + width / 2)) <= width * 0.12) centred++;
    }
    if (centred >= 3 && centred >= n * 0.5) out.add(c);
  }
  return out;
}

/**
 * One value centred over both network columns of a grid that centres its values, read into one
 * of them (a scan whose merged cell was cut at the column line): it serves both networks.
 */
export function spannedValue(
  cells: AnalyzedTable['body'][number]['cells'],
  g: ValueGroup,
  centred: Set<number>,
): NetworkValues | undefined {
  if (g.in === undefined || g.out === undefined) return undefined;
  const a = cells[g.in];
  const b = cells[g.out];
  if (!a?.box || !b?.box || a === b) return undefined;
  const filled = [a, b].filter((c) => cellText(c));
  if (filled.length !== 1) return undefined;
  const own = filled[0]!;
  const index = own === a ? g.in : g.out;
  if (!centred.has(index) || !own.box) return undefined;
  const mid = textCentre(own);
  if (mid === undefined) return undefined;
  const left = Math.min(a.box[0], b.box[0]);
  const right = Math.max(a.box[2], b.box[2]);
  const ownWidth = own.box[2] - own.box[0];
  if (Math.abs(mid - (left + right) / 2) > (right - left) * 0.06) return undefined;
  if (Math.abs(mid - (own.box[0] + ownWidth / 2)) <= ownWidth * 0.2) return undefined;
  const v = valueAt(cells, index, groupDoubt(g));
  return v ? { in: v, out: v } : undefined;
}

/**
 * One cell across both network columns printing a value over each ('$50      $50' under 'Tier 1 |
 * Tier 2' where the reader merged the striped row): the left value is in-network, the right
 * out-of-network. A value with a note on where it applies ('$1500 (applies to all levels)')
 * serves both and stays whole.
 */
export function pairedAcross(
  cells: AnalyzedTable['body'][number]['cells'],
  g: ValueGroup,
): NetworkValues | undefined {
  if (!spansNetworks(cells, g)) return undefined;
  const cell = cells[g.in!]!;
  if (cell.colSpan !== 2 || Math.abs(g.in! - g.out!) !== 1) return undefined;
  const pair = sideBySide(cell);
  if (!pair || pair.some((p) => !looksLikeValue(p) || SPANNING_NOTE.test(p))) return undefined;
  const [left, right] = g.in! < g.out! ? pair : [pair[1], pair[0]];
  const source = sourceOfCell(cell);
  return {
    in: evidence(left, source, 'split', groupDoubt(g)),
    out: evidence(right, source, 'split', groupDoubt(g)),
  };
}

/**
 * One text cut in two at the line between the network columns (a scan that saw a column line
 * through a merged cell): the first part runs up to the line and the second starts right after
 * it. Read whole, it serves both networks.
 */
export function cutValue(
  cells: AnalyzedTable['body'][number]['cells'],
  g: ValueGroup,
): NetworkValues | undefined {
  if (g.in === undefined || g.out === undefined) return undefined;
  const a = cells[g.in];
  const b = cells[g.out];
  if (!a?.box || !b?.box || a === b || !cellText(a) || !cellText(b)) return undefined;
  const la = a.lines.filter((l) => l.text.trim());
  const lb = b.lines.filter((l) => l.text.trim());
  if (la.length !== 1 || lb.length !== 1) return undefined;
  const size = Math.max(la[0]!.size, lb[0]!.size);
  const line = (a.box[2] + b.box[0]) / 2;
  if (line - la[0]!.box[2] > size * 0.6 || lb[0]!.box[0] - line > size * 0.6) return undefined;
  const left = la[0]!.text.trim();
  const right = lb[0]!.text.trim();
  // a word cut in two: letters up to the line, lower-case letters after it (two whole values
  // that merely fill narrow cells, '100%' | '100%' or 'Not Covered' | 'Not Covered', stay apart)
  if (!/[a-z]$/i.test(left) || !/^[a-z]/.test(right)) return undefined;
  const text = left + right;
  const source = sourceOfCell(a);
  const e = evidence(text, source, 'cell', 0.7);
  return { in: e, out: e };
}

/**
 * The value column headed by both networks side by side ('NETWORK NON-NETWORK') whose cells print
 * the two values side by side ('$0   $0'), or undefined.
 */
export function sideBySideColumn(t: AnalyzedTable, shape: GridShape): number | undefined {
  const cols = shape.groups.flatMap((g) => [g.in, g.out, g.both]).filter((c) => c !== undefined);
  return cols.find((c) => {
    const path = t.columns[c]?.path ?? [];
    const lowest = (path[path.length - 1] ?? '').trim();
    return NETWORKS_SIDE_BY_SIDE.test(lowest) && printsPairs(t, c);
  });
}

/** The two networks' values printed side by side in one cell; one value serves both. */
function pairAt(
  cells: AnalyzedTable['body'][number]['cells'],
  col: number,
  doubt: number | undefined,
): NetworkValues | undefined {
  const v = valueAt(cells, col, doubt);
  if (!v) return undefined;
  const pair = sideBySide(cells[col]);
  if (!pair) return { in: v, out: v };
  return {
    in: { ...v, value: pair[0], method: 'split' },
    out: { ...v, value: pair[1], method: 'split' },
  };
}

/** A deductible's slots by network: the individual's, then the family's. */
const TAGGED_SLOTS = {
  in: ['dedIndIn', 'dedFamIn'],
  out: ['dedIndOut', 'dedFamOut'],
} as const;
type DeductibleSlot = (typeof TAGGED_SLOTS)[keyof typeof TAGGED_SLOTS][number];

/**
 * A deductible row whose value cells each name their slot ('Individual: $50 | Family: $150' under
 * each network): the deductibles by the slot each cell names and its column's network; undefined
 * unless two cells or more name theirs and every network column's cell does.
 */
export function taggedDeductibles(
  t: AnalyzedTable,
  cells: Array<Cell | undefined>,
): Array<[DeductibleSlot, Evidence]> | undefined {
  const out: Array<[DeductibleSlot, Evidence]> = [];
  for (const col of t.columns) {
    if (!col.network) continue;
    const cell = cells[col.index];
    if (!cell || cell.col !== col.index) return undefined;
    const m = cellText(cell).replace(/\s+/g, ' ').match(TAGGED_AMOUNT);
    if (!m) return undefined;
    const kind = TAGGED_SLOTS[col.network][/family/i.test(m[1]!) ? 1 : 0];
    out.push([kind, evidence(m[2]!, sourceOfCell(cell), 'cell')]);
  }
  return out.length >= 2 ? out : undefined;
}

/**
 * An individual's or family's line whose cell prints both amounts, each naming its slot ('Family
 * coverage | $50: individual $150: Family'): the amount of the line's own slot (0 individual, 1
 * family); any other cell as it is.
 */
export function slotOf(e: Evidence | undefined, slot: 0 | 1): Evidence | undefined {
  if (!e || !pairSlots(e.value).family) return e;
  return splitEvidence(e)?.[slot] ?? e;
}

/**
 * A value by period of enrolment whose every period prints an amount pair ('0-12 Months —
 * $50/$150 • 13-24 Months — $50/$150'): the individual's and the family's values by period.
 */
export function pairsByPeriod(e: Evidence | undefined): [Evidence, Evidence] | undefined {
  const parts = e?.value.split(' • ') ?? [];
  if (!e || parts.length < 2) return undefined;
  const split = parts.map((p) => {
    const m = p.match(/^(.+?) — (.+)$/);
    const pair = m ? splitPair(m[2]!) : undefined;
    return m && pair ? { year: m[1]!, pair } : undefined;
  });
  if (split.some((x) => !x)) return undefined;
  const slot = (i: 0 | 1): Evidence => ({
    ...e,
    value: sharesByYear(split.map((x) => ({ year: x!.year, share: x!.pair[i] }))),
    method: 'split',
  });
  return [slot(0), slot(1)];
}

function splitEvidence(e: Evidence): [Evidence, Evidence] | undefined {
  const byPeriod = pairsByPeriod(e);
  if (byPeriod) return byPeriod;
  const pair = splitPair(e.value);
  if (!pair) return undefined;
  return [
    { ...e, value: pair[0], method: 'split' },
    { ...e, value: pair[1], method: 'split' },
  ];
}

/** A category's words, without its parentheses: 'Preventive (no deductible)' → 'preventive'. */
function categoryWords(label: string): string {
  return withoutParentheses(label).replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * A row under a deductible bar ('Annual Deductible') labelled by a dental category, every value
 * a deductible (an amount or a word for none, no share): the category's deductible per value
 * group; undefined for any other row.
 */
function deductibleOfCategory(
  label: string,
  section: string,
  cells: Array<Cell | undefined>,
  groups: ValueGroup[],
): Map<ValueGroup, NetworkValues> | undefined {
  if (!AMOUNT_HEADING.test(section) || !/deductible/i.test(section)) return undefined;
  if (/deductible|max/i.test(label) || dentalRowKind(label, '') !== 'service') return undefined;
  const out = new Map<ValueGroup, NetworkValues>();
  for (const g of groups) {
    const v = networkValues(cells, g);
    const values = [v.in, v.out].filter((e): e is Evidence => e !== undefined);
    if (values.length === 0) continue;
    if (
      !values.every(
        (e) =>
          !/%/.test(e.value) &&
          ((NO_AMOUNT.test(e.value) && !/cover/i.test(e.value)) || /^\$\s?\d/.test(e.value.trim())),
      )
    )
      return undefined;
    out.set(g, v);
  }
  return out.size > 0 ? out : undefined;
}

/**
 * A service row of a category whose deductible was printed under the deductible bar above takes
 * it as its own: 'None' for each slot, '$50 individual; $150 family' split in its two.
 */
function applyCategoryDeductible(
  service: ServiceRow,
  label: string,
  printed: Array<{ words: string; values: Map<ValueGroup, NetworkValues> }>,
  g: ValueGroup,
): void {
  const words = ` ${categoryWords(label).replace(/[^a-z0-9]+/g, ' ')} `;
  const match = printed.find((p) =>
    words.includes(` ${p.words.replace(/[^a-z0-9]+/g, ' ').trim()} `),
  );
  const v = match?.values.get(g);
  if (!v) return;
  for (const [net, ind, fam] of [
    ['in', 'dedIndIn', 'dedFamIn'],
    ['out', 'dedIndOut', 'dedFamOut'],
  ] as const) {
    const e = v[net];
    if (!e) continue;
    if (NO_AMOUNT.test(e.value)) {
      service.own[ind] = e;
      service.own[fam] = e;
      continue;
    }
    const pair = splitEvidence(e);
    service.own[ind] = pair ? pair[0] : e;
    if (pair) service.own[fam] = pair[1];
  }
}

export function collectDental(t: AnalyzedTable, facts: Facts): void {
  const shape = gridShape(t);
  const base: Scope = {
    product: 'dental',
    ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}),
  };
  const options = shape.groups.filter((g) => g.option);
  if (options.length >= 2) {
    for (const g of options) {
      const col = g.in ?? g.both ?? g.out;
      const headerCell = col !== undefined ? firstHeaderCell(t, col) : undefined;
      facts.addOption('dental', g.option!, headerCell ? sourceOfCell(headerCell) : undefined);
    }
  }
  facts.shown.add('dental');
  // one plan's grid under its name: 'CONCORDIA FLEX PLAN' over 'In-Network | Non-Network'
  const plan = shape.groups.length === 1 ? shape.groups[0]!.plan : undefined;
  const planCell = plan !== undefined ? firstHeaderCell(t, shape.groups[0]!.in!) : undefined;
  if (plan && planCell)
    facts.add('planName', evidence(plan, sourceOfCell(planCell), 'heading'), base, t.order);
  const centred = centredColumns(t);
  const pairCol = sideBySideColumn(t, shape);
  const fees = comparesFees(t);
  let section = subjectOfLabelColumn(t, shape);
  let leadingSubject =
    !section && t.headingAbove && AMOUNT_HEADING.test(t.heading ?? '') ? t.heading : undefined;
  const block = orthoBlock(t, shape);
  let sectionClass: string | undefined;
  let barSeen = false;
  // coded procedures already read under a dental category ('Orthodontics' over 'D8070 …')
  let codedUnderCategories = false;
  // 'In Network' and 'Out of Network' rows over the same labels printed twice, in columns that
  // name no network: the values under each serve that network alone
  const networkColumns = shape.groups.some((g) => g.in !== undefined || g.out !== undefined);
  let sectionNetwork: 'in' | 'out' | undefined;
  let previousKind: ReturnType<typeof dentalRowKind> | undefined;
  // the service row read last, and what each plan's group made of it
  let lastService: { label: string; row: number; rows: Map<ValueGroup, ServiceRow> } | undefined;
  // the body row read before this one
  let previousRow: number | undefined;
  // each category's deductible printed under a deductible bar ('Annual Deductible' over
  // 'Preventive | None | None', 'Restorative | $50 individual; $150 family | …'), by its words
  const categoryDeductibles: Array<{ words: string; values: Map<ValueGroup, NetworkValues> }> = [];
  // the row of the bar read last, and of the category deductible read last
  let sectionRow: number | undefined;
  let categoryDeductibleRow: number | undefined;
  const listed = barsWithLists(t, shape);
  const listRows = new Set([...listed.values()].flat().map((r) => r.row));
  const schedule =
    codedSchedule(
      t,
      shape,
      facts.options.get('dental') ?? [],
      facts.services.some((s) => s.scheduled),
    ) > 0;
  // a heading over a schedule's page ('Class A Basic', 'Class C Major') names the category of
  // the procedures under it, not a class of people: the schedule's rows are the plan's
  if (schedule) delete base.classRef;
  // the value columns of the rows being read: the grid's, or the plans a heading row inside a
  // schedule names over them
  let rowGroups = shape.groups;
  for (const row of t.body) {
    const rowAbove = previousRow;
    previousRow = row.row;
    if (listRows.has(row.row)) continue;
    // a copay schedule read by its codes: each coded row is a service keyed by its code
    const scheduled = schedule ? scheduleLabel(row.cells, shape) : undefined;
    if (schedule && !scheduled) {
      // the plans' names over the columns again ('Oral Surgery (cont.) | Standard | High', read
      // as a body row at the top of a page): the coded rows under it are those plans' values
      const named = optionsNamedIn(row.cells, shape, facts.options.get('dental') ?? []);
      if (named) {
        rowGroups = named;
        continue;
      }
      if (repeatsHeadings(t, row.cells, shape)) continue;
    }
    const printed = scheduled ?? rowLabelOf(row.cells, shape);
    const named = printed ? networkSection(printed.text) : undefined;
    if (named && !networkColumns) {
      sectionNetwork = named;
      continue;
    }
    // (a category printed over the row's procedure in the same cell heads it already: 'Other
    // general services' over 'D9972 External bleaching' ends the orthodontia block above)
    // 'Child (maximum age 18) | $1,450 Copay' under an 'Orthodontics' bar: orthodontia for those
    // persons, a service named by them (its copay is no lifetime maximum), whom it covers as printed
    const forPersons =
      !!printed &&
      !isSectionRow(row.cells, shape) &&
      isOrthodontic(blockOf(printed.category ?? section, block) ?? '') &&
      PERSONS_ONLY.test(withoutParentheses(printed.text).trim()) &&
      shape.groups.every((g) => {
        const v = networkValues(row.cells, g);
        return [v.in, v.out].some((e) => e !== undefined && /[$%]/.test(e.value));
      });
    const label =
      printed && !isSectionRow(row.cells, shape) && !forPersons
        ? {
            ...printed,
            text: orthoRowText(printed.text, blockOf(printed.category ?? section, block)),
          }
        : printed;
    const rowClassCell = shape.classCol !== undefined ? row.cells[shape.classCol] : undefined;
    const rowClassText = cellText(rowClassCell);
    if (!label) continue;
    if (label.category) {
      if (CATEGORY_BAR.test(section) && CODE_AT_LABEL_START.test(label.text.trim()))
        codedUnderCategories = true;
      section = label.category;
      barSeen = true;
    }
    if (isSectionRow(row.cells, shape)) {
      // a sentence across the label column stating the maximum of the services above it ('Class
      // A, B, and C Services are subject to an unlimited maximum benefit'): no bar, the maximum
      const said = sentenceMaximums(label.text);
      if (said.in || said.out) {
        const scope = sectionClass ? { product: 'dental' as const, classRef: sectionClass } : base;
        const order = t.order + row.row / 1000;
        if (said.in) facts.add('maxIn', evidence(said.in, label.source, 'prose'), scope, order);
        if (said.out) facts.add('maxOut', evidence(said.out, label.source, 'prose'), scope, order);
        continue;
      }
      section = label.text;
      sectionRow = row.row;
      barSeen = true;
      // 'Class II – Basic Services' is a service code over its procedures, not a class of people
      const ref = serviceBar(label.text)
        ? undefined
        : (classRefIn(label.text) ?? classRefIn(rowClassText));
      if (ref) {
        sectionClass = ref;
        // 'Class 1 – UHC Dental PPO P2500': the rest names the class's plan
        const plan = label.text.replace(/^\s*(class|tier|group)\s+\S+\s*[:–—\-|]*\s*/i, '').trim();
        if (plan)
          facts.add(
            'planName',
            evidence(plan, label.source, 'heading'),
            { product: 'dental', classRef: ref },
            t.order,
          );
      }
      const rows = listed.get(row.row);
      if (rows)
        addBarService(
          facts,
          t,
          row,
          rows,
          shape,
          label,
          sectionClass ? { product: 'dental', classRef: sectionClass } : base,
        );
      continue;
    }
    // 'Plan | Preventive Plus | Core PPO 1000' under option headings names each option's plan
    if (PLAN_ROW.test(label.text.trim())) {
      for (const g of shape.groups) {
        if (!g.option) continue;
        const v = networkValues(row.cells, g);
        const name = v.in ?? v.out;
        if (name && !looksLikeValue(name.value))
          facts.add('planName', name, { product: 'dental', classRef: g.option }, t.order);
      }
      continue;
    }
    // 'Preventive Services Lifetime Deductible' under 'Preventive Services': that service's own
    if (deductibleOfService(label.text, lastService?.label)) {
      for (const g of shape.groups) {
        const service = lastService!.rows.get(g);
        if (!service) continue;
        const v = withoutNotes(networkValues(row.cells, g));
        if (v.in && valueFitsSlot('policyYearDeductibleIndividualInNetwork', v.in.value))
          service.own.dedIndIn = v.in;
        if (v.out && valueFitsSlot('policyYearDeductibleIndividualOutOfNetwork', v.out.value))
          service.own.dedIndOut = v.out;
        // a word, not an amount ('Not Covered', 'None'), holds for the family's too
        if (v.in && NO_AMOUNT.test(v.in.value)) service.own.dedFamIn = v.in;
        if (v.out && NO_AMOUNT.test(v.out.value)) service.own.dedFamOut = v.out;
        // the procedures listed beside it go on from the service's list
        const more = procedureItems(row.cells[shape.listCol ?? -1], 1);
        if (more && service.list)
          service.list = { ...service.list, value: `${service.list.value}, ${more}` };
      }
      continue;
    }
    // a fee comparison's coded rows illustrate savings, not the plan's services
    if (fees && label.code) continue;
    // 'Preventive | None | None' under an 'Annual Deductible' bar: that category's deductible, for
    // the category's rows below ('Restorative' for 'Basic restorative' and 'Major restorative')
    // (right under the bar, one after another: a category further down is a row of its own)
    const categoryDeductible =
      rowAbove !== undefined && (rowAbove === sectionRow || rowAbove === categoryDeductibleRow)
        ? deductibleOfCategory(label.text, section, row.cells, rowGroups)
        : undefined;
    if (categoryDeductible) {
      categoryDeductibles.push({ words: categoryWords(label.text), values: categoryDeductible });
      categoryDeductibleRow = row.row;
      continue;
    }
    // the first row after them that is none ('Preventive (no deductible) | 100% | 90%') ends the bar
    if (categoryDeductibles.length > 0 && AMOUNT_HEADING.test(section)) section = '';
    let kind = forPersons ? 'service' : dentalRowKind(label.text, section);
    // a deductible's or maximum's name alone in its row ('Annual Deductible*' over 'Individual |
    // $50') heads its tiers only: a row that is no part of it but a row of its own ('Preventive
    // Services | 100%') ends it
    if (kind === 'other' && AMOUNT_HEADING.test(section)) {
      const own = dentalRowKind(label.text, '');
      if (own !== 'other') {
        section = '';
        kind = own;
      }
    }
    // 'Individual' and 'Family' leading a table under the line 'Annual Deductible': that
    // deductible's lines (the heading names the rows up to the first that is no tier)
    if (leadingSubject && kind === 'other' && TIER_LABEL.test(label.text))
      kind = dentalRowKind(label.text, leadingSubject);
    leadingSubject = undefined;
    // 'Deductible  Individual' then 'Family': the family line of a deductible whose label was
    // printed once, level with its individual line
    if (
      kind === 'other' &&
      previousKind === 'deductibleIndividual' &&
      /^(per )?family\b/i.test(label.text.trim())
    )
      kind = dentalRowKind(label.text, 'Deductible');
    previousKind = kind;
    if (
      kind === 'other' &&
      isProcedureRow(
        label.text,
        section,
        row.cells,
        shape,
        fees,
        !!label.code,
        codedUnderCategories,
      )
    )
      kind = 'service';
    if (kind === 'other' && namedByItsList(label, row.cells, shape)) kind = 'service';
    // 'Consultations are counted as exams for purposes of frequency limitations | 100% | 100% |
    // 80% | 80%' right under a procedure row: a row of the same list, a coinsurance in every
    // value column, is a procedure however it is worded
    // (under a category bar only: rows that are categories themselves, 'Preventive | 100%' over
    // 'Treatment and Therapy | 100%', name their services in words of their own or none)
    const amongProcedures =
      !scheduled &&
      barSeen &&
      lastService !== undefined &&
      lastService.row === rowAbove &&
      !PLAN_FACT_WORDS.test(label.text) &&
      percentInEveryColumn(row.cells, rowGroups);
    if (kind === 'other' && amongProcedures) kind = 'service';
    if (scheduled && coverageBeside(row.cells, shape)) kind = 'service';
    // a row of a schedule without a code but with its own copay ('Office visit | $10 | $10'):
    // a service named as printed
    if (
      schedule &&
      !scheduled &&
      kind === 'other' &&
      label.text.split(/\s+/).length <= 8 &&
      !NOT_A_SERVICE.test(label.text) &&
      rowGroups.length > 0 &&
      rowGroups.every((g) => {
        const v = networkValues(row.cells, g);
        return [v.in, v.out].some((e) => e !== undefined && /\$\s?\d/.test(e.value));
      })
    )
      kind = 'service';
    // 'Combined Maximums | … In-network Calendar year maximums are $1,000 per person. Non-network
    // Calendar year maximums are $1,000 per person.': each network's maximum from its sentence
    if (
      kind === 'other' &&
      /\bmaximums?\b/i.test(label.text) &&
      !/lifetime|ortho/i.test(label.text)
    ) {
      const said = networkMaximums(
        row.cells
          .filter((c, i) => c !== undefined && i !== shape.labelCol && c.col === i)
          .map((c) => cellText(c))
          .join(' '),
      );
      const source = row.cells.find((c, i) => c && i !== shape.labelCol && c.col === i);
      if (source && (said.in || said.out)) {
        const src = sourceOfCell(source);
        const order = t.order + row.row / 1000;
        if (said.in) facts.add('maxIn', evidence(said.in, src, 'prose'), base, order);
        if (said.out) facts.add('maxOut', evidence(said.out, src, 'prose'), base, order);
        continue;
      }
    }
    if (kind === 'other') continue;
    // 'Major Services | 12 months' under a 'Waiting Periods' row is a waiting period, not a benefit
    if (kind === 'service' && /waiting|frequenc|limitations?/i.test(section)) continue;
    // 'SEALANTS are limited to Covered Persons under …': a sentence of the limitations names
    // no service type (service types are named, never stated)
    // (a schedule's coded row names its procedure however it is worded: 'D6080 Implant
    // maintenance procedures when a full arch fixed hybrid prosthesis is removed …')
    // (a statement inside a procedure's parenthesised note — '(…, ages 14 and older are considered
    // adults)' — is the note's, not the label's)
    if (
      kind === 'service' &&
      !scheduled &&
      !amongProcedures &&
      STATEMENT.test(withoutParentheses(label.text))
    )
      continue;
    // '… than exam and radiographs, were done during the visit.': the wrapped end of a sentence
    if (kind === 'service' && CONTINUED.test(label.text)) continue;
    // 'REPLACEMENT of crowns, bridges, and fixed or removable prosthetic appliances, if': a
    // sentence that runs on to the next line (a coded procedure's wrapped name stays a procedure)
    if (
      kind === 'service' &&
      !label.code &&
      !CODE_AT_LABEL_START.test(label.text.trim()) &&
      RUNS_ON.test(label.text) &&
      label.text.split(/\s+/).length > 4
    )
      continue;
    // 'Implants | Covered as Class III': a procedure paid as another category is no category
    if (
      kind === 'service' &&
      row.cells.some((c) => c !== row.cells[shape.labelCol] && COVERED_AS.test(cellText(c)))
    )
      continue;
    // 'Preventive Care | Ded. waived | Ded. applies' says where the deductible applies: a row of
    // that alone is no service type
    if (kind === 'service' && onlyDeductibleWaivers(row.cells, shape)) continue;
    // 'Oral exams | Maximum two per calendar year' under a category row that carries the coverage
    if (kind === 'service' && !scheduled && onlyFrequencyLimits(row.cells, shape)) continue;
    // 'Orthodontic Coverage: Child only (to age 19)' says who is covered, not how much
    if (kind === 'service' && isOrthodontic(label.text) && aboutPersons(row.cells, shape))
      kind = 'orthoPersons';
    const rowClass = (rowClassText && (classRefIn(rowClassText) ?? rowClassText)) || sectionClass;
    // 'Deductible | Individual: $50 | Family: $150 | Individual: $50 | Family: $150' under two
    // network headings that each span two columns: each cell names its slot
    if (kind === 'deductible' && shape.groups.length === 1 && !shape.groups[0]!.option) {
      const tagged = taggedDeductibles(t, row.cells);
      if (tagged) {
        const scope: Scope = rowClass ? { product: 'dental', classRef: rowClass } : base;
        for (const [k, e] of tagged) facts.add(k, e, scope, t.order + row.row / 1000);
        continue;
      }
    }
    // ('Oral Surgery | 40% | 50%' under a 'Major services' bar is one of its procedures; 'Major
    // Services' under an 'Oral Surgery' bar is a category of its own)
    const procedure =
      !!scheduled ||
      (barSeen &&
        CATEGORY_BAR.test(section) &&
        (!DENTAL_CATEGORY_ROW.test(label.text) ||
          (BROAD_CATEGORY.test(section) && !BROAD_CATEGORY.test(label.text))));
    for (const g of rowGroups) {
      const scope: Scope = g.option
        ? { product: 'dental', classRef: g.option }
        : rowClass
          ? { product: 'dental', classRef: rowClass }
          : base;
      const read =
        (pairCol !== undefined && !g.option && !g.orthodontic
          ? pairAt(row.cells, pairCol, groupDoubt(g))
          : undefined) ??
        spannedValue(row.cells, g, centred) ??
        cutValue(row.cells, g) ??
        pairedAcross(row.cells, g) ??
        networkValues(row.cells, g);
      // a class-wide line under a lone value column that names the network whose providers it
      // holds for ('Deductible when services are rendered by a non-Network Dentist') fills that
      // network only
      const ownNetwork =
        kind !== 'service' && g.in === undefined && g.out === undefined
          ? networkOfProvider(label.text)
          : undefined;
      const sectioned: NetworkValues =
        (ownNetwork ?? sectionNetwork) === 'in'
          ? { ...(read.in ? { in: read.in } : {}) }
          : (ownNetwork ?? sectionNetwork) === 'out'
            ? { ...(read.out ? { out: read.out } : {}) }
            : read;
      // '$50/$150 Excludes Class I': a class-wide amount keeps its figures, the note goes
      let v = kind === 'service' || kind === 'orthoPersons' ? sectioned : withoutNotes(sectioned);
      // class-wide amounts must read as amounts ('Deductible waived for Preventive | Yes' is not one)
      const add = (k: FactKind, e: Evidence | undefined) => {
        if (!e) return;
        if (/^(ded|max|orthoMax)/.test(k)) {
          if (!valueFitsSlot('policyYearMaximumInNetwork', e.value)) return;
          // an amount written as a sentence keeps its words, not its full stop ('$100 per
          // person per calendar year.')
          // ('Maximum $2,000': the word before the amount only names the slot)
          const value = withoutSentenceStop(
            /^(max|orthoMax)/.test(k) ? withoutMaximumLead(e.value) : e.value,
          );
          if (value !== e.value) e = { ...e, value };
        }
        facts.add(k, e, scope, t.order + row.row / 1000);
      };
      // the description column beside an orthodontia line says whom orthodontia covers
      // ('Dependent children to age 19')
      const personsBeside = () => {
        const who = valueAt(row.cells, shape.listCol);
        if (!who || !PERSONS.test(who.value)) return;
        add('orthoPersonsIn', who);
        add('orthoPersonsOut', who);
      };
      // orthodontia's own columns: their maximum is its lifetime maximum; its deductibles and
      // services are read from its own rows, not from the plan's class-wide lines
      if (g.orthodontic && kind === 'service' && !isOrthodontic(label.text)) continue;
      if (g.orthodontic && kind !== 'service' && kind !== 'orthoPersons') {
        if (kind === 'orthoYearMaximum') {
          add('orthoYearMaxIn', v.in);
          add('orthoYearMaxOut', v.out);
        } else if (kind === 'annualMaximum' || kind === 'orthoMaximum') {
          add('orthoMaxIn', v.in);
          add('orthoMaxOut', v.out);
        } else if (kind === 'deductibleIndividual') {
          add('orthoDedIndIn', slotOf(v.in, 0));
          add('orthoDedIndOut', slotOf(v.out, 0));
        } else if (kind === 'deductibleFamily') {
          add('orthoDedFamIn', slotOf(v.in, 1));
          add('orthoDedFamOut', slotOf(v.out, 1));
        }
        continue;
      }
      // 'Not Covered' in the line right under a service whose own cell is empty: one cell over
      // the service's lines (the reader cut it in rows), the service's coverage
      const under = lastService?.row === rowAbove ? lastService?.rows.get(g) : undefined;
      if (
        kind !== 'service' &&
        under &&
        !under.coverageIn &&
        !under.coverageOut &&
        v.in &&
        /^not covered$/i.test(v.in.value.trim())
      ) {
        under.coverageIn = v.in;
        under.coverageOut = v.out ?? v.in;
        if (under.orthodontic) personsBeside();
        continue;
      }
      switch (kind) {
        case 'deductibleIndividual': {
          // a pair by period under a per-person label ('$50/$150' a period): both amounts
          const pin = pairsByPeriod(v.in);
          const pout = pairsByPeriod(v.out);
          add('dedIndIn', pin?.[0] ?? slotOf(v.in, 0));
          add('dedIndOut', pout?.[0] ?? slotOf(v.out, 0));
          if (pin) add('dedFamIn', pin[1]);
          if (pout) add('dedFamOut', pout[1]);
          break;
        }
        case 'deductibleFamily':
          add('dedFamIn', slotOf(v.in, 1));
          add('dedFamOut', slotOf(v.out, 1));
          break;
        case 'deductible': {
          // '$50 / $150' or '$50 individual / $150 family'
          const pin = v.in ? splitEvidence(v.in) : undefined;
          const pout = v.out ? splitEvidence(v.out) : undefined;
          if (pin) {
            add('dedIndIn', pin[0]);
            add('dedFamIn', pin[1]);
          } else add('dedIndIn', v.in);
          if (pout) {
            add('dedIndOut', pout[0]);
            add('dedFamOut', pout[1]);
          } else add('dedIndOut', v.out);
          break;
        }
        case 'orthoYearMaximum': {
          add('orthoYearMaxIn', v.in);
          add('orthoYearMaxOut', v.out);
          // the description column beside it says who orthodontia covers, as beside its
          // lifetime maximum
          if (v.in || v.out) personsBeside();
          break;
        }
        case 'annualMaximum':
          add('maxIn', v.in);
          add('maxOut', v.out);
          break;
        case 'orthoMaximum': {
          add('orthoMaxIn', v.in);
          add('orthoMaxOut', v.out);
          // 'Orthodontic Lifetime Maximum | Dependent children to age 19 | $1,500': the
          // description column says who is covered, for the plans that have the maximum
          if (v.in || v.out) personsBeside();
          break;
        }
        case 'orthoPersons':
          if (v.in && hasPercent(v.in.value)) {
            addService(facts, t, row, shape, label, scope, v, procedure);
            break;
          }
          add('orthoPersonsIn', v.in);
          add('orthoPersonsOut', v.out);
          break;
        case 'service': {
          // 'Orthodontia | 50%   50%' over 'Limits: | Child(ren) (applies to all levels)' in one
          // cell: the line about persons says who orthodontia covers, in every network
          if (isOrthodontic(label.text) && g === shape.groups[0]) {
            const persons = personsLine(row.cells, label);
            add('orthoPersonsIn', persons);
            add('orthoPersonsOut', persons);
          }
          // 'Orthodontics coverage | 50% (Under age 19)': the coverage, and whom it covers;
          // 'Orthodontia | $1,000 lifetime / Up to age 19': its lifetime maximum, and whom
          if (isOrthodontic(label.text)) v = splitPersons(v, add);
          // '• 100% coinsurance • Maximum two per calendar year': the share, not its limit
          v = withoutListedLimits(v);
          // 'Coinsurance (Preventive / Basic / Major) | 100% / 80% / 50%': one row per category
          const across = categoriesAcross(label.text, v);
          if (across) {
            for (const a of across)
              addService(
                facts,
                t,
                row,
                shape,
                { ...label, text: a.label },
                scope,
                a.values,
                procedure,
              );
            break;
          }
          addService(facts, t, row, shape, label, scope, v, procedure);
          if (categoryDeductibles.length > 0 && facts.services.length > 0)
            applyCategoryDeductible(facts.services.at(-1)!, label.text, categoryDeductibles, g);
          if (scheduled && facts.services.length > 0)
            facts.services[facts.services.length - 1]!.scheduled = true;
          if (forPersons && facts.services.length > 0) {
            const service = facts.services[facts.services.length - 1]!;
            service.orthodontic = true;
            service.persons = evidence(label.text.trim(), label.source, 'cell');
          }
          if (lastService?.row !== row.row)
            lastService = { label: label.text, row: row.row, rows: new Map() };
          lastService.rows.set(g, facts.services[facts.services.length - 1]!);
          break;
        }
        default:
          break;
      }
    }
  }
}

/**
 * Orthodontia's coverage printed with whom it covers ('50% (Under age 19)'): the coverage stays
 * in its network, the persons go to the same network's covered persons. Its lifetime maximum
 * printed with whom it covers ('$1,000 lifetime' over 'Up to age 19') is no coverage: the maximum
 * and the persons go to the network's slots.
 */
function splitPersons(
  v: NetworkValues,
  add: (k: FactKind, e: Evidence | undefined) => void,
): NetworkValues {
  const out: NetworkValues = {};
  for (const [net, kind] of [
    ['in', 'orthoPersonsIn'],
    ['out', 'orthoPersonsOut'],
  ] as const) {
    const e = v[net];
    if (!e) continue;
    const lifetime = lifetimeMaximumAndPersons(e.value);
    if (lifetime) {
      add(net === 'in' ? 'orthoMaxIn' : 'orthoMaxOut', { ...e, value: lifetime.maximum });
      add(kind, { ...e, value: lifetime.persons });
      continue;
    }
    const parts = coverageAndPersons(e.value);
    if (!parts) {
      out[net] = e;
      continue;
    }
    add(kind, { ...e, value: parts.persons });
    out[net] = { ...e, value: parts.coverage };
  }
  return out;
}

/** A bar that names a service code and a dental category ('Class II – Basic Services'). */
export function serviceBar(text: string): boolean {
  const m = text.match(/^\s*(class|type|group|category)\s+\S+\s*[-–—:]\s*(.+)$/i);
  return m !== null && DENTAL_CATEGORY.test(m[2]!);
}

/** An amount, then a note on what it does not apply to ('$50/$150 Excludes Class I'). */
const AMOUNT_NOTE =
  /^(\$[\d,.]+(?:\s*\/\s*\$[\d,.]+)*)\s+(?:excludes?|excluding|except|waived|does not apply|not applicable)\b.*$/i;

export function withoutNotes(v: NetworkValues): NetworkValues {
  const strip = (e: Evidence | undefined) => {
    const m = e?.value.match(AMOUNT_NOTE);
    return m ? { ...e!, value: m[1]! } : e;
  };
  const vin = strip(v.in);
  const vout = v.out === v.in ? vin : strip(v.out);
  return { ...(vin ? { in: vin } : {}), ...(vout ? { out: vout } : {}) };
}

/**
 * Category bars whose procedure rows share one value (a coverage cell spanning every row under
 * the bar, 'Class II – Basic Services' over 'Fillings', 'Endodontics'… beside one '80%'): the bar
 * is the service type and its rows the procedures it lists. A table reads so when a bar's value
 * spans two rows or more; its bars over a single procedure row then read the same way.
 */
export function barsWithLists(t: AnalyzedTable, shape: GridShape): Map<number, BodyRow[]> {
  const segments: Array<{ bar: BodyRow; label: string; rows: BodyRow[] }> = [];
  let current: (typeof segments)[number] | undefined;
  for (const row of t.body) {
    const label = rowLabelOf(row.cells, shape);
    if (!label) continue;
    if (isSectionRow(row.cells, shape)) {
      current = { bar: row, label: label.text, rows: [] };
      segments.push(current);
    } else current?.rows.push(row);
  }
  const valueCols = shape.groups
    .flatMap((g) => [g.in, g.out, g.both, ...(g.others ?? [])])
    .filter((c) => c !== undefined);
  const shared = (s: (typeof segments)[number]) => {
    const first = s.rows[0];
    if (!first || !CATEGORY_BAR.test(s.label) || /waiting|frequenc|limitation/i.test(s.label))
      return false;
    if (!valueCols.some((c) => COVERAGE_VALUE.test(cellText(first.cells[c])))) return false;
    return s.rows.every(
      (r) =>
        valueCols.every((c) => r.cells[c] === first.cells[c]) &&
        ['service', 'other'].includes(dentalRowKind(rowLabelOf(r.cells, shape)?.text ?? '', '')),
    );
  };
  // a bar over one row that describes it in a sentence naming no procedure ('ORTHODONTIC
  // SERVICES' over 'Diagnose or correct misalignment of the teeth or bite'): the bar is the service
  const described = (s: (typeof segments)[number]) => {
    const text = s.rows.length === 1 ? (rowLabelOf(s.rows[0]!.cells, shape)?.text ?? '') : '';
    // a sentence in running type, not a title-cased name ('Complete Upper or Lower Denture')
    const words = text.split(/\s+/);
    const lower = words.filter((w) => /^[a-z]/.test(w)).length;
    return (
      words.length >= 5 &&
      lower >= words.length / 2 &&
      !CATEGORY_BAR.test(text) &&
      !/[$%\d]/.test(text)
    );
  };
  const kept = segments.filter(shared);
  const spanning = kept.some((s) => s.rows.length >= 2);
  return new Map(kept.filter((s) => spanning || described(s)).map((s) => [s.bar.row, s.rows]));
}

type BodyRow = AnalyzedTable['body'][number];

/** The service a category bar heads, listing the procedure rows under it, with their one value. */
function addBarService(
  facts: Facts,
  t: AnalyzedTable,
  bar: BodyRow,
  rows: BodyRow[],
  shape: GridShape,
  label: NonNullable<ReturnType<typeof rowLabelOf>>,
  scope: Scope,
): void {
  const names = rows.map((r) => rowLabelOf(r.cells, shape)?.text ?? '').filter(Boolean);
  const listed = { ...label, description: names.join(', '), descriptionSource: label.source };
  for (const g of shape.groups) {
    const own: Scope = g.option ? { product: 'dental', classRef: g.option } : scope;
    // read as the procedures are (a category printing its own value elsewhere outranks it)
    addService(facts, t, bar, shape, listed, own, networkValues(rows[0]!.cells, g), true);
  }
}

/**
 * A row whose label names several categories separated by slashes ('Coinsurance (Preventive /
 * Basic / Major)', 'Preventive / Basic / Major') and whose every value splits into as many parts
 * at the same separator: one service per category, each with its part of every value.
 */
export function categoriesAcross(
  label: string,
  v: NetworkValues,
): Array<{ label: string; values: NetworkValues }> | undefined {
  const inner = label.match(/\(([^()]*\/[^()]*)\)/)?.[1] ?? label;
  const names = inner.split(/\s*\/\s*/).map((n) => n.trim());
  if (names.length < 2 || !names.every((n) => n && DENTAL_CATEGORY.test(n))) return undefined;
  const parts = (e: Evidence | undefined) => e?.value.split(/\s+\/\s+/);
  const pin = parts(v.in);
  const pout = parts(v.out);
  if (!pin && !pout) return undefined;
  if ((pin && pin.length !== names.length) || (pout && pout.length !== names.length))
    return undefined;
  return names.map((name, k) => ({
    label: name,
    values: {
      ...(v.in ? { in: { ...v.in, value: pin![k]!.trim(), method: 'split' } } : {}),
      ...(v.out ? { out: { ...v.out, value: pout![k]!.trim(), method: 'split' } } : {}),
    },
  }));
}

/** A row that names the plan of each option printed side by side. */
export const PLAN_ROW = /^(plan|plan name|plan option|product|product name|plan design name)$/i;

/**
 * A line of a value cell in the row that says only whom a service covers ('Child(ren) (applies to
 * all levels)', 'Adults and children'), its note on where it applies dropped; else undefined.
 */
export function personsLine(
  cells: AnalyzedTable['body'][number]['cells'],
  label: { text: string },
): Evidence | undefined {
  const seen = new Set<Cell>();
  for (const cell of cells) {
    if (!cell || seen.has(cell) || cell.col === 0 || cellText(cell) === label.text) continue;
    seen.add(cell);
    // the sub-labels beside the values ('Orthodontia', 'Limits:') name no persons
    if (cell.lines.length < 2) continue;
    for (const l of cell.lines) {
      const text = l.text.replace(SPANNING_NOTE, '').replace(SPANNING_NOTE_OPENED, '').trim();
      if (!PERSONS_ONLY.test(text)) continue;
      return evidence(text, sourceOfCell(cell), 'cell', 0.2);
    }
  }
  return undefined;
}

/** Whom a benefit covers, and nothing else: 'Child(ren)', 'Adults and children', 'Adult & Child'. */
const PERSONS_ONLY =
  /^(child\(ren\)|children|child|adults?|dependent children)((\s*(and|&|\/|,)\s*)(child\(ren\)|children|child|adults?))?(\s+(to|through|under|up to)\s+(age\s+)?\d{1,2})?( only)?$/i;

function aboutPersons(
  cells: AnalyzedTable['body'][number]['cells'],
  shape: ReturnType<typeof gridShape>,
): boolean {
  const values = shape.groups
    .flatMap((g) => [g.in, g.out, g.both])
    .map((c) => valueAt(cells, c)?.value)
    .filter((v): v is string => Boolean(v));
  return (
    values.length > 0 &&
    values.every((v) => !hasPercent(v) && !/\$/.test(v)) &&
    values.some((v) => /\b(child|children|adults?|age|dependents?|members?|persons?)\b/i.test(v))
  );
}

function firstHeaderCell(t: AnalyzedTable, col: number) {
  for (let r = 0; r < t.headerRows + (t.caption ? 1 : 0) + 1; r++) {
    const cell = t.table.cells.find((c) => c.row === r && col >= c.col && col < c.col + c.colSpan);
    if (cell && cellText(cell)) return cell;
  }
  return undefined;
}

/** 'Basic Services: Fillings, oral surgery' → the category, then the procedures it lists. */
export function titleAndList(text: string): [string, string] | undefined {
  const m = text.match(/^([^:]{3,40}):\s+(\S.*)$/s);
  if (!m || !DENTAL_CATEGORY.test(m[1]!) || m[2]!.split(/,|\band\b/).length < 2) return undefined;
  return [m[1]!.trim(), m[2]!.replace(/\s+/g, ' ').trim()];
}

/** 'Comprehensive orthodontic treatment – adult or child': the persons after the dash. */
const PERSONS_AFTER_DASH =
  /\s[–—-]\s*((?:adults?|child(?:ren)?|dependents?)(?:\s+(?:or|and|&)\s+(?:adults?|child(?:ren)?|dependents?))?)\s*$/i;

/** A line that only states lifetime maximums ('$3,500 Child Lifetime Maximum, $3,000 Adult …'). */
const AMOUNTS_OF_LIFETIME_MAXIMUM =
  /^\s*\$\s?[\d,]+(?:\s+[A-Za-z]+)?\s+lifetime\s+maximum(?:\s*[,;]\s*\$\s?[\d,]+(?:\s+[A-Za-z]+)?\s+lifetime\s+maximum)*\.?\s*$/i;

/** 'A share/… lifetime maximum' in one cell: the coverage, then the lifetime maximum. */
const COVERAGE_THEN_LIFETIME_MAX =
  /^(\d{1,3}\s?%[^/]*?)\s*\/\s*(\$\s?[\d,]+[^/]*\blifetime\s+maximum)$/i;

/**
 * The procedures a list column's cell names: what a sentence says the category includes, none
 * where it says the plan has no such benefit, else the cell without its closing full stop.
 */
function listedIn(text: string): string | undefined {
  if (NO_BENEFIT_SENTENCE.test(text)) return undefined;
  const included = text.match(INCLUDES_BETWEEN_DASHES);
  return (included ? included[1]! : text).replace(/\.\s*$/, '').trim() || undefined;
}

function addService(
  facts: Facts,
  t: AnalyzedTable,
  row: AnalyzedTable['body'][number],
  shape: ReturnType<typeof gridShape>,
  label: NonNullable<ReturnType<typeof rowLabelOf>>,
  scope: Scope,
  v: NetworkValues,
  procedure = false,
): void {
  // a bare code beside its category in a column of its own reads as 'Type 1 – Preventive'
  const titleCell = valueAt(row.cells, shape.titleCol);
  // 'Diagnostic & Preventive: Exams, cleanings, x-rays' in the title column: the title, then its list
  const titled = titleCell ? titleAndList(titleCell.value) : undefined;
  // a code printed in a column of its own keys the row; its description is the title as printed
  const parsed = label.code
    ? { label: label.code, title: label.title ?? label.text }
    : parseServiceLabel(
        titleCell && BARE_SERVICE_CODE.test(label.text.trim())
          ? `${label.text.trim()} – ${titled ? titled[0] : titleCell.value}`
          : label.text,
      );
  if (titled && !parsed.list) parsed.list = titled[1];
  if (!parsed.label) return;
  const service: ServiceRow = {
    scope,
    order: t.order + row.row / 1000,
    label: evidence(parsed.label, label.source, 'cell'),
    title: evidence(parsed.title, label.source, 'cell'),
    own: {},
    // a bare code ('Group IV') is orthodontic when the category beside it says so
    orthodontic: isOrthodontic(label.text) || isOrthodontic(parsed.title),
    ...(procedure ? { procedure } : {}),
  };
  const listCol = shape.listCol ?? listBesideNetworks(row.cells, shape);
  const listCell = valueAt(row.cells, listCol);
  // one procedure a line in the grid's own list column, each with its limit: the procedures (a
  // line under the label, '(Includes Endodontics)', is then a note)
  const items = listCell ? procedureItems(row.cells[listCol!]) : undefined;
  if (items && listCell) service.list = { ...listCell, value: items, method: 'split' };
  else if (label.description && service.orthodontic && WHO_ONLY.test(label.description)) {
    // 'Orthodontic Services' over '◦ Dependent children through age 18': whom it covers
    service.persons ??= evidence(
      label.description.replace(/^\W*o\s+|^\W+/, ''),
      label.descriptionSource ?? label.source,
      'cell',
    );
  } else if (
    label.description &&
    !definesInASentence(label.description) &&
    !SUB_BULLET.test(label.description) &&
    !NETWORK_NOTE.test(label.description)
  ) {
    // (a sentence that defines the category lists nothing, nor a second-level bullet under no
    // item or a note on the networks: notes on the row, 'o Not Covered' under 'Orthodontic
    // Services', 'Combined in- and out-of-network' under 'Orthodontia')
    service.list = evidence(label.description, label.descriptionSource ?? label.source, 'cell');
  } else if (parsed.list) service.list = evidence(parsed.list, label.source, 'cell');
  else if (listCell) {
    const listed = listedIn(listCell.value);
    if (listed) service.list = { ...listCell, value: listed };
  }
  if (parsed.persons) service.persons = evidence(parsed.persons, label.source, 'cell');
  if (service.orthodontic) {
    // 'Orthodontia • Child': whom it covers, as a bullet after the title
    const [title, who] = parsed.title.split(/\s+[•·]\s+/);
    if (who && WHO_ONLY.test(who)) {
      service.title = { ...service.title, value: title!.trim() };
      service.persons ??= evidence(who.trim(), label.source, 'cell');
    }
    // 'Lifetime Maximum: In-Network: $1,000 Non-Network: $1,000' under the label: its maximum
    // per network, no list of procedures
    const max = label.description?.match(/^\s*lifetime\s+maximum\s*:?\s*(.+)$/i);
    const per = max ? amountsByNetwork(max[1]!) : {};
    // '$3,500 Child Lifetime Maximum, $3,000 Adult Lifetime Maximum' under the label: its
    // maximum as printed, for both networks
    if (!max && label.description && AMOUNTS_OF_LIFETIME_MAXIMUM.test(label.description))
      per.in = per.out = withoutSentenceStop(label.description.trim());
    if (per.in || per.out) {
      const src = label.descriptionSource ?? label.source;
      if (per.in) facts.add('orthoMaxIn', evidence(per.in, src, 'cell'), scope, service.order);
      if (per.out) facts.add('orthoMaxOut', evidence(per.out, src, 'cell'), scope, service.order);
      if (service.list?.value === label.description) delete service.list;
    }
  }
  // 'Comprehensive orthodontic treatment – adult or child': whom it covers, after the dash
  const forWhom = service.orthodontic ? parsed.title.match(PERSONS_AFTER_DASH) : null;
  if (forWhom && !service.persons) service.persons = evidence(forWhom[1]!, label.source, 'cell');
  // ('50% Limited to 1 time per tooth …': the guideline run on into the value is no part of it)
  const share = (e: Evidence) => ({ ...e, value: shareBeforeLimit(e.value) });
  if (v.in) service.coverageIn = share(v.in);
  if (v.out) service.coverageOut = share(v.out);
  // '40% after deductible/$3,000 lifetime maximum': orthodontia's coverage, then its maximum
  if (service.orthodontic) {
    for (const [side, kind] of [
      ['coverageIn', 'orthoMaxIn'],
      ['coverageOut', 'orthoMaxOut'],
    ] as const) {
      const e = service[side];
      const m = e?.value.match(COVERAGE_THEN_LIFETIME_MAX);
      if (!e || !m) continue;
      service[side] = { ...e, value: m[1]!.trim(), method: 'split' };
      facts.add(kind, { ...e, value: m[2]!.trim(), method: 'split' }, scope, service.order);
    }
  }
  // a deductible printed in the service's own column replaces the class-wide one
  const own = valueAt(row.cells, shape.deductibleCol);
  const ownOut = valueAt(row.cells, shape.deductibleOutCol);
  if (shape.deductibleOutCol !== undefined) {
    // printed per network: each network's individual deductible
    if (own) service.own.dedIndIn = own;
    if (ownOut) service.own.dedIndOut = ownOut;
  } else if (own) {
    const pair = splitEvidence(own);
    const slots = pairSlots(own.value);
    const [ind, fam] = pair && !slots.network ? pair : [own, own];
    service.own = { dedIndIn: ind, dedIndOut: ind, dedFamIn: fam, dedFamOut: fam };
  }
  facts.services.push(service);
}

/** 'Plan pays 50 percent', 'pays 50%': the share a sentence says the plan pays. */
const PAYS_SHARE = /\b(?:plan|we)?\s*pays?\s+(\d{1,3}(?:\.\d+)?\s?(?:%|percent))/i;
/** '$1,500 lifetime orthodontia maximum', 'lifetime maximum of $1,500'. */
const LIFETIME_AMOUNT =
  /(\$\s?[\d,]+(?:\.\d\d)?)\s+lifetime\s+(?:orthodont\w*\s+)?maximum|lifetime\s+(?:orthodont\w*\s+)?maximum\s+(?:of\s+|is\s+)?(\$\s?[\d,]+(?:\.\d\d)?)/i;
/** 'Child orthodontia covers children through age 18'. */
const COVERS_PERSONS =
  /\bcovers\s+((?:eligible\s+|covered\s+|dependent\s+)*(?:children|child|adults(?:\s+and\s+children)?|dependents)\b[^.;]*)/i;

export interface OrthodontiaParagraph {
  coverage: string;
  maximum?: string;
  persons?: string;
}

/**
 * What a paragraph about orthodontia says of it ('Child orthodontia covers children through age
 * 18. Plan pays 50 percent (no deductible) of the covered orthodontia services, up to: $1,500
 * lifetime orthodontia maximum.'): the share the plan pays, the lifetime maximum and whom it
 * covers; undefined when it names no share.
 */
export function orthodontiaParagraph(text: string): OrthodontiaParagraph | undefined {
  const t = text.replace(/\s+/g, ' ');
  if (!isOrthodontic(t)) return undefined;
  const share = t.match(PAYS_SHARE)?.[1];
  if (!share) return undefined;
  const max = t.match(LIFETIME_AMOUNT);
  const persons = t.match(COVERS_PERSONS)?.[1]?.trim();
  return {
    coverage: share,
    ...(max ? { maximum: (max[1] ?? max[2])!.replace(/\s+/g, '') } : {}),
    ...(persons ? { persons } : {}),
  };
}

/**
 * A dental plan whose grids print no yearly maximum, stated once in a highlight of its own ('Plan
 * Maximum of $2,000 per person, per calendar year.', a line or a table cell of a highlights list):
 * that maximum, for both networks.
 */
export function collectHighlightedMaximum(doc: AnalyzedDocument, facts: Facts): void {
  if (!facts.services.some((s) => s.scope.product === 'dental' || !s.scope.product)) return;
  if (facts.facts.some((f) => /^max(In|Out)$/.test(f.kind))) return;
  const found: Array<{ value: string; source: Evidence['source']; order: number }> = [];
  for (const item of doc.items) {
    if (item.kind === 'line') {
      const value = highlightedMaximum(item.line.text);
      if (value) found.push({ value, source: sourceOfLines([item.line]), order: item.order });
      continue;
    }
    for (const cell of item.table.table.cells) {
      const value = highlightedMaximum(cellText(cell));
      if (value) found.push({ value, source: sourceOfCell(cell), order: item.order });
    }
  }
  if (found.length !== 1) return;
  const [one] = found;
  const scope: Scope = { product: 'dental' };
  facts.add('maxIn', evidence(one!.value, one!.source, 'prose'), scope, one!.order);
  facts.add('maxOut', evidence(one!.value, one!.source, 'prose'), scope, one!.order);
}

/**
 * Deductibles said only in running text, no table printing one (`deductiblesSaid`): the lines of a
 * paragraph joined, each sentence read with the plan's options (the classes of its dental
 * services); the first sentence for a network gives that network's individual deductible, each
 * option's or every class's.
 */
export function collectDeductibleProse(doc: AnalyzedDocument, facts: Facts): void {
  if (!facts.shown.has('dental')) return;
  if (facts.facts.some((f) => /^ded(Ind|Fam)(In|Out)$/.test(f.kind))) return;
  const options = [
    ...new Set(
      facts.services.flatMap((s) =>
        s.scope.product !== 'vision' && s.scope.classRef ? [s.scope.classRef] : [],
      ),
    ),
  ];
  const done = new Set<'in' | 'out'>();
  let lines: Line[] = [];
  let order = 0;
  const flush = () => {
    const text = lines.map((l) => l.text.trim()).join(' ');
    for (const sentence of text.split(/(?<=\.)\s+|\s*[\u2022\uf0b7]\s*/)) {
      const said = deductiblesSaid(sentence, options);
      if (!said || done.has(said.network)) continue;
      done.add(said.network);
      const kind = said.network === 'in' ? 'dedIndIn' : 'dedIndOut';
      for (const { option, amount } of said.amounts)
        facts.add(
          kind,
          evidence(amount, sourceOfLines(lines), 'prose'),
          { product: 'dental', ...(option ? { classRef: option } : {}) },
          order,
        );
    }
    lines = [];
  };
  for (const item of doc.items) {
    const part = item.kind === 'line' && !item.heading ? item : undefined;
    if (!part || (lines.length > 0 && lines[0]!.page !== part.line.page)) flush();
    if (!part) continue;
    if (lines.length === 0) order = part.order;
    lines.push(part.line);
  }
  flush();
}

/**
 * Orthodontia described in a paragraph under a heading of its own ('Orthodontia services') when no
 * table printed it: a service row with the share, lifetime maximum and persons the paragraph names.
 */
export function collectOrthodontiaProse(doc: AnalyzedDocument, facts: Facts): void {
  if (!facts.shown.has('dental')) return;
  if (facts.services.some((s) => s.orthodontic && s.scope.product === 'dental')) return;
  const items = doc.items;
  for (let i = 0; i + 1 < items.length; i++) {
    const head = items[i]!;
    if (head.kind !== 'line') continue;
    const title = head.line.text.trim();
    if (!isOrthodontic(title) || /[\d$%.:]/.test(title) || title.split(/\s+/).length > 4) continue;
    // the paragraph: the lines under the heading, on its page, up to a wider gap
    const lines: Line[] = [];
    for (let j = i + 1; j < items.length && lines.length < 6; j++) {
      const it = items[j]!;
      if (it.kind !== 'line' || it.heading || it.line.page !== head.line.page) break;
      const above = lines[lines.length - 1] ?? head.line;
      if (it.line.box[1] - above.box[3] > it.line.size * 1.2) break;
      lines.push(it.line);
    }
    if (lines.length === 0) continue;
    const said = orthodontiaParagraph(lines.map((l) => l.text).join(' '));
    if (!said) continue;
    const source = sourceOfLines(lines);
    const scope: Scope = {
      product: 'dental',
      ...(head.scope.classRef ? { classRef: head.scope.classRef } : {}),
    };
    const coverage = evidence(said.coverage, source, 'prose');
    const name = evidence(title, sourceOfLines([head.line]), 'heading');
    facts.services.push({
      scope,
      order: head.order,
      label: name,
      title: name,
      coverageIn: coverage,
      coverageOut: coverage,
      own: {},
      ...(said.persons ? { persons: evidence(said.persons, source, 'prose') } : {}),
      orthodontic: true,
    });
    if (said.maximum) {
      facts.add('orthoMaxIn', evidence(said.maximum, source, 'prose'), scope, head.order);
      facts.add('orthoMaxOut', evidence(said.maximum, source, 'prose'), scope, head.order);
    }
    return;
  }
}
