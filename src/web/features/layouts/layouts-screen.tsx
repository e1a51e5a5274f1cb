import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatListDate } from '../../../shared/format/dates.ts';
import { useCan } from '../../app/session.tsx';
import { errorMessage, getJson } from '../../lib/api.ts';

/** One learned layout as GET /api/layouts answers it. */
export interface LearnedLayout {
  id: string;
  name: string;
  documentType: 'carrierProposal' | 'policyCertificate';
  values: number;
  taughtFrom: { documentId: string | null; name: string };
  timesTaught: number;
  createdOn: string;
  updatedOn: string;
}

const detailPath = (l: LearnedLayout) =>
  l.taughtFrom.documentId
    ? `/documents/${l.documentType === 'carrierProposal' ? 'carrierProposals' : 'policyCertificates'}/${l.taughtFrom.documentId}`
    : undefined;

/**
 * /layouts: the layouts the engine learned from brokers' corrections — name (carrier and first
 * heading), values learned, the document it was taught from, when — with remove, export (a JSON
 * file) and import (a file exported from another installation).
 */
export function LayoutsScreen() {
  // Removing and importing layouts changes how every document is read: an admin's to do.
  const canAdminister = useCan('administer');
  const [layouts, setLayouts] = useState<LearnedLayout[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setLayouts(await getJson<LearnedLayout[]>('/api/layouts'));
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function remove(layout: LearnedLayout) {
    if (
      !window.confirm(
        `Remove the learned layout “${layout.name}”? Documents already read keep their values.`,
      )
    )
      return;
    setBusy(true);
    setError(null);
    const response = await fetch(`/api/layouts/${layout.id}`, { method: 'DELETE' });
    if (!response.ok) setError(await errorMessage(response, 'The layout could not be removed.'));
    else setNotice(`Removed “${layout.name}”.`);
    await load();
    setBusy(false);
  }

  async function importFile(file: File) {
    setBusy(true);
    setError(null);
    setNotice(null);
    const text = await file.text();
    const response = await fetch('/api/layouts/import', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: text,
    });
    if (!response.ok) setError(await errorMessage(response, 'The file could not be imported.'));
    else {
      const { imported } = (await response.json()) as { imported: number };
      setNotice(
        `Imported ${imported} learned ${imported === 1 ? 'layout' : 'layouts'} from ${file.name}.`,
      );
    }
    await load();
    setBusy(false);
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Learned layouts</h1>
      </div>
      <p className="muted">
        When a broker saves corrections to a proposal, the engine learns where that carrier’s layout
        prints each value, and reads the next proposal printed on the same layout from those places
        first.
      </p>
      <div className="button-row">
        <a className="button" href="/api/layouts/export" download>
          Export
        </a>
        {canAdminister ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            Import…
          </button>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Learned layouts file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {layouts === undefined && !error && <p className="muted">Loading learned layouts…</p>}
      {layouts?.length === 0 && (
        <p className="empty">
          No layouts learned yet. Correct a proposal’s values and save them to teach the engine its
          layout.
        </p>
      )}
      {layouts && layouts.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" aria-label="Learned layouts">
            <thead>
              <tr>
                <th scope="col">Layout</th>
                <th scope="col" className="num">
                  Values learned
                </th>
                <th scope="col">Taught from</th>
                <th scope="col">Last taught</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {layouts.map((l) => {
                const to = detailPath(l);
                return (
                  <tr key={l.id}>
                    <td>
                      {l.name}
                      <div className="muted small">
                        {l.documentType === 'carrierProposal'
                          ? 'Carrier proposal'
                          : 'Policy certificate'}
                      </div>
                    </td>
                    <td className="num">{l.values}</td>
                    <td>
                      {to ? <Link to={to}>{l.taughtFrom.name}</Link> : l.taughtFrom.name}
                      {l.timesTaught > 1 && (
                        <div className="muted small">taught {l.timesTaught} times</div>
                      )}
                    </td>
                    <td>{formatListDate(l.updatedOn)}</td>
                    <td>
                      {canAdminister ? (
                        <button
                          type="button"
                          className="button small danger"
                          disabled={busy}
                          onClick={() => void remove(l)}
                          aria-label={`Remove ${l.name}`}
                        >
                          Remove
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
