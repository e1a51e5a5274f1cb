import { useCallback } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.tsx';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { DocumentList } from './document-list.tsx';
import { fetchCarrierProposals, fetchPolicyCertificates } from './documents-slice.ts';
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
}

/** A document list (spec §2 Carrier proposal list, Policy certificate list), configured per type. */
function DocumentListScreen({ config }: { config: ListScreenConfig }) {
  const dispatch = useAppDispatch();
  const { items, loading, loaded, error } = useAppSelector((s) => s.documents[config.collection]);
  const { fetchList } = config;
  const refresh = useCallback(() => void dispatch(fetchList()), [dispatch, fetchList]);
  useRefreshWhileUnfinished(items, loading, refresh);
  const base = `/documents/${config.collection}`;
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
          empty={error ? null : config.empty}
        />
      )}
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
};

const certificates: ListScreenConfig = {
  collection: 'policyCertificates',
  fetchList: fetchPolicyCertificates,
  homeLabel: '← Home',
  title: 'Policy Certificates',
  loadingText: 'Loading policy certificates...',
  label: 'Policy certificates',
  empty: 'No policy certificates yet. Upload one to keep it here.',
};

/** /documents/carrierProposals */
export const ProposalList = () => <DocumentListScreen config={proposals} />;
/** /documents/policyCertificates */
export const CertificateList = () => <DocumentListScreen config={certificates} />;
