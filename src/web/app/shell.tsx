import { NavLink, Outlet, useLocation } from 'react-router';

/** The page frame: a simple top navigation (Clients, Documents, Learned layouts) over the current screen. */
export function Shell() {
  const { pathname } = useLocation();
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
          <NavLink to="/layouts" className={({ isActive }) => navClass(isActive)}>
            Learned layouts
          </NavLink>
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}

const navClass = (active: boolean) => (active ? 'nav-link active' : 'nav-link');
