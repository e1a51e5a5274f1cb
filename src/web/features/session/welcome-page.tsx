import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { getJson, sendJson } from '../../lib/api.ts';
import { AuthFrame } from './auth-frame.tsx';

/** GET /api/links/:token: what a one-time link is for, and whose it is. */
interface LinkView {
  purpose: 'invite' | 'reset' | 'setup';
  email: string;
  name: string;
}

export const MIN_PASSWORD = 12;

/** The first problem with a new password and its repetition, or undefined when both are fine. */
export function passwordProblem(password: string, repeat: string): string | undefined {
  if (password.length < MIN_PASSWORD) {
    return `A password needs at least ${MIN_PASSWORD} characters.`;
  }
  if (password !== repeat) return 'The two passwords are not the same.';
  return undefined;
}

type Lookup =
  | { state: 'loading' }
  | { state: 'found'; link: LinkView }
  | { state: 'gone'; message: string };

/**
 * /welcome/:token: the page an invitation or a password reset links to. It shows whose account
 * it is, asks for a name (invitations) and a new password twice, then signs the person in.
 * An expired or used link shows the server's sentence.
 */
export function WelcomePage() {
  const { token = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    getJson<LinkView>(`/api/links/${encodeURIComponent(token)}`).then(
      (link) => {
        if (!live) return;
        setLookup({ state: 'found', link });
        setName(link.name);
      },
      (e: Error) => live && setLookup({ state: 'gone', message: e.message }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (lookup.state === 'loading') return <p className="muted page">Loading…</p>;
  if (lookup.state === 'gone') {
    return (
      <AuthFrame title="This link cannot be used">
        <p className="error" role="alert">
          {lookup.message}
        </p>
        <p>
          <Link to="/sign-in">Go to the sign-in page</Link>
        </p>
      </AuthFrame>
    );
  }

  const { link } = lookup;
  const inviting = link.purpose !== 'reset';
  const problem = passwordProblem(password, repeat);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || (inviting && !name.trim())) return;
    setBusy(true);
    setError(undefined);
    try {
      await sendJson('POST', `/api/links/${encodeURIComponent(token)}`, {
        password,
        ...(inviting ? { name: name.trim() } : {}),
      });
      await refresh();
      navigate('/', { replace: true });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={inviting ? 'Welcome to Benefits Desk' : 'Choose a new password'}>
      <p>
        {inviting ? 'Your account: ' : 'For '}
        <strong>{link.email}</strong>
      </p>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {inviting ? (
          <label className="field">
            <span>Your name</span>
            <input
              type="text"
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
        ) : null}
        {inviting && tried && !name.trim() ? (
          <p className="error small" role="alert">
            Enter your name.
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            aria-describedby="new-password-hint"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span id="new-password-hint" className="muted small">
            At least {MIN_PASSWORD} characters.
          </span>
        </div>
        <label className="field">
          <span>New password again</span>
          <input
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </label>
        {tried && problem ? (
          <p className="error" role="alert">
            {problem}
          </p>
        ) : null}
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : inviting ? 'Set password and sign in' : 'Save password and sign in'}
        </button>
      </form>
    </AuthFrame>
  );
}
