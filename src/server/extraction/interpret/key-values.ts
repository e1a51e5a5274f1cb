import type { Line } from '../layout.ts';
import type { AnalyzedDocument, AnalyzedTable } from './document.ts';
import { cellText, classRefIn } from './document.ts';
import {
  type Evidence,
  evidence,
  type Scope,
  type Source,
  sourceOfCell,
  sourceOfLines,
} from './evidence.ts';
import type { Facts } from './facts.ts';
import {
  cleanValue,
  DATE_PATTERN,
  findDate,
  findDuration,
  findEffectiveDate,
  joinWrapped,
  minimumHours,
} from './values.ts';
import {
  type KeyKind,
  keyKind,
  namesOtherCoverage,
  type Product,
  productsNamed,
} from './vocabulary.ts';

/**
 * Labelled values: two-column tables (label | value), 'Label: value' in running text (several
 * per line, or one per sentence), and 'Effective January 1, 2026' style segments.
 */

export interface KeyValue {
  key: string;
  value: string;
}

/** A line of a table of contents: words, a dot leader, a page number or a range of pages. */
const CONTENTS_ENTRY =
  /^\s*\D[^.…]*?\s*(?:\.\s?){4,}\.*\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?\s*$|^\s*\D[^.…]*?\s*…{2,}\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?\s*$/;

/** Splits a line into 'Key: value' pairs. Text before the first key is ignored. */
export function keyValuesOfLine(line: string): KeyValue[] {
  const out: KeyValue[] = [];
  // a contents entry ('Eligibility ........ 4', 'Plan and Service Frequencies …… 6-7') leads to a
  // page, not to a value
  if (CONTENTS_ENTRY.test(line)) return out;
  // dot leaders between a label and its value ('Effective Date ........ 01/01/2027') work as a colon
  const text = line.replace(/\s*(?:\.\s?){4,}|\s*…{2,}/g, ': ').replace(/^:\s*/, '');
  // segments: runs of two or more spaces, tabs, a bar with spaces around it
  const segments = text.split(/\s{3,}|\t+|\s+\|\s+|\s+•\s+/).filter((s) => s.trim());
  for (const segment of segments) {
    const colon = [...segment.matchAll(/:\s/g)].map((m) => m.index!);
    if (colon.length === 0) {
      // 'Effective January 1, 2026', 'Renewal Date October 1, 2026'
      // try the first one to four words as the key
      const words = segment.trim().split(/\s+/);
      for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
        const key = words.slice(0, n).join(' ');
        const value = words.slice(n).join(' ');
        if (keyKind(key)?.kind === 'effectiveDate' && findEffectiveDate(value)) {
          out.push({ key, value });
          break;
        }
      }
      continue;
    }
    // each colon ends a key: the longest run of up to six words before it that is a known key,
    // else up to three capitalised words
    const keys: Array<{ start: number; end: number; key: string }> = [];
    for (const [ci, c] of colon.entries()) {
      const before = segment.slice(0, c);
      const words = [...before.matchAll(/[^\s]+/g)];
      let chosen: { start: number; key: string } | undefined;
      for (let n = Math.min(6, words.length); n >= 1; n--) {
        const w = words[words.length - n]!;
        const key = before.slice(w.index).trim();
        // the first key of a segment starts the segment ('Orthodontia Eligibility:' is not an
        // 'Eligibility:' key) unless what precedes it ends a sentence or clause
        const previous = words[words.length - n - 1]?.[0];
        if (ci === 0 && previous && !/[.,;)]$/.test(previous) && words.length <= 6) continue;
        if (keyKind(key)) {
          chosen = { start: w.index!, key };
          break;
        }
      }
      if (!chosen) {
        // an unknown key: up to three words back, never across a value (digits) or a sentence end
        let k = words.length;
        while (k > 0 && words.length - k < 3) {
          const w = words[k - 1]![0];
          if (/\d/.test(w) && k < words.length) break;
          if (/[.,;]$/.test(w) && k < words.length) break;
          k--;
        }
        const w = words[k];
        if (!w) continue;
        chosen = { start: w.index!, key: before.slice(w.index).trim() };
      }
      keys.push({ ...chosen, end: c + 1 });
    }
    keys.forEach((k, i) => {
      const next = keys[i + 1];
      let value = segment.slice(k.end, next ? next.start : undefined).trim();
      // one sentence: 'Carrier: Acme. This summary highlights …'
      value = value.split(/(?<=[a-z0-9)\]%])\.\s+(?=[A-Z])/)[0]!;
      // a closing full stop goes, the one of an abbreviation ('Acme Vision, Inc.') stays
      value = cleanValue(
        /\b(inc|co|corp|ltd|llc|l\.l\.c|u\.s|n\.a|jr|sr|st)\.$/i.test(value)
          ? value.replace(/[;,]+$/, '')
          : value.replace(/[.;,]+$/, ''),
      );
      if (value) out.push({ key: k.key, value });
    });
  }
  return out;
}

