import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * Builds small PDFs for tests and benchmarks: text at positions (top-left origin, points) and
 * optional ruling lines, with the standard Helvetica fonts. Layouts that the fixtures do not
 * have (tables without borders, rules only between rows) are written this way.
 */

export type Drawing =
  | { text: string; x: number; y: number; size?: number; bold?: boolean }
  | { line: [number, number, number, number]; width?: number };

export async function buildPdf(
  pages: Drawing[][],
  size: [number, number] = [612, 792],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const drawings of pages) {
    const page = doc.addPage(size);
    const height = size[1];
    for (const d of drawings) {
      if ('text' in d) {
        const fontSize = d.size ?? 9;
        page.drawText(d.text, {
          x: d.x,
          y: height - d.y,
          size: fontSize,
          font: d.bold ? bold : regular,
        });
      } else {
        const [x0, y0, x1, y1] = d.line;
        page.drawLine({
          start: { x: x0, y: height - y0 },
          end: { x: x1, y: height - y1 },
          thickness: d.width ?? 0.75,
          color: rgb(0.3, 0.3, 0.3),
        });
      }
    }
  }
  return doc.save();
}

/** Rows of text laid out in columns at the given x positions, `step` points apart. */
export function textRows(
  rows: string[][],
  xs: number[],
  top: number,
  options: { step?: number; size?: number; boldFirstRow?: boolean } = {},
): Drawing[] {
  const step = options.step ?? 16;
  const out: Drawing[] = [];
  rows.forEach((cells, r) => {
    cells.forEach((text, c) => {
      if (!text) return;
      out.push({
        text,
        x: xs[c]!,
        y: top + r * step,
        size: options.size ?? 9,
        bold: options.boldFirstRow === true && r === 0,
      });
    });
  });
  return out;
}
