import { createBrowserRouter, Link } from 'react-router';
import { ComingSoon } from '../components/ui/coming-soon.tsx';
import { ClientDetail } from '../features/clients/client-detail.tsx';
import { ClientList } from '../features/clients/client-list.tsx';
import { CreateClient } from '../features/clients/create-client.tsx';
import { DevPrompts } from '../features/dev-prompts/dev-prompts.tsx';
import { CarrierProposalDetail } from '../features/proposals/carrier-proposal-detail.tsx';
import { ProposalDebug } from '../features/proposals/proposal-debug.tsx';
import { Shell } from './shell.tsx';

const soon = (what: string) => (
  <section className="page">
    <ComingSoon what={what} />
  </section>
);

/** Every browser route of spec §2. */
export const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <ClientList /> },
      { path: '/clients', element: <ClientList /> },
      { path: '/clients/create', element: <CreateClient /> },
      { path: '/clients/:id', element: <ClientDetail /> },
      { path: '/documents', element: soon('The Documents screen') },
      { path: '/documents/carrierProposals', element: soon('The carrier proposal list') },
      { path: '/documents/carrierProposals/upload', element: soon('Carrier proposal upload') },
      { path: '/documents/carrierProposals/:id', element: <CarrierProposalDetail /> },
      { path: '/documents/carrierProposals/:id/debug', element: <ProposalDebug /> },
      { path: '/documents/policyCertificates', element: soon('The policy certificate list') },
      { path: '/documents/policyCertificates/upload', element: soon('Policy certificate upload') },
      { path: '/documents/policyCertificates/:id', element: soon('The policy certificate view') },
      { path: '/dev/prompts', element: <DevPrompts /> },
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
