import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../../shared/auth/roles.ts';
import { SessionProvider } from '../../app/session.tsx';
import type { UserView } from './users-api.ts';
import { UsersPage } from './users-page.tsx';

const admin: SessionInfo = {
  user: { email: 'ada@desk.example', name: 'Ada Admin', role: 'admin' },
  auth: 'local',
};
const ada: UserView = {
  id: '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e0001',
  email: 'ada@desk.example',
  name: 'Ada Admin',
  role: 'admin',
  disabled: false,
  hasPassword: true,
  createdOn: '2026-11-20T15:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answer: (method: string, url: string, body: unknown) => Response) {
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
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

function renderAs(session: SessionInfo) {
  render(
    <SessionProvider initial={{ status: 'signedIn', info: session }}>
      <MemoryRouter>
        <UsersPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('UsersPage', () => {
  it('invites someone and shows the one-time link as a full address to copy', async () => {
    const requests = serve((method, url, body) => {
      if (method === 'GET' && url === '/api/users') return json([ada]);
      if (method === 'POST' && url === '/api/users') {
        const input = body as { email: string; name: string; role: UserView['role'] };
        return json(
          {
            user: {
              ...ada,
              id: '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e0002',
              ...input,
              hasPassword: false,
            },
            link: '/welcome/abcdefghijklmnopqrstuvwxyz012345',
          },
          201,
        );
      }
      return json({ error: 'Not found.' }, 404);
    });
    renderAs(admin);
    const user = userEvent.setup();
    expect(await screen.findByRole('row', { name: 'ada@desk.example' })).toHaveTextContent(
      'Active',
    );
    const form = screen.getByRole('form', { name: 'Invite' });
    await user.type(within(form).getByLabelText('Email'), 'bea@desk.example');
    await user.type(within(form).getByLabelText('Name'), 'Bea Broker');
    await user.selectOptions(within(form).getByLabelText('Role'), 'viewer');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));

    const box = await screen.findByRole('status', { name: 'One-time link' });
    expect(box).toHaveTextContent('Send this invitation link to bea@desk.example.');
    expect(within(box).getByLabelText('Link')).toHaveValue(
      `${window.location.origin}/welcome/abcdefghijklmnopqrstuvwxyz012345`,
    );
    const row = screen.getByRole('row', { name: 'bea@desk.example' });
    expect(row).toHaveTextContent('Invited');
    expect(within(row).getByLabelText('Role of bea@desk.example')).toHaveValue('viewer');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'bea@desk.example',
      name: 'Bea Broker',
      role: 'viewer',
    });
  });

  it('shows the server’s sentence when a change is refused, and keeps the row as it was', async () => {
    serve((method, url) => {
      if (method === 'GET') return json([ada]);
      if (method === 'PATCH' && url === `/api/users/${ada.id}`) {
        return json(
          { error: 'This is the only active admin: make another user an admin first.' },
          409,
        );
      }
      return json({ error: 'Not found.' }, 404);
    });
    renderAs(admin);
    const user = userEvent.setup();
    const role = await screen.findByLabelText('Role of ada@desk.example');
    await user.selectOptions(role, 'broker');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: This is the only active admin: make another user an admin first.',
    );
    expect(role).toHaveValue('admin');
  });

  it('disables a user and makes a reset link', async () => {
    const bea: UserView = {
      ...ada,
      id: '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e0002',
      email: 'bea@desk.example',
      name: 'Bea',
      role: 'broker',
    };
    serve((method, url, body) => {
      if (method === 'GET') return json([ada, bea]);
      if (method === 'PATCH') return json({ ...bea, ...(body as object) });
      if (method === 'POST' && url === `/api/users/${bea.id}/reset`) {
        return json({ link: '/welcome/resetresetresetresetreset01' });
      }
      return json({ error: 'Not found.' }, 404);
    });
    renderAs(admin);
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: 'bea@desk.example' });
    await user.click(within(row).getByRole('button', { name: 'Reset password' }));
    const box = await screen.findByRole('status', { name: 'One-time link' });
    expect(box).toHaveTextContent('Send this link to bea@desk.example to set a new password.');
    expect(within(box).getByLabelText('Link')).toHaveValue(
      `${window.location.origin}/welcome/resetresetresetresetreset01`,
    );
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await within(row).findByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('with AUTH=oidc lists people and their roles, without invitations or password resets', async () => {
    serve(() => json([ada]));
    renderAs({ ...admin, auth: 'oidc' });
    const row = await screen.findByRole('row', { name: 'ada@desk.example' });
    expect(within(row).getByLabelText('Role of ada@desk.example')).toHaveValue('admin');
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite' })).not.toBeInTheDocument();
    expect(screen.getByText(/sign in through your firm’s identity provider/)).toBeInTheDocument();
  });

  it('tells a non-admin the page is not theirs, and asks the server nothing', async () => {
    const requests = serve(() => json([]));
    renderAs({ ...admin, user: { ...admin.user, role: 'broker' } });
    expect(screen.getByText('Only an admin can see the users.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
