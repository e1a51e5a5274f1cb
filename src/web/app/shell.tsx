import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { UserMenu } from '../features/session/user-menu.tsx';
import { useCan, useSession } from './session.tsx';

/**
 * The page frame: a simple top navigation (Clients, Documents; Learned layouts, Users and Audit for admins) over
 * the current screen, and the signed-in user's menu. Nobody signed in (AUTH=local): the sign-in
 * page, which comes back here afterwards.
 */
export function Shell() {
  const { pathname, search } = useLocation();
  const { state, refresh } = useSession();
  const admin = useCan('administer');
  if (state.status === 'loading') return <p className="muted page">Loading…</p>;
  if (state.status === 'error') {
    return (
      <section className="page narrow">
        <p className="error" role="alert">
          Error: {state.message}
        </p>
        <button type="button" className="button" onClick={() => void refresh()}>
          Try again
        </button>
      </section>
    );
  }
  if (state.status === 'signedOut') {
    const next = `${pathname}${search}`;
    const to = next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
    return <Navigate to={to} replace />;
  }
  const accounts = state.info.auth !== 'none';
  return (
    <div className="shell">
      <header className="topbar">
        <NavLink to="/" className="brand">
          Benefits Desk
        </NavLink>
        <nav aria-label="Main">
          <NavLink
            to="/clients"
            className={({ isActive }) => navClass(isActive || pathname === '/')}
          >
            Clients
          </NavLink>
          <NavLink to="/documents" className={({ isActive }) => navClass(isActive)}>
            Documents
          </NavLink>
          {accounts && admin ? (
            <>
              <NavLink to="/users" className={({ isActive }) => navClass(isActive)}>
                Users
              </NavLink>
              <NavLink to="/audit" className={({ isActive }) => navClass(isActive)}>
                Audit
              </NavLink>
            </>
          ) : null}
          {admin ? (
            <NavLink to="/layouts" className={({ isActive }) => navClass(isActive)}>
              Learned layouts
            </NavLink>
          ) : null}
        </nav>
        {accounts ? <UserMenu user={state.info.user} /> : null}
      </header>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}

const navClass = (active: boolean) => (active ? 'nav-link active' : 'nav-link');
