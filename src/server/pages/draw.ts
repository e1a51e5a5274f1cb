import { createCanvas } from '@napi-rs/canvas';
import type { DocumentPage, PageWord } from '../../shared/documents/document-types.ts';
import type { DocumentLayout, Line } from '../extraction/layout.ts';
import { renderPdfPage } from '../extraction/read/image.ts';
import { checkImageSize, checkPageCount, imageSize } from '../extraction/read/limits.ts';
import type { OcrEngine } from '../extraction/read/ocr.ts';
import { openPdf } from '../extraction/read/pdf.ts';
import { readDocument } from '../extraction/read/read-document.ts';
import { layoutMarkup } from './draw-markup.ts';

/**
 * The CPU work behind GET …/pages: page sizes, a page drawn as PNG, the words of every page. Run
 * off the server's thread (draw-worker.ts); answers bytes (JSON text or PNG) to be cached.
 */
export type DrawRequest =
  | { op: 'pages'; bytes: Uint8Array; contentType: string }
  | { op: 'png'; bytes: Uint8Array; contentType: string; page: number; scale: number }
  | { op: 'words'; bytes: Uint8Array; contentType: string };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type SourceKind = 'pdf' | 'image' | 'docx' | 'other';

export const kindOf = (contentType: string): SourceKind => {
  const type = baseType(contentType);
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg') return 'image';
  if (type === DOCX) return 'docx';
  return 'other';
};

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

export const round = (n: number) => Math.round(n * 100) / 100;

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

export async function draw(request: DrawRequest, ocr: () => OcrEngine): Promise<Uint8Array> {
  const kind = kindOf(request.contentType);
  const { bytes } = request;
  const readLayout = () => readDocument(bytes, request.contentType, { ocr });
  switch (request.op) {
    case 'pages':
      return json(await pageSizes(bytes, request.contentType, kind, readLayout));
    case 'png': {
      if (kind === 'docx') {
        const drawing = layoutMarkup(await readLayout());
        const canvas = createCanvas(
          Math.ceil(drawing.page.width * request.scale),
          Math.ceil(drawing.page.height * request.scale),
        );
        drawing.draw(canvas.getContext('2d'), request.scale);
        return canvas.encode('png');
      }
      if (kind !== 'pdf') throw new Error(`No page of ${request.contentType} is drawn.`);
      const { doc, close } = await openPdf(bytes);
      try {
        const page = await doc.getPage(request.page);
        const canvas = await renderPdfPage(page, request.scale);
        page.cleanup();
        return canvas.encode('png');
      } finally {
        await close();
      }
    }
    case 'words': {
      const layout = await readLayout().catch((error: unknown) => {
        // a document with no text at all has no words to select
        if ((error as { name?: string }).name === 'ExtractionError') return undefined;
        throw error;
      });
      if (!layout) return json([]);
      return json(kind === 'docx' ? [layoutMarkup(layout).words] : wordsOfLayout(layout));
    }
  }
}

async function pageSizes(
  bytes: Uint8Array,
  contentType: string,
  kind: SourceKind,
  readLayout: () => Promise<DocumentLayout>,
): Promise<DocumentPage[]> {
  if (kind === 'image') {
    // from the header: a decompression bomb is never decoded here
    checkImageSize(bytes, baseType(contentType));
    const size = imageSize(bytes, baseType(contentType));
    return size ? [{ page: 1, width: size.width, height: size.height }] : [];
  }
  if (kind === 'docx') return [layoutMarkup(await readLayout()).page];
  if (kind !== 'pdf') return [];
  const { doc, close } = await openPdf(bytes);
  try {
    checkPageCount(doc.numPages);
    const out: DocumentPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // the viewport the PDF reader measures words in (read/pdf.ts)
      const viewport = page.getViewport({ scale: 1 });
      out.push({ page: n, width: round(viewport.width), height: round(viewport.height) });
      page.cleanup();
    }
    return out;
  } finally {
    await close();
  }
}

/** Every word of a layout page by page (table cells and running headers included). */
function wordsOfLayout(layout: DocumentLayout): PageWord[][] {
  const pages: PageWord[][] = layout.pages.map(() => []);
  const indexOf = new Map(layout.pages.map((p, i) => [p.number, i]));
  const add = (line: Line, fallbackPage: number) => {
    const i = indexOf.get(line.page ?? fallbackPage) ?? indexOf.get(fallbackPage);
    if (i === undefined) return;
    for (const w of line.words) {
      if (!w.text.trim()) continue;
      pages[i]!.push({
        text: w.text,
        box: [round(w.box[0]), round(w.box[1]), round(w.box[2]), round(w.box[3])],
      });
    }
  };
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (block.kind === 'line') add(block.line, page.number);
      else
        for (const cell of block.table.cells) for (const line of cell.lines) add(line, cell.page);
    }
  }
  for (const line of layout.furniture) add(line, line.page);
  return pages;
}