/** Rows of a two-column table without headings (and pairs of columns of a wider one). */
export function keyValuesOfTable(
  t: AnalyzedTable,
): Array<KeyValue & { keyCell: number; source: Source[] }> {
  if (t.headerRows > 0) return [];
  const out: Array<KeyValue & { keyCell: number; source: Source[] }> = [];
  for (const row of t.body) {
    for (let c = 0; c + 1 < t.table.cols; c += 2) {
      const keyCell = row.cells[c];
      const valueCell = row.cells[c + 1];
      if (!keyCell || !valueCell || keyCell === valueCell || keyCell.row !== row.row) continue;
      const key = cellText(keyCell);
      const value = cellText(valueCell);
      if (!key || !value) continue;
      out.push({ key, value, keyCell: c, source: [sourceOfCell(valueCell)] });
    }
  }
  return out;
}

/**
 * A strip of facts with the labels across the top and one row of values under them
 * (Effective Date | Eligible Class | Contribution over April 1, 2027 | All Employees | …): each
 * column's heading is the key of the value below it. Needs two or more known labels.
 */
export function keyValuesAcross(t: AnalyzedTable): Array<KeyValue & { source: Source }> {
  if (t.headerRows === 0 || t.body.length !== 1) return [];
  const row = t.body[0]!;
  const out: Array<KeyValue & { source: Source }> = [];
  for (const col of t.columns) {
    const cell = row.cells[col.index];
    const value = cellText(cell);
    if (!cell || !value || !keyKind(col.heading)) continue;
    // a cell spanning several labels belongs to none of them
    if (cell.colSpan > 1) continue;
    out.push({ key: col.heading, value, source: sourceOfCell(cell) });
  }
  return out.length >= 2 ? out : [];
}

/** 'Key: value' pairs printed inside the cells of a table that is not a key–value table. */
export function keyValuesInCells(t: AnalyzedTable): Array<KeyValue & { source: Source }> {
  const out: Array<KeyValue & { source: Source }> = [];
  for (const cell of t.table.cells) {
    const text = cellText(cell);
    if (!/:\s/.test(text)) continue;
    for (const kv of keyValuesOfLine(text)) out.push({ ...kv, source: sourceOfCell(cell) });
  }
  return out;
}

