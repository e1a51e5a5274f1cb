import type { ComponentType } from 'react';
import { createBrowserRouter, Link, type RouteObject } from 'react-router';
import { ClientList } from '../features/clients/client-list.tsx';
import { Shell } from './shell.tsx';

/**
 * A screen loaded on first visit, so the first page downloads only what it shows (the client
 * list is in the entry bundle; every other screen is its own chunk).
 */
function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const clients = () => import('../features/clients/client-screens.ts');
const documents = () => import('../features/documents/document-screens.ts');
const proposals = () => import('../features/proposals/proposal-screens.ts');
const comparisons = () => import('../features/comparisons/comparison-screens.ts');
const session = () => import('../features/session/session-screens.ts');
const admin = () => import('../features/users/admin-screens.ts');

const loading = <p className="muted page">Loading…</p>;
const layouts = () => import('../features/layouts/layouts-screen.tsx');

/** Every browser route of spec §2. */
export const routes: RouteObject[] = [
  // Sign-in screens (AUTH=local): outside the app's frame, open without a session.
  {
    path: '/sign-in',
    hydrateFallbackElement: loading,
    ...lazyScreen(session, (m) => m.SignInPage),
  },
  {
    path: '/welcome/:token',
    hydrateFallbackElement: loading,
    ...lazyScreen(session, (m) => m.WelcomePage),
  },
  {
    element: <Shell />,
    hydrateFallbackElement: loading,
    children: [
      { path: '/', element: <ClientList /> },
      { path: '/clients', element: <ClientList /> },
      { path: '/clients/create', ...lazyScreen(clients, (m) => m.CreateClient) },
      { path: '/clients/:id', ...lazyScreen(clients, (m) => m.ClientDetail) },
      { path: '/documents', ...lazyScreen(documents, (m) => m.DocumentsHome) },
      { path: '/documents/carrierProposals', ...lazyScreen(documents, (m) => m.ProposalList) },
      {
        path: '/documents/carrierProposals/upload',
        ...lazyScreen(documents, (m) => m.CarrierProposalUpload),
      },
      {
        path: '/documents/carrierProposals/:id',
        ...lazyScreen(proposals, (m) => m.CarrierProposalDetail),
      },
      {
        path: '/documents/carrierProposals/:id/debug',
        ...lazyScreen(proposals, (m) => m.ProposalDebug),
      },
      { path: '/documents/policyCertificates', ...lazyScreen(documents, (m) => m.CertificateList) },
      {
        path: '/documents/policyCertificates/upload',
        ...lazyScreen(documents, (m) => m.PolicyCertificateUpload),
      },
      {
        path: '/documents/policyCertificates/:id',
        ...lazyScreen(documents, (m) => m.CertificateDetail),
      },
      { path: '/comparisons', ...lazyScreen(comparisons, (m) => m.ComparisonScreen) },
      { path: '/users', ...lazyScreen(admin, (m) => m.UsersPage) },
      { path: '/audit', ...lazyScreen(admin, (m) => m.AuditPage) },
      { path: '/layouts', ...lazyScreen(layouts, (m) => m.LayoutsScreen) },
      { path: '/dev/prompts', ...lazyScreen(proposals, (m) => m.DevPrompts) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

function NotFound() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/clients">Go to the client list</Link>.
      </p>
    </section>
  );
}

export const createRouter = () => createBrowserRouter(routes);
