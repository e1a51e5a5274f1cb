import { z } from 'zod';
import { escapeRegExp } from '../../../shared/format/regexp.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { LABEL_COLUMNS } from '../interpret/constraints.ts';
import type { DocumentLayout } from '../layout.ts';
import {
  type Group,
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
 * A learned layout template (issue 12, "the engine learns the layout"): from one document's
 * layout and the values a broker saved for it, where each value is printed — the unit (a line or
 * a table cell), the words just before and after it with amounts masked, the row and column
 * headings of its cell, the lines around it — and a fingerprint of the stable text of the page,
 * so that another document printed on the same template (other employer, other amounts) is
 * recognised and its values read from the same places. Pure: no I/O.
 */

export const whereSchema = z.object({
  kind: z.enum(['line', 'cell', 'furniture']),
  page: z.number().int().min(1),
  /** Position of the unit in reading order, 0..1. */
  at: z.number().min(0).max(1),
  prev: z.string(),
  next: z.string(),
  table: z.number().int().min(0).optional(),
  /** The cell's row in its table (templates learned before it was kept have none). */
  row: z.number().int().min(0).optional(),
  col: z.number().int().min(0).optional(),
  rowHead: z.string().optional(),
  /** The first line of the row's label, when it has more (templates learned before lack it). */
  rowName: z.string().optional(),
  colHead: z.string().optional(),
  tableHead: z.string().optional(),
  /** colHead is a printed column heading (the table has heading rows). */
  headed: z.boolean().optional(),
  /** Up to four words before and after the value inside its unit (digits masked). */
  prefix: z.string(),
  suffix: z.string(),
  /** The prefix starts the unit / the suffix ends it. */
  atStart: z.boolean(),
  atEnd: z.boolean(),
  /** How many adjacent units the value is wrapped over (default 1). */
  span: z.number().int().min(1).max(3).optional(),
  /**
   * The value's words are one of several side-by-side groups of its unit: that group's left and
   * right edge (share of the page width); prefix and suffix are then within the group.
   */
  x: z.tuple([z.number().min(0).max(2), z.number().min(0).max(2)]).optional(),
  /** The unit's left and right edge (share of the page width). */
  ux: z.tuple([z.number().min(-1).max(2), z.number().min(-1).max(2)]).optional(),
  /** A list printed one item per row down a column, joined with ", ": how many items. */
  list: z.number().int().min(2).max(60).optional(),
  /** A wrapped cell value: the row heading of the last row it is wrapped onto. */
  below: z.string().max(200).optional(),
});
export type Where = z.infer<typeof whereSchema>;

export const learnedValueSchema = z.object({
  label: z.string().min(1).max(200),
  col: z.number().int().min(0).optional(),
  /** The value as the broker saved it on the taught document. */
  value: z.string().max(2000),
  /** Where it is printed; absent for a value the document does not print (kept as said). */
  where: whereSchema.optional(),
});
export type LearnedValue = z.infer<typeof learnedValueSchema>;

const counts = z.record(z.string().max(500), z.number().int().min(1));

/** One page's printed lines (amounts masked) and words, outside running headers and footers. */
const pagePrint = z.object({
  page: z.number().int().min(1),
  shapes: counts,
  tokens: counts,
  /** On a template: the row headings of the table cells taught on this page. */
  rows: z.array(z.string().max(200)).max(500).optional(),
});

export const layoutTemplateSchema = z.object({
  version: z.literal(1),
  documentType: z.enum(['carrierProposal', 'policyCertificate']),
  format: z.enum(['pdf', 'docx', 'image']),
  /** Carrier name and first heading, for people. */
  name: z.string().max(300),
  fingerprint: z.object({
    shapes: counts,
    tokens: counts,
    /**
     * Page by page: on a document, every page; on a template, the pages that hold a learned
     * value (a sibling that shares only one of them, or prints only that page, still matches).
     */
    pages: z.array(pagePrint).max(200).optional(),
  }),
  fields: z.array(learnedValueSchema).max(2000),
  tables: z
    .array(
      z.object({
        label: z.string().min(1).max(200),
        rows: z
          .array(
            z.object({
              cells: z.array(learnedValueSchema).max(200),
              /**
               * Columns the engine read in this row on the taught document and the broker emptied,
               * or replaced with a value the document does not print.
               */
              removed: z.array(z.string().max(200)).max(100).optional(),
            }),
          )
          .max(500),
        /** Row keys the engine read on the taught document and the broker removed. */
        removedRows: z.array(z.string().max(1000)).max(500),
        /**
         * Of removedRows, those the broker did not rename: no row the broker kept is printed where
         * the engine read the removed row's name (a section or a note read as a row).
         */
        droppedRows: z.array(z.string().max(1000)).max(500).optional(),
        /** Columns the broker left empty in every row. */
        emptyColumns: z.array(z.string().max(200)).max(100),
        /**
         * A row whose values all sit in one row of a printed table: other rows of that table
         * (a service the taught document did not print) are read the same way.
         */
        prototype: z.number().int().min(0).optional(),
        /**
         * Row headings of that printed table the broker did not keep as rows (not values), one per
         * printed row.
         */
        otherRows: z.array(z.string().max(200)).max(500).optional(),
      }),
    )
    .max(50),
  /** Fields the engine read on the taught document and the broker removed. */
  removedFields: z.array(z.string().max(200)).max(500),
  /**
   * Headings shared by many cells, said once (packTemplate): each printed table's heading by its
   * index, each column's by "table:col"; a cell's where without its own tableHead or colHead has
   * these.
   */
  heads: z
    .object({
      tables: z.record(z.string().max(12), z.string().max(300)),
      columns: z.record(z.string().max(24), z.string().max(200)),
    })
    .optional(),
});
export type LayoutTemplate = z.infer<typeof layoutTemplateSchema>;

/** Key columns of each table (rows are the same row when their keys are; as the scorer aligns them). */
export const TABLE_KEYS: Record<string, string[]> = {
  dentalInsurance_planInformation: ['class'],
  dentalInsurance_rateTiers: ['class', 'rateTier'],
  dentalInsurance_coveredServices: ['class', 'serviceTypeLabel'],
  visionInsurance_planInformation: ['class'],
  visionInsurance_benefitSummary: ['class', 'servicesAndMaterials'],
  visionInsurance_benefitFrequency: ['class'],
  visionInsurance_rateTiers: ['class', 'rateTier'],
};

export const columnOf = (table: string, cellLabel: string) =>
  cellLabel.startsWith(`${table}_`) ? cellLabel.slice(table.length + 1) : cellLabel;

export function rowKey(table: string, cells: Record<string, string | undefined>): string {
  return (TABLE_KEYS[table] ?? ['class']).map((k) => normalizeText(cells[k] ?? '')).join(' | ');
}

// ------------------------------------------------------------------------------ fingerprint

const meaningful = (shape: string) => /\p{L}{3}/u.test(shape);

function printOf(units: readonly Unit[]): { shapes: Counts; tokens: Counts } {
  const shapes: Counts = {};
  const tokens: Counts = {};
  for (const u of units) {
    const s = shapeOf(u.text).slice(0, 200);
    if (meaningful(s)) shapes[s] = (shapes[s] ?? 0) + 1;
    for (const t of normalizeText(u.text).match(/\p{L}{3,}/gu) ?? [])
      tokens[t] = (tokens[t] ?? 0) + 1;
  }
  return { shapes, tokens };
}

type Counts = Record<string, number>;

/**
 * A layout's fingerprint: its printed lines and words, and the same page by page (`pages`: the
 * pages to print, every page when not given).
 */
export function fingerprintOf(
  units: Unit[],
  pages?: ReadonlySet<number>,
): LayoutTemplate['fingerprint'] {
  const printed = [...new Set(units.map((u) => u.page))].filter((p) => !pages || pages.has(p));
  return {
    ...printOf(units),
    pages: printed.map((page) => ({
      page,
      ...printOf(units.filter((u) => u.page === page && u.kind !== 'furniture')),
    })),
  };
}

function dice(a: Counts, b: Counts): number {
  let both = 0;
  let total = 0;
  for (const [k, n] of Object.entries(a)) {
    both += Math.min(n, b[k] ?? 0);
    total += n;
  }
  for (const n of Object.values(b)) total += n;
  return total ? (2 * both) / total : 0;
}

/**
 * How alike two layouts are, 0..1: the mean of the Dice overlap of their printed lines with
 * digits masked (the template's wording and order of labels) and of their words.
 */
export function similarity(
  a: Pick<LayoutTemplate['fingerprint'], 'shapes' | 'tokens'>,
  b: Pick<LayoutTemplate['fingerprint'], 'shapes' | 'tokens'>,
): number {
  return (dice(a.shapes, b.shapes) + dice(a.tokens, b.tokens)) / 2;
}

/** The similarity at which a layout is taken for a template (apply.ts MATCH_THRESHOLD). */
const MATCH_AT = 0.7;
/** Share of one document's printed lines (amounts masked) the other holds to match. */
const CONTAINED = 0.45;
/** …and at least this many lines, and this much overall likeness. */
const MIN_SHARED_LINES = 12;
const MIN_OVERALL = 0.45;
/**
 * A page of the template that holds learned values matches a page of the document at this
 * similarity, with at least MIN_PAGE_LINES printed lines in common and each page holding
 * PAGE_WORDS of the other's words. Measured on the real summaries (scripts/fixtures/teach-pairs.ts):
 * a sibling printing the taught page again among pages of its own, 0.52 similarity with 0.84 of
 * the words both ways; pages of another layout of the same carrier (two forms of one carrier's dental
 * or vision summary) up to 0.55 similarity but at most 0.67 of the words both ways; of another
 * carrier at most 0.46 and 0.64.
 */
const PAGE_AT = 0.5;
const MIN_PAGE_LINES = 10;
const PAGE_WORDS = 0.75;

function shared(a: Counts, b: Counts): number {
  let n = 0;
  for (const [k, m] of Object.entries(a)) n += Math.min(m, b[k] ?? 0);
  return n;
}
const total = (c: Counts) => Object.values(c).reduce((a, b) => a + b, 0);

/**
 * How alike a document is to a template page by page: the best similarity of a template page
 * holding learned values to a page of the document that shares MIN_PAGE_LINES of its lines and
 * PAGE_WORDS of its words both ways (0 when none does).
 */
export function pageLikeness(
  print: LayoutTemplate['fingerprint'],
  template: Pick<LayoutTemplate, 'fingerprint'>,
): number {
  let best = 0;
  for (const t of template.fingerprint.pages ?? [])
    for (const d of print.pages ?? []) {
      if (shared(d.shapes, t.shapes) < MIN_PAGE_LINES) continue;
      const words = shared(d.tokens, t.tokens);
      const held = Math.min(
        words / Math.max(1, total(d.tokens)),
        words / Math.max(1, total(t.tokens)),
      );
      if (held >= PAGE_WORDS || rowsFound(d, t)) best = Math.max(best, similarity(d, t));
    }
  return best;
}

/**
 * The rows the broker taught on a template page are printed again on a document page (a sibling
 * that prints the same grid of services with fewer columns, so fewer of the page's words): at
 * least PAGE_ROWS of their headings, and PAGE_ROWS_SHARE of them. Measured: a sibling's grid 19 of
 * 21; another form of the same carrier at most 8 (0.80), another carrier 12 (0.48).
 */
function rowsFound(d: { shapes: Counts }, t: { rows?: string[] | undefined }): boolean {
  const rows = t.rows ?? [];
  if (rows.length < PAGE_ROWS) return false;
  const found = rows.filter((r) => d.shapes[r]).length;
  return found >= PAGE_ROWS && found >= PAGE_ROWS_SHARE * rows.length;
}
const PAGE_ROWS = 15;
const PAGE_ROWS_SHARE = 0.85;

/** The words of the carrier name the taught document printed (none when it did not print it). */
function carrierWords(template: Pick<LayoutTemplate, 'fields'>): string[] {
  const carrier = template.fields.find((f) => /carrierName$/.test(f.label) && f.where);
  return carrier ? (normalizeText(carrier.value).match(/\p{L}{3,}/gu) ?? []) : [];
}

/**
 * How alike a document (`print`) is to a learned template, 0..1: their similarity; or, when one
 * holds most of the other's printed lines (the same template with pages or sections added or
 * dropped: a plan printed with more rows, a kit with extra pages) and the document prints the
 * carrier name the taught one printed, that share mapped so that holding CONTAINED of the lines
 * reads as MATCH_AT. Measured: unrelated real summaries hold up to 0.36 of each other's lines;
 * layouts of one generator (tests/fixtures/generalisation) up to 0.61, with other carriers.
 */
export function likeness(
  print: LayoutTemplate['fingerprint'],
  template: Pick<LayoutTemplate, 'fingerprint' | 'fields'>,
): number {
  const b = template.fingerprint;
  const overall = similarity(print, b);
  if (overall >= MATCH_AT) return overall;
  const carrier = carrierWords(template);
  if (!carrier.length || carrier.some((w) => !print.tokens[w])) return overall;
  // Page by page (a sibling that shares one page of the template, or prints only that page):
  // taken just above the threshold, so that a template matching as a whole wins over it.
  const page = pageLikeness(print, template);
  const byPage = page >= PAGE_AT ? MATCH_AT + (page - PAGE_AT) * 0.02 : 0;
  if (overall < MIN_OVERALL) return Math.max(overall, byPage);
  let shared = 0;
  let inA = 0;
  let inB = 0;
  for (const [k, n] of Object.entries(print.shapes)) {
    shared += Math.min(n, b.shapes[k] ?? 0);
    inA += n;
  }
  for (const n of Object.values(b.shapes)) inB += n;
  if (shared < MIN_SHARED_LINES || !inA || !inB) return Math.max(overall, byPage);
  const held = Math.max(shared / inA, shared / inB);
  return Math.max(
    overall,
    byPage,
    MATCH_AT + ((held - CONTAINED) * (1 - MATCH_AT)) / (1 - CONTAINED),
  );
}

// ------------------------------------------------------------------------------ locating values

const MARKS = '[\\^*†‡§]';

/** A regular expression source matching `text` loosely: any case, flexible spaces and dashes, any digits. */
export function loosePattern(text: string, digits: 'any' | 'same'): string {
  let out = '';
  for (const part of text.split(/(\s+|[-\u2010-\u2015\u2212]|\d+|[\^*†‡§]+)/u)) {
    if (!part) continue;
    // Footnote marks come and go between documents on one template: optional wherever a space is.
    if (/^\s+$/.test(part)) out += `${MARKS}*\\s*`;
    else if (/^[\^*†‡§]+$/u.test(part)) out += `${MARKS}*`;
    else if (/^[-\u2010-\u2015\u2212]$/u.test(part)) out += '[-\u2010-\u2015\u2212]';
    else if (/^\d+$/.test(part)) out += digits === 'any' ? '\\d+' : part;
    else out += escapeRegExp(part.normalize('NFKC'));
  }
  return out;
}

/**
 * A regular expression source matching the punctuation of `text` with any words between (a row
 * name's note "(Cleanings)" matching "(Amalgam or Anterior Composite)"); footnote marks optional.
 */
export function skeletonPattern(text: string): string {
  let out = '';
  for (const part of text.split(/([()[\]:])/u)) {
    if (!part) continue;
    if (/^[()[\]:]$/u.test(part)) out += `\\s*${escapeRegExp(part)}\\s*`;
    else if (/[\p{L}\p{N}]/u.test(part)) out += '\\s*[^()[\\]:]+?\\s*';
    else out += `${MARKS}*\\s*`;
  }
  return out;
}

/** Where `value` occurs inside `text` (loosely): [start, end] or undefined. */
export function findValue(text: string, value: string): [number, number] | undefined {
  const v = value.replace(/\s+/g, ' ').trim();
  if (!v) return undefined;
  const m = new RegExp(loosePattern(v, 'same'), 'iu').exec(text.normalize('NFKC'));
  return m ? [m.index, m.index + m[0].length] : undefined;
}

const WORDS = 4;

/** Positions kept to a ten-thousandth of the page (a fraction of a point). */
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** A column heading naming the out-of-network (non-network) side. */
const OUT_OF_NETWORK = /\b(?:out|non)\b[\s-]*(?:of[\s-]*)?network/;

function placeOf(
  units: Unit[],
  unit: Unit,
  span: [number, number],
  wrap: number,
  group?: Group,
  grouped?: string,
): Where {
  const text = (grouped ?? group?.text ?? windowText(units, unit, wrap) ?? unit.text).normalize(
    'NFKC',
  );
  const before = text.slice(0, span[0]);
  const after = text.slice(span[1]);
  const beforeWords = before.match(/\S+\s*$|\S+\s+|\s+/g) ?? [];
  const afterWords = after.match(/^\s*\S+|\s+\S+|\s+/g) ?? [];
  const prefix = beforeWords.slice(-WORDS).join('');
  const suffix = afterWords.slice(0, WORDS).join('');
  const neighbour = (step: number) => {
    for (let i = unit.order + step; i >= 0 && i < units.length; i += step) {
      const u = units[i]!;
      if (u.kind === 'furniture') continue;
      return shapeOf(u.text).slice(0, 200);
    }
    return '';
  };
  return {
    kind: unit.kind,
    page: unit.page,
    at: units.length > 1 ? round4(unit.order / (units.length - 1)) : 0,
    prev: unit.kind === 'cell' ? '' : neighbour(-1),
    next: unit.kind === 'cell' ? '' : neighbour(1),
    ...(unit.kind === 'cell'
      ? {
          table: unit.table!,
          row: unit.row!,
          col: unit.col!,
          rowHead: unit.rowHead!.slice(0, 200),
          ...(unit.rowName ? { rowName: unit.rowName.slice(0, 200) } : {}),
          colHead: unit.colHead!.slice(0, 200),
          tableHead: unit.tableHead!.slice(0, 300),
          ...(unit.headed ? { headed: true } : {}),
        }
      : {}),
    prefix,
    suffix,
    atStart: beforeWords.length <= WORDS,
    atEnd: afterWords.length <= WORDS,
    ...(wrap > 1 ? { span: wrap } : {}),
    ...(group ? { x: [round4(group.x[0]), round4(group.x[1])] as [number, number] } : {}),
    ...(unit.x ? { ux: [round4(unit.x[0]), round4(unit.x[1])] as [number, number] } : {}),
    ...(wrap > 1 && unit.kind === 'cell'
      ? { below: unitBelow(units, unit, wrap)?.rowHead?.slice(0, 200) ?? '' }
      : {}),
  };
}

function overlap(a: [number, number, number, number], b: [number, number, number, number]) {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = Math.max(1e-6, (a[2] - a[0]) * (a[3] - a[1]));
  return (w * h) / area;
}

interface Hint {
  page: number;
  box?: [number, number, number, number] | undefined;
}

/** The unit a value is printed in, and where in it; a box (the broker's or the engine's) decides first. */
function locate(
  units: Unit[],
  value: string,
  hints: {
    source?: Hint | undefined;
    engine?: Hint | undefined;
    row?: [number, number] | undefined;
    /** Words of the value's catalogue label ("family", "deductible"), to tell equal amounts apart. */
    words?: string[] | undefined;
    /** The network the value's catalogue label names. */
    network?: 'in' | 'out' | undefined;
  },
): { unit: Unit; span: [number, number]; wrap: number } | undefined {
  for (let wrap = 1; wrap <= 3; wrap++) {
    const found = locateIn(units, value, hints, wrap);
    if (found) return found;
  }
  return undefined;
}

function locateIn(
  units: Unit[],
  value: string,
  hints: {
    source?: Hint | undefined;
    engine?: Hint | undefined;
    row?: [number, number] | undefined;
    words?: string[] | undefined;
    network?: 'in' | 'out' | undefined;
  },
  wrap: number,
): { unit: Unit; span: [number, number]; wrap: number } | undefined {
  let best: { unit: Unit; span: [number, number]; wrap: number; score: number } | undefined;
  for (const unit of units) {
    const text = windowText(units, unit, wrap);
    if (text === undefined) continue;
    const span = findValue(text, value);
    if (!span) continue;
    // A wrapped value must start in the first unit and end in the last.
    if (
      wrap > 1 &&
      (span[0] >= unit.text.length || span[1] <= (windowText(units, unit, wrap - 1)?.length ?? 0))
    )
      continue;
    let score = 0;
    const hit = (h: Hint | undefined) =>
      h && h.page === unit.page && h.box && unit.box ? overlap(h.box, unit.box) : 0;
    score += 10 * hit(hints.source) + 3 * hit(hints.engine);
    if (hints.row && unit.kind === 'cell') {
      if (unit.table === hints.row[0] && unit.row === hints.row[1]) score += 2;
      else if (unit.table === hints.row[0]) score += 0.5;
    }
    if (span[0] === 0 && span[1] >= text.normalize('NFKC').length) score += 0.6;
    if (hints.words?.length) {
      // The row's heading and the words before the value name what the label names.
      const around = new Set(
        normalizeText(`${unit.rowHead ?? ''} ${text.slice(0, span[0])}`).match(/\p{L}+/gu) ?? [],
      );
      score += (0.8 * hints.words.filter((w) => around.has(w)).length) / hints.words.length;
    }
    // An in- or out-of-network value printed alike in both networks' columns: its own network's.
    if (hints.network && unit.kind === 'cell' && /network/.test(unit.colHead ?? '')) {
      const out = OUT_OF_NETWORK.test(unit.colHead ?? '');
      score += (hints.network === 'out') === out ? 0.5 : 0;
    }
    if (unit.kind === 'furniture') score -= 1;
    score -= unit.order / (units.length * 10);
    if (!best || score > best.score) best = { unit, span, wrap, score };
  }
  return best;
}

// ------------------------------------------------------------------------------ learning

export interface LearnInput {
  layout: DocumentLayout;
  /** The values the broker saved (the document's corrected data). */
  data: ParsedData;
  /** The engine's own reading of the same layout (hints for values typed without a box). */
  engine?: ParsedData | undefined;
  documentType: 'carrierProposal' | 'policyCertificate';
}

function engineRows(engine: ParsedData | undefined, table: string) {
  const rows = new Map<string, Map<string, Hint>>();
  const values = new Map<string, Record<string, string>>();
  engine?.forEach((item, i) => {
    if (item.type !== 'table' || item.label !== table) return;
    for (const c of item.cells) {
      const id = `${i}:${c.row}`;
      const v = values.get(id) ?? {};
      v[columnOf(table, c.label)] = c.value;
      values.set(id, v);
      if (c.source) {
        const r = rows.get(id) ?? new Map();
        r.set(columnOf(table, c.label), c.source);
        rows.set(id, r);
      }
    }
  });
  const byKey = new Map<string, Map<string, Hint>>();
  /** What the engine read in each column, per row key. */
  const read = new Map<string, Record<string, string>>();
  for (const [id, v] of values) {
    const key = rowKey(table, v);
    byKey.set(key, rows.get(id) ?? new Map());
    const r = read.get(key) ?? {};
    for (const [c, value] of Object.entries(v)) if (value.trim()) r[c] ??= value;
    read.set(key, r);
  }
  return { byKey, read, keys: [...values.values()].map((v) => rowKey(table, v)) };
}

/**
 * The learned row read most completely from a single printed table row (its own key in a cell of
 * that row, at least one other value beside it), and the headings of that table's rows no
 * learned row uses.
 */
function prototypeOf(
  units: Unit[],
  rows: LayoutTemplate['tables'][number]['rows'],
  rowUnits: Unit[][],
  keys: string[],
): { prototype?: number; otherRows?: string[] } {
  let best: { index: number; cells: number; table: number; rows: number } | undefined;
  // Rows placed in each printed table: the prototype comes from the grid holding most of them.
  const perTable = new Map<number, number>();
  for (const placed of rowUnits) {
    const t = placed.find((u) => u.kind === 'cell')?.table;
    if (t !== undefined) perTable.set(t, (perTable.get(t) ?? 0) + 1);
  }
  rows.forEach((row, index) => {
    // The row's own key first (learnTemplate places it first), then the values printed beside it;
    // values printed elsewhere (a deductible above the grid) are the whole grid's.
    const placed = rowUnits[index]!;
    const first = placed[0];
    if (first?.kind !== 'cell') return;
    const cells = placed.filter(
      (u) => u.kind === 'cell' && u.table === first.table && u.row === first.row,
    );
    if (cells.length < 2) return;
    const ownKey = row.cells.some(
      (c) => c.where && keys.some((k) => k !== 'class' && c.label.endsWith(`_${k}`)),
    );
    if (!ownKey) return;
    const inTable = perTable.get(first.table!) ?? 0;
    if (!best || inTable > best.rows || (inTable === best.rows && cells.length > best.cells))
      best = { index, cells: cells.length, table: first.table!, rows: inTable };
  });
  if (!best) return {};
  const table = best.table;
  const used = new Set(
    rowUnits
      .flat()
      .filter((u) => u.kind === 'cell' && u.table === table)
      .map((u) => u.row),
  );
  // one heading per printed row (a name printed on two rows is there twice)
  const otherRows = [
    ...new Map(
      units
        .filter((u) => u.kind === 'cell' && u.table === table && !u.header && !used.has(u.row))
        .map((u) => [u.row, u.rowHead!.slice(0, 200)]),
    ).values(),
  ];
  return { prototype: best.index, otherRows };
}

/** A value that is a list printed one item per row down a column ("Exams, Bitewing X-rays, …"). */
function locateList(units: Unit[], value: string): { first: Unit; items: number } | undefined {
  const want = normalizeText(value);
  if (!want.includes(',')) return undefined;
  for (const unit of units) {
    if (unit.kind !== 'cell' || !unit.text) continue;
    const head = normalizeText(unit.text);
    if (!want.startsWith(head) || want === head) continue;
    const down = listDown(units, unit);
    let joined = '';
    for (let n = 0; n < down.length; n++) {
      joined = n ? `${joined}, ${normalizeText(down[n]!.text)}` : normalizeText(down[n]!.text);
      if (joined === want) return n ? { first: unit, items: n + 1 } : undefined;
      if (!want.startsWith(joined)) break;
    }
  }
  return undefined;
}

/** The words of a catalogue label's last part ("policyYearDeductibleFamilyInNetwork" → family, …). */
function labelWords(label: string): string[] {
  const last = label.slice(label.lastIndexOf('_') + 1);
  return (last.match(/[A-Z]?[a-z]+/g) ?? [])
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 4 && !['policy', 'year', 'level', 'network'].includes(w));
}

