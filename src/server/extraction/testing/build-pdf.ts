import { PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib';

/**
 * Builds small PDFs for tests and benchmarks: text at positions (top-left origin, points) and
 * optional ruling lines, with the standard Helvetica fonts. Layouts that the fixtures do not
 * have (tables without borders, rules only between rows) are written this way.
 */

export type Drawing =
  | {
      text: string;
      x: number;
      y: number;
      size?: number;
      bold?: boolean;
      /**
       * Set in a font drawn right whose text layer is wrong: its ToUnicode map sends every letter
       * to punctuation, as a subset font embedded without a usable encoding does.
       */
      garbled?: boolean;
    }
  | { line: [number, number, number, number]; width?: number };

export async function buildPdf(
  pages: Drawing[][],
  size: [number, number] = [612, 792],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const garbled = await doc.embedFont(StandardFonts.Helvetica, { customName: 'Garbled' });
  let garbledUsed = false;
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
          font: d.garbled ? garbled : d.bold ? bold : regular,
        });
        garbledUsed ||= d.garbled === true;
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
  if (garbledUsed) {
    // pdf-lib writes the font dictionary on save: embed it now, then give it the wrong map
    await garbled.embed();
    const dict = doc.context.lookup(garbled.ref);
    if (dict && 'set' in dict) {
      const map = doc.context.stream(GARBLING_CMAP);
      (dict as { set: (k: PDFName, v: unknown) => void }).set(
        PDFName.of('ToUnicode'),
        doc.context.register(map),
      );
    }
  }
  return doc.save();
}

/** Punctuation and symbols the 26 letters are sent to, upper and lower case alike. */
const GARBLE = '!"#%&\'()*,./:;?@[]_{}¡§«¶·»¿';
const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const GARBLING_CMAP = [
  '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
  '/CMapName /Garbled def /CMapType 2 def',
  '1 begincodespacerange <00> <FF> endcodespacerange',
  `52 beginbfchar`,
  ...Array.from({ length: 26 }, (_, i) => [
    `<${(0x41 + i).toString(16).toUpperCase()}> <${hex(GARBLE.codePointAt(i)!)}>`,
    `<${(0x61 + i).toString(16).toUpperCase()}> <${hex(GARBLE.codePointAt(i)!)}>`,
  ]).flat(),
  'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
].join('\n');

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
