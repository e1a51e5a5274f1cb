import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { tableDefinitions } from '../../../shared/fields/catalogue.ts';
import {
  analyseFields,
  type FieldAnalysis,
  type FieldState,
  fieldStateKey,
  fieldStateText,
} from '../../../shared/proposals/field-analysis.ts';
import { ExtractionStatus } from './extraction-status.tsx';
import { proposalPath, useCarrierProposal } from './use-carrier-proposal.ts';

const tableLabels = new Set(tableDefinitions.map((t) => t.label));

const stateIcon: Record<FieldState, string> = {
  withData: '✓',
  withoutData: '–',
  missing: '✕',
  unexpected: '?',
};

/** A state as a mark and its words, so it never rests on colour alone. */
export function FieldStateBadge({ state }: { state: FieldState }) {
  return (
    <span className={`state-badge state-${state}`}>
      <span className="state-icon" aria-hidden>
        {stateIcon[state]}
      </span>
      {fieldStateText[state]}
    </span>
  );
}

/**
 * /documents/carrierProposals/{id}/debug (spec §2 "Proposal debug view"): a key of the three
 * states, then every expected label with its state, grouped by product; labels the response held
 * that the catalogue does not expect are listed after them.
 */
export function ProposalDebug({ pollIntervalMs }: { pollIntervalMs?: number }) {
  const { id = '' } = useParams();
  const lookup = useCarrierProposal(id, { pollIntervalMs });
  const proposal = lookup.state === 'found' ? lookup.proposal : null;
  const data = proposal?.data ?? null;
  const analysis = useMemo(() => analyseFields(data), [data]);
  const ready = lookup.state === 'found' || lookup.state === 'notFound';

  return (
    <section className="page debug-page">
      <Link className="back-link" to={proposalPath(id)}>
        ← Back to Proposal
      </Link>
      <h1>Field Analysis</h1>
      {proposal ? <p className="muted debug-subtitle">{proposal.name}</p> : null}
      {lookup.state === 'loading' ? <p className="muted">Loading Carrier Proposal...</p> : null}
      {lookup.state === 'error' ? <p className="error">Error: {lookup.message}</p> : null}
      {lookup.state === 'notFound' ? (
        <p className="empty" role="status">
          Carrier proposal not found: no field came back.
        </p>
      ) : null}
      {proposal ? <ExtractionStatus status={proposal.status} error={proposal.error} /> : null}
      {ready ? <FieldAnalysisReport analysis={analysis} /> : null}
    </section>
  );
}

export function FieldAnalysisReport({ analysis }: { analysis: FieldAnalysis[] }) {
  const expected = analysis.filter((a) => a.state !== 'unexpected');
  const unexpected = analysis.filter((a) => a.state === 'unexpected');
  const products = [...new Set(expected.map((a) => a.product))];
  const count = (state: FieldState) => expected.filter((a) => a.state === state).length;
  return (
    <>
      <section className="section debug-key" aria-labelledby="debug-key-heading">
        <h2 id="debug-key-heading">Key</h2>
        <ul className="state-key">
          {fieldStateKey.map((state) => (
            <li key={state}>
              <FieldStateBadge state={state} />
              <span className="state-count">
                {count(state)} of {expected.length}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {products.map((product) => (
        <LabelTable
          key={product}
          title={product}
          rows={expected.filter((a) => a.product === product)}
        />
      ))}
      {unexpected.length > 0 ? (
        <LabelTable title={fieldStateText.unexpected} rows={unexpected} showProduct />
      ) : null}
    </>
  );
}

function LabelTable({
  title,
  rows,
  showProduct = false,
}: {
  title: string;
  rows: FieldAnalysis[];
  showProduct?: boolean;
}) {
  return (
    <section className="section" aria-label={title}>
      <h2>{title}</h2>
      <table className="debug-table">
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Field</th>
            {showProduct ? <th scope="col">Product</th> : null}
            <th scope="col">State</th>
            <th scope="col">Broker</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.label}
              className={`debug-row state-row-${row.state}${tableLabels.has(row.label) ? ' table-row-label' : ''}`}
            >
              <td>
                <code>{row.label}</code>
              </td>
              <td>{row.title}</td>
              {showProduct ? <td>{row.product}</td> : null}
              <td>
                <FieldStateBadge state={row.state} />
              </td>
              <td>
                {row.corrected > 0 ? (
                  <span className="corrected-mark">
                    ✎ {row.corrected === 1 ? '1 value' : `${row.corrected} values`} corrected
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
