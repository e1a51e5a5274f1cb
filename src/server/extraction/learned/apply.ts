import type { ParsedCell, ParsedData, ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import { LABEL_COLUMNS, rejectUnfitValues } from '../interpret/constraints.ts';
import { cleanValue, withoutSentenceStop } from '../interpret/values.ts';
import { isFrequencyValue } from '../interpret/vision.ts';
import { VALUE_OWN_ENDING, valueFitsSlot } from '../interpret/vocabulary.ts';
import type { DocumentLayout } from '../layout.ts';
import { alike, misread } from './alike.ts';
import { joinWrappedNames, unstackRows } from './stacked.ts';
import {
  columnOf,
  fingerprintOf,
  type LayoutTemplate,
  type LearnedValue,
  likeness,
  loosePattern,
  rowKey,
  skeletonPattern,
  TABLE_KEYS,
  unpackTemplate,
  type Where,
} from './template.ts';
import {
  groupAt,
  groupWindow,
  layoutUnits,
  listDown,
  normalizeText,
  shapeOf,
  type Unit,
  unitBelow,
  windowText,
} from './units.ts';

/**
 * Reading a document with learned layout templates: the best matching template (similarity at
 * or above MATCH_THRESHOLD, same document type) is read first — each learned value from the
 * unit in the same place (same row and column headings, same words around it, amounts allowed to
 * differ) — and the generic engine's reading fills everything else. A document no template
 * matches comes out exactly as the generic engine read it.
 */

/** Below this, a layout is not the taught one (measured: other layouts ≤ 0.5, same template ≥ 0.8). */
export const MATCH_THRESHOLD = 0.7;

/** How alike a new row's name is to a removed row's for it to be that row (alike(): 0.9 × Dice). */
const REMOVED_ALIKE = 0.6;

/** Share of a table's taught rows that must be found again for the template to read that table. */
const MIN_ROWS_FOUND = 0.5;

export interface TemplateMatch<T extends LayoutTemplate = LayoutTemplate> {
  template: T;
  similarity: number;
}

export function bestTemplate<T extends LayoutTemplate>(
  units: Unit[],
  templates: readonly T[],
  documentType: LayoutTemplate['documentType'],
): TemplateMatch<T> | undefined {
  if (!templates.length) return undefined;
  const print = fingerprintOf(units);
  let best: TemplateMatch<T> | undefined;
  for (const template of templates) {
    if (template.documentType !== documentType) continue;
    const s = likeness(print, template);
    if (s >= MATCH_THRESHOLD && (!best || s > best.similarity)) best = { template, similarity: s };
  }
  return best;
}

/** A layout's fingerprint (what a learned template is matched on). */
export const layoutFingerprint = (layout: DocumentLayout) => fingerprintOf(layoutUnits(layout));

/**
 * The templates that can match a document with fingerprint `print` (same type, similarity at or
 * above the threshold), best first: what the engine is handed instead of every learned layout.
 */
export function candidateTemplates<
  T extends { template: Pick<LayoutTemplate, 'documentType' | 'fingerprint' | 'fields'> },
>(
  print: LayoutTemplate['fingerprint'],
  stored: readonly T[],
  documentType: LayoutTemplate['documentType'],
): T[] {
  return stored
    .filter((s) => s.template.documentType === documentType)
    .map((s) => ({ s, at: likeness(print, s.template) }))
    .filter((c) => c.at >= MATCH_THRESHOLD)
    .sort((a, b) => b.at - a.at)
    .map((c) => c.s);
}

/**
 * The words around a value shortened to the `k` nearest on each side (a note beside the value
 * reworded on another plan: "Excludes Class I" → "Excludes in Network Class I"); the value's
 * start and end are then no longer anchored to the unit's. Undefined when nothing is shorter.
 */
function relaxed(where: Where, k: number): Where | undefined {
  const before = where.prefix.match(/\S+\s*/g) ?? [];
  const after = where.suffix.match(/\s*\S+/g) ?? [];
  if (before.length <= k && after.length <= k) return undefined;
  return {
    ...where,
    prefix: before.slice(-k).join(''),
    suffix: after.slice(0, k).join(''),
    atStart: where.atStart && before.length <= k,
    atEnd: where.atEnd && after.length <= k,
  };
}

/** Captures the value between words punctuated as the taught ones around it (any words). */
function skeletonCapture(where: Where): RegExp {
  return new RegExp(
    `${where.atStart ? '^' : ''}${skeletonPattern(where.prefix)}(.+?)${skeletonPattern(where.suffix)}${where.atEnd ? '[\\^*†‡§]*$' : ''}`,
    'iu',
  );
}

function capturePattern(where: Where): RegExp {
  return new RegExp(
    `${where.atStart ? '^' : ''}${loosePattern(where.prefix.trimStart(), 'any')}(.+${where.suffix.trim() ? '?' : ''})${loosePattern(where.suffix.trimEnd(), 'any')}${where.atEnd ? '$' : ''}`,
    'iu',
  );
}

/** The units of a document with what reading through a template asks of each, computed once. */
interface Prepared {
  units: Unit[];
  /** Shapes of the previous and next units outside running headers and footers. */
  prev: string[];
  next: string[];
  nfkc: string[];
  /** The column headings the template's cells were learned under, per taught table. */
  colHeads: Map<number, string[]>;
}

function prepare(units: Unit[]): Prepared {
  const prev: string[] = [];
  const next: string[] = [];
  let last = '';
  for (const u of units) {
    prev.push(last);
    if (u.kind !== 'furniture') last = shapeOf(u.text).slice(0, 200);
  }
  last = '';
  for (let i = units.length - 1; i >= 0; i--) {
    next[i] = last;
    if (units[i]!.kind !== 'furniture') last = shapeOf(units[i]!.text).slice(0, 200);
  }
  return {
    units,
    prev,
    next,
    nfkc: units.map((u) => u.text.normalize('NFKC')),
    colHeads: new Map(),
  };
}

/**
 * A value read from a scan, mended with the value taught at its place: a word one letter off the
 * taught word in the same place is the taught word ("$1500 per person ver Calendar Year"), and an
 * amount whose currency sign the scan lost has the taught one ("150" where "$150" was taught).
 * Digits are never changed (another plan's amounts), nor a value with another number of words.
 */
export function mendScanned(value: string, taught: string): string {
  const read = value.split(/\s+/);
  const words = taught.trim().split(/\s+/);
  if (read.length !== words.length) return value;
  return read
    .map((w, i) => {
      const t = words[i]!;
      if (misread(w, t)) return t;
      const sign = /^([$€£])\d/u.exec(t)?.[1];
      if (sign && /^\d[\d,.]*$/.test(w)) return `${sign}${w}`;
      return w;
    })
    .join(' ');
}

/**
 * How alike a cell's column heading is to the taught one: its whole heading's likeness, or, when
 * the column is headed on more than one level here, its lowest heading's (a sibling that prints
 * the taught "Network" column under "Non-orthodontics" and again under "Orthodontics": both are
 * the taught heading, and the column's place decides between them, not which of the upper
 * headings happens to share more words with it).
 */
export function columnAlike(
  unit: Pick<Unit, 'colHead' | 'colLeaf' | 'scanned'>,
  taught: string,
): number {
  const whole = alike(unit.colHead ?? '', taught, unit.scanned);
  if (unit.colLeaf === undefined || unit.colLeaf === unit.colHead) return whole;
  return Math.max(whole, alike(unit.colLeaf, taught, unit.scanned));
}

/**
 * A cell whose column is headed as another column of the taught table was (the other network's),
 * not as the value's own: on a sibling that does not print the value's column.
 */
function otherColumn(p: Prepared, unit: Unit, where: Where): boolean {
  if (unit.kind !== 'cell' || !unit.colHead || columnAlike(unit, where.colHead ?? '') > 0)
    return false;
  return (p.colHeads.get(where.table ?? -1) ?? []).some(
    (h) => h !== where.colHead && alike(unit.colHead!, h) > 0,
  );
}

/** How well a unit's surroundings agree with where the value was learned, 0..1 (0: not it). */
/**
 * 1 when a row's label opens with the same name as the taught row's, over another note (one side
 * at least printed a note under the name: the other's label may be the name alone); else 0.
 */
function sameName(unit: Pick<Unit, 'rowHead' | 'rowName'>, where: Where): number {
  if (!unit.rowName && !where.rowName) return 0;
  return (unit.rowName ?? unit.rowHead) === (where.rowName ?? where.rowHead) ? 1 : 0;
}

function context(p: Prepared, unit: Unit, where: Where): number {
  if (where.kind === 'cell') {
    if (unit.kind !== 'cell') return 0;
    const row =
      0.45 *
      Math.max(alike(unit.rowHead!, where.rowHead ?? '', unit.scanned), sameName(unit, where));
    const col = 0.3 * columnAlike(unit, where.colHead ?? '');
    // The column is headed as another learned column is (the other network's), not as this one:
    // a sibling that does not print this column.
    if (!col && otherColumn(p, unit, where)) return 0;
    const head = 0.15 * alike(unit.tableHead!, where.tableHead ?? '');
    const index = unit.col === where.col ? 0.1 : 0;
    const sum = row + col + head + index;
    return row || sum >= 0.55 ? sum : 0;
  }
  if (unit.kind === 'cell') return 0;
  const prev = p.prev[unit.order] === where.prev ? 0.4 : 0;
  const next = p.next[unit.order] === where.next ? 0.3 : 0;
  const labelled = /\p{L}/u.test(where.prefix + where.suffix) ? 0.3 : 0;
  if (!labelled && !prev && !next) return 0;
  return prev + next + labelled;
}

/**
 * A line whose value was taught at its end, printed here with more words before it so that the
 * value runs on onto the next line ("… (up to age 19) - covered in" over "full."): the two lines
 * as one, when the line after them is the one that followed the value's line when taught.
 */
function wrappedOn(p: Prepared, unit: Unit, where: Where): string | undefined {
  const next = p.units[unit.order + 1];
  if (where.kind !== 'line' || (where.span ?? 1) > 1 || !where.atEnd) return undefined;
  if (unit.kind !== 'line' || next?.kind !== 'line' || next.page !== unit.page) return undefined;
  if (p.next[next.order] !== where.next || p.next[unit.order] === where.next) return undefined;
  return `${p.nfkc[unit.order]} ${p.nfkc[next.order]}`;
}

interface Read {
  value: string;
  score: number;
  source: { page: number; box?: [number, number, number, number] };
}

/** Values read with shortened context (not part of the output). */
const looseReads = new WeakSet<Read>();

/** Where a value was read (not part of the output). */
const readUnits = new WeakMap<Read, Unit>();

function readValue(p: Prepared, learned: LearnedValue, match: number): Read | undefined {
  const where = learned.where;
  if (!where) return undefined;
  const { units } = p;
  const pattern = capturePattern(where);
  // Shorter contexts, tried only in a unit whose row (or neighbours) clearly are the learned ones.
  const looser = [3, 2, 1]
    .map((k) => relaxed(where, k))
    .filter((w): w is Where => w !== undefined)
    .map(capturePattern);
  const span = where.span ?? 1;
  const heading =
    where.kind === 'cell' &&
    span === 1 &&
    shapeOf(where.prefix + learned.value + where.suffix).slice(0, 200) === where.rowHead;
  const skeleton = skeletonCapture(where);
  const opensRow =
    where.kind === 'cell' &&
    where.atStart &&
    !!where.rowHead &&
    where.rowHead.startsWith(shapeOf(learned.value));
  const unlabelled = where.kind !== 'cell' && !/\p{L}/u.test(where.prefix + where.suffix);
  let best: { unit: Unit; value: string; score: number; loose: boolean } | undefined;
  for (const unit of units) {
    const ctx = context(p, unit, where);
    if (!ctx) continue;
    const text =
      span === 1
        ? (groupText(unit, where) ?? withinTaught(unit, where) ?? p.nfkc[unit.order]!)
        : (where.x
            ? groupWindow(units, unit, span, where.x)
            : windowText(units, unit, span)
          )?.normalize('NFKC');
    if (text === undefined || !sameColumn(unit, where)) continue;
    // Wrapped onto a row that is the same kind of row as on the taught document (the rest of
    // the label, or none), not onto the next label's row.
    if (span > 1 && where.below !== undefined && unit.kind === 'cell') {
      const below = unitBelow(units, unit, span)?.rowHead ?? '';
      if (below !== where.below && alike(below, where.below) === 0) continue;
    }
    // a line taught wrapped onto the next one, printed whole here: the line alone first
    const alone = span > 1 && unit.kind === 'line' ? p.nfkc[unit.order] : undefined;
    const texts = [alone, text, wrappedOn(p, unit, where)].filter((t) => t !== undefined);
    const capture = (re: RegExp) => texts.map((t) => re.exec(t)?.[1]?.trim()).find((v) => !!v);
    let value = capture(pattern);
    let penalty = 0;
    // A row's name that opened its heading cell, printed word for word as taught with another
    // note under it ("Orthodontic Services" over "Not Covered", taught over "Dependent children
    // through age 18"): the name, not the words the pattern let run on into the new note.
    if (opensRow && ctx >= 0.6 && (!value || unit.rowName === shapeOf(learned.value)))
      value = openingAsTaught(text, learned.value) ?? value;
    if (!value && ctx >= 0.6) {
      for (const loose of looser) {
        value = capture(loose);
        penalty = 0.1;
        if (value) break;
      }
      // The row's heading with other words in its note ("Basic (fillings, extractions)" where
      // "Basic (fillings)" was taught): read by its punctuation.
      if (!value && heading) value = skeleton.exec(text)?.[1]?.trim();
    }
    // (A value that was its row's heading on the taught document, a service's name, may be one.)
    if (!value || (!heading && readsRowHeading(unit, value, where))) continue;
    // A value learned with no words of its own around it (a plan code on a line by itself) is
    // known by its shape: with digits where the taught one had digits, without where it had none.
    if (unlabelled && /\d/.test(value) !== /\d/.test(learned.value)) continue;
    // On a scan, an amount is read only from text with digits (not a misread label beside it).
    if (unit.scanned && /\d/.test(learned.value) && !/\d/.test(value)) continue;
    // A row's heading taught as a value (the service's name) is read from the row's heading cell.
    if (heading && unit.kind === 'cell' && shapeOf(unit.text).slice(0, 200) !== unit.rowHead)
      continue;
    const at = units.length > 1 ? unit.order / (units.length - 1) : 0;
    const score =
      ctx - penalty - Math.abs(at - where.at) * 0.2 + (unit.page === where.page ? 0.05 : 0);
    if (!best || score > best.score) best = { unit, value, score, loose: penalty > 0 };
  }
  best ??= beside(p, where, pattern, shapeOf(learned.value) === where.rowHead);
  // A value wrapped onto the row below on the taught document, printed on one row here.
  if (!best && span > 1 && where.x)
    return readValue(p, { ...learned, where: { ...where, span: 1 } }, match);
  if (!best) return undefined;
  // A list down a column: the first item where it was learned, the items below it after it.
  if (where.list && best.unit.kind === 'cell') {
    const items = listDown(units, best.unit);
    if (items.length > 1) best.value = items.map((u) => u.text).join(', ');
  }
  // An amount cut at its words is a guess: the engine's whole reading of the cell overrules it
  // ("$50 copay" where the taught document printed "$40" alone).
  const whole = best.value;
  best.value = amountAlone(best.value, learned);
  if (best.value !== whole) best.loose = true;
  if (best.unit.scanned) best.value = mendScanned(best.value, learned.value);
  if (where.atEnd && !where.suffix.trim())
    best.value = withoutRepeatedTail(p, best.unit, best.value, learned.value);
  // Footnote marks the taught value did not keep ("$130 Allowance**" where "$100 Allowance" was
  // taught) are dropped as the engine drops them.
  if (cleanValue(learned.value) === learned.value.trim())
    best.value = cleanValue(best.value) || best.value;
  const quality = Math.max(0, Math.min(1, best.score)) * match;
  const read: Read = {
    value: best.value,
    score: Math.round((0.55 + 0.44 * quality) * 1000) / 1000,
    source: {
      page: best.unit.page,
      ...(best.unit.box
        ? {
            box: best.unit.box.map((v) => Math.round(v * 10) / 10) as [
              number,
              number,
              number,
              number,
            ],
          }
        : {}),
    },
  };
  readUnits.set(read, best.unit);
  if (best.loose) looseReads.add(read);
  return read;
}

/**
 * A value taught at the end of its cell, read here with words after it that end many other cells
 * of the same table too ("Up to $39 empty", "Not covered empty": text the reader put in every cell
 * of a row band): those words are the table's, not the value's — unless they are words a value
 * ends with ("copay", "allowance", "calendar years").
 */
export function withoutRepeatedTail(
  p: Pick<Prepared, 'units'>,
  unit: Unit,
  value: string,
  taught: string,
): string {
  if (unit.kind !== 'cell') return value;
  const words = value.split(/\s+/);
  const taughtText = normalizeText(taught);
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const tail = normalizeText(words.slice(-k).join(' '));
    if (!/\p{L}/u.test(tail) || /\d/.test(tail) || taughtText.endsWith(tail)) continue;
    // Words a benefit's value ends with ("$50 copay", "Once every 2 calendar years") are its own,
    // however many cells end with them.
    if (VALUE_OWN_ENDING.test(tail)) continue;
    const others = p.units.filter(
      (u) =>
        u !== unit &&
        u.kind === 'cell' &&
        u.table === unit.table &&
        normalizeText(u.text) !== tail &&
        normalizeText(u.text).endsWith(` ${tail}`),
    ).length;
    // …or that end every side-by-side group of its own cell (a heading printed over each
    // column, run into the values above it: "Not covered ALLOWED FREQUENCY -").
    const groups = unit.groups ?? [];
    const everyGroup =
      groups.length > 1 &&
      groups.every((g) => {
        const text = normalizeText(g.text);
        return text !== tail && text.endsWith(` ${tail}`);
      });
    if (others >= 3 || everyGroup) return words.slice(0, -k).join(' ');
  }
  return value;
}

