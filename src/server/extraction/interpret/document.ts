import {
  type Block,
  type Cell,
  cellAt,
  type DocumentLayout,
  type Line,
  type Table,
} from '../layout.ts';
import { median } from '../read/lines.ts';
import type { Scope } from './evidence.ts';
import { cleanValue, joinWrapped, looksLikeValue } from './values.ts';
import {
  ageGroupOf,
  dentalRowKind,
  FREQUENCY_VALUE,
  frequencyItems,
  GENERIC_PLAN_NAME,
  insurerMentions,
  isGenericHeading,
  isOptionName,
  isTierLabel,
  keyKind,
  MEMBER_GROUP_IN_TITLE,
  NETWORK_NAMED_BESIDE,
  namesOtherCoverage,
  networkOf,
  OPTION_BENEFITS_HEADING,
  OPTION_PAYS_HEADING,
  PAYS_ALIKE_IN_AND_OUT,
  PLAN_IN_SECTION_TITLE,
  PLAN_NUMBER_LINE,
  PROCEDURE_CODE,
  type Product,
  planOfHeading,
  productsNamed,
  rateMeasure,
  VISION_SERVICE,
  yearOfMembership,
} from './vocabulary.ts';

/**
 * The document as the interpreter walks it: blocks in reading order, each with the product and
 * class section it sits in, headings marked, and tables with their header rows and column
 * headings worked out.
 */

export interface Column {
  index: number;
  /** Header texts covering the column, top to bottom. */
  path: string[];
  heading: string;
  network?: 'in' | 'out';
  /** A plan option the heading names ('Low Plan'). */
  option?: string;
  /** A class the heading names ('Class A Employee Contribution'). */
  classRef?: string;
}

export interface BodyRow {
  row: number;
  /** The cell covering each column in this row (spanning cells included). */
  cells: Array<Cell | undefined>;
}

export interface AnalyzedTable {
  table: Table;
  headerRows: number;
  columns: Column[];
  body: BodyRow[];
  scope: Scope;
  /** Text of leading full-width rows (a title printed inside the table). */
  caption?: string;
  /** The nearest heading above the table (or its caption). */
  heading?: string;
  /** The heading is the line right above the table (nothing between them). */
  headingAbove?: boolean;
  /** The grid on a page before that this one goes on from (`continuedFromPageBefore`). */
  continues?: AnalyzedTable;
  order: number;
}

export type Item =
  | { kind: 'line'; line: Line; heading: boolean; scope: Scope; order: number }
  | { kind: 'table'; table: AnalyzedTable; order: number };

export interface AnalyzedDocument {
  items: Item[];
  /** Lines taken out as running headers and footers. */
  furniture: Line[];
  bodySize: number;
}

/** The class a heading or label names at its start ('Class 1: Dental …', 'Class A – Union'). */
export function classRefIn(text: string): string | undefined {
  const m = text
    .trim()
    .match(/^(class|tier|group|division|location)\s+([A-Z]{1,2}|\d{1,4}|[IVX]{1,4})\b/i);
  if (!m) return undefined;
  // 'Class A, B, and C Services are subject to …': several codes listed at once name no one class
  const after = text.trim().slice(m[0].length);
  if (/^\s*,\s*(?:[A-Z]{1,2}|\d{1,4}|[IVX]{1,4})\s*(?:,|and\b|&|or\b)/i.test(after))
    return undefined;
  return `${m[1]!.charAt(0).toUpperCase()}${m[1]!.slice(1).toLowerCase()} ${m[2]!.toUpperCase()}`;
}

/**
 * The plan option a numbered option heading names: 'Option 1 — Basic Plan (Ameritas PPO 1000)' →
 * 'Basic Plan' (options printed one after the other, each under its own heading); or the plan a
 * section title names in its closing parenthesis: 'Description of Covered Services (Comp 1500
 * plan)' → 'Comp 1500 plan'.
 */
