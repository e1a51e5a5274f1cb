import type { Line } from '../layout.ts';
import { pickFact } from './classes.ts';
import type { AnalyzedDocument } from './document.ts';
import { type Evidence, evidence, sourceOfLines } from './evidence.ts';
import { Facts } from './facts.ts';
import { keyValuesOfLine } from './key-values.ts';
import { findEffectiveDate } from './values.ts';
import { keyKind, type Product } from './vocabulary.ts';

/**
 * The plan's effective date: what an effective-date label, a plan-year or coverage-period label or
 * a sentence ('Coverage will be effective on …') gives (collected as facts), else a label set
 * above its value anywhere on the page ('Effective Date:' over '01/01/2025' in a side panel),
 * else a running header or footer that prints one. Print, revision, creation and form dates
 * ('Rev. 03/2024', 'Printed 4/25/25', '© 2021', '(07/25)') are never taken; they date the
 * document, and a date years before the document was printed ('These rates are effective January
 * 1, 2013' in a 2021 summary) dates something else (a fee schedule), not the coverage.
 */
export function effectiveDateOf(
  doc: AnalyzedDocument,
  facts: Facts,
  product: Product,
): Evidence | undefined {
  const printed = documentYear(doc);
  const plausible = (e: Evidence | undefined) => {
    if (!e) return undefined;
    const year = yearOf(e.value);
    return printed === undefined || year === undefined || year >= printed - 1 ? e : undefined;
  };
  // the dated facts the document's own print date allows, picked as any fact is
  const kept = new Facts();
  for (const f of facts.facts)
    if (f.kind === 'effectiveDate' && plausible(f.evidence))
      kept.add(f.kind, f.evidence, f.scope, f.order);
  return (
    pickFact(kept, 'effectiveDate', product) ??
    plausible(labelAbove(doc)) ??
    plausible(inFurniture(doc))
  );
}

/** The four-digit year of a date as printed ('01/01/25' → 2025). */
export function yearOf(date: string): number | undefined {
  const four = date.match(/\b(19|20)\d{2}\b/);
  if (four) return Number(four[0]);
  const two = date.match(/[/.-](\d{2})\s*$/);
  return two ? 2000 + Number(two[1]) : undefined;
}

const PRINT_YEAR =
  /(?:©|\(c\)|\bcopyright\b)\s*(?:(?:19|20)\d{2}\s*[-–]\s*)?((?:19|20)\d{2})\b|\b(?:rev(?:ised|ision)?\.?|printed|created|prepared|updated)(?:\s+(?:on|date|dated))?[\s:.,]*(?:\d{1,2}[/.-]){1,2}((?:19|20)?\d{2})\b/gi;

/** A word every print, revision or creation date holds: texts without one are not searched. */
const PRINT_WORD = /©|\(c\)|copyright|rev|printed|created|prepared|updated/i;

/**
 * The latest year the document says it was printed, revised or created in ('© 2021', 'Rev.
 * 03/2024', 'Plan summary created on: 4/25/25'); undefined when it says none.
 */
export function documentYear(doc: AnalyzedDocument): number | undefined {
  let latest: number | undefined;
  const texts = [
    ...doc.items.flatMap((i) =>
      i.kind === 'line' ? [i.line.text] : i.table.table.cells.map((c) => c.text),
    ),
    ...doc.furniture.map((l) => l.text),
  ];
  for (const text of texts) {
    if (!PRINT_WORD.test(text)) continue;
    for (const m of text.matchAll(PRINT_YEAR)) {
      const raw = m[1] ?? m[2];
      if (!raw) continue;
      const year = raw.length === 2 ? 2000 + Number(raw) : Number(raw);
      if (year < 1990 || year > 2100) continue;
      latest = latest === undefined ? year : Math.max(latest, year);
    }
  }
  return latest;
}

/** Whether a line is only an effective-date label ('Effective Date:', 'EFFECTIVE DATE'). */
function isDateLabel(text: string): boolean {
  const t = text.trim().replace(/:$/, '');
  return t.split(/\s+/).length <= 5 && !/\d/.test(t) && keyKind(t)?.kind === 'effectiveDate';
}

/**
 * A date set right below an effective-date label at the same left edge (a side panel, a fact
 * box), or on the label's row to its right (a two-column fact list read as separate lines); found
 * by position, whatever order the lines were read in.
 */
function labelAbove(doc: AnalyzedDocument): Evidence | undefined {
  const lines: Line[] = doc.items.flatMap((i) => (i.kind === 'line' ? [i.line] : []));
  for (const label of lines) {
    if (!isDateLabel(label.text)) continue;
    const samePage = lines.filter((l) => l !== label && l.page === label.page);
    const below = samePage
      .filter(
        (l) =>
          Math.abs(l.box[0] - label.box[0]) <= label.size * 0.6 &&
          l.box[1] >= label.box[3] - label.size * 0.3 &&
          l.box[1] - label.box[3] <= Math.max(label.size, l.size) * 0.9,
      )
      .sort((a, b) => a.box[1] - b.box[1])[0];
    // on the row: overlapping most of the label's height, the nearest to its right
    const overlap = (l: Line) =>
      Math.min(l.box[3], label.box[3]) - Math.max(l.box[1], label.box[1]);
    const right = samePage
      .filter(
        (l) =>
          l.box[0] >= label.box[2] - label.size * 0.2 &&
          overlap(l) >= 0.5 * Math.min(label.box[3] - label.box[1], l.box[3] - l.box[1]),
      )
      .sort((a, b) => a.box[0] - b.box[0])[0];
    for (const value of [below, right]) {
      if (!value || value.text.split(/\s+/).length > 6) continue;
      const date = findEffectiveDate(value.text);
      if (date) return evidence(date, sourceOfLines([value]), 'keyValue');
    }
  }
  return undefined;
}

/** 'Effective Date: 01/01/2027' in a running header or footer. */
function inFurniture(doc: AnalyzedDocument): Evidence | undefined {
  for (const line of doc.furniture) {
    for (const kv of keyValuesOfLine(line.text)) {
      if (keyKind(kv.key)?.kind !== 'effectiveDate') continue;
      const date = findEffectiveDate(kv.value);
      if (date) return evidence(date, sourceOfLines([line]), 'keyValue');
    }
  }
  return undefined;
}
