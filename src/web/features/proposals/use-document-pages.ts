import { useEffect, useState } from 'react';
import type { Word } from '../../../shared/proposals/word-selection.ts';
import { listPages, listWords, type PageSize, type ReviewedDocumentType } from './review-api.ts';

export type PagesLookup =
  | { state: 'loading' }
  | { state: 'none'; message: string }
  | { state: 'found'; pages: PageSize[] };

/** The pages of a document (their sizes in points), fetched once per document. */
export function useDocumentPages(type: ReviewedDocumentType, id: string, enabled: boolean) {
  const [lookup, setLookup] = useState<{ id: string; result: PagesLookup }>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    listPages(type, id)
      .then((pages) => {
        if (live) setLookup({ id, result: { state: 'found', pages } });
      })
      .catch((error: Error) => {
        if (live) setLookup({ id, result: { state: 'none', message: error.message } });
      });
    return () => {
      live = false;
    };
  }, [type, id, enabled]);
  if (!enabled) return { state: 'none', message: 'no pages were drawn for it.' } as PagesLookup;
  return lookup?.id === id ? lookup.result : ({ state: 'loading' } as PagesLookup);
}

/** The words the reader found on one page, fetched when `page` is set. */
export function usePageWords(type: ReviewedDocumentType, id: string, page: number | undefined) {
  const [words, setWords] = useState<{ key: string; words: Word[] }>();
  const key = `${id}/${page}`;
  useEffect(() => {
    if (page === undefined) return;
    let live = true;
    listWords(type, id, page)
      .then((found) => {
        if (live) setWords({ key, words: found });
      })
      .catch(() => {
        if (live) setWords({ key, words: [] });
      });
    return () => {
      live = false;
    };
  }, [type, id, page, key]);
  return words?.key === key ? words.words : undefined;
}
