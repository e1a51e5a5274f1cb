import type { DocumentStatus } from '../../../shared/documents/document-types.ts';

const labels: Record<DocumentStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  done: 'Done',
  failed: 'Failed',
};

const hints: Record<DocumentStatus, string> = {
  queued: 'Waiting to be read by the extraction engine',
  processing: 'The extraction engine is reading it now',
  done: 'Read: its data is ready',
  failed: 'It could not be read',
};

/** The extraction status of a document as a small badge. */
export function StatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <span className={`status-badge ${status}`} title={hints[status]}>
      {labels[status]}
    </span>
  );
}

/** The badge, and for a failed document the reason beneath it. */
export function DocumentStatusLine({
  status,
  error,
}: {
  status: DocumentStatus;
  error?: string | null | undefined;
}) {
  return (
    <span className="document-status">
      <StatusBadge status={status} />
      {status === 'failed' && error ? <span className="status-reason">{error}</span> : null}
    </span>
  );
}
