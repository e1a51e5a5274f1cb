import { Worker } from 'node:worker_threads';
import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas';
import { layoutMarkup } from '../../pages/draw-markup.ts';
import type { ExtractionInput } from '../provider.ts';
import { ExtractionError } from '../provider.ts';
import { renderPdfPage } from '../read/image.ts';
import { checkImageSize, checkPageCount, imageSize } from '../read/limits.ts';
import { openPdf } from '../read/pdf.ts';
import { readDocument } from '../read/read-document.ts';

/**
 * A document's pages as images for a multimodal model (AI_VISION=1): PDF pages drawn with pdf.js
 * at about 150 dpi (a letter page is 1275 × 1650 pixels, small print stays legible), PNG and JPEG
 * documents as themselves (shrunk when too large), and DOCX as the drawing the page screen shows
 * (src/server/pages/draw-markup.ts), cut into letter-sized pages. The request stays bounded: at
 * most `maxPages` pages, no side longer than `maxSide` pixels, each image at most
 * `maxImageBytes` (PNG, else JPEG, else smaller) and all of them at most `maxTotalBytes`.
 */

export const visionLimits = {
  /** Pages sent as images; later pages go as text only. */
  maxPages: 10,
  /** Dots per inch a PDF or DOCX page is drawn at. */
  dpi: 150,
  /** Longest side of an image, in pixels (a tabloid page at 150 dpi is 2550: it is shrunk). */
  maxSide: 2048,
  /** A PNG up to this size is sent as it is; a larger one is tried as JPEG too. */
  pngBytes: 512 * 1024,
  /** Bytes of one encoded image (before base64). */
  maxImageBytes: 2 * 1024 * 1024,
  /** Bytes of all the images of one request (before base64, which adds a third). */
  maxTotalBytes: 12 * 1024 * 1024,
} as const;
export type VisionLimits = { [K in keyof typeof visionLimits]: number };

