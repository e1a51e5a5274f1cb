import { Link, useParams } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { DocumentClientBar } from '../comparisons/document-client-bar.tsx';
import { DocumentStatusLine } from './document-status.tsx';
import { QueueNotice } from './queue-notice.tsx';
import { useDocument } from './use-document.ts';

/**
 * /documents/policyCertificates/{id}: the link target of each certificate. The spec shows no
 * content here; a broker gets its name, upload date, the file and its extraction status.
 * Certificate fields are not shown (spec §1).
 */
export function CertificateDetail() {
  const { id = '' } = useParams();
  const lookup = useDocument('policyCertificates', id);
  return (
    <section className="page narrow">
      <Link className="back-link" to="/documents/policyCertificates">
        ← Policy Certificates
      </Link>
      {lookup.state === 'loading' ? <p className="muted">Loading Policy Certificate...</p> : null}
      {lookup.state === 'notFound' ? <p className="empty">Policy certificate not found.</p> : null}
      {lookup.state === 'error' ? <p className="error">Error: {lookup.message}</p> : null}
      {lookup.state === 'found' ? (
        <article className="section certificate">
          <h1>{lookup.document.name}</h1>
          {'clientId' in lookup.document ? (
            <DocumentClientBar collection="policyCertificates" document={lookup.document} />
          ) : null}
          <dl className="facts">
            <dt>Uploaded</dt>
            <dd>{formatTimestamp(lookup.document.createdOn)}</dd>
            <dt>Extraction</dt>
            <dd>
              <DocumentStatusLine status={lookup.document.status} error={lookup.document.error} />
            </dd>
            <dt>File</dt>
            <dd>
              {lookup.document.url ? (
                <a href={lookup.document.url} target="_blank" rel="noopener">
                  Open the file
                </a>
              ) : (
                <span className="muted">No file</span>
              )}
            </dd>
          </dl>
          <QueueNotice items={[lookup.document]} />
        </article>
      ) : null}
      {lookup.state === 'found' ? (
        <HistoryPanel filter={{ documentId: lookup.document.id }} />
      ) : null}
    </section>
  );
}
