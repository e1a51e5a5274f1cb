import type { ParsedCell, ParsedData, ParsedField } from './parsed-data.ts';

/**
 * A stable name for one value of parsed data (a field or a table cell), so a screen can select
 * and edit it while other values come and go:
 * - a field: `field/{label}`, and `field/{label}/{n}` for its n-th repeat (n ≥ 1);
 * - a cell: `cell/{table}/{row}/{col}`, and `.../{n}` for a repeat at the same place.
 * The same data always gives the same refs; removing one value leaves the others' refs alone.
 */
export type ValueRef = string;

export interface LocatedField {
  ref: ValueRef;
  kind: 'field';
  itemIndex: number;
  value: ParsedField;
}

export interface LocatedCell {
  ref: ValueRef;
  kind: 'cell';
  itemIndex: number;
  cellIndex: number;
  tableLabel: string;
  value: ParsedCell;
}

export type LocatedValue = LocatedField | LocatedCell;

/** Every value of the data with its ref, in document order. */
export function locateValues(data: ParsedData): LocatedValue[] {
  const seen = new Map<string, number>();
  const named = (base: string) => {
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}/${n}`;
  };
  const found: LocatedValue[] = [];
  data.forEach((item, itemIndex) => {
    if (item.type === 'field') {
      found.push({ ref: named(fieldRef(item.label)), kind: 'field', itemIndex, value: item });
      return;
    }
    item.cells.forEach((cell, cellIndex) => {
      found.push({
        ref: named(cellRef(item.label, cell.row, cell.col)),
        kind: 'cell',
        itemIndex,
        cellIndex,
        tableLabel: item.label,
        value: cell,
      });
    });
  });
  return found;
}

export function fieldRef(label: string): ValueRef {
  return `field/${label}`;
}

export function cellRef(tableLabel: string, row: number, col: number): ValueRef {
  return `cell/${tableLabel}/${row}/${col}`;
}

/** The value a ref names, or undefined when the data no longer holds it. */
export function findValue(data: ParsedData, ref: ValueRef): LocatedValue | undefined {
  return locateValues(data).find((v) => v.ref === ref);
}
