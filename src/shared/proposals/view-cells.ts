import type { CellView } from './cell-view.ts';
import type { ProposalView, SectionContentView } from './view-types.ts';

/**
 * Every value a proposal screen shows, in the order it shows them: per product its fields,
 * tables and network tables, then each class's. Text the app wrote (row titles) is left out.
 */
export function viewCells(view: ProposalView): CellView[] {
  return view.products.flatMap((product) => [
    ...sectionCells(product),
    ...product.classes.flatMap(sectionCells),
  ]);
}

function sectionCells(content: SectionContentView): CellView[] {
  const cells: Array<CellView | null> = [];
  for (const group of content.fieldGroups) cells.push(...group.fields.map((f) => f.cell));
  for (const table of content.tables) {
    cells.push(...table.fields.map((f) => f.cell));
    for (const row of table.rows) cells.push(...row.cells);
  }
  for (const table of content.networkTables) {
    for (const sub of table.subTables) {
      for (const row of sub.rows) {
        if (row.label.kind === 'cell') cells.push(row.label);
        cells.push(row.detail);
        if (row.kind === 'span') cells.push(row.value);
        else cells.push(row.inNetwork, row.outOfNetwork);
      }
    }
  }
  return cells.filter((c): c is CellView => c !== null);
}

/** The key a screen selects a shown value by: its first ref (stable across edits). */
export function cellKey(cell: CellView): string | undefined {
  return cell.refs?.[0];
}