/** Records what a labelled value says, under the scope it was printed in. */
export function recordKeyValue(
  facts: Facts,
  key: string,
  value: string,
  source: Source,
  scope: Scope,
  order: number,
): boolean {
  const kind = keyKind(key);
  if (!kind) return false;
  const product: Product | undefined = kind.product ?? scope.product;
  const where: Scope = {
    ...(product ? { product } : {}),
    ...(scope.classRef ? { classRef: scope.classRef } : {}),
  };
  const e = (v: string, method: Evidence['method'] = 'keyValue') => evidence(v, source, method);
  const add = (k: Parameters<Facts['add']>[0], ev: Evidence) => facts.add(k, ev, where, order);
  const simple: Partial<Record<KeyKind, Parameters<Facts['add']>[0]>> = {
    carrier: 'carrier',
    underwriter: 'underwriter',
    planName: 'planName',
    childAges: 'childAges',
  };
  switch (kind.kind) {
    case 'effectiveDate': {
      const date = findEffectiveDate(value);
      if (date) add('effectiveDate', e(date));
      break;
    }
    case 'className':
    case 'classDefinition': {
      // ('Description | ICD-10 Codes:': a heading over another column, no one's definition)
      if (/:\s*$/.test(value)) break;
      // 'All Full-Time Employees – active employees working 30 hours': the group, then who it is
      const named = groupAndDefinition(value);
      if (named) {
        add('className', e(named[0], 'split'));
        add('classDefinition', e(named[1], 'split'));
        break;
      }
      if (kind.kind === 'className') {
        // a sentence under a class label is the class definition
        if (value.split(/\s+/).length > 6 || minimumHours(value)) add('classDefinition', e(value));
        else add('className', e(value));
        break;
      }
      add('classDefinition', e(value));
      // 'Eligible Employees: All Full-Time Employees' names the group as well
      if (
        value.split(/\s+/).length <= 4 &&
        !/\d/.test(value) &&
        /\b(employees|staff|members|associates)\b/i.test(value)
      ) {
        add('className', e(value, 'derived'));
      }
      break;
    }
    case 'contribution': {
      // an amount under a contribution label is one tier's share, not how the plan is funded
      if (/^\s*\$?\s?[\d,.]+\s*$/.test(value)) break;
      // 'Class 1 is Employer Paid; Class 2 is Voluntary': each class's own arrangement
      const perClass = contributionsByClass(value);
      if (perClass) {
        for (const [classRef, v] of perClass)
          facts.add('contribution', e(v, 'split'), { ...where, classRef }, order);
        break;
      }
      add('contribution', e(value));
      break;
    }
    case 'hours': {
      const h = minimumHours(`${value} hours`);
      if (h) add('hours', e(h, 'derived'));
      break;
    }
    case 'rateGuarantee': {
      const d = findDuration(value);
      if (d) add('rateGuaranteeTime', e(d));
      const date = findDate(value);
      if (date) add('rateGuaranteeDate', e(date));
      break;
    }
    case 'policyYear': {
      add('policyYear', e(value));
      // 'Plan Year: January 1, 2026 - December 31, 2026' also says when coverage starts
      const start = findDate(value);
      if (start) add('effectiveDate', e(start, 'derived'));
      break;
    }
    case 'period': {
      const start = findDate(value);
      if (start) add('effectiveDate', e(start, 'derived'));
      break;
    }
    default: {
      const k = simple[kind.kind];
      if (k) add(k, e(value));
    }
  }
  return true;
}

/**
 * A group's name and its definition printed as one value, split at a spaced dash: 'All Eligible
 * Employees – regular employees working a minimum of 25 hours per week' → the name, the rest.
 * The name is short, starts with 'All' and ends in a word for employees; the rest is a phrase.
 */
export function groupAndDefinition(value: string): [string, string] | undefined {
  const m = value.match(
    /^\s*(all\s+[^–—\d]{2,40}?\b(?:employees|staff|members|associates))\s+[–—-]\s+(.{8,})$/i,
  );
  if (!m) return undefined;
  const name = m[1]!.trim();
  const rest = m[2]!.trim().replace(/[.;]\s*$/, '');
  if (name.split(/\s+/).length > 5 || rest.split(/\s+/).length < 3) return undefined;
  return [name, rest];
}

/**
 * Contributions stated class by class in one value: 'Class 1 is Employer Paid; Class 2 is
 * Voluntary' → [['Class 1', 'Employer Paid'], ['Class 2', 'Voluntary']]. Undefined unless every
 * part names a class.
 */
export function contributionsByClass(value: string): Array<[string, string]> | undefined {
  const parts = value
    .replace(/\.\s*$/, '')
    .split(/\s*;\s*|,\s*(?:and\s+)?(?=class\b)/i)
    .filter(Boolean);
  if (parts.length < 2) return undefined;
  const out: Array<[string, string]> = [];
  for (const part of parts) {
    const ref = classRefIn(part);
    const m = part.match(/^\s*\S+\s+\S+\s*(?:is|are|:|[–—-])\s+(.+)$/i);
    if (!ref || !m) return undefined;
    out.push([ref, m[1]!.trim()]);
  }
  return out;
}

const CONTRIBUTION_PROSE =
  /\b(?:offered|provided|available|written|sold)\s+(?:on|as)\s+an?\s+(voluntary|contributory|non-contributory|employer[- ]paid|fully employer[- ]paid)\s+basis\b/i;

