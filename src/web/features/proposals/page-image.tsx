import { type Ref, useRef, useState } from 'react';
import {
  type Box,
  rectBetween,
  type Word,
  wordsInRect,
} from '../../../shared/proposals/word-selection.ts';
import type { PageSize } from './review-api.ts';

/** A box in points as CSS percentages of its page, so it scales with the drawn image. */
export function boxStyle(box: Box, size: PageSize) {
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return {
    left: pct(box[0], size.width),
    top: pct(box[1], size.height),
    width: pct(box[2] - box[0], size.width),
    height: pct(box[3] - box[1], size.height),
  };
}

export interface WordPicking {
  words: readonly Word[] | undefined;
  selected: ReadonlySet<number>;
  /** Click on a word: add it to the selection or take it out. */
  toggle: (index: number) => void;
  /** A rectangle dragged over the page: its words become the selection. */
  choose: (indexes: number[]) => void;
}

/**
 * One page of the document drawn as an image, the selected value's box highlighted on it. While
 * the broker picks a value's words, the words the reader found are outlined: a click selects a
 * word, a drag selects the words a rectangle touches.
 */
export function PageImage({
  src,
  size,
  box,
  boxRef,
  picking,
  onLoad,
}: {
  src: string;
  size: PageSize;
  box: Box | undefined;
  boxRef?: Ref<HTMLDivElement>;
  picking?: WordPicking | undefined;
  onLoad?: () => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<string>();
  const [drag, setDrag] = useState<{ from: Point; to: Point }>();
  const toPoints = (event: React.PointerEvent): Point => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * size.width,
      y: ((event.clientY - rect.top) / rect.height) * size.height,
    };
  };
  const ready = loaded === src;
  return (
    <div
      ref={frame}
      className={picking ? 'page-frame picking' : 'page-frame'}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      data-page={size.page}
      data-ready={ready ? 'true' : undefined}
      onPointerDown={(event) => {
        if (!picking || event.button !== 0) return;
        // A drag may start on a word; one that does not move is that word's click.
        const at = toPoints(event);
        setDrag({ from: at, to: at });
      }}
      onPointerMove={(event) => {
        if (drag) setDrag({ ...drag, to: toPoints(event) });
      }}
      onPointerUp={() => {
        if (!drag || !picking?.words) return setDrag(undefined);
        const rect = rectBetween(drag.from, drag.to);
        const inside = wordsInRect(
          picking.words.map((w, i) => ({ ...w, i })),
          rect,
        ).map((w) => w.i);
        if (rect[2] - rect[0] > 2 || rect[3] - rect[1] > 2) picking.choose(inside);
        setDrag(undefined);
      }}
    >
      <img
        src={src}
        alt={`Page ${size.page} of the document`}
        draggable={false}
        onLoad={() => {
          setLoaded(src);
          onLoad?.();
        }}
      />
      {box && ready ? (
        <div
          ref={boxRef}
          className="source-box"
          style={boxStyle(box, size)}
          data-box={box.join(',')}
          aria-hidden
        />
      ) : null}
      {picking?.words?.map((word, i) => (
        <button
          // Words of a page are fixed; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the word list does not change
          key={i}
          type="button"
          className={picking.selected.has(i) ? 'page-word chosen' : 'page-word'}
          style={boxStyle(word.box, size)}
          aria-pressed={picking.selected.has(i)}
          aria-label={word.text}
          onClick={() => picking.toggle(i)}
        />
      ))}
      {drag ? (
        <div className="drag-rect" style={boxStyle(rectBetween(drag.from, drag.to), size)} />
      ) : null}
    </div>
  );
}

interface Point {
  x: number;
  y: number;
}