export function optionNamedIn(text: string, dashedPlans = false): string | undefined {
  const m = text
    .trim()
    .match(/^(?:plan\s+)?option\s+(?:\d{1,2}|[A-D])\s*[—–:-]\s*([^()]{2,40}?)\s*(?:\(.*\))?$/i);
  const name = m?.[1]?.trim();
  if (name && /\b(plan|option|ppo|hmo|dhmo|epo)\b/i.test(name)) return name;
  // plans printed one after another, each section titled with its plan in parentheses
  // a section heading naming its plan after a dash ('PLAN AND SERVICE FREQUENCIES - Basic Plan')
  // (only where the document names two plans or more so: one plan is no class of its own)
  const dashed = dashedPlans ? planOfHeading(text) : undefined;
  if (dashed && dashed !== text) return dashed;
  // coverage printed once per age group of members, each summary titled by its group
  const group = text.trim().match(MEMBER_GROUP_IN_TITLE)?.[1];
  if (group)
    return group
      .toLowerCase()
      .split(/\s+/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
  // options printed one section after another, each chart under 'How the PDP Option Pays
  // Benefits' (a plan of another coverage, 'How the Medical Plan Pays Benefits', is none)
  const pays = text.trim().match(OPTION_PAYS_HEADING)?.[1]?.trim();
  if (pays && !GENERIC_PLAN_NAME.test(pays) && !namesOtherCoverage(pays)) return pays;
  const titled = text.trim().match(PLAN_IN_SECTION_TITLE)?.[1]?.trim();
  // (a name, capitalised or numbered: '(see your plan)' is a remark)
  return titled && /^[A-Z0-9]/.test(titled) && !GENERIC_PLAN_NAME.test(titled) ? titled : undefined;
}

/**
 * The plan option a grid's label column is headed by (OPTION_BENEFITS_HEADING): 'High Option
 * Benefits (cont.)' → 'High Option'; undefined for a heading naming the product or whose plan it is
 * ('Dental Plan Benefits', 'Your Plan Benefits').
 */
export function optionOfLabelHeading(text: string): string | undefined {
  const name = text.trim().match(OPTION_BENEFITS_HEADING)?.[1];
  if (!name || GENERIC_PLAN_NAME.test(name) || /^(summary|schedule|group)\b/i.test(name))
    return undefined;
  return name;
}

/** Whether a text says it applies to all classes. */
export function namesAllClasses(text: string): boolean {
  return /\ball (eligible )?classes\b|\ball coverages\b/i.test(text);
}

/** Normalised class identity: 'Class 1', 'class 1 ' and 'CLASS 1' are one class. */
export function classKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function updateScope(scope: Scope, text: string, dashedPlans = false): Scope {
  // 'Prepared for Westbrook Dental Lab' names the client, not a section
  if (
    /^\s*(prepared|presented|proposal|quote)\s+(for|to)\b|^\s*(client|employer|group name)\b/i.test(
      text,
    )
  )
    return scope;
  // a section heading names its product near its start
  // ('Benefits Proposal — Vision and Dental': a product joined to those words is near too)
  const words = text.split(/\s+/);
  let near = 5;
  // ('Renewal Proposal — Dental and Vision': a joiner ending the window brings in the next word)
  const joiner = (w: string | undefined) => w !== undefined && /^(and|&|\+|\/)$/i.test(w);
  for (;;) {
    if (near < words.length && joiner(words[near - 1])) near += 1;
    else if (near + 1 < words.length && joiner(words[near])) near += 2;
    else break;
  }
  const products = productsNamed(words.slice(0, near).join(' '));
  const classRef = classRefIn(text) ?? optionNamedIn(text, dashedPlans);
  if (products.length === 1)
    return classRef ? { product: products[0], classRef } : { product: products[0] };
  if (products.length === 2) return classRef ? { classRef } : {};
  if (classRef) return { ...scope, classRef };
  if (namesAllClasses(text)) return scope.product ? { product: scope.product } : {};
  return scope;
}

function isHeadingLine(line: Line, bodySize: number): boolean {
  const words = line.text.trim().split(/\s+/).length;
  if (words > 14 || /[.;]$/.test(line.text.trim())) return false;
  return line.size >= bodySize * 1.12 || line.bold === true || capitalsHeading(line.text);
}

/**
 * A heading set in body type the way a printout without typefaces marks one: two words or more in
 * capitals, alone or before a dash or colon ('MONTHLY RATES', 'PLAN DESIGN - Acme PPO 1500').
 */
export function capitalsHeading(text: string): boolean {
  const m = text.trim().match(/^([A-Z][A-Z&/]+(?:\s+[A-Z][A-Z&/]+)+)(\s+[-–—:]\s+\S.*)?$/);
  return m !== null && m[1]!.replace(/[^A-Z]/g, '').length >= 6;
}

/** Each cell's text, joined once (a cell is read by many checks); kept while its lines are. */
const cellTexts = new WeakMap<Cell, { lines: Line[]; text: string; joined: string }>();

/** Cell text with wrapped lines joined. */
export function cellText(cell: Cell | undefined): string {
  if (!cell) return '';
  const known = cellTexts.get(cell);
  if (known && known.lines === cell.lines && known.text === cell.text) return known.joined;
  const joined = cleanValue(
    joinWrapped(cell.lines.length ? cell.lines.map((l) => l.text) : [cell.text]),
  );
  cellTexts.set(cell, { lines: cell.lines, text: cell.text, joined });
  return joined;
}

/** A header cell: a column heading, not a value and not a row label with values beside it. */
function isHeadingText(text: string): boolean {
  if (!text) return true;
  if (looksLikeValue(text) && !/^(every|once)\b/i.test(text) && networkOf(text) === undefined)
    return false;
  if (/\$\s?\d/.test(text)) return false;
  return true;
}

/**
 * A table's grid slots and the cell covering each, as `cellAt` finds it (the first cell in the
 * table's order that covers the slot): found once per table, where the checks of its rows ask
 * for each row many times over. Built again should the table's cells or size change.
 */
interface Slots {
  cells: Cell[];
  count: number;
  rows: number;
  cols: number;
  /** Rows 0 .. slots.length - 1, each `cols` wide. */
  slots: Array<Array<Cell | undefined>>;
}
const slotsOfTable = new WeakMap<Table, Slots>();

function slotsOf(table: Table): Slots {
  const known = slotsOfTable.get(table);
  if (
    known &&
    known.cells === table.cells &&
    known.count === table.cells.length &&
    known.rows === table.rows &&
    known.cols === table.cols
  )
    return known;
  const height = Math.max(table.rows, ...table.cells.map((c) => c.row + c.rowSpan));
  const slots = Array.from({ length: Math.max(0, Math.ceil(height)) }, () =>
    new Array<Cell | undefined>(table.cols).fill(undefined),
  );
  for (const c of table.cells) {
    for (let r = Math.max(0, Math.ceil(c.row)); r < c.row + c.rowSpan && r < slots.length; r++) {
      const line = slots[r]!;
      for (let k = Math.max(0, Math.ceil(c.col)); k < c.col + c.colSpan && k < table.cols; k++)
        line[k] ??= c;
    }
  }
  const built = {
    cells: table.cells,
    count: table.cells.length,
    rows: table.rows,
    cols: table.cols,
    slots,
  };
  slotsOfTable.set(table, built);
  return built;
}

function rowCells(table: Table, row: number): Array<Cell | undefined> {
  const line = Number.isInteger(row) && row >= 0 ? slotsOf(table).slots[row] : undefined;
  if (line) return [...line];
  return Array.from({ length: table.cols }, (_, c) => cellAt(table, row, c));
}

function startsInRow(cells: Array<Cell | undefined>, row: number): Cell[] {
  const seen = new Set<Cell>();
  const out: Cell[] = [];
  for (const c of cells) {
    if (c && c.row === row && !seen.has(c)) {
      seen.add(c);
      out.push(c);
    }
  }
  return out;
}

/**
 * A heading that names both networks ('In-Network Out-of-Network', 'In & Out of Network', 'a
 * Participating or Non-Participating Dentist'), or a plan that pays alike in both ('Passive PPO').
 */
export function namesBothNetworks(text: string): boolean {
  const t = text.toLowerCase().replace(/[\u2010-\u2015]/g, '-');
  return (
    PAYS_ALIKE_IN_AND_OUT.test(t) ||
    (/\bin[- ]?(network|&|and|\/|or\b)/.test(t) &&
      /out[- ]?of[- ]?network|non[- ]?network/.test(t)) ||
    /\b(participating|contracted|preferred)\s*\d*\s*(or|and|\/|&)\s*non[- ]?\1\d*\b/.test(t)
  );
}

/** A heading that says 'network' (in, out, non-network, participating), not just a network's name. */
export function namesNetworkExplicitly(text: string): boolean {
  return /network|non[- ]?par|participating|reimburs|\b(in|out|oon)\b|out-of-area/i.test(text);
}

/** A heading naming its column's network outright, or both networks. */
function namesNetworkHeading(text: string): boolean {
  return namesBothNetworks(text) || oneNetworkNamed(text) !== undefined;
}

/** The one network a heading or bar names outright ('Out-of-Network Reimbursements'), if any. */
export function oneNetworkNamed(text: string): 'in' | 'out' | undefined {
  return namesNetworkExplicitly(text) && !namesBothNetworks(text) ? networkOf(text) : undefined;
}

/** The heading of a value column ('In-Network', 'Monthly Rate', 'Definition'). */
function columnHeading(text: string): boolean {
  const t = text.trim();
  return (
    networkOf(t) !== undefined ||
    rateMeasure(t) !== 'other' ||
    isGenericHeading(t) ||
    /^(definition|description|frequency|values?|details?|amount|provision)$/i.test(t)
  );
}

/** A word that marks column headings rather than data. */
function headingSignal(text: string): boolean {
  // (footnote numbers glued to the word: 'Benefits6,7,8')
  const t = text.trim().replace(/(?<=[a-z])\d+(,\d+)*$/i, '');
  if (!t) return false;
  return (
    networkOf(t) !== undefined ||
    isGenericHeading(t) ||
    rateMeasure(t) !== 'other' ||
    frequencyItems(t).length > 0 ||
    isTierLabel(t) ||
    (productsNamed(t).length > 0 && t.split(/\s+/).length <= 2) ||
    /\b(plan|option|class|definition|description|tier|frequency|hours|contribution|funding|current|renewal|benefits?|services?|materials|coverage|category|d?ppo|d?hmo|dmo|epo|your payment|you pay|applies)\b/i.test(
      t,
    )
  );
}

/**
 * Leading rows that are column headings. A key–value table (labels in the first column, values
 * in the second) has none.
 */
const AMOUNT_ONLY = /^\s*\$\s?\d[\d,]*(\.\d+)?\s*$/;

/**
 * A first row of names over columns of amounts ('Coverage | Salaried | Hourly | Union' over
 * 'Employee | $41.26 | $43.90 | $39.55'): short words without figures, three or more of them, and
 * the next row and the one after hold an amount under every name but the first.
 */
function namesAmountColumns(table: Table, r: number, own: Cell[]): boolean {
  if (own.length < 3 || own.some((c) => c.colSpan > 1)) return false;
  const texts = own.map((c) => cellText(c));
  if (texts.some((t) => !t || /[\d$%]/.test(t) || t.split(/\s+/).length > 4)) return false;
  for (const next of [r + 1, r + 2]) {
    if (next >= table.rows) return false;
    const below = rowCells(table, next);
    const amounts = own.filter((c) => c.col > 0 && AMOUNT_ONLY.test(cellText(below[c.col])));
    if (amounts.length < own.length - 1) return false;
  }
  return true;
}

/** A short name without figures that names a known insurer and no network ('EyeMed'). */
function namesAnInsurer(name: string): boolean {
  return (
    !!name &&
    name.split(/\s+/).length <= 6 &&
    !/[\d$%]/.test(name) &&
    insurerMentions(name).length > 0 &&
    networkOf(name) === undefined
  );
}

/**
 * A first row of insurers' names over value columns ('Davis Vision by MetLife | EyeMed | MetLife
 * Vision'), the label cell empty or a mark: plans of several insurers compared side by side. Each
 * value cell is a short name without figures that names a known insurer, no two alike.
 */
export function namesInsurerColumns(table: Table, r: number): boolean {
  const cells = rowCells(table, r);
  const own = startsInRow(cells, r);
  const label = cells[0] && cells[0].row === r ? cellText(cells[0]) : '';
  if (/[a-z0-9]/i.test(label) && !isGenericHeading(label)) return false;
  const names = own.filter((c) => c.col > 0).map((c) => cellText(c));
  if (names.length < 2 || own.some((c) => c.col > 0 && c.colSpan > 1)) return false;
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) return false;
  return names.every(namesAnInsurer);
}

/**
 * A first row of plan options' names over value columns, each spanning its own columns
 * ('Standard | Deluxe | Deluxe Plus', the last two over In / Out below), the label cell empty or
 * a heading of the label column ('Benefits'):
 * two or more distinct option names (`isOptionName`) without figures, any other cell a column
 * heading ('Benefits').
 */
export function namesOptionColumns(table: Table, r: number): boolean {
  const cells = rowCells(table, r);
  const own = startsInRow(cells, r);
  const label = cells[0] && cells[0].row === r ? cellText(cells[0]) : '';
  if (/[a-z0-9]/i.test(label) && !isGenericHeading(label)) return false;
  if (own.some((c) => c.col === 0 && c.colSpan > 1)) return false;
  const texts = own
    .filter((c) => c.col > 0)
    .map((c) => cellText(c))
    .filter(Boolean);
  const names = texts.filter((t) => !isGenericHeading(t));
  if (names.length < 2 || new Set(names.map((n) => n.toLowerCase())).size !== names.length)
    return false;
  return names.every(
    (n) =>
      n.split(/\s+/).length <= 4 &&
      !/[\d$%]/.test(n) &&
      isOptionName(n) &&
      networkOf(n) === undefined,
  );
}

/** A row label that asks for the plan each column is ('Plan Name', 'Plan Option', 'Plan'). */
const PLAN_NAMING_LABEL =
  /^(dental |vision )?(plan|option|plan (name|option|design|level)s?|plan options?|options?)\s*:?$/i;

/**
 * A row that names the plan over each value column ('Plan Name | Bronze | Silver | Gold'):
 * labelled as such, with two or more distinct short names and no values among them.
 */
function namesPlanColumns(table: Table, r: number): boolean {
  const cells = rowCells(table, r);
  const label = cells[0] && cells[0].row === r ? cellText(cells[0]) : '';
  if (!PLAN_NAMING_LABEL.test(label.trim())) return false;
  const own = startsInRow(cells, r).filter((c) => c.col > 0);
  const names = own.map((c) => cellText(c)).filter(Boolean);
  if (names.length < 2 || new Set(names.map((n) => n.toLowerCase())).size !== names.length)
    return false;
  return names.every(
    (n) => n.split(/\s+/).length <= 6 && !looksLikeValue(n) && !/\$\s?\d|%/.test(n),
  );
}

