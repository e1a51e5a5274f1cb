import type { Cell, Line } from '../layout.ts';
import {
  type AnalyzedTable,
  type Column,
  cellText,
  classRefIn,
  namesBothNetworks,
  oneNetworkNamed,
} from './document.ts';
import { type Evidence, evidence, sourceOfCell, sourceOfLines } from './evidence.ts';
import { codeSetApart, withoutFootnoteMarks } from './procedure-codes.ts';
import { cleanValue, joinWrapped, looksLikeValue } from './values.ts';
import {
  BARE_PROCEDURE_CODE,
  BULLET,
  DASHED_NOTE,
  DENTAL_CATEGORY,
  FEE_HEADING,
  ILLUSTRATION_TITLE,
  insurerMentions,
  isOptionName,
  LANGUAGE_TAG,
  LIST_MARK,
  MEMBER_PAYS,
  networkOf,
  PROCEDURE_CODE,
  PRODUCT_PROVIDERS,
  productsNamed,
  SUB_BULLET,
  sharesByYear,
  yearOfMembership,
} from './vocabulary.ts';

/**
 * The shape of a benefit grid: which column holds the row labels, which (if any) the class,
 * and the value columns grouped by plan option, each with its in-network, out-of-network or
 * single ('both') column.
 */

export interface ValueGroup {
  /** The plan option these columns belong to; undefined for a single plan. */
  option?: string;
  in?: number;
  out?: number;
  /** A value column without a network heading: it serves both networks. */
  both?: number;
  /** Further network columns between the first in-network and the out-of-network one (Premier). */
  others?: number[];
  /**
   * The headings did not say which column is which (several value columns without a network
   * or option heading): values read from this group are doubtful.
   */
  unclear?: boolean;
  /**
   * The columns are orthodontia's, beside the plan's own ('ORTHODONTICS' over Network | Out-of-
   * Network beside 'NON-ORTHODONTICS'): a maximum there is the orthodontic lifetime maximum.
   */
  orthodontic?: boolean;
  /**
   * The 'both' column's heading names the two networks with a slash between ('In-Network /
   * Out-of-Network'): its cells print the two values the same way ('$10 copay / Up to $50').
   */
  paired?: boolean;
  /**
   * The one plan's name printed over both its network columns ('CONCORDIA FLEX PLAN' over
   * 'In-Network | Non-Network'), on a grid of that plan alone.
   */
  plan?: string;
  /**
   * Columns of what the plan pays by year of membership ('Plan Pays Year 1 | Year 2 | Year 3'),
   * in order: one plan, whose share rises with the years; a row's cells are one value
   * ('Year 1 — 50% • Year 2 — 60% • Year 3 — 80%'), serving both networks.
   */
  years?: Array<{ col: number; year: string }>;
  /**
   * With `years`, the out-of-network columns of the same periods ('0-12 Months' over 'PPO |
   * Non-PPO'): `years` then holds the in-network ones.
   */
  yearsOut?: Array<{ col: number; year: string }>;
}

export interface GridShape {
  labelCol: number;
  /** Sub-labels beside a merged label ('Individual' beside 'Calendar Year Deductible'). */
  subLabelCol?: number;
  /**
   * The label column holds section heads over the sub-labels' items ('STANDARD LENS OPTIONS'
   * beside 'Tints', 'Polarized'): a row with an item is labelled by the item alone.
   */
  sectionHeads?: boolean;
  classCol?: number;
  groups: ValueGroup[];
  /** Columns with another role: deductible per service, frequency. */
  deductibleCol?: number;
  /** The out-of-network column of a per-service deductible printed per network. */
  deductibleOutCol?: number;
  frequencyCol?: number;
  /** A column listing each service's procedures. */
  listCol?: number;
  /** A column naming each service's category beside a label column of bare codes ('Type 1'). */
  titleCol?: number;
  /**
   * A column of procedure codes beside the label column ('Periodic Oral Evaluation | D0120 |
   * $0'): the code keys each row, the label is its title; the column holds no value.
   */
  codeCol?: number;
}

/** The grid's one group of value columns, when it has exactly one (one plan, its networks). */
export function onlyGroup(shape: GridShape): ValueGroup | undefined {
  return shape.groups.length === 1 ? shape.groups[0] : undefined;
}

/**
 * A column of service codes, not of employee classes ('Class | Covered Services' over 'Class I |
 * Diagnostic & Preventive: …'): each code printed once, beside a cell naming a dental category.
 */
export function serviceCodeColumn(t: AnalyzedTable, c: number): boolean {
  const rows = t.body.filter((r) => {
    const cell = r.cells[c];
    return cell && cell.col === c && cell.colSpan === 1 && BARE_SERVICE_CODE.test(cellText(cell));
  });
  if (rows.length < 2) return false;
  const codes = rows.map((r) => cellText(r.cells[c]).toLowerCase());
  if (new Set(codes).size !== codes.length) return false;
  const named = rows.filter((r) => DENTAL_CATEGORY.test(cellText(r.cells[c + 1]))).length;
  return named >= rows.length * 0.6;
}

/** A bare service code: 'Type 1', 'Class IV', 'Category B'. */
export const BARE_SERVICE_CODE = /^(type|class|category|group|unit)\s+([ivx]{1,4}|\d{1,2}|[a-d])$/i;

/**
 * Whether a table's label column holds bare codes ('Group I', 'Type 2') whose category sits in the
 * next column. Rows whose label spans that next column too (a plan-wide 'Deductible' or
 * 'Orthodontic Lifetime Maximum' row printed across the code and category columns) are not
 * service rows and are left out of the count.
 */
