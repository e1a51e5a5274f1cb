import { UploadDocument } from './upload-document.tsx';
import { useAppConfig } from './use-app-config.ts';

/** /documents/carrierProposals/upload: the upload screen for the proposal extraction model. */
export function CarrierProposalUpload() {
  const config = useAppConfig();
  return (
    <UploadDocument
      title="Carrier Proposal"
      backTo="/documents/carrierProposals"
      modelId={config?.proposalModelId ?? undefined}
      documentType="carrierProposal"
      maxBytes={config?.maxUploadBytes}
    />
  );
}

/** /documents/policyCertificates/upload: the upload screen for the certificate extraction model. */
export function PolicyCertificateUpload() {
  const config = useAppConfig();
  return (
    <UploadDocument
      title="Policy Certificate"
      backTo="/documents/policyCertificates"
      modelId={config?.certificateModelId ?? undefined}
      documentType="policyCertificate"
      maxBytes={config?.maxUploadBytes}
    />
  );
}