/**
 * A cell that runs from left of every value-column heading in the row above to the table's right
 * edge, under two or more such headings, carrying no figure: a category bar, not a heading.
 */
export function barUnderHeadings(table: Table, cell: Cell, r: number): boolean {
  if (cell.col + cell.colSpan !== table.cols || cell.colSpan < 2 || /[$%]/.test(cellText(cell)))
    return false;
  const above = startsInRow(rowCells(table, r - 1), r - 1).filter((c) => c.col > 0 && cellText(c));
  return above.length >= 2 && above.every((c) => c.col > cell.col);
}

/**
 * A row whose value cells each name one network outright, in and out both, and nothing else
 * ('In-Network | Out-of-Network' under 'PPO / Tier 1 | Tier 2'): the networks of the headings
 * above, even beside a label of its own ('Your Network is DentalGuard Preferred Network').
 */
function splitsNetworks(table: Table, r: number): boolean {
  const own = startsInRow(rowCells(table, r), r).filter((c) => c.col > 0);
  if (own.length < 2 || own.some((c) => c.colSpan > 1)) return false;
  // (a plan with one column for both beside plans with one per network: 'In or Out of Network')
  const both = own.filter((c) => namesBothNetworks(cellText(c)));
  const named = own.filter((c) => !both.includes(c)).map((c) => oneNetworkNamed(cellText(c)));
  if (named.some((n) => n === undefined)) return false;
  const words = (c: Cell) => cellText(c).split(/\s+/).length;
  if (own.some((c) => words(c) > (both.includes(c) ? 5 : 4) || /\d/.test(cellText(c))))
    return false;
  return named.includes('in') && named.includes('out');
}

/**
 * A row labelled as naming the network ('Your Network is', 'Network') with a short name and no
 * figure in each value cell ('VSP Choice Network').
 */
function namesNetworkBeside(table: Table, r: number, label: string): boolean {
  if (!NETWORK_NAMED_BESIDE.test(label)) return false;
  const names = startsInRow(rowCells(table, r), r)
    .filter((c) => c.col > 0)
    .map((c) => cellText(c));
  return names.length > 0 && names.every((n) => n && n.split(/\s+/).length <= 6 && !/\d/.test(n));
}

function countHeaderRows(table: Table, firstRow: number): number {
  let n = firstRow;
  let labelled = false;
  for (let r = firstRow; r < Math.min(table.rows, firstRow + 3); r++) {
    const cells = rowCells(table, r);
    const own = startsInRow(cells, r);
    if (own.length === 0) break;
    // under headings that already named the label column ('Plan Feature'), a row with its own
    // label is a body row ('Plan | Preventive Plus | Core PPO 1000')
    const label = cells[0] && cells[0].row === r ? cellText(cells[0]) : '';
    // a row keyed by a procedure code is a procedure's row, never a heading of columns
    if (PROCEDURE_CODE.test(label.trim())) break;
    if (r > firstRow && splitsNetworks(table, r)) {
      n = r + 1;
      continue;
    }
    // under a row naming the plan ('Your Vision Plan | Full Feature'), a row whose label says it
    // names the network ('Your Network is | VSP Choice Network') is the next heading row
    if (r > firstRow && namesNetworkBeside(table, r, label)) {
      n = r + 1;
      continue;
    }
    if (r > firstRow && labelled && label) break;
    if (cells[0] && cellText(cells[0])) labelled = true;
    // a header bar read as one cell counts as the runs of text it holds
    const texts = own.flatMap((c) => {
      const runs = c.colSpan > 1 ? textRuns(c) : [];
      return runs.length >= 2 ? runs.map((r) => r.text) : [cellText(c)];
    });
    if (!texts.every(isHeadingText)) break;
    // 'Exam | Every 12 months' is a frequency row, not headings (after an empty bullet column too)
    const printedTexts = texts.filter(Boolean);
    if (
      frequencyItems(printedTexts[0] ?? '').length > 0 &&
      printedTexts
        .slice(1)
        .some((t) => FREQUENCY_VALUE.test(t) && (/\d/.test(t) || /^\s*(once|every)\b/i.test(t)))
    )
      break;
    // a full-width row below the headings is a section row, not a heading
    if (r > firstRow && own.length === 1 && own[0]!.colSpan === table.cols) break;
    // so is one cell running to the right edge from left of every column heading above it: a
    // heading sits over its columns, a bar under all of them heads none ('Class I – Preventive'
    // indented under 'In-Network | Non-Network')
    const printed = own.filter((c) => cellText(c));
    if (r > firstRow && printed.length === 1 && barUnderHeadings(table, printed[0]!, r)) break;
    const rest = own.filter((c) => c.col > 0 || c.colSpan > 1).map((c) => cellText(c));
    if (rest.length === 0 && r > firstRow) break;
    const filled = texts.filter(Boolean);
    // under a heading whose label cell runs down into this row (rowspan), a row without values is
    // the second level of headings ('Preferred Core | Preferred Plus' under 'Dental')
    const labelAbove = cells[0] !== undefined && cells[0].row < r;
    if (r > firstRow && labelAbove && filled.length > 0) {
      n = r + 1;
      continue;
    }
    // benefit items across the top (Deductible | Annual Maximum | Preventive | Basic | Major) are
    // headings too when a row holds several of them
    const signals = filled.filter(
      (t) =>
        headingSignal(t) ||
        (filled.length >= 4 && (dentalRowKind(t, '') !== 'other' || VISION_SERVICE.test(t))),
    ).length;
    // headings are short; a further heading row is shorter still and names no figures
    const limit = r === firstRow ? 8 : 5;
    // (a plan's name may run longer with the area it serves: 'AETNA DMO NTL LGL NJ, TX, CA, AZ, NC')
    // (so may a network's heading: 'When using any combination of Participating and
    // Non-Participating Dentists')
    const long = (t: string) => t.split(/\s+/).length > (namesNetworkHeading(t) ? 12 : limit);
    if (filled.some((t) => long(t) && !isOptionName(t))) break;
    if (r > firstRow && filled.some((t) => /\d+\s*(hours?|hrs?|%)|\$\d/i.test(t))) break;
    // the first row is headings when most of its cells read as headings; a further heading row
    // (In-Network | Out-of-Network under plan names) only holds headings
    // (a further heading row may name its label column, 'Covered procedures (partial list)', beside
    // the networks it sets over the values)
    const labelText = cells[0] && cells[0].row === r ? cellText(cells[0]) : '';
    const named = labelText && !headingSignal(labelText) && signals >= 2 ? 1 : 0;
    if (
      (r === firstRow
        ? signals < Math.max(1, Math.ceil(filled.length / 2))
        : signals + named < filled.length) &&
      !(r === firstRow && namesAmountColumns(table, r, own)) &&
      !(r === firstRow && namesInsurerColumns(table, r)) &&
      !(r === firstRow && namesOptionColumns(table, r))
    )
      break;
    if (
      r === firstRow &&
      table.cols === 2 &&
      // 'Prepared for', 'Proposed for', 'Underwritten by': a label that ends in its preposition
      // asks for a value beside it, never heads a column
      (keyKind(texts[0] ?? '') || /\s(for|by)$/i.test(texts[0] ?? '')) &&
      !columnHeading(texts[1] ?? '')
    )
      break;
    n = r + 1;
  }
  return n - firstRow;
}

/** The x-range of each column, from the cells that occupy one column only. */
function columnEdges(table: Table): Array<[number, number] | undefined> {
  const edges: Array<[number, number] | undefined> = Array.from(
    { length: table.cols },
    () => undefined,
  );
  for (const c of table.cells) {
    if (c.colSpan !== 1 || !c.box) continue;
    const e = edges[c.col];
    edges[c.col] = e ? [Math.min(e[0], c.box[0]), Math.max(e[1], c.box[2])] : [c.box[0], c.box[2]];
  }
  return edges;
}

/**
 * The heading texts over each column in one header row. A heading cell that spans columns but
 * holds separate runs of text (a header bar read as one cell: 'Benefit   Low Plan   High Plan' over
 * 'In-Network  Out-of-Network …') gives each column the runs above it.
 */
function headerTexts(
  table: Table,
  row: number,
  edges: Array<[number, number] | undefined>,
): string[][] {
  const out: string[][] = Array.from({ length: table.cols }, () => []);
  const seen = new Set<Cell>();
  for (let c = 0; c < table.cols; c++) {
    const cell = cellAt(table, row, c);
    if (!cell || seen.has(cell)) continue;
    seen.add(cell);
    const covered = Array.from({ length: cell.colSpan }, (_, k) => cell.col + k);
    const runs = cell.colSpan > 1 ? textRuns(cell) : [];
    if (runs.length < 2 || covered.some((k) => !edges[k])) {
      // a plan name over a network on separate lines of one cell: two headings
      // (a line that only numbers the plan, 'Plan #9751967', names nothing)
      const lines = cell.lines
        .map((l) => cleanValue(l.text))
        .filter((l) => l && !PLAN_NUMBER_LINE.test(l));
      const rest = lines.slice(1).join(' ');
      const parts =
        lines.length >= 2 && isOptionName(lines[0]!) && !/-$/.test(lines[0]!) && networkOf(rest)
          ? [lines[0]!, rest]
          : [lines.length < cell.lines.length ? cleanValue(joinWrapped(lines)) : cellText(cell)];
      for (const t of parts) if (t) for (const k of covered) out[k]!.push(t);
      continue;
    }
    for (const run of runs) {
      const over = covered.filter((k) => {
        const [a, b] = edges[k]!;
        return Math.min(b, run.x1) - Math.max(a, run.x0) > 0.25 * Math.min(b - a, run.x1 - run.x0);
      });
      const target = over.length
        ? over
        : [
            covered.reduce((best, k) =>
              dist(edges[k]!, run) < dist(edges[best]!, run) ? k : best,
            ),
          ];
      for (const k of target) out[k]!.push(run.text);
    }
  }
  return out;
}