/** `text` opening with `taught` word for word (then a space or its end): that opening. */
export function openingAsTaught(text: string, taught: string): string | undefined {
  const t = taught.replace(/\s+/g, ' ').trim();
  const s = text.replace(/\s+/g, ' ').trim();
  return t && (s === t || s.startsWith(`${t} `)) ? t : undefined;
}

/**
 * A value written as one sentence, read with a full stop the broker's value for the same place
 * does not have ("Covered in full after copay (if applicable)."): written as the broker wrote it.
 */
export function withTaughtStop(value: string, taught: string): string {
  return /\.\s*$/.test(taught) ? value : withoutSentenceStop(value);
}

/**
 * An amount the taught document printed alone in its cell or line ("$1,000"), read here with words
 * printed after it ("$1,500 Excludes Class I"): the words are a note beside the amount, not part of
 * it. Values taught with words of their own ("$1000 per person") are read as they are.
 */
export function amountAlone(value: string, learned: Pick<LearnedValue, 'value' | 'where'>): string {
  const w = learned.where;
  if (!w?.atStart || !w.atEnd || w.prefix.trim() || w.suffix.trim()) return value;
  const taught = learned.value.trim();
  if (!/\d/.test(taught) || /\p{L}/u.test(taught)) return value;
  const m = new RegExp(`^(${loosePattern(taught, 'any')})\\s+\\p{L}`, 'iu').exec(value);
  return m ? m[1]! : value;
}