/** How a plan is funded, stated in a sentence ('Both plans are offered on a voluntary basis'). */
export function contributionInProse(text: string): string | undefined {
  return text.match(CONTRIBUTION_PROSE)?.[1];
}

const EFFECTIVE_PROSE = new RegExp(
  `\\b(?:coverage|plan|policy|benefits?|rates?|renewal|contract)\\b[^.;:]{0,60}?\\b(?:becomes?\\s+|be\\s+|is\\s+)?effective\\s+(?:on\\s+|as\\s+of\\s+)?(${DATE_PATTERN.source})` +
    // 'MetLife will be administering the vision program starting January 1, 2026'
    `|\\b(?:coverage|plan|program|benefits?)\\s+(?:starting|beginning)\\s+(?:on\\s+)?(${DATE_PATTERN.source})`,
  'i',
);

/**
 * Whom a sentence's effective date is for: the one product it names, else every product; none
 * when it speaks of another line of coverage only ('the following medical benefit change
 * effective January 1, 2026').
 */
export function proseDateScope(text: string): Scope | undefined {
  const named = productsNamed(text);
  if (named.length === 1) return { product: named[0]! };
  if (named.length === 0 && namesOtherCoverage(text)) return undefined;
  return {};
}

/**
 * The effective date a sentence states ('Coverage will be effective on January 1, 2027', 'rates
 * effective 01/01/2027'), as printed; not 'valid until' or 'effective through' dates.
 */
export function effectiveDateInProse(text: string): string | undefined {
  const m = text.match(EFFECTIVE_PROSE);
  return m?.[1] ?? m?.[2] ?? text.match(EFFECTIVE_ON_OR_AFTER)?.[1];
}

/** 'For effective dates on or after 9.1.13': the first date the plan applies from. */
const EFFECTIVE_ON_OR_AFTER = new RegExp(
  `\\bfor\\s+effective\\s+dates?\\s+(?:on\\s+or\\s+after|beginning|from)\\s+(${DATE_PATTERN.source})`,
  'i',
);

const CHILD_AGE_PROSE =
  /\bchild(?:ren)?\b[^.;:]*?\b(?:are|is|remain|stay)\s+(?:covered|eligible)\s+((?:to|through|until|up to)\b[^.;:]*?\b(?:age\s+\d{2}|turns?\s+\d{2}|\d{2}(?:st|nd|rd|th)?\s+birthday))/i;

/**
 * An item of a numbered or bulleted list of eligible dependents that names children and until when
 * ('3. Children, through the last day of the month in which their 26th birthday occurred
 * regardless of …'): the item up to the age rule, as printed.
 */
const CHILD_AGE_ITEM =
  /^\s*(?:\d{1,2}[.)]|[a-z][.)]|[•·▪-])\s*((?:eligible\s+|dependent\s+)*child(?:ren)?,?\s+(?:to|through|until|up to)\b[^.;:]*?\b(?:age\s+\d{2}|turns?\s+\d{2}|\d{2}(?:st|nd|rd|th)?\s+birthday)(?:\s+(?:occurs|occurred|is reached))?)/i;

/**
 * A sentence listing who the eligible dependents are, children with their age limit among them
 * ('Eligible dependents include the employee's spouse, registered domestic partner and dependent
 * child under 26 years of age.'): the age limit, as printed.
 */
const CHILD_AGE_LISTED =
  /\beligible\s+dependents?\s+(?:include|are)\b[^.;:]*?\bchild(?:ren)?\s+((?:under|up to|to|through|until)\s+(?:age\s+)?\d{2}(?:\s+years?\s+of\s+age)?)/i;

/** The age rule of a sentence saying until when dependent children are covered, as printed. */
export function childAgeInProse(text: string): string | undefined {
  return (
    text.match(CHILD_AGE_PROSE)?.[1] ??
    text.match(CHILD_AGE_ITEM)?.[1] ??
    text.match(CHILD_AGE_LISTED)?.[1]
  );
}