/**
 * The one table cell that holds a row name's words in order with other words among them (a note
 * printed inside the name), the fewest added; undefined when none, or two alike.
 */
export function rowNamed(units: readonly Unit[], name: string): Unit | undefined {
  const want = normalizeText(name).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (want.length < 2) return undefined;
  let best: { unit: Unit; extra: number } | undefined;
  let tie = false;
  for (const unit of units) {
    if (unit.kind !== 'cell' || unit.header) continue;
    const words = normalizeText(unit.text).match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length <= want.length || words.length > 3 * want.length) continue;
    let i = 0;
    for (const w of words) if (i < want.length && w === want[i]) i++;
    if (i < want.length) continue;
    const extra = words.length - want.length;
    if (!best || extra < best.extra) {
      best = { unit, extra };
      tie = false;
    } else if (extra === best.extra) tie = true;
  }
  return tie ? undefined : best?.unit;
}

/** Each template page's print with the row headings of the cells taught on it. */
function withTaughtRows(
  print: LayoutTemplate['fingerprint'],
  tables: LayoutTemplate['tables'],
): LayoutTemplate['fingerprint'] {
  const rows = new Map<number, Set<string>>();
  for (const t of tables)
    for (const r of t.rows)
      for (const c of r.cells) {
        const w = c.where;
        if (w?.kind !== 'cell' || !w.rowHead || !meaningful(w.rowHead)) continue;
        rows.set(w.page, (rows.get(w.page) ?? new Set()).add(w.rowHead));
      }
  return {
    ...print,
    pages: print.pages?.map((p) => {
      const taught = rows.get(p.page);
      return taught?.size ? { ...p, rows: [...taught] } : p;
    }),
  };
}

