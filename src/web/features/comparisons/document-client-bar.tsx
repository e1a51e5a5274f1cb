import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Client } from '../../../shared/clients/client.ts';
import type { DocumentStatus } from '../../../shared/documents/document-types.ts';
import { productTitle } from '../../../shared/documents/summary-fields.ts';
import { useCan } from '../../app/session.tsx';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { fetchClients } from '../clients/clients-slice.ts';

interface Suggestion {
  employerName: string | null;
  client: { id: string; name: string } | null;
}

/** Where a proposal's rates go into billing: the client's page, with the rates as unsaved edits. */
export const billingPathFor = (clientId: string, documentId: string, product: string) =>
  `/clients/${encodeURIComponent(clientId)}?useForBilling=${encodeURIComponent(documentId)}&product=${product}#billing`;

/**
 * The client a document belongs to (issue 14), on the proposal and certificate screens: linked
 * (with Unlink and a choice of another client), or not yet, with the client the document's
 * employer name suggests linked in one click. A read proposal linked to a client offers "Use for
 * billing" per product.
 */
export function DocumentClientBar({
  collection,
  document,
}: {
  collection: 'carrierProposals' | 'policyCertificates';
  document: {
    id: string;
    status: DocumentStatus;
    clientId?: string | null;
    products?: Array<'dental' | 'vision'>;
  };
}) {
  const dispatch = useAppDispatch();
  const canChange = useCan('change');
  const navigate = useNavigate();
  const clients = useAppSelector((s) => s.clients);
  const [clientId, setClientId] = useState<string | null>(document.clientId ?? null);
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => setClientId(document.clientId ?? null), [document.clientId]);
  useEffect(() => {
    if (!clients.loaded && !clients.loading) void dispatch(fetchClients());
  }, [clients.loaded, clients.loading, dispatch]);
  useEffect(() => {
    if (clientId) return;
    let live = true;
    getJson<Suggestion>(
      `/api/documents/${collection}/${encodeURIComponent(document.id)}/client-suggestion`,
    )
      .then((s) => live && setSuggestion(s))
      .catch(() => live && setSuggestion(null));
    return () => {
      live = false;
    };
  }, [clientId, collection, document.id]);

  async function link(next: string | null) {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendJson<{ clientId: string | null }>(
        'PATCH',
        `/api/documents/${collection}/${encodeURIComponent(document.id)}`,
        { clientId: next },
      );
      setClientId(answer.clientId);
      setChoosing(false);
    } catch (error) {
      setFailure((error as Error).message || 'The link could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  const client: Pick<Client, 'id' | 'name'> | undefined =
    clientId === null
      ? undefined
      : (clients.list.find((c) => c.id === clientId) ??
        (suggestion?.client?.id === clientId
          ? suggestion.client
          : { id: clientId, name: 'this client' }));
  const products = document.products ?? [];
  const canBill = collection === 'carrierProposals' && client && document.status === 'done';

  if (!canChange) {
    return (
      <section className="client-bar" aria-label="Client">
        <p>
          {client ? (
            <>
              Client: <Link to={`/clients/${client.id}`}>{client.name}</Link>
            </>
          ) : (
            <span className="muted">Not linked to a client.</span>
          )}
        </p>
      </section>
    );
  }
  return (
    <section className="client-bar" aria-label="Client">
      {client ? (
        <p>
          Client: <Link to={`/clients/${client.id}`}>{client.name}</Link>{' '}
          <button type="button" className="button small" disabled={busy} onClick={() => link(null)}>
            Unlink
          </button>{' '}
          <button
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => setChoosing((c) => !c)}
          >
            Link to another client
          </button>
        </p>
      ) : (
        <p>
          <span className="muted">Not linked to a client.</span>{' '}
          {suggestion?.client ? (
            <>
              {suggestion.employerName ? <>It is for “{suggestion.employerName}”: </> : null}
              <button
                type="button"
                className="button small primary"
                disabled={busy}
                onClick={() => suggestion.client && link(suggestion.client.id)}
              >
                Link to {suggestion.client.name}
              </button>{' '}
            </>
          ) : suggestion?.employerName ? (
            <span className="muted small">
              It names “{suggestion.employerName}”; no client has that name.{' '}
            </span>
          ) : null}
          <button
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => setChoosing((c) => !c)}
          >
            {suggestion?.client ? 'Link to another client' : 'Link to a client'}
          </button>
        </p>
      )}
      {choosing ? (
        <label className="field inline">
          <span className="field-label">Client</span>
          <select
            defaultValue=""
            disabled={busy}
            onChange={(e) => e.target.value && link(e.target.value)}
            aria-label="Choose the client"
          >
            <option value="">Choose a client…</option>
            {clients.list
              .filter((c) => c.id !== clientId)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      {canBill && products.length ? (
        <p className="button-row">
          {products.map((p) => (
            <button
              key={p}
              type="button"
              className="button"
              onClick={() => navigate(billingPathFor(client.id, document.id, p))}
            >
              Use {products.length > 1 ? `${productTitle[p]} ` : ''}for billing
            </button>
          ))}
        </p>
      ) : null}
      {failure ? (
        <p className="error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