export function mostlyBareCodes(labels: Array<{ text: string; spansNext: boolean }>): boolean {
  const codes = labels.filter((l) => l.text && !l.spansNext).map((l) => l.text.trim());
  return (
    codes.length >= 2 && codes.filter((c) => BARE_SERVICE_CODE.test(c)).length >= codes.length * 0.6
  );
}

/**
 * Each analysed table's shape, worked out once: a table is asked for it when it is scored as
 * dental and as vision and again when it is read. Worked out again should the analysis give the
 * table other columns, rows or headings.
 */
const shapes = new WeakMap<AnalyzedTable, { of: unknown[]; shape: GridShape }>();
const shapeInputs = (t: AnalyzedTable): unknown[] => [
  t.table,
  t.columns,
  t.body,
  t.headerRows,
  t.caption,
  t.heading,
  t.headingAbove,
];

export function gridShape(t: AnalyzedTable): GridShape {
  const of = shapeInputs(t);
  const known = shapes.get(t);
  if (known?.of.every((x, i) => x === of[i])) return known.shape;
  const shape = gridShapeOnce(t);
  shapes.set(t, { of, shape });
  return shape;
}

function gridShapeOnce(t: AnalyzedTable): GridShape {
  const cols = t.columns;
  let classCol: number | undefined;
  let labelCol = 0;
  const first = cols[0];
  const classLike = (c: number) => {
    const heading = cols[c]?.heading ?? '';
    const values = t.body.map((r) => cellText(r.cells[c])).filter(Boolean);
    if (serviceCodeColumn(t, c)) return false;
    // 'Class A (Basic) Services – preventive … | 0% | 10%': codes that open category names, their
    // values beside them, label the rows (a class column names classes: 'Class 1 | $50 | …')
    const beside = t.body.map((r) => cellText(r.cells[c + 1])).filter(Boolean);
    if (
      values.filter((v) => DENTAL_CATEGORY.test(v)).length >= values.length * 0.6 &&
      beside.filter(looksLikeValue).length >= beside.length * 0.6
    )
      return false;
    return (
      /^class(es)?\b|^group$|class \/ plan/i.test(heading) ||
      (values.length > 0 && values.filter((v) => classRefIn(v)).length >= values.length * 0.6)
    );
  };
  if (first && t.table.cols > 2 && classLike(0)) {
    classCol = 0;
    labelCol = 1;
  }
  // the procedures' codes printed first, their names beside them ('Code | Procedure | Copay'):
  // the names are the label column, the codes key the rows
  const codesFirst = codesBeforeNames(t, labelCol);
  if (codesFirst !== undefined) labelCol = codesFirst + 1;
  // a label column split in two under one heading: a merged label over its sub-labels
  // ('Calendar Year Deductible' over 'Individual' / 'Family')
  let subLabelCol: number | undefined;
  let sectionHeads = false;
  const next = labelCol + 1;
  const firstBody = t.body[0]?.row;
  if (t.table.cols > next + 1 && (t.headerRows > 0 || t.caption) && firstBody !== undefined) {
    // (or no heading over either: an empty corner over the label and its sub-labels)
    const headed = (col: number) =>
      t.table.cells.some(
        (c) => c.row < firstBody && c.col <= col && c.col + c.colSpan > col && cellText(c),
      );
    const sharedHeading =
      t.table.cells.some((c) => c.row < firstBody && c.col === labelCol && c.colSpan >= 2) ||
      (!headed(labelCol) && !headed(next));
    // a network heading spanning the items and their values ('In-Network Coverage' over 'Tints |
    // Covered in full'), beside an unheaded label column of section heads ('STANDARD LENS
    // OPTIONS', 'FRAMES'): the items are the rows' own labels
    const networkOverItems =
      !headed(labelCol) &&
      t.columns[next]?.network !== undefined &&
      t.table.cells.some((c) => c.row < firstBody && c.col === next && c.colSpan >= 2);
    const subs = t.body
      .map((r) => r.cells[next])
      .filter(
        (c): c is Cell =>
          c !== undefined &&
          c.col === next &&
          // (under a network heading a cell across the items' values is a value, not an item)
          (!networkOverItems || c.colSpan === 1) &&
          cellText(c) !== '',
      );
    // (an item's name is its first line: a note under it may quote a price)
    const named = (c: Cell) => {
      const text = networkOverItems ? (c.lines[0]?.text ?? '') : cellText(c);
      return !looksLikeValue(text) && !/\$\s?\d/.test(text);
    };
    if ((sharedHeading || networkOverItems) && subs.length >= 2 && subs.every(named)) {
      subLabelCol = next;
      if (!sharedHeading) sectionHeads = true;
    }
  }
  let deductibleCol: number | undefined;
  let deductibleOutCol: number | undefined;
  let frequencyCol: number | undefined;
  const listCols: number[] = [];
  const groups: ValueGroup[] = [];
  // 'Calendar Year Deductible' over 'In-Network | Non-Network' beside 'Coinsurance' over the same
  // networks: each service's own deductible, per network
  const underDeductible = (c: Column) =>
    c.network !== undefined && c.path.slice(0, -1).some((p) => /deductible/i.test(p));
  const codeCol = codesFirst ?? procedureCodeColumn(t, labelCol + 1);
  const valueCols = cols.filter(
    (c) =>
      c.index !== labelCol &&
      c.index !== classCol &&
      c.index !== subLabelCol &&
      c.index !== codeCol,
  );
  // 'Fee | Member Pays': beside a column of what the member pays, a column of what the dentist
  // charges or the plan allows is no coverage (the fee the copay is taken from)
  const headingOf = (c: Column) => [...c.path, c.heading].join(' ');
  const membersPay = valueCols.some((c) => MEMBER_PAYS.test(headingOf(c)));
  const feeCols = new Set(
    membersPay
      ? valueCols
          .filter((c) => FEE_HEADING.test(headingOf(c)) && !MEMBER_PAYS.test(headingOf(c)))
          .map((c) => c.index)
      : [],
  );
  // what the plan pays by year of membership, a column a year ('Year 1 | Year 2 | Year 3'): one
  // value group, not plan options
  const yearCols = valueCols.flatMap((c) => {
    const year = c.network ? undefined : yearOfMembership(c.heading);
    return year ? [{ col: c.index, year }] : [];
  });
  const distinct = (ys: Array<{ year: string }>) =>
    ys.length >= 2 && new Set(ys.map((y) => y.year.toLowerCase())).size === ys.length;
  const years = distinct(yearCols) ? yearCols : undefined;
  // the same periods over a pair of network columns each ('0-12 Months' over 'PPO | Non-PPO'): what
  // each network pays, by period
  const periodOf = (c: Column) => c.path.map((p) => yearOfMembership(p)).find(Boolean);
  const byNetwork = (network: 'in' | 'out') =>
    valueCols.flatMap((c) => {
      const year = c.network === network ? periodOf(c) : undefined;
      return year ? [{ col: c.index, year }] : [];
    });
  const periodsIn = years ? [] : byNetwork('in');
  const periodsOut = years ? [] : byNetwork('out');
  const periods =
    distinct(periodsIn) &&
    periodsOut.length === periodsIn.length &&
    periodsOut.every((y, i) => y.year === periodsIn[i]!.year)
      ? { in: periodsIn, out: periodsOut }
      : undefined;
  const ownDeductibles =
    valueCols.some(underDeductible) &&
    valueCols.some((c) => c.network !== undefined && !underDeductible(c));
  for (const col of cols) {
    if (
      col.index === labelCol ||
      col.index === classCol ||
      col.index === subLabelCol ||
      col.index === codeCol ||
      feeCols.has(col.index) ||
      years?.some((y) => y.col === col.index) ||
      periods?.in.some((y) => y.col === col.index) ||
      periods?.out.some((y) => y.col === col.index)
    )
      continue;
    if (ownDeductibles && underDeductible(col)) {
      if (col.network === 'in') deductibleCol ??= col.index;
      else deductibleOutCol ??= col.index;
      continue;
    }
    // (a bilingual handout tags each column with its language: 'Description (EN)')
    const h = col.heading.replace(LANGUAGE_TAG, '').toLowerCase();
    if (/deductible/.test(h) && !col.network) {
      deductibleCol = col.index;
      continue;
    }
    if (/frequenc|how often|limitation|guidelines/.test(h) && !col.network) {
      frequencyCol = col.index;
      continue;
    }
    if (/waiting|notes?|comments?|applies/.test(h) && !col.network) continue;
    // procedures listed in their own column ('Examples', 'Covered Services'), or the category
    // named beside a bare code ('Code | Category | Procedures')
    if (
      !col.network &&
      /^(examples?|(sample |typical |covered |included )?(procedures?|services)( included| covered)?|includes|what'?s (covered|included)|description|(service |benefit )?categor(y|ies)|category of service)$/.test(
        h.trim(),
      ) &&
      col.index > labelCol
    ) {
      listCols.push(col.index);
      continue;
    }
    // a column headed 'Benefits' beside the plans' value columns that lists procedures
    if (
      !col.network &&
      /^benefits?$/.test(h.trim()) &&
      col.index > labelCol &&
      listsProcedures(t, col.index)
    ) {
      listCols.push(col.index);
      continue;
    }
    // columns headed by orthodontia beside columns headed by the rest of the plan
    const orthoColumns = col.option !== undefined && orthoHeading(col.option) === 'ortho';
    if (orthoColumns) {
      let group = groups.find((g) => g.orthodontic);
      if (!group) {
        group = { orthodontic: true };
        groups.push(group);
      }
      if (col.network === 'in') group.in ??= col.index;
      else if (col.network === 'out') group.out ??= col.index;
      else group.both ??= col.index;
      continue;
    }
    // a name of a dental or vision plan printed over a network heading is a plan's, whatever its
    // other words ('AETNA EYEMED VISION NTL' over 'In-Network | Out of Network')
    let option =
      col.option &&
      (isOptionName(col.option) ||
        (col.network !== undefined && productsNamed(col.option).length === 1) ||
        // insurers compared side by side ('Davis Vision by MetLife | EyeMed | MetLife Vision')
        insurerMentions(col.option).length > 0) &&
      !orthoHeading(col.option)
        ? col.option
        : undefined;
    // a plan name spanning In | Out that was read over its first column only: the next network
    // column without a plan name belongs to the same plan (an inferred, less certain reading)
    let inferred = false;
    const previous = groups[groups.length - 1];
    if (!option && col.network && previous?.option) {
      const slot = col.network === 'in' ? previous.in : previous.out;
      if (slot === undefined) {
        option = previous.option;
        inferred = true;
      }
    }
    let group = groups.find((g) => g.option === option);
    if (!group) {
      group = option ? { option } : {};
      groups.push(group);
    }
    if (inferred) group.unclear = true;
    if (col.network === 'in') {
      if (group.in === undefined) group.in = col.index;
      else group.others = [...(group.others ?? []), col.index];
    } else if (col.network === 'out') {
      if (group.out !== undefined) group.unclear = true;
      group.out = col.index;
    } else if (group.both === undefined) {
      group.both = col.index;
      // the lowest heading over the column ('In-Network / Out-of-Network' under 'Base Plan')
      if (namesNetworkPair(col.path[col.path.length - 1] ?? col.heading)) group.paired = true;
    } else group.unclear = true;
  }
  // one named option is a single plan, not plans side by side
  const orthoGroup = groups.find(
    (g) => g.orthodontic && (g.in !== undefined || g.out !== undefined || g.both !== undefined),
  );
  let kept = groups.filter(
    (g) => !g.orthodontic && (g.in !== undefined || g.out !== undefined || g.both !== undefined),
  );
  // beside the years' columns, a column without a network or an option is the rows' text (a
  // description, its translation), not another value: the years are the plan's one group
  if (years && kept.every((g) => !g.option && g.in === undefined && g.out === undefined))
    kept = [{ both: years[0]!.col, years }];
  if (periods && kept.every((g) => !g.option && g.in === undefined && g.out === undefined))
    kept = [
      {
        in: periods.in[0]!.col,
        out: periods.out[0]!.col,
        years: periods.in,
        yearsOut: periods.out,
      },
    ];
  if (kept.filter((g) => g.option).length < 2) {
    const [one] = kept;
    const merged: ValueGroup =
      kept.length === 1 && one!.option && one!.in !== undefined && one!.out !== undefined
        ? { plan: one!.option }
        : {};
    for (const g of kept) {
      if (g.others) merged.others = [...(merged.others ?? []), ...g.others];
      merged.in ??= g.in;
      merged.out ??= g.out;
      if (merged.both !== undefined && g.both !== undefined) merged.unclear = true;
      if (merged.both === undefined && g.paired) merged.paired = true;
      merged.both ??= g.both;
      if (g.years) merged.years = g.years;
      if (g.yearsOut) merged.yearsOut = g.yearsOut;
      if (g.unclear) merged.unclear = true;
    }
    kept = kept.length ? [merged] : [];
  }
  if (orthoGroup) kept.push(orthoGroup);
  // a list under its own network heading ('Out-of-Network Reimbursement' over Service | Amount):
  // its one value column is that network's
  const only = kept.length === 1 ? kept[0]! : undefined;
  const title = t.headingAbove || t.caption ? (t.caption ?? t.heading ?? '') : '';
  if (
    only &&
    only.both !== undefined &&
    only.in === undefined &&
    only.out === undefined &&
    !only.unclear &&
    title &&
    // ('… At In-Network Vision Providers': a product's word naming providers names no product)
    productsNamed(title.replace(PRODUCT_PROVIDERS, '')).length === 0
  ) {
    const network = oneNetworkNamed(title);
    if (network) {
      only[network] = only.both;
      delete only.both;
    }
  }
  // 'Type | Services | Examples': beside bare codes, the first such column names the category
  const bareCodes = mostlyBareCodes(
    t.body.map((r) => ({
      text: cellText(r.cells[labelCol]),
      spansNext: r.cells[labelCol] !== undefined && r.cells[labelCol] === r.cells[labelCol + 1],
    })),
  );
  const titleCol =
    bareCodes && listCols.length > 0 && listCols[0] === labelCol + 1 ? listCols[0] : undefined;
  const listCol = titleCol !== undefined ? listCols[1] : listCols[0];
  return {
    labelCol,
    ...(subLabelCol !== undefined ? { subLabelCol } : {}),
    ...(sectionHeads ? { sectionHeads } : {}),
    ...(classCol !== undefined ? { classCol } : {}),
    groups: kept,
    ...(deductibleCol !== undefined ? { deductibleCol } : {}),
    ...(deductibleOutCol !== undefined ? { deductibleOutCol } : {}),
    ...(frequencyCol !== undefined ? { frequencyCol } : {}),
    ...(listCol !== undefined ? { listCol } : {}),
    ...(titleCol !== undefined ? { titleCol } : {}),
    ...(codeCol !== undefined ? { codeCol } : {}),
  };
}

