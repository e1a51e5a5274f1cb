import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MAX_COMPARED, MIN_COMPARED } from '../../../shared/comparisons/model.ts';
import { useCan } from '../../app/session.tsx';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { fetchClients } from '../clients/clients-slice.ts';
import { DocumentList } from './document-list.tsx';
import { fetchCarrierProposals, fetchPolicyCertificates } from './documents-slice.ts';
import { filterQuery, ListFilterBar, type ListFilters, noFilters } from './list-filters.tsx';
import { QueueNotice } from './queue-notice.tsx';
import { useRefreshWhileUnfinished } from './use-refresh-while-unfinished.ts';

interface ListScreenConfig {
  collection: 'carrierProposals' | 'policyCertificates';
  fetchList: typeof fetchCarrierProposals;
  /** The spec words the home link differently on the two lists. */
  homeLabel: string;
  title: string;
  loadingText: string;
  label: string;
  empty: string;
  /** Proposals can be picked to compare (issue 14). */
  compare: boolean;
}

/**
 * A document list (spec §2 Carrier proposal list, Policy certificate list), configured per type;
 * filtered by client, carrier and product, searched by name, and paged (issue 14).
 */
function DocumentListScreen({ config }: { config: ListScreenConfig }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const {
    items,
    loading,
    loaded,
    error,
    nextCursor,
    query: shownQuery,
  } = useAppSelector((s) => s.documents[config.collection]);
  const clients = useAppSelector((s) => s.clients);
  const [filters, setFilters] = useState<ListFilters>(noFilters);
  // the cursors of the pages before this one (the first page has none)
  const [pages, setPages] = useState<string[]>([]);
  const before = pages[pages.length - 1] ?? null;
  const query = filterQuery(filters, before);
  const { fetchList } = config;
  const refresh = useCallback(() => void dispatch(fetchList(query)), [dispatch, fetchList, query]);
  // the app loads the first page of everything at start; other pages and filters load here
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the filters or page change
  useEffect(() => {
    if (query !== shownQuery) refresh();
  }, [query]);
  // client names: loaded when a document names a client or the client filter is opened
  const [wantClients, setWantClients] = useState(false);
  const needClients = wantClients || items.some((d) => d.clientId);
  useEffect(() => {
    if (needClients && !clients.loaded && !clients.loading) void dispatch(fetchClients());
  }, [needClients, clients.loaded, clients.loading, dispatch]);
  useRefreshWhileUnfinished(items, loading, refresh);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const clientNames = useMemo(
    () => new Map(clients.list.map((c) => [c.id, c.name])),
    [clients.list],
  );
  const base = `/documents/${config.collection}`;
  const filtered = query !== '' && pages.length === 0;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const canChange = useCan('change');
  return (
    <section className="page">
      <div className="page-links">
        <Link className="back-link" to="/documents">
          {config.homeLabel}
        </Link>
      </div>
      <div className="page-header">
        <h1>{config.title}</h1>
        {canChange ? (
          <Link className="button primary" to={`${base}/upload`}>
            📄 Upload
          </Link>
        ) : null}
      </div>
      <ListFilterBar
        filters={filters}
        clients={clients.list}
        onOpenClients={() => setWantClients(true)}
        onChange={(next) => {
          setFilters(next);
          setPages([]);
        }}
      />
      {config.compare ? (
        <div className="compare-bar">
          <span className="muted small">
            {selected.size === 0
              ? `Tick ${MIN_COMPARED} to ${MAX_COMPARED} read proposals to compare them.`
              : `${selected.size} selected`}
          </span>
          <button
            type="button"
            className="button"
            disabled={selected.size < MIN_COMPARED || selected.size > MAX_COMPARED}
            onClick={() => navigate(`/comparisons?ids=${[...selected].join(',')}`)}
          >
            Compare selected
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          Error: {error}
        </p>
      ) : null}
      <QueueNotice items={items} />
      {loading && !loaded ? (
        <p className="muted">{config.loadingText}</p>
      ) : (
        <DocumentList
          items={items}
          label={config.label}
          linkTo={(id) => `${base}/${id}`}
          empty={error ? null : filtered ? 'No documents match these filters.' : config.empty}
          clientName={(id) => clientNames.get(id)}
          selection={
            config.compare
              ? {
                  selected,
                  onToggle: toggle,
                  canSelect: (doc) => doc.status === 'done' && selected.size < MAX_COMPARED,
                }
              : undefined
          }
        />
      )}
      {pages.length > 0 || nextCursor ? (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            className="button small"
            disabled={pages.length === 0}
            onClick={() => setPages((p) => p.slice(0, -1))}
          >
            ← Newer
          </button>
          <span className="muted small">Page {pages.length + 1}</span>
          <button
            type="button"
            className="button small"
            disabled={!nextCursor}
            onClick={() => nextCursor && setPages((p) => [...p, nextCursor])}
          >
            Older →
          </button>
        </nav>
      ) : null}
    </section>
  );
}

const proposals: ListScreenConfig = {
  collection: 'carrierProposals',
  fetchList: fetchCarrierProposals,
  homeLabel: 'Home',
  title: 'Carrier Proposals',
  loadingText: 'Loading proposals...',
  label: 'Carrier proposals',
  empty: 'No carrier proposals yet. Upload one to have it read.',
  compare: true,
};

const certificates: ListScreenConfig = {
  collection: 'policyCertificates',
  fetchList: fetchPolicyCertificates,
  homeLabel: '← Home',
  title: 'Policy Certificates',
  loadingText: 'Loading policy certificates...',
  label: 'Policy certificates',
  empty: 'No policy certificates yet. Upload one to keep it here.',
  compare: false,
};

/** /documents/carrierProposals */
export const ProposalList = () => <DocumentListScreen config={proposals} />;
/** /documents/policyCertificates */
export const CertificateList = () => <DocumentListScreen config={certificates} />;
