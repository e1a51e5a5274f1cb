import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  buildComparison,
  type ClassMatching,
  type ComparedProposal,
  MAX_COMPARED,
  MIN_COMPARED,
} from '../../../shared/comparisons/model.ts';
import type { DocumentDetail } from '../../../shared/documents/document-types.ts';
import { useCan } from '../../app/session.tsx';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { fetchClients } from '../clients/clients-slice.ts';
import { ComparisonTable } from './comparison-table.tsx';
import type { SavedComparison } from './comparison-types.ts';
import { billingPathFor } from './document-client-bar.tsx';

/** The chart library loads with the first chart, not with the app. */
const PremiumChart = lazy(() => import('./premium-chart.tsx'));

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; proposals: Array<ComparedProposal & { clientId: string | null }> };

/**
 * /comparisons?ids=A,B[,…][&client=ID] or ?saved=ID (issue 14): 2–8 proposals side by side per
 * product, with a baseline, classes matched by hand, a chart of monthly premium by tier, the
 * .xlsx and CSV downloads, Save, and "Use for billing" per column.
 */
export function ComparisonScreen() {
  const canChange = useCan('change');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const clients = useAppSelector((s) => s.clients);
  const savedId = search.get('saved');
  const [saved, setSaved] = useState<SavedComparison | null>(null);
  const [ids, setIds] = useState<string[]>(() =>
    (search.get('ids') ?? '').split(',').filter(Boolean),
  );
  const [baselineId, setBaselineId] = useState<string | null>(null);
  const [matching, setMatching] = useState<ClassMatching>({});
  const [product, setProduct] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [name, setName] = useState('');
  const [saveClient, setSaveClient] = useState(search.get('client') ?? '');
  const [saveState, setSaveState] = useState<{
    kind: 'idle' | 'saving' | 'saved' | 'failed';
    message?: string;
  }>({
    kind: 'idle',
  });

  useEffect(() => {
    if (!clients.loaded && !clients.loading) void dispatch(fetchClients());
  }, [clients.loaded, clients.loading, dispatch]);

  // a saved comparison: its proposals, baseline, matching and name
  useEffect(() => {
    if (!savedId) return;
    getJson<SavedComparison>(`/api/comparisons/${encodeURIComponent(savedId)}`)
      .then((s) => {
        setSaved(s);
        setIds(s.documentIds);
        setBaselineId(s.baselineId);
        setMatching(s.classMatching);
        setName(s.name);
        setSaveClient(s.clientId);
      })
      .catch((error: unknown) => setLoad({ state: 'error', message: (error as Error).message }));
  }, [savedId]);

  const idsKey = ids.join(',');
  const waiting = Boolean(savedId && !saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids, by value
  useEffect(() => {
    if (waiting) return;
    if (ids.length < MIN_COMPARED || ids.length > MAX_COMPARED) {
      setLoad({
        state: 'error',
        message: `Choose ${MIN_COMPARED} to ${MAX_COMPARED} proposals to compare.`,
      });
      return;
    }
    let live = true;
    setLoad({ state: 'loading' });
    Promise.all(
      ids.map((id) =>
        getJson<DocumentDetail>(`/api/documents/carrierProposals/${encodeURIComponent(id)}`),
      ),
    )
      .then((docs) => {
        if (!live) return;
        setLoad({
          state: 'ready',
          proposals: docs.map((d) => ({
            id: d.id,
            name: d.name,
            data: d.data,
            clientId: d.clientId ?? null,
          })),
        });
        const shared = docs[0]?.clientId;
        if (shared && docs.every((d) => d.clientId === shared)) setSaveClient((c) => c || shared);
      })
      .catch(
        (error: unknown) => live && setLoad({ state: 'error', message: (error as Error).message }),
      );
    return () => {
      live = false;
    };
  }, [idsKey, waiting]);

  const comparison = useMemo(
    () =>
      load.state === 'ready'
        ? buildComparison(load.proposals, { baselineId, classMatching: matching })
        : null,
    [load, baselineId, matching],
  );
  const shown = comparison?.products.find((p) => p.product === product) ?? comparison?.products[0];
  const clientName = clients.list.find((c) => c.id === saveClient)?.name;

  const exportQuery = () => {
    const q = new URLSearchParams({ ids: ids.join(',') });
    if (baselineId) q.set('baseline', baselineId);
    if (Object.keys(matching).length) q.set('matching', JSON.stringify(matching));
    return q.toString();
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim() || !saveClient) return;
    setSaveState({ kind: 'saving' });
    const body = {
      name: name.trim(),
      clientId: saveClient,
      documentIds: ids,
      baselineId,
      classMatching: matching,
    };
    try {
      const answer = saved
        ? await sendJson<SavedComparison>('PUT', `/api/comparisons/${saved.id}`, body)
        : await sendJson<SavedComparison>('POST', '/api/comparisons', body);
      setSaved(answer);
      setSaveState({ kind: 'saved' });
    } catch (error) {
      setSaveState({ kind: 'failed', message: (error as Error).message });
    }
  }

  /** Every class name any proposal has for the product: the groups a class can join. */
  const groupNames = shown
    ? [
        ...new Set([
          ...shown.groups.map((g) => g.name),
          ...Object.values(shown.classesByProposal).flat(),
        ]),
      ]
    : [];
  const rematch = (documentId: string, className: string, group: string) =>
    setMatching((prev) => ({
      ...prev,
      [documentId]: { ...(prev[documentId] ?? {}), [className]: group },
    }));

  return (
    <section className="page comparison-page">
      <nav className="page-links" aria-label="Comparison">
        {saveClient ? (
          <Link className="back-link" to={`/clients/${saveClient}`}>
            ← Back to {clientName ?? 'the client'}
          </Link>
        ) : (
          <Link className="back-link" to="/documents/carrierProposals">
            ← Back to Carrier Proposals
          </Link>
        )}
      </nav>
      <header className="page-header">
        <h1>{saved ? saved.name : 'Comparison'}</h1>
        {load.state === 'ready' ? (
          <div className="button-row">
            <a className="button" href={`/api/comparisons/export.xlsx?${exportQuery()}`} download>
              ⬇ Excel (.xlsx)
            </a>
            <a className="button" href={`/api/comparisons/export.csv?${exportQuery()}`} download>
              ⬇ CSV
            </a>
          </div>
        ) : null}
      </header>
      {load.state === 'loading' ? <p className="muted">Loading the proposals…</p> : null}
      {load.state === 'error' ? (
        <p className="error" role="alert">
          Error: {load.message}
        </p>
      ) : null}
      {comparison && load.state === 'ready' ? (
        <>
          <div className="cmp-controls">
            <label className="field inline">
              <span className="field-label">Baseline (the current plan)</span>
              <select
                value={baselineId ?? ''}
                onChange={(e) => setBaselineId(e.target.value || null)}
              >
                <option value="">None</option>
                {comparison.proposals.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.carrier ? `${p.carrier} — ${p.name}` : p.name}
                  </option>
                ))}
              </select>
            </label>
            {comparison.products.length > 1 ? (
              <div className="tabs" role="tablist" aria-label="Product">
                {comparison.products.map((p) => (
                  <button
                    key={p.product}
                    type="button"
                    role="tab"
                    aria-selected={p === shown}
                    className={p === shown ? 'button small primary' : 'button small'}
                    onClick={() => setProduct(p.product)}
                  >
                    {p.title}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          {comparison.products.length === 0 ? (
            <p className="empty">These proposals hold no dental or vision details to compare.</p>
          ) : null}
          {shown ? (
            <>
              <h2>{shown.title}</h2>
              <p className="muted small cmp-legend">
                ★ best value in the row · ⚠ low confidence, not reviewed: check it against the
                document before sending it on
              </p>
              {shown.groups.map((group) => (
                <section key={group.key} className="cmp-group" aria-label={`Class ${group.name}`}>
                  <ComparisonTable
                    group={group}
                    baselineId={comparison.baselineId}
                    actions={(column) => {
                      const clientId =
                        load.proposals.find((p) => p.id === column.documentId)?.clientId ??
                        (saveClient || null);
                      return clientId && canChange ? (
                        <button
                          type="button"
                          className="button small"
                          onClick={() =>
                            navigate(billingPathFor(clientId, column.documentId, shown.product))
                          }
                        >
                          Use for billing
                        </button>
                      ) : null;
                    }}
                  />
                  <Suspense fallback={<p className="muted small">Loading the chart…</p>}>
                    <PremiumChart group={group} />
                  </Suspense>
                </section>
              ))}
              <details className="cmp-matching">
                <summary>Match classes by hand</summary>
                <p className="muted small">
                  Classes are matched by name. Put a proposal’s class beside another class here.
                </p>
                {comparison.proposals.map((p) => {
                  const classes = shown.classesByProposal[p.id] ?? [];
                  if (classes.length === 0) return null;
                  return (
                    <fieldset key={p.id}>
                      <legend>{p.carrier ? `${p.carrier} — ${p.name}` : p.name}</legend>
                      {classes.map((c) => {
                        const current =
                          shown.groups.find((g) =>
                            g.columns.some((col) => col.documentId === p.id && col.className === c),
                          )?.name ?? c;
                        return (
                          <label key={c} className="field inline">
                            <span className="field-label">{c}</span>
                            <select
                              aria-label={`Compare ${c} of ${p.name} with`}
                              value={current}
                              onChange={(e) => rematch(p.id, c, e.target.value)}
                            >
                              {groupNames.map((g) => (
                                <option key={g} value={g}>
                                  {g}
                                </option>
                              ))}
                            </select>
                          </label>
                        );
                      })}
                    </fieldset>
                  );
                })}
                {Object.keys(matching).length ? (
                  <button type="button" className="button small" onClick={() => setMatching({})}>
                    Match by name again
                  </button>
                ) : null}
              </details>
            </>
          ) : null}
          {canChange ? (
            <form className="cmp-save" onSubmit={save} aria-label="Save comparison">
              <label className="field inline">
                <span className="field-label">Comparison name</span>
                <input
                  type="text"
                  value={name}
                  maxLength={200}
                  placeholder="e.g. 2026 dental renewal"
                  onChange={(e) => {
                    setName(e.target.value);
                    setSaveState({ kind: 'idle' });
                  }}
                />
              </label>
              <label className="field inline">
                <span className="field-label">Client</span>
                <select value={saveClient} onChange={(e) => setSaveClient(e.target.value)}>
                  <option value="">Choose a client…</option>
                  {clients.list.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="submit"
                className="button primary"
                disabled={!name.trim() || !saveClient || saveState.kind === 'saving'}
              >
                {saved ? 'Save changes' : 'Save comparison'}
              </button>
              {saveState.kind === 'saved' ? (
                <span className="success small" role="status">
                  Saved on {clientName ?? 'the client'}.
                </span>
              ) : null}
              {saveState.kind === 'failed' ? (
                <span className="error small" role="alert">
                  {saveState.message}
                </span>
              ) : null}
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
