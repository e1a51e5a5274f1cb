import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MAX_COMPARED, MIN_COMPARED } from '../../../shared/comparisons/model.ts';
import type { DocumentSummary } from '../../../shared/documents/document-types.ts';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { useCan } from '../../app/session.tsx';
import { getPage, sendJson } from '../../lib/api.ts';
import { DocumentList } from '../documents/document-list.tsx';
import { UploadDocument } from '../documents/upload-document.tsx';
import { useAppConfig } from '../documents/use-app-config.ts';
import { useRefreshWhileUnfinished } from '../documents/use-refresh-while-unfinished.ts';
import type { SavedComparison } from './comparison-types.ts';

interface ClientLists {
  proposals: DocumentSummary[];
  certificates: DocumentSummary[];
  comparisons: SavedComparison[];
  loading: boolean;
  error: string | null;
}

/**
 * A client's documents (issue 14), on its page: its proposals and certificates (carrier,
 * products, effective date, status), an upload area that uploads to the client, proposals to
 * tick and compare, and the comparisons saved on the client.
 */
export function ClientDocuments({ clientId }: { clientId: string }) {
  const canChange = useCan('change');
  const navigate = useNavigate();
  const config = useAppConfig();
  const [lists, setLists] = useState<ClientLists>({
    proposals: [],
    certificates: [],
    comparisons: [],
    loading: true,
    error: null,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const load = useCallback(async () => {
    setLists((l) => ({ ...l, loading: true }));
    const q = `clientId=${encodeURIComponent(clientId)}`;
    try {
      const [proposals, certificates, comparisons] = await Promise.all([
        getPage<DocumentSummary>(`/api/documents/carrierProposals?${q}`),
        getPage<DocumentSummary>(`/api/documents/policyCertificates?${q}`),
        getPage<SavedComparison>(`/api/comparisons?${q}`),
      ]);
      setLists({
        proposals: proposals.items,
        certificates: certificates.items,
        comparisons: comparisons.items,
        loading: false,
        error: null,
      });
    } catch (error) {
      setLists((l) => ({
        ...l,
        loading: false,
        error: (error as Error).message || 'Unknown Error',
      }));
    }
  }, [clientId]);
  useEffect(() => {
    void load();
  }, [load]);
  const refresh = useCallback(() => void load(), [load]);
  useRefreshWhileUnfinished([...lists.proposals, ...lists.certificates], lists.loading, refresh);

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const names = new Map(lists.proposals.map((p) => [p.id, p.name]));

  return (
    <section className="section client-documents" aria-labelledby="client-documents">
      <h2 id="client-documents">Proposals and Certificates</h2>
      {lists.error ? (
        <p className="error" role="alert">
          Error: {lists.error}
        </p>
      ) : null}
      <div className="client-documents-grid">
        <div>
          <div className="block-header">
            <h3>Carrier Proposals</h3>
            <button
              type="button"
              className="button primary"
              disabled={selected.size < MIN_COMPARED || selected.size > MAX_COMPARED}
              onClick={() =>
                navigate(
                  `/comparisons?ids=${[...selected].join(',')}&client=${encodeURIComponent(clientId)}`,
                )
              }
            >
              Compare {selected.size >= MIN_COMPARED ? `${selected.size} proposals` : 'proposals'}
            </button>
          </div>
          <p className="muted small">
            Tick {MIN_COMPARED} to {MAX_COMPARED} read proposals to compare them side by side.
          </p>
          {lists.loading && lists.proposals.length === 0 ? <p className="muted">Loading…</p> : null}
          <DocumentList
            items={lists.proposals}
            label="Client carrier proposals"
            linkTo={(id) => `/documents/carrierProposals/${id}`}
            empty={lists.loading ? null : 'No carrier proposals for this client yet.'}
            selection={{
              selected,
              onToggle: toggle,
              canSelect: (doc) => doc.status === 'done' && selected.size < MAX_COMPARED,
            }}
          />
          <h3>Policy Certificates</h3>
          <DocumentList
            items={lists.certificates}
            label="Client policy certificates"
            linkTo={(id) => `/documents/policyCertificates/${id}`}
            empty={lists.loading ? null : 'No policy certificates for this client yet.'}
          />
          {lists.comparisons.length ? (
            <>
              <h3>Saved Comparisons</h3>
              <ul className="saved-comparisons" aria-label="Saved comparisons">
                {lists.comparisons.map((c) => (
                  <li key={c.id}>
                    <Link to={`/comparisons?saved=${c.id}`}>{c.name}</Link>{' '}
                    <span className="muted small">
                      {c.documentIds.map((id) => names.get(id) ?? 'a proposal').join(', ')} · saved{' '}
                      {formatTimestamp(c.updatedOn)}
                    </span>{' '}
                    {canChange ? (
                      <button
                        type="button"
                        className="button small"
                        aria-label={`Delete the comparison ${c.name}`}
                        onClick={async () => {
                          if (
                            !window.confirm(
                              `Delete the comparison “${c.name}”? The proposals stay.`,
                            )
                          )
                            return;
                          try {
                            await sendJson('DELETE', `/api/comparisons/${c.id}`);
                          } finally {
                            refresh();
                          }
                        }}
                      >
                        Delete
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        {canChange ? (
          <div>
            <h3>Upload to this client</h3>
            <UploadDocument
              embedded
              title="Carrier Proposal"
              backTo={`/clients/${clientId}`}
              modelId={config?.proposalModelId ?? undefined}
              documentType="carrierProposal"
              maxBytes={config?.maxUploadBytes}
              clientId={clientId}
              onUploaded={refresh}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