const ORTHO_PERSONS_PROSE =
  /\borthodont\w*(?:\s+(?:coverage|benefits?|services?|treatment))?\s+(?:is|are)\s+(?:only\s+)?(?:limited|available|covered|provided|payable)\s+(?:only\s+)?(?:to|for)\s+((?:eligible\s+|covered\s+)?(?:dependent\s+)?(?:children|child|dependents|members|adults and children|children and adults)\b[^.;]*)/i;

/** Who orthodontia covers, stated in a sentence ('Orthodontia is limited to dependent children under age 19'). */
export function orthoPersonsInProse(text: string): string | undefined {
  return text
    .match(ORTHO_PERSONS_PROSE)?.[1]
    ?.replace(/[\s,]+$/, '')
    .trim();
}

const UNDERWRITTEN =
  /\b(?:underwritten|insured|issued|provided)\s+by\s+((?:the\s+)?[A-Z][\w&.'’-]*(?:\s+(?:of|and|&|[A-Z][\w&.'’-]*)){0,9})/;

/** Labelled values in the document's running text. */
/**
 * The line that continues this one when a sentence or value wraps: next in reading order, same
 * page, same left edge and type size, close below, starting in lower case.
 */
function continuation(items: AnalyzedDocument['items'], i: number): Line | undefined {
  const item = items[i];
  const next = items[i + 1];
  if (item?.kind !== 'line' || next?.kind !== 'line' || next.heading || item.heading) return;
  const a = item.line;
  const b = next.line;
  if (a.page !== b.page || Math.abs(a.size - b.size) > a.size * 0.08) return;
  if (Math.abs(a.box[0] - b.box[0]) > a.size * 0.6) return;
  const gap = b.box[1] - a.box[3];
  if (gap < -a.size * 0.2 || gap > a.size * 0.8) return;
  if (!/^[a-z(]/.test(b.text.trim()) || /[.;]$/.test(a.text.trim())) return;
  // a line ending in a colon continues only after a known label ('… Contribution:' | 'employer
  // pays 50% …'); other colons introduce a list or a table
  if (/:$/.test(a.text.trim()) && !endsWithKey(a.text)) return;
  return b;
}

/** Whether a line ends with a known label and its colon ('… covered to age 26. Contribution:'). */
export function endsWithKey(text: string): boolean {
  const words = text.trim().replace(/:$/, '').split(/\s+/);
  for (let n = 1; n <= Math.min(4, words.length); n++) {
    const tail = words.slice(-n);
    if (n < words.length && !/[.;,)]$/.test(words[words.length - n - 1]!)) continue;
    if (keyKind(tail.join(' '))) return true;
  }
  return false;
}

/**
 * Whether a label line is set apart from the value line under it in type: smaller, capitals only,
 * or bold against regular (or the reverse). A label larger than its value is a heading instead.
 */
function setApart(label: Line, value: Line): boolean {
  if (label.size > value.size * 1.05) return false;
  const letters = label.text.replace(/[^A-Za-z]/g, '');
  const caps = letters.length >= 2 && letters === letters.toUpperCase();
  const valueCaps =
    value.text.replace(/[^A-Za-z]/g, '') === value.text.replace(/[^A-Za-z]/g, '').toUpperCase();
  return (
    label.size < value.size * 0.92 ||
    (caps && !valueCaps) ||
    (label.bold !== true && value.bold === true) ||
    (label.bold === true && value.bold !== true)
  );
}

/**
 * A label printed above its value ('EFFECTIVE DATE' over 'March 1, 2027', the style of side
 * panels and fact boxes): a line that is only a known label, set apart in type from the line right
 * below it at the same left edge. The value runs on over lines of its own type until the next label
 * or a gap. Returns the value lines, or undefined.
 */
