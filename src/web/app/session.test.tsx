import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../shared/auth/roles.ts';
import { buildClass } from '../../shared/billing/testing/factories.ts';
import type { Client } from '../../shared/clients/client.ts';
import { LoadWhenSignedIn } from './app.tsx';
import { routes } from './router.tsx';
import { SessionProvider } from './session.tsx';
import { createStore } from './store.ts';

const clientId = '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e00aa';
const client: Client = {
  id: clientId,
  name: 'Acme Manufacturing',
  logo: null,
  classes: [buildClass({ className: 'Salaried', classID: 'S1' })],
  notes: null,
  createdOn: '2026-11-20T15:00:00.000Z',
  revision: 1,
};
const history = [
  {
    id: 'a2',
    at: '2026-11-21T15:04:00.000Z',
    userEmail: 'bea@desk.example',
    action: 'billing saved',
    objectType: 'client',
    objectId: clientId,
    clientId,
    documentId: null,
    summary: 'revision 0 → 1',
  },
];

const sessions: Record<string, SessionInfo> = {
  none: { user: { email: 'local', name: 'Local user', role: 'admin' }, auth: 'none' },
  viewer: {
    user: { email: 'val@desk.example', name: 'Val Viewer', role: 'viewer' },
    auth: 'local',
  },
  broker: {
    user: { email: 'bea@desk.example', name: 'Bea Broker', role: 'broker' },
    auth: 'local',
  },
  admin: { user: { email: 'ada@desk.example', name: 'Ada Admin', role: 'admin' }, auth: 'local' },
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const signedOut = (auth = 'local') => json({ error: 'Sign in to continue.', auth }, 401);

/**
 * A server for these tests: `session` is what GET /api/session answers (undefined: 401); the
 * lists answer the one client; `override` answers first when it knows the request.
 */
function serve(
  session: SessionInfo | undefined,
  override: (method: string, url: string, body: unknown) => Response | undefined = () => undefined,
) {
  const requests: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url}`);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = override(method, url, body);
    if (answer) return answer;
    if (url === '/api/session' && method === 'GET') return session ? json(session) : signedOut();
    if (!session) return signedOut();
    if (url === '/api/clients') return json([client]);
    if (url === `/api/clients/${clientId}`) return json(client);
    if (url.startsWith('/api/documents/')) return json([]);
    if (url.startsWith('/api/audit?')) return json(history);
    if (url.startsWith('/api/comparisons?')) return json([]);
    if (url === '/api/users') return json([]);
    return json({ error: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

/** The whole app (router, session, store) at a path, as the browser would start it. */
function renderApp(path: string) {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const onSignOut = vi.fn();
  render(
    <Provider store={store}>
      <SessionProvider onSignOut={onSignOut}>
        <LoadWhenSignedIn store={store} />
        <RouterProvider router={router} />
      </SessionProvider>
    </Provider>,
  );
  return { router, onSignOut };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('the app by session state', () => {
  it('with AUTH=none shows today’s app: no sign-in, no user in the header, every control', async () => {
    serve(sessions.none);
    renderApp('/clients');
    expect(await screen.findByRole('link', { name: '➕ Create Client' })).toBeInTheDocument();
    expect(screen.queryByText('Local user')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('with AUTH=none keeps the client page as it was: no history panel', async () => {
    const requests = serve(sessions.none);
    renderApp(`/clients/${clientId}`);
    expect(await screen.findByRole('button', { name: '+ Add Class' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.includes('/api/audit'))).toBe(false);
  });

  it('signed out, sends every page to the sign-in page and loads no lists', async () => {
    const requests = serve(undefined);
    const { router } = renderApp(`/clients/${clientId}`);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent(`/clients/${clientId}`)}`,
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText(/session ended/)).not.toBeInTheDocument();
    expect(requests).toEqual(['GET /api/session']);
  });

  it('signs in, shows the server’s sentence when refused, and returns to the page asked for', async () => {
    let signedIn = false;
    let tries = 0;
    serve(undefined, (method, url, body) => {
      if (url === '/api/session' && method === 'POST') {
        tries += 1;
        expect(body).toEqual({
          email: 'bea@desk.example',
          password: tries === 1 ? 'wrong' : 'right one!',
        });
        if (tries === 1) return json({ error: 'The email or password is not right.' }, 401);
        signedIn = true;
        return new Response(null, { status: 204 });
      }
      if (signedIn && url === '/api/session') return json(sessions.broker);
      if (signedIn && url === `/api/clients/${clientId}`) return json(client);
      if (signedIn && url === '/api/clients') return json([client]);
      if (signedIn && url.startsWith('/api/audit?')) return json(history);
      if (signedIn && url.startsWith('/api/documents/')) return json([]);
      if (signedIn && url.startsWith('/api/comparisons?')) return json([]);
      // Signed in, anything else answers as the default server does, not "signed out".
      if (signedIn && url !== '/api/session') return json({ error: 'Not found.' }, 404);
      return undefined;
    });
    const { router } = renderApp(`/clients/${clientId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'bea@desk.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is not right.',
    );

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right one!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Acme Manufacturing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/clients/${clientId}`);
    expect(screen.getByText('Bea Broker')).toBeInTheDocument();
  });

  it('as a viewer hides every control that changes data and shows billing read-only', async () => {
    serve(sessions.viewer);
    renderApp(`/clients/${clientId}`);
    expect(await screen.findByRole('heading', { name: 'Acme Manufacturing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Class Name')).toHaveValue('Salaried');
    expect(screen.getByLabelText('Class Name')).toBeDisabled();
    for (const name of ['+ Add Class', '+ Add Product', 'Delete Class', '💾 Save']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // The history panel: who, when (New York time), what, summary.
    const panel = await screen.findByRole('region', { name: 'History' });
    const row = await within(panel).findByRole('listitem');
    expect(row).toHaveTextContent('11/21/26 10:04 AM');
    expect(row).toHaveTextContent('bea@desk.example');
    expect(row).toHaveTextContent('billing saved');
    expect(row).toHaveTextContent('revision 0 → 1');
    // The header: the viewer's name and role; no admin screens.
    expect(screen.getByText('Val Viewer')).toBeInTheDocument();
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('as a viewer shows no Create Client, no Upload, and a sentence on the create page', async () => {
    serve(sessions.viewer);
    const { router } = renderApp('/clients');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(await screen.findByText('Acme Manufacturing')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '➕ Create Client' })).not.toBeInTheDocument();
    await act(() => router.navigate('/documents/carrierProposals'));
    expect(await screen.findByRole('heading', { name: 'Carrier Proposals' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '📄 Upload' })).not.toBeInTheDocument();
    await act(() => router.navigate('/clients/create'));
    expect(
      await screen.findByText(
        'Your role lets you read, not make changes. Ask an admin if you need to.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Client Name')).not.toBeInTheDocument();
  });

  it('as a broker shows the controls but not the admin screens', async () => {
    serve(sessions.broker);
    renderApp('/clients');
    expect(await screen.findByRole('link', { name: '➕ Create Client' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('as an admin adds Users and Audit to the navigation, and the menu signs out', async () => {
    const requests = serve(sessions.admin, (method, url) =>
      method === 'DELETE' && url.startsWith('/api/session')
        ? new Response(null, { status: 204 })
        : undefined,
    );
    const { onSignOut } = renderApp('/clients');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Audit' })).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByText('Ada Admin'));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalled());
    expect(requests).toContain('DELETE /api/session?everywhere=true');
  });

  it('with AUTH=oidc offers the identity provider’s sign-in, returning to the page asked for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => signedOut('oidc')),
    );
    renderApp(`/clients/${clientId}`);
    const button = await screen.findByRole('link', { name: 'Sign in with your firm’s account' });
    expect(button).toHaveAttribute(
      'href',
      `/api/auth/oidc/start?returnTo=${encodeURIComponent(`/clients/${clientId}`)}`,
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('with AUTH=oidc shows why the provider’s sign-in was refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => signedOut('oidc')),
    );
    renderApp('/sign-in?error=The%20sign-in%20took%20too%20long%20or%20was%20already%20used.');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long or was already used.',
    );
    expect(screen.getByRole('link', { name: 'Sign in with your firm’s account' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start?returnTo=%2F',
    );
  });

  it('when a later request answers 401, shows the sign-in page with a note that the session ended', async () => {
    let ended = false;
    serve(sessions.broker, (_method, url) =>
      ended && url !== '/api/session' ? signedOut() : undefined,
    );
    const { router } = renderApp('/clients');
    expect(await screen.findByText('Acme Manufacturing')).toBeInTheDocument();
    ended = true;
    await act(() =>
      router.navigate('/documents/carrierProposals/6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e00ff'),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session ended. Sign in again to continue.',
    );
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/documents/carrierProposals/6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e00ff')}`,
    );
  });
});