/**
 * A column of procedure codes: most of its filled body cells hold a bare code ('D0120'), at least
 * three of them, and the column before it holds the procedures' names.
 */
export function procedureCodeColumn(t: AnalyzedTable, c: number): number | undefined {
  if (c >= t.table.cols) return undefined;
  const own = (r: AnalyzedTable['body'][number]) => {
    const cell = r.cells[c];
    return cell && cell.col === c && cell.colSpan === 1 ? cellText(cell) : '';
  };
  const filled = t.body.map(own).filter(Boolean);
  const codes = filled.filter((v) => BARE_PROCEDURE_CODE.test(v));
  if (codes.length < 3 || codes.length < filled.length * 0.8) return undefined;
  const named = t.body.filter(
    (r) => BARE_PROCEDURE_CODE.test(own(r)) && /\p{L}{3}/u.test(cellText(r.cells[c - 1])),
  );
  return named.length >= codes.length * 0.8 ? c : undefined;
}

/**
 * A column of procedure codes printed left of the procedures' names ('D0120 | Periodic oral
 * evaluation | $0'): most cells of column c are bare codes, each beside a name in column c + 1,
 * and a value column follows. Answers c.
 */
export function codesBeforeNames(t: AnalyzedTable, c: number): number | undefined {
  if (c + 2 >= t.table.cols) return undefined;
  const own = (r: AnalyzedTable['body'][number], k: number) => {
    const cell = r.cells[k];
    return cell && cell.col === k && cell.colSpan === 1 ? cellText(cell) : '';
  };
  const filled = t.body.map((r) => own(r, c)).filter(Boolean);
  const codes = t.body.filter((r) => BARE_PROCEDURE_CODE.test(own(r, c)));
  if (codes.length < 3 || codes.length < filled.length * 0.8) return undefined;
  const named = codes.filter((r) => /\p{L}{3}/u.test(own(r, c + 1)));
  return named.length >= codes.length * 0.8 ? c : undefined;
}

