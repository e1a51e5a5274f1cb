import type { SKRSContext2D } from '@napi-rs/canvas';
import type { DocumentPage, PageWord } from '../../shared/documents/document-types.ts';
import type { DocumentLayout } from '../extraction/layout.ts';
import { markupFont, placeMarkup } from '../extraction/read/markup-layout.ts';

/**
 * A drawing of a document that has no page geometry of its own (DOCX): one page with the running
 * headers and footers at the top, the paragraphs one under another and the tables as ruled grids,
 * every word where markup-layout.ts places it — the same placement that gave the reader's lines
 * their boxes, so a value's `source.box` lands on its words in this drawing. The words are
 * answered with their boxes, so a screen can highlight and select them on the image.
 */

export interface MarkupDrawing {
  page: DocumentPage;
  words: PageWord[];
  draw(ctx: SKRSContext2D, scale: number): void;
}

const round = (n: number) => Math.round(n * 100) / 100;
/**
 * Tallest drawing (points, some 25 letter pages): a longer document is drawn that far (its
 * values further down keep their boxes, below the drawn page).
 */
const MAX_HEIGHT = 20_000;

/** Lays a markup document out on one page: where every line and word goes. */
export function layoutMarkup(layout: DocumentLayout): MarkupDrawing {
  const placed = placeMarkup(
    layout.pages.flatMap((p) => p.blocks),
    layout.furniture,
  );
  const { width } = placed;
  const height = Math.min(placed.height, MAX_HEIGHT);
  const shown = placed.words.filter((w) => w.box[3] <= height);
  return {
    page: { page: 1, width, height },
    words: shown.map((w) => ({
      text: w.text,
      box: [round(w.box[0]), round(w.box[1]), round(w.box[2]), round(w.box[3])],
    })),
    draw(ctx, scale) {
      ctx.save();
      ctx.scale(scale, scale);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.strokeStyle = '#9a9a9a';
      ctx.lineWidth = 0.75;
      for (const [x0, y0, x1, y1] of placed.rules) {
        if (y0 > height) continue;
        if (y0 === y1) {
          ctx.beginPath();
          ctx.moveTo(x0, y0);
          ctx.lineTo(x1, y1);
          ctx.stroke();
        } else ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
      }
      ctx.textBaseline = 'top';
      for (const w of shown) {
        ctx.fillStyle = w.running ? '#666666' : '#111111';
        ctx.font = markupFont(w.size, w.bold);
        ctx.fillText(w.text, w.box[0], w.box[1]);
      }
      ctx.restore();
    },
  };
}