/**
 * For a value learned as one of several side-by-side groups of its unit: the text of the group of
 * `unit` that overlaps the learned one most (undefined when none does, or nothing to choose).
 */
function groupText(unit: Unit, where: Where): string | undefined {
  if (!where.x || !unit.groups) return undefined;
  let best: { text: string; overlap: number } | undefined;
  for (const g of unit.groups) {
    const overlap = Math.min(g.x[1], where.x[1]) - Math.max(g.x[0], where.x[0]);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { text: g.text, overlap };
  }
  return best?.text.normalize('NFKC');
}

/**
 * A cell value whose table the reader did not find again as it did on the taught document (row
 * labels read as lines, the values as a table of their own): the value printed level with its
 * row's label, at the learned place across the page.
 */
function beside(
  p: Prepared,
  where: Where,
  pattern: RegExp,
  /** The value is the row's label itself (a service's name). */
  head: boolean,
): { unit: Unit; value: string; score: number; loose: boolean } | undefined {
  const across = where.x ?? where.ux;
  if (where.kind !== 'cell' || !where.rowHead || !across) return undefined;
  let best: { unit: Unit; value: string; score: number; loose: boolean } | undefined;
  for (const label of p.units) {
    if (!label.box || label.kind === 'furniture' || !label.x) continue;
    const same = alike(shapeOf(label.text).slice(0, 200), where.rowHead);
    if (same < 0.8) continue;
    if (head) {
      const value = pattern.exec(label.text.normalize('NFKC'))?.[1]?.trim();
      if (value && (!best || 0.5 * same > best.score))
        best = { unit: label, value, score: 0.5 * same, loose: false };
      continue;
    }
    for (const unit of p.units) {
      if (unit === label || unit.page !== label.page || !unit.box || !unit.x) continue;
      if (unit.kind === 'furniture' || unit.x[0] < label.x[1] - 0.01) continue;
      if (otherColumn(p, unit, where)) continue;
      const high = Math.min(label.box[3], unit.box[3]) - Math.max(label.box[1], unit.box[1]);
      const least = Math.min(label.box[3] - label.box[1], unit.box[3] - unit.box[1]);
      if (least <= 0 || high < 0.5 * least) continue;
      if (Math.min(unit.x[1], across[1]) - Math.max(unit.x[0], across[0]) <= 0) continue;
      const text = (where.x ? groupAt(unit, where.x) : unit.text)?.normalize('NFKC');
      const value = text === undefined ? undefined : pattern.exec(text)?.[1]?.trim();
      if (!value) continue;
      const score = 0.5 * same;
      if (!best || score > best.score) best = { unit, value, score, loose: false };
    }
  }
  return best;
}

/**
 * A whole cell learned from a unit alone in its place, now printed beside another value in one
 * cell (two columns the reader merged on this document): the groups within the taught unit's
 * edges.
 */
function withinTaught(unit: Unit, where: Where): string | undefined {
  if (!unit.groups || !where.ux || where.x || where.prefix.trim() || where.suffix.trim())
    return undefined;
  const [left, right] = where.ux;
  const inside = unit.groups.filter((g) => {
    const centre = (g.x[0] + g.x[1]) / 2;
    return centre >= left - 0.01 && centre <= right + 0.01;
  });
  if (!inside.length || inside.length === unit.groups.length) return undefined;
  return inside
    .map((g) => g.text)
    .join(' ')
    .normalize('NFKC');
}

/** A value learned at a place across the page is read only from a unit (or group) there. */
function sameColumn(unit: Unit, where: Where): boolean {
  if (!where.x) return true;
  if (unit.groups) return groupText(unit, where) !== undefined;
  if (!unit.x) return true;
  return Math.min(unit.x[1], where.x[1]) - Math.max(unit.x[0], where.x[0]) > 0;
}

/** The row's own heading taken for a value that was not the heading where it was learned. */
const readsRowHeading = (unit: Unit, value: string, where: Where) =>
  unit.kind === 'cell' &&
  where.kind === 'cell' &&
  shapeOf(value) === unit.rowHead &&
  where.rowHead !== undefined &&
  shapeOf(where.prefix + where.suffix) !== where.rowHead &&
  unit.col !== where.col;

/** Reads `where` in one given unit (a row the taught document did not print). */
function readAt(
  unit: Unit,
  where: Where,
  match: number,
  /** A row's name: printed without the note the taught row's name had after it, it is the whole cell. */
  name = false,
): Read | undefined {
  if (!sameColumn(unit, where)) return undefined;
  const text = groupText(unit, where) ?? unit.text.normalize('NFKC');
  let value = capturePattern(where).exec(text)?.[1]?.trim();
  // Other words around it, punctuated as on the taught row ("Restorations (Amalgam or Anterior
  // Composite)" read like "Dental Prophylaxis (Cleanings)").
  if (!value && name) value = skeletonCapture(where).exec(text)?.[1]?.trim();
  if (!value && name && where.atStart && !where.prefix.trim() && where.suffix.trim())
    value = text.trim() || undefined;
  if (!value || readsRowHeading(unit, value, where)) return undefined;
  return {
    value,
    score: Math.round((0.55 + 0.3 * match) * 1000) / 1000,
    source: {
      page: unit.page,
      ...(unit.box
        ? { box: unit.box.map((v) => Math.round(v * 10) / 10) as [number, number, number, number] }
        : {}),
    },
  };
}

