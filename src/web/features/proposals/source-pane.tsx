import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Source } from '../../../shared/proposals/parsed-data.ts';
import { type Box, selectionValue } from '../../../shared/proposals/word-selection.ts';
import { PageImage } from './page-image.tsx';
import { pageImageUrl, type ReviewedDocumentType } from './review-api.ts';
import { type PagesLookup, usePageWords } from './use-document-pages.ts';

/** A value being picked on the page: what it is for, and where its words go. */
export interface Picking {
  purpose: string;
  onPicked: (text: string, source: Source) => void;
  onCancel: () => void;
}

/**
 * The right side of the review screen: `top` (the selected value or the add form), then the
 * page shown, with the selected value's box highlighted and scrolled into view.
 */
export function SourcePane({
  type,
  id,
  pages,
  page,
  onPage,
  box,
  picking,
  top,
}: {
  type: ReviewedDocumentType;
  id: string;
  pages: PagesLookup;
  page: number;
  onPage: (page: number) => void;
  box: Box | undefined;
  picking: Picking | undefined;
  top: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const boxElement = useRef<HTMLDivElement>(null);
  const [loads, setLoads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre when the box, page or image changes
  useEffect(() => {
    // Centre the box in the page's scroll area (not the window: the data stays where it is).
    const area = scroller.current;
    const target = boxElement.current;
    if (!area || !target) return;
    const top = target.offsetTop - area.clientHeight / 2 + target.offsetHeight / 2;
    area.scrollTo({ top: Math.max(0, top) });
  }, [box, page, loads]);

  const words = usePageWords(type, id, picking ? page : undefined);
  const [chosen, setChosen] = useState<{ page: number; set: Set<number> }>();
  const selected = picking && chosen?.page === page ? chosen.set : new Set<number>();
  const pickedValue = selectionValue([...selected].flatMap((i) => (words?.[i] ? [words[i]] : [])));
  // A new pick starts with nothing selected.
  useEffect(() => {
    if (picking) setChosen(undefined);
  }, [picking]);

  const list = pages.state === 'found' ? pages.pages : [];
  const size = list.find((p) => p.page === page);
  return (
    <aside className="source-pane" aria-label="Source">
      {top}
      {picking ? (
        <PickBar
          picking={picking}
          value={pickedValue}
          page={page}
          noWords={words !== undefined && words.length === 0}
        />
      ) : null}
      <div className="page-nav">
        <button
          type="button"
          className="button small"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          ‹
        </button>
        <span className="small" aria-live="polite">
          {list.length > 0 ? `Page ${page} of ${list.length}` : 'Pages'}
        </span>
        <button
          type="button"
          className="button small"
          aria-label="Next page"
          disabled={page >= list.length}
          onClick={() => onPage(page + 1)}
        >
          ›
        </button>
      </div>
      <div className="page-scroll" ref={scroller}>
        {pages.state === 'loading' ? <p className="muted small">Loading the pages…</p> : null}
        {pages.state === 'none' ? (
          <p className="muted small">The pages of this document cannot be shown: {pages.message}</p>
        ) : null}
        {size ? (
          <PageImage
            src={pageImageUrl(type, id, page)}
            size={size}
            box={picking ? undefined : box}
            boxRef={boxElement}
            onLoad={() => setLoads((n) => n + 1)}
            picking={
              picking
                ? {
                    words,
                    selected,
                    toggle: (i) => {
                      const next = new Set(selected);
                      if (next.has(i)) next.delete(i);
                      else next.add(i);
                      setChosen({ page, set: next });
                    },
                    choose: (indexes) => setChosen({ page, set: new Set(indexes) }),
                  }
                : undefined
            }
          />
        ) : null}
      </div>
    </aside>
  );
}

/** Picking a value's words: what it is for, what is selected so far, and the way out. */
function PickBar({
  picking,
  value,
  page,
  noWords,
}: {
  picking: Picking;
  value: { text: string; box: Box } | undefined;
  page: number;
  noWords: boolean;
}) {
  return (
    <div className="word-picker">
      <p className="small" role="status">
        <strong>{picking.purpose}:</strong> click its words on the page, or drag a rectangle around
        them.
      </p>
      <p className="picked-text small" data-testid="picked-text">
        {value
          ? `“${value.text}”`
          : noWords
            ? 'No words were read on this page.'
            : 'No words selected yet.'}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button small primary"
          disabled={!value}
          onClick={() => value && picking.onPicked(value.text, { page, box: value.box })}
        >
          Use the selected words
        </button>
        <button type="button" className="button small" onClick={picking.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
