import { escapeRegExp } from '../../../shared/format/regexp.ts';
import type { Cell, Line } from '../layout.ts';
import { opened } from '../read/lines.ts';
import {
  type AnalyzedDocument,
  type AnalyzedTable,
  cellText,
  classRefIn,
  namesNetworkExplicitly,
  oneNetworkNamed,
} from './document.ts';
import { type Evidence, evidence, type Scope, sourceOfCell, sourceOfLines } from './evidence.ts';
import type { BenefitLine, FactKind, Facts } from './facts.ts';
import {
  type GridShape,
  gridShape,
  groupDoubt,
  isSectionRow,
  labelCellOf,
  onlyGroup,
  pairedValues,
  rowLabelOf,
  spansNetworks,
  valueAt,
} from './grid.ts';
import {
  cleanValue,
  joinWrapped,
  looksLikeValue,
  normalizeKey,
  splitParenthesisedAmounts,
} from './values.ts';
import {
  type AgeSpan,
  ageGroupOf,
  BOTH_KINDS_LEAD,
  BULLET,
  costOfItemAbove,
  DASHED_COVERAGE,
  DASHED_NOTE,
  FOR_ITEMS_NAMED,
  FREQUENCY_VALUE,
  frequencyInLabel,
  frequencyItems,
  isDentalProcedureName,
  isOptionName,
  isPlanTermLabel,
  isProseFragment,
  isVisionService,
  LENS_KINDS,
  lensKindsByLine,
  memberGroupOf,
  NOTE_VERB,
  networkInLabel,
  networkOf,
  ONE_PER_INTERVAL_NOTE,
  PARENTHESES_OUT_OF_NETWORK,
  planOfHeading,
  productsNamed,
  REFERS_BACK,
  RUNS_ON,
  resolveAgeSpan,
  SERVICE_LEVEL,
  SUM_ROW,
  valuesByAge,
  valuesByLevel,
  visionConcept,
} from './vocabulary.ts';

/**
 * Vision grids (one row per service or material, in- and out-of-network columns, sometimes a
 * frequency column) and frequency tables, row-wise (Exam | 12 months) or column-wise
 * (Exam | Lenses | Frames over one row of values).
 */

type FrequencyItem = ReturnType<typeof frequencyItems>[number];

const FREQUENCY_FACT: Record<FrequencyItem, FactKind> = {
  examination: 'freqExam',
  lensesOrContactLenses: 'freqLenses',
  frame: 'freqFrame',
};

/**
 * A frequency printed once for several items: the same value for each, or one part each when the
 * value lists as many parts ('Exam / Lenses / Frames: 12 / 12 / 24 months').
 */
export function frequencyParts(
  items: FrequencyItem[],
  value: string,
): Array<[FrequencyItem, string]> {
  const parts = value.split(/\s*\/\s*/);
  if (
    items.length >= 2 &&
    parts.length === items.length &&
    parts.every((p) => /^\d{1,2}(\s*(months?|years?))?$/i.test(p))
  ) {
    const unit = value.match(/(months?|years?)\s*$/i)?.[1];
    return items.map((item, i) => {
      const n = parts[i]!.match(/^\d+/)![0];
      return [item, unit ? `${n} ${unit}` : parts[i]!];
    });
  }
  return items.map((item) => [item, value]);
}

/**
 * A frequency printed once per network and read as one run ('Once every calendar year Once every
 * calendar year'): the phrase once.
 */
export function onceOfRepeated(value: string): string {
  const m = value.match(/^(.{6,}?)\s+\1$/i);
  return m ? m[1]! : value;
}

/**
 * A cell that holds two columns' identical values run together line by line ('Once every 12
 * months from the Once every 12 months from the' / 'date of service date of service': adults and
 * kids printed side by side): each line's phrase once, joined. Undefined unless every line is one
 * phrase printed twice.
 */
export function onceOfRepeatedLines(lines: string[]): string | undefined {
  const texts = lines.map((l) => l.trim()).filter(Boolean);
  if (texts.length < 2) return undefined;
  const halves = texts.map((t) => t.match(/^(.{2,}?)\s+\1$/i)?.[1]);
  if (halves.some((h) => h === undefined)) return undefined;
  return halves.join(' ');
}

/** A frequency cell's value, once when two columns' identical values run together in it. */
function frequencyOfCell(cell: Cell | undefined): Evidence | undefined {
  if (!cell) return undefined;
  const once = onceOfRepeatedLines(cell.lines.map((l) => l.text));
  return once ? evidence(once, sourceOfCell(cell), 'split') : undefined;
}

function addFrequency(
  facts: Facts,
  items: FrequencyItem[],
  found: Evidence,
  scope: Scope,
  order: number,
): void {
  const once = onceOfRepeated(found.value);
  const e = once === found.value ? found : { ...found, value: once, method: 'split' as const };
  for (const [item, value] of frequencyParts(items, e.value)) {
    facts.add(
      FREQUENCY_FACT[item],
      value === e.value ? e : { ...e, value, method: 'split' },
      scope,
      order,
    );
  }
}

/** A frequency, not a cost that mentions when it applies ('40% off …, once the insured benefit is used'). */
export function isFrequencyValue(v: string | undefined): boolean {
  return v !== undefined && FREQUENCY_VALUE.test(v) && !/[$%]/.test(v);
}

/**
 * Whether a grid's rows are mostly vision services. A grid of other rows that lists an eye exam
 * and eyewear among them (a medical plan grid: office visits, hospital stays, an eye exam) gives
 * only its vision rows.
 */
export function mostlyVision(t: AnalyzedTable, shape: GridShape): boolean {
  if (underVisionBar(t) || continuesVisionGrid(t)) return true;
  let labelled = 0;
  let vision = 0;
  for (const row of t.body) {
    const label = rowLabelOf(row.cells, shape);
    // (a bulleted kind of the service above it counts as neither)
    if (!label || isSectionRow(row.cells, shape) || BULLET.test(label.text)) continue;
    labelled++;
    if (isVisionService(label.text)) vision++;
  }
  return vision * 2 >= labelled;
}

/**
 * A grid going on from a vision grid on a page before ('NECESSARY | Covered in full | $225
 * allowance' alone at the top of a page after the contact lenses): its rows are vision lines as
 * that grid's are, though no word of theirs names vision.
 */
export function continuesVisionGrid(t: AnalyzedTable): boolean {
  const above = t.continues;
  return above !== undefined && mostlyVision(above, shapeByContent(above, gridShape(above)));
}

export function visionScore(t: AnalyzedTable): number {
  const shape = shapeByContent(t, gridShape(t));
  if (shape.groups.length === 0) return 0;
  const bar = underVisionBar(t) || continuesVisionGrid(t);
  return t.body.filter((row) => {
    const label = rowLabelOf(row.cells, shape);
    return label && (bar || isVisionService(label.text)) && !isSectionRow(row.cells, shape);
  }).length;
}

/**
 * A grid in a vision section whose first row is a bar naming a vision material ('Contact lenses
 * (instead of glasses)' over 'Conventional', 'Disposable', 'Medically necessary'): its rows are
 * kinds of that material, vision service lines whatever their own words.
 */
export function underVisionBar(t: AnalyzedTable): boolean {
  return (
    t.scope.product === 'vision' &&
    t.caption !== undefined &&
    t.caption.split(/\s+/).length <= 6 &&
    isVisionService(t.caption) &&
    !isDentalProcedureName(t.caption)
  );
}

/** The vision service lines a grid names, normalised ('Eye Exam' and 'eye exam' are one). */
function serviceNames(t: AnalyzedTable): Set<string> {
  const shape = shapeByContent(t, gridShape(t));
  const out = new Set<string>();
  for (const row of t.body) {
    const label = rowLabelOf(row.cells, shape);
    if (label && isVisionService(label.text) && !isSectionRow(row.cells, shape))
      out.add(normalizeKey(label.text));
  }
  return out;
}

/**
 * Vision grids printed one after another, each under its own heading that names a plan ('Plan 1:
 * Essential', 'Bronze Vision Plan') and listing the same services: every plan prints the same
 * table, so each grid is its heading's plan. Answers the plan of each such grid; nothing unless
 * two headings or more name plans over grids that share two services or more.
 */
export function plansOfRepeatedGrids(tables: AnalyzedTable[]): Map<AnalyzedTable, string> {
  const byHeading = new Map<string, AnalyzedTable[]>();
  for (const t of tables) {
    // ('PLAN AND SERVICE FREQUENCIES - Basic Plan' names the plan after its dash)
    const heading = planOfHeading(cleanValue(t.heading ?? ''));
    if (t.scope.classRef || t.scope.product === 'dental' || !heading || !isOptionName(heading))
      continue;
    const shape = shapeByContent(t, gridShape(t));
    if (shape.groups.some((g) => g.option) || visionScore(t) < 2) continue;
    byHeading.set(heading, [...(byHeading.get(heading) ?? []), t]);
  }
  const out = new Map<AnalyzedTable, string>();
  if (byHeading.size < 2) return out;
  const names = [...byHeading.values()].map(
    (ts) => new Set(ts.flatMap((t) => [...serviceNames(t)])),
  );
  const shared = [...names[0]!].filter((n) => names.every((set) => set.has(n)));
  if (shared.length < 2) return out;
  for (const [heading, ts] of byHeading) for (const t of ts) out.set(t, heading);
  return out;
}

/**
 * Plans compared side by side for two or more member groups in separate grids ('Benefits for
 * adults 19+' over a grid, 'Benefits for children under 19' over another, each with the same
 * plans' columns): each grid's group, by the table's order. The group holds until a heading names
 * another group or a product; nothing unless the document's plan grids fall under two groups or
 * more.
 */
export function memberGroupsOfGrids(doc: AnalyzedDocument): Map<number, string> {
  const out = new Map<number, string>();
  let group: string | undefined;
  for (const item of doc.items) {
    if (item.kind === 'line') {
      const named = memberGroupOf(cleanValue(item.line.text));
      if (named) group = named;
      else if (item.heading && productsNamed(item.line.text).length > 0) group = undefined;
      continue;
    }
    const plans = new Set(item.table.columns.flatMap((c) => (c.option ? [c.option] : [])));
    if (group && plans.size >= 2) out.set(item.table.order, group);
  }
  return new Set(out.values()).size >= 2 ? out : new Map();
}

/** The grid's plan columns as the plans of one member group ('EyeMed (adults 19+)'). */
export function plansOfGroup(t: AnalyzedTable, group: string): AnalyzedTable {
  return {
    ...t,
    columns: t.columns.map((c) => (c.option ? { ...c, option: `${c.option} (${group})` } : c)),
  };
}

/**
 * A priced example rather than the plan's benefits ('Without VSP | With VSP coverage' over
 * 'Eye Exam | $203 | $15' … 'Total | $970 | $345.64'): its rows add up to a total.
 */
export function isPricedIllustration(t: AnalyzedTable): boolean {
  const label = (row: AnalyzedTable['body'][number]) =>
    row.cells.map((c) => cellText(c)).find(Boolean) ?? '';
  return t.body.some(
    (row) =>
      SUM_ROW.test(label(row)) && row.cells.slice(1).some((c) => /\$\s?\d/.test(cellText(c))),
  );
}

/** Row-wise or column-wise frequency table. */
export function frequencyLayout(t: AnalyzedTable): 'rows' | 'columns' | undefined {
  const headerItems = t.columns.filter(
    (c) => c.index > 0 && frequencyItems(c.heading).length,
  ).length;
  const valuesBelow = t.body.some((r) =>
    r.cells.slice(1).some((c) => FREQUENCY_VALUE.test(cellText(c))),
  );
  if (headerItems >= 2 && valuesBelow) return 'columns';
  const rowItems = t.body.filter((r) => frequencyItems(cellText(r.cells[0])).length).length;
  const rowValues = t.body.filter((r) =>
    r.cells.slice(1).some((c) => FREQUENCY_VALUE.test(cellText(c))),
  ).length;
  const costs = t.body.filter((r) => r.cells.slice(1).some((c) => /\$/.test(cellText(c)))).length;
  if (rowItems >= 2 && rowValues >= 2 && costs === 0) return 'rows';
  return undefined;
}