export interface TemplateReading {
  data: ParsedData;
  /** The template used and how well it matched; undefined when none did. */
  match?: { name: string; similarity: number; values: number } | undefined;
}

/** Reads `layout` through the best matching template, merged over the generic engine's `generic`. */
export function readWithTemplates(
  layout: DocumentLayout,
  generic: ParsedData,
  templates: readonly LayoutTemplate[],
  documentType: LayoutTemplate['documentType'],
): TemplateReading {
  if (!templates.length) return { data: generic };
  const printed = layoutUnits(layout);
  const found = bestTemplate(printed, templates, documentType);
  if (!found) return { data: generic };
  const { similarity: match } = found;
  const template = unpackTemplate(found.template);
  const taughtRows = new Set<string>();
  for (const t of template.tables)
    for (const r of t.rows)
      for (const c of r.cells)
        if (c.where?.kind === 'cell' && c.where.rowHead) taughtRows.add(c.where.rowHead);
  const units = unstackRows(joinWrappedNames(printed), taughtRows);
  const prepared = prepare(units);
  for (const t of template.tables)
    for (const r of t.rows)
      for (const c of r.cells) {
        const w = c.where;
        if (w?.kind !== 'cell' || w.table === undefined || !w.colHead) continue;
        const heads = prepared.colHeads.get(w.table) ?? [];
        if (!heads.includes(w.colHead)) prepared.colHeads.set(w.table, [...heads, w.colHead]);
      }
  let values = 0;

  // Fields: the template's reading wins; fields the broker removed stay removed.
  const fieldReads = new Map<string, ParsedItem>();
  for (const f of template.fields) {
    const read = readValue(prepared, f, match);
    if (!read) continue;
    values++;
    const engine = generic.find((i) => i.type === 'field' && i.label === f.label);
    // The engine's reading of the field is the better supported one (see betterFormed).
    if (engine?.type === 'field' && betterFormed(read.value, engine.value, f.value))
      fieldReads.set(f.label, engine);
    else fieldReads.set(f.label, { type: 'field', label: f.label, ...read });
  }
  const removed = new Set(template.removedFields);
  const out: ParsedItem[] = [];
  for (const item of generic) {
    if (item.type !== 'field') continue;
    if (fieldReads.has(item.label) || removed.has(item.label)) continue;
    out.push(item);
  }
  out.push(...fieldReads.values());

  // Tables: learned rows merged over the engine's rows of the same key.
  const learnedTables = new Map(template.tables.map((t) => [t.label, t]));
  for (const item of generic) {
    if (item.type === 'table' && !learnedTables.has(item.label)) out.push(item);
  }
  const loose = new WeakSet<ParsedCell>();
  /** The printed unit each cell the template read came from. */
  const cellUnit = new WeakMap<ParsedCell, Unit>();
  /** The value the broker saved at the place each cell was read from. */
  const taughtValue = new WeakMap<ParsedCell, string>();
  for (const table of template.tables) {
    const engineRows = rowsOf(generic, table.label);
    const rows: Array<Map<string, ParsedCell>> = [];
    const used = new Set<number>();
    const readRows: Array<Map<string, ParsedCell>> = [];
    const rowSureness = new WeakMap<Map<string, ParsedCell>, number>();
    /** The learned row each row was read like (the prototype's for new rows). */
    const rowLearned = new WeakMap<Map<string, ParsedCell>, readonly LearnedValue[]>();
    /** The columns the broker removed from the engine's reading of each learned row. */
    const rowRemoved = new WeakMap<Map<string, ParsedCell>, readonly string[]>();
    const seen = new Set<string>(); // printed rows read: "table:row"
    /** Rows of the printed table the taught document did not have (read like the prototype). */
    const newRows = new WeakSet<Map<string, ParsedCell>>();
    const seenTables = new Set<number>();
    const classes = new Set(engineRows.map((r) => r.get('class')?.value.trim() ?? ''));
    const engineClass =
      classes.size === 1 && [...classes][0] ? engineRows[0]!.get('class') : undefined;
    // The class the engine read is printed on this document (not the name the rules give when a
    // document names none): it wins over a class the broker typed for a taught document that
    // printed none.
    const className = normalizeText(engineClass?.value ?? '');
    const printedClass =
      className !== '' && prepared.nfkc.some((t) => normalizeText(t).includes(className));
    /** The printed table the prototype row was found in on this document. */
    let protoTable: number | undefined;
    /** What each learned row read on this document. */
    const readByIndex = new Map<number, Map<string, ParsedCell>>();
    for (const [index, learnedRow] of table.rows.entries()) {
      const cells = new Map<string, ParsedCell>();
      for (const c of learnedRow.cells) {
        const column = columnOf(table.label, c.label);
        const read = readValue(prepared, c, match);
        if (read) {
          read.value = withTaughtStop(read.value, c.value);
          values++;
          const cell: ParsedCell = { label: c.label, row: 0, col: c.col ?? 0, ...read };
          const from = readUnits.get(read);
          if (from) cellUnit.set(cell, from);
          if (looseReads.has(read)) loose.add(cell);
          taughtValue.set(cell, c.value);
          cells.set(column, cell);
        }
      }
      oneNetworkPerCell(cells, cellUnit, learnedRow.cells);
      outsideItsTable(cells, cellUnit, learnedRow.cells, table.label);
      // The printed rows this one was read from: those of the values it kept.
      const at = [...cells.values()].flatMap((c) => cellUnit.get(c) ?? []);
      rowLearned.set(cells, learnedRow.cells);
      if (learnedRow.removed) rowRemoved.set(cells, learnedRow.removed);
      // The row is printed on this document when its own keys (the tier, the service) are.
      const ownKeys = learnedRow.cells.filter((c) => {
        const column = columnOf(table.label, c.label);
        return c.where && column !== 'class' && keysOf(table.label).includes(column);
      });
      if (!cells.size || ownKeys.some((c) => !cells.has(columnOf(table.label, c.label)))) continue;
      // A key the document does not print (the broker's class name) is kept as the broker said it,
      // unless this document prints the class the engine read for the whole table; a class
      // printed on the taught document but not found on this one (another employer's group) is
      // the one the engine read for the whole table, when it read one.
      /** The row's own names the broker typed that the taught document does not print whole. */
      const unprintedNames = new Set(
        learnedRow.cells
          .filter((c) => {
            const column = columnOf(table.label, c.label);
            return !c.where && column !== 'class' && keysOf(table.label).includes(column);
          })
          .map((c) => normalizeText(c.value)),
      );
      for (const c of learnedRow.cells) {
        const column = columnOf(table.label, c.label);
        // The row's title, typed as its name (key) is, is kept with it.
        const title =
          column !== 'class' &&
          LABEL_COLUMNS.has(column) &&
          !c.where &&
          unprintedNames.has(normalizeText(c.value));
        if (cells.has(column) || (!keysOf(table.label).includes(column) && !title)) continue;
        if (column === 'class' && engineClass && (c.where || printedClass))
          cells.set(column, engineClass);
        // A row's own name the taught document printed in pieces ("Premium progressive" over
        // "• Tier 1") is kept as the broker wrote it when the row's values were read.
        else if (!c.where && (!/\d/.test(c.value) || (column !== 'class' && cells.size > 0)))
          cells.set(column, {
            label: c.label,
            value: c.value,
            row: 0,
            col: c.col ?? 0,
            score: Math.round(0.55 * 1000) / 1000,
          });
      }
      for (const u of at) {
        if (u.kind !== 'cell') continue;
        seen.add(`${u.table}:${u.row}`);
        seenTables.add(u.table!);
        if (index === table.prototype) protoTable ??= u.table;
      }
      readByIndex.set(index, cells);
      // Two learned rows found in one printed row (a row the sibling prints once, alike both
      // taught headings): the row whose own keys were read more surely keeps it.
      const key = rowKey(table.label, valuesOf(cells));
      const sure = ownKeys.reduce(
        (n, c) => n + (cells.get(columnOf(table.label, c.label))?.score ?? 0),
        0,
      );
      const twin = readRows.findIndex((r) => rowKey(table.label, valuesOf(r)) === key);
      if (twin >= 0) {
        if (sure > (rowSureness.get(readRows[twin]!) ?? 0)) {
          rowSureness.set(cells, sure);
          readRows[twin] = cells;
        }
        continue;
      }
      rowSureness.set(cells, sure);
      readRows.push(cells);
    }
    // The table is printed as taught when most of the rows the broker kept are found again;
    // otherwise (another edition of the template with this table laid out differently) the
    // generic engine's reading of it is kept as it is.
    const placedRows = table.rows.filter((r) => r.cells.some((c) => c.where)).length;
    if (placedRows >= 3 && readRows.length < MIN_ROWS_FOUND * placedRows) {
      for (const item of generic)
        if (item.type === 'table' && item.label === table.label) out.push(item);
      continue;
    }
    // Rows of the same printed table the taught document did not have, read like the prototype.
    const proto = table.prototype !== undefined ? table.rows[table.prototype] : undefined;
    if (proto) {
      // Each row the broker left out is the first printed row of its name not yet taken, in reading
      // order: a sibling that prints the name on one more row (a copay row named as a frequency row
      // the broker left out) has a row of its own there.
      const left = new Map<string, number>();
      for (const name of table.otherRows ?? []) left.set(name, (left.get(name) ?? 0) + 1);
      const skip = new Set<string>();
      for (const u of units) {
        const id = `${u.table}:${u.row}`;
        const n = left.get(u.rowHead ?? '') ?? 0;
        if (u.kind !== 'cell' || u.header || skip.has(id) || n === 0) continue;
        skip.add(id);
        left.set(u.rowHead!, n - 1);
      }
      // The printed table the prototype's own key was learned in.
      /** Where a learned row's own key was printed on the taught document. */
      const keyWhere = (row: (typeof table.rows)[number]) =>
        row.cells.find(
          (c) =>
            c.where?.kind === 'cell' &&
            c.where.col !== undefined &&
            keysOf(table.label).includes(columnOf(table.label, c.label)) &&
            columnOf(table.label, c.label) !== 'class',
        )?.where;
      const protoWhere = keyWhere(proto);
      // Every learned row of the prototype's grid found on this document can read a new row like
      // it (a service printed with a note the others lack is read by a row learned without one):
      // the prototype first, then the others.
      const protos = [table.prototype!, ...table.rows.keys()].filter(
        (i, n, all) =>
          all.indexOf(i) === n &&
          readByIndex.has(i) &&
          keyWhere(table.rows[i]!)?.table === protoWhere?.table,
      );
      const ownKeys = keysOf(table.label).filter((k) => k !== 'class');
      const candidates = units.filter(
        (u) =>
          u.kind === 'cell' &&
          !u.header &&
          u.table === protoTable &&
          !seen.has(`${u.table}:${u.row}`) &&
          !skip.has(`${u.table}:${u.row}`),
      );
      // The rows the learned ones were read from span the part of the printed table that holds
      // benefits: a row past its end is one only while no heading or row the broker left out
      // (another section of the same grid) lies between.
      const span = new Map<number, [number, number]>();
      for (const id of seen) {
        const [t, r] = id.split(':').map(Number) as [number, number];
        const s = span.get(t);
        span.set(t, s ? [Math.min(s[0], r), Math.max(s[1], r)] : [r, r]);
      }
      const fences = units.filter(
        (u) =>
          u.kind === 'cell' && span.has(u.table!) && (u.header || skip.has(`${u.table}:${u.row}`)),
      );
      const inRegion = (t: number, r: number) => {
        const [lo, hi] = span.get(t)!;
        if (r >= lo && r <= hi) return true;
        const [a, b] = r > hi ? [hi, r] : [r, lo];
        return !fences.some((u) => u.table === t && u.row! > a && u.row! < b);
      };
      const printedRows = [...new Set(candidates.map((u) => `${u.table}:${u.row}`))].filter(
        (id) => {
          const [t, r] = id.split(':').map(Number) as [number, number];
          return inRegion(t, r);
        },
      );
      for (const id of printedRows) {
        const inRow = candidates.filter((u) => `${u.table}:${u.row}` === id);
        for (const p of protos) {
          const like = table.rows[p]!;
          const own = keyWhere(like);
          const cells = new Map<string, ParsedCell>();
          const copied = new Set<string>();
          for (const c of like.cells) {
            const column = columnOf(table.label, c.label);
            if (!c.where) {
              if (keysOf(table.label).includes(column) && !/\d/.test(c.value))
                cells.set(column, {
                  label: c.label,
                  value: c.value,
                  row: 0,
                  col: c.col ?? 0,
                  score: 0.55,
                });
              continue;
            }
            // A value printed once for the whole grid (a deductible above it, a maximum in another
            // table): the new row has what the prototype row read there.
            if (
              c.where.kind !== 'cell' ||
              c.where.table !== own?.table ||
              c.where.rowHead !== own?.rowHead
            ) {
              const same = readByIndex.get(p)?.get(column);
              if (same) {
                const copy = { ...same };
                const from = cellUnit.get(same);
                if (from) cellUnit.set(copy, from);
                cells.set(column, copy);
                copied.add(column);
              }
              continue;
            }
            // A value learned under the row's own name but in another block of the grid that names
            // the services again in the same column (an out-of-network block under the copays): it
            // is not printed in this row, and the new row has none of it.
            const where = c.where;
            if (
              own &&
              like.cells.some(
                (o) =>
                  o !== c &&
                  o.where?.kind === 'cell' &&
                  o.where.col === where.col &&
                  o.where.rowHead === where.rowHead &&
                  Math.abs(o.where.at - own.at) < Math.abs(where.at - own.at),
              )
            )
              continue;
            const unit = inRow.find((u) => u.col === c.where!.col);
            const isName = keysOf(table.label).includes(column) || LABEL_COLUMNS.has(column);
            const read = unit && readAt(unit, c.where, match, isName);
            if (read) {
              if (unit.scanned) read.value = mendScanned(read.value, c.value);
              read.value = withTaughtStop(read.value, c.value);
              // an amount another row printed alone says little of this row's words ('$300
              // allowance'): the cut is a guess the engine's whole reading of the cell overrules
              const whole = read.value;
              read.value = amountAlone(read.value, c);
              // (a name ends as other rows' names do: '… lenses', '… instead of eyeglasses')
              if (c.where.atEnd && !c.where.suffix.trim() && !isName)
                read.value = withoutRepeatedTail(prepared, unit, read.value, c.value);
              const cell: ParsedCell = { label: c.label, row: 0, col: c.col ?? 0, ...read };
              if (read.value !== whole) loose.add(cell);
              cellUnit.set(cell, unit);
              taughtValue.set(cell, c.value);
              cells.set(column, cell);
            }
          }
          // …and at least one value printed in the row itself (how often is no value of a row:
          // a frequency line the taught document did not print is none).
          const others = [...cells.keys()].filter(
            (k) =>
              !keysOf(table.label).includes(k) &&
              !LABEL_COLUMNS.has(k) &&
              !copied.has(k) &&
              valueFitsSlot(k, cells.get(k)!.value) &&
              !isFrequencyValue(cells.get(k)!.value),
          );
          if (ownKeys.every((k) => names(cells.get(k)?.value)) && others.length) {
            // A row the broker removed from the engine's reading of the taught document (notes,
            // a section read as a service) is not one here either.
            if (removedName(table.droppedRows ?? [], rowKey(table.label, valuesOf(cells)))) break;
            values += cells.size;
            rowLearned.set(cells, like.cells);
            newRows.add(cells);
            readRows.push(cells);
            break;
          }
        }
      }
    }
    const kinds = columnKinds(table);
    const engineColumns = columnsBetterRead(readRows, engineRows, table.label, taughtValue);
    const readKeys = new Set(readRows.map((r) => rowKey(table.label, valuesOf(r))));
    /** The rows' own names ("Class III – Major"), read by either reading. */
    const rowNames = [...readRows, ...engineRows]
      .map((r) => ownName(rowKey(table.label, valuesOf(r))))
      .filter((n) => n.length > 0);
    for (const cells of readRows) {
      const key = rowKey(table.label, valuesOf(cells));
      let partner = engineRows.findIndex(
        (r, i) => !used.has(i) && rowKey(table.label, valuesOf(r)) === key,
      );
      // A new row named by its description: the engine read that description as a row's list
      // under a name printed above it (a section's heading), and the engine's names win.
      if (partner < 0 && newRows.has(cells)) {
        partner = describedBy(cells, engineRows, table.label, (r, i) => {
          return !used.has(i) && !readKeys.has(rowKey(table.label, valuesOf(r)));
        });
        if (partner >= 0) {
          for (const column of LABEL_COLUMNS)
            if (column !== 'class' && column !== 'serviceTypeList') cells.delete(column);
          for (const [column, cell] of engineRows[partner]!)
            if (LABEL_COLUMNS.has(column) && column !== 'class') cells.set(column, cell);
        }
      }
      if (partner >= 0) {
        used.add(partner);
        /** Columns whose own printed value won over a value the template read for the whole grid. */
        const ownPlaced: string[] = [];
        for (const [column, cell] of engineRows[partner]!) {
          const mine = cells.get(column);
          if (mine && ownPlaceWins(mine, cell, column, readRows, engineRows))
            ownPlaced.push(column);
          // A value read with shortened context gives way to the engine's longer reading of it.
          const longer =
            mine &&
            loose.has(mine) &&
            normalizeText(cell.value).length > normalizeText(mine.value).length &&
            normalizeText(cell.value).includes(normalizeText(mine.value));
          if (
            (!mine ||
              longer ||
              overran(mine.value, cell.value, taughtValue.get(mine)) ||
              ranIntoRow(mine.value, cell.value, rowNames) ||
              betterFormed(mine.value, cell.value, taughtValue.get(mine), kinds.get(column)) ||
              strayName(mine.value, cell.value, taughtValue.get(mine)) ||
              engineColumns.has(column) ||
              ownPlaced.includes(column)) &&
            !table.emptyColumns.includes(column) &&
            !rowRemoved.get(cells)?.includes(column)
          )
            cells.set(column, cell);
        }
        // The row is printed in its own columns on this document: the other values the template
        // read for the whole grid (the plan's maximum) are not the row's unless the engine read them.
        if (ownPlaced.length)
          for (const [column, mine] of [...cells])
            if (
              !engineRows[partner]!.has(column) &&
              !keysOf(table.label).includes(column) &&
              !LABEL_COLUMNS.has(column) &&
              sharedPlace(mine, column, readRows)
            )
              cells.delete(column);
      }
      const learnedRow = rowLearned.get(cells);
      if (learnedRow) {
        splitJoined(cells, learnedRow, table.label, (c) => !!cellUnit.get(c)?.scanned);
        bothNetworks(cells, learnedRow, table.label, cellUnit);
      }
      rows.push(cells);
    }
    const removedRows = new Set(table.removedRows);
    // When the template read this table, its rows are the table's rows (new rows of a printed
    // table come from the prototype); the engine's other rows are kept only when it read none,
    // or when they are rows the broker kept that the template did not find again here (printed
    // with other words around them: 'Orthodontic Services (Adult and Child)' where 'Orthodontic
    // Services' was taught).
    const templateRead = readRows.length > 0 && table.prototype !== undefined;
    const unfound = new Set(
      table.rows
        .filter((_, index) => !readByIndex.has(index))
        .map((r) => ownName(rowKey(table.label, learnedValues(table.label, r.cells))))
        .filter((n) => n.length > 0),
    );
    engineRows.forEach((r, i) => {
      const key = rowKey(table.label, valuesOf(r));
      if (used.has(i) || removedRows.has(key)) return;
      if (templateRead && !unfound.has(ownName(key))) return;
      rows.push(r);
    });
    const cells: ParsedCell[] = [];
    rows.forEach((r, row) => {
      for (const cell of r.values()) cells.push({ ...cell, row });
    });
    if (cells.length) out.push({ type: 'table', label: table.label, cells });
  }
  return {
    // what the template read passes the same domain checks as the engine's reading (a frequency
    // read where a layout printed a cost is no cost)
    data: rejectUnfitValues(out),
    match: { name: template.name, similarity: Math.round(match * 1000) / 1000, values },
  };
}