function dist(edge: [number, number], run: { x0: number; x1: number }): number {
  return Math.abs((edge[0] + edge[1]) / 2 - (run.x0 + run.x1) / 2);
}

/** Runs of words separated by wide gaps, line by line. */
function textRuns(cell: Cell): Array<{ text: string; x0: number; x1: number }> {
  const runs: Array<{ text: string; x0: number; x1: number }> = [];
  for (const line of cell.lines) {
    let current: typeof line.words = [];
    const flush = () => {
      if (!current.length) return;
      const text = cleanValue(current.map((w) => w.text).join(' '));
      if (text)
        runs.push({ text, x0: current[0]!.box[0], x1: current[current.length - 1]!.box[2] });
      current = [];
    };
    for (const w of line.words) {
      const prev = current[current.length - 1];
      if (prev && w.box[0] - prev.box[2] > 0.8 * Math.max(prev.size, w.size)) flush();
      current.push(w);
    }
    flush();
  }
  return runs;
}

function columnInfo(table: Table, first: number, headerRows: number): Column[] {
  const columns: Column[] = [];
  const edges = columnEdges(table);
  const perRow = Array.from({ length: headerRows }, (_, i) => headerTexts(table, first + i, edges));
  const distinguishing = distinguishingHeadings(perRow);
  // 'Network | VSP Network Signature Plan': a header row whose label says the row names the
  // network; the name beside it is the plan's provider network, no in- or out-of-network side
  const networkNames = new Set(
    perRow
      .filter((texts) => NETWORK_NAMED_BESIDE.test(texts[0]!.join(' ')))
      .flatMap((texts) => texts.slice(1).flat()),
  );
  for (let c = 0; c < table.cols; c++) {
    const path: string[] = [];
    for (const texts of perRow) {
      for (const t of texts[c]!) if (t && path[path.length - 1] !== t) path.push(t);
    }
    const heading = path.join(' ');
    let network: 'in' | 'out' | undefined;
    let networkHeading: string | undefined;
    for (const p of [...path].reverse()) {
      if (networkNames.has(p)) continue;
      // 'In-Network / Out-of-Network' over one column: its values serve both networks
      if (namesBothNetworks(p)) break;
      network = networkOf(p);
      if (network) {
        networkHeading = p;
        break;
      }
    }
    // over an explicit network heading, a name with a network-like word ('Preferred Core',
    // 'Premier Plan') is a plan option
    const explicit = networkHeading !== undefined && namesNetworkExplicitly(networkHeading);
    const candidates = path.filter(
      (p) =>
        p !== networkHeading &&
        (networkOf(p) === undefined || (explicit && !namesNetworkExplicitly(p))) &&
        !isGenericHeading(p) &&
        rateMeasure(p) === 'other' &&
        !/^(frequency|limitations?)$/i.test(p) &&
        (p.split(/\s+/).length <= 6 || isOptionName(p)),
    );
    // the heading that tells this column's plan from the others' ('Bronze' under 'HMO' over
    // every column), else the first
    const option =
      candidates.find((p) => distinguishing.has(p) && isOptionName(p)) ?? candidates[0];
    const classRef = path
      .map((p) => p.match(/\b(class|tier|group)\s+([A-Z]{1,2}|\d{1,3}|[IVX]{1,4})\b/i))
      .find(Boolean);
    columns.push({
      index: c,
      path,
      heading,
      ...(network ? { network } : {}),
      ...(option && c > 0 ? { option } : {}),
      ...(classRef
        ? {
            classRef: `${classRef[1]!.charAt(0).toUpperCase()}${classRef[1]!.slice(1).toLowerCase()} ${classRef[2]!.toUpperCase()}`,
          }
        : {}),
    });
  }
  return optionsBeforeNetworks(columns);
}

/**
 * Heading texts that tell value columns apart: in a header row where two or more value columns
 * carry different texts, each of those texts (a text over every value column tells none apart).
 */
function distinguishingHeadings(perRow: string[][][]): Set<string> {
  const out = new Set<string>();
  for (const texts of perRow) {
    const own = texts.slice(1).map((t) => t[t.length - 1] ?? '');
    const distinct = new Set(own.filter(Boolean));
    if (distinct.size < 2) continue;
    for (const t of distinct) if (own.filter((o) => o === t).length < own.length) out.add(t);
  }
  return out;
}

/** A network phrase at the end of a heading ('High PPO In-Network', 'Option A – OON'). */
const NETWORK_TAIL =
  /\s*[-–—:,]?\s*\b(in[- ]?network|out[- ]?of[- ]?network|non[- ]?network|non[- ]?par(ticipating)?|inn|oon|in|out)$/i;

/**
 * Plans and networks in one heading row ('High PPO In-Network | High PPO Out-of-Network | Low PPO
 * In-Network …'): the words before the network phrase name the option, when at least two options
 * are so named and each has its in- and out-of-network column.
 */
function optionsBeforeNetworks(columns: Column[]): Column[] {
  const prefixes = new Map<string, Set<string>>();
  const prefixOf = (c: Column) => {
    if (c.option || !c.network || c.path.length !== 1) return undefined;
    const heading = c.path[0]!.replace(/[\u2010-\u2015]/g, '-')
      .replace(/\s+/g, ' ')
      .trim();
    if (!NETWORK_TAIL.test(heading)) return undefined;
    const prefix = heading.replace(NETWORK_TAIL, '').trim();
    if (!prefix || prefix.split(/\s+/).length > 5 || isGenericHeading(prefix)) return undefined;
    return prefix;
  };
  for (const c of columns) {
    const p = prefixOf(c);
    if (p) prefixes.set(p, (prefixes.get(p) ?? new Set()).add(c.network!));
  }
  const complete = [...prefixes].filter(([, nets]) => nets.has('in') && nets.has('out'));
  if (complete.length < 2) return columns;
  return columns.map((c) => {
    const p = prefixOf(c);
    return p && complete.some(([q]) => q === p) ? { ...c, option: p } : c;
  });
}

/** A row label that only names a network ('In-Network', 'Out-of- Network', 'Non-PPO'). */
function networkLabel(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return (
    t.split(' ').length <= 4 &&
    (namesNetworkExplicitly(t) || networkOf(t) !== undefined) &&
    !/\b(deductible|maximum|coinsurance|preventive|basic|major|exam|lens|frame)/i.test(t)
  );
}

/** A column heading that names a benefit row ('Preventive', 'Annual Maximum', 'Eye Exam'). */
const BENEFIT_HEADING =
  /\b(preventive|preventative|diagnostic|basic|restorative|major|orthodont\w*|endodont\w*|periodont\w*|prosthodont\w*|deductibles?|maximums?|coinsurance|exams?|lenses|frames?|contacts?)\b/i;

/**
 * A benefit grid printed transposed: the benefits across the top ('Preventive | Basic | Major',
 * 'Deductible | Annual Maximum') and the networks down the side ('In-Network', 'Out-of-Network').
 * Turned a quarter so the benefits are rows and the networks columns, as grids are usually
 * printed (geometry dropped: the cells' boxes no longer say where their columns are).
 */
export function transposedNetworks(table: Table): Table | undefined {
  if (table.rows < 2 || table.cols < 3) return undefined;
  const top = rowCells(table, 0);
  const corner = cellText(top[0]);
  if (corner && !/^(network|networks?\s*(type|tier)?|benefits?|coverage)$/i.test(corner))
    return undefined;
  const heads = top.slice(1).filter((c) => c && c.row === 0 && c.colSpan === 1);
  if (heads.filter((c) => BENEFIT_HEADING.test(cellText(c))).length < 2) return undefined;
  const labels: string[] = [];
  for (let r = 1; r < table.rows; r++) {
    const c = cellAt(table, r, 0);
    labels.push(c && c.row === r ? cellText(c) : '');
  }
  const networks = labels.filter(networkLabel).length;
  if (networks < 2 || networks * 2 < labels.length) return undefined;
  const cells = table.cells
    .filter((c) => !(c.row === 0 && c.col === 0))
    .map((c) => {
      const { box: _box, ...rest } = c;
      return { ...rest, row: c.col, col: c.row, rowSpan: c.colSpan, colSpan: c.rowSpan };
    })
    .sort((a, b) => a.row - b.row || a.col - b.col);
  const { box: _box, ...rest } = table;
  return { ...rest, rows: table.cols, cols: table.rows, cells, headerRows: 1 };
}

/**
 * A row of plan facts printed between the plans' names and the networks under them ('Standard |
 * Deluxe | Deluxe Plus', then 'Calendar Year Maximum | $1,000 | $1,500 | $2,000', then 'In or Out
 * of Network | In Network | Out of Network …'): the networks are headings of the rows below, so
 * the two rows change places (cells spanning both stay). The table so read, else undefined.
 */
