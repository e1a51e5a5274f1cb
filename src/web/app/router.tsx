import { createBrowserRouter, Link } from 'react-router';
import { ClientDetail } from '../features/clients/client-detail.tsx';
import { ClientList } from '../features/clients/client-list.tsx';
import { CreateClient } from '../features/clients/create-client.tsx';
import { DevPrompts } from '../features/dev-prompts/dev-prompts.tsx';
import { CertificateDetail } from '../features/documents/certificate-detail.tsx';
import { CertificateList } from '../features/documents/certificate-list.tsx';
import { DocumentsHome } from '../features/documents/documents-home.tsx';
import { ProposalList } from '../features/documents/proposal-list.tsx';
import {
  CarrierProposalUpload,
  PolicyCertificateUpload,
} from '../features/documents/upload-screens.tsx';
import { CarrierProposalDetail } from '../features/proposals/carrier-proposal-detail.tsx';
import { ProposalDebug } from '../features/proposals/proposal-debug.tsx';
import { Shell } from './shell.tsx';

/** Every browser route of spec §2. */
export const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <ClientList /> },
      { path: '/clients', element: <ClientList /> },
      { path: '/clients/create', element: <CreateClient /> },
      { path: '/clients/:id', element: <ClientDetail /> },
      { path: '/documents', element: <DocumentsHome /> },
      { path: '/documents/carrierProposals', element: <ProposalList /> },
      { path: '/documents/carrierProposals/upload', element: <CarrierProposalUpload /> },
      { path: '/documents/carrierProposals/:id', element: <CarrierProposalDetail /> },
      { path: '/documents/carrierProposals/:id/debug', element: <ProposalDebug /> },
      { path: '/documents/policyCertificates', element: <CertificateList /> },
      { path: '/documents/policyCertificates/upload', element: <PolicyCertificateUpload /> },
      { path: '/documents/policyCertificates/:id', element: <CertificateDetail /> },
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
