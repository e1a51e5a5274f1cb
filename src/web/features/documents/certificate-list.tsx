import { useCallback } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { DocumentList } from './document-list.tsx';
import { fetchPolicyCertificates } from './documents-slice.ts';
import { QueueNotice } from './queue-notice.tsx';
import { useRefreshWhileUnfinished } from './use-refresh-while-unfinished.ts';

/** /documents/policyCertificates (spec §2 Policy certificate list). */
export function CertificateList() {
  const dispatch = useAppDispatch();
  const { items, loading, loaded, error } = useAppSelector((s) => s.documents.policyCertificates);
  const refresh = useCallback(() => void dispatch(fetchPolicyCertificates()), [dispatch]);
  useRefreshWhileUnfinished(items, loading, refresh);
  return (
    <section className="page">
      <div className="page-links">
        <Link className="back-link" to="/documents">
          ← Home
        </Link>
      </div>
      <div className="page-header">
        <h1>Policy Certificates</h1>
        <Link className="button primary" to="/documents/policyCertificates/upload">
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
        <p className="muted">Loading policy certificates...</p>
      ) : (
        <DocumentList
          items={items}
          label="Policy certificates"
          linkTo={(id) => `/documents/policyCertificates/${id}`}
          empty={error ? null : 'No policy certificates yet. Upload one to keep it here.'}
        />
      )}
    </section>
  );
}
