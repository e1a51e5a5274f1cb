import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { DocumentPage, PageWord } from '../../shared/documents/document-types.ts';
import type { DocumentLayout, Line, Table } from '../extraction/layout.ts';

/**
 * A drawing of a document that has no page geometry of its own (DOCX: the reader gives its
 * paragraphs and tables in order, without positions): one page, US-letter wide, with the
 * paragraphs one under another and the tables as ruled grids. The words are answered with their
 * boxes in the drawing, so a screen can highlight and select them on the image.
 */

const require = createRequire(import.meta.url);
const FONT = 'BD Liberation Sans';
let fontsLoaded = false;
/** The sans face pdf.js ships (no system font needed). */
function loadFonts(): void {
  if (fontsLoaded) return;
  fontsLoaded = true;
  const dir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Regular.ttf'), FONT);
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Bold.ttf'), FONT);
}

const PAGE_WIDTH = 612;
const MARGIN = 36;
const BODY = 10;
const LINE_GAP = 4;
const CELL_PAD = 4;
/** Tallest drawing (points): a very long document is cut off there. */
const MAX_HEIGHT = 20_000;

interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
}

export interface MarkupDrawing {
  page: DocumentPage;
  words: PageWord[];
  draw(ctx: SKRSContext2D, scale: number): void;
}

const fontOf = (size: number, bold: boolean) => `${bold ? 'bold ' : ''}${size}px "${FONT}"`;

/** Lays a markup document out on one page: where every line and word goes. */
export function layoutMarkup(layout: DocumentLayout): MarkupDrawing {
  loadFonts();
  const measure = createCanvas(1, 1).getContext('2d');
  const texts: PlacedText[] = [];
  const rules: Array<[number, number, number, number]> = [];
  const words: PageWord[] = [];
  const width = PAGE_WIDTH - 2 * MARGIN;

  /** Wraps a line's text into `maxWidth`, placing it from (x, y); answers the height used. */
  const place = (line: Line, x: number, y: number, maxWidth: number): number => {
    const size = Math.max(6, Math.min(24, line.size || BODY));
    const bold = line.bold === true;
    measure.font = fontOf(size, bold);
    const space = measure.measureText(' ').width;
    let cx = x;
    let cy = y;
    for (const word of line.text.split(/\s+/).filter(Boolean)) {
      const w = measure.measureText(word).width;
      if (cx > x && cx + w > x + maxWidth) {
        cx = x;
        cy += size + LINE_GAP;
      }
      texts.push({ text: word, x: cx, y: cy, size, bold });
      words.push({ text: word, box: [cx, cy, cx + w, cy + size] });
      cx += w + space;
    }
    return cy + size + LINE_GAP - y;
  };

  const placeTable = (table: Table, y: number): number => {
    const colWidth = width / Math.max(1, table.cols);
    const rowHeights = new Array<number>(table.rows).fill(BODY + 2 * CELL_PAD);
    // first pass: heights of single-row cells, measured by placing them and taking them back
    const heightOf = (cellWidth: number, lines: Line[]) => {
      const before = texts.length;
      const wordsBefore = words.length;
      let h = 0;
      for (const line of lines) h += place(line, 0, h, cellWidth - 2 * CELL_PAD);
      texts.length = before;
      words.length = wordsBefore;
      return h + 2 * CELL_PAD;
    };
    for (const cell of table.cells) {
      if (cell.rowSpan !== 1) continue;
      const h = heightOf(colWidth * cell.colSpan, cell.lines);
      rowHeights[cell.row] = Math.max(rowHeights[cell.row] ?? 0, h);
    }
    const tops: number[] = [];
    let acc = y;
    for (const h of rowHeights) {
      tops.push(acc);
      acc += h;
    }
    for (const cell of table.cells) {
      const x0 = MARGIN + cell.col * colWidth;
      const x1 = x0 + cell.colSpan * colWidth;
      const y0 = tops[cell.row] ?? y;
      const y1 = (tops[cell.row + cell.rowSpan] ?? acc) as number;
      rules.push([x0, y0, x1, y1]);
      let cy = y0 + CELL_PAD;
      for (const line of cell.lines)
        cy += place(
          { ...line, bold: line.bold || cell.header === true },
          x0 + CELL_PAD,
          cy,
          x1 - x0 - 2 * CELL_PAD,
        );
    }
    return acc - y;
  };

  let y = MARGIN;
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (y > MAX_HEIGHT) break;
      if (block.kind === 'line') y += place(block.line, MARGIN, y, width);
      else y += placeTable(block.table, y) + BODY;
    }
  }
  const height = Math.min(MAX_HEIGHT + MARGIN, Math.ceil(y + MARGIN));
  return {
    page: { page: 1, width: PAGE_WIDTH, height },
    words,
    draw(ctx, scale) {
      ctx.save();
      ctx.scale(scale, scale);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, PAGE_WIDTH, height);
      ctx.strokeStyle = '#9a9a9a';
      ctx.lineWidth = 0.75;
      for (const [x0, y0, x1, y1] of rules) ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
      ctx.fillStyle = '#111111';
      ctx.textBaseline = 'top';
      for (const t of texts) {
        ctx.font = fontOf(t.size, t.bold);
        ctx.fillText(t.text, t.x, t.y);
      }
      ctx.restore();
    },
  };
}
