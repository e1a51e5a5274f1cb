import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AnnotationMode,
  getDocument,
  OPS,
  type PDFDocumentProxy,
  type PDFPageProxy,
  Util,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page, Word } from '../layout.ts';
import { ExtractionError } from '../provider.ts';
import { installNodeBase64 } from './base64.ts';
import { readGlyphRegions, withoutRaisedMarks } from './image.ts';
import type { OcrEngine } from './ocr.ts';
import { buildPage } from './page-builder.ts';
import { backdropsFromOperators, outlinedLetters, rulingsFromOperators } from './pdf-graphics.ts';
import { type TextRun, textFromOperators, withoutTemplateFields, wordsOfRuns } from './pdf-text.ts';
import { garbledFonts } from './text-sense.ts';

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const asDirUrl = (p: string) => `${pathToFileURL(join(pdfjsRoot, p)).href}/`;

// (pdf.js's own base64 encoder, which it encodes those fonts with, is replaced by Node's)
installNodeBase64();

/**
 * The document pdf.js loads a text-only document's fonts into (as `@font-face` rules): a style
 * sheet that keeps nothing, enough for its font loader in Node, where there is no DOM.
 */
const NO_DOCUMENT = {
  createElement: () => ({ sheet: { cssRules: [], insertRule: () => 0 }, remove: () => {} }),
  documentElement: { getElementsByTagName: () => [{ append: () => {} }] },
} as unknown as Document;

/**
 * Opens a PDF with pdf.js, turning its failures into messages a person understands. With
 * `images: false` its pages' operator lists leave images out: reading a page's text and rulings
 * needs none of them, and decoding them (a scanned logo, a photo) costs more than the page's text;
 * nor does it need glyph outlines. Such a document cannot draw its pages.
 */
export async function openPdf(
  bytes: Uint8Array,
  options: { images?: boolean } = {},
): Promise<{
  doc: PDFDocumentProxy;
  close: () => Promise<void>;
}> {
  const task = getDocument({
    // pdf.js may transfer the buffer to its worker: hand it a copy, and a plain Uint8Array
    // (pdf.js refuses a Buffer, and a Buffer's slice() would share its memory, not copy it)
    data: new Uint8Array(bytes),
    verbosity: 0,
    standardFontDataUrl: asDirUrl('standard_fonts'),
    cMapUrl: asDirUrl('cmaps'),
    cMapPacked: true,
    // font names and weights (bold headings) on the font objects
    fontExtraProperties: true,
    wasmUrl: asDirUrl('wasm'),
    ...(options.images === false
      ? {
          // an image of any size is left out of the operator lists (pdf.js warns and goes on)
          maxImageSize: 0,
          // no glyph is drawn: fonts are handed to a document that keeps nothing, instead of
          // pdf.js building every glyph's outline as it does in Node to draw without font faces
          disableFontFace: false,
          ownerDocument: NO_DOCUMENT,
        }
      : {}),
  });
  try {
    const doc = await task.promise;
    return { doc, close: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => {});
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new ExtractionError(
        'This PDF is password-protected; upload a copy without a password.',
        {
          cause: error,
        },
      );
    }
    if (name === 'InvalidPDFException') {
      throw new ExtractionError('This file is not a readable PDF; it may be damaged.', {
        cause: error,
      });
    }
    throw new ExtractionError('This PDF could not be opened.', { cause: error, retryable: true });
  }
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Text content items as runs in viewport coordinates (top-left origin). */
function runsOf(items: TextItemLike[], viewportTransform: number[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const item of items) {
    if (!item.str?.trim()) continue;
    const tx = Util.transform(viewportTransform, item.transform);
    const size = Math.hypot(tx[2]!, tx[3]!);
    if (size < 1) continue;
    const x0 = tx[4]!;
    // width is in text space; the horizontal scale of the viewport maps it to the page
    const x1 = x0 + item.width * Math.hypot(viewportTransform[0]!, viewportTransform[1]!);
    runs.push({ text: item.str, x0, x1, baseline: tx[5]!, size });
  }
  return runs;
}

/**
 * Splits text content runs into one run per word (positions shared out by characters) and glues
 * fragments that touch (ligatures set as separate items: 'Bene' 'fi' 't').
 */
