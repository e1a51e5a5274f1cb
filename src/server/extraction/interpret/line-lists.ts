import type { Cell, Line, Table, Word } from '../layout.ts';
import { makeLine } from '../read/lines.ts';
import { type AnalyzedDocument, type AnalyzedTable, analyzeTable } from './document.ts';
import type { Scope } from './evidence.ts';
import { pairSlots, splitPair } from './values.ts';
import {
  BENEFIT_VALUE,
  DENTAL_CATEGORY,
  dentalRowKind,
  isOrthodontic,
  isTierLabel,
  keyKind,
  productsNamed,
  VISION_SERVICE,
} from './vocabulary.ts';

/**
 * Benefits printed as a list of 'Label: value' lines instead of a grid ('Preventive (exams,
 * cleanings): 100% / 100%', 'Exam: $10 copay / Up to $45'), usually under a hint such as
 * 'Amounts shown as In-Network / Out-of-Network'. Each run of such lines in a product section
 * becomes a table (label | in-network | out-of-network) read like any benefit grid: a value pair
 * fills both network columns, a single value spans them.
 */

const LABELLED = /^([^:]{2,70}?):\s+(\S.*)$/;

/** A list line's label is a benefit: a dental row or a vision service, not a plan fact. */
function isBenefitLabel(label: string): boolean {
  if (keyKind(label)) return false;
  return (
    dentalRowKind(label, '') !== 'other' ||
    DENTAL_CATEGORY.test(label) ||
    VISION_SERVICE.test(label)
  );
}

/** The words of a line before and after its first 'Label:' colon, as lines of their own. */
function splitLine(line: Line, labelText: string, valueText: string): [Line, Line] {
  const k = line.words.findIndex((w) => /:$/.test(w.text));
  if (line.words.length > 1 && k >= 0 && k < line.words.length - 1) {
    const strip = (w: Word): Word => ({ ...w, text: w.text.replace(/:$/, '') });
    return [
      makeLine(line.words.slice(0, k + 1).map(strip), line.page),
      makeLine(line.words.slice(k + 1), line.page),
    ];
  }
  // one word per line (DOCX paragraphs): the same box for both parts
  const part = (text: string): Line => ({
    ...line,
    text,
    words: [{ ...line.words[0]!, text }],
  });
  return [part(labelText), part(valueText)];
}

function cell(text: string, lines: Line[], row: number, col: number, colSpan = 1): Cell {
  return { text, lines, row, col, rowSpan: 1, colSpan, page: lines[0]?.page ?? 1 };
}

/** Benefit tables made from runs of labelled lines, in the document's reading order. */
export function listTables(doc: AnalyzedDocument): AnalyzedTable[] {
  const out: AnalyzedTable[] = [];
  let run: Array<{ line: Line; label: string; value: string; order: number }> = [];
  let scope: Scope = {};
  // plan-wide amounts ('Calendar Year Deductible: $50', 'Annual Maximum: $1,500') count alone
  const planWide = (label: string) =>
    /^(deductible\w*|annualMaximum|orthoMaximum)$/.test(dentalRowKind(label, ''));
  const flush = () => {
    if ((run.length >= 3 || run.every((r) => planWide(r.label))) && run.length && scope.product)
      out.push(tableOf(run, scope));
    run = [];
  };
  for (const item of doc.items) {
    if (item.kind !== 'line') {
      flush();
      continue;
    }
    if (item.heading || item.scope.product !== scope.product) {
      flush();
      scope = item.scope;
    }
    const m = item.line.text.trim().match(LABELLED);
    if (!m) continue;
    const label = m[1]!.trim();
    const value = m[2]!.trim().replace(/\.$/, '');
    if (isBenefitLabel(label) && (BENEFIT_VALUE.test(value) || isOrthodontic(label)))
      run.push({ line: item.line, label, value, order: item.order });
  }
  flush();
  return out;
}

