import type { DocumentStatus } from '../../../shared/documents/document-types.ts';
import { useAppConfig } from './use-app-config.ts';

/**
 * Says plainly why documents stay Queued when the server has no extraction engine installed
 * (GET /api/config answers extractionEngine: null). Shows nothing otherwise.
 */
export function QueueNotice({ items }: { items: ReadonlyArray<{ status: DocumentStatus }> }) {
  const config = useAppConfig();
  if (!config || config.extractionEngine !== null) return null;
  if (!items.some((item) => item.status === 'queued')) return null;
  return (
    <p className="notice" role="note">
      No extraction engine is installed on this server yet, so uploaded documents wait in the queue.
      They are kept, and will be read once one is installed.
    </p>
  );
}