export function wordRuns(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let prev: { run: TextRun; endsWithSpace: boolean } | undefined;
  for (const run of runs) {
    const charW = (run.x1 - run.x0) / Math.max(1, run.text.length);
    let first = true;
    for (const m of run.text.matchAll(/\S+/g)) {
      const x0 = run.x0 + m.index * charW;
      const x1 = x0 + m[0].length * charW;
      const glue =
        first &&
        m.index === 0 &&
        prev !== undefined &&
        !prev.endsWithSpace &&
        Math.abs(prev.run.baseline - run.baseline) < run.size * 0.3 &&
        x0 - prev.run.x1 < run.size * 0.15 &&
        x0 - prev.run.x1 > -run.size * 0.3;
      if (glue && prev) {
        prev.run.text += m[0];
        prev.run.x1 = Math.max(prev.run.x1, x1);
      } else {
        const word: TextRun = { text: m[0], x0, x1, baseline: run.baseline, size: run.size };
        out.push(word);
        prev = { run: word, endsWithSpace: false };
      }
      first = false;
    }
    if (prev) prev.endsWithSpace = /\s$/.test(run.text);
  }
  return out;
}

/**
 * The runs a reader sees: words filled in white where nothing dark and no picture lies under them
 * (a word left in a table's empty cells for screen readers, 'empty') are no part of the page.
 */
export function visibleRuns(
  runs: TextRun[],
  ops: Parameters<typeof backdropsFromOperators>[0],
  viewportTransform: number[],
): TextRun[] {
  if (!runs.some((r) => r.light)) return runs;
  const grounds = backdropsFromOperators(ops, viewportTransform);
  if (!grounds) return runs;
  return runs.filter((r) => {
    // (an unseen full stop or space keeps the gap the author set between words: kept)
    if (!r.light || !/[\p{L}\p{N}]/u.test(r.text)) return true;
    const x = (r.x0 + r.x1) / 2;
    const y = r.baseline - r.size * 0.3;
    return grounds.some(
      ([x0, y0, x1, y1]) => x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1,
    );
  });
}

/**
 * Reads one page's text layer and rulings into a layout page. Given an OCR engine, words set in
 * a font whose text spells nothing (while the rest of the page reads) are read from the page's
 * pixels instead (drawn from `drawable`, the same page of a document opened with its images when
 * `page`'s was opened without), and so are lines of letters drawn as outlines (`outlinedLetters`); a
 * page most of whose words spell nothing is left to the caller to read whole.
 */
export async function readPdfPage(
  page: PDFPageProxy,
  ocr?: () => OcrEngine,
  drawable: () => Promise<PDFPageProxy> = async () => page,
): Promise<{ layout: Page; chars: number; words: Word[] }> {
  const viewport = page.getViewport({ scale: 1 });
  const ops = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const fromOps = textFromOperators(ops, viewport.transform, (name) =>
    page.commonObjs.has(name)
      ? (page.commonObjs.get(name) as {
          fontMatrix?: number[];
          vertical?: boolean;
          bold?: boolean;
          name?: string;
        })
      : undefined,
  );
  let runs = visibleRuns(fromOps.runs, ops, viewport.transform);
  let reread: Word[] = [];
  const garbled = ocr ? garbledFonts(runs) : new Set<string>();
  if (ocr && garbled.size) {
    const bad = runs.filter((r) => r.font !== undefined && garbled.has(r.font));
    if (bad.length * 2 <= runs.length) {
      runs = runs.filter((r) => !bad.includes(r));
      const drawn = await drawable();
      reread = await readGlyphRegions(drawn, wordsOfRuns(bad), ocr());
      if (drawn !== page) drawn.cleanup();
    }
  }
  let words = [...wordsOfRuns(runs), ...reread];
  if (fromOps.unsupported || (words.length === 0 && ops.fnArray.includes(OPS.showText))) {
    // fonts the operator walk cannot place: fall back to pdf.js's own text content
    const content = await page.getTextContent();
    words = wordsOfRuns(wordRuns(runsOf(content.items as TextItemLike[], viewport.transform)));
  }
  const segments = rulingsFromOperators(ops, viewport.transform, viewport.width, viewport.height);
  if (ocr && words.length) {
    // letters drawn as outlines (a heading or an amount converted to curves): read from the pixels
    const drawnLines = outlinedLetters(
      ops,
      viewport.transform,
      words.map((w) => w.box),
      segments,
    );
    if (drawnLines.length) {
      // (outlines are paths: the page draws them without its fonts or pictures)
      const lettered = drawnLines.map((box) => ({
        text: '',
        box,
        size: box[3] - box[1],
        confidence: 1,
      }));
      const read = await readGlyphRegions(page, lettered, ocr());
      // (a footnote mark the text layer set after an outlined word is no part of it either)
      words = [...withoutRaisedMarks(words, read), ...read];
    }
  }
  words = withoutTemplateFields(words);
  const chars = words.reduce((a, w) => a + w.text.length, 0);
  const layout = buildPage({
    number: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    source: 'text',
    words,
    segments,
    tolerance: 2.5,
  });
  return { layout, chars, words };
}