export function learnTemplate(input: LearnInput): LayoutTemplate {
  const units = layoutUnits(input.layout);
  const { data, engine } = input;
  const fields: LearnedValue[] = [];
  const engineField = (label: string) => {
    const f = engine?.find((i) => i.type === 'field' && i.label === label);
    return f?.type === 'field' ? f.source : undefined;
  };
  const learnOne = (
    label: string,
    value: string,
    hints: Parameters<typeof locate>[2],
    col?: number,
  ): LearnedValue & { unit?: Unit } => {
    const network = /OutOfNetwork$/.test(label)
      ? 'out'
      : /InNetwork$/.test(label)
        ? 'in'
        : undefined;
    const found = locate(units, value, { ...hints, words: labelWords(label), network });
    const base = { label, value, ...(col !== undefined ? { col } : {}) };
    if (!found) {
      const list = locateList(units, value);
      if (!list) return base;
      return {
        ...base,
        where: { ...placeOf(units, list.first, [0, list.first.text.length], 1), list: list.items },
        unit: list.first,
      };
    }
    // A value printed beside others in its unit: where it is among them, and its words' group.
    if (found.wrap === 1 && found.unit.groups) {
      for (const group of found.unit.groups) {
        const span = findValue(group.text, value);
        if (span)
          return {
            ...base,
            where: placeOf(units, found.unit, span, 1, group),
            unit: found.unit,
          };
      }
    }
    // …and wrapped onto the row below, beside others there too.
    if (found.wrap > 1 && found.unit.groups) {
      for (const group of found.unit.groups) {
        const text = groupWindow(units, found.unit, found.wrap, group.x);
        const span = text === undefined ? undefined : findValue(text, value);
        if (span && text)
          return {
            ...base,
            where: placeOf(units, found.unit, span, found.wrap, group, text),
            unit: found.unit,
          };
      }
    }
    return { ...base, where: placeOf(units, found.unit, found.span, found.wrap), unit: found.unit };
  };
  for (const item of data) {
    if (item.type !== 'field' || !item.value.trim()) continue;
    const { unit: _, ...learned } = learnOne(item.label, item.value, {
      source: item.source,
      engine: engineField(item.label),
    });
    fields.push(learned);
  }

  const tables: LayoutTemplate['tables'] = [];
  const labels = [...new Set(data.filter((i) => i.type === 'table').map((i) => i.label))];
  for (const label of labels) {
    const keys = TABLE_KEYS[label] ?? ['class'];
    const hintRows = engineRows(engine, label);
    const rows = new Map<
      string,
      Array<{ label: string; value: string; col: number; source?: Hint }>
    >();
    data.forEach((item, i) => {
      if (item.type !== 'table' || item.label !== label) return;
      for (const c of item.cells) {
        if (!c.value.trim()) continue;
        const id = `${i}:${c.row}`;
        const list = rows.get(id) ?? [];
        list.push({
          label: c.label,
          value: c.value,
          col: c.col,
          ...(c.source ? { source: c.source } : {}),
        });
        rows.set(id, list);
      }
    });
    const learnedRows: LayoutTemplate['tables'][number]['rows'] = [];
    const rowUnits: Unit[][] = [];
    const usedColumns = new Set<string>();
    const truthKeys = new Set<string>();
    for (const cells of rows.values()) {
      const values: Record<string, string> = {};
      for (const c of cells) values[columnOf(label, c.label)] = c.value;
      const key = rowKey(label, values);
      truthKeys.add(key);
      const engineHints = hintRows.byKey.get(key);
      // The row's own keys first (not the class, often printed once for many rows): they place the row.
      const order = [...cells].sort(
        (a, b) => rank(columnOf(label, a.label)) - rank(columnOf(label, b.label)),
      );
      function rank(column: string) {
        return keys.includes(column) && column !== 'class' ? 0 : 1;
      }
      let anchor: [number, number] | undefined;
      let keyPlaced = false;
      /** A value of the row was placed in the anchor's row. */
      let confirmed = false;
      const out: LearnedValue[] = [];
      const placed: Unit[] = [];
      for (const c of order) {
        const column = columnOf(label, c.label);
        usedColumns.add(column);
        const learned = learnOne(
          c.label,
          c.value,
          { source: c.source, engine: engineHints?.get(column), row: anchor },
          c.col,
        );
        const { unit, ...value } = learned;
        const rowValue =
          unit?.kind === 'cell' &&
          !keys.includes(column) &&
          !LABEL_COLUMNS.has(column) &&
          !/(?:Deductible|Maximum)/.test(column);
        if (!anchor && unit?.kind === 'cell' && rank(column) === 0)
          anchor = [unit.table!, unit.row!];
        // The row's own name printed with a note inside it ("D2962 Labial veneer (porcelain
        // laminate) – laboratory" for "D2962 Labial veneer – laboratory"): the cell that holds its
        // words in order places the row (not a value equal to another row's found first).
        else if (!anchor && !unit && rank(column) === 0) {
          const named = rowNamed(units, c.value);
          if (named) anchor = [named.table!, named.row!];
        }
        // A row whose own name is not printed whole (pieces of it over two rows), or printed in
        // two places (a service listed again in another section) with none of its values beside
        // it: its first value placed in a table places the rest beside it (a "Not covered"
        // printed on many rows).
        else if (rowValue && !(anchor && unit.table === anchor[0] && unit.row === anchor[1])) {
          if (!anchor ? !keyPlaced : !confirmed) anchor = [unit.table!, unit.row!];
          confirmed = true;
        } else if (rowValue) confirmed = true;
        if (unit && rank(column) === 0) keyPlaced = true;
        if (unit) placed.push(unit);
        out.push(value);
      }
      // Values the engine read in this row that the broker removed (not a column the broker
      // emptied in every row: emptyColumns says that), or replaced by a value the document does
      // not print (the engine's reading there was wrong, and nothing printed is right).
      const engineRead = hintRows.read.get(key) ?? {};
      const saved = new Map(out.map((c) => [columnOf(label, c.label), c]));
      const removed = Object.keys(engineRead).filter((c) => {
        const mine = saved.get(c);
        if (!mine) return true;
        return !mine.where && normalizeText(mine.value) !== normalizeText(engineRead[c]!);
      });
      learnedRows.push({ cells: out, ...(removed.length ? { removed } : {}) });
      rowUnits.push(placed);
    }
    const columns = Object.keys(
      Object.fromEntries(
        learnedRows.flatMap((r) => r.cells.map((c) => [columnOf(label, c.label), 1])),
      ),
    );
    const all = engine
      ? [
          ...new Set(
            engine.flatMap((i) =>
              i.type === 'table' && i.label === label
                ? i.cells.map((c) => columnOf(label, c.label))
                : [],
            ),
          ),
        ]
      : [];
    const removedRows = hintRows.keys.filter((k) => !truthKeys.has(k));
    // Where the broker's rows' names are printed: a removed row whose name the engine read there
    // was renamed, not removed.
    const ownColumn = keys.find((k) => k !== 'class');
    const kept = rowUnits.flatMap((placed) => placed.slice(0, 1)).filter((u) => u.box);
    const droppedRows = removedRows.filter((k) => {
      const at = ownColumn ? hintRows.byKey.get(k)?.get(ownColumn) : undefined;
      const box = at?.box;
      return !box || !kept.some((u) => u.page === at.page && overlap(box, u.box!) > 0.5);
    });
    tables.push({
      label,
      rows: learnedRows,
      removedRows,
      ...(droppedRows.length ? { droppedRows } : {}),
      emptyColumns: all.filter((c) => !columns.includes(c)),
      ...prototypeOf(units, learnedRows, rowUnits, keys),
    });
  }
  const kept = new Set(fields.map((f) => f.label));
  const removedFields = (engine ?? [])
    .filter((i) => i.type === 'field' && !kept.has(i.label))
    .map((i) => i.label);
  // Engine tables the broker removed entirely.
  for (const label of new Set(
    (engine ?? []).filter((i) => i.type === 'table').map((i) => i.label),
  )) {
    if (labels.includes(label)) continue;
    tables.push({ label, rows: [], removedRows: engineRows(engine, label).keys, emptyColumns: [] });
  }

  const valuePages = new Set<number>();
  for (const f of fields) if (f.where) valuePages.add(f.where.page);
  for (const t of tables)
    for (const r of t.rows) for (const c of r.cells) if (c.where) valuePages.add(c.where.page);
  return packTemplate({
    version: 1,
    documentType: input.documentType,
    format: input.layout.format,
    name: templateName(units, data),
    fingerprint: withTaughtRows(fingerprintOf(units, valuePages), tables),
    fields,
    tables,
    removedFields,
  });
}