export function collectFrequency(t: AnalyzedTable, facts: Facts): void {
  const layout = frequencyLayout(t);
  const base: Scope = {
    product: 'vision',
    ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}),
  };
  const add = (items: FrequencyItem[], cell: Cell, scope: Scope) => {
    const text = cellText(cell);
    if (text)
      addFrequency(
        facts,
        items,
        frequencyOfCell(cell) ?? evidence(text, sourceOfCell(cell), 'cell'),
        scope,
        t.order,
      );
  };
  if (layout === 'columns') {
    for (const row of t.body) {
      const ref = classRefIn(cellText(row.cells[0]));
      const scope: Scope = ref ? { product: 'vision', classRef: ref } : base;
      for (const col of t.columns) {
        const cell = row.cells[col.index];
        if (!cell || (col.index === 0 && !FREQUENCY_VALUE.test(cellText(cell)))) continue;
        add(frequencyItems(col.heading), cell, scope);
      }
    }
    return;
  }
  // rows: one value column, or one per plan option
  const valueCols = t.columns.filter((c) => c.index > 0);
  const options = valueCols.filter((c) => isOptionName(c.heading));
  if (options.length >= 2) for (const c of options) facts.addOption('vision', c.heading);
  // a column saying whom by age each row is for ('Frame | once every other calendar year |
  // Insured Persons 19 years of age and older'): the row's class
  const ages = base.classRef || options.length >= 2 ? new Map() : ageGroupsOfRows(t.body, 0);
  for (const row of t.body) {
    const items = frequencyItems(cellText(row.cells[0]));
    if (items.length === 0) continue;
    const age = ages.get(row.row)?.group;
    const scope: Scope =
      age && age.ages !== 'all' ? { product: 'vision', classRef: age.group } : base;
    if (age && age.ages !== 'all') facts.ageGroups.set(age.group, age.ages);
    for (const col of valueCols) {
      const cell = row.cells[col.index];
      if (!cell || !cellText(cell) || ageGroupOf(cellText(cell))) continue;
      const option = options.length >= 2 && isOptionName(col.heading);
      add(items, cell, option ? { product: 'vision', classRef: col.heading } : scope);
      if (!option) break;
    }
  }
}

/** A cost as a vision grid prints it: '$25', 'Up to $60', '20% off', 'Included in …', 'Covered in full'. */
const COST_VALUE =
  /^(up to\s+)?\$\s?\d|^\d{1,3}%|^(included|covered|no (additional )?(cost|charge)|not covered|free|\$0)\b/i;

function costLike(text: string): boolean {
  const t = text.trim();
  return (
    (COST_VALUE.test(t) || /^(amount over|all charges (above|over))\b/i.test(t)) &&
    t.split(/\s+/).length <= 12
  );
}

/** The texts of a column's own cells (not those spanning into it from the left). */
function columnTexts(t: AnalyzedTable, c: number): string[] {
  return t.body
    .map((r) => r.cells[c])
    .filter((cell): cell is Cell => cell !== undefined && cell.col === c)
    .map((cell) => cellText(cell))
    .filter(Boolean);
}

/**
 * A column taken for a second value column of a network (its heading spans it too: 'VSP Choice
 * Network' over 'Benefit' and 'Frequency') whose cells mostly say how often ('One exam every 12
 * months'): the grid's frequency column. Undefined when there is none or one is known.
 */
export function frequencyAmongValues(t: AnalyzedTable, shape: GridShape): GridShape | undefined {
  if (shape.frequencyCol !== undefined) return undefined;
  for (const [i, g] of shape.groups.entries()) {
    const extra = [
      ...(g.others ?? []),
      ...(g.both !== undefined && (g.in !== undefined || g.out !== undefined) ? [g.both] : []),
    ];
    for (const c of extra) {
      const texts = columnTexts(t, c);
      if (texts.length < 2 || texts.filter(isFrequencyValue).length < texts.length * 0.6) continue;
      const others = (g.others ?? []).filter((o) => o !== c);
      const { others: _, both: __, ...rest } = g;
      const group = {
        ...rest,
        ...(others.length ? { others } : {}),
        ...(g.both !== undefined && g.both !== c ? { both: g.both } : {}),
      };
      const groups = shape.groups.map((x, j) => (j === i ? group : x));
      return { ...shape, groups, frequencyCol: c };
    }
  }
  return undefined;
}

/**
 * A grid whose one value column is headed by how often ('Benefit frequency') but goes on, under a
 * bar ('Plan design'), with what each service costs ('Exam | $10', 'Single vision | $15'): the
 * heading names the first block only, so the column is the grid's value column, its frequency
 * lines read as frequencies row by row. Undefined unless two of its cells or more are costs.
 */
export function frequencyColumnOfCosts(t: AnalyzedTable, shape: GridShape): GridShape | undefined {
  const col = shape.frequencyCol;
  if (shape.groups.length > 0 || col === undefined) return undefined;
  const costs = t.body
    .map((r) => r.cells[col])
    .filter((cell) => cell?.col === col && costLike(cellText(cell)));
  if (costs.length < 2) return undefined;
  const { frequencyCol: _, ...rest } = shape;
  // one column of amounts under no network heading serves both networks (convention 15), unless
  // the title over the grid names one
  const network = oneNetworkNamed(t.caption ?? t.heading ?? '') ?? 'both';
  return { ...rest, groups: [{ [network]: col, unclear: true }] };
}

/**
 * A grid printed without headings over its value columns (its headings are loose lines above it,
 * or none): when the headings leave the value columns unclear, each column's role is taken from
 * what it holds. The column whose cells mostly read as costs is the value column, one whose cells
 * mostly read as frequencies is the frequency column; columns of sentences describe.
 */
export function shapeByContent(t: AnalyzedTable, given: GridShape): GridShape {
  const shape = frequencyAmongValues(t, given) ?? given;
  const mixed = frequencyColumnOfCosts(t, shape);
  if (mixed) return mixed;
  const only = onlyGroup(shape);
  if (!only?.unclear || only.in !== undefined || only.out !== undefined || only.option)
    return shape;
  if (t.columns.some((c) => c.network)) return shape;
  if (t.columns.filter((c) => c.option && isOptionName(c.option)).length >= 2) return shape;
  const texts = (c: number) =>
    t.body
      .map((r) => r.cells[c])
      .filter((cell): cell is Cell => cell !== undefined && cell.col === c)
      .map((cell) => cellText(cell))
      .filter(Boolean);
  const share = (c: number, test: (v: string) => boolean) => {
    const v = texts(c);
    return v.length >= 2 ? v.filter(test).length / v.length : 0;
  };
  // a first column that only holds bars across the row ('In-Network Services', 'Lens
  // Options'): the row labels are in the next column
  let labelCol = shape.labelCol;
  const starts = (c: number) =>
    t.body
      .map((r) => r.cells[c])
      .filter((cell): cell is Cell => cell?.col === c && !!cellText(cell));
  if (
    shape.classCol === undefined &&
    shape.subLabelCol === undefined &&
    starts(labelCol).length > 0 &&
    // bars across the row, or bullets
    starts(labelCol).every((cell) => cell.colSpan >= 2 || !/[a-z0-9]/i.test(cellText(cell))) &&
    starts(labelCol + 1).filter((cell) => cell.colSpan === 1).length >= 3
  )
    labelCol += 1;
  let cost: number | undefined;
  let best = 0.5;
  let frequency: number | undefined;
  const costCols: number[] = [];
  for (const col of t.columns) {
    const c = col.index;
    if (c <= labelCol || c === shape.classCol || c === shape.subLabelCol) continue;
    if (share(c, isFrequencyValue) >= 0.6) {
      frequency ??= c;
      continue;
    }
    const s = share(c, costLike);
    // (a description column may open with an allowance: a pair of cost columns is clear-cut)
    if (s >= 0.8) costCols.push(c);
    if (s >= best) {
      best = s + 1e-9;
      cost = c;
    }
  }
  if (cost === undefined) return shape;
  // the network the table's title names ('Your Coverage with Other Providers (Non-Network)');
  // else what a member pays at the provider: the in-network cost (out-of-network amounts are
  // reimbursements, printed apart)
  const title = t.caption ?? t.heading ?? '';
  const named = oneNetworkNamed(title);
  const network = named ?? 'in';
  // two columns of costs side by side under no title naming a network: in-network first, then
  // out-of-network, the order every benefit summary prints them in
  // (not a priced illustration that adds its rows up: 'Without plan | With plan … Total')
  const sums = t.body.some((r) => /^(total|savings)\b/i.test(cellText(r.cells[labelCol])));
  if (!named && !sums && costCols.length === 2 && costCols[1] === costCols[0]! + 1)
    return {
      ...shape,
      labelCol,
      groups: [{ in: costCols[0], out: costCols[1], unclear: true }],
      ...(frequency !== undefined ? { frequencyCol: frequency } : {}),
    };
  return {
    ...shape,
    labelCol,
    groups: [{ [network]: cost, unclear: true }],
    ...(frequency !== undefined ? { frequencyCol: frequency } : {}),
  };
}

/**
 * A cost cell that prints one value per line beside a cell listing as many services, line for
 * line ('Standard progressive lenses / Premium progressive lenses' beside '$55 / $95 - $105'):
 * each value with the service printed level with it. A value wrapped onto the next line with a
 * parenthesis left open ('$15 ($0 USC' over 'Roski)') is one value. A value level with a line that
 * names no vision service or runs on to the next (a description: 'Focuses on your eyes and overall
 * wellness', 'Additional exams … to treat immediate' over 'issues from …') is the row's own
 * (`service` undefined), for one value at most; a name's trailing 'covered-in-full' is the
 * service's description. Undefined unless every value finds its place.
 */
export function valuesLineByLine(
  costCell: Cell | undefined,
  nameCells: Array<Cell | undefined>,
): Array<{ service?: Evidence; cost: Evidence }> | undefined {
  const values: Line[][] = [];
  for (const l of (costCell?.lines ?? []).filter((x) => x.text.trim())) {
    const last = values[values.length - 1];
    const text = l.text.trim();
    if (COST_VALUE.test(text)) values.push([l]);
    else if (last && opened(last.map((x) => x.text).join(' '))) last.push(l);
    else return undefined;
  }
  if (values.length < 2) return undefined;
  const others = nameCells.filter((c): c is Cell => c !== undefined && c !== costCell);
  // the services are listed beside the row's label, in a description column (the label's own
  // lines are one service's name wrapped)
  if (others.length < 2) return undefined;
  const listed = others.slice(1);
  const names = listed.flatMap((c) =>
    c.lines
      .map((l, i) => ({ line: l, next: c.lines[i + 1] }))
      .filter(({ line: l }) => l.text.trim() && !COST_VALUE.test(l.text.trim())),
  );
  const out: Array<{ service?: Evidence; cost: Evidence }> = [];
  for (const group of values) {
    const v = group[0]!;
    const height = v.box[3] - v.box[1];
    const level = names.filter(
      ({ line: n }) =>
        Math.abs((n.box[1] + n.box[3]) / 2 - (v.box[1] + v.box[3]) / 2) < height * 0.6,
    );
    if (level.length !== 1) return undefined;
    const { line: at, next } = level[0]!;
    const name = at.text
      .replace(/^[\s\u2022\uf0b7*-]+/, '')
      .replace(/\s+covered[- ]in[- ]full\.?$/i, '')
      .trim();
    if (!name || /^[\d$]/.test(name)) return undefined;
    const cost = evidence(group.map((x) => x.text.trim()).join(' '), sourceOfLines(group), 'split');
    const runsOn = next !== undefined && /^\p{Ll}/u.test(next.text.trim());
    if (!isVisionService(name) || runsOn) {
      if (out.some((o) => !o.service)) return undefined;
      out.push({ cost });
      continue;
    }
    out.push({ service: evidence(name, sourceOfLines([at]), 'split'), cost });
  }
  return out;
}

/** A service read from one item of a label cell, with its value in each value column. */
interface ItemCosts {
  service: Evidence;
  costs: Array<Evidence | undefined>;
}

