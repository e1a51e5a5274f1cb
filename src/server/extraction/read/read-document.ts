import type { DocumentLayout, Page } from '../layout.ts';
import { ExtractionError } from '../provider.ts';
import { readDocx } from './docx.ts';
import { finishLayout } from './furniture.ts';
import { readImage, readScannedPdfPage } from './image.ts';
import { checkImageSize, checkPageCount, checkZipArchive } from './limits.ts';
import type { OcrEngine } from './ocr.ts';
import { openPdf, readPdfPage } from './pdf.ts';
import { textLayerIsGarbled } from './text-sense.ts';

export interface ReadOptions {
  /** The OCR engine for images and for PDF pages without a text layer (created lazily). */
  ocr: () => OcrEngine;
  signal?: AbortSignal;
}

/** A page whose text layer holds fewer characters than this is read with OCR. */
const MIN_TEXT_CHARS = 20;

function checkAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw new ExtractionError('Extraction was cancelled.', { retryable: true });
}

export async function readPdf(bytes: Uint8Array, options: ReadOptions): Promise<DocumentLayout> {
  // text and rulings are read from a document opened without its images; the pages read from
  // their pixels are drawn from a second one, opened with them on first need
  const { doc, close } = await openPdf(bytes, { images: false });
  let withImages: ReturnType<typeof openPdf> | undefined;
  try {
    checkPageCount(doc.numPages);
    const pages: Page[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      checkAborted(options.signal);
      const page = await doc.getPage(n);
      const drawable = async () => {
        withImages ??= openPdf(bytes);
        return (await withImages).doc.getPage(n);
      };
      const read = await readPdfPage(page, options.ocr, drawable);
      // a page without a text layer, or whose text layer does not spell words (a font with a
      // broken encoding), is read from its pixels
      if (read.chars >= MIN_TEXT_CHARS && !textLayerIsGarbled(read.words)) pages.push(read.layout);
      else {
        const drawn = await drawable();
        pages.push(await readScannedPdfPage(drawn, options.ocr()));
        drawn.cleanup();
      }
      page.cleanup();
    }
    const { furniture } = finishLayout(pages);
    const layout: DocumentLayout = { format: 'pdf', pages, furniture };
    if (!hasText(layout)) {
      throw new ExtractionError('No text found in this PDF: its pages are blank or unreadable.');
    }
    return layout;
  } finally {
    await close();
    if (withImages) await withImages.then((o) => o.close()).catch(() => {});
  }
}

function hasText(layout: DocumentLayout): boolean {
  return layout.pages.some((p) =>
    p.blocks.some((b) => (b.kind === 'line' ? b.line.text.trim() : b.table.cells.length > 0)),
  );
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Reads a document's bytes into the layout model, by its sniffed content type. */
export async function readDocument(
  input: Uint8Array,
  contentType: string,
  options: ReadOptions,
): Promise<DocumentLayout> {
  // A plain copy: pdf.js refuses Node Buffers (what a file store stream gives), and readers may
  // hand the bytes to a worker, which must not detach the caller's memory.
  const bytes = new Uint8Array(input);
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return readPdf(bytes, options);
  if (type === DOCX) {
    checkZipArchive(bytes);
    return readDocx(bytes);
  }
  if (type === 'application/msword' || type === 'application/x-cfb') {
    throw new ExtractionError(
      'Legacy Word (.doc) files cannot be read; save the document as DOCX or PDF and upload it again.',
    );
  }
  if (type === 'image/png' || type === 'image/jpeg') {
    checkAborted(options.signal);
    checkImageSize(bytes, type);
    const page = await readImage(bytes, options.ocr());
    const { furniture } = finishLayout([page]);
    const layout: DocumentLayout = { format: 'image', pages: [page], furniture };
    if (!hasText(layout)) throw new ExtractionError('No text found in this image.');
    return layout;
  }
  throw new ExtractionError(
    `Files of type ${type || 'unknown'} cannot be read; upload a PDF, DOCX, PNG or JPEG file.`,
  );
}
