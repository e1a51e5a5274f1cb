/**
 * The layout model every reader produces and the interpreter consumes: pages of words and lines
 * with boxes, and tables rebuilt from the page's rulings, from text alignment or from the
 * document's own table markup. Coordinates are page coordinates with a top-left origin (points
 * for PDF pages, pixels for images, the points of the page drawing for DOCX, which has no geometry of
 * its own: read/markup-layout.ts places it).
 */

/** [x0, y0, x1, y1], top-left origin. */
export type Box = [number, number, number, number];

export interface Word {
  text: string;
  box: Box;
  /** Glyph height (font size) in page units. */
  size: number;
  /** Reading confidence 0..1: 1 for a text layer, the OCR engine's figure otherwise. */
  confidence: number;
  /** Set in a bold face (when the reader can tell). */
  bold?: boolean;
  /** A whole word as the recogniser split it (OCR): always a space before the next one. */
  whole?: boolean;
}

export interface Line {
  text: string;
  words: Word[];
  box: Box;
  size: number;
  confidence: number;
  page: number;
  bold?: boolean;
}

export interface Cell {
  /** The cell's lines joined with '\n'. */
  text: string;
  lines: Line[];
  box?: Box;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** Part of a header row (by markup, shading or position). */
  header?: boolean;
  /**
   * A category bar: the only text of its row, across the table, over the rows it heads
   * ('Preventive & Diagnostic', 'Basic', 'Major'); set by the reader's table stage.
   */
  category?: boolean;
  page: number;
}

export interface Table {
  rows: number;
  cols: number;
  /** Cells in row-major order; a spanning cell appears once, at its top-left slot. */
  cells: Cell[];
  /** How many leading rows are column headings. */
  headerRows: number;
  /** How many leading columns are row headings (service names, labels); set by the reader. */
  headerCols?: number;
  box?: Box;
  /** First page the table is on (tables continued over pages are merged). */
  page: number;
  /** How the table was found. */
  origin: 'rulings' | 'alignment' | 'markup';
}

export type Block = { kind: 'line'; line: Line } | { kind: 'table'; table: Table };

export interface Page {
  number: number;
  width: number;
  height: number;
  /** Read from a text layer or recognised from pixels. */
  source: 'text' | 'ocr' | 'markup';
  /** Text outside tables and tables, in reading order; running headers and footers removed. */
  blocks: Block[];
}

export interface DocumentLayout {
  format: 'pdf' | 'docx' | 'image';
  pages: Page[];
  /** Running headers and footers taken out of the reading order (kept for provenance). */
  furniture: Line[];
}

/** The cell covering grid slot (row, col), spans included. */
export function cellAt(table: Table, row: number, col: number): Cell | undefined {
  return table.cells.find(
    (c) => row >= c.row && row < c.row + c.rowSpan && col >= c.col && col < c.col + c.colSpan,
  );
}

/**
 * The document as plain text in reading order, for a model that reads text (the
 * OpenAI-compatible extraction provider): lines as printed, table rows as cells joined by " | ",
 * a blank line between blocks and a page marker before each page.
 */
export function layoutText(layout: DocumentLayout): string {
  const out: string[] = [];
  for (const page of layout.pages) {
    out.push(`--- Page ${page.number} ---`);
    for (const block of page.blocks) {
      if (block.kind === 'line') {
        out.push(block.line.text);
        continue;
      }
      const { table } = block;
      out.push('');
      for (let row = 0; row < table.rows; row++) {
        const cells = table.cells
          .filter((c) => c.row === row)
          .sort((a, b) => a.col - b.col)
          .map((c) => c.text.replace(/\s*\n\s*/g, ' ').trim());
        out.push(`| ${cells.join(' | ')} |`);
      }
      out.push('');
    }
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