export interface PageImage {
  /** 1-based page number in the document. */
  page: number;
  mimeType: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface PageImages {
  images: PageImage[];
  /** Pages the document has (for DOCX: letter-sized pieces of its drawing). */
  pageCount: number;
}

export type ReadPageImages = (
  input: Pick<ExtractionInput, 'bytes' | 'contentType' | 'signal'>,
) => Promise<PageImages>;

/** `data:image/png;base64,…` for an image part of a chat message. */
export function dataUrl(image: PageImage): string {
  return `data:${image.mimeType};base64,${Buffer.from(image.bytes).toString('base64')}`;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The height of a DOCX drawing's pieces: a US-letter page, in points. */
const LETTER_HEIGHT = 792;

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * A canvas as PNG (crisp type), or as JPEG when the PNG is large (a scan's grain: JPEG is then a
 * fraction of the size) and JPEG is smaller; shrunk until it fits `maxBytes`.
 */
async function encodeBounded(
  canvas: Canvas,
  limits: VisionLimits,
): Promise<{ mimeType: PageImage['mimeType']; bytes: Uint8Array; width: number; height: number }> {
  let current = canvas;
  for (let attempt = 0; attempt < 6; attempt++) {
    const size = { width: current.width, height: current.height };
    const png = await current.encode('png');
    if (png.byteLength <= limits.pngBytes) return { mimeType: 'image/png', bytes: png, ...size };
    const jpeg = await current.encode('jpeg', 85);
    const best =
      jpeg.byteLength < png.byteLength
        ? { mimeType: 'image/jpeg' as const, bytes: jpeg }
        : { mimeType: 'image/png' as const, bytes: png };
    if (best.bytes.byteLength <= limits.maxImageBytes) return { ...best, ...size };
    current = scaled(current, Math.sqrt(limits.maxImageBytes / best.bytes.byteLength) * 0.9);
  }
  throw new ExtractionError('A page of this document could not be made small enough to send.');
}

/** The canvas drawn `factor` times its size on white. */
function scaled(source: Canvas | Awaited<ReturnType<typeof loadImage>>, factor: number): Canvas {
  const width = Math.max(1, Math.round(source.width * factor));
  const height = Math.max(1, Math.round(source.height * factor));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** The scale that draws `width` × `height` points at the dpi, within the longest side. */
function scaleFor(width: number, height: number, limits: VisionLimits): number {
  return Math.min(limits.dpi / 72, limits.maxSide / Math.max(width, height, 1));
}

/**
 * Draws the first pages of a document as images within the limits. A page that would take the
 * request over `maxTotalBytes` ends the list (the pages before it are kept).
 */
export async function readPageImages(
  input: Pick<ExtractionInput, 'bytes' | 'contentType' | 'signal'>,
  limits: VisionLimits = visionLimits,
): Promise<PageImages> {
  const type = baseType(input.contentType);
  const bytes = new Uint8Array(input.bytes);
  const images: PageImage[] = [];
  let total = 0;
  /** Adds an image if the total allows; false when the list is full. */
  const add = (image: PageImage): boolean => {
    if (images.length >= limits.maxPages || total + image.bytes.byteLength > limits.maxTotalBytes)
      return false;
    images.push(image);
    total += image.bytes.byteLength;
    return true;
  };

  if (type === 'application/pdf') {
    const { doc, close } = await openPdf(bytes);
    try {
      checkPageCount(doc.numPages);
      for (let n = 1; n <= Math.min(doc.numPages, limits.maxPages); n++) {
        input.signal?.throwIfAborted();
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const canvas = await renderPdfPage(page, scaleFor(base.width, base.height, limits));
        page.cleanup();
        if (!add({ page: n, ...(await encodeBounded(canvas, limits)) })) break;
      }
      return { images, pageCount: doc.numPages };
    } finally {
      await close();
    }
  }

  if (type === 'image/png' || type === 'image/jpeg') {
    checkImageSize(bytes, type);
    const size = imageSize(bytes, type);
    if (
      size &&
      Math.max(size.width, size.height) <= limits.maxSide &&
      bytes.byteLength <= limits.maxImageBytes
    ) {
      add({ page: 1, mimeType: type, bytes, width: size.width, height: size.height });
      return { images, pageCount: 1 };
    }
    let image: Awaited<ReturnType<typeof loadImage>>;
    try {
      image = await loadImage(Buffer.from(bytes));
    } catch (error) {
      throw new ExtractionError('This image could not be decoded; it may be damaged.', {
        cause: error,
      });
    }
    const canvas = scaled(image, Math.min(1, limits.maxSide / Math.max(image.width, image.height)));
    add({ page: 1, ...(await encodeBounded(canvas, limits)) });
    return { images, pageCount: 1 };
  }

  if (type === DOCX) {
    const layout = await readDocument(bytes, type, {
      ocr: () => {
        throw new Error('a DOCX is read without OCR');
      },
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const drawing = layoutMarkup(layout);
    const scale = scaleFor(drawing.page.width, LETTER_HEIGHT, limits);
    const pageCount = Math.max(1, Math.ceil(drawing.page.height / LETTER_HEIGHT));
    for (let n = 1; n <= Math.min(pageCount, limits.maxPages); n++) {
      input.signal?.throwIfAborted();
      const top = (n - 1) * LETTER_HEIGHT;
      const height = Math.min(LETTER_HEIGHT, drawing.page.height - top);
      const canvas = createCanvas(
        Math.ceil(drawing.page.width * scale),
        Math.max(1, Math.ceil(height * scale)),
      );
      const ctx = canvas.getContext('2d');
      ctx.translate(0, -top * scale);
      drawing.draw(ctx, scale);
      if (!add({ page: n, ...(await encodeBounded(canvas, limits)) })) break;
    }
    return { images, pageCount };
  }

  return { images, pageCount: 0 };
}

/**
 * readPageImages on a worker thread of its own, so that the server's event loop stays free while
 * pages are drawn; the thread ends with the drawing, or when the caller aborts.
 */
export const readPageImagesOffThread: ReadPageImages = (input) =>
  new Promise<PageImages>((resolve, reject) => {
    input.signal?.throwIfAborted();
    const bytes = new Uint8Array(input.bytes);
    const worker = new Worker(new URL('./vision-worker.ts', import.meta.url), {
      workerData: { bytes, contentType: input.contentType },
      transferList: [bytes.buffer],
    });
    let settled = false;
    const finish = (then: () => void) => {
      if (settled) return;
      settled = true;
      input.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      then();
    };
    const onAbort = () => finish(() => reject(input.signal?.reason));
    input.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on(
      'message',
      (
        answer:
          | { ok: true; drawn: PageImages }
          | { ok: false; error: { name: string; message: string } },
      ) =>
        finish(() => {
          if (answer.ok) resolve(answer.drawn);
          else if (answer.error.name === 'ExtractionError')
            reject(new ExtractionError(answer.error.message));
          else reject(new Error(`Drawing the pages failed: ${answer.error.message}`));
        }),
    );
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`the page drawing thread stopped (${code})`))),
    );
  });
