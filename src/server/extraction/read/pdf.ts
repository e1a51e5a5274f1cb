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
import { buildPage } from './page-builder.ts';
import { rulingsFromOperators } from './pdf-graphics.ts';
import { textFromOperators, wordsOfRuns } from './pdf-text.ts';

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const asDirUrl = (p: string) => `${pathToFileURL(join(pdfjsRoot, p)).href}/`;

/** Opens a PDF with pdf.js, turning its failures into messages a person understands. */
export async function openPdf(bytes: Uint8Array): Promise<{
  doc: PDFDocumentProxy;
  close: () => Promise<void>;
}> {
  const task = getDocument({
    // pdf.js may transfer the buffer to its worker: hand it a copy
    data: bytes.slice(),
    verbosity: 0,
    standardFontDataUrl: asDirUrl('standard_fonts'),
    cMapUrl: asDirUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: asDirUrl('wasm'),
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

interface Run {
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
}

/** Text runs of a page in viewport coordinates (top-left origin). */
function runsOf(items: TextItemLike[], viewportTransform: number[]): Run[] {
  const runs: Run[] = [];
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

const MARKER = /^[\d*†‡§,]{1,3}$/;

/**
 * Footnote markers set as superscripts (a smaller glyph raised above its neighbour's baseline)
 * are not part of the text they follow.
 */
function isSuperscript(run: Run, runs: Run[]): boolean {
  if (!MARKER.test(run.text.trim())) return false;
  const neighbour = runs.find(
    (r) =>
      r !== run &&
      r.size > run.size * 1.1 &&
      Math.abs(r.baseline - run.baseline) < r.size &&
      run.baseline < r.baseline - r.size * 0.2 &&
      ((run.x0 >= r.x1 - 2 && run.x0 <= r.x1 + 3) || (r.x0 >= run.x1 - 1 && r.x0 <= run.x1 + 8)),
  );
  return neighbour !== undefined;
}

/** Splits runs into words and glues fragments that touch (ligatures set as separate runs). */
export function wordsFromRuns(runs: Run[]): Word[] {
  const kept = runs.filter((r) => !isSuperscript(r, runs));
  const words: Word[] = [];
  let prev: { word: Word; baseline: number; endsWithSpace: boolean } | undefined;
  for (const run of kept) {
    const len = run.text.length;
    const charW = (run.x1 - run.x0) / Math.max(1, len);
    const re = /\S+/g;
    let m: RegExpExecArray | null = re.exec(run.text);
    let first = true;
    while (m) {
      const x0 = run.x0 + m.index * charW;
      const x1 = run.x0 + (m.index + m[0].length) * charW;
      const box: Word['box'] = [
        x0,
        run.baseline - run.size * 0.8,
        x1,
        run.baseline + run.size * 0.2,
      ];
      const glue =
        first &&
        m.index === 0 &&
        prev !== undefined &&
        !prev.endsWithSpace &&
        Math.abs(prev.baseline - run.baseline) < run.size * 0.3 &&
        x0 - prev.word.box[2] < run.size * 0.15 &&
        x0 - prev.word.box[2] > -run.size * 0.3;
      if (glue && prev) {
        prev.word.text += m[0];
        prev.word.box[2] = Math.max(prev.word.box[2], x1);
      } else {
        const word: Word = { text: m[0], box, size: run.size, confidence: 1 };
        words.push(word);
        prev = { word, baseline: run.baseline, endsWithSpace: false };
      }
      first = false;
      m = re.exec(run.text);
    }
    if (prev) prev.endsWithSpace = /\s$/.test(run.text);
  }
  return words;
}

export interface PdfPageText {
  page: PDFPageProxy;
  words: Word[];
  width: number;
  height: number;
}

/** Reads one page's text layer and rulings into a layout page. */
export async function readPdfPage(page: PDFPageProxy): Promise<{ layout: Page; chars: number }> {
  const viewport = page.getViewport({ scale: 1 });
  const ops = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const fromOps = textFromOperators(ops, viewport.transform, (name) =>
    page.commonObjs.has(name)
      ? (page.commonObjs.get(name) as { fontMatrix?: number[]; vertical?: boolean })
      : undefined,
  );
  let words = wordsOfRuns(fromOps.runs);
  if (fromOps.unsupported || (words.length === 0 && ops.fnArray.includes(OPS.showText))) {
    // fonts the operator walk cannot place: fall back to pdf.js's own text content
    const content = await page.getTextContent();
    words = wordsFromRuns(runsOf(content.items as TextItemLike[], viewport.transform));
  }
  const chars = words.reduce((a, w) => a + w.text.length, 0);
  const segments = rulingsFromOperators(ops, viewport.transform, viewport.width, viewport.height);
  const layout = buildPage({
    number: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    source: 'text',
    words,
    segments,
    tolerance: 2.5,
  });
  return { layout, chars };
}
