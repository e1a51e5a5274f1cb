import { Link, useParams } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { BillingEditor } from '../billing/billing-editor.tsx';
import { useClient } from './use-client.ts';

/** /clients/{id}: the client with its billing parameters (spec §2 Client detail). */
export function ClientDetail() {
  const { id = '' } = useParams();
  const lookup = useClient(id);
  return (
    <section className="page">
      <Link className="back-link" to="/clients">
        ← Back to Clients
      </Link>
      {lookup.state === 'loading' ? <p className="muted">Loading Client…</p> : null}
      {lookup.state === 'notFound' ? <p className="empty">Client not found.</p> : null}
      {lookup.state === 'error' ? <p className="error">Error: {lookup.message}</p> : null}
      {lookup.state === 'found' ? (
        <>
          <header className="client-header">
            {lookup.client.logo ? (
              <img
                className="client-logo large"
                src={lookup.client.logo}
                alt=""
                width={72}
                height={72}
              />
            ) : null}
            <div>
              <h1>{lookup.client.name}</h1>
              <p className="muted">Created on {formatTimestamp(lookup.client.createdOn)}</p>
            </div>
          </header>
          {lookup.client.notes ? (
            <div className="notes">
              <strong>Notes:</strong>
              <p>{lookup.client.notes}</p>
            </div>
          ) : null}
          <section className="section">
            <h2>Billing Parameters</h2>
            <BillingEditor key={lookup.client.id} client={lookup.client} />
          </section>
          <HistoryPanel
            filter={{ clientId: lookup.client.id }}
            refreshKey={lookup.client.revision}
          />
        </>
      ) : null}
    </section>
  );
}
