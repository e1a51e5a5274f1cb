import type { ParsedCell, ParsedData, ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import type { DocumentLayout } from '../layout.ts';
import { analyzeDocument, cellText } from './document.ts';
import { type Evidence, evidence, sourceOfCell, sourceOfLines } from './evidence.ts';
import { keyValuesOfLine, keyValuesOfTable } from './key-values.ts';
import { parsedSource } from './output.ts';
import { beginReading } from './reading-cache.ts';
import { scoreOf } from './scoring.ts';

/**
 * Policy certificates have no schema yet: the reader's key–value pairs become fields and its
 * tables become tables, all under `policyCertificate_…` labels made from the printed labels
 * (`Group Policy Number` → `policyCertificate_groupPolicyNumber`).
 */

const PREFIX = 'policyCertificate';

/** 'Group Policy Number' → 'groupPolicyNumber'. */
export function camelLabel(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return 'value';
  return words
    .map((w, i) =>
      i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
    )
    .join('');
}

export function interpretCertificate(layout: DocumentLayout): ParsedData {
  beginReading();
  const doc = analyzeDocument(layout);
  const items: ParsedItem[] = [];
  const fieldCounts = new Map<string, number>();
  const addField = (key: string, e: Evidence) => {
    let label = `${PREFIX}_${camelLabel(key)}`;
    const n = (fieldCounts.get(label) ?? 0) + 1;
    fieldCounts.set(label, n);
    if (n > 1) label = `${label}${n}`;
    items.push({
      type: 'field',
      label,
      value: e.value,
      score: scoreOf(e),
      source: parsedSource(e),
    });
  };
  const tableNames = new Map<string, number>();
  let lastHeading = '';
  for (const item of doc.items) {
    if (item.kind === 'line') {
      if (item.heading) lastHeading = item.line.text;
      for (const kv of keyValuesOfLine(item.line.text)) {
        addField(kv.key, evidence(kv.value, sourceOfLines([item.line]), 'keyValue'));
      }
      continue;
    }
    const t = item.table;
    const pairs = keyValuesOfTable(t);
    if (pairs.length > 0 && t.table.cols <= 4) {
      for (const kv of pairs) addField(kv.key, evidence(kv.value, kv.source[0]!, 'keyValue'));
      continue;
    }
    let name = camelLabel(t.caption ?? (lastHeading || 'table'));
    const n = (tableNames.get(name) ?? 0) + 1;
    tableNames.set(name, n);
    if (n > 1) name = `${name}${n}`;
    const label = `${PREFIX}_${name}`;
    const columns = t.columns.map((c, i) => (c.heading ? camelLabel(c.heading) : `column${i + 1}`));
    const cells: ParsedCell[] = [];
    t.body.forEach((row, r) => {
      const seen = new Set<unknown>();
      row.cells.forEach((cell, c) => {
        if (!cell || seen.has(cell) || cell.row !== row.row) return;
        seen.add(cell);
        const text = cellText(cell);
        if (!text) return;
        const e = evidence(text, sourceOfCell(cell), 'cell');
        cells.push({
          label: `${label}_${columns[c]}`,
          value: text,
          row: r,
          col: c,
          score: scoreOf(e),
          source: parsedSource(e),
        });
      });
    });
    if (cells.length) items.push({ type: 'table', label, cells });
  }
  return items;
}
