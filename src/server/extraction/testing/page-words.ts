import type { Block, DocumentLayout, Page, Table, Word } from '../layout.ts';
import { buildPage } from '../read/page-builder.ts';
import type { Segment } from '../read/rulings.ts';

/**
 * Small text-layer pages for reader tests: words placed by hand on a letter page, then built
 * into lines and tables the way a PDF's words are.
 */

/** Words of a text at (x, y) — y is the top — split at spaces, half the size per character. */
export function wordsAt(text: string, x: number, y: number, size = 9): Word[] {
  const out: Word[] = [];
  let cx = x;
  for (const t of text.split(' ')) {
    const w = t.length * size * 0.5;
    out.push({ text: t, box: [cx, y, cx + w, y + size], size, confidence: 1 });
    cx += w + size * 0.28;
  }
  return out;
}

/** A letter page of text words and rulings, built as the PDF reader builds one. */
export function pageOfWords(
  words: Word[],
  segments: Segment[] = [],
  source: Page['source'] = 'text',
): Page {
  return buildPage({
    number: 1,
    width: 612,
    height: 792,
    source,
    words,
    segments,
    tolerance: 2.5,
  });
}

/** The tables the page builder found. */
export function tablesOf(page: Page): Table[] {
  return page.blocks.flatMap((b) => (b.kind === 'table' ? [b.table] : []));
}

/** A cell's text on one line, or undefined when the table has no such cell. */
export const cellText = (t: Table, row: number, col: number) =>
  t.cells.find((c) => c.row === row && c.col === col)?.text.replace(/\n/g, ' ');

/** A one-page PDF layout (a letter page read from its text layer) of these blocks. */
export function onePage(blocks: Block[]): DocumentLayout {
  return {
    format: 'pdf',
    furniture: [],
    pages: [{ number: 1, width: 612, height: 792, source: 'text', blocks }],
  };
}