const keysOf = (table: string) => TABLE_KEYS[table] ?? ['class'];

/** The row's own names (its key without the class), words only. */
const ownName = (key: string) => normalizeText(key.split(' | ').slice(1).join(' '));

/**
 * The engine's row (index) whose description (a naming column other than its key: the service's
 * list) is the name `cells` was read with, or whose own name of two words or more opens it (the
 * new row's cell ran the service's name into the note printed under it: "Formulary contact
 * lenses The fitting/evaluation fees … are covered"); -1 when none, or more than one, is.
 */
export function describedBy(
  cells: ReadonlyMap<string, ParsedCell>,
  engineRows: ReadonlyArray<ReadonlyMap<string, ParsedCell>>,
  table: string,
  free: (row: ReadonlyMap<string, ParsedCell>, index: number) => boolean,
): number {
  const own = keysOf(table).find((k) => k !== 'class');
  const name = own ? normalizeText(cells.get(own)?.value ?? '') : '';
  if (!own || !/\p{L}{3}/u.test(name)) return -1;
  const opens = (engineName: string) =>
    /\p{L}+\S*\s+\p{L}/u.test(engineName) && name.startsWith(`${engineName} `);
  const found = engineRows.flatMap((r, i) => {
    const engineName = normalizeText(r.get(own)?.value ?? '');
    return free(r, i) &&
      engineName !== name &&
      (opens(engineName) ||
        [...r].some(
          ([column, c]) =>
            LABEL_COLUMNS.has(column) &&
            column !== own &&
            column !== 'class' &&
            normalizeText(c.value) === name,
        ))
      ? [i]
      : [];
  });
  return found.length === 1 ? found[0]! : -1;
}

