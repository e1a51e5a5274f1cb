import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { sendJson } from '../../lib/api.ts';
import { AuthFrame } from './auth-frame.tsx';

/** Only a path inside the app: `/clients/1`, never `//elsewhere.example` or a full URL. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/**
 * /sign-in (AUTH=local): email and password; the server's sentence when they are wrong or
 * after too many tries; afterwards back to the page the person was going to.
 */
export function SignInPage() {
  const { state, refresh } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  if (state.status === 'loading') return <p className="muted page">Loading…</p>;
  // Already signed in, or the app signs nobody in (AUTH=none): nothing to do here.
  if (state.status === 'signedIn' && !busy) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await sendJson('POST', '/api/session', { email: email.trim(), password });
      const now = await refresh();
      if (now.status !== 'signedIn') throw new Error('Signing in did not work. Try again.');
      navigate(next, { replace: true });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  const ended =
    state.status === 'signedOut' && state.ended && !error ? (
      <p className="notice" role="status">
        Your session ended. Sign in again to continue.
      </p>
    ) : null;

  if (state.status === 'signedOut' && state.auth === 'oidc') {
    // The identity provider signs people in; a refused sign-in comes back with ?error=.
    const refused = params.get('error');
    return (
      <AuthFrame title="Sign in">
        {ended}
        {refused ? (
          <p className="error" role="alert">
            {refused}
          </p>
        ) : null}
        <a
          className="button primary wide"
          href={`/api/auth/oidc/start?returnTo=${encodeURIComponent(next)}`}
        >
          Sign in with your firm’s account
        </a>
        <p className="muted small">
          You sign in with the account you use for your firm’s email and other work tools.
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Sign in">
      {ended}
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error || params.get('error') ? (
          <p className="error" role="alert">
            {error ?? params.get('error')}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="muted small">
        No account yet, or forgot your password? Ask an admin of your firm for a link.
      </p>
    </AuthFrame>
  );
}
