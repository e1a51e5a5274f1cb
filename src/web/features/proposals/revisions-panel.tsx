import { useEffect, useState } from 'react';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import {
  failureMessage,
  getRevision,
  listRevisions,
  type ReviewedDocumentType,
  type RevisionDetail,
  type RevisionSummary,
  restoreRevision,
} from './review-api.ts';

const kindWords: Record<RevisionSummary['kind'], string> = {
  engine: 'Read by the engine',
  correction: 'Corrections',
  restore: 'Restored',
};

const changedWords = (n: number) => (n === 1 ? '1 value changed' : `${n} values changed`);

/**
 * Every revision of the document's data, newest first (who, when, what kind, how many values
 * changed): one can be viewed, or restored as a new revision.
 */
export function RevisionsPanel({
  type,
  id,
  current,
  dirty,
  viewing,
  onView,
  onRestored,
  canChange,
}: {
  type: ReviewedDocumentType;
  id: string;
  current: number;
  dirty: boolean;
  viewing: number | undefined;
  onView: (revision: RevisionDetail | undefined) => void;
  onRestored: () => void;
  /** False for a viewer: revisions can be viewed, not restored. */
  canChange: boolean;
}) {
  const [revisions, setRevisions] = useState<RevisionSummary[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current revision lists again
  useEffect(() => {
    let live = true;
    listRevisions(type, id)
      .then((list) => {
        if (live) setRevisions(list);
      })
      .catch((e: Error) => {
        if (live) setError(e.message);
      });
    return () => {
      live = false;
    };
  }, [type, id, current]);

  const view = async (revision: number) => {
    try {
      onView(revision === current ? undefined : await getRevision(type, id, revision));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const restore = async (revision: number) => {
    setBusy(true);
    setError(undefined);
    try {
      await restoreRevision(type, id, revision, current);
      onView(undefined);
      onRestored();
    } catch (e) {
      setError(failureMessage(e, 'Failed to restore the revision'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="revisions-panel" aria-label="Revisions">
      <h3 className="block-title">Revisions</h3>
      {error ? (
        <p className="error small" role="alert">
          Error: {error}
        </p>
      ) : null}
      {dirty ? (
        <p className="muted small">Save or revert your changes to restore a revision.</p>
      ) : null}
      {revisions === undefined && !error ? <p className="muted small">Loading…</p> : null}
      <ol className="revision-list">
        {revisions?.map((r) => (
          <li
            key={r.revision}
            className={viewing === r.revision ? 'revision viewing' : 'revision'}
            data-revision={r.revision}
          >
            <div>
              <strong>Revision {r.revision}</strong>
              {r.revision === current ? <span className="badge">Current</span> : null}
              <div className="muted small">
                {kindWords[r.kind]} · {r.savedBy} · {formatTimestamp(r.savedOn)} ·{' '}
                {changedWords(r.changed)}
              </div>
            </div>
            <div className="button-row">
              <button type="button" className="button small" onClick={() => void view(r.revision)}>
                View
              </button>
              {r.revision === current || !canChange ? null : (
                <button
                  type="button"
                  className="button small"
                  disabled={dirty || busy}
                  onClick={() => void restore(r.revision)}
                >
                  Restore
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
