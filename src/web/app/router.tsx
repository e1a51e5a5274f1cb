import { createBrowserRouter, Link } from 'react-router';
import { ComingSoon } from '../components/ui/coming-soon.tsx';
import { ClientDetail } from '../features/clients/client-detail.tsx';
import { ClientList } from '../features/clients/client-list.tsx';
import { CreateClient } from '../features/clients/create-client.tsx';
import { CertificateDetail } from '../features/documents/certificate-detail.tsx';
import { CertificateList } from '../features/documents/certificate-list.tsx';
import { DocumentsHome } from '../features/documents/documents-home.tsx';
import { ProposalList } from '../features/documents/proposal-list.tsx';
import {
  CarrierProposalUpload,
  PolicyCertificateUpload,
} from '../features/documents/upload-screens.tsx';
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
      { path: '/documents', element: <DocumentsHome /> },
      { path: '/documents/carrierProposals', element: <ProposalList /> },
      { path: '/documents/carrierProposals/upload', element: <CarrierProposalUpload /> },
      { path: '/documents/carrierProposals/:id', element: soon('The carrier proposal view') },
      { path: '/documents/carrierProposals/:id/debug', element: soon('The field analysis view') },
      { path: '/documents/policyCertificates', element: <CertificateList /> },
      { path: '/documents/policyCertificates/upload', element: <PolicyCertificateUpload /> },
      { path: '/documents/policyCertificates/:id', element: <CertificateDetail /> },
      { path: '/dev/prompts', element: soon('The Carrier Proposal Fields page') },
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
