import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { useCan } from '../../app/session.tsx';
import { listUsers, type UserView } from '../users/users-api.ts';
import { auditQuery } from './audit-api.ts';
import { useAuditTrail } from './use-audit-trail.ts';

const PAGE = 50;

/**
 * /audit (admins): the whole audit trail, newest first, filtered by user, a page at a time,
 * with the CSV export of what the filter shows.
 */
export function AuditPage() {
  const admin = useCan('administer');
  if (!admin) {
    return (
      <section className="page narrow">
        <h1>Audit trail</h1>
        <p className="empty">Only an admin can read the whole audit trail.</p>
      </section>
    );
  }
  return <Audit />;
}

function Audit() {
  const [users, setUsers] = useState<UserView[]>([]);
  const [userId, setUserId] = useState('');
  useEffect(() => {
    listUsers().then(setUsers, () => setUsers([]));
  }, []);
  const filter = { userId: userId || undefined };
  const trail = useAuditTrail(filter, PAGE);
  return (
    <section className="page audit-page">
      <div className="page-header">
        <h1>Audit trail</h1>
        <a className="button" href={`/api/audit/export.csv${auditQuery(filter)}`} download>
          Export CSV
        </a>
      </div>
      <div className="filters">
        <label className="field inline">
          <span>User</span>
          <select value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">Everyone</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </select>
        </label>
      </div>
      {trail.error ? (
        <p className="error" role="alert">
          Error: {trail.error}
        </p>
      ) : null}
      {!trail.loading && !trail.error && trail.records.length === 0 ? (
        <p className="empty">No records.</p>
      ) : null}
      {trail.records.length > 0 ? (
        <div className="section table-section">
          <table className="audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {trail.records.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap">
                    <time dateTime={r.at}>{formatTimestamp(r.at)}</time>
                  </td>
                  <td>{r.userEmail}</td>
                  <td>{r.action}</td>
                  <td>
                    {r.clientId ? <Link to={`/clients/${r.clientId}`}>client</Link> : r.objectType}
                  </td>
                  <td className="summary">{r.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {trail.loading ? <p className="muted small">Loading…</p> : null}
      {trail.more && !trail.loading ? (
        <button type="button" className="button" onClick={trail.showMore}>
          Show more
        </button>
      ) : null}
    </section>
  );
}
