import type { ParsedCell, ParsedItem } from '../../../shared/proposals/parsed-data.ts';
import { valueFitsSlot } from './vocabulary.ts';

/**
 * Values the domain rejects: a cell whose value cannot fill its slot (a sentence where a coverage
 * level belongs, a fragment of a limitation where a deductible belongs) is a misreading of the
 * table, so it is left out; a row whose every value was rejected was no row of benefits at all
 * (a wrapped sentence read as a service), so its labels go too.
 */

/** Columns that name a row rather than give one of its values. */
export const LABEL_COLUMNS = new Set([
  'class',
  'serviceTypeLabel',
  'serviceTypeTitle',
  'serviceTypeList',
  'servicesAndMaterials',
  'rateTier',
]);

export function rejectUnfitValues(items: ParsedItem[]): ParsedItem[] {
  return items.flatMap((item): ParsedItem[] => {
    if (item.type !== 'table') return [item];
    const prefix = `${item.label}_`;
    const column = (c: ParsedCell) => c.label.slice(prefix.length);
    const rows = new Map<number, ParsedCell[]>();
    for (const c of item.cells) rows.set(c.row, [...(rows.get(c.row) ?? []), c]);
    const cells: ParsedCell[] = [];
    let next = 0;
    for (const row of rows.values()) {
      const values = row.filter((c) => !LABEL_COLUMNS.has(column(c)));
      const kept = values.filter((c) => valueFitsSlot(column(c), c.value));
      if (values.length > 0 && kept.length === 0) continue;
      const r = next++;
      for (const c of row)
        if (LABEL_COLUMNS.has(column(c)) || kept.includes(c)) cells.push({ ...c, row: r });
    }
    return cells.length ? [{ ...item, cells }] : [];
  });
}
