import type { DocumentStatus } from '../../../shared/documents/document-types.ts';

/** Says that a document is still being read, or why it could not be; nothing once it is read. */
export function ExtractionStatus({
  status,
  error,
}: {
  status: DocumentStatus;
  error?: string | null | undefined;
}) {
  if (status === 'queued' || status === 'processing') {
    return (
      <p className="extraction-status" role="status">
        <span className="spinner" aria-hidden />
        {status === 'queued' ? 'Waiting to read the document…' : 'Reading the document…'} This page
        updates by itself when it is done.
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <p className="error" role="alert">
        The document could not be read: {error || 'Unknown error'}
      </p>
    );
  }
  return null;
}