/**
 * Whether a column heading names orthodontia ('Orthodontics', 'Ortho') or the rest of the plan
 * beside it ('Non-Orthodontics'); undefined for any other heading.
 */
export function orthoHeading(text: string): 'ortho' | 'nonOrtho' | undefined {
  const t = text.trim();
  if (/^non[\s\-\u2010-\u2015]*ortho/i.test(t)) return 'nonOrtho';
  return /^ortho(dont\w*)?\b/i.test(t) && t.split(/\s+/).length <= 3 ? 'ortho' : undefined;
}

/** Two network headings side by side in one heading, in first ('NETWORK NON-NETWORK'). */
export const NETWORKS_SIDE_BY_SIDE =
  /^(in[-\u2010 ]?network|network|participating|ppo)\s+(out[-\u2010 ]?of[-\u2010 ]?network|non[-\u2010 ]?network|non[-\u2010 ]?participating)$/i;

/** Whether most of the cells that start in a column print two values side by side. */
export function printsPairs(t: AnalyzedTable, c: number): boolean {
  const own = t.body.map((r) => r.cells[c]).filter((x) => x?.col === c && cellText(x));
  return own.length > 0 && own.filter((x) => sideBySide(x)).length * 2 >= own.length;
}

/** A heading naming both networks with a slash between them ('In-Network / Out-of-Network'). */
export function namesNetworkPair(heading: string): boolean {
  const parts = heading.split(/\s*\/\s*/);
  return (
    parts.length === 2 &&
    namesBothNetworks(heading) &&
    /^\(?\s*in\b/i.test(parts[0]!) &&
    /^(out|non)\b/i.test(parts[1]!)
  );
}

/**
 * The two values of a cell under an 'In / Out' heading, split at the slash ('$10 copay / Up to
 * $50', '$20 / N/A'); a cell without one serves both networks.
 */
export function splitNetworkPair(text: string): [string, string] | undefined {
  const parts = text.split(/\s+\/\s+/);
  if (parts.length === 2 && parts.every((p) => p.trim())) {
    return [cleanValue(parts[0]!), cleanValue(parts[1]!)];
  }
  const tight = text.match(/^(\$[\d,.]+|\d+%)\s*\/\s*(\$[\d,.]+|\d+%)$/);
  return tight ? [tight[1]!, tight[2]!] : undefined;
}

/**
 * A cell printing two values side by side on each of its lines ('$1000 per person   $1000 per
 * person' over 'per calendar year   per calendar year'): the left one, line by line, then the right.
 */
export function sideBySide(cell: Cell | undefined): [string, string] | undefined {
  if (!cell) return undefined;
  const left: string[] = [];
  const right: string[] = [];
  for (const line of cell.lines) {
    const words = line.words;
    if (words.length < 2) return undefined;
    let cut = -1;
    let widest = 0;
    for (let k = 1; k < words.length; k++) {
      const gap = words[k]!.box[0] - words[k - 1]!.box[2];
      if (gap > widest) {
        widest = gap;
        cut = k;
      }
    }
    const size = Math.max(...words.map((w) => w.size));
    if (cut < 0 || widest <= 0.8 * size) return undefined;
    left.push(
      words
        .slice(0, cut)
        .map((w) => w.text)
        .join(' '),
    );
    right.push(
      words
        .slice(cut)
        .map((w) => w.text)
        .join(' '),
    );
  }
  if (left.length === 0) return undefined;
  return [cleanValue(left.join(' ')), cleanValue(right.join(' '))];
}

/** In- and out-of-network values of a paired column's cell (see ValueGroup.paired). */
export function pairedValues(
  cells: Array<Cell | undefined>,
  g: ValueGroup,
  doubt?: number,
): { in?: Evidence; out?: Evidence } | undefined {
  if (!g.paired) return undefined;
  const v = valueAt(cells, g.both, doubt);
  if (!v) return {};
  const pair = splitNetworkPair(v.value);
  if (!pair) return { in: v, out: v };
  return {
    in: { ...v, value: pair[0], method: 'split' },
    out: { ...v, value: pair[1], method: 'split' },
  };
}

/**
 * A row's shares by year of membership (see ValueGroup.years) as one value, read where the
 * first year's share is printed; undefined when no year prints one.
 */
export function yearsValue(
  cells: Array<Cell | undefined>,
  g: ValueGroup,
  doubt?: number,
): Evidence | undefined {
  if (!g.years) return undefined;
  const shares = g.years
    .map((y) => ({ year: y.year, at: valueAt(cells, y.col, doubt) }))
    .filter((y) => y.at !== undefined);
  const first = shares[0]?.at;
  if (!first) return undefined;
  const value = sharesByYear(shares.map((y) => ({ year: y.year, share: y.at!.value })));
  return { ...first, value };
}

/** The value a body row holds in a column, with where it was read. */
export function valueAt(
  cells: Array<Cell | undefined>,
  col: number | undefined,
  doubt?: number,
): Evidence | undefined {
  if (col === undefined) return undefined;
  const cell = cells[col];
  if (!cell) return undefined;
  const text = cellText(cell);
  if (!text) return undefined;
  return evidence(text, sourceOfCell(cell), 'cell', doubt);
}

/**
 * A column whose cells list procedures, one per line, and never a share or an amount: two cells
 * or more of two lines or more, none with a '%' or '$'.
 */
export function listsProcedures(t: AnalyzedTable, c: number): boolean {
  const cells = t.body
    .map((r) => r.cells[c])
    .filter((x): x is Cell => x?.col === c && !!cellText(x));
  if (cells.some((x) => /[%$]/.test(cellText(x)))) return false;
  return cells.filter((x) => x.lines.length >= 2).length >= 2;
}

/**
 * The procedures a list cell names, one per line, without the limits printed after them
 * ('Exams – 2 per calendar year' → 'Exams', 'Sealants to age 16' → 'Sealants'; a line that is only
 * a limit, '– 1 in 36 months', names none), joined with ', '. Undefined for a cell of fewer lines
 * than `minLines` (one line alone may be a sentence).
 */
/** A line that stops where its text goes on: a comma, a dash, a joining word, an open parenthesis. */
const RUNS_ON_LINE = /(,|\s[-\u2013\u2014]|\b(and|or|of|any|the|for|with|to)|\([^)]*)\s*$/i;

export function procedureItems(cell: Cell | undefined, minLines = 2): string | undefined {
  if (!cell || cell.lines.length < minLines) return undefined;
  // a line stopping where its text goes on: a list set as running text, wrapped where the cell ran out
  // ('Fluoride Treatment (topical),' / 'Bitewing Radiographs,' / 'Sealants (permanent' / 'molars)'),
  // not a procedure a line
  if (cell.lines.slice(0, -1).some((l) => RUNS_ON_LINE.test(l.text))) return undefined;
  const items = cell.lines
    .map((l) => l.text.trim())
    .filter((l) => l && !/^[–—-]/.test(l))
    .map((l) =>
      l
        .replace(/\s+[–—-]\s+.*$/, '')
        .replace(/\s+(to|under) age\s+\d+.*$/i, '')
        .trim(),
    )
    .filter(Boolean);
  return items.length ? items.join(', ') : undefined;
}

/** How doubtful values of a column group are (undefined when its headings were clear). */
export function groupDoubt(g: ValueGroup): number | undefined {
  return g.unclear ? 0.35 : undefined;
}

/** Whether the in- and out-of-network columns of a group share one spanning cell in this row. */
export function spansNetworks(cells: Array<Cell | undefined>, g: ValueGroup): boolean {
  return (
    g.in !== undefined &&
    g.out !== undefined &&
    cells[g.in] !== undefined &&
    cells[g.in] === cells[g.out]
  );
}

/**
 * A category bar that starts beside an empty label column ('Class I – Preventive' indented
 * differently from the procedures under it): the row's only text, one cell across every network
 * column, with no amount or rate.
 */
export function barCell(cells: Array<Cell | undefined>, shape: GridShape): Cell | undefined {
  if (cellText(cells[shape.labelCol])) return undefined;
  const filled = new Set(cells.filter((c): c is Cell => c !== undefined && cellText(c) !== ''));
  if (filled.size !== 1) return undefined;
  const [cell] = [...filled];
  const cols = shape.groups.flatMap((g) => [g.in, g.out]).filter((c) => c !== undefined);
  if (cols.length < 2 || /[$%]/.test(cellText(cell))) return undefined;
  const lo = Math.min(...cols);
  const hi = Math.max(...cols);
  return cell!.col < lo && cell!.col + cell!.colSpan > hi ? cell : undefined;
}

/** A row with no value in any value column: a sub-section heading. */
export function isSectionRow(cells: Array<Cell | undefined>, shape: GridShape): boolean {
  const label = barCell(cells, shape) ?? cells[shape.labelCol];
  const valueCols = shape.groups
    .flatMap((g) => [g.in, g.out, g.both, ...(g.others ?? [])])
    .filter((c) => c !== undefined);
  return valueCols.every((c) => {
    const cell = cells[c];
    return (
      !cell ||
      cell === label ||
      cell === barCell(cells, shape) ||
      cell === cells[shape.subLabelCol ?? -1] ||
      !cellText(cell) ||
      isRepeatedNetworkHeading(cellText(cell))
    );
  });
}

/** Names of reimbursement levels and nothing else ('Tier 1 Tier 2', 'Level I / Level II'). */
const LEVEL_NAMES = /^\s*((tier|level)\s*(\d{1,2}|[IVX]{1,4})\b[\s/|,&-]*)+$/i;

/**
 * A network heading printed again inside the body ('Benefit Year Maximum | In-Network |
 * Out-of-Network' starting a new block of the same table): no value.
 */
export function isRepeatedNetworkHeading(text: string): boolean {
  // the names of reimbursement levels alone ('Tier 1   Tier 2' beside 'Calendar year deductible')
  if (LEVEL_NAMES.test(text)) return true;
  return (
    networkOf(text) !== undefined &&
    !/\d|%|\$|copay|covered|included|allowance|none|n\/a|up to/i.test(text) &&
    text.split(/\s+/).length <= 4
  );
}

/**
 * The subject a table's label column heading names for the rows under it ('Benefit Year
 * Deductible' over 'Individual' / 'Family'), or '' when the heading only names the column.
 */
export function subjectOfLabelColumn(t: AnalyzedTable, shape: GridShape): string {
  const heading = t.columns[shape.labelCol]?.heading ?? '';
  return /\b(deductible|maximum)\b/i.test(heading) && !/\bortho/i.test(heading) ? heading : '';
}

export interface RowLabel {
  /** The label as printed (wrapped lines joined). */
  text: string;
  /** Lines under the label set in smaller or lighter type (a list of procedures). */
  description?: string;
  source: ReturnType<typeof sourceOfLines>;
  descriptionSource?: ReturnType<typeof sourceOfLines>;
  /**
   * A category heading printed in the same cell over the row's procedure ('Diagnostic' over
   * 'D0120 Periodic oral evaluation'): it heads this row and the ones under it.
   */
  category?: string;
  /**
   * The procedure code, when the schedule prints it in a column of its own beside the
   * description ('D0145' beside 'Oral evaluation for patient under three years …'): it keys the
   * row, and the description (`title`) is the row's title as printed.
   */
  code?: string;
  title?: string;
  /** The label is a lead-in ending in a colon, its description the bullets under it. */
  leadIn?: boolean;
}

/**
 * The cell printing a body row's own name: the label cell, or the item beside a section head
 * (`sectionHeads`: 'Tints' beside 'STANDARD LENS OPTIONS' or beside a note spanning the items).
 */
export function labelCellOf(cells: Array<Cell | undefined>, shape: GridShape): Cell | undefined {
  const main = cells[shape.labelCol];
  if (!shape.sectionHeads || shape.subLabelCol === undefined) return main;
  const sub = cells[shape.subLabelCol];
  return sub && sub !== main && sub.colSpan === 1 && cellText(sub) ? sub : main;
}

/** The label of a body row: its label cell, with the sub-label beside it when the grid has one. */
export function rowLabelOf(cells: Array<Cell | undefined>, shape: GridShape): RowLabel | undefined {
  const bar = barCell(cells, shape);
  if (bar) return rowLabel(bar);
  const main = rowLabel(cells[shape.labelCol]);
  // the procedure's code in its own column beside the name keys the row
  const code = shape.codeCol !== undefined ? cellText(cells[shape.codeCol]) : '';
  if (main && BARE_PROCEDURE_CODE.test(code)) {
    const title = withoutFootnoteMarks(main.text);
    return { ...main, text: `${code} ${title}`, code, title };
  }
  if (shape.subLabelCol === undefined) return main;
  const subCell = cells[shape.subLabelCol];
  if (!subCell || subCell === cells[shape.labelCol]) return main;
  // (a value spanning the sub-label's column too is no sub-label: 'NON-COLLECTION | Covered up to
  // a $200 allowance' printed across the items and their values)
  if (shape.sectionHeads && subCell.col + subCell.colSpan > shape.subLabelCol + 1) return main;
  const sub = rowLabel(subCell);
  if (!sub) return main;
  if (!main || shape.sectionHeads) return sub;
  return { ...sub, text: `${main.text} ${sub.text}` };
}

/**
 * Procedures printed one per line without bullets, most with a note in parentheses that may wrap
 * ('Routine cleanings (3 per year)' over 'Bitewing x-rays (2 films under age 10,' over 'up to 4
 * films ages 10 and older)'): an item starts on a line that begins with a capital outside any
 * parenthesis; the notes (frequencies, ages, scope) are left out. Undefined for other text: fewer
 * than three items, fewer than two and fewer than half of them noted, or an item longer than a
 * procedure's name.
 */
export function notedItems(lines: string[]): string | undefined {
  if (lines.length < 3) return undefined;
  const items: string[][] = [];
  let depth = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const starts = depth === 0 && /^\p{Lu}/u.test(line);
    if (starts || items.length === 0) items.push([line]);
    else items[items.length - 1]!.push(line);
    for (const ch of line) {
      if (ch === '(') depth++;
      else if (ch === ')') depth = Math.max(0, depth - 1);
    }
  }
  if (items.length < 3 || depth !== 0) return undefined;
  const joined = items.map((it) => joinWrapped(it));
  const noted = joined.filter((t) => /\([^()]*\)/.test(t)).length;
  if (noted < 2 && noted * 2 < joined.length) return undefined;
  const names = joined.map((t) =>
    cleanValue(t.replace(/\s*\([^()]*\)/g, ' ').replace(/\s+/g, ' ')),
  );
  if (names.some((n) => !n || n.split(/\s+/).length > 8 || /[,;.]$/.test(n))) return undefined;
  return names.join(', ');
}