function tableOf(
  run: Array<{ line: Line; label: string; value: string; order: number }>,
  scope: Scope,
): AnalyzedTable {
  const first = run[0]!.line;
  const heading = (text: string, col: number): Cell =>
    cell(text, [{ ...first, text, words: [{ ...first.words[0]!, text }] }], 0, col);
  const cells: Cell[] = [
    heading('Benefit', 0),
    heading('In-Network', 1),
    heading('Out-of-Network', 2),
  ];
  run.forEach((r, i) => {
    const row = i + 1;
    const [labelLine, valueLine] = splitLine(r.line, r.label, r.value);
    cells.push(cell(r.label, [{ ...labelLine, text: r.label }], row, 0));
    // the label names the two slots ('Deductible (individual / family)'): one value for both
    // networks; otherwise a pair is in- and out-of-network
    const slotsInLabel = /\([^)]*\/[^)]*\)/.test(r.label) || pairSlots(r.value).family === true;
    const parts = r.value.split(/\s+\/\s+/);
    const pair = !slotsInLabel && parts.length === 2 ? parts : undefined;
    if (pair && (splitPair(r.value) || pair.every((p) => p.trim()))) {
      const left = { ...valueLine, text: pair[0]!.trim() };
      const right = { ...valueLine, text: pair[1]!.trim() };
      cells.push(cell(pair[0]!.trim(), [left], row, 1), cell(pair[1]!.trim(), [right], row, 2));
    } else {
      cells.push(cell(r.value, [{ ...valueLine, text: r.value }], row, 1, 2));
    }
  });
  const table: Table = {
    rows: run.length + 1,
    cols: 3,
    cells,
    headerRows: 1,
    page: first.page,
    origin: 'markup',
  };
  return analyzeTable(table, scope, run[0]!.order);
}

/** A line that only names rates ('Monthly Rates:', 'Monthly Premiums'). */
const RATES_LINE = /^(monthly\s+)?(rates?|premiums?)\s*:?$/i;
/** One amount of money ('$54.00', '$1,101'). */
const ONE_AMOUNT = /^\$\s?\d[\d,]*(\.\d{2})?$/;

/**
 * Rates printed as lines under a line naming them ('Monthly Rates:' over 'Individual subscriber:
 * $54.00', 'Family (3 or more people): $152.00'): each run of two or more 'Tier: $amount' lines
 * becomes a rate table (tier | the rates line's words).
 */
export function rateLineTables(doc: AnalyzedDocument): AnalyzedTable[] {
  const out: AnalyzedTable[] = [];
  const items = doc.items;
  for (let i = 0; i < items.length; i++) {
    const head = items[i]!;
    if (head.kind !== 'line' || !RATES_LINE.test(head.line.text.trim())) continue;
    const run: Array<{ line: Line; label: string; value: string }> = [];
    for (let j = i + 1; j < items.length; j++) {
      const item = items[j]!;
      if (item.kind !== 'line') break;
      const m = item.line.text.trim().match(LABELLED);
      if (!m || !isTierLabel(m[1]!.trim()) || !ONE_AMOUNT.test(m[2]!.trim())) break;
      run.push({ line: item.line, label: m[1]!.trim(), value: m[2]!.trim() });
    }
    if (run.length < 2) continue;
    const heading = head.line.text.trim().replace(/:$/, '');
    const at = (text: string, line: Line): Line[] => [{ ...line, text }];
    const cells: Cell[] = [
      cell('Tier', at('Tier', head.line), 0, 0),
      cell(heading, at(heading, head.line), 0, 1),
    ];
    run.forEach((r, k) => {
      const [labelLine, valueLine] = splitLine(r.line, r.label, r.value);
      cells.push(
        cell(r.label, [{ ...labelLine, text: r.label }], k + 1, 0),
        cell(r.value, [{ ...valueLine, text: r.value }], k + 1, 1),
      );
    });
    const table: Table = {
      rows: run.length + 1,
      cols: 2,
      cells,
      headerRows: 1,
      page: head.line.page,
      origin: 'markup',
    };
    // (the text before them on their page speaks of both coverages, 'the dental and vision coverage
    // you need at a low, bundled-plan rate': the rates are the plan's, each product's)
    const before = items
      .slice(0, i)
      .filter((b): b is Extract<typeof b, { kind: 'line' }> => b.kind === 'line')
      .filter((b) => b.line.page === head.line.page);
    const both = before.some((b) => productsNamed(b.line.text).length === 2);
    const products = both ? (['dental', 'vision'] as const) : [head.scope.product];
    for (const product of products)
      out.push(analyzeTable(table, { ...head.scope, ...(product ? { product } : {}) }, head.order));
    i += run.length;
  }
  return out;
}
