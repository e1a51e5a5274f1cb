import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatListDate } from '../../../shared/format/dates.ts';
import { createStore } from '../../app/store.ts';
import { DocumentsHome } from './documents-home.tsx';
import { fetchCarrierProposals, fetchPolicyCertificates } from './documents-slice.ts';
import { CertificateList, ProposalList } from './list-screens.tsx';
import { REFRESH_INTERVAL_MS } from './use-refresh-while-unfinished.ts';

const doc = (id: string, name: string, status: string, error: string | null = null) => ({
  id,
  name,
  url: `/api/files/${id}`,
  createdOn: '2026-03-02T15:00:00.000Z',
  status,
  error,
});

/** The server of these tests has no extraction engine installed. */
const noEngine = {
  proposalModelId: null,
  certificateModelId: null,
  extractionEngine: null,
  maxUploadBytes: 52428800,
};

/** Answers each list URL with the next of its queued answers (the last one repeats). */
function serve(answers: Record<string, Array<unknown[] | { status: number; error: string }>>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/config') {
      return new Response(JSON.stringify(noEngine), {
        headers: { 'content-type': 'application/json' },
      });
    }
    calls.push(url);
    const queue = answers[url] ?? [[]];
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (!Array.isArray(next)) {
      return new Response(JSON.stringify({ error: next.error }), { status: next.status });
    }
    return new Response(JSON.stringify(next), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAt(element: React.ReactNode) {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter>{element}</MemoryRouter>
    </Provider>,
  );
  return store;
}

/** Starts a load and renders its pending state; `finish` waits for it and renders the result. */
function start(load: () => Promise<unknown>): Promise<unknown> {
  let pending: Promise<unknown> = Promise.resolve();
  act(() => {
    pending = load();
  });
  return pending;
}
const finish = (pending: Promise<unknown>) =>
  act(async () => {
    await pending;
  });

const tick = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('the carrier proposal list', () => {
  it('shows each proposal as a link with its date and status, refreshing until all are settled', async () => {
    const calls = serve({
      '/api/documents/carrierProposals': [
        [doc('p1', 'Ameritas Dental', 'queued'), doc('p2', 'Lincoln Vision', 'done')],
        [doc('p1', 'Ameritas Dental', 'processing'), doc('p2', 'Lincoln Vision', 'done')],
        [
          doc('p1', 'Ameritas Dental', 'failed', 'This PDF is password-protected.'),
          doc('p2', 'Lincoln Vision', 'done'),
        ],
      ],
    });
    const store = renderAt(<ProposalList />);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/documents');
    expect(screen.getByRole('link', { name: '📄 Upload' })).toHaveAttribute(
      'href',
      '/documents/carrierProposals/upload',
    );
    const loading = start(() => store.dispatch(fetchCarrierProposals()));
    expect(screen.getByText('Loading proposals...')).toBeInTheDocument();
    await finish(loading);
    const list = screen.getByRole('list', { name: 'Carrier proposals' });
    const first = within(list).getByRole('link', { name: /Ameritas Dental/ });
    expect(first).toHaveAttribute('href', '/documents/carrierProposals/p1');
    expect(first).toHaveTextContent(formatListDate('2026-03-02T15:00:00.000Z'));
    expect(within(first).getByText('Queued')).toBeInTheDocument();
    // Queued, with no engine on the server: the list says why.
    expect(await screen.findByRole('note')).toHaveTextContent(
      'No extraction engine is installed on this server yet',
    );
    expect(within(list).getByRole('link', { name: /Lincoln Vision/ })).toHaveTextContent('Done');

    await tick(REFRESH_INTERVAL_MS);
    expect(within(first).getByText('Processing')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await tick(REFRESH_INTERVAL_MS);
    expect(within(first).getByText('Failed')).toBeInTheDocument();
    expect(within(first).getByText('This PDF is password-protected.')).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    // All settled: no more refreshes.
    await tick(REFRESH_INTERVAL_MS * 3);
    expect(calls).toHaveLength(3);
  });

  it("shows 'Error: {message}' when the list cannot be loaded", async () => {
    serve({ '/api/documents/carrierProposals': [{ status: 500, error: 'Database is down.' }] });
    const store = renderAt(<ProposalList />);
    await act(async () => {
      await store.dispatch(fetchCarrierProposals());
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Database is down.');
  });
});

describe('the policy certificate list', () => {
  it("shows its links, heading and certificates, with 'Loading policy certificates...' first", async () => {
    serve({ '/api/documents/policyCertificates': [[doc('c1', 'UHC Vision', 'done')]] });
    const store = renderAt(<CertificateList />);
    expect(screen.getByRole('link', { name: '← Home' })).toHaveAttribute('href', '/documents');
    expect(screen.getByRole('link', { name: '📄 Upload' })).toHaveAttribute(
      'href',
      '/documents/policyCertificates/upload',
    );
    expect(screen.getByRole('heading', { name: 'Policy Certificates' })).toBeInTheDocument();
    const loading = start(() => store.dispatch(fetchPolicyCertificates()));
    expect(screen.getByText('Loading policy certificates...')).toBeInTheDocument();
    await finish(loading);
    expect(screen.getByRole('link', { name: /UHC Vision/ })).toHaveAttribute(
      'href',
      '/documents/policyCertificates/c1',
    );
  });
});

describe('the documents home', () => {
  it('links both lists and says when each is loading or failed', async () => {
    serve({
      '/api/documents/carrierProposals': [[doc('p1', 'Ameritas Dental', 'done')]],
      '/api/documents/policyCertificates': [{ status: 503, error: 'Try again later.' }],
    });
    const store = renderAt(<DocumentsHome />);
    expect(screen.getByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carrier Proposals' })).toHaveAttribute(
      'href',
      '/documents/carrierProposals/',
    );
    expect(screen.getByRole('link', { name: 'Policy Certificates' })).toHaveAttribute(
      'href',
      '/documents/policyCertificates/',
    );
    const loads = start(() =>
      Promise.all([
        store.dispatch(fetchCarrierProposals()),
        store.dispatch(fetchPolicyCertificates()),
      ]),
    );
    expect(screen.getByText('Loading Carrier Proposals…')).toBeInTheDocument();
    expect(screen.getByText('Loading Policy Certificates…')).toBeInTheDocument();
    await finish(loads);
    expect(screen.getByRole('link', { name: 'Ameritas Dental' })).toHaveAttribute(
      'href',
      '/documents/carrierProposals/p1',
    );
    const certificates = screen.getByRole('region', { name: 'Policy Certificates' });
    expect(within(certificates).getByText('Error: Try again later.')).toBeInTheDocument();
  });
});
