import type { CellView } from '../../../shared/proposals/cell-view.ts';
import type { TableView } from '../../../shared/proposals/view-types.ts';
import { Blank, cellProps, EditableContent } from './cell-value.tsx';
import { FieldTiles } from './field-group.tsx';
import { useValueSelection } from './value-selection.ts';

const amount = /^[-+]?[$€£]?\s*[-+]?\d[\d,]*(?:\.\d+)?\s*%?$/;

/** A column whose every value is an amount (`$34.18`, `80%`, `12`) is right-aligned to scan. */
function numericColumns(table: TableView): boolean[] {
  return table.columns.map((_, col) => {
    const values = table.rows
      .map((row) => row.cells[col])
      .filter((cell): cell is CellView => cell != null);
    return values.length > 0 && values.every((cell) => amount.test(cell.value));
  });
}

/** A grid such as the rate tiers of a class; values that hold for every row are shown above it. */
export function DataTable({ table }: { table: TableView }) {
  const numeric = numericColumns(table);
  const selection = useValueSelection();
  return (
    <div className="proposal-block">
      <h4 className="block-title">{table.title}</h4>
      {table.fields.length > 0 ? <FieldTiles fields={table.fields} /> : null}
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              {table.columns.map((column, col) => (
                <th key={column.key} scope="col" className={numeric[col] ? 'num' : undefined}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, col) =>
                  cell ? (
                    <td
                      key={table.columns[col]!.key}
                      {...cellProps(cell, numeric[col] ? 'num' : '', selection)}
                    >
                      <EditableContent cell={cell} />
                    </td>
                  ) : (
                    <td key={table.columns[col]!.key}>
                      <Blank />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
