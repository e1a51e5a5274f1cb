/** The document screens loaded on demand by the router (one chunk). */
export { CertificateDetail } from './certificate-detail.tsx';
export { CertificateList } from './certificate-list.tsx';
export { DocumentsHome } from './documents-home.tsx';
export { ProposalList } from './proposal-list.tsx';
export { CarrierProposalUpload, PolicyCertificateUpload } from './upload-screens.tsx';