export function stackedValue(items: AnalyzedDocument['items'], i: number): Line[] | undefined {
  const item = items[i];
  if (item?.kind !== 'line') return undefined;
  const label = item.line;
  let text = label.text.trim();
  // 'Effective Date:' over '01/01/2025': a date label may keep its colon
  if (/:$/.test(text) && keyKind(text)?.kind === 'effectiveDate') text = text.slice(0, -1).trim();
  if (/[:.]|\d/.test(text) || text.split(/\s+/).length > 5 || !keyKind(text)) return undefined;
  const lines: Line[] = [];
  let previous = label;
  for (let j = i + 1; j < items.length && lines.length < 4; j++) {
    const next = items[j];
    if (next?.kind !== 'line') break;
    const l = next.line;
    const gap = l.box[1] - previous.box[3];
    // a line of another column read in between (a side panel beside the text): passed over
    const beside = l.box[0] > label.box[2] || l.box[2] < label.box[0];
    if (l.page === label.page && beside && j - i <= 4) continue;
    if (l.page !== label.page || Math.abs(l.box[0] - label.box[0]) > label.size * 0.6) break;
    if (gap < -label.size * 0.3 || gap > Math.max(label.size, l.size) * 0.9) break;
    if (lines.length === 0 ? !setApart(label, l) : Math.abs(l.size - lines[0]!.size) > 0.5) break;
    if (keyKind(l.text.trim()) || /:\s/.test(l.text)) break;
    lines.push(l);
    previous = l;
  }
  // a value, not a paragraph: short, and not a sentence
  const value = lines.map((l) => l.text).join(' ');
  if (lines.length === 0 || value.split(/\s+/).length > 16 || /\b[a-z]{3,}[.!?]$/.test(value))
    return undefined;
  return lines;
}

/**
 * A label ending in a colon with its value printed beside it, read as a line of its own (a cover
 * block set as two columns: 'Effective Period:' … '07/01/2026 - 12/31/2026'): the nearest line to
 * its right on the same baseline. Returns it, or undefined.
 */
export function besideValue(items: AnalyzedDocument['items'], i: number): Line | undefined {
  const item = items[i];
  if (item?.kind !== 'line') return undefined;
  const label = item.line;
  const text = label.text.trim();
  // ('Job Class' … 'Active' on one baseline: a class label without its colon, beside one short
  // value alone on that line; other labels without a colon are too often a table's headings)
  const colon = /:$/.test(text);
  const key = colon ? text.slice(0, -1).trim() : text;
  if (key.split(/\s+/).length > 5 || !keyKind(key)) return undefined;
  if (!colon && keyKind(key)?.kind !== 'className') return undefined;
  const mid = (label.box[1] + label.box[3]) / 2;
  let best: Line | undefined;
  let count = 0;
  for (let j = Math.max(0, i - 12); j < Math.min(items.length, i + 13); j++) {
    const other = items[j];
    if (j === i || other?.kind !== 'line' || other.line.page !== label.page) continue;
    const l = other.line;
    const lineMid = (l.box[1] + l.box[3]) / 2;
    if (Math.abs(lineMid - mid) > label.size * 0.6 || l.box[0] < label.box[2]) continue;
    if (l.box[0] - label.box[2] > label.size * 30) continue;
    if (/:$/.test(l.text.trim()) || keyKind(l.text.trim())) continue;
    if (!best || l.box[0] < best.box[0]) best = l;
    count++;
  }
  if (!colon && (count !== 1 || !best || best.text.trim().split(/\s+/).length > 4))
    return undefined;
  return best;
}