/** A row key named like one of the rows the broker removed (the class aside). */
export function removedName(removed: readonly string[], key: string): boolean {
  const name = ownName(key);
  return !!name && removed.some((r) => alike(ownName(r), name) >= REMOVED_ALIKE);
}

/**
 * Values of one row learned from cells of their own (the in- and out-of-network columns), read
 * here (by the template or the engine) as the text of one cell that holds them all (the reader
 * merged the columns: "90% 80%"): when it is exactly one value shaped like each taught one, in a
 * row, each value takes its own, left to right in the taught columns' order.
 */
export function splitJoined(
  cells: Map<string, ParsedCell>,
  row: readonly LearnedValue[],
  table: string,
  /** The cell was read from a scan (its words may be misread). */
  scanned?: (cell: ParsedCell) => boolean,
): void {
  const whole = (w: Where | undefined): w is Where =>
    w !== undefined && w.kind === 'cell' && !w.x && !w.prefix.trim() && !w.suffix.trim();
  // Values, not the row's names (its label is printed in a column of its own).
  const values = row.filter((c) => {
    const column = columnOf(table, c.label);
    return !LABEL_COLUMNS.has(column) && !keysOf(table).includes(column);
  });
  for (const learned of values) {
    const w = learned.where;
    const cell = cells.get(columnOf(table, learned.label));
    if (!whole(w) || !cell) continue;
    const peers = values
      .filter((c) => whole(c.where) && c.where.table === w.table && c.where.rowHead === w.rowHead)
      .sort((a, b) => (a.where!.col ?? 0) - (b.where!.col ?? 0));
    const cols = peers.map((c) => c.where!.col);
    if (peers.length < 2 || new Set(cols).size !== cols.length) continue;
    const source = peers.map((c) => `(${loosePattern(c.value.trim(), 'any')})`).join('\\s+');
    const m = new RegExp(`^${source}$`, 'iu').exec(cell.value.normalize('NFKC').trim());
    const part = m
      ? m[peers.indexOf(learned) + 1]
      : scanned?.(cell)
        ? scannedPart(
            cell.value,
            peers.map((c) => c.value),
            peers.indexOf(learned),
          )
        : undefined;
    if (part !== undefined) cells.set(columnOf(table, learned.label), { ...cell, value: part });
  }
}