function templateName(units: Unit[], data: ParsedData): string {
  const item = data.find((i) => i.type === 'field' && /carrierName$/.test(i.label));
  const carrier = item?.type === 'field' ? item.value.trim() : '';
  const heading =
    units.find((u) => u.kind === 'line' && /\p{L}{3}/u.test(u.text))?.text.slice(0, 200) ?? '';
  const name =
    carrier && heading.toLowerCase().includes(carrier.toLowerCase())
      ? heading
      : [carrier, heading].filter(Boolean).join(' — ');
  return (name || 'Untitled layout').slice(0, 300);
}

const everyWhere = (
  t: LayoutTemplate,
  f: (w: Where) => Where,
  /** A cell's label given its table's label. */
  label: (table: string, cell: string) => string = (_, cell) => cell,
): LayoutTemplate => {
  const value = (v: LearnedValue): LearnedValue => (v.where ? { ...v, where: f(v.where) } : v);
  return {
    ...t,
    fields: t.fields.map(value),
    tables: t.tables.map((table) => ({
      ...table,
      rows: table.rows.map((r) => ({
        ...r,
        cells: r.cells.map((c) => ({ ...value(c), label: label(table.label, c.label) })),
      })),
    })),
  };
};

/**
 * The template with the headings its cells share said once (`heads`): a cell's table heading is
 * the same for every cell of its printed table, its column heading for every cell of its column;
 * and each cell's label without its table's label before it. unpackTemplate gives every cell its
 * headings and full label back (what reading, refining and counting use).
 */