/**
 * A label cell that heads a list of items, one per line, beside value cells that print one value
 * level with each item ('Contact lenses (applies to materials only)' over 'Conventional' /
 * 'Disposable' / 'Medically necessary', beside '$130 allowance, 15% off balance over $130' /
 * '$130 allowance' / '$0'): each item with the values printed level with it, a value line level
 * with no item going on from the one above. Undefined unless the cell's first line heads the list
 * (level with no value), two items or more find values, and every value line is a cost.
 */
export function itemsLineByLine(
  labelCell: Cell | undefined,
  valueCells: Array<Cell | undefined>,
): ItemCosts[] | undefined {
  const names = (labelCell?.lines ?? []).filter((l) => l.text.trim());
  if (names.length < 3) return undefined;
  const mid = (l: Line) => (l.box[1] + l.box[3]) / 2;
  // the item nearest the value, a line's height or so away at most (cells set their lines'
  // baselines a little apart)
  const levelOf = (v: Line): number => {
    const height = v.box[3] - v.box[1];
    let best = -1;
    let distance = height * 1.2;
    for (const [i, n] of names.entries()) {
      const d = Math.abs(mid(n) - mid(v));
      if (d < distance) {
        distance = d;
        best = i;
      }
    }
    return best;
  };
  const perCell: Array<Map<number, string[]>> = [];
  // a cell of one line that is no item's cost ('Not Applicable' level with the list's heading):
  // one value for every item, as a cell spanning them would be
  const whole = new Map<number, string>();
  for (const [c, cell] of valueCells.entries()) {
    const lines = (cell?.lines ?? []).filter((l) => l.text.trim());
    const byItem = new Map<number, string[]>();
    let last: number | undefined;
    const one = lines.length === 1 ? lines[0]!.text.trim() : undefined;
    if (one && !COST_VALUE.test(one)) {
      whole.set(c, one);
      perCell.push(byItem);
      continue;
    }
    for (const v of lines) {
      const text = v.text.trim();
      const at = levelOf(v);
      if (at === -1) {
        // a value wrapped onto a line of its own goes on from the value above
        if (last === undefined) return undefined;
        byItem.get(last)!.push(text);
        continue;
      }
      if (byItem.has(at) && at === last) {
        byItem.get(at)!.push(text);
        continue;
      }
      if (!COST_VALUE.test(text) || byItem.has(at) || (last !== undefined && at < last))
        return undefined;
      byItem.set(at, [text]);
      last = at;
    }
    perCell.push(byItem);
  }
  const items = [...new Set(perCell.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  // the list's heading (its first line) has no value of its own
  if (items.length < 2 || items.includes(0)) return undefined;
  return items.map((i) => {
    // ('Fashion:' over 'Designer:' is the item 'Fashion')
    const name = names[i]!.text.replace(/^[\s\u2022\uf0b7*-]+/, '')
      .replace(/\s*:$/, '')
      .trim();
    return {
      service: evidence(name, sourceOfLines([names[i]!]), 'split'),
      costs: perCell.map((m, c) => {
        const parts = m.get(i);
        const cell = valueCells[c];
        const value = parts ? cleanValue(parts.join(' ')) : cleanValue(whole.get(c) ?? '');
        return value && cell ? evidence(value, sourceOfCell(cell), 'split') : undefined;
      }),
    };
  });
}

/**
 * A row that goes on from the row above over a page break, its values printed again beside the
 * rest of the label ('• 20% savings on additional pairs …' or 'Provides additional coverage for
 * members who …' atop the next page, beside the same 'Available' / 'Not available'): no service of
 * its own. True when the row opens a later page than the row above ends on, its label opens with a
 * bullet or is running text (a sentence, or words cut at a comma or a little word), and every value
 * cell reads as the one above it (or goes on after its words), one at least printed.
 */
export function repeatsRowAbove(
  cells: Array<Cell | undefined>,
  above: Array<Cell | undefined> | undefined,
  labelCol: number,
): boolean {
  if (!above) return false;
  const label = cells[labelCol];
  const pageOf = (c: Cell | undefined, last: boolean) =>
    c?.lines.length ? c.lines[last ? c.lines.length - 1 : 0]!.page : undefined;
  const page = pageOf(label, false);
  const abovePage = Math.max(...above.map((c) => pageOf(c, true) ?? 0));
  if (page === undefined || page <= abovePage) return false;
  const text = cellText(label);
  if (!BULLET_LEAD.test(label!.lines[0]!.text) && !isSentence(text) && !isProseFragment(text))
    return false;
  let printed = 0;
  for (const [c, cell] of cells.entries()) {
    if (c === labelCol) continue;
    // (as printed above, or the same with more lines after it)
    const value = cellText(cell);
    const before = cellText(above[c]);
    if (value !== before && !(before && value.startsWith(before))) return false;
    if (value) printed++;
  }
  return printed > 0;
}

/**
 * A label cell that opens with a heading set in larger type than the service's name under it
 * ('Diabetic eye care: Care and' / 'testing for diabetic members' at 12 pt over 'Examination' at 10
 * pt): the heading, its lines joined, and the name. Undefined for a cell in one size, or unless
 * the name is the cell's last line alone, a vision service in five words at most, under a heading of
 * three words or more.
 */
export function headingAtopLabel(
  cell: Cell | undefined,
): { heading: string; name: string } | undefined {
  const lines = (cell?.lines ?? []).filter((l) => l.text.trim());
  const last = lines[lines.length - 1];
  if (!last) return undefined;
  const cut = lines.findIndex((l) => l.size <= last.size * 1.1);
  if (cut < 1 || lines.slice(cut).some((l) => l.size > last.size * 1.1)) return undefined;
  const heading = cleanValue(joinWrapped(lines.slice(0, cut).map((l) => l.text)));
  const name = cleanValue(last.text);
  // (the name a line of its own naming a vision service, the heading words of a section: a name
  // over a note in smaller type is the name's cell, not a heading's)
  if (cut !== lines.length - 1 || heading.split(/\s+/).length < 3) return undefined;
  if (!/^\p{L}/u.test(name) || name.split(/\s+/).length > 5 || !isVisionService(name))
    return undefined;
  return { heading, name };
}

/**
 * A service a grid prints again, under a heading set atop a label cell ('Retinal imaging' under
 * 'Diabetic eye care: Care and testing for diabetic members', 'Retinal imaging' read already above
 * with a value in the same network): named apart by the heading's name, the words before its
 * colon ('Diabetic eye care - Retinal imaging'). The service as it is when no such line was read,
 * the earlier line prints the other network only (one service over two grids), or no heading.
 */
export function nameUnderHeading(
  service: string,
  heading: string | undefined,
  earlier: readonly BenefitLine[],
  scope: Scope,
  costs: { inCost?: Evidence; outCost?: Evidence },
): string {
  const head = (heading ?? '').split(':')[0]?.trim();
  if (!head || head.toLowerCase() === service.toLowerCase()) return service;
  const same = earlier.some(
    (b) =>
      b.scope.classRef === scope.classRef &&
      b.service.value.toLowerCase() === service.toLowerCase() &&
      ((b.inCost && costs.inCost) || (b.outCost && costs.outCost)),
  );
  return same ? `${head} - ${service}` : service;
}

/** A bullet opening a line, and the space after it. */
const BULLET_LEAD = /^\s*[\u2022\uf0b7\u25aa\u25cf]\s*/;

/**
 * A cell's lines parted into the values it prints one after another: a value opens at a bullet or
 * after a blank line (a gap between two lines taller than most of a line).
 */
function partsOfCell(cell: Cell | undefined): Line[][] {
  const parts: Line[][] = [];
  let above: Line | undefined;
  for (const l of (cell?.lines ?? []).filter((x) => x.text.trim())) {
    const height = l.box[3] - l.box[1];
    const apart = above !== undefined && l.box[1] - above.box[3] > height * 0.7;
    if (parts.length === 0 || BULLET_LEAD.test(l.text) || apart) parts.push([l]);
    else parts[parts.length - 1]!.push(l);
    above = l;
  }
  return parts;
}

/**
 * A label cell that names a service, then lists its items as bullets at its end ('Diabetic EyeCare
 * Plus:' over '• Exam' / '• Special Ophthalmological services', a description between them or
 * not), beside value cells that print one value per item in the items' order, each opening at a
 * bullet ('• Covered in full after $20 co-pay.' / '• Covered in full.') or after a blank line, or
 * one value for all the items ('The lesser of the provider's usual fee or 80% of the Medicare
 * allowable charge.'): each item with its values. Undefined unless the label's first line is no
 * bullet, it lists two items or more, each a name (no sentence), and some value cell prints a value
 * per item while every other prints one value or none.
 */
export function bulletedItemsWithParts(
  labelCell: Cell | undefined,
  valueCells: Array<Cell | undefined>,
): ItemCosts[] | undefined {
  const lines = (labelCell?.lines ?? []).filter((l) => l.text.trim());
  const first = lines.findIndex((l) => BULLET_LEAD.test(l.text));
  if (first < 1) return undefined;
  const items: Line[][] = [];
  for (const l of lines.slice(first)) {
    if (BULLET_LEAD.test(l.text)) items.push([l]);
    else items[items.length - 1]!.push(l);
  }
  if (items.length < 2) return undefined;
  const names = items.map((group) =>
    joinWrapped(group.map((l) => l.text.replace(BULLET_LEAD, ''))).trim(),
  );
  if (names.some((n) => !n || /[.;]$/.test(n) || n.split(/\s+/).length > 8)) return undefined;
  const parts = valueCells.map(partsOfCell);
  if (!parts.some((p) => p.length === items.length)) return undefined;
  if (parts.some((p) => p.length > 1 && p.length !== items.length)) return undefined;
  const partText = (group: Line[]) =>
    cleanValue(joinWrapped(group.map((l) => l.text.replace(BULLET_LEAD, ''))));
  return names.map((name, i) => ({
    service: evidence(name, sourceOfLines(items[i]!), 'split'),
    costs: parts.map((p) => {
      const group = p.length === 1 ? p[0] : p[i];
      const value = group ? partText(group) : '';
      return value ? evidence(value, sourceOfLines(group!), 'split') : undefined;
    }),
  }));
}

/**
 * Where an out-of-network reimbursement opens: 'Up to $42', 'Not covered', 'Amount over $39' (an
 * amount over an allowance goes on a sentence: '20% off any amount over your frames allowance').
 */
const REIMBURSEMENT_START =
  /^(up to\b|not covered\b|no discounts?\b|amount over\s+\$|no benefit\b|n\/a$)/i;

/**
 * A value column whose cells hold two columns' words run together ('$20 copay Up to $35': the
 * in-network cost and the out-of-network reimbursement printed side by side and read as one
 * cell): the x where the second column begins, taken from lines whose later words open with a
 * reimbursement after a cost. Undefined unless two cells or more agree on it.
 */
export function runTogetherSplit(cells: Cell[]): number | undefined {
  const xs: number[] = [];
  for (const cell of cells) {
    for (const line of cell.lines) {
      const words = line.words;
      for (let k = 1; k < words.length; k++) {
        const rest = words
          .slice(k)
          .map((w) => w.text)
          .join(' ');
        const head = words
          .slice(0, k)
          .map((w) => w.text)
          .join(' ');
        // a slash says the cell prints its two values itself ('$10 copay / Up to $50')
        if (/\//.test(line.text)) break;
        if (REIMBURSEMENT_START.test(rest) && (costLike(head) || /copay|off\b|%/i.test(head))) {
          xs.push(words[k]!.box[0]);
          break;
        }
      }
    }
  }
  if (xs.length < 2) return undefined;
  const sorted = [...xs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const agree = xs.filter((x) => Math.abs(x - median) < 12);
  return agree.length >= 2 ? Math.min(...agree) - 1 : undefined;
}

/** A run-together cell's words left and right of the split, each joined over its lines. */
export function splitAtX(cell: Cell, x: number): [string, string] | undefined {
  const left: string[] = [];
  const right: string[] = [];
  for (const line of cell.lines) {
    const l = line.words.filter((w) => w.box[0] < x).map((w) => w.text);
    const r = line.words.filter((w) => w.box[0] >= x).map((w) => w.text);
    if (l.length) left.push(l.join(' '));
    if (r.length) right.push(r.join(' '));
  }
  if (!left.length || !right.length) return undefined;
  // each side cleaned like any value ('20% off retail price^' keeps no footnote mark)
  return [cleanValue(left.join(' ')), cleanValue(right.join(' '))];
}

/**
 * The side of a run-together cell's split its words all stand on ('Amount over $80' under the
 * in-network heading, nothing beside it under the out-of-network one): that network's value
 * only. Undefined when words stand on both sides (or none).
 */
export function sideOfX(cell: Cell, x: number): 'in' | 'out' | undefined {
  const words = cell.lines.flatMap((l) => l.words);
  if (words.length === 0) return undefined;
  if (words.every((w) => w.box[0] < x)) return 'in';
  if (words.every((w) => w.box[0] >= x)) return 'out';
  return undefined;
}

/**
 * A bulleted row that names no service of its own ('• Tier 1' under 'Premium anti-reflective
 * coating*'): one kind of the service named last in the row above it, written 'Premium
 * anti-reflective coating - Tier 1'. Undefined for other rows.
 */
export function subItemName(label: string, above: Cell | undefined): string | undefined {
  const m = label.match(new RegExp(`${BULLET.source}\\s*(.+)$`));
  if (!m || isVisionService(m[1]!) || !above) return undefined;
  const lines = above.lines.map((l) => l.text.trim()).filter(Boolean);
  const name = lines[lines.length - 1]?.replace(/[*\u2020\u2021]+$/, '').trim();
  if (!name || !isVisionService(name)) return undefined;
  return `${name} - ${cleanValue(m[1]!)}`;
}

/** A service's name without the note a dash puts after it ('Eyeglasses - includes …'). */
export function withoutDashedNote(service: string): string {
  const at = service.search(DASHED_NOTE);
  return at > 0 ? service.slice(0, at).trim() : service;
}

/**
 * A service's name before a colon and a description of it in the same cell ('Eye Exam: Eye health
 * exam, dilation, prescription and refraction for glasses'): the name. A short kind after the colon
 * ('Lenses: Single vision') is part of the name and stays.
 */
export function withoutDescription(service: string): string {
  const m = service.match(/^([^:]{2,40}?):\s+(\S.*)$/);
  if (!m || m[2]!.split(/\s+/).length < 4 || !isVisionService(m[1]!)) return service;
  return m[1]!.trim();
}

/** A note in parentheses that says how a value is set ('(Tier amount based on brand)'). */
export const PARENTHESISED_NOTE =
  /^\s*\((?=[^()]*\b(based on|varies|depends|applies|see|determined|subject to)\b)[^(),]*\)\s*$/i;

/** Text written as a sentence: four words or more ending in a full stop. */
/**
 * A label cell whose name is set in bold and whose description under it in plain type is a phrase
 * of its own (three words or more, opening with a capital): the description describes the service
 * and is no part of its name.
 */
export function describedInPlainType(cell: Cell | undefined, description: string): boolean {
  const lines = cell?.lines.filter((l) => l.text.trim()) ?? [];
  if (lines.length < 2 || lines[0]!.bold !== true) return false;
  const plain = lines.findIndex((l) => l.bold !== true);
  if (plain < 1 || lines.slice(plain).some((l) => l.bold === true)) return false;
  const d = description.trim();
  return /^\p{Lu}/u.test(d) && d.split(/\s+/).length >= 3;
}

export function isSentence(text: string): boolean {
  const t = text.trim();
  // (its last word may be an acronym: '… prior authorization from the VPA.')
  return /([a-z)]|\b[A-Z]{2,5})[.!]$/.test(t) && t.split(/\s+/).length >= 4;
}

/**
 * A label cell that prints the service's name, then a note about it as sentences in the same type
 * ('Elective contact lenses' over 'Allowance is applied toward the purchase of contact lenses.
 * Materials copay is waived.'): the name alone. Undefined when the cell holds no such note.
 */
export function nameBeforeNote(cell: Cell | undefined): string | undefined {
  const lines = (cell?.lines ?? []).map((l) => l.text.trim()).filter(Boolean);
  for (let i = 1; i < lines.length; i++) {
    const rest = lines.slice(i).join(' ');
    // (or a sentence without its full stop, said by its verb: 'Co-Payment shall not apply to
    // Retinal Imaging')
    const sentence = isSentence(rest) || (rest.split(/\s+/).length >= 4 && NOTE_VERB.test(rest));
    if (/^\p{Lu}/u.test(lines[i]!) && sentence && /^\p{Lu}\S*\s+\p{Ll}/u.test(rest))
      return cleanValue(lines.slice(0, i).join(' '));
    // '(Tier amount based on brand)' on a line of its own under the name
    if (PARENTHESISED_NOTE.test(rest)) return cleanValue(lines.slice(0, i).join(' '));
  }
  return undefined;
}

/**
 * A value cell that prints the value, then after a space a note about it as sentences ('Covered
 * in full' … 'Comprehensive examination of visual functions and prescription of corrective
 * eyewear.'): the value alone. Undefined when the cell holds no such note.
 */
export function valueBeforeNote(cell: Cell | undefined): string | undefined {
  const lines = (cell?.lines ?? []).filter((l) => l.text.trim());
  for (let i = 1; i < lines.length; i++) {
    const above = lines[i - 1]!;
    const height = above.box[3] - above.box[1];
    // (a paragraph of its own: a line's height or more of space above it)
    if (lines[i]!.box[1] - above.box[3] < height * 0.8) continue;
    const printed = lines
      .slice(0, i)
      .map((l) => l.text.trim())
      .join(' ');
    // (a value ending in a full stop is the first of the cell's sentences: '$150 allowance for
    // contacts.' over 'Contact lens fitting … up to $55 co-pay.' is one value)
    if (/\.$/.test(printed)) return undefined;
    const lead = cleanValue(printed);
    const rest = lines
      .slice(i)
      .map((l) => l.text.trim())
      .join(' ');
    const sentence = isSentence(rest) || NOTE_VERB.test(rest);
    if (COST_VALUE.test(lead) && sentence && /^\p{Lu}\S*\s+\p{Ll}/u.test(rest)) return lead;
    return undefined;
  }
  return undefined;
}

/**
 * A value printed for one group or in one run of text, alone: without a lead-in naming both kinds
 * of the service ('Standard and Premium fit: Covered in full …', `BOTH_KINDS_LEAD`), and without a
 * note after it written as a sentence ('Covered up to $200 Contact lenses are provided in place of
 * lens and frame benefits available herein.'). A value ending in a full stop is the first of its
 * sentences and stays whole, as in `valueBeforeNote`.
 */
export function ownValue(text: string): string {
  const t = text.replace(BOTH_KINDS_LEAD, '');
  const words = t.split(' ');
  for (let i = 1; i < words.length; i++) {
    if (!/^\p{Lu}/u.test(words[i]!)) continue;
    const lead = words.slice(0, i).join(' ');
    const rest = words.slice(i).join(' ');
    if (/\.$/.test(lead)) return t;
    if (COST_VALUE.test(lead) && isSentence(rest) && /^\p{Lu}\S*\s+\p{Ll}/u.test(rest)) return lead;
  }
  return t;
}

/**
 * A cell listing items with their values, 'name: value' ('Premium Progressive: $95-$105',
 * 'Polycarbonate (adults): $35' / 'Scratch Resistant Coating (adults 19+):' over '$17-$33' / …):
 * each item as printed and its value, up to the first line that is neither (a note: 'Note: All lens
 * options are …'). Undefined unless the cell opens with such an item and every value is a cost.
 */
export function itemsWithValues(
  lines: string[],
): Array<{ name: string; value: string }> | undefined {
  const out: Array<{ name: string; value: string }> = [];
  let open: string | undefined;
  for (const raw of lines) {
    const l = raw.replace(/\s+/g, ' ').trim();
    if (!l) continue;
    if (open !== undefined) {
      if (!COST_VALUE.test(l)) break;
      out.push({ name: open, value: l });
      open = undefined;
      continue;
    }
    const m = l.match(/^(\p{Lu}[^:$]{0,60}?)\s*:\s*(.*)$/u);
    if (m && !m[2]) {
      open = m[1]!;
      continue;
    }
    if (!m || !COST_VALUE.test(m[2]!)) {
      if (out.length === 0) return undefined;
      break;
    }
    out.push({ name: m[1]!, value: m[2]! });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * A value beside items listed with theirs, for one item: a value printed for the items it names
 * first (`FOR_ITEMS_NAMED`) is what follows the list, a value ending in the item's own name ('$50
 * allowance for Premium Progressive') is the value without it.
 */
export function valueForItemsNamed(text: string, item: string): string {
  const named = text.match(FOR_ITEMS_NAMED);
  if (named) return named[1]!;
  const escaped = escapeRegExp(item);
  return text.replace(new RegExp(`\\s+for\\s+${escaped}\\s*$`, 'i'), '');
}

/**
 * A row of a grid with items under the in-network heading whose one cell across the items' column
 * and the in-network values' lists items with their values (`itemsWithValues`): each item is a
 * row, in its age group's class when its name ends in one ('Polycarbonate (adults)'), the
 * out-of-network cell beside serving each (`valueForItemsNamed`). Whether the row was read so.
 */
function collectItemsWithValues(
  row: { row: number; cells: Array<Cell | undefined> },
  shape: GridShape,
  base: Scope,
  tableOrder: number,
  facts: Facts,
): boolean {
  const g = onlyGroup(shape);
  if (!shape.sectionHeads || shape.subLabelCol === undefined || g?.in === undefined) return false;
  const cell = row.cells[shape.subLabelCol];
  if (!cell || cell.col !== shape.subLabelCol || cell.col + cell.colSpan <= g.in) return false;
  const items = itemsWithValues(cell.lines.map((l) => l.text));
  if (!items) return false;
  const source = sourceOfCell(cell);
  const out = g.out === undefined ? undefined : valueAt(row.cells, g.out);
  for (const [i, item] of items.entries()) {
    const aged = labelAgeGroup([item.name]);
    const name = aged?.name ?? item.name;
    if (aged && aged.group.ages !== 'all') facts.ageGroups.set(aged.group.group, aged.group.ages);
    const scope: Scope =
      aged && aged.group.ages !== 'all' ? { product: 'vision', classRef: aged.group.group } : base;
    const outValue = out && valueForItemsNamed(out.value, name);
    facts.benefits.push({
      scope,
      order: tableOrder + row.row / 1000 + i / 100000,
      service: evidence(name, source, 'split'),
      inCost: evidence(item.value, source, 'split'),
      ...(out && outValue ? { outCost: evidence(outValue, out.source, 'split') } : {}),
    });
  }
  return true;
}

/**
 * The out-of-network side split in two under its heading, names then amounts ('Out-of-Network
 * Coverage' over 'Single Vision | $30 allowance' / 'Lined Bifocal | $50 allowance' …, beside one
 * label and one in-network value spanning those rows): the column of names, each its row's item.
 * Undefined unless two rows or more name an item there beside an amount, and no cell of it is a
 * value.
 */
export function outItemsColumn(t: AnalyzedTable, shape: GridShape): number | undefined {
  const g = onlyGroup(shape);
  if (!g || g.option || g.in === undefined || g.out === undefined) return undefined;
  const col = g.out - 1;
  if (col <= g.in || col === shape.labelCol || t.columns[col]?.network !== 'out') return undefined;
  let named = 0;
  for (const r of t.body) {
    const c = r.cells[col];
    if (!c || c.col !== col || c.colSpan !== 1 || !cellText(c)) continue;
    const v: Cell | undefined = r.cells[g.out];
    if (looksLikeValue(cellText(c)) || /\$\s?\d/.test(cellText(c))) return undefined;
    if (!v || v.col !== g.out || !COST_VALUE.test(cellText(v))) return undefined;
    named++;
  }
  return named >= 2 ? col : undefined;
}

/**
 * A value cell whose first line is the whole value and whose next lines are a note about it as
 * sentences ('Covered up to a $200 allowance' over 'Frames are covered up to the allowance of' /
 * '$110 at Costco … locations.'): the first line. Undefined unless the first line is a cost that
 * neither ends in a full stop nor runs on, and the rest opens a sentence of its own.
 */
export function valueOverNoteLines(cell: Cell | undefined): string | undefined {
  const lines = (cell?.lines ?? []).map((l) => l.text.trim()).filter(Boolean);
  if (lines.length < 2) return undefined;
  const [first, ...more] = lines as [string, ...string[]];
  const rest = more.join(' ');
  if (!COST_VALUE.test(first) || /[.,;:]$/.test(first) || RUNS_ON.test(first)) return undefined;
  if (!isSentence(rest) || !/^\p{Lu}\S*\s+\p{Ll}/u.test(rest)) return undefined;
  return cleanValue(first);
}

/**
 * A value cell naming items, each on a line of its own over its value ('Comprehensive Evaluation'
 * over '$300 allowance once every 60 months', 'Follow-up Evaluation' over '$100 allowance for each
 * follow-up visit' / 'up to four times every 60 months'): each item and its value, a line opening
 * in lower case going on from the value above. Undefined unless the cell opens with a name (words
 * only, five at most) and every name is followed by a cost.
 */
export function itemsOverValues(
  lines: string[],
): Array<{ name: string; value: string }> | undefined {
  const out: Array<{ name: string; value: string[] }> = [];
  let named: string | undefined;
  for (const raw of lines) {
    const l = raw.replace(/\s+/g, ' ').trim();
    if (!l) continue;
    if (named !== undefined) {
      if (!COST_VALUE.test(l)) return undefined;
      out.push({ name: named, value: [l] });
      named = undefined;
    } else if (out.length > 0 && /^\p{Ll}/u.test(l)) out.at(-1)!.value.push(l);
    else if (/^\p{Lu}[\p{L}\s-]*\p{L}$/u.test(l) && l.split(' ').length <= 5 && !COST_VALUE.test(l))
      named = l;
    else return undefined;
  }
  if (named !== undefined || out.length === 0) return undefined;
  return out.map((o) => ({ name: o.name, value: cleanValue(o.value.join(' ')) }));
}

/**
 * A row whose in-network cell names items, each over its value (`itemsOverValues`): each item is
 * a row of its own, the out-of-network cell giving each the value it prints under the same name,
 * or itself when it names no items. Whether the row was read so.
 */
function collectItemsOverValues(
  row: { row: number; cells: Array<Cell | undefined> },
  shape: GridShape,
  base: Scope,
  tableOrder: number,
  facts: Facts,
): boolean {
  const g = onlyGroup(shape);
  if (!g || g.option || g.in === undefined || g.out === undefined) return false;
  const cell = row.cells[g.in];
  if (!cell || cell.col !== g.in || cell.col + cell.colSpan > g.out) return false;
  const items = itemsOverValues(cell.lines.map((l) => l.text));
  if (!items) return false;
  const out = valueAt(row.cells, g.out);
  const outCell = row.cells[g.out];
  const outItems = outCell ? itemsOverValues(outCell.lines.map((l) => l.text)) : undefined;
  const source = sourceOfCell(cell);
  for (const [i, item] of items.entries()) {
    const outValue = outItems
      ? outItems.find((o) => o.name.toLowerCase() === item.name.toLowerCase())?.value
      : out?.value;
    facts.benefits.push({
      scope: base,
      order: tableOrder + row.row / 1000 + i / 100000,
      service: evidence(item.name, source, 'split'),
      inCost: evidence(item.value, source, 'split'),
      ...(out && outValue ? { outCost: evidence(outValue, out.source, 'split') } : {}),
    });
  }
  return true;
}

/** The value a body row holds in a column (`valueAt`), without a note printed after it. */
function leadValueAt(
  cells: Array<Cell | undefined>,
  col: number | undefined,
  doubt?: number,
): Evidence | undefined {
  const v = valueAt(cells, col, doubt);
  const lead =
    v && col !== undefined
      ? (valueBeforeNote(cells[col]) ??
        valueOverNoteLines(cells[col]) ??
        valueBeforePriceList(cells[col]))
      : undefined;
  return v && lead ? { ...v, value: lead } : v;
}

/** A price and nothing else ('$0', '$41-$85', '$95 - $105'). */
const BARE_PRICE = /^\$\d[\d,]*(?:\.\d\d)?(?:\s*[-\u2013]\s*\$\d[\d,]*(?:\.\d\d)?)?$/;

/**
 * A value in words over a column of bare prices, one to a line ('After a $20 materials co-pay. …
 * (lenses and frames).' over '$0' / '$0' / '$41-$85' / …: the prices of the items the label lists,
 * printed in the same cell): the value in words alone. Undefined unless three prices or more end
 * the cell under one line of words at least.
 */
export function valueBeforePriceList(cell: Cell | undefined): string | undefined {
  const lines = (cell?.lines ?? []).map((l) => l.text.trim()).filter(Boolean);
  let k = lines.length;
  while (k > 0 && BARE_PRICE.test(lines[k - 1]!)) k--;
  if (k === 0 || lines.length - k < 3) return undefined;
  return cleanValue(joinWrapped(lines.slice(0, k)));
}

/**
 * A label cell whose first line heads the row's service, printed above it in the same cell
 * ('Standard plastic lenses' over 'Single vision', the values level with 'Single vision' only):
 * the service is the last line. Undefined unless every value sits on one line level with the
 * label's last line and clearly below its first.
 */
export function nameLevelWithValues(
  labelCell: Cell | undefined,
  valueCells: Array<Cell | undefined>,
): string | undefined {
  const lines = (labelCell?.lines ?? []).filter((l) => l.text.trim());
  if (lines.length !== 2) return undefined;
  const [head, name] = lines as [Line, Line];
  if (/(,|\b(and|or|of|with|for|to|the|&|-))$/i.test(head.text.trim())) return undefined;
  const values = valueCells.filter((c): c is Cell => c?.lines.some((l) => l.text.trim()) === true);
  if (values.length === 0) return undefined;
  const mid = (l: Line) => (l.box[1] + l.box[3]) / 2;
  const height = name.box[3] - name.box[1];
  const level = values.every((c) => {
    const ls = c.lines.filter((l) => l.text.trim());
    return (
      ls.length === 1 &&
      Math.abs(mid(ls[0]!) - mid(name)) < height * 0.5 &&
      mid(ls[0]!) - mid(head) > height * 0.9
    );
  });
  return level ? cleanValue(name.text) : undefined;
}

/** The frequency a bar states in parentheses for no item of its own, else undefined. */
export function renewsOfBar(text: string): string | undefined {
  const said = frequencyInLabel(cleanValue(text));
  return said && frequencyItems(said.name).length === 0 ? said.frequency : undefined;
}

/**
 * Whether the document prints a legend saying that amounts in parentheses are out-of-network
 * (`PARENTHESES_OUT_OF_NETWORK`), in its text or in a table's cell.
 */
export function parenthesesAreOutOfNetwork(doc: AnalyzedDocument): boolean {
  return doc.items.some((item) =>
    item.kind === 'line'
      ? PARENTHESES_OUT_OF_NETWORK.test(item.line.text)
      : item.table.table.cells.some((c) => PARENTHESES_OUT_OF_NETWORK.test(cellText(c))),
  );
}

/** An age group as printed and the ages it covers. */
export interface AgeGroup {
  group: string;
  ages: AgeSpan;
}

/**
 * A label cell whose lines after the service's name say whom by age it is for ('Comprehensive Eye
 * Examination' over 'Insured Persons 19 years of age and' over 'older'; 'Contact Lenses Fit and
 * Follow-Up' over '(19 years of age and older):' over a note), or a name ending in the group in
 * parentheses ('Photochromic – Non-Glass (19 years of age and older)'): the name alone (no
 * trailing colon) and the group. Undefined when no line after the first is only an age group.
 */
export function labelAgeGroup(lines: string[]): { name: string; group: AgeGroup } | undefined {
  const ls = lines.map((l) => l.trim()).filter(Boolean);
  const nameOf = (text: string) => cleanValue(text).replace(/\s*:$/, '');
  for (let i = 1; i < ls.length; i++)
    for (let j = i; j < Math.min(ls.length, i + 2); j++) {
      const text = ls.slice(i, j + 1).join(' ');
      const group = ageGroupOf(text);
      // ('Exam' over 'Children': a persons word alone on a line is no group without its
      // parentheses — '(adults)')
      const ageless = group?.ages === 'adults' || group?.ages === 'children';
      if (group && (!ageless || text.startsWith('(')))
        return { name: nameOf(ls.slice(0, i).join(' ')), group };
    }
  // ('Scratch Resistant' over 'Coating (child up to' over 'age 19)': the name and its group in
  // parentheses may run over several lines)
  for (const text of [ls[0] ?? '', ls.join(' ')]) {
    const m = text.match(/^(.*\S)\s*(\([^()]+\))\s*:?$/);
    const group = m ? ageGroupOf(m[2]!) : undefined;
    if (m && group && group.ages !== 'all') return { name: nameOf(m[1]!), group };
  }
  return undefined;
}

/** Whether the age groups printed so far name two spans of ages or more (classes by age). */
function ageSplit(facts: Facts): boolean {
  const printed = [...facts.ageGroups.values()];
  const spans = new Set(printed.map((a) => resolveAgeSpan(a, printed)).filter((a) => a !== 'all'));
  return spans.size >= 2;
}

/**
 * The age group of each body row of a grid that prints its rows' age groups itself, by row: in a
 * label cell's last lines (a block's head scopes the rows indented below it, until a row starts at
 * the head's indent or left of it), or as the whole text of a value cell (a 'who' column: 'Frame |
 * once every other calendar year | Insured Persons 19 years of age and older'). Empty unless the
 * grid prints two groups of different ages or more: one group alone is no split into classes.
 */
export function ageGroupsOfRows(
  rows: Array<{ row: number; cells: Array<Cell | undefined> }>,
  labelCol: number,
  read: { labelOf?: (cells: Array<Cell | undefined>) => Cell | undefined; split?: boolean } = {},
): Map<number, { group: AgeGroup; name?: string }> {
  const out = new Map<number, { group: AgeGroup; name?: string }>();
  let held: { group: AgeGroup; x: number } | undefined;
  for (const row of rows) {
    const label = read.labelOf ? read.labelOf(row.cells) : row.cells[labelCol];
    const x = label?.lines[0]?.box[0];
    if (held && (x === undefined || x <= held.x + 1)) held = undefined;
    const own = label ? labelAgeGroup(label.lines.map((l) => l.text)) : undefined;
    if (own && x !== undefined) held = { group: own.group, x };
    const who = row.cells
      .filter((c, i) => c && i !== labelCol && c !== label)
      .map((c) => ageGroupOf(cellText(c)))
      .find(Boolean);
    const group = own?.group ?? who ?? held?.group;
    if (group) out.set(row.row, { group, ...(own ? { name: own.name } : {}) });
  }
  const spans = new Set([...out.values()].map((g) => g.group.ages).filter((a) => a !== 'all'));
  return spans.size >= 2 || (read.split && spans.size > 0) ? out : new Map();
}

/**
 * A row indented under a row without values whose label names a service, and naming only a level
 * ('Tier 1' under 'Progressive – Premium'): a kind of that service, written 'Progressive –
 * Premium Tier 1'. Undefined for other rows ('Private Practice Provider' under 'Frame Benefit'
 * names where, not a kind).
 */
export function kindUnderSubhead(
  label: string,
  x: number | undefined,
  subhead: { name: string; x: number } | undefined,
): string | undefined {
  if (!subhead || x === undefined || x <= subhead.x + 3) return undefined;
  if (!SERVICE_LEVEL.test(label) || !isVisionService(subhead.name)) return undefined;
  return `${subhead.name} ${label}`;
}

/**
 * A sub-head inside a box that prints one value for the whole box ('Frames:' over 'Non-Collection
 * Frame Allowance (Retail): | 80% of balance … |', 'Davis Vision Collection: | | $22', 'Fashion
 * level | $0 |' …): the sub-head (its label ends in a colon, one network's value alone) is no row,
 * and its value goes to every other row of the box (the rows between two section rows), none of
 * which prints a value in that column. By body row: the cells to read instead, and the rows left.
 */
export function boxValuesOfSubheads(
  body: Array<{ row: number; cells: Array<Cell | undefined> }>,
  shape: GridShape,
): { cells: Map<number, Array<Cell | undefined>>; dropped: Set<number> } {
  const out = { cells: new Map<number, Array<Cell | undefined>>(), dropped: new Set<number>() };
  const g = onlyGroup(shape);
  if (!g || g.option || g.in === undefined || g.out === undefined) return out;
  const filled = (r: (typeof body)[number], c: number) => {
    const cell = r.cells[c];
    return cell !== undefined && cell.col === c && cellText(cell) !== '';
  };
  const boxes: Array<typeof body> = [[]];
  for (const r of body) {
    if (isSectionRow(r.cells, shape)) boxes.push([]);
    else boxes[boxes.length - 1]!.push(r);
  }
  for (const box of boxes)
    for (const [col, other] of [
      [g.in, g.out],
      [g.out, g.in],
    ] as const) {
      // the one row of the box with a value in this column: a sub-head with none in the other
      const printing = box.filter((r) => filled(r, col));
      const head = printing.length === 1 ? printing[0]! : undefined;
      if (!head || filled(head, other) || !/\S:$/.test(cellText(head.cells[shape.labelCol])))
        continue;
      const others = box.filter((r) => r !== head);
      if (others.length < 2) continue;
      out.dropped.add(head.row);
      for (const r of others) {
        const cells = [...(out.cells.get(r.row) ?? r.cells)];
        cells[col] = head.cells[col];
        out.cells.set(r.row, cells);
      }
    }
  return out;
}

/**
 * A row's values split by the age groups a cell prints them for (`valuesByAge`): per group, its
 * in- and out-of-network value — a cell printed for no group serves every group. Undefined when
 * neither cell is split by age.
 */
export function byAgeGroup(
  inCost: Evidence | undefined,
  outCost: Evidence | undefined,
): Array<{ group: string; ages: AgeSpan; inCost?: Evidence; outCost?: Evidence }> | undefined {
  const inAges = inCost ? valuesByAge(inCost.value) : undefined;
  const outAges = outCost ? valuesByAge(outCost.value) : undefined;
  if (!inAges && !outAges) return undefined;
  const groups = new Map<AgeSpan, string>();
  for (const a of [...(inAges ?? []), ...(outAges ?? [])])
    if (!groups.has(a.ages)) groups.set(a.ages, a.group);
  const groupValue = (
    cost: Evidence | undefined,
    split: ReturnType<typeof valuesByAge>,
    ages: AgeSpan,
  ): Evidence | undefined => {
    if (!cost || !split) return cost;
    const own = split.find((a) => a.ages === ages);
    return own ? evidence(ownValue(own.value), cost.source, 'split') : undefined;
  };
  return [...groups].map(([ages, group]) => {
    const inV = groupValue(inCost, inAges, ages);
    const outV = groupValue(outCost, outAges, ages);
    return { group, ages, ...(inV ? { inCost: inV } : {}), ...(outV ? { outCost: outV } : {}) };
  });
}

export function collectVision(
  t: AnalyzedTable,
  facts: Facts,
  read: { parenthesesOut?: boolean; above?: Array<Cell | undefined> } = {},
): void {
  const shape = shapeByContent(t, gridShape(t));
  const base: Scope = {
    product: 'vision',
    ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}),
  };
  const options = shape.groups.filter((g) => g.option);
  if (options.length >= 2) for (const g of options) facts.addOption('vision', g.option!);
  facts.shown.add('vision');
  let section = '';
  // a bar or the label column's heading that says how often ('Exam (once every 12 rolling
  // months)'): one frequency for every plan of the grid; two in one bar name plans by other
  // words, and are left
  const addBarFrequency = (text: string, source: Evidence['source'], at: number) => {
    const twice = (text.match(new RegExp(FREQUENCY_PHRASE.source, 'gi')) ?? []).length > 1;
    const said = twice ? undefined : frequencySaid(text);
    for (const it of said?.items ?? []) {
      facts.add(
        FREQUENCY_FACT[it],
        evidence(said!.value, source, 'heading'),
        { product: 'vision', ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}) },
        t.order + at / 1000,
      );
    }
  };
  const labelHeading = t.columns[shape.labelCol]?.heading ?? '';
  const headingCell = t.table.cells.find(
    (c) => c.col === shape.labelCol && c.row < t.headerRows && cellText(c) === labelHeading,
  );
  if (labelHeading && headingCell) addBarFrequency(labelHeading, sourceOfCell(headingCell), 0);
  // a bar that says how often in parentheses and names no item ('Vision care services (once per
  // year starting January 1)'): the frequency of each item its rows name
  const captionCell = t.caption
    ? t.table.cells.find((c) => c.row < t.headerRows + 1 && c.colSpan === t.table.cols)
    : undefined;
  let barRenews = t.caption ? renewsOfBar(t.caption) : undefined;
  const barSource = captionCell ? sourceOfCell(captionCell) : undefined;
  let band: 'in' | 'out' | undefined;
  // one value column whose cells run the two networks' values together
  const single = onlyGroup(shape);
  const runCol =
    single &&
    !single.paired &&
    single.both !== undefined &&
    single.in === undefined &&
    single.out === undefined
      ? single.both
      : undefined;
  const runX =
    runCol !== undefined
      ? runTogetherSplit(
          t.body
            .map((r) => r.cells[runCol])
            .filter((c): c is Cell => c?.col === runCol && c.colSpan === 1),
        )
      : undefined;
  const mostly = mostlyVision(t, shape);
  // the label cell of the last service row: a bulleted row under it is one of its kinds
  let parent: Cell | undefined;
  // the label of the row above
  let labelAbove: string | undefined;
  // rows scoped by the age group their grid prints in label cells or a 'who' column
  const ages =
    base.classRef || options.length > 0
      ? new Map<number, { group: AgeGroup; name?: string }>()
      : ageGroupsOfRows(t.body, shape.labelCol, {
          labelOf: (cells) => labelCellOf(cells, shape),
          // (the document's age groups, as captions print them, split it into classes already:
          // a row naming one of them is that group's)
          split: ageSplit(facts),
        });
  // the last row without values, and where its label starts: rows indented under it are its kinds
  let subhead: { name: string; x: number } | undefined;
  // the heading set atop a label cell in larger type, while its rows go on
  let heading: string | undefined;
  const boxes = boxValuesOfSubheads(t.body, shape);
  const outItems = outItemsColumn(t, shape);
  for (const [at, printed] of t.body.entries()) {
    if (boxes.dropped.has(printed.row)) continue;
    // (the row above: a heading printed again atop the page is none)
    // (or the last of the table before, on the page before)
    const rowAbove =
      t.body.slice(0, at).findLast((r) => !r.cells.some((c) => c?.header))?.cells ??
      (read.above?.length === printed.cells.length ? read.above : undefined);
    if (repeatsRowAbove(printed.cells, rowAbove, shape.labelCol)) continue;
    const row = { ...printed, cells: boxes.cells.get(printed.row) ?? printed.cells };
    const label = rowLabelOf(row.cells, shape);
    if (!label) continue;
    // 'Premium Progressive: $95-$105', 'Polycarbonate (adults): $35' … in one cell across the
    // items' column and the in-network values': each item a row of its own
    if (collectItemsWithValues(row, shape, base, t.order, facts)) continue;
    // 'Comprehensive Evaluation' over '$300 allowance …', 'Follow-up Evaluation' over '$100 …'
    if (collectItemsOverValues(row, shape, base, t.order, facts)) continue;
    // the whole label cell is the service line as printed
    // (a description written as a sentence is a note on the service, not its name: 'Allowance is
    // applied toward the purchase of contact lenses.')
    // (so is a note in parentheses of its own under the name: '(Tier amount based on brand)')
    const labelCell = labelCellOf(row.cells, shape);
    // (and so is a phrase in plain type under a name in bold: 'WellVision Exam' over 'A complete
    // initial vision analysis, which includes …', 'Standard Plastic Lined Bifocal Lenses' over
    // 'Lined lenses having one part that corrects for near vision, …')
    // (so are the bullets under a lead-in: 'Low Vision Coverage:' over '• Low vision exams …')
    const note =
      label.description !== undefined &&
      (isSentence(label.description) ||
        PARENTHESISED_NOTE.test(label.description) ||
        describedInPlainType(labelCell, label.description) ||
        label.leadIn === true);
    let service =
      (label.leadIn ? label.text : undefined) ??
      nameBeforeNote(labelCell) ??
      nameLevelWithValues(
        labelCell,
        row.cells.filter((c) => c !== labelCell && c !== row.cells[shape.labelCol]),
      ) ??
      subItemName(label.text, parent) ??
      (label.description && !note ? `${label.text} ${label.description}` : label.text);
    if (labelCell && !BULLET.test(labelCell.lines[0]?.text ?? '')) parent = labelCell;
    const age = ages.get(row.row);
    if (age?.name) service = age.name;
    // 'Single Vision | $30 allowance' on the out-of-network side: the row's item
    const outItem = outItems !== undefined ? row.cells[outItems] : undefined;
    const outItemName =
      outItem && outItem.col === outItems && outItem.colSpan === 1
        ? cleanValue(cellText(outItem))
        : '';
    if (outItemName) service = outItemName;
    // a heading set atop the label cell in larger type ('Diabetic eye care: Care and testing for
    // diabetic members' over 'Examination') opens a section of its own: the service is the rest
    const headed = headingAtopLabel(labelCell);
    if (headed) {
      section = headed.heading;
      service = headed.name;
      heading = headed.heading;
    }
    // 'Hearing Care:' is the service 'Hearing Care'
    service = withoutDescription(withoutDashedNote(service.replace(/\s*:$/, '')));
    // 'EYE EXAMINATION (one per frequency)' is the exam, not a frequency line
    service = service.replace(ONE_PER_INTERVAL_NOTE, '');
    const labelX = labelCell?.lines[0]?.box[0];
    if (subhead && (labelX === undefined || labelX <= subhead.x + 1)) subhead = undefined;
    if (isSectionRow(row.cells, shape)) {
      // (a bullet under a row notes it: the heading goes on)
      if (!BULLET.test(labelCell?.lines[0]?.text ?? '')) heading = undefined;
      if (labelX !== undefined) subhead = { name: service, x: labelX };
      section = service;
      addBarFrequency(service, label.source, row.row);
      barRenews = renewsOfBar(service);
      // a bar naming one network ('Out-of-Network Reimbursements') heads that network's rows
      band = oneNetworkNamed(service) ?? band;
      continue;
    }
    // 'Tier 1' indented under 'Progressive – Premium' is 'Progressive – Premium Tier 1'
    service = kindUnderSubhead(service, labelX, subhead) ?? service;
    // 'Co-Pay' under 'Eyeglass Frequency' is the eyeglasses' co-pay
    const above = labelAbove;
    labelAbove = label.text;
    service = costOfItemAbove(service, above) ?? service;
    // 'Frames (renews every January 1 of odd years)': the service, and how often it renews
    const renews = frequencyInLabel(service);
    if (renews) service = renews.name;
    // a dental procedure ('D0120 Periodic oral evaluation') is no vision service line, nor is
    // another row of a grid that is mostly not about vision
    if (isDentalProcedureName(service) || (!mostly && !isVisionService(service))) continue;
    // nor a term of the plan or of its price ('Deductible', 'Employee + Spouse')
    if (isPlanTermLabel(service)) continue;
    // nor a line of running text cut at its end
    if (isProseFragment(label.text)) continue;
    // nor a note on the row above ('This benefit gives you an additional eyewear coverage')
    if (REFERS_BACK.test(label.text)) continue;
    const freqItems = frequencyItems(service);
    const freqItem = freqItems[0];
    // a frequency line inside the grid ('Exam frequency', or rows under a 'Frequency' heading)
    const anyFrequency = shape.groups.some((g) =>
      isFrequencyValue(valueAt(row.cells, g.in ?? g.both)?.value),
    );
    const isFrequencyLine =
      // ('Frequency & Co-Pay | Same as Glasses' names no item and holds no frequency: a service
      // line as printed)
      (/frequenc/i.test(service) && (freqItem !== undefined || anyFrequency)) ||
      (/frequenc/i.test(section) && freqItem !== undefined) ||
      (shape.groups.some((g) => isFrequencyValue(valueAt(row.cells, g.in ?? g.both)?.value)) &&
        shape.groups.every((g) => {
          const v = valueAt(row.cells, g.in ?? g.both)?.value;
          return !v || isFrequencyValue(v);
        }));
    const ageScope =
      age && age.group.ages !== 'all'
        ? { product: 'vision' as const, classRef: age.group.group }
        : undefined;
    if (ageScope) facts.ageGroups.set(age!.group.group, age!.group.ages);
    for (const g of shape.groups) {
      const scope: Scope = g.option
        ? { product: 'vision', classRef: g.option }
        : (ageScope ?? base);
      const order = t.order + row.row / 1000;
      if (renews && freqItems.length > 0)
        addFrequency(
          facts,
          freqItems,
          evidence(renews.frequency, label.source, 'cell'),
          scope,
          order,
        );
      else if (barRenews && freqItems.length > 0)
        addFrequency(
          facts,
          freqItems,
          evidence(barRenews, barSource ?? label.source, 'heading'),
          scope,
          order,
        );
      if (isFrequencyLine) {
        const col = g.in ?? g.both;
        const v =
          (col !== undefined ? frequencyOfCell(row.cells[col]) : undefined) ??
          valueAt(row.cells, col);
        if (v) addFrequency(facts, freqItems, v, scope, order);
        continue;
      }
      const doubt = groupDoubt(g);
      let inCost = leadValueAt(row.cells, g.in ?? g.both, doubt);
      // (a value spanning the rows of the items named on the out-of-network side is its first
      // line: 'Covered in full' over 'Lenses (Single, Lined Bifocal, …)')
      const spanning = outItem && g.in !== undefined ? row.cells[g.in] : undefined;
      const first = spanning && spanning.rowSpan > 1 ? spanning.lines[0]?.text.trim() : undefined;
      if (inCost && first && COST_VALUE.test(first))
        inCost = { ...inCost, value: cleanValue(first) };
      let outCost =
        g.out !== undefined
          ? leadValueAt(row.cells, g.out, doubt)
          : // a single value column without a network heading, a plan's included, serves both
            // networks (convention 15)
            g.in === undefined
            ? inCost
            : undefined;
      if (spansNetworks(row.cells, g)) outCost = inCost;
      // ('Exam In-Network Co-Pay | $0': a label naming one network keeps the value to it)
      if (g.in === undefined && g.out === undefined && inCost && outCost === inCost) {
        const named = networkInLabel(service);
        if (named === 'in') outCost = undefined;
        if (named === 'out') inCost = undefined;
      }
      if (g.in === undefined && g.out !== undefined) {
        inCost = valueAt(row.cells, g.both, doubt);
      }
      const paired = pairedValues(row.cells, g, doubt);
      if (paired) {
        inCost = paired.in;
        outCost = paired.out;
      }
      if (!inCost && !outCost) continue;
      const runCell = runX !== undefined ? row.cells[runCol!] : undefined;
      const parts = runCell && runCell.col === runCol ? splitAtX(runCell, runX!) : undefined;
      if (parts) {
        const source = sourceOfCell(runCell!);
        inCost = evidence(parts[0], source, 'split');
        outCost = evidence(parts[1], source, 'split');
      } else if (runCell && runCell.col === runCol) {
        // printed under one network's side of the split only: that network's value alone
        const side = sideOfX(runCell, runX!);
        if (side === 'in') outCost = undefined;
        if (side === 'out') [inCost, outCost] = [undefined, outCost ?? inCost];
      }
      // under a bar naming one network, a single value column serves that network only
      if (band && g.out === undefined && (g.in === undefined || g.unclear)) {
        const value = inCost ?? outCost;
        inCost = band === 'in' ? value : undefined;
        outCost = band === 'out' ? value : undefined;
      }
      // one value per listed service in a single value column
      const split =
        g.out === undefined && !g.paired && (g.in ?? g.both) !== undefined
          ? valuesLineByLine(row.cells[(g.in ?? g.both)!], [
              row.cells[shape.labelCol],
              ...row.cells.filter(
                (_, c) =>
                  c !== shape.labelCol && c !== (g.in ?? g.both) && c !== shape.frequencyCol,
              ),
            ])
          : undefined;
      // items listed one per line under the label's first line, a value level with each
      const listed =
        !split && !g.paired && g.in !== undefined && g.out !== undefined
          ? (itemsLineByLine(labelCell, [row.cells[g.in], row.cells[g.out]]) ??
            // (or bulleted at the label's end, a value per item in order: 'Diabetic EyeCare Plus:'
            // over '• Exam' / '• Special Ophthalmological services')
            bulletedItemsWithParts(labelCell, [row.cells[g.in], row.cells[g.out]]))
          : undefined;
      if (listed) {
        listed.forEach(({ service: name, costs: [inItem, outItem] }, i) => {
          facts.benefits.push({
            scope,
            order: order + i / 100000,
            service: name,
            ...(inItem ? { inCost: inItem } : {}),
            ...(outItem ? { outCost: outItem } : {}),
          });
        });
        continue;
      }
      // 'Lenses – Plastic single vision, …' beside an out-of-network cell pricing each kind of lens
      // on a line of its own ('Single Vision up to $45' / 'Lined Bifocals up to $65'): a row per kind,
      // the lenses' in-network cost on the kinds of lens (not on 'Progressive lenses')
      const outCell = g.out !== undefined ? row.cells[g.out] : undefined;
      const kinds =
        !split && outCell && outCell.col === g.out
          ? lensKindsByLine(outCell.lines.map((l) => l.text))
          : undefined;
      if (kinds && outCell) {
        const source = sourceOfCell(outCell);
        kinds.forEach(({ kind, amount }, i) => {
          facts.benefits.push({
            scope,
            order: order + i / 100000,
            service: evidence(kind, source, 'split'),
            ...(inCost && LENS_KINDS.has(visionConcept(kind) ?? '') ? { inCost } : {}),
            outCost: evidence(amount, source, 'split'),
          });
        });
        continue;
      }
      if (split) {
        split.forEach(({ service: name, cost }, i) => {
          facts.benefits.push({
            scope,
            order: order + i / 100000,
            // (a value level with a description is the row's own)
            service: name ?? evidence(service, label.source, 'cell'),
            inCost: cost,
            ...(g.in === undefined ? { outCost: cost } : {}),
          });
        });
        const freq = split.some((x) => !x.service)
          ? valueAt(row.cells, shape.frequencyCol)
          : undefined;
        if (freq) addFrequency(facts, freqItems, freq, scope, order);
        continue;
      }
      // '$0 ($40)' under a legend saying parentheses hold the out-of-network amount
      const parenthesised =
        read.parenthesesOut && g.out === undefined && !g.paired && inCost
          ? splitParenthesisedAmounts(inCost.value)
          : undefined;
      if (parenthesised && inCost) {
        const source = inCost.source;
        inCost = parenthesised.in ? evidence(parenthesised.in, source, 'split') : undefined;
        outCost = evidence(parenthesised.out, source, 'split');
      } else if (read.parenthesesOut && g.out === undefined && !g.paired && outCost === inCost)
        // under that legend a cell without a parenthesis prints no out-of-network amount
        outCost = undefined;
      // 'Standard and Premium Fit: Covered in full': the fits named are the whole service
      if (inCost && BOTH_KINDS_LEAD.test(inCost.value))
        inCost = { ...inCost, value: inCost.value.replace(BOTH_KINDS_LEAD, '') };
      // 'Tier 1 - $35 Tier 2 - $48' beside 'Anti-Reflective Coating': each level is a row of its
      // own ('Anti-Reflective Coating Tier 1'), as when the levels are printed in rows
      const levels = inCost ? valuesByLevel(inCost.value) : undefined;
      if (levels && inCost) {
        const outLevels = outCost ? valuesByLevel(outCost.value) : undefined;
        levels.forEach(({ level, value }, i) => {
          const out = outLevels?.find((o) => o.level.toLowerCase() === level.toLowerCase());
          const outValue = outLevels
            ? out && outCost && evidence(out.value, outCost.source, 'split')
            : outCost;
          facts.benefits.push({
            scope,
            order: order + i / 100000,
            service: evidence(`${service} ${level}`, label.source, 'cell'),
            inCost: evidence(value, inCost.source, 'split'),
            ...(outValue ? { outCost: outValue } : {}),
          });
        });
        continue;
      }
      // 'Under age 19 – Covered in full Age 19 and older - $12': each age group's value is its own
      // (the groups are classes, convention 10)
      const aged = scope.classRef === undefined ? byAgeGroup(inCost, outCost) : undefined;
      if (aged) {
        for (const a of aged) {
          facts.ageGroups.set(a.group, a.ages);
          facts.benefits.push({
            scope: { ...scope, classRef: a.group },
            order,
            service: evidence(service, label.source, 'cell'),
            ...(a.inCost ? { inCost: a.inCost } : {}),
            ...(a.outCost ? { outCost: a.outCost } : {}),
          });
        }
        continue;
      }
      // a service printed again under a heading, other values for it ('Retinal imaging' under
      // 'Diabetic eye care: …'): the heading's name before it
      const named = nameUnderHeading(service, heading, facts.benefits, scope, { inCost, outCost });
      facts.benefits.push({
        scope,
        order,
        service: evidence(named, label.source, 'cell'),
        ...(inCost ? { inCost } : {}),
        ...(outCost ? { outCost } : {}),
      });
      const freq = valueAt(row.cells, shape.frequencyCol);
      if (freq) addFrequency(facts, freqItems, freq, scope, order);
    }
  }
}

// ('… each covered individual is limited to one service per calendar year', '… one set of lenses
// per calendar year': a count of one per year is a frequency too)
const FREQUENCY_PHRASE =
  /\b((?:once\s+)?every\s+(?:other\s+)?(?:\d{1,2}|twelve|twenty-four)\s+(?:rolling\s+|consecutive\s+)?months|once\s+(?:per|a|every)\s+(?:calendar\s+|plan\s+|benefit\s+)?year|every\s+(?:other\s+)?(?:calendar|plan|benefit)\s+year|one\s+(?:service|set|pair|exam)(?:\s+of\s+(?:lenses|frames?|contact\s+lenses|contacts))?\s+per\s+(?:calendar|plan|benefit)\s+year)\b/i;

/** People named by what they wear ('contact lens wearers', 'eyeglass wearers'). */
const WEARERS = /\b(?:contact\s+)?(?:lens(?:es)?|eyeglass(?:es)?|glasses)\s+wearers?\b/gi;

/** A frequency and what it is for, said in words ('Exams and lenses once every 12 months'). */
export function frequencySaid(
  text: string,
): { items: ReturnType<typeof frequencyItems>; value: string } | undefined {
  const m = text.match(FREQUENCY_PHRASE);
  // 'Contact lens wearers are eligible every 12 months for an eye exam': people, not an item
  const items = m ? frequencyItems(text.slice(0, m.index).replace(WEARERS, ' ')) : [];
  return m && items.length > 0 ? { items, value: m[1]! } : undefined;
}

/**
 * Frequencies stated in running text in a vision section ('Exams and lenses once every 12
 * months; frames every 24 months'): each clause gives its phrase to the items it names.
 */
export function collectFrequencyProse(doc: AnalyzedDocument, facts: Facts): void {
  for (const item of doc.items) {
    if (item.kind !== 'line' || item.scope.product !== 'vision') continue;
    for (const clause of item.line.text.split(/;|(?<=\.)\s+/)) {
      const said = frequencySaid(clause);
      if (!said) continue;
      const e = evidence(said.value, sourceOfLines([item.line]), 'prose');
      const scope: Scope = {
        product: 'vision',
        ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}),
      };
      for (const it of said.items) facts.add(FREQUENCY_FACT[it], e, scope, item.order);
    }
  }
}