/**
 * The items of a description printed as bullets, joined with commas; second-level bullets under
 * an item are notes on it (limits, frequencies) and are left out. Lines without bullets are
 * wrapped text, joined as such.
 */
export function describedItems(lines: string[]): string {
  if (!lines.some((l) => LIST_MARK.test(l))) return notedItems(lines) ?? joinWrapped(lines);
  const items: string[][] = [];
  let inNote = false;
  for (const line of lines) {
    if (LIST_MARK.test(line)) {
      items.push([line.replace(LIST_MARK, '')]);
      inNote = false;
    } else if (SUB_BULLET.test(line)) inNote = true;
    else if (!inNote) {
      if (items.length === 0) items.push([]);
      items[items.length - 1]!.push(line);
    }
  }
  return items
    .map((lines) => cleanValue(joinWrapped(lines)))
    .filter(Boolean)
    .join(', ');
}

/**
 * A row label and the description printed under it: lines in smaller type than the first (or not
 * bold under a bold first line) describe; lines in the same type continue the label.
 */
/** Each cell's row label, read once (a row is read as dental, as vision, as a schedule …). */
const rowLabels = new WeakMap<Cell, { lines: Line[]; page: number; label: RowLabel | undefined }>();

export function rowLabel(cell: Cell | undefined): RowLabel | undefined {
  if (!cell) return undefined;
  const known = rowLabels.get(cell);
  if (known && known.lines === cell.lines && known.page === cell.page) return known.label;
  const label = rowLabelOnce(cell);
  rowLabels.set(cell, { lines: cell.lines, page: cell.page, label });
  return label;
}

