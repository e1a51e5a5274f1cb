import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../../shared/auth/roles.ts';
import { SessionProvider } from '../../app/session.tsx';
import type { AuditRecord } from './audit-api.ts';
import { HistoryPanel } from './history-panel.tsx';

const documentId = '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e00dd';
const broker: SessionInfo = {
  user: { email: 'bea@desk.example', name: 'Bea', role: 'broker' },
  auth: 'local',
};

const record = (n: number): AuditRecord => ({
  id: `6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e${String(n).padStart(4, '0')}`,
  // Newest first: record 1 is the latest, an hour apart.
  at: new Date(Date.UTC(2026, 0, 5, 20 - n, 4)).toISOString(),
  userEmail: n % 2 ? 'bea@desk.example' : 'ada@desk.example',
  action: n === 12 ? 'document uploaded' : 'corrected',
  objectType: 'document',
  objectId: documentId,
  clientId: null,
  documentId,
  summary: `change ${n}`,
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel(session: SessionInfo, answer: (url: string) => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return answer(String(input));
    }),
  );
  render(
    <SessionProvider initial={{ status: 'signedIn', info: session }}>
      <HistoryPanel filter={{ documentId }} />
    </SessionProvider>,
  );
  return urls;
}

describe('HistoryPanel', () => {
  it('lists a document’s changes newest first, ten at a time, with Show more', async () => {
    const all = Array.from({ length: 12 }, (_, i) => record(i + 1));
    const urls = renderPanel(broker, (url) => {
      const older = url.includes('before=');
      const items = older ? all.slice(10) : all.slice(0, 10);
      return new Response(JSON.stringify(items), {
        headers: {
          'content-type': 'application/json',
          ...(older ? {} : { 'X-Next-Cursor': 'CURSOR10' }),
        },
      });
    });
    const panel = await screen.findByRole('region', { name: 'History' });
    const list = await within(panel).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    // 2026-01-05 19:04 UTC is 2:04 PM in New York.
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      /^1\/5\/26 2:04 PMbea@desk\.examplecorrectedchange 1$/,
    );
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('document uploaded')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(urls).toEqual([
      `/api/audit?documentId=${documentId}&limit=10`,
      `/api/audit?documentId=${documentId}&limit=10&before=CURSOR10`,
    ]);
  });

  it('says so when nothing is recorded', async () => {
    renderPanel(
      broker,
      () => new Response('[]', { headers: { 'content-type': 'application/json' } }),
    );
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('shows nothing and asks nothing with AUTH=none', () => {
    const urls = renderPanel({ ...broker, auth: 'none' }, () => new Response('[]'));
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    expect(urls).toEqual([]);
  });
});
