import { useEffect, useRef, useState } from 'react';
import { roleTitles, type SessionUser } from '../../../shared/auth/roles.ts';
import { useSession } from '../../app/session.tsx';

/**
 * The signed-in user in the header (AUTH=local): name and role; the menu signs out here, or on
 * every device at once.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const menu = useRef<HTMLDetailsElement>(null);
  // The menu closes on a click elsewhere or Escape, as menus do.
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !details.contains(event.target as Node)
      ) {
        details.open = false;
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  const leave = async (everywhere: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      await signOut({ everywhere });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <details className="user-menu" ref={menu}>
      <summary>
        <span className="user-name">{user.name}</span>
        <span className="chip">{roleTitles[user.role]}</span>
      </summary>
      <div className="user-menu-panel">
        <p className="muted small">Signed in as {user.email}</p>
        <button type="button" className="button" disabled={busy} onClick={() => void leave(false)}>
          Sign out
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void leave(true)}>
          Sign out everywhere
        </button>
        <p className="muted small">
          “Everywhere” ends your sessions on every computer and browser.
        </p>
        {error ? (
          <p className="error small" role="alert">
            Error: {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