export function networksUnderFacts(table: Table): Table | undefined {
  for (let r = 1; r + 1 < table.rows; r++) {
    if (!splitsNetworks(table, r + 1)) continue;
    const names = startsInRow(rowCells(table, r - 1), r - 1)
      .filter((c) => c.col > 0)
      .map((c) => cellText(c))
      .filter(Boolean);
    if (names.length < 2 || names.some((n) => /[\d$%]/.test(n))) return undefined;
    const facts = startsInRow(rowCells(table, r), r).filter((c) => c.col > 0 && c.rowSpan === 1);
    const valued = facts.filter((c) => cellText(c));
    if (valued.length < 2 || !valued.every((c) => /[\d$%]/.test(cellText(c)))) return undefined;
    if (table.cells.some((c) => c.row === r + 1 && c.rowSpan > 1)) return undefined;
    const cells = table.cells
      .map((c) =>
        c.row === r && c.rowSpan === 1
          ? { ...c, row: r + 1 }
          : c.row === r + 1
            ? { ...c, row: r }
            : c,
      )
      .sort((a, b) => a.row - b.row || a.col - b.col);
    return { ...table, cells };
  }
  return undefined;
}

/**
 * A grid whose first heading row names periods of enrolment over pairs of value columns ('0-12
 * Months | 13-24 Months | 25+ Months') and whose row naming the networks under them ('PPO |
 * Non-PPO' under each) is printed a few rows lower, under plan-wide rows ('Maximum Payment per
 * person per year | $500 | $1,000 | $1,500'): the table with the networks' row moved up under the
 * periods, or undefined.
 */
export function networksUnderPeriods(table: Table, first: number): Table | undefined {
  const labelless = (r: number) => !cellText(rowCells(table, r)[0]);
  if (!labelless(first)) return undefined;
  const periods = startsInRow(rowCells(table, first), first).filter((c) => c.col > 0);
  if (
    periods.length < 2 ||
    periods.some((c) => c.rowSpan > 1 || !yearOfMembership(cellText(c))) ||
    new Set(periods.map((c) => cellText(c).toLowerCase())).size < periods.length
  )
    return undefined;
  // a network's name a column, in and out under each period ('PPO | Non-PPO')
  const namesNetworks = (r: number) => {
    const own = startsInRow(rowCells(table, r), r).filter((c) => c.col > 0);
    const named = own.map((c) => networkOf(cellText(c)));
    return (
      own.length === periods.length * 2 &&
      own.every(
        (c) => c.colSpan === 1 && !/\d/.test(cellText(c)) && cellText(c).split(/\s+/).length <= 3,
      ) &&
      named.filter((n) => n === 'in').length === periods.length &&
      named.filter((n) => n === 'out').length === periods.length
    );
  };
  for (let r = first + 1; r <= Math.min(first + 4, table.rows - 2); r++) {
    if (!labelless(r) || !namesNetworks(r)) continue;
    // (no cell of the rows between runs down into the networks' row)
    if (table.cells.some((c) => c.row > first && c.row < r && c.row + c.rowSpan > r))
      return undefined;
    const moved = (row: number) => (row === r ? first + 1 : row > first && row < r ? row + 1 : row);
    return { ...table, cells: table.cells.map((c) => ({ ...c, row: moved(c.row) })) };
  }
  return undefined;
}

export function analyzeTable(
  table: Table,
  scope: Scope,
  order: number,
  heading?: string,
  dashedPlans = false,
): AnalyzedTable {
  // leading full-width rows are a caption
  let first = 0;
  const captions: string[] = [];
  while (first < table.rows - 1) {
    const own = startsInRow(rowCells(table, first), first);
    if (
      own.length === 1 &&
      own[0]!.colSpan === table.cols &&
      table.cols > 1 &&
      // a header bar read as one cell holds several runs of text on a line, a title (or a
      // sentence wrapped over lines) one run a line
      own[0]!.lines.every((l) => textRuns({ ...own[0]!, lines: [l] }).length < 2)
    ) {
      captions.push(cellText(own[0]));
      first++;
    } else break;
  }
  // periods of enrolment over the value columns, the networks named under them only after the
  // plan-wide rows (maximum, deductible): the networks' row is the second heading row
  const raised = networksUnderPeriods(table, first);
  if (raised) table = raised;
  let headerRows = raised ? 2 : countHeaderRows(table, first);
  if (headerRows < 2 && table.rows > first + 2 && headingPair(table, first)) headerRows = 2;
  // a 'Plan Name | Bronze | Silver | Gold' row right under headings that name no plans of their
  // own names the columns' plans (under 'Option 1 | Option 2' it names each option's plan)
  while (
    first + headerRows < table.rows - 2 &&
    namesPlanColumns(table, first + headerRows) &&
    new Set(columnInfo(table, first, headerRows).flatMap((c) => (c.option ? [c.option] : [])))
      .size < 2
  )
    headerRows++;
  const columns = columnInfo(table, first, headerRows);
  const body: BodyRow[] = [];
  for (let r = first + headerRows; r < table.rows; r++)
    body.push({ row: r, cells: rowCells(table, r) });
  const caption = captions.filter(Boolean).join(' ');
  const captioned = caption ? updateScope(scope, caption, dashedPlans) : scope;
  // options printed as grids one after another, each naming its option over its labels
  const option = optionOfLabelHeading(columns[0]?.path.at(-1) ?? '');
  return {
    table,
    headerRows,
    columns,
    body,
    scope: option ? { ...captioned, classRef: option } : captioned,
    ...(caption ? { caption } : {}),
    ...(caption || heading ? { heading: caption || heading } : {}),
    order,
  };
}

/**
 * Two heading rows inside a table with an empty label cell: measures over pairs of columns
 * ('Calendar Year Deductible | Coinsurance (Policy Pays)') over the networks ('In-Network |
 * Non-Network | In-Network | Non-Network'). They head the rows below them, not those above
 * ('Network | Dental PPO'): the row where they start, else undefined.
 */
export function headingBlockAt(table: Table): number | undefined {
  for (let r = 1; r < table.rows - 2; r++) {
    if (!headingPair(table, r)) continue;
    if (table.cells.some((c) => c.row < r && c.row + c.rowSpan > r)) continue;
    if (!table.cells.some((c) => c.row < r && cellText(c))) continue;
    return r;
  }
  return undefined;
}

/** Whether rows r and r + 1 are measures over pairs of columns over the networks. */
function headingPair(table: Table, r: number): boolean {
  const printed = (k: number) => startsInRow(rowCells(table, k), k).filter((c) => cellText(c));
  const plain = (c: Cell) => !looksLikeValue(cellText(c)) && !/\d\s*%|\$\s?\d/.test(cellText(c));
  const measures = printed(r);
  const networks = printed(r + 1);
  if (measures.length === 0 || networks.length < 2) return false;
  if ([...measures, ...networks].some((c) => c.col === 0 || !plain(c))) return false;
  if (!measures.every((c) => c.colSpan >= 2)) return false;
  const named = networks.filter(
    (c) => networkOf(cellText(c)) !== undefined && namesNetworkExplicitly(cellText(c)),
  );
  return named.length >= 2;
}

/**
 * The first row below other rows that holds one cell across the whole table, a section's words
 * and a plan's name after a dash (`planOfHeading`), with rows below it.
 */
export function planHeadingRowAt(table: Table): number | undefined {
  if (table.cols < 2) return undefined;
  for (let r = 1; r < table.rows - 1; r++) {
    const own = startsInRow(rowCells(table, r), r).filter((c) => cellText(c));
    if (own.length !== 1 || own[0]!.col !== 0) continue;
    const spans =
      own[0]!.colSpan === table.cols ||
      rowCells(table, r)
        .slice(1)
        .every((c) => !c || !cellText(c));
    if (!spans || table.cells.some((c) => c.row < r && c.row + c.rowSpan > r)) continue;
    const text = cellText(own[0]);
    const plan = planOfHeading(text);
    if (plan && plan !== text) return r;
  }
  return undefined;
}

/** The rows above a row (part 0) or from it on (part 2) as a table of their own. */
function cutAt(table: Table, r: number, part: 0 | 2): Table[] {
  if (part === 0)
    return [
      {
        ...table,
        rows: r,
        cells: table.cells.filter((c) => c.row < r),
        headerRows: Math.min(table.headerRows, r),
      },
    ];
  return [
    {
      ...table,
      rows: table.rows - r,
      cells: table.cells.filter((c) => c.row >= r).map((c) => ({ ...c, row: c.row - r })),
      headerRows: 2,
    },
  ];
}

/**
 * A row of network headings inside a table ('Covered Services | Network Plan Pays | Out-of-Network
 * Plan Pays' under rows of plan facts) starts a table of its own: the rows above it are another
 * table, and its headings head the rows below only.
 */
