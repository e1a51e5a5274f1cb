import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { buildProposalView } from '../../../shared/proposals/proposal-view.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { DocumentClientBar } from '../comparisons/document-client-bar.tsx';
import { InsightsPanel } from '../insights/insights-panel.tsx';
import { DocumentWorkspace } from './document-workspace.tsx';
import { ExtractionStatus } from './extraction-status.tsx';
import { type CarrierProposal, proposalPath, useCarrierProposal } from './use-carrier-proposal.ts';

/** Rows the display model drops ('Could not find class for table row') are logged, not shown. */
const logProposal = (message: string) => console.warn(message);

/**
 * /documents/carrierProposals/{id} (spec §2 "Carrier proposal detail"): the proposal's name, the
 * Generate Insights button, then per product its fields, tables and network tables and a section
 * per class, every value shaded by confidence. While the document is being read the screen says
 * so and updates by itself.
 */
export function CarrierProposalDetail({ pollIntervalMs }: { pollIntervalMs?: number }) {
  const { id = '' } = useParams();
  const [version, setVersion] = useState(0);
  const lookup = useCarrierProposal(id, { pollIntervalMs, version });
  return (
    <section className="page proposal-page">
      <nav className="page-links" aria-label="Proposal">
        <Link className="back-link" to="/documents/carrierProposals">
          ← Back to Carrier Proposals
        </Link>
        <Link className="back-link" to={`${proposalPath(id)}/debug`}>
          Field analysis (debug view)
        </Link>
      </nav>
      {lookup.state === 'loading' ? <p className="muted">Loading Carrier Proposal...</p> : null}
      {lookup.state === 'error' ? <p className="error">Error: {lookup.message}</p> : null}
      {lookup.state === 'notFound' ? (
        <p className="empty" role="status">
          Carrier proposal not found. It may have been removed, or the address is wrong.
        </p>
      ) : null}
      {lookup.state === 'found' ? (
        <>
          <ProposalBody proposal={lookup.proposal} onRefresh={() => setVersion((v) => v + 1)} />
          <HistoryPanel
            filter={{ documentId: lookup.proposal.id }}
            refreshKey={lookup.proposal.revision}
          />
        </>
      ) : null}
    </section>
  );
}

function ProposalBody({
  proposal,
  onRefresh,
}: {
  proposal: CarrierProposal;
  onRefresh: () => void;
}) {
  const view = useMemo(
    () => buildProposalView(proposal.data, { log: logProposal }),
    [proposal.data],
  );
  const ready = proposal.status === 'done';
  const empty = ready ? (
    <p className="empty">No dental or vision details were found in this document.</p>
  ) : null;
  return (
    <>
      <header className="proposal-header">
        <div>
          <h1>{proposal.name}</h1>
          <p className="muted small">Uploaded {formatTimestamp(proposal.createdOn)}</p>
        </div>
        {proposal.url ? (
          <a className="button" href={proposal.url} target="_blank" rel="noopener noreferrer">
            Open original file
          </a>
        ) : null}
      </header>
      <ExtractionStatus status={proposal.status} error={proposal.error} />
      {'clientId' in proposal ? (
        <DocumentClientBar
          collection="carrierProposals"
          document={proposal as CarrierProposal & { clientId: string | null }}
        />
      ) : null}
      {ready ? (
        <div className="proposal-insights">
          <InsightsPanel proposalData={proposal.data} />
        </div>
      ) : null}
      {view.products.length > 0 || ready ? (
        <DocumentWorkspace
          key={proposal.id}
          type="carrierProposals"
          doc={proposal}
          empty={empty}
          onRefresh={onRefresh}
        />
      ) : null}
    </>
  );
}
