import { useEffect } from 'react';
import { type DocumentStatus, isUnfinished } from '../../../shared/documents/document-types.ts';

export const REFRESH_INTERVAL_MS = 2000;

/**
 * Calls `refresh` every ~2 s while any document is queued or processing and no load is under
 * way; stops once every document is done or failed.
 */
export function useRefreshWhileUnfinished(
  items: ReadonlyArray<{ status: DocumentStatus }>,
  loading: boolean,
  refresh: () => void,
  intervalMs = REFRESH_INTERVAL_MS,
) {
  const unfinished = items.some((item) => isUnfinished(item.status));
  useEffect(() => {
    if (!unfinished || loading) return;
    const timer = setTimeout(refresh, intervalMs);
    return () => clearTimeout(timer);
    // Each refresh sets `loading` and clears it again, which re-arms the timer.
  }, [unfinished, loading, refresh, intervalMs]);
}
