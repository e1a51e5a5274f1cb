import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type Role, roles, roleTitles } from '../../../shared/auth/roles.ts';
import { useAccounts, useCan, useSessionInfo } from '../../app/session.tsx';
import {
  fullLink,
  inviteUser,
  listUsers,
  resetUser,
  type UserView,
  updateUser,
  userStatus,
} from './users-api.ts';

/** A one-time link to hand over: who it is for and what it does. */
interface HandOver {
  email: string;
  purpose: 'invite' | 'reset';
  url: string;
}

const roleHelp: Record<Role, string> = {
  admin: 'everything, and users',
  broker: 'clients, billing and documents',
  viewer: 'reads only',
};

/**
 * /users (admins, AUTH=local): everyone with an account, their role and status; invite someone
 * (a one-time link to send them), change a role, disable or enable, make a password-reset link.
 */
export function UsersPage() {
  const admin = useCan('administer');
  const accounts = useAccounts();
  if (!accounts) {
    return (
      <section className="page narrow">
        <h1>Users</h1>
        <p className="empty">Accounts are used only when the app runs with AUTH=local.</p>
      </section>
    );
  }
  if (!admin) {
    return (
      <section className="page narrow">
        <h1>Users</h1>
        <p className="empty">Only an admin can see the users.</p>
      </section>
    );
  }
  return <Users />;
}

function Users() {
  const info = useSessionInfo();
  const me = info?.user.email;
  // With AUTH=oidc the identity provider makes accounts and keeps passwords: no invitations or
  // resets here, only roles and disabling.
  const passwords = info?.auth === 'local';
  const [users, setUsers] = useState<UserView[]>();
  const [error, setError] = useState<string>();
  const [handOver, setHandOver] = useState<HandOver>();
  const [busy, setBusy] = useState<string>();

  const load = useCallback(() => {
    listUsers().then(setUsers, (e: Error) => setError(e.message));
  }, []);
  useEffect(load, [load]);

  const act = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };
  const replace = (user: UserView) =>
    setUsers((prev) => prev?.map((u) => (u.id === user.id ? user : u)));

  return (
    <section className="page users-page">
      <div className="page-header">
        <h1>Users</h1>
      </div>
      {passwords ? null : (
        <p className="muted">
          People sign in through your firm’s identity provider; each appears here after their first
          sign-in.
        </p>
      )}
      {passwords ? (
        <InviteForm
          onInvited={(user, link) => {
            setUsers((prev) =>
              [...(prev ?? []), user].sort((a, b) => a.email.localeCompare(b.email)),
            );
            setHandOver({ email: user.email, purpose: 'invite', url: fullLink(link) });
          }}
        />
      ) : null}
      {handOver ? <LinkBox handOver={handOver} onClose={() => setHandOver(undefined)} /> : null}
      {error ? (
        <p className="error" role="alert">
          Error: {error}
        </p>
      ) : null}
      {users === undefined && !error ? <p className="muted">Loading users…</p> : null}
      {users ? (
        <div className="section table-section">
          <table className="users-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const status = userStatus(user);
                const working = busy === user.id;
                return (
                  <tr key={user.id} aria-label={user.email}>
                    <td>
                      {user.email}
                      {user.email === me ? <span className="muted small"> (you)</span> : null}
                    </td>
                    <td>{user.name}</td>
                    <td>
                      <select
                        aria-label={`Role of ${user.email}`}
                        value={user.role}
                        disabled={working}
                        onChange={(e) =>
                          void act(user.id, async () =>
                            replace(await updateUser(user.id, { role: e.target.value as Role })),
                          )
                        }
                      >
                        {roles.map((r) => (
                          <option key={r} value={r}>
                            {roleTitles[r]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <span className={`chip status-${status.toLowerCase()}`}>{status}</span>
                    </td>
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button small"
                          disabled={working}
                          onClick={() =>
                            void act(user.id, async () =>
                              replace(await updateUser(user.id, { disabled: !user.disabled })),
                            )
                          }
                        >
                          {user.disabled ? 'Enable' : 'Disable'}
                        </button>
                        {user.disabled || !passwords ? null : (
                          <button
                            type="button"
                            className="button small"
                            disabled={working}
                            onClick={() =>
                              void act(user.id, async () => {
                                const { link } = await resetUser(user.id);
                                setHandOver({
                                  email: user.email,
                                  purpose: 'reset',
                                  url: fullLink(link),
                                });
                              })
                            }
                          >
                            {user.hasPassword ? 'Reset password' : 'New invitation link'}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="muted small">
        Roles: {roles.map((r) => `${roleTitles[r]} — ${roleHelp[r]}`).join('; ')}. Disabling someone
        signs them out at once.
      </p>
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: (user: UserView, link: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('broker');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { user, link } = await inviteUser({ email: email.trim(), name: name.trim(), role });
      onInvited(user, link);
      setEmail('');
      setName('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="section invite-form" onSubmit={(e) => void submit(e)} aria-label="Invite">
      <h2>Invite someone</h2>
      <div className="invite-fields">
        <label className="field">
          <span>Email</span>
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Name</span>
          <input type="text" required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleTitles[r]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Inviting…' : 'Invite'}
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          Error: {error}
        </p>
      ) : null}
    </form>
  );
}

/** The one-time link, shown once, with a Copy button: the admin sends it to the person. */
function LinkBox({ handOver, onClose }: { handOver: HandOver; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(handOver.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="section link-box" aria-label="One-time link" role="status">
      <p>
        {handOver.purpose === 'invite'
          ? `Send this invitation link to ${handOver.email}. It works once, for 7 days.`
          : `Send this link to ${handOver.email} to set a new password. It works once, for 24 hours; any session they had has ended.`}
      </p>
      <div className="link-row">
        <input
          type="text"
          readOnly
          aria-label="Link"
          value={handOver.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button primary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
      <p className="muted small">The link is shown only now; make a new one if it is lost.</p>
    </section>
  );
}
