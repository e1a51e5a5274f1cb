import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { Block, Box, Cell, Line, Table } from '../layout.ts';

/**
 * Where the lines of a document without page geometry of its own (DOCX: paragraphs and tables in
 * order) go on a drawing of it: one page, US-letter wide, the Word document's running headers and
 * footers in a band at the top, then the paragraphs one under another (wrapped to the page) and
 * the tables as ruled grids. One function decides every position: the DOCX reader gives each line
 * the box it is drawn in (so a value's `source.box` is where it shows on the page image), and the
 * page drawing (pages/draw-markup.ts) draws the words and rules placed here. Text is measured in
 * the sans face pdf.js ships (no system font needed), so the same document is placed alike in the
 * engine's sandbox and in the drawing thread.
 */

const require = createRequire(import.meta.url);
export const MARKUP_FONT = 'BD Liberation Sans';
let fontsLoaded = false;
/** Registers the face the drawing is measured and drawn in (once per process or thread). */
export function loadMarkupFonts(): void {
  if (fontsLoaded) return;
  fontsLoaded = true;
  const dir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Regular.ttf'), MARKUP_FONT);
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Bold.ttf'), MARKUP_FONT);
}

export const markupFont = (size: number, bold: boolean) =>
  `${bold ? 'bold ' : ''}${size}px "${MARKUP_FONT}"`;

export const MARKUP_PAGE_WIDTH = 612;
const MARGIN = 36;
const BODY = 10;
const LINE_GAP = 4;
const CELL_PAD = 4;
/** How far a line's box reaches beyond its words (half the gap between lines). */
const SLOT = LINE_GAP / 2;
/** Type size of the running headers and footers band. */
const RUNNING = 8;

export interface PlacedWord {
  text: string;
  box: Box;
  size: number;
  bold: boolean;
  /** Running header or footer text (drawn lighter). */
  running?: boolean;
}

export interface MarkupPlacement {
  width: number;
  height: number;
  /** Every word, where it is drawn (its box: left, top, right, top + type size). */
  words: PlacedWord[];
  /** Table cell borders and the rule under the running text band. */
  rules: Box[];
  /**
   * The box each line of the blocks and of the running text is drawn in (wrapped lines: all of
   * it), reaching half the line gap beyond its words.
   */
  lineBoxes: Map<Line, Box>;
  /** The box of each table's grid. */
  tableBoxes: Map<Table, Box>;
}

const typeSize = (line: Line) => Math.max(6, Math.min(24, line.size || BODY));

/**
 * Places a markup document's blocks (and its running text) on one page. Deterministic: the
 * positions depend only on the lines' text, size and weight and on the tables' structure.
 */
export function placeMarkup(
  blocks: readonly Block[],
  running: readonly Line[] = [],
): MarkupPlacement {
  loadMarkupFonts();
  const measure = createCanvas(1, 1).getContext('2d');
  const words: PlacedWord[] = [];
  const rules: Box[] = [];
  const lineBoxes = new Map<Line, Box>();
  const tableBoxes = new Map<Table, Box>();
  // words recur (rates, 'In-Network', 'Employee'): each is measured once per face
  const measured = new Map<string, Map<string, number>>();
  const widthsOf = (font: string) => {
    const known = measured.get(font);
    if (known) return known;
    const m = new Map<string, number>();
    measured.set(font, m);
    return m;
  };
  const width = MARKUP_PAGE_WIDTH - 2 * MARGIN;

  /**
   * Wraps a line's text into `maxWidth` from (x, y); answers the height used. `record` false:
   * measuring only (nothing kept).
   */
  const place = (
    line: Line,
    x: number,
    y: number,
    maxWidth: number,
    options: { bold?: boolean; size?: number; running?: boolean; record?: boolean } = {},
  ): number => {
    const size = options.size ?? typeSize(line);
    const bold = options.bold ?? line.bold === true;
    const record = options.record !== false;
    const font = markupFont(size, bold);
    const widths = widthsOf(font);
    const widthOf = (text: string) => {
      let w = widths.get(text);
      if (w === undefined) {
        measure.font = font;
        w = measure.measureText(text).width;
        widths.set(text, w);
      }
      return w;
    };
    const space = widthOf(' ');
    let cx = x;
    let cy = y;
    let right = x;
    for (const word of line.text.split(/\s+/).filter(Boolean)) {
      const w = widthOf(word);
      if (cx > x && cx + w > x + maxWidth) {
        cx = x;
        cy += size + LINE_GAP;
      }
      if (record)
        words.push({
          text: word,
          box: [cx, cy, cx + w, cy + size],
          size,
          bold,
          ...(options.running ? { running: true } : {}),
        });
      right = Math.max(right, cx + w);
      cx += w + space;
    }
    // the line's slot: its text and half the gap around it (a highlight frames the words)
    if (record) lineBoxes.set(line, [x - SLOT, y - SLOT, right + SLOT, cy + size + SLOT]);
    return cy + size + LINE_GAP - y;
  };

  const placeTable = (table: Table, y: number): number => {
    const colWidth = width / Math.max(1, table.cols);
    const rowHeights = new Array<number>(table.rows).fill(BODY + 2 * CELL_PAD);
    const cellBold = (cell: Cell, line: Line) => line.bold === true || cell.header === true;
    // row heights from the cells of one row, measured without keeping anything
    for (const cell of table.cells) {
      if (cell.rowSpan !== 1) continue;
      const inner = colWidth * cell.colSpan - 2 * CELL_PAD;
      let h = 0;
      for (const line of cell.lines)
        h += place(line, 0, h, inner, { bold: cellBold(cell, line), record: false });
      rowHeights[cell.row] = Math.max(rowHeights[cell.row] ?? 0, h + 2 * CELL_PAD);
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
      const y1 = tops[cell.row + cell.rowSpan] ?? acc;
      rules.push([x0, y0, x1, y1]);
      let cy = y0 + CELL_PAD;
      for (const line of cell.lines)
        cy += place(line, x0 + CELL_PAD, cy, x1 - x0 - 2 * CELL_PAD, {
          bold: cellBold(cell, line),
        });
    }
    tableBoxes.set(table, [MARGIN, y, MARGIN + width, acc]);
    return acc - y;
  };

  let y = MARGIN;
  if (running.length) {
    for (const line of running)
      y += place(line, MARGIN, y, width, { size: RUNNING, bold: false, running: true });
    rules.push([MARGIN, y, MARKUP_PAGE_WIDTH - MARGIN, y]);
    y += BODY;
  }
  for (const block of blocks) {
    if (block.kind === 'line') y += place(block.line, MARGIN, y, width);
    else y += placeTable(block.table, y) + BODY;
  }
  return {
    width: MARKUP_PAGE_WIDTH,
    height: Math.ceil(y + MARGIN),
    words,
    rules,
    lineBoxes,
    tableBoxes,
  };
}