function rowLabelOnce(cell: Cell): RowLabel | undefined {
  const lines = cell.lines.filter((l) => l.text.trim());
  if (lines.length === 0) return undefined;
  const apart = codeSetApart(lines);
  if (apart) {
    return {
      text: `${apart.code} ${apart.description}`,
      code: apart.code,
      title: apart.description,
      source: { ...sourceOfLines(lines), page: cell.page },
    };
  }
  // 'Diagnostic' over 'D0120 Periodic oral evaluation': a category heading, then the row's label
  if (
    lines.length >= 2 &&
    PROCEDURE_CODE.test(lines[1]!.text.trim()) &&
    !PROCEDURE_CODE.test(lines[0]!.text.trim()) &&
    lines[0]!.text.trim().split(/\s+/).length <= 4 &&
    !/[\d$%]/.test(lines[0]!.text)
  ) {
    const rest = rowLabel({ ...cell, lines: lines.slice(1) });
    if (rest) return { ...rest, category: cleanValue(lines[0]!.text) };
  }
  const first = lines[0]!;
  // a comma-separated list under a label without commas describes it too (OCR gives no type sizes),
  // unless the label opened its list after a dash ('Class C (Major) Services – includes major' over
  // 'restorative, endodontic, and prosthodontic services'): the list goes on
  const isDescription = (l: Line) =>
    l.size < first.size * 0.92 ||
    (first.bold === true && l.bold !== true) ||
    (!first.text.includes(',') &&
      /,/.test(l.text) &&
      !/[,-]$/.test(first.text.trim()) &&
      !DASHED_NOTE.test(first.text));
  let split = lines.findIndex((l, i) => i > 0 && isDescription(l));
  // a lead-in ending in a colon over bullets ('Low Vision Coverage (requires pre-authorization):'
  // over '• Low vision exams …'): the lead-in names the row, without the note in its parentheses;
  // the bullets describe it
  const leadIn =
    lines.length >= 2 &&
    /:\s*$/.test(first.text) &&
    BULLET.test(lines[1]!.text) &&
    (split < 0 || split === 1);
  if (split < 0) split = lines.length;
  if (leadIn) split = 1;
  const labelLines = lines.slice(0, split);
  const descLines = lines.slice(split);
  const text = leadIn
    ? cleanValue(first.text.replace(/\s*(\([^()]*\))?\s*:\s*$/, ''))
    : cleanValue(joinWrapped(labelLines.map((l) => l.text)));
  // a list printed in parentheses under its label ('(cleanings, oral exams, X-rays)') is the list
  const description = cleanValue(describedItems(descLines.map((l) => l.text))).replace(
    /^\(([^()]*)\)$/,
    '$1',
  );
  return {
    text,
    ...(description ? { description } : {}),
    ...(leadIn ? { leadIn } : {}),
    source: { ...sourceOfLines(labelLines), page: cell.page },
    ...(descLines.length
      ? { descriptionSource: { ...sourceOfLines(descLines), page: cell.page } }
      : {}),
  };
}