export function collectLineKeyValues(doc: AnalyzedDocument, facts: Facts): void {
  for (const [i, item] of doc.items.entries()) {
    // a line in another coverage's section (medical, COBRA's wellness rewards, dependent care) says
    // nothing of dental or vision (convention 5): '… determined by your Medical Plan eligibility:
    // JPMC Medical Plan Option 1 …', '… eligible until they reach their 13th birthday'
    if (item.kind !== 'line' || item.scope.otherCoverage) continue;
    const stacked = stackedValue(doc.items, i);
    if (stacked) {
      const value = cleanValue(joinWrapped(stacked.map((l) => l.text)));
      recordKeyValue(
        facts,
        item.line.text.trim(),
        value,
        sourceOfLines(stacked),
        item.scope,
        item.order,
      );
      continue;
    }
    const beside = besideValue(doc.items, i);
    if (beside) {
      recordKeyValue(
        facts,
        item.line.text.trim().replace(/:$/, '').trim(),
        cleanValue(beside.text),
        sourceOfLines([beside]),
        item.scope,
        item.order,
      );
      continue;
    }
    const more = continuation(doc.items, i);
    const text = more ? `${item.line.text} ${more.text}` : item.line.text;
    const lines = more ? [item.line, more] : [item.line];
    // 'Coverage is underwritten by Acme Life Insurance Company'
    const insurer = text.match(UNDERWRITTEN);
    if (
      insurer &&
      (/\b(insurance|assurance|life|company|corporation|inc)\b/i.test(insurer[1]!) ||
        // 'underwritten by Blue Shield of California': a plan insurer's own kind of name
        (/^(?:underwritten|insured|issued)\b/i.test(insurer[0]) &&
          /\b(blue (cross|shield)|dental|health|mutual)\b/i.test(insurer[1]!)))
    ) {
      facts.add(
        'underwriter',
        evidence(
          insurer[1]!
            // 'Acme Life Insurance Corp. Vision network services …': the name ends at its
            // abbreviation when a new sentence starts after it
            .replace(/^(.*?\b(?:inc|corp|co|ltd|llc))\.\s+[A-Z].*$/i, '$1.')
            // '… Life Insurance Company. Quote LFG-…': a full stop after a whole word ends it
            .replace(/^(.*?\b[A-Z][a-z]{2,})\.\s+[A-Z].*$/, '$1')
            .replace(/\s+(of|and|&)$/i, '')
            // a sentence's full stop, not an abbreviation's ('Acme Vision, Inc.')
            .replace(/(?<!\b(?:inc|co|corp|ltd|llc))\.$/i, '')
            .trim(),
          sourceOfLines(lines),
          'prose',
        ),
        item.scope.product ? { product: item.scope.product } : {},
        item.order,
      );
    }
    // 'Coverage will be effective on January 1, 2027': for every product, below a labelled date;
    // a sentence about one product dates that product, one about another coverage none of ours
    const effective = effectiveDateInProse(text);
    const dated = effective ? proseDateScope(text) : undefined;
    if (effective && dated)
      facts.add(
        'effectiveDate',
        evidence(effective, sourceOfLines(lines), 'prose'),
        dated,
        item.order,
      );
    // 'Both plans are offered on a voluntary basis'
    const funding = contributionInProse(text);
    if (funding)
      facts.add(
        'contribution',
        evidence(funding, sourceOfLines(lines), 'prose'),
        item.scope.product ? { product: item.scope.product } : {},
        item.order,
      );
    // 'Dependent children are covered through the end of the year in which they turn 26'
    // (a sentence listing the eligible dependents may run over a third line in a narrow column)
    const third = more ? continuation(doc.items, i + 1) : undefined;
    const childAge =
      childAgeInProse(text) ?? (third ? childAgeInProse(`${text} ${third.text}`) : undefined);
    if (childAge) {
      facts.add(
        'childAges',
        evidence(
          childAge,
          sourceOfLines(third && !childAgeInProse(text) ? [...lines, third] : lines),
          'prose',
        ),
        item.scope.product ? { product: item.scope.product } : {},
        item.order,
      );
    }
    // 'Orthodontia is limited to dependent children under age 19'
    const orthoPersons = orthoPersonsInProse(text);
    if (orthoPersons) {
      for (const kind of ['orthoPersonsIn', 'orthoPersonsOut'] as const)
        facts.add(
          kind,
          evidence(orthoPersons, sourceOfLines(lines), 'prose'),
          { product: 'dental', ...(item.scope.classRef ? { classRef: item.scope.classRef } : {}) },
          item.order,
        );
    }
    // 'Class 1: Salaried employees working 30 or more hours per week'
    const ref = item.heading ? undefined : classRefIn(text);
    const defined = ref ? text.match(/^\s*\S+\s+\S+\s*:\s+(.+)$/) : undefined;
    if (ref && defined && defined[1]!.split(/\s+/).length >= 2 && !/\$\s?\d|%/.test(defined[1]!)) {
      facts.add(
        'classDefinition',
        evidence(cleanValue(defined[1]!.replace(/[.;]+$/, '')), sourceOfLines(lines), 'keyValue'),
        { classRef: ref },
        item.order,
      );
      continue;
    }
    for (const kv of keyValuesOfLine(text)) {
      recordKeyValue(facts, kv.key, kv.value, sourceOfLines(lines), item.scope, item.order);
    }
  }
}
