/** The document screens loaded on demand by the router (one chunk). */
export { CertificateDetail } from './certificate-detail.tsx';
export { DocumentsHome } from './documents-home.tsx';
export { CertificateList, ProposalList } from './list-screens.tsx';
export { CarrierProposalUpload, PolicyCertificateUpload } from './upload-screens.tsx';