/**
 * The plan's own period in a sentence that names no item ('Benefits under the plan are available
 * to employees and covered dependents age 19 and over once in any 24-month period.'): the
 * frequency of the exam, the lenses and the frame, as printed. A sentence for children alone
 * ('… covered dependents up to, but not including age 19, once in any 12-month period') is left.
 */
const PLAN_PERIOD =
  /\bbenefits\b[^.;]*?\b(?:are|is)\s+(?:available|provided|payable|covered)\b[^.;]*?\b(once\s+(?:in|during|per|every)\s+(?:any\s+|each\s+|a\s+)?(?:\d{1,2}|twelve|twenty-four)[- ]month\s+period)\b/i;
const CHILDREN_ONLY =
  /\b(?:dependents?|children|child)\b[^.;]*\b(?:under|up to|younger than|not including|until)\b[^.;]*\bage\b/i;

export function planPeriodSaid(sentence: string): string | undefined {
  const m = sentence.match(PLAN_PERIOD);
  if (!m || CHILDREN_ONLY.test(sentence.slice(0, m.index! + m[0].length))) return undefined;
  return frequencyItems(sentence.slice(0, m.index! + m[0].length - m[1]!.length)).length === 0
    ? m[1]
    : undefined;
}

/** The plan's period said in a paragraph of a vision section (`planPeriodSaid`), lines joined. */
export function collectPlanPeriod(doc: AnalyzedDocument, facts: Facts): void {
  let lines: Line[] = [];
  let order = 0;
  const flush = () => {
    const text = lines.map((l) => l.text.trim()).join(' ');
    for (const sentence of text.split(/(?<=\.)\s+/)) {
      const period = planPeriodSaid(sentence);
      if (!period) continue;
      const e = evidence(period, sourceOfLines(lines), 'prose');
      for (const kind of ['freqExam', 'freqLenses', 'freqFrame'] as const)
        facts.add(kind, e, { product: 'vision' }, order);
      break;
    }
    lines = [];
  };
  for (const item of doc.items) {
    const part =
      item.kind === 'line' && !item.heading && item.scope.product === 'vision' ? item : undefined;
    if (!part || (lines.length > 0 && lines[0]!.page !== part.line.page)) flush();
    if (!part) continue;
    if (lines.length === 0) order = part.order;
    lines.push(part.line);
  }
  flush();
}

