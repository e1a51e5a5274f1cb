import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { BillingEditor } from '../billing/billing-editor.tsx';
import { ClientDocuments } from '../comparisons/client-documents.tsx';
import { UseForBilling } from '../comparisons/use-for-billing.tsx';
import { useClient } from './use-client.ts';

/** /clients/{id}: the client with its billing parameters (spec §2 Client detail). */
export function ClientDetail() {
  const { id = '' } = useParams();
  const lookup = useClient(id);
  // "Use for billing" (issue 14): ?useForBilling=DOCUMENT&product=dental|vision
  // (taken out of the address at once, so a reload never puts the rates in twice)
  const [search, setSearch] = useSearchParams();
  const [useForBilling, setUseForBilling] = useState<{
    documentId: string;
    product: 'dental' | 'vision';
  } | null>(null);
  useEffect(() => {
    const documentId = search.get('useForBilling');
    if (!documentId) return;
    setUseForBilling({
      documentId,
      product: search.get('product') === 'vision' ? 'vision' : 'dental',
    });
    setSearch({}, { replace: true });
  }, [search, setSearch]);
  const closeUseFor = () => setUseForBilling(null);
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
          <ClientDocuments clientId={lookup.client.id} />
          <section className="section" id="billing">
            <h2>Billing Parameters</h2>
            <BillingEditor
              key={lookup.client.id}
              client={lookup.client}
              renderTop={(editor, openProducts) =>
                useForBilling ? (
                  <UseForBilling
                    key={`${useForBilling.documentId}:${useForBilling.product}`}
                    editor={editor}
                    documentId={useForBilling.documentId}
                    product={useForBilling.product}
                    openProducts={openProducts}
                    onDone={closeUseFor}
                  />
                ) : null
              }
            />
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
