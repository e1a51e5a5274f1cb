import { Link } from 'react-router';
import type { DocumentSummary } from '../../../shared/documents/document-types.ts';
import { productTitle } from '../../../shared/documents/summary-fields.ts';
import { formatListDate } from '../../../shared/format/dates.ts';
import { DocumentStatusLine } from './document-status.tsx';

/** What a document's row says beside its name (issue 14): carrier · products · effective date · client. */
export function documentFacts(
  doc: Pick<DocumentSummary, 'carrierName' | 'products' | 'effectiveDate' | 'clientId'> & {
    reviewed?: boolean;
    status?: DocumentSummary['status'];
  },
  clientName?: (id: string) => string | undefined,
): string[] {
  const facts: string[] = [];
  if (doc.carrierName) facts.push(doc.carrierName);
  if (doc.products?.length) facts.push(doc.products.map((p) => productTitle[p]).join(' / '));
  if (doc.effectiveDate) facts.push(`Effective ${doc.effectiveDate}`);
  const client = doc.clientId && clientName ? clientName(doc.clientId) : undefined;
  if (client) facts.push(client);
  // issue 12's review state, said of a read document (nothing before it is read)
  if (doc.reviewed === true) facts.push('Reviewed');
  else if (doc.reviewed === false && doc.status === 'done') facts.push('Not reviewed');
  return facts;
}

/**
 * Documents as links, newest first: name, created date (local format), carrier, products,
 * effective date, client and extraction status. With `selection`, each row has a checkbox (to
 * pick proposals to compare).
 */
export function DocumentList({
  items,
  linkTo,
  label,
  empty,
  clientName,
  selection,
}: {
  items: DocumentSummary[];
  linkTo: (id: string) => string;
  label: string;
  empty: React.ReactNode;
  clientName?: ((id: string) => string | undefined) | undefined;
  selection?:
    | {
        selected: ReadonlySet<string>;
        onToggle: (id: string) => void;
        /** Whether a row may be ticked (e.g. read, at most 8). */
        canSelect: (doc: DocumentSummary) => boolean;
      }
    | undefined;
}) {
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="document-list" aria-label={label}>
      {items.map((doc) => {
        const facts = documentFacts(doc, clientName);
        const ticked = selection?.selected.has(doc.id) ?? false;
        return (
          <li key={doc.id} className={selection ? 'selectable' : undefined}>
            {selection ? (
              <input
                type="checkbox"
                className="document-select"
                aria-label={`Select ${doc.name}`}
                checked={ticked}
                disabled={!ticked && !selection.canSelect(doc)}
                onChange={() => selection.onToggle(doc.id)}
              />
            ) : null}
            <Link className="document-row" to={linkTo(doc.id)}>
              <span className="document-icon" aria-hidden="true">
                📄
              </span>
              <span className="document-text">
                <span className="document-name">{doc.name}</span>
                <span className="muted small">{formatListDate(doc.createdOn)}</span>
                {facts.length ? (
                  <span className="document-facts small">{facts.join(' · ')}</span>
                ) : null}
              </span>
              <DocumentStatusLine status={doc.status} error={doc.error} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