export function splitAtHeadingRows(table: Table, dashedPlans = false): Table[] {
  // a row across the whole table naming another plan after a section's words ('PLAN AND SERVICE
  // FREQUENCIES - Premier Plan' under the Basic Plan's lines) starts that plan's table
  const plan = dashedPlans ? planHeadingRowAt(table) : undefined;
  if (plan !== undefined)
    return [
      ...cutAt(table, plan, 0),
      ...splitAtHeadingRows({ ...cutAt(table, plan, 2)[0]!, headerRows: 0 }, dashedPlans),
    ];
  const again = repeatedHeaderAt(table);
  if (again !== undefined)
    return [...cutAt(table, again, 0), ...splitAtHeadingRows(cutAt(table, again, 2)[0]!)];
  const block = headingBlockAt(table);
  if (block !== undefined)
    return [...cutAt(table, block, 0), ...splitAtHeadingRows(cutAt(table, block, 2)[0]!)].filter(
      (t) => t.rows > 0,
    );
  // (the second of two heading rows, plans over networks, heads the same table: two rows of
  // facts at least stand above a heading row that starts another)
  for (let r = 2; r < table.rows - 1; r++) {
    const own = startsInRow(rowCells(table, r), r);
    if (own.length < 3) continue;
    const texts = own.map((c) => cellText(c));
    if (!texts[0] || looksLikeValue(texts[0])) continue;
    // 'Benefit Year Maximum | In-Network | Out-of-Network' heads a block of the same table
    if (dentalRowKind(texts[0], '') !== 'other' || keyKind(texts[0])) continue;
    const networks = texts
      .slice(1)
      .filter((t) => t && networkOf(t) !== undefined && namesNetworkExplicitly(t));
    if (networks.length < 2 && !(texts.every(isHeadingText) && factRowsAbove(table, r))) continue;
    if (texts.slice(1).some((t) => /\d\s*%|\$\s?\d/.test(t))) continue;
    // cells spanning the line keep the table whole
    if (table.cells.some((c) => c.row < r && c.row + c.rowSpan > r)) continue;
    const facts = table.cells.filter(
      (c) =>
        c.row < r &&
        c.col > 0 &&
        (looksLikeValue(cellText(c)) || /^(yes|no|none|included|covered)\b/i.test(cellText(c))),
    );
    if (facts.length < 2) continue;
    const above: Table = {
      ...table,
      rows: r,
      cells: table.cells.filter((c) => c.row < r),
      headerRows: Math.min(table.headerRows, r),
    };
    const below: Table = {
      ...table,
      rows: table.rows - r,
      cells: table.cells.filter((c) => c.row >= r).map((c) => ({ ...c, row: c.row - r })),
      headerRows: 1,
    };
    return [above, ...splitAtHeadingRows(below)];
  }
  return [table];
}

/**
 * Where a table's heading rows are printed again over the columns' next plans ('Optional
 * Orthodontia | PPO 3000 | PPO 3500' … then 'Optional Orthodontia | PPO 4000 | PPO 5000'):
 * the row where the heading starts again, else undefined. The rows again must sit as the heading
 * sits (the same cells, spans and empty label or label text) and print no value.
 */
/** `f` worked out once per row index. */
function oncePerRow<T>(f: (row: number) => T): (row: number) => T {
  const done = new Map<number, T>();
  return (row) => {
    if (!done.has(row)) done.set(row, f(row));
    return done.get(row)!;
  };
}

export function repeatedHeaderAt(table: Table): number | undefined {
  const h = Math.max(table.headerRows, countHeaderRows(table, 0));
  if (h < 1) return undefined;
  // each row's cells as they sit, and as they read (only where they sit as the heading does),
  // once per row
  const printedIn = oncePerRow((k) => startsInRow(rowCells(table, k), k));
  const layout = oncePerRow((k) => printedIn(k).map((c) => `${c.col}+${c.colSpan}x${c.rowSpan}`));
  const texts = oncePerRow((k) => printedIn(k).map((c) => cellText(c)));
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  for (let r = h + 1; r + h <= table.rows; r++) {
    let heading = true;
    for (let k = 0; k < h && heading; k++) {
      if (!same(layout(r + k), layout(k))) {
        heading = false;
        break;
      }
      const row = texts(r + k);
      heading =
        row.filter(Boolean).length >= 2 &&
        row.every((t) => !/\d\s*%|\$\s?\d/.test(t)) &&
        // the label cell says the same (or nothing), and some cell of the block says what the
        // heading says: the rows name the same things over other columns
        row[0] === texts(k)[0];
    }
    if (!heading) continue;
    const block = Array.from({ length: h }, (_, k) => texts(r + k).join('|'));
    const head = Array.from({ length: h }, (_, k) => texts(k).join('|'));
    if (block.some((b, k) => b === head[k]) || texts(r)[0]) return r;
  }
  return undefined;
}

/**
 * Whether every row above row r is one fact: a label running across the columns and its value in
 * the last ('Waiting Period | No waiting period' over 'Covered Services | Plan Pays | Benefit
 * Guidelines'). Such rows are the plan's facts, not headings of the columns below.
 */
function factRowsAbove(table: Table, r: number): boolean {
  for (let k = 0; k < r; k++) {
    const printed = startsInRow(rowCells(table, k), k).filter((c) => cellText(c));
    if (printed.length !== 2) return false;
    const [label, value] = printed as [Cell, Cell];
    if (label.col !== 0 || label.colSpan < 2 || value.col + value.colSpan !== table.cols)
      return false;
  }
  return r > 0;
}

/** The section of another line of coverage: no product, no class, no open section levels. */
function otherCoverageSection(levels: SectionLevels): Scope {
  levels.product = undefined;
  levels.classRef = undefined;
  return { otherCoverage: true };
}

/** The type size of the headings that opened the current product and class sections. */
interface SectionLevels {
  product?: number;
  classRef?: number;
  /**
   * The class was named by a heading over its option's chart ('How the PDP Option Pays
   * Benefits'): the headings of its own size after it ('Annual Deductible', 'Coinsurance',
   * 'Maximum Benefits') are its subsections; only a larger heading ends it.
   */
  classRefKeepsSiblings?: boolean;
}

/**
 * A heading as large as the one that opened a section, naming no product or class of its own
 * ('Monthly Premium Rates' after 'Vision – Davis Vision Network'), ends that section.
 */
function endSections(scope: Scope, line: Line, levels: SectionLevels): Scope {
  const text = line.text;
  // a heading of another line of coverage ('Voluntary Life and AD&D Insurance') ends the dental
  // or vision section whatever its size: what follows is that coverage's
  if (namesOtherCoverage(text)) {
    return otherCoverageSection(levels);
  }
  if (productsNamed(text.split(/\s+/).slice(0, 5).join(' ')).length || classRefIn(text))
    return scope;
  if (/^\s*(prepared|presented|proposal|quote)\s+(for|to)\b/i.test(text)) return scope;
  const next = { ...scope };
  if (levels.product !== undefined && line.size >= levels.product * 0.95) {
    delete next.product;
    levels.product = undefined;
  }
  if (
    levels.classRef !== undefined &&
    (levels.classRefKeepsSiblings
      ? line.size > levels.classRef * 1.05
      : line.size >= levels.classRef * 0.95)
  ) {
    delete next.classRef;
    levels.classRef = undefined;
    levels.classRefKeepsSiblings = undefined;
  }
  return next;
}

/**
 * A page title repeated on the pages of one section ('Employee Medical Summary' on pages 1–2) is
 * taken away as a running header, yet it says which coverage the page is about: a title naming
 * another line of coverage starts that coverage's section at the page's top; one naming dental or
 * vision alone ends such a section.
 */
function runningTitleScope(
  scope: Scope,
  furniture: Line[],
  page: DocumentLayout['pages'][number],
  levels: SectionLevels,
): Scope {
  const titles = furniture.filter((l) => l.page === page.number && l.box[1] < page.height * 0.2);
  if (titles.some((l) => namesOtherCoverage(l.text))) {
    return otherCoverageSection(levels);
  }
  if (scope.otherCoverage) {
    const named = [...new Set(titles.flatMap((l) => productsNamed(l.text)))];
    if (named.length === 1) return { product: named[0] };
  }
  return scope;
}

