import { useCallback } from 'react';
import { Link } from 'react-router';
import type { DocumentSummary } from '../../../shared/documents/document-types.ts';
import { formatListDate } from '../../../shared/format/dates.ts';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { StatusBadge } from './document-status.tsx';
import { fetchCarrierProposals, fetchPolicyCertificates } from './documents-slice.ts';
import { useRefreshWhileUnfinished } from './use-refresh-while-unfinished.ts';

const RECENT = 3;

/** /documents (spec §2 Documents home): the two document lists, with their latest uploads. */
export function DocumentsHome() {
  const dispatch = useAppDispatch();
  const proposals = useAppSelector((s) => s.documents.carrierProposals);
  const certificates = useAppSelector((s) => s.documents.policyCertificates);
  const refreshProposals = useCallback(() => void dispatch(fetchCarrierProposals()), [dispatch]);
  const refreshCertificates = useCallback(
    () => void dispatch(fetchPolicyCertificates()),
    [dispatch],
  );
  useRefreshWhileUnfinished(proposals.items, proposals.loading, refreshProposals);
  useRefreshWhileUnfinished(certificates.items, certificates.loading, refreshCertificates);
  return (
    <section className="page">
      <h1>Documents</h1>
      <div className="documents-home">
        <DocumentsSection
          title="Carrier Proposals"
          to="/documents/carrierProposals/"
          description="Carrier proposals are read into fields and tables by product and class."
          loadingText="Loading Carrier Proposals…"
          list={proposals}
          itemLink={(id) => `/documents/carrierProposals/${id}`}
        />
        <DocumentsSection
          title="Policy Certificates"
          to="/documents/policyCertificates/"
          description="Policy certificates are kept with their files."
          loadingText="Loading Policy Certificates…"
          list={certificates}
          itemLink={(id) => `/documents/policyCertificates/${id}`}
        />
      </div>
    </section>
  );
}

function DocumentsSection(props: {
  title: string;
  to: string;
  description: string;
  loadingText: string;
  list: { items: DocumentSummary[]; loading: boolean; error: string | null };
  itemLink: (id: string) => string;
}) {
  const { items, loading, error } = props.list;
  const recent = items.slice(0, RECENT);
  return (
    <section className="section documents-section" aria-label={props.title}>
      <h2>
        <Link to={props.to}>{props.title}</Link>
      </h2>
      <p className="muted small">{props.description}</p>
      {items.length === 0 && loading ? <p className="muted">{props.loadingText}</p> : null}
      {error ? <p className="error">Error: {error}</p> : null}
      {!loading && !error && items.length === 0 ? (
        <p className="empty">None uploaded yet.</p>
      ) : null}
      {recent.length > 0 ? (
        <>
          <p className="small">
            {items.length} {items.length === 1 ? 'document' : 'documents'} — latest:
          </p>
          <ul className="recent-documents">
            {recent.map((doc) => (
              <li key={doc.id}>
                <Link to={props.itemLink(doc.id)}>{doc.name}</Link>
                <span className="muted small">{formatListDate(doc.createdOn)}</span>
                <StatusBadge status={doc.status} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
