import { useCallback, useEffect, useState } from 'react';
import { type DocumentDetail, isUnfinished } from '../../../shared/documents/document-types.ts';
import { ApiError, getJson } from '../../lib/api.ts';
import { REFRESH_INTERVAL_MS } from './use-refresh-while-unfinished.ts';

export type DocumentLookup =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string }
  | { state: 'found'; document: DocumentDetail };

/**
 * Loads one document, and loads it again every ~2 s while it is queued or processing so its
 * status moves on by itself.
 */
export function useDocument(
  collection: 'carrierProposals' | 'policyCertificates',
  id: string,
  /** Raise it to load again now (after "Read again" or a restore); what is shown stays. */
  version = 0,
): DocumentLookup {
  const [lookup, setLookup] = useState<DocumentLookup>({ state: 'loading' });
  const load = useCallback(
    () =>
      getJson<DocumentDetail>(`/api/documents/${collection}/${encodeURIComponent(id)}`).then(
        (document): DocumentLookup => ({ state: 'found', document }),
        (error: unknown): DocumentLookup =>
          error instanceof ApiError && error.status === 404
            ? { state: 'notFound' }
            : { state: 'error', message: (error as Error).message || 'Unknown Error' },
      ),
    [collection, id],
  );
  useEffect(() => {
    let live = true;
    if (version === 0) setLookup({ state: 'loading' });
    void load().then((next) => live && setLookup(next));
    return () => {
      live = false;
    };
  }, [load, version]);
  const unfinished = lookup.state === 'found' && isUnfinished(lookup.document.status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer (lookup) re-arms the timer
  useEffect(() => {
    if (!unfinished) return;
    let live = true;
    const timer = setTimeout(
      () => void load().then((next) => live && setLookup(next)),
      REFRESH_INTERVAL_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [unfinished, load, lookup]);
  return lookup;
}