/** The level a heading names ('PPO / Tier 1' → 'tier 1'), else the heading itself. */
function levelKey(text: string): string {
  const m = text.match(/\b(tier|level)\s*(\d{1,2}|[IVX]{1,4})\b/i);
  return (m ? `${m[1]} ${m[2]}` : text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Names of a plan's reimbursement levels set over the networks ('PPO / Tier 1 | Tier 2' over
 * 'In-Network | Out-of-Network'): each value column has a name of its own and a network of its
 * own, the names in and out once each. They name networks, not plan options; the page's later
 * tables headed by the names alone ('Tier 1 | Tier 2' over the coinsurance) mean the same
 * networks. `known` carries the names met so far on the page.
 */
export function levelsAsNetworks(columns: Column[], known: Map<string, 'in' | 'out'>): Column[] {
  const values = columns.filter((c) => c.index > 0 && c.option);
  if (values.length < 2 || values.length !== columns.filter((c) => c.index > 0).length)
    return columns;
  const keys = values.map((c) => levelKey(c.option!));
  if (new Set(keys).size !== keys.length) return columns;
  const networks = values.map((c) => c.network);
  const twoNetworks = (ns: Array<'in' | 'out' | undefined>) =>
    ns.every(Boolean) && ns.filter((n) => n === 'in').length === 1 && ns.includes('out');
  if (twoNetworks(networks)) {
    for (const [i, c] of values.entries()) known.set(keys[i]!, c.network!);
  } else if (!(networks.every((n) => !n) && twoNetworks(keys.map((k) => known.get(k))))) {
    return columns;
  }
  return columns.map((c) => {
    if (c.index === 0 || !c.option) return c;
    const { option: _, ...rest } = c;
    return { ...rest, network: known.get(levelKey(c.option))! };
  });
}

/** Value columns that headings gave both networks ('In-Network | Out-of-Network'). */
function namedValueColumns(columns: Column[]): boolean {
  const values = columns.filter((c) => c.index > 0);
  return values.some((c) => c.network === 'in') && values.some((c) => c.network === 'out');
}

/** Two or more value columns, each headed by a plan of its own and none by a network. */
function namedPlanColumns(columns: Column[]): boolean {
  const values = columns.filter((c) => c.index > 0);
  const options = new Set(values.flatMap((c) => (c.option ? [c.option] : [])));
  return options.size >= 2 && values.every((c) => c.option && !c.network);
}

/** The middle of the text printed in each column, from cells over one column only. */
function textCentres(table: Table): Array<number | undefined> {
  const sums = Array.from({ length: table.cols }, () => [0, 0]);
  for (const c of table.cells) {
    if (c.colSpan !== 1) continue;
    for (const l of c.lines) {
      if (!l.text.trim()) continue;
      sums[c.col]![0]! += (l.box[0] + l.box[2]) / 2;
      sums[c.col]![1]! += 1;
    }
  }
  return sums.map(([sum, n]) => (n ? sum! / n! : undefined));
}

/**
 * A table without headings right below one with them, nothing but tables between, with as many
 * columns and its value columns standing where the headed table prints its values (a striped
 * plan grid the reader broke into bands): it goes on under the same headings. The headed table's
 * columns, else undefined.
 */
export function columnsCarriedOver(above: AnalyzedTable, t: AnalyzedTable): Column[] | undefined {
  if (t.headerRows > 0 || t.table.cols < 3) return undefined;
  if (t.table.cells[0]?.page !== above.table.cells[0]?.page) return undefined;
  if (t.table.cols < above.table.cols) return columnsOfGroupsAbove(above, t);
  if (t.table.cols !== above.table.cols) return undefined;
  const centres = textCentres(above.table);
  const edges = columnEdges(t.table);
  let aligned = 0;
  for (let c = 1; c < t.table.cols; c++) {
    const mid = centres[c];
    const e = edges[c];
    if (mid === undefined || !e) continue;
    if (mid < e[0] || mid > e[1]) return undefined;
    aligned++;
  }
  if (aligned < 2) return undefined;
  return above.columns.map((c) => ({ ...c }));
}

/**
 * A grid at the top of a page going on from the headed grid that ended an earlier page (only
 * headings, such as 'SCHEDULE OF BENEFITS (continued)', and empty pages between): it names no
 * networks of its own — no headings, or a first row that is only a section head in the label
 * column ('CONTACT LENSES | | ') — and its value columns stand under the earlier grid's, as many,
 * fewer (one cell under both in-network columns) or more (the out-of-network side split into a
 * lens type and its allowance). The table with the earlier grid's columns (a first row read as
 * headings given back to the body), else undefined.
 */
export function continuedFromPageBefore(
  above: AnalyzedTable,
  t: AnalyzedTable,
): AnalyzedTable | undefined {
  if (t.table.cols < 3 || above.table.cols < 3) return undefined;
  if (namedValueColumns(t.columns) || namedPlanColumns(t.columns)) return undefined;
  const first = t.body[0]?.row ?? t.table.rows;
  const heads = t.table.cells.filter((c) => c.row < first && c.col > 0);
  if (heads.some((c) => cellText(c) !== '')) return undefined;
  if (!namedValueColumns(above.columns)) return undefined;
  const centres = textCentres(t.table);
  const aboveEdges = columnEdges(above.table);
  const columns: Column[] = [{ ...above.columns[0]!, index: 0 }];
  for (let c = 1; c < t.table.cols; c++) {
    const mid = centres[c];
    // (a column with no cell of its own stands where it spans: its neighbours decide)
    const under = above.columns.filter((a) => {
      const e = aboveEdges[a.index];
      return a.index > 0 && mid !== undefined && !!e && mid >= e[0] - 2 && mid <= e[1] + 2;
    });
    const fewer = t.table.cols < above.table.cols ? columnsOfGroupsAbove(above, t)?.[c] : undefined;
    const col = fewer ?? under[0];
    if (!col?.network) return undefined;
    columns.push({ ...col, index: c });
  }
  if (!namedValueColumns(columns)) return undefined;
  const body: BodyRow[] = [];
  for (let r = 0; r < t.table.rows; r++)
    if (r < first) body.push({ row: r, cells: rowCells(t.table, r) });
  return { ...t, headerRows: 0, columns, body: [...body, ...t.body], continues: above };
}

/**
 * A headerless band with fewer columns than the headed table above, each of its value columns
 * standing under columns of one network there ('Individual | Family' under each network's
 * heading above, one coverage cell per network below): each goes on under that network's
 * heading. The columns, else undefined.
 */
function columnsOfGroupsAbove(above: AnalyzedTable, t: AnalyzedTable): Column[] | undefined {
  const centres = textCentres(above.table);
  const edges = columnEdges(t.table);
  const under = (c: number) =>
    above.columns.filter((a) => {
      const mid = centres[a.index];
      const e = edges[c];
      return a.index > 0 === c > 0 && mid !== undefined && !!e && mid >= e[0] && mid <= e[1];
    });
  // (a cell running its value on into the next column's words, '50% Limited to 1 time …' under
  // 'NON-NETWORK | BENEFIT GUIDELINES', stands under the column its first word stands in)
  const aboveEdges = columnEdges(above.table);
  const firstWordsUnder = (c: number, a: Column) => {
    const e = aboveEdges[a.index];
    const firsts = t.table.cells.flatMap((cell) => {
      const w = cell.col === c && cell.colSpan === 1 ? cell.lines[0]?.words[0] : undefined;
      return w ? [(w.box[0] + w.box[2]) / 2] : [];
    });
    return !!e && firsts.length > 0 && firsts.every((x) => x >= e[0] && x <= e[1]);
  };
  const out: Column[] = [];
  for (let c = 0; c < t.table.cols; c++) {
    let cols = under(c);
    if (c > 0 && cols.length > 1 && cols.filter((a) => a.network).length === 1) {
      const lead = cols.find((a) => a.network)!;
      if (firstWordsUnder(c, lead)) cols = [lead];
    }
    if (cols.length === 0) return undefined;
    const networks = new Set(cols.map((a) => a.network));
    const options = new Set(cols.flatMap((a) => (a.option ? [a.option] : [])));
    if (c > 0 && (networks.size !== 1 || !cols[0]!.network || options.size > 1)) return undefined;
    out.push({ ...cols[0]!, index: c });
  }
  return out;
}

/**
 * A line printed across the value columns of the headed table above, right of its label column
 * (a note spanning the networks between two bands of a grid, 'Deductible applies to all services
 * excluding preventive services.'): the grid goes on below it.
 */
export function noteInsideValueColumns(above: AnalyzedTable, line: Line): boolean {
  const edges = columnEdges(above.table);
  const label = edges[0];
  const right = Math.max(...edges.slice(1).map((e) => e?.[1] ?? -Infinity));
  if (!label || !Number.isFinite(right)) return false;
  if (line.page !== (above.table.cells[0]?.page ?? above.table.page)) return false;
  return line.box[0] >= label[1] - 2 && line.box[2] <= right + 2;
}

/** Plans' names printed over a grid's value columns, in their own strip apart from its rows. */
export interface PlanHeads {
  page: number;
  heads: Array<{ text: string; x0: number; x1: number }>;
}

/**
 * A table that is only plans' names over value columns: a heading row with two or more plan
 * options and no body under it, or one row whose every cell names an insurer ('Davis Vision by
 * MetLife | EyeMed | MetLife Vision' printed apart from the grid it heads). The names and where
 * they stand, else undefined.
 */
export function planHeadsOf(t: AnalyzedTable): PlanHeads | undefined {
  const page = t.table.cells[0]?.page ?? t.table.page;
  const headsOf = (cells: Cell[]) =>
    cells.flatMap((c) => (c.box ? [{ text: cellText(c), x0: c.box[0], x1: c.box[2] }] : []));
  if (t.body.length === 0 && t.headerRows > 0) {
    const options = t.columns.filter((c) => c.index > 0 && c.option);
    if (new Set(options.map((c) => c.option)).size < 2) return undefined;
    const last = t.table.rows - 1;
    const cells = startsInRow(rowCells(t.table, last), last).filter((c) => c.col > 0);
    const heads = headsOf(cells);
    return heads.length === cells.length && heads.length >= 2 ? { page, heads } : undefined;
  }
  if (t.table.rows !== 1 || t.table.cols < 2) return undefined;
  const cells = startsInRow(rowCells(t.table, 0), 0);
  const names = cells.map((c) => cellText(c));
  if (cells.some((c) => c.colSpan > 1)) return undefined;
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) return undefined;
  if (!names.every(namesAnInsurer)) return undefined;
  const heads = headsOf(cells);
  return heads.length === cells.length ? { page, heads } : undefined;
}

/**
 * A grid without headings under a strip of plans' names (`planHeadsOf`), on the same page, one
 * label column and a value column under each name (the name's middle within the column): the
 * columns, each value column headed by its plan; else undefined.
 */
export function columnsUnderPlanHeads(above: PlanHeads, t: AnalyzedTable): Column[] | undefined {
  if (t.headerRows > 0 || t.table.cols !== above.heads.length + 1) return undefined;
  if ((t.table.cells[0]?.page ?? t.table.page) !== above.page) return undefined;
  const edges = columnEdges(t.table);
  for (let c = 1; c < t.table.cols; c++) {
    const e = edges[c];
    const head = above.heads[c - 1]!;
    const mid = (head.x0 + head.x1) / 2;
    if (!e || mid < e[0] || mid > e[1]) return undefined;
  }
  return t.columns.map((col) => {
    if (col.index === 0) return { ...col };
    const name = above.heads[col.index - 1]!.text;
    return { index: col.index, path: [name], heading: name, option: name };
  });
}

/** A line printed left of every plan's name: in the label column. */
function leftOfHeads(line: Line, heads: PlanHeads): boolean {
  return line.box[2] <= Math.min(...heads.heads.map((h) => h.x0));
}