/**
 * The `index`th of the taught values `taught` in a scan's text that holds them all one after
 * another, word for word: each word the taught one, a misread of it, or an amount in its place
 * (digits aside, the same); mended (mendScanned). Undefined when the words do not line up.
 */
export function scannedPart(
  text: string,
  taught: readonly string[],
  index: number,
): string | undefined {
  const read = text.normalize('NFKC').trim().split(/\s+/);
  const words = taught.map((t) => t.trim().split(/\s+/));
  if (read.length !== words.reduce((n, w) => n + w.length, 0)) return undefined;
  const digitless = (w: string) => normalizeText(w).replace(/\d+/g, '#');
  let at = 0;
  const parts: string[] = [];
  for (const w of words) {
    const mine = read.slice(at, at + w.length);
    at += w.length;
    const lined = mine.every(
      (r, i) =>
        digitless(r) === digitless(w[i]!) ||
        misread(r, w[i]!) ||
        (/^\d[\d,.]*$/.test(r) && /^[$€£]\d/u.test(w[i]!)),
    );
    if (!lined) return undefined;
    parts.push(mendScanned(mine.join(' '), w.join(' ')));
  }
  return parts[index];
}

/**
 * Both networks' values of a row read from one printed cell. Of a table headed as one network's
 * only ("Member responsibility (in-network only)": a sibling that prints no out-of-network column),
 * the cell is that network's value; the other network's is not printed here. Where the taught
 * document printed the two networks' values in two places (an out-of-network schedule on a page of
 * its own, or a section of its own further down the same table) and this one prints one, the cell
 * is the network whose taught place it matched better (in-network when alike). (A cell printed
 * once for both networks in one place stays both's.)
 */
export function oneNetworkPerCell(
  cells: Map<string, ParsedCell>,
  units: WeakMap<ParsedCell, Unit>,
  learned: readonly LearnedValue[] = [],
): void {
  for (const [column, cell] of cells) {
    const outColumn = outOfNetworkColumn(column);
    if (!outColumn) continue;
    const other = cells.get(outColumn);
    const unit = units.get(cell);
    if (!other || !unit || unit.kind !== 'cell' || units.get(other) !== unit) continue;
    const heads = normalizeText(`${unit.colHead ?? ''} ${unit.tableHead ?? ''}`);
    const only = ONE_NETWORK_ONLY.exec(heads)?.[1];
    if (only !== undefined) {
      cells.delete(/^in/.test(only) ? outColumn : column);
      continue;
    }
    const inWhere = learned.find((c) => c.label === cell.label)?.where;
    const outWhere = learned.find((c) => c.label === other.label)?.where;
    if (!taughtApart(inWhere, outWhere)) continue;
    cells.delete((other.score ?? 0) > (cell.score ?? 0) ? column : outColumn);
  }
}

/**
 * A value the taught document printed in a table of its own, away from its row's name (an
 * out-of-network schedule on a later page), read here from the row's own printed table: this
 * document prints no such table, and what was read is another column's value (the in-network
 * amount, a frequency). It is dropped; the engine's reading of the row stands.
 */
export function outsideItsTable(
  cells: Map<string, ParsedCell>,
  units: WeakMap<ParsedCell, Unit>,
  learned: readonly LearnedValue[],
  table: string,
): void {
  const keys = keysOf(table).filter((k) => k !== 'class');
  const key = learned.find((c) => keys.includes(columnOf(table, c.label)) && c.where);
  const keyCell = key && cells.get(columnOf(table, key.label));
  const taughtKeyTable = taughtTable(key?.where);
  const keyTable = taughtTable(keyCell && units.get(keyCell));
  if (!taughtKeyTable || !keyTable) return;
  for (const c of learned) {
    const column = columnOf(table, c.label);
    if (keys.includes(column) || LABEL_COLUMNS.has(column)) continue;
    const taught = taughtTable(c.where);
    const cell = cells.get(column);
    if (!taught || taught === taughtKeyTable || !cell) continue;
    if (taughtTable(units.get(cell)) === keyTable) cells.delete(column);
  }
}

/** The printed table (page and table) a cell was taught in or read from; none for a line. */
const taughtTable = (at: Pick<Unit, 'kind' | 'page' | 'table'> | Where | undefined) =>
  at?.kind === 'cell' && at.table !== undefined ? `${at.page}:${at.table}` : undefined;

/**
 * Two values taught in different places: other printed tables, or other rows of one table where
 * the template kept the rows (templates learned before it kept them compare tables only).
 * False when either was not taught in a table cell.
 */
const taughtApart = (a: Where | undefined, b: Where | undefined) => {
  const [ta, tb] = [taughtTable(a), taughtTable(b)];
  if (!ta || !tb) return false;
  return ta !== tb || (a!.row !== undefined && b!.row !== undefined && a!.row !== b!.row);
};

/** The out-of-network column paired with an in-network one (dental '…InNetwork', vision cost). */
const outOfNetworkColumn = (column: string) =>
  column.endsWith('InNetwork')
    ? column.replace(/InNetwork$/, 'OutOfNetwork')
    : column === 'inNetworkCost'
      ? 'outOfNetworkReimbursement'
      : undefined;

/** A heading saying its values are one network's only ("(in-network only)", "non-network only"). */
const ONE_NETWORK_ONLY = /\b(in|out[\s-]*of|non)[\s-]*network\s*only\b/;

const NETWORK = /network/i;

/**
 * A taught layout that printed each network's value under its own network's heading, and a
 * sibling that prints one value column headed without any network ("Plan pays": an indemnity
 * plan): that value is both networks' (the out-of-network one read elsewhere, under a heading
 * naming no network either, is not one).
 */
export function bothNetworks(
  cells: Map<string, ParsedCell>,
  row: readonly LearnedValue[],
  table: string,
  units: WeakMap<ParsedCell, Unit>,
): void {
  for (const learnedIn of row) {
    const column = columnOf(table, learnedIn.label);
    if (!column.endsWith('InNetwork')) continue;
    const outColumn = column.replace(/InNetwork$/, 'OutOfNetwork');
    const learnedOut = row.find((c) => columnOf(table, c.label) === outColumn);
    const inCell = cells.get(column);
    const inUnit = inCell && units.get(inCell);
    if (!learnedOut?.where || !inUnit || inUnit.kind !== 'cell') continue;
    const heads = (w: Where | undefined) => `${w?.colHead ?? ''} ${w?.tableHead ?? ''}`;
    if (learnedIn.where?.kind !== 'cell' || learnedOut.where.kind !== 'cell') continue;
    if (learnedIn.where.col === learnedOut.where.col) continue;
    if (!NETWORK.test(heads(learnedIn.where)) || !NETWORK.test(heads(learnedOut.where))) continue;
    if (NETWORK.test(inUnit.colHead ?? '') || NETWORK.test(inUnit.tableHead ?? '')) continue;
    const outCell = cells.get(outColumn);
    const outUnit = outCell && units.get(outCell);
    if (outCell && (!outUnit || NETWORK.test(outUnit.colHead ?? ''))) continue;
    cells.set(outColumn, { ...inCell, label: learnedOut.label, col: learnedOut.col ?? inCell.col });
  }
}

/** A row's own key read in a printed row the taught document did not have names it (words, not an amount). */
const names = (value: string | undefined) =>
  value !== undefined && /\p{L}{3}/u.test(value.replace(/\b(?:per|of|up|to|and|or)\b/giu, ''));

const wordCount = (text: string) => (normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? []).length;

/**
 * The template's reading ran over into text printed next to the value on this document (a note
 * the reader put in the same cell, the next column's value, a stray word): the engine read the
 * same cell as a part of it, nearer the taught value's length.
 */
export function overran(mine: string, engine: string, taught: string | undefined): boolean {
  if (taught === undefined) return false;
  const m = normalizeText(mine);
  const e = normalizeText(engine);
  if (!e || m === e || !m.includes(e)) return false;
  const t = wordCount(taught);
  return Math.abs(wordCount(engine) - t) < Math.abs(wordCount(mine) - t);
}

