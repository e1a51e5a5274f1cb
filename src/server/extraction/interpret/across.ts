import type { Cell } from '../layout.ts';
import { type AnalyzedTable, cellText, classRefIn } from './document.ts';
import { dentalRowKind, isOptionName, VISION_SERVICE } from './vocabulary.ts';

/**
 * Benefit grids laid out across: one row per class or plan, one column per benefit item
 * (Class | Deductible | Annual Maximum | Preventive | Basic | Major), the way multi-class summaries
 * and spreadsheets print them. Each row is turned into the usual grid (benefit | value) of its
 * class, so the dental and vision readers apply unchanged.
 */

function isBenefitHeading(heading: string): boolean {
  return dentalRowKind(heading, '') !== 'other' || VISION_SERVICE.test(heading);
}

/** The class or plan a row of such a grid is for; undefined when the row names none. */
function rowOwner(text: string): string | undefined {
  return classRefIn(text) ? text : isOptionName(text) ? text : undefined;
}

/** Whether the table is a benefit grid with the benefit items across the top. */
export function isBenefitGridAcross(t: AnalyzedTable): boolean {
  if (t.headerRows === 0 || t.table.cols < 4 || t.body.length === 0) return false;
  const items = t.columns.filter((c) => c.index > 0 && isBenefitHeading(c.heading));
  if (items.length < 3) return false;
  const owners = t.body.map((r) => rowOwner(cellText(r.cells[0])));
  return t.body.length === 1 || owners.every(Boolean);
}

function moved(cell: Cell, row: number, col: number, header: boolean): Cell {
  return { ...cell, row, col, rowSpan: 1, colSpan: 1, header };
}

/**
 * One grid per row of a benefit grid across: the column headings become row labels, the row's
 * cells their values (one value column: both networks), scoped to the row's class or plan; `owner`
 * is the plan option a row names (to be registered as an option), undefined for a class.
 */
export function gridsOfRows(t: AnalyzedTable): Array<{ grid: AnalyzedTable; owner?: string }> {
  const firstBody = t.body[0]?.row ?? t.headerRows;
  const headingCell = (col: number) =>
    [...t.table.cells]
      .reverse()
      .find((c) => c.row < firstBody && col >= c.col && col < c.col + c.colSpan);
  return t.body.map((row) => {
    const ownerCell = row.cells[0];
    const owner = rowOwner(cellText(ownerCell));
    const cells: Cell[] = [];
    const body: AnalyzedTable['body'] = [];
    const label0 = headingCell(0);
    if (label0) cells.push(moved(label0, 0, 0, true));
    if (ownerCell) cells.push(moved(ownerCell, 0, 1, true));
    let r = 1;
    for (const col of t.columns) {
      if (col.index === 0) continue;
      const label = headingCell(col.index);
      const value = row.cells[col.index];
      if (!label || !value || value.row !== row.row) continue;
      const l = moved(label, r, 0, false);
      const v = moved(value, r, 1, false);
      cells.push(l, v);
      body.push({ row: r, cells: [l, v] });
      r++;
    }
    const heading = owner ?? 'Value';
    const grid: AnalyzedTable = {
      table: { ...t.table, rows: r, cols: 2, cells, headerRows: 1 },
      headerRows: 1,
      columns: [
        { index: 0, path: ['Benefit'], heading: 'Benefit' },
        { index: 1, path: [heading], heading },
      ],
      body,
      scope: owner ? { ...t.scope, classRef: classRefIn(owner) ?? owner } : t.scope,
      ...(t.heading ? { heading: t.heading } : {}),
      order: t.order,
    };
    return owner && !classRefIn(owner) ? { grid, owner } : { grid };
  });
}
