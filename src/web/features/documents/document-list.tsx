import { Link } from 'react-router';
import type { DocumentSummary } from '../../../shared/documents/document-types.ts';
import { formatListDate } from '../../../shared/format/dates.ts';
import { DocumentStatusLine } from './document-status.tsx';

/** Documents as links, newest first: name, created date (local format) and extraction status. */
export function DocumentList({
  items,
  linkTo,
  label,
  empty,
}: {
  items: DocumentSummary[];
  linkTo: (id: string) => string;
  label: string;
  empty: React.ReactNode;
}) {
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="document-list" aria-label={label}>
      {items.map((doc) => (
        <li key={doc.id}>
          <Link className="document-row" to={linkTo(doc.id)}>
            <span className="document-icon" aria-hidden="true">
              📄
            </span>
            <span className="document-text">
              <span className="document-name">{doc.name}</span>
              <span className="muted small">{formatListDate(doc.createdOn)}</span>
            </span>
            <DocumentStatusLine status={doc.status} error={doc.error} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