/** How a cost cell may open without printing an amount ('Covered in full', 'Included', 'Not covered'). */
const COST_OPENING =
  /^\s*(covered|included|not covered|paid in full|no (additional )?(cost|charge)|free|up to|discount|n\/a|none|same as|see\b)/i;

/**
 * A glossary printed as a table ('Term | Definition': 'Polycarbonate Lenses | Lenses made from a
 * lightweight material …'): two columns, a term beside a sentence in nearly every row, and no
 * amount anywhere. A term beside a sentence with no amount is a definition, not a cost.
 */
export function isGlossary(t: AnalyzedTable): boolean {
  if (t.table.cols !== 2) return false;
  const values = t.table.cells
    .filter((c) => c.col === 1 && c.colSpan === 1 && c.row >= t.headerRows)
    .map((c) => cellText(c))
    .filter(Boolean);
  if (values.length < 3 || values.some((v) => /\$\s?\d|\d\s?%/.test(v))) return false;
  const definitions = values.filter(
    (v) => v.split(/\s+/).length >= 6 && !COST_OPENING.test(v),
  ).length;
  return definitions >= values.length * 0.75;
}

/**
 * A worked example printed as a table: its title (caption or the heading over it) or its corner
 * heading names an example ('EXAMPLE FOR ADULT ENROLLEES', 'EXAMPLE #2').
 */
export function isIllustration(t: AnalyzedTable): boolean {
  const corner = t.columns[0]?.heading ?? '';
  return [t.caption ?? '', t.heading ?? '', corner].some((text) => ILLUSTRATION_TITLE.test(text));
}