/** A text that opens a parenthesis it does not close ('Vision care services (once per year'). */
function opensParenthesis(text: string): boolean {
  return (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
}

/**
 * A line in the label column, or a few words ending before the second plan's name (the end of a
 * bar the reader printed apart: 'glasses)' after 'Contact lenses (instead of'): part of the grid
 * under the names, not text between them and it.
 */
function underHeadsLabel(line: Line, heads: PlanHeads): boolean {
  if (line.page !== heads.page) return false;
  const starts = heads.heads.map((h) => h.x0).sort((a, b) => a - b);
  if (line.box[2] <= starts[0]!) return true;
  return line.text.trim().split(/\s+/).length <= 4 && line.box[2] <= starts[1]!;
}

/**
 * A line the reader left just under a table that ends a cell of its last row ('$85 copay; 20% off
 * retail price' over 'less $120 allowance'): it starts in lower case, at the left edge of the
 * cell's text, touching its last line. It joins that cell; the blocks are otherwise as read.
 */
export function withCellContinuations(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    if (b.kind === 'line' && prev?.kind === 'table' && /^\p{Ll}/u.test(b.line.text.trim())) {
      const t = prev.table;
      const line = b.line;
      const cell = t.cells.find((c) => {
        const last = c.lines[c.lines.length - 1];
        return (
          c.row + c.rowSpan === t.rows &&
          last !== undefined &&
          c.lines[0]!.page === line.page &&
          Math.abs(c.lines[0]!.box[0] - line.box[0]) <= 2 &&
          line.box[1] - last.box[3] >= -1 &&
          line.box[1] - last.box[3] <= line.size * 0.5
        );
      });
      if (cell) {
        const joined: Cell = {
          ...cell,
          lines: [...cell.lines, line],
          text: `${cell.text}\n${line.text}`,
        };
        out[out.length - 1] = {
          ...prev,
          table: { ...t, cells: t.cells.map((c) => (c === cell ? joined : c)) },
        };
        continue;
      }
    }
    out.push(b);
  }
  return out;
}

/**
 * The plans a document's headings name after a section's words and a dash ('PLAN AND SERVICE
 * FREQUENCIES - Basic Plan', '… - Premier Plan'), in lines or in rows across a table.
 */
export function plansNamedAfterDashes(layout: DocumentLayout): Set<string> {
  const out = new Set<string>();
  const see = (text: string) => {
    const plan = planOfHeading(text.trim());
    if (plan && plan !== text.trim()) out.add(plan.toLowerCase());
  };
  for (const page of layout.pages)
    for (const b of page.blocks) {
      if (b.kind === 'line') see(b.line.text);
      else for (const c of b.table.cells) if (c.colSpan === b.table.cols) see(cellText(c));
    }
  return out;
}

/**
 * An age group printed alone on the line right above a grid ('Adult Members over the age of 19:'
 * over 'Service Interval | Exam | Lenses | Frame', 'Members under Age 19:' over the next): the
 * grid is that group's, its class. It captions that grid only — what follows the grids of each
 * group is printed for every group.
 */
export function ageGroupCaption(items: Item[]): string | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind !== 'line') return undefined;
    if (!item.line.text.trim()) continue;
    const age = ageGroupOf(item.line.text);
    return age && age.ages !== 'all' ? age.group : undefined;
  }
  return undefined;
}

export function analyzeDocument(layout: DocumentLayout): AnalyzedDocument {
  const sizes: number[] = [];
  for (const page of layout.pages) {
    for (const b of page.blocks) {
      if (b.kind === 'line') sizes.push(b.line.size);
      else for (const c of b.table.cells) for (const l of c.lines) sizes.push(l.size);
    }
  }
  const bodySize = median(sizes) || 10;
  const dashedPlans = plansNamedAfterDashes(layout).size >= 2;
  const items: Item[] = [];
  let scope: Scope = {};
  // the document's title sets the first scope: 'Group Dental Proposal' is dental throughout
  let order = 0;
  let lastHeading: string | undefined;
  const levels: SectionLevels = {};
  // the headed grid that ended the last page with blocks (a grid at the top of the next may go on)
  let endedPage: AnalyzedTable | undefined;
  for (const page of layout.pages) {
    scope = runningTitleScope(scope, layout.furniture, page, levels);
    const levelNetworks = new Map<string, 'in' | 'out'>();
    // the last table on the page whose columns are known, while nothing but tables follows it
    let headed: AnalyzedTable | undefined;
    // nothing but headings so far on this page
    let top = true;
    // plans' names printed in a strip of their own over the grid below them
    let planHeads: PlanHeads | undefined;
    let barTail: string | undefined;
    for (const b of withCellContinuations(page.blocks)) {
      if (b.kind === 'line') {
        if (!headed || !noteInsideValueColumns(headed, b.line)) headed = undefined;
        if (planHeads && !underHeadsLabel(b.line, planHeads)) planHeads = undefined;
        // the end of a bar the reader printed apart, right of the label column
        barTail = planHeads && !leftOfHeads(b.line, planHeads) ? b.line.text : undefined;
        const heading = isHeadingLine(b.line, bodySize);
        if (!heading) top = false;
        if (heading) {
          const before = scope;
          scope = endSections(scope, b.line, levels);
          scope = updateScope(scope, b.line.text, dashedPlans);
          if (scope.product && scope.product !== before.product) levels.product = b.line.size;
          if (scope.classRef && scope.classRef !== before.classRef) {
            levels.classRef = b.line.size;
            levels.classRefKeepsSiblings = OPTION_PAYS_HEADING.test(b.line.text.trim());
          }
          lastHeading = b.line.text;
        }
        items.push({ kind: 'line', line: b.line, heading, scope: { ...scope }, order: order++ });
      } else {
        for (const part of splitAtHeadingRows(b.table, dashedPlans)) {
          let analyzed = analyzeTable(
            transposedNetworks(part) ?? networksUnderFacts(part) ?? part,
            scope,
            order++,
            lastHeading,
            dashedPlans,
          );
          analyzed.columns = levelsAsNetworks(analyzed.columns, levelNetworks);
          const ageCaption = analyzed.scope.classRef ? undefined : ageGroupCaption(items);
          if (ageCaption) analyzed.scope = { ...analyzed.scope, classRef: ageCaption };
          // a row that names the next plan after a section's words heads what follows, like a
          // heading line ('PLAN AND SERVICE FREQUENCIES - Premier Plan')
          const planRow = analyzed.caption ? planOfHeading(analyzed.caption) : undefined;
          if (planRow && planRow !== analyzed.caption && analyzed.scope.classRef === planRow)
            scope = { ...scope, classRef: planRow };
          const continued =
            top && endedPage ? continuedFromPageBefore(endedPage, analyzed) : undefined;
          if (continued) analyzed = continued;
          top = false;
          const carried =
            continued?.columns ||
            (headed && columnsCarriedOver(headed, analyzed)) ||
            (planHeads && columnsUnderPlanHeads(planHeads, analyzed));
          if (carried) analyzed.columns = carried;
          if (
            carried ||
            (analyzed.headerRows > 0 &&
              (namedValueColumns(analyzed.columns) || namedPlanColumns(analyzed.columns)))
          )
            headed = analyzed;
          planHeads = planHeadsOf(analyzed);
          // 'Vision care services (once per year' + 'starting January 1)': one bar
          if (barTail && analyzed.caption && opensParenthesis(analyzed.caption)) {
            analyzed.caption = `${analyzed.caption} ${barTail.trim()}`;
            analyzed.heading = analyzed.caption;
          }
          barTail = undefined;
          const previous = items[items.length - 1];
          if (previous?.kind === 'line' && previous.heading) analyzed.headingAbove = true;
          items.push({ kind: 'table', table: analyzed, order: analyzed.order });
        }
      }
    }
    // (an empty page between leaves the grid going on)
    if (page.blocks.length > 0) endedPage = headed;
  }
  return {
    items,
    furniture: layout.furniture,
    bodySize,
  };
}

/** Products the document is about: named in its headings or shown by its tables. */
export function documentProducts(doc: AnalyzedDocument, shown: Set<Product>): Product[] {
  const named = new Set<Product>();
  for (const item of doc.items) {
    if (item.kind === 'line' && item.heading)
      for (const p of productsNamed(item.line.text)) named.add(p);
  }
  const out = new Set<Product>([...shown]);
  // a product only named (a title 'Dental & Vision') without any of its tables still counts when
  // nothing else is shown
  if (out.size === 0) for (const p of named) out.add(p);
  return (['dental', 'vision'] as const).filter((p) => out.has(p));
}

/** Whether a table's body rows are mostly coverage tiers. */
export function tierColumn(t: AnalyzedTable): number | undefined {
  let best: number | undefined;
  let bestCount = 0;
  for (let c = 0; c < Math.min(t.table.cols, 3); c++) {
    const count = t.body.filter((r) => isTierLabel(cellText(r.cells[c]))).length;
    if (count > bestCount) {
      best = c;
      bestCount = count;
    }
  }
  if (bestCount >= 2) return best;
  // one composite rate for every employee: a table of that row alone
  if (bestCount === 1 && best !== undefined && compositeOnly(t, best)) return best;
  return undefined;
}

/** A rate table of one composite row ('Composite | $9.85 | $118.20'). */
export function compositeOnly(t: AnalyzedTable, c: number): boolean {
  const labels = t.body.map((r) => cellText(r.cells[c])).filter(Boolean);
  return labels.length === 1 && /^composite\b/i.test(labels[0]!) && t.headerRows > 0;
}
