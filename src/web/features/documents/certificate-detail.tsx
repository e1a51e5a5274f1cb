import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { DocumentClientBar } from '../comparisons/document-client-bar.tsx';
import { DocumentWorkspace } from '../proposals/document-workspace.tsx';
import { DocumentStatusLine } from './document-status.tsx';
import { QueueNotice } from './queue-notice.tsx';
import { useDocument } from './use-document.ts';

/**
 * /documents/policyCertificates/{id}: the link target of each certificate: its name, upload
 * date, the file and its extraction status; once read, its values beside the pages they came
 * from, with the same corrections as a proposal (issue 12: certificates share the format).
 */
export function CertificateDetail() {
  const { id = '' } = useParams();
  const [version, setVersion] = useState(0);
  const lookup = useDocument('policyCertificates', id, version);
  const read = lookup.state === 'found' && lookup.document.status === 'done';
  return (
    <section className={read ? 'page' : 'page narrow'}>
      <Link className="back-link" to="/documents/policyCertificates">
        ← Policy Certificates
      </Link>
      {lookup.state === 'loading' ? <p className="muted">Loading Policy Certificate...</p> : null}
      {lookup.state === 'notFound' ? <p className="empty">Policy certificate not found.</p> : null}
      {lookup.state === 'error' ? <p className="error">Error: {lookup.message}</p> : null}
      {lookup.state === 'found' ? (
        <>
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
          {read ? (
            <DocumentWorkspace
              key={lookup.document.id}
              type="policyCertificates"
              doc={lookup.document}
              empty={<p className="empty">No values were found in this certificate.</p>}
              onRefresh={() => setVersion((v) => v + 1)}
            />
          ) : null}
        </>
      ) : null}
      {lookup.state === 'found' ? (
        <HistoryPanel filter={{ documentId: lookup.document.id }} />
      ) : null}
    </section>
  );
}
