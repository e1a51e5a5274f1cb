import { Link } from 'react-router';
import { formatTimestamp } from '../../../shared/format/dates.ts';
import { useCan } from '../../app/session.tsx';
import { useAppSelector } from '../../app/store.ts';

/** / and /clients: the client list (spec §2). */
export function ClientList() {
  const { list, loading, error } = useAppSelector((s) => s.clients);
  const canChange = useCan('change');
  return (
    <section className="page">
      <div className="page-header">
        <h1>Clients</h1>
        {canChange ? (
          <Link className="button primary" to="/clients/create">
            ➕ Create Client
          </Link>
        ) : null}
      </div>
      {error ? <p className="error">Error: {error}</p> : null}
      {loading && list.length === 0 ? <p className="muted">Loading Clients</p> : null}
      {!loading && !error && list.length === 0 ? (
        <p className="empty">
          {canChange ? 'No clients yet. Create the first one to start.' : 'No clients yet.'}
        </p>
      ) : null}
      <ul className="card-grid" aria-label="Clients">
        {list.map((client) => (
          <li key={client.id}>
            <Link className="card client-card" to={`/clients/${client.id}`}>
              {client.logo ? (
                <img className="client-logo" src={client.logo} alt="" width={48} height={48} />
              ) : (
                <span className="client-logo placeholder" aria-hidden="true">
                  {client.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="client-card-text">
                <span className="client-name">{client.name}</span>
                <span className="muted small">{formatTimestamp(client.createdOn)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
