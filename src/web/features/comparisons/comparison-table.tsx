import type { ClassGroup, ComparisonCell, Difference } from '../../../shared/comparisons/model.ts';

const money = (v: number) =>
  `${v < 0 ? '−' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signedMoney = (v: number) => (v > 0 ? `+${money(v)}` : money(v));
const percent = (v: number | null) =>
  v === null ? '' : ` (${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}%)`;

function Value({ cell }: { cell: ComparisonCell | null }) {
  if (!cell) return <span className="muted">—</span>;
  return (
    <span
      className={`cmp-value${cell.best ? ' best' : ''}${cell.flagged ? ' flagged' : ''}`}
      title={
        cell.flagged ? 'Low confidence and not reviewed: check it against the document' : undefined
      }
    >
      {cell.text}
      {cell.best ? (
        <span className="cmp-mark">
          <span aria-hidden="true"> ★</span>
          <span className="visually-hidden"> (best)</span>
        </span>
      ) : null}
      {cell.flagged ? (
        <span className="cmp-mark">
          <span aria-hidden="true"> ⚠</span>
          <span className="visually-hidden"> (check against the document)</span>
        </span>
      ) : null}
    </span>
  );
}

function DiffLine({ d, what }: { d: Difference | null; what: string }) {
  if (!d) return null;
  if (d.dollars === 0) return <span className="cmp-diff same">= {what}</span>;
  return (
    <span className={`cmp-diff ${d.dollars > 0 ? 'more' : 'less'}`}>
      {signedMoney(d.dollars)}
      {percent(d.percent)} vs {what}
    </span>
  );
}

/**
 * One class group of a product's comparison (issue 14): a column per proposal (carrier, plan,
 * class), rows of plan design, and rates per tier with annual, to-lowest and to-baseline lines.
 */
export function ComparisonTable({
  group,
  baselineId,
  actions,
}: {
  group: ClassGroup;
  baselineId: string | null;
  /** Buttons under a column's heading (Use for billing). */
  actions?: (column: ClassGroup['columns'][number]) => React.ReactNode;
}) {
  const width = group.columns.length;
  return (
    <div className="cmp-scroll">
      <table className="cmp-table">
        <caption className="visually-hidden">Comparison of {group.name}</caption>
        <thead>
          <tr>
            <th scope="col" className="cmp-label">
              Class: {group.name}
            </th>
            {group.columns.map((c) => (
              <th
                key={c.documentId}
                scope="col"
                className={c.documentId === baselineId ? 'baseline' : undefined}
              >
                <span className="cmp-carrier">{c.carrier ?? c.documentName}</span>
                <span className="cmp-plan">{c.plan ?? c.documentName}</span>
                <span className="cmp-class muted small">{c.className ?? 'no matching class'}</span>
                {c.documentId === baselineId ? (
                  <span className="cmp-baseline small">Baseline</span>
                ) : null}
                {actions && c.className ? <span className="cmp-actions">{actions(c)}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {group.rates.length ? (
            <tr className="cmp-section">
              <th scope="rowgroup" colSpan={width + 1}>
                Rates (monthly)
              </th>
            </tr>
          ) : null}
          {group.rates.map((rate) => (
            <tr key={rate.key}>
              <th scope="row" className="cmp-label">
                {rate.tier}
              </th>
              {rate.monthly.map((cell, i) => (
                <td key={group.columns[i]!.documentId}>
                  <Value cell={cell} />
                  {rate.annual[i] !== null ? (
                    <span className="cmp-diff">{money(rate.annual[i]!)} a year</span>
                  ) : null}
                  <DiffLine d={rate.toLowest[i] ?? null} what="lowest" />
                  {group.columns[i]!.documentId !== baselineId ? (
                    <DiffLine d={rate.toBaseline[i] ?? null} what="baseline" />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
          {group.design.length ? (
            <tr className="cmp-section">
              <th scope="rowgroup" colSpan={width + 1}>
                Plan design
              </th>
            </tr>
          ) : null}
          {group.design.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="cmp-label">
                {row.title}
              </th>
              {row.cells.map((cell, i) => (
                <td key={group.columns[i]!.documentId}>
                  <Value cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