const placeOf = (cell: ParsedCell) =>
  cell.source?.box ? `${cell.source.page}:${cell.source.box.map(Math.round).join(',')}` : undefined;

/**
 * The template read this row's value at a place that gives the same column to other rows too (a
 * deductible printed once for the whole grid on the taught document, orthodontia included),
 * while the engine read the row's value at a place of its own (this edition prints orthodontia
 * in its own columns): the value printed for the row itself wins.
 */
export function ownPlaceWins(
  mine: ParsedCell,
  engine: ParsedCell,
  column: string,
  rows: ReadonlyArray<ReadonlyMap<string, ParsedCell>>,
  engineRows: ReadonlyArray<ReadonlyMap<string, ParsedCell>>,
): boolean {
  const own = placeOf(engine);
  if (!own || own === placeOf(mine) || normalizeText(mine.value) === normalizeText(engine.value))
    return false;
  // the engine's place is the row's own: no other row of its reading has its value there
  return sharingPlace(own, column, engineRows) === 1 && sharedPlace(mine, column, rows);
}

const sharingPlace = (
  at: string,
  column: string,
  rows: ReadonlyArray<ReadonlyMap<string, ParsedCell>>,
) => rows.filter((r) => r.get(column) && placeOf(r.get(column)!) === at).length;

/** The template read `mine` at a place that gives `column` to other rows too. */
function sharedPlace(
  mine: ParsedCell,
  column: string,
  rows: ReadonlyArray<ReadonlyMap<string, ParsedCell>>,
): boolean {
  const at = placeOf(mine);
  return at !== undefined && sharingPlace(at, column, rows) >= 2;
}

/**
 * The template's reading is the engine's and then another row's name ("…, General Anesthesia,
 * Class III – Major": the list ran on into the next row's heading): the engine's ends where the
 * row does.
 */
export function ranIntoRow(mine: string, engine: string, rowNames: readonly string[]): boolean {
  const m = normalizeText(mine);
  const e = normalizeText(engine);
  if (!e || m === e || !m.startsWith(e)) return false;
  const tail = m
    .slice(e.length)
    .replace(/^[\s,;:–—-]+/u, '')
    .trim();
  // the tail is a row's name, or starts with one ("Class III – Major" after the row "Class III")
  return rowNames.some(
    (name) => tail.startsWith(name) && !/[\p{L}\p{N}]/u.test(tail.charAt(name.length)),
  );
}

/** A value's form: digits counted, not read ("$150" and "$130" alike, "$1501" not). */
const formOf = (text: string) => normalizeText(text).replace(/\d/g, '9');
/** A value's kind: an amount, a share, both or neither ("Every 24 months" and "Every year" alike). */
const kindOf = (text: string) => `${text.includes('$')}${text.includes('%')}`;

/**
 * The engine read the cell in the form the broker saved at that place on the taught document
 * ("80% of amount over $150" where "80% of amount over $130" was taught) and the template read it
 * and more ("80% of amount over $1501": a footnote mark run into the amount) or a part of it ("Net"
 * where the engine read "Health Net" and "Health Net" was taught); or the engine read a
 * value of the taught kind (a frequency where a frequency was taught) and the template one of a
 * kind the column was never taught (a cost): the engine's reading is the better supported.
 */
export function betterFormed(
  mine: string,
  engine: string,
  taught: string | undefined,
  /** The kinds of every value taught in the column (a kind the column never had is suspect). */
  kinds: ReadonlySet<string> = new Set(taught === undefined ? [] : [kindOf(taught)]),
): boolean {
  if (taught === undefined || normalizeText(mine) === normalizeText(engine)) return false;
  const form = formOf(taught);
  // The template's reading holds the engine's and more (ran over into a mark or a word), or is
  // a part of it (stopped short of the taught value's words).
  const m = normalizeText(mine);
  const e = normalizeText(engine);
  if (formOf(engine) === form && formOf(mine) !== form && (m.includes(e) || e.includes(m)))
    return true;
  return kindOf(engine) === kindOf(taught) && !kinds.has(kindOf(mine));
}

/** The words of a name, three letters or more, lower case. */
const nameWords = (text: string) => new Set(normalizeText(text).match(/\p{L}{3,}/gu) ?? []);

/**
 * A name (no figure in it) the template read at the taught place shares no word with the name the
 * broker saved there, while the engine's reading of it does ('CALIFORNIA' read where 'Humana
 * Dental Traditional Preferred' was taught, the engine reading 'Humana Dental PPO'): the template
 * read another line of a title block laid out otherwise, and the engine's reading is the name.
 */
export function strayName(mine: string, engine: string, taught: string | undefined): boolean {
  if (taught === undefined || /\d/.test(taught) || /\d/.test(mine)) return false;
  const words = nameWords(taught);
  const shares = (text: string) => [...nameWords(text)].some((w) => words.has(w));
  return !shares(mine) && shares(engine);
}

/** Rows of a column where the two readings differ before the engine's can win the column. */
const COLUMN_ROWS = 3;
/** …and the share of them where the engine's is in the taught form and the template's is not. */
const COLUMN_SHARE = 0.8;

/**
 * The columns of a table the engine read better than the template throughout: where the two
 * readings of a row differ (in COLUMN_ROWS rows or more), the engine's value has the form the
 * broker saved at that place on the taught document and the template's has not, in COLUMN_SHARE
 * of them (the template reading another column of a sibling laid out differently: the orthodontic
 * plan's "$0" deductible for the "$50" taught). One value of another form is a sibling's own
 * value; a whole column of them is the template's misreading.
 */
export function columnsBetterRead(
  readRows: ReadonlyArray<Map<string, ParsedCell>>,
  engineRows: ReadonlyArray<Map<string, ParsedCell>>,
  table: string,
  taughtValue: WeakMap<ParsedCell, string>,
): Set<string> {
  const used = new Set<number>();
  const differ = new Map<string, number>();
  const better = new Map<string, number>();
  for (const cells of readRows) {
    const key = rowKey(table, valuesOf(cells));
    const partner = engineRows.findIndex(
      (r, i) => !used.has(i) && rowKey(table, valuesOf(r)) === key,
    );
    if (partner < 0) continue;
    used.add(partner);
    for (const [column, cell] of engineRows[partner]!) {
      const mine = cells.get(column);
      const taught = mine && taughtValue.get(mine);
      if (!mine || taught === undefined) continue;
      if (normalizeText(mine.value) === normalizeText(cell.value)) continue;
      differ.set(column, (differ.get(column) ?? 0) + 1);
      const form = formOf(taught);
      if (formOf(cell.value) === form && formOf(mine.value) !== form)
        better.set(column, (better.get(column) ?? 0) + 1);
    }
  }
  return new Set(
    [...differ]
      .filter(([column, n]) => n >= COLUMN_ROWS && (better.get(column) ?? 0) >= COLUMN_SHARE * n)
      .map(([column]) => column),
  );
}

/** The kinds of the values taught in each column of a learned table. */
function columnKinds(table: LayoutTemplate['tables'][number]): Map<string, Set<string>> {
  const kinds = new Map<string, Set<string>>();
  for (const r of table.rows)
    for (const c of r.cells) {
      const column = columnOf(table.label, c.label);
      kinds.set(column, (kinds.get(column) ?? new Set()).add(kindOf(c.value)));
    }
  return kinds;
}

/** A learned row's values by column. */
function learnedValues(table: string, cells: readonly LearnedValue[]): Record<string, string> {
  return Object.fromEntries(cells.map((c) => [columnOf(table, c.label), c.value]));
}

function valuesOf(cells: ReadonlyMap<string, ParsedCell>): Record<string, string> {
  return Object.fromEntries([...cells].map(([k, c]) => [k, c.value]));
}

function rowsOf(data: ParsedData, label: string): Array<Map<string, ParsedCell>> {
  const rows: Array<Map<string, ParsedCell>> = [];
  for (const item of data) {
    if (item.type !== 'table' || item.label !== label) continue;
    const byRow = new Map<number, Map<string, ParsedCell>>();
    for (const c of item.cells) {
      const r = byRow.get(c.row) ?? new Map<string, ParsedCell>();
      r.set(columnOf(label, c.label), c);
      byRow.set(c.row, r);
    }
    rows.push(...byRow.values());
  }
  return rows;
}
