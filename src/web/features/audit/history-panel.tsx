import { formatTimestamp } from '../../../shared/format/dates.ts';
import { useAccounts } from '../../app/session.tsx';
import type { AuditFilter } from './audit-api.ts';
import { useAuditTrail } from './use-audit-trail.ts';

const PAGE = 10;

/**
 * The history of one client or one document (issue 15): who changed what and when, newest
 * first, a page at a time. Shown when the app signs people in (with AUTH=none every change is
 * the one local user's). `refreshKey` reloads it after a change made on the same page.
 */
export function HistoryPanel({
  filter,
  refreshKey,
}: {
  filter: Pick<AuditFilter, 'clientId' | 'documentId'>;
  refreshKey?: unknown;
}) {
  const accounts = useAccounts();
  if (!accounts) return null;
  return <History filter={filter} refreshKey={refreshKey} />;
}

function History({
  filter,
  refreshKey,
}: {
  filter: Pick<AuditFilter, 'clientId' | 'documentId'>;
  refreshKey?: unknown;
}) {
  const trail = useAuditTrail(filter, PAGE, refreshKey);
  return (
    <section className="section history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {trail.error ? (
        <p className="error" role="alert">
          Error: {trail.error}
        </p>
      ) : null}
      {!trail.loading && !trail.error && trail.records.length === 0 ? (
        <p className="empty">No changes recorded yet.</p>
      ) : null}
      {trail.records.length > 0 ? (
        <ol className="history-list" aria-label="Changes, newest first">
          {trail.records.map((r) => (
            <li key={r.id}>
              <time dateTime={r.at} className="muted small">
                {formatTimestamp(r.at)}
              </time>
              <span className="history-who" title={r.userEmail}>
                {r.userEmail}
              </span>
              <span className="history-what">{r.action}</span>
              {r.summary ? <span className="history-summary">{r.summary}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {trail.loading ? <p className="muted small">Loading history…</p> : null}
      {trail.more && !trail.loading ? (
        <button type="button" className="button small" onClick={trail.showMore}>
          Show more
        </button>
      ) : null}
    </section>
  );
}
