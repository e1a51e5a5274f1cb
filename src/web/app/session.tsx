import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { can, type Permission, type SessionInfo } from '../../shared/auth/roles.ts';
import { ApiError, errorMessage, onSignedOut, sendJson } from '../lib/api.ts';

/**
 * Who is signed in (issue 15), asked once on load with GET /api/session and kept for every
 * screen. With AUTH=none the server answers the one local user (an admin) and nothing about
 * signing in shows. With AUTH=local a 401 means nobody is signed in; a 401 from any later API
 * call means the session ended (idle or absolute expiry, or signed out everywhere).
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signedIn'; info: SessionInfo }
  /**
   * `ended`: the session was there and ended, so the sign-in page says so. `auth`: how people
   * sign in — a password (local) or the firm's identity provider (oidc).
   */
  | { status: 'signedOut'; ended: boolean; auth?: SignInMode }
  | { status: 'error'; message: string };

export type SignInMode = 'local' | 'oidc';

export interface Session {
  state: SessionState;
  /** Asks the server again (after signing in); answers the new state. */
  refresh: () => Promise<SessionState>;
  /** DELETE /api/session (everywhere: every device's session), then the sign-in page. */
  signOut: (options?: { everywhere?: boolean }) => Promise<void>;
}

/** The one user of AUTH=none: what screens see without a provider (component tests). */
export const LOCAL_SESSION: SessionInfo = {
  user: { email: 'local', name: 'Local user', role: 'admin' },
  auth: 'none',
};

const SessionContext = createContext<Session>({
  state: { status: 'signedIn', info: LOCAL_SESSION },
  refresh: async () => ({ status: 'signedIn', info: LOCAL_SESSION }),
  signOut: async () => {},
});

async function readSession(): Promise<SessionState> {
  try {
    const response = await fetch('/api/session', { headers: { Accept: 'application/json' } });
    if (response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { auth?: unknown };
      return { status: 'signedOut', ended: false, auth: body.auth === 'oidc' ? 'oidc' : 'local' };
    }
    if (!response.ok) {
      throw new ApiError(response.status, await errorMessage(response, 'Could not reach the app.'));
    }
    return { status: 'signedIn', info: (await response.json()) as SessionInfo };
  } catch (error) {
    return { status: 'error', message: (error as Error).message };
  }
}

/** Where the browser goes after signing out: the sign-in page, loaded afresh (no data kept). */
export function leaveToSignIn() {
  window.location.assign('/sign-in');
}

export function SessionProvider({
  children,
  initial,
  onSignOut = leaveToSignIn,
}: {
  children: ReactNode;
  /** A known state (tests); otherwise GET /api/session on mount. */
  initial?: SessionState;
  onSignOut?: () => void;
}) {
  const [state, setState] = useState<SessionState>(initial ?? { status: 'loading' });
  const current = useRef(state);
  current.current = state;

  const refresh = useCallback(async () => {
    const next = await readSession();
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    if (!initial) void refresh();
  }, [initial, refresh]);

  // A 401 from any API call while signed in: the session ended.
  useEffect(
    () =>
      onSignedOut(() => {
        const now = current.current;
        if (now.status === 'signedIn' && now.info.auth !== 'none') {
          setState({ status: 'signedOut', ended: true, auth: now.info.auth });
        }
      }),
    [],
  );

  const signOut = useCallback(
    async (options: { everywhere?: boolean } = {}) => {
      await sendJson('DELETE', `/api/session${options.everywhere ? '?everywhere=true' : ''}`);
      onSignOut();
    },
    [onSignOut],
  );

  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = (): Session => useContext(SessionContext);

/** The signed-in user's session, or undefined while loading or signed out. */
export function useSessionInfo(): SessionInfo | undefined {
  const { state } = useSession();
  return state.status === 'signedIn' ? state.info : undefined;
}

/**
 * May the signed-in user do this? `useCan('change')` hides every control that changes data
 * from viewers; `useCan('administer')` shows admin screens. The same rule the server enforces.
 */
export function useCan(permission: Permission): boolean {
  const info = useSessionInfo();
  return info ? can(info.user.role, permission) : false;
}

/** True when the app signs people in (AUTH=local): sign-in screens, the user menu, history. */
export function useAccounts(): boolean {
  const info = useSessionInfo();
  return info !== undefined && info.auth !== 'none';
}
