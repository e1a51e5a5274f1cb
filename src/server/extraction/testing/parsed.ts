import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';

/** Test helpers over parsed data: a field's value, a table's rows as column → value records. */

export function fieldValue(data: ParsedData, label: string): string | undefined {
  const item = data.find((i) => i.type === 'field' && i.label === label);
  return item?.type === 'field' ? item.value : undefined;
}

export function tableRows(data: ParsedData, label: string): Array<Record<string, string>> {
  const rows = new Map<string, Record<string, string>>();
  data.forEach((item, index) => {
    if (item.type !== 'table' || item.label !== label) return;
    for (const cell of item.cells) {
      const key = `${index}:${cell.row}`;
      const row = rows.get(key) ?? {};
      row[cell.label.slice(label.length + 1)] = cell.value;
      rows.set(key, row);
    }
  });
  return [...rows.values()];
}