export function packTemplate(t: LayoutTemplate): LayoutTemplate {
  const full = unpackTemplate(t);
  const tables: Record<string, string> = {};
  const columns: Record<string, string> = {};
  everyWhere(full, (w) => {
    if (w.kind !== 'cell' || w.table === undefined) return w;
    if (w.tableHead !== undefined) tables[w.table] ??= w.tableHead;
    if (w.colHead !== undefined && w.col !== undefined)
      columns[`${w.table}:${w.col}`] ??= w.colHead;
    return w;
  });
  const packed = everyWhere(
    full,
    (w) => {
      if (w.kind !== 'cell' || w.table === undefined) return w;
      const { tableHead, colHead, ...rest } = w;
      return {
        ...rest,
        ...(tableHead !== undefined && tableHead !== tables[w.table] ? { tableHead } : {}),
        ...(colHead !== undefined && colHead !== columns[`${w.table}:${w.col}`] ? { colHead } : {}),
      };
    },
    // A cell's label without its table's ("coverageLevelInNetwork").
    columnOf,
  );
  return { ...packed, heads: { tables, columns } };
}

/** The template with every cell's headings in its own where (what reading uses). */
export function unpackTemplate(t: LayoutTemplate): LayoutTemplate {
  const heads = t.heads;
  if (!heads) return t;
  const { heads: _, ...rest } = t;
  return everyWhere(
    rest,
    (w) => {
      if (w.kind !== 'cell' || w.table === undefined) return w;
      const tableHead = w.tableHead ?? heads.tables[w.table];
      const colHead = w.colHead ?? heads.columns[`${w.table}:${w.col}`];
      return {
        ...w,
        ...(tableHead !== undefined ? { tableHead } : {}),
        ...(colHead !== undefined ? { colHead } : {}),
      };
    },
    (table, cell) => (cell.startsWith(`${table}_`) ? cell : `${table}_${cell}`),
  );
}

/** How many values a template knows where to find. */
export function learnedValueCount(t: LayoutTemplate): number {
  return (
    t.fields.filter((f) => f.where).length +
    t.tables.reduce(
      (n, tb) => n + tb.rows.reduce((m, r) => m + r.cells.filter((c) => c.where).length, 0),
      0,
    )
  );
}

/**
 * A template taught again from another document on the same layout: the newer corrections win
 * for every value they place; values only the older document placed are kept.
 */
export function refineTemplate(
  olderPacked: LayoutTemplate,
  newerPacked: LayoutTemplate,
): LayoutTemplate {
  const older = unpackTemplate(olderPacked);
  const newer = unpackTemplate(newerPacked);
  const placed = new Set(newer.fields.filter((f) => f.where).map((f) => f.label));
  const fields = [
    ...newer.fields.filter(
      (f) => f.where || !older.fields.some((o) => o.label === f.label && o.where),
    ),
  ];
  for (const f of older.fields) if (f.where && !placed.has(f.label)) fields.push(f);
  const tables = [...newer.tables];
  for (const t of older.tables) if (!tables.some((n) => n.label === t.label)) tables.push(t);
  return packTemplate({ ...newer, fields, tables });
}
