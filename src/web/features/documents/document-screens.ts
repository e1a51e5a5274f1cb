import { changeOnly } from '../../app/change-only.tsx';
import {
  PolicyCertificateUpload as CertificateUpload,
  CarrierProposalUpload as ProposalUpload,
} from './upload-screens.tsx';

/** The document screens loaded on demand by the router (one chunk). */
export { CertificateDetail } from './certificate-detail.tsx';
export { DocumentsHome } from './documents-home.tsx';
export { CertificateList, ProposalList } from './list-screens.tsx';
export const CarrierProposalUpload = changeOnly(ProposalUpload, '/documents/carrierProposals');
export const PolicyCertificateUpload = changeOnly(
  CertificateUpload,
  '/documents/policyCertificates',
);
