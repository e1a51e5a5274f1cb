import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../app/session.tsx';
import { passwordProblem, WelcomePage } from './welcome-page.tsx';

const token = 'abcdefghijklmnopqrstuvwxyz012345';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function renderWelcome(answer: (method: string, url: string, body: unknown) => Response) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = String(input);
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      return answer(method, url, body);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/welcome/:token', element: <WelcomePage /> },
      { path: '/', element: <h1>Clients</h1> },
    ],
    { initialEntries: [`/welcome/${token}`] },
  );
  render(
    <SessionProvider initial={{ status: 'signedOut', ended: false }}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return { requests, router };
}

describe('passwordProblem', () => {
  it.each([
    ['short', 'short', 'A password needs at least 12 characters.'],
    ['twelve chars', 'twelve chars!', 'The two passwords are not the same.'],
    ['twelve chars', 'twelve chars', undefined],
  ])('%s / %s → %s', (password, repeat, problem) => {
    expect(passwordProblem(password, repeat)).toBe(problem);
  });
});

describe('WelcomePage', () => {
  it('shows the invitation’s email, checks the passwords, then sets them and signs in', async () => {
    let accepted = false;
    const { requests, router } = renderWelcome((method, url) => {
      if (url === `/api/links/${token}` && method === 'GET') {
        return json({ purpose: 'invite', email: 'bea@desk.example', name: 'Bea' });
      }
      if (url === `/api/links/${token}` && method === 'POST') {
        accepted = true;
        return new Response(null, { status: 204 });
      }
      if (url === '/api/session' && accepted) {
        return json({
          user: { email: 'bea@desk.example', name: 'Bea Broker', role: 'broker' },
          auth: 'local',
        });
      }
      return json({ error: 'Sign in to continue.' }, 401);
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Benefits Desk' }),
    ).toBeInTheDocument();
    expect(screen.getByText('bea@desk.example')).toBeInTheDocument();
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveValue('Bea');
    await user.clear(name);
    await user.type(name, 'Bea Broker');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('New password again'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A password needs at least 12 characters.');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      password: 'a long passphrase',
      name: 'Bea Broker',
    });
  });

  it('asks a password reset for the password only', async () => {
    renderWelcome((method) =>
      method === 'GET'
        ? json({ purpose: 'reset', email: 'bea@desk.example', name: 'Bea' })
        : json({ error: 'x' }, 500),
    );
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
  });

  it('shows the server’s sentence for an expired or used link', async () => {
    renderWelcome(() =>
      json(
        { error: 'This link has expired or was already used. Ask an admin for a new one.' },
        404,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or was already used. Ask an admin for a new one.',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
