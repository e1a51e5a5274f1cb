import type { CellView } from '../../../shared/proposals/cell-view.ts';
import type { NetworkRowView, NetworkTableView } from '../../../shared/proposals/view-types.ts';
import { Blank, CellValue, cellProps, EditableContent } from './cell-value.tsx';
import { useValueSelection } from './value-selection.ts';

/**
 * A network table (spec §3 "Display structures"): one grid with the label, In-Network and
 * Out-of-Network columns; each sub-table is a titled band of rows, so the columns line up across
 * them. A value for both networks spans both value columns.
 */
export function NetworkTable({ table }: { table: NetworkTableView }) {
  const [labelColumn, inNetwork, outOfNetwork] = table.columns;
  return (
    <div className="proposal-block">
      <h4 className="block-title">{table.title}</h4>
      <div className="table-scroll">
        <table className="network-table">
          <colgroup>
            <col className="col-label" />
            <col className="col-network" />
            <col className="col-network" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{labelColumn}</th>
              <th scope="col">{inNetwork}</th>
              <th scope="col">{outOfNetwork}</th>
            </tr>
          </thead>
          {table.subTables.map((sub) => (
            <tbody key={sub.key}>
              {sub.title ? (
                <tr className="sub-table-title">
                  <th scope="colgroup" colSpan={3}>
                    {sub.title}
                  </th>
                </tr>
              ) : null}
              {sub.rows.map((row) => (
                <NetworkRow key={row.key} row={row} />
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}

function NetworkRow({ row }: { row: NetworkRowView }) {
  const selection = useValueSelection();
  return (
    <tr>
      <th scope="row" className="row-label">
        {row.label.kind === 'cell' ? (
          <CellValue cell={row.label} className="row-label-value" />
        ) : (
          <div className="row-label-value">{row.label.value}</div>
        )}
        {row.detail ? <CellValue cell={row.detail} className="row-detail" /> : null}
      </th>
      {row.kind === 'span' ? (
        <td colSpan={2} {...cellProps(row.value, 'span', selection)}>
          <EditableContent cell={row.value} />
        </td>
      ) : (
        <>
          <ValueCell cell={row.inNetwork} />
          <ValueCell cell={row.outOfNetwork} />
        </>
      )}
    </tr>
  );
}

function ValueCell({ cell }: { cell: CellView | null }) {
  const selection = useValueSelection();
  if (!cell) {
    return (
      <td>
        <Blank />
      </td>
    );
  }
  return (
    <td {...cellProps(cell, '', selection)}>
      <EditableContent cell={cell} />
    </td>
  );
}
