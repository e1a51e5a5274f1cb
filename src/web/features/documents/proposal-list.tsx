import { useCallback } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { DocumentList } from './document-list.tsx';
import { fetchCarrierProposals } from './documents-slice.ts';
import { QueueNotice } from './queue-notice.tsx';
import { useRefreshWhileUnfinished } from './use-refresh-while-unfinished.ts';

/** /documents/carrierProposals (spec §2 Carrier proposal list). */
export function ProposalList() {
  const dispatch = useAppDispatch();
  const { items, loading, loaded, error } = useAppSelector((s) => s.documents.carrierProposals);
  const refresh = useCallback(() => void dispatch(fetchCarrierProposals()), [dispatch]);
  useRefreshWhileUnfinished(items, loading, refresh);
  return (
    <section className="page">
      <div className="page-links">
        <Link className="back-link" to="/documents">
          Home
        </Link>
      </div>
      <div className="page-header">
        <h1>Carrier Proposals</h1>
        <Link className="button primary" to="/documents/carrierProposals/upload">
          📄 Upload
        </Link>
      </div>
      {error ? (
        <p className="error" role="alert">
          Error: {error}
        </p>
      ) : null}
      <QueueNotice items={items} />
      {loading && !loaded ? (
        <p className="muted">Loading proposals...</p>
      ) : (
        <DocumentList
          items={items}
          label="Carrier proposals"
          linkTo={(id) => `/documents/carrierProposals/${id}`}
          empty={error ? null : 'No carrier proposals yet. Upload one to have it read.'}
        />
      )}
    </section>
  );
}