/**
 * Services printed with their amounts in running cells or lines, joined by a dot leader or a
 * colon ('Exam ........ up to $45*', 'Frames: up to $55', two such pairs in one cell): each
 * service whose name is a vision service, with the amount as printed (footnote marks dropped).
 */
const AMOUNT_PAIR =
  /([A-Za-z][A-Za-z ,'\u2019()/&+-]{1,60}?)\s*(?:\.{3,}|\u2026+|:)\s*((?:up to\s+)?\$\d[\d,]*(?:\.\d{2})?)\*?/gi;

export function amountPairs(text: string): Array<{ service: string; amount: string }> {
  const out: Array<{ service: string; amount: string }> = [];
  for (const m of text.replace(/\s+/g, ' ').matchAll(AMOUNT_PAIR)) {
    const service = m[1]!.replace(/^[\s,*\u2022\uf0b7-]+|[\s,]+$/g, '').trim();
    if (!service || !isVisionService(service) || /frequenc/i.test(service)) continue;
    out.push({ service, amount: m[2]!.replace(/\s+/g, ' ') });
  }
  return out;
}

/**
 * Kinds of a service printed under its bare label, one cell each ('Contact lenses:' over
 * '• Elective up to $80' and '• Necessary up to $210'): each kind named with the label's last
 * word ('Elective lenses', 'Necessary lenses') and its amount.
 */
export function kindPairsUnderLabel(
  cells: Cell[],
): Array<{ cell: Cell; service: string; amount: string }> {
  const out: Array<{ cell: Cell; service: string; amount: string }> = [];
  for (const head of cells) {
    const label = cellText(head)
      .match(/^([A-Za-z][A-Za-z ,'\u2019/&-]{1,40}):$/)?.[1]
      ?.trim();
    if (!label || !isVisionService(label)) continue;
    const noun = label.split(/\s+/).at(-1)!.toLowerCase();
    for (let row = head.row + head.rowSpan; ; row++) {
      const cell = cells.find((c) => c.col === head.col && c.row === row);
      const m = cell
        ? cellText(cell).match(
            /^[\uE000-\uF8FF\u2022\u25aa\u25cf-]?\s*([A-Za-z][A-Za-z -]{1,30}?)\s+((?:up to\s+)?\$\d[\d,]*(?:\.\d{2})?)\*?$/i,
          )
        : null;
      if (!cell || !m || m[1]!.toLowerCase().includes(noun.replace(/e?s$/, ''))) break;
      out.push({ cell, service: `${m[1]!.trim()} ${noun}`, amount: m[2]!.replace(/\s+/g, ' ') });
    }
  }
  return out;
}

/**
 * A table of service–amount pairs under a heading that names one network ('Your plan provides
 * the following out-of-network reimbursements', 'Out-of-network reimbursement'): every pair is a
 * service line of that network. Answers whether the table was read so.
 */
export function collectAmountList(t: AnalyzedTable, facts: Facts, lead = ''): boolean {
  if (t.scope.product === 'dental') return false;
  // every cell: a first row of pairs may have been taken for the header
  const cells = t.table.cells.filter((c) => /[a-z0-9]/i.test(cellText(c)));
  const kinds = kindPairsUnderLabel(cells);
  const paired = cells.map((c) => ({
    cell: c,
    pairs: [...amountPairs(cellText(c)), ...kinds.filter((k) => k.cell === c)],
  }));
  const withPairs = paired.filter((p) => p.pairs.length > 0);
  const count = withPairs.reduce((n, p) => n + p.pairs.length, 0);
  if (count < 3 || withPairs.length < cells.length / 2) return false;
  // the sentence that introduces the list ('Your plan provides the following out-of-network
  // reimbursements:') names its network before the section's heading does
  const intro = /:\s*$/.test(lead) ? (lead.split(/(?<=\.)\s+/).pop() ?? '') : '';
  const title = namesNetworkExplicitly(intro)
    ? intro
    : [t.caption, t.heading].filter(Boolean).join(' ');
  const network = networkOf(title);
  if (!network || !namesNetworkExplicitly(title)) return false;
  const scope: Scope = {
    product: 'vision',
    ...(t.scope.classRef ? { classRef: t.scope.classRef } : {}),
  };
  facts.shown.add('vision');
  for (const { cell, pairs } of withPairs)
    pairs.forEach(({ service, amount }, i) => {
      const source = sourceOfCell(cell);
      const line = {
        scope,
        order: t.order + (cell.col * 100 + cell.row + i / 10) / 10000,
        service: evidence(service, source, 'split'),
      };
      const cost = evidence(amount, source, 'split');
      facts.benefits.push(
        network === 'out' ? { ...line, outCost: cost } : { ...line, inCost: cost },
      );
    });
  return true;
}

/** The text of the line printed right before a table (nothing between them), or ''. */
export function lineBefore(doc: AnalyzedDocument, t: AnalyzedTable): string {
  const i = doc.items.findIndex((item) => item.kind === 'table' && item.table === t);
  const before = i > 0 ? doc.items[i - 1] : undefined;
  return before?.kind === 'line' ? before.line.text : '';
}

/**
 * A reimbursement schedule printed as lines of a service, a dot leader and an amount ('Vision
 * Exam, up to ........ $35') under a heading that names one network ('NON-VSP PROVIDER
 * REIMBURSEMENT SCHEDULE'), with sub-heads between them ('EYEWEAR', 'CONTACT LENSES*') and the
 * plans' headings scoping them ('PROFESSIONAL SERVICES - Basic Plan'): each line is a service line
 * of that network ('up to' moves from the name to the amount). Under a sub-head that names a vision
 * material, a line's bare kind is its service ('Necessary', 'Elective'). A sub-head naming no vision
 * service ('CCPOA SECOND PAIR:') or another heading ends the schedule.
 */
export function collectLeaderLists(doc: AnalyzedDocument, facts: Facts): void {
  let network: 'in' | 'out' | undefined;
  let subhead = '';
  for (const item of doc.items) {
    if (item.kind !== 'line') {
      network = undefined;
      continue;
    }
    const text = item.line.text.trim();
    // (a heading in capitals may carry a hyphen the heading test does not take: 'NON-VSP …')
    const capitals =
      text === text.toUpperCase() && /[A-Z]{3}/.test(text) && text.split(/\s+/).length <= 8;
    if ((item.heading || capitals) && namesNetworkExplicitly(text) && networkOf(text)) {
      network = networkOf(text);
      subhead = '';
      continue;
    }
    if (!network || item.scope.product === 'dental') continue;
    const pair = text.match(LEADER_PAIR);
    if (!pair) {
      // a plan's heading keeps the schedule open; a capitals sub-head naming a vision service
      // heads the lines below it; any other heading ends the schedule
      const plan = planOfHeading(text);
      if (item.heading && plan && plan !== text) {
        subhead = '';
        continue;
      }
      if (/^[A-Z][A-Z &/*-]{2,40}:?$/.test(text)) {
        if (!isVisionService(text.replace(/[*:]/g, ''))) network = undefined;
        else subhead = text.replace(/[*:]/g, '').trim();
        continue;
      }
      if (item.heading) network = undefined;
      continue;
    }
    const name = pair[1]!.replace(/[\s,.]+$/, '').trim();
    const upTo = /\bup to$/i.test(name);
    const service = name.replace(/[\s,.]*\bup to$/i, '').trim();
    if (!service || (!isVisionService(service) && !(subhead && service.split(/\s+/).length <= 2)))
      continue;
    const amount = `${upTo ? 'up to ' : ''}${pair[2]!}`;
    const source = sourceOfLines([item.line]);
    const line = {
      scope: {
        product: 'vision' as const,
        ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}),
      },
      order: item.order,
      service: evidence(service, source, 'split'),
    };
    const cost = evidence(amount, source, 'split');
    facts.shown.add('vision');
    facts.benefits.push(network === 'out' ? { ...line, outCost: cost } : { ...line, inCost: cost });
  }
}

/**
 * A line of a vision summary that names what is covered and says how, a dash apart ('Standard
 * Scratch-resistant Coating,Polycarbonate Lenses for Dependent Children (up to age 19) - covered in
 * full.'), its end wrapped onto a line of its own or not ('… - covered in' over 'full.'): a row of its
 * own, what a member pays in network (an out-of-network reimbursement is an amount).
 */
export function collectDashedCoverage(doc: AnalyzedDocument, facts: Facts): void {
  doc.items.forEach((item, i) => {
    if (item.kind !== 'line' || item.scope.product === 'dental') return;
    const next = doc.items[i + 1];
    const wrapped =
      next?.kind === 'line' && /^\p{Ll}/u.test(next.line.text.trim()) ? next.line : undefined;
    const lines = wrapped ? [item.line, wrapped] : [item.line];
    const m = lines
      .map((l) => l.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .match(DASHED_COVERAGE);
    if (!m || !isVisionService(m[1]!)) return;
    const source = sourceOfLines(lines);
    facts.shown.add('vision');
    facts.benefits.push({
      scope: {
        product: 'vision',
        ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}),
      },
      order: item.order,
      service: evidence(m[1]!, source, 'split'),
      inCost: evidence(m[2]!, source, 'split'),
    });
  });
}

/** 'Vision Exam, up to ........ $35': the name (with any 'up to'), a leader, the amount. */
const LEADER_PAIR =
  /^([A-Za-z][A-Za-z ,.'\u2019/&-]{1,60}?)\s*(?:\.{3,}|\u2026[.\u2026]*)\s*(\$\d[\d,]*(?:\.\d{2})?)\*?$/;
