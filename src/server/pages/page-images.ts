import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type {
  DocumentPage,
  DocumentType,
  PageWord,
} from '../../shared/documents/document-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { DocumentLayout, Line } from '../extraction/layout.ts';
import { renderPdfPage } from '../extraction/read/image.ts';
import { createTesseractEngine, type OcrEngine } from '../extraction/read/ocr.ts';
import { openPdf } from '../extraction/read/pdf.ts';
import { readDocument } from '../extraction/read/read-document.ts';
import type { FileStore } from '../storage/file-store.ts';
import { layoutMarkup } from './draw-markup.ts';

/**
 * The pages of a stored document as images, and the words on them (issue 12: a value's source
 * shown on its page, words selected on the image). Page sizes are in the units of a value's
 * `source.box` ([x0, y0, x1, y1], top-left origin): points for PDF pages (pdf.js viewport at
 * scale 1, as the PDF reader uses), the image's own pixels for PNG/JPEG documents, and the
 * points of a drawing of the document for DOCX (which has no page geometry; draw-markup.ts).
 *
 * Drawing is CPU work on the server's thread: at most one drawing or reading runs at a time
 * (others wait their turn), and every result is cached in the file store, keyed by the document
 * file's sha256 (and the page and scale), so a page is drawn once per file.
 */

/** Canvas pixels per page point of a drawn PDF or DOCX page (144 dpi). */
export const PAGE_SCALE = 2;
/** Largest drawn page, in pixels. */
const MAX_PIXELS = 9_000_000;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface PageSource {
  sha256: string;
  contentType: string;
}

export interface PageImage {
  bytes: Buffer;
  contentType: string;
}

/** A page number outside the document: the route answers 404 with this sentence. */
export class NoSuchPageError extends Error {
  constructor(page: number, pages: number) {
    super(
      pages === 0
        ? 'This document has no pages that can be shown.'
        : `This document has ${pages} page${pages === 1 ? '' : 's'}; there is no page ${page}.`,
    );
    this.name = 'NoSuchPageError';
  }
}

export interface PageService {
  pages(source: PageSource): Promise<DocumentPage[]>;
  image(source: PageSource, page: number): Promise<PageImage>;
  words(source: PageSource, page: number): Promise<PageWord[]>;
  close(): Promise<void>;
}

export interface PageServiceDeps {
  db: Database;
  files: FileStore;
  /** The OCR engine for words of scanned pages (created on first use). */
  ocr?: () => OcrEngine;
}

const kindOf = (contentType: string): 'pdf' | 'image' | 'docx' | 'other' => {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg') return 'image';
  if (type === DOCX) return 'docx';
  return 'other';
};

/** How many pages GET …/pages answers for a document's bytes (null when they cannot be read). */
export async function countPages(bytes: Uint8Array, contentType: string): Promise<number | null> {
  const kind = kindOf(contentType);
  if (kind === 'image' || kind === 'docx') return 1;
  if (kind !== 'pdf') return 0;
  try {
    const { doc, close } = await openPdf(bytes);
    try {
      return doc.numPages;
    } finally {
      await close();
    }
  } catch {
    return null;
  }
}

/** Runs at most `n` tasks at once, in the order they come. */
function createLimit(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const round = (n: number) => Math.round(n * 100) / 100;

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

export function createPageService(deps: PageServiceDeps): PageService {
  let ocr: OcrEngine | undefined;
  const getOcr = deps.ocr ?? (() => (ocr ??= createTesseractEngine()));
  const limit = createLimit(1);

  async function cached(key: string): Promise<Buffer | undefined> {
    const { rows } = await deps.db.query<{ sha256: string }>(
      'select sha256 from page_cache where key = $1',
      [key],
    );
    const sha = rows[0]?.sha256;
    if (!sha) return undefined;
    const stream = await deps.files.get(sha);
    // bytes gone (a restored backup keeps only documents' files): drawn again
    return stream ? readAll(stream) : undefined;
  }

  async function store(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const staged = await deps.files.stage(ReadableStream.from([bytes]), {
      maxBytes: bytes.length + 1,
    });
    await staged.commit();
    await deps.db.query(
      `insert into page_cache (key, sha256, content_type) values ($1, $2, $3)
       on conflict (key) do update set sha256 = excluded.sha256,
         content_type = excluded.content_type, created_on = now()`,
      [key, staged.sha256, contentType],
    );
  }

  /** The cached answer under `key`, or `make`'s (under the drawing limit), stored for next time. */
  async function memo(key: string, contentType: string, make: () => Promise<Buffer>) {
    const hit = await cached(key);
    if (hit) return hit;
    return limit(async () => {
      const again = await cached(key);
      if (again) return again;
      const bytes = await make();
      await store(key, bytes, contentType);
      return bytes;
    });
  }

  const memoJson = async <T>(key: string, make: () => Promise<T>): Promise<T> =>
    JSON.parse(
      (
        await memo(key, 'application/json', async () => Buffer.from(JSON.stringify(await make())))
      ).toString('utf8'),
    ) as T;

  async function sourceBytes(source: PageSource): Promise<Uint8Array> {
    const stream = await deps.files.get(source.sha256);
    if (!stream) throw new Error(`The stored file ${source.sha256} is missing.`);
    const whole = await readAll(stream);
    return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
  }

  const readLayout = async (source: PageSource) =>
    readDocument(await sourceBytes(source), source.contentType, { ocr: getOcr });

  async function pages(source: PageSource): Promise<DocumentPage[]> {
    const kind = kindOf(source.contentType);
    if (kind === 'other') return [];
    return memoJson(`pages:${source.sha256}`, async () => {
      const bytes = await sourceBytes(source);
      if (kind === 'image') {
        const image = await loadImage(Buffer.from(bytes));
        return [{ page: 1, width: image.width, height: image.height }];
      }
      if (kind === 'docx') return [layoutMarkup(await readLayout(source)).page];
      const { doc, close } = await openPdf(bytes);
      try {
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
    });
  }

  async function checkPage(source: PageSource, n: number): Promise<DocumentPage> {
    const all = await pages(source);
    const page = all[n - 1];
    if (!page) throw new NoSuchPageError(n, all.length);
    return page;
  }

  async function image(source: PageSource, n: number): Promise<PageImage> {
    const page = await checkPage(source, n);
    const kind = kindOf(source.contentType);
    if (kind === 'image') {
      return { bytes: Buffer.from(await sourceBytes(source)), contentType: source.contentType };
    }
    const scale = Math.min(PAGE_SCALE, Math.sqrt(MAX_PIXELS / (page.width * page.height)));
    const key = `png:${source.sha256}:${n}:${round(scale)}`;
    const bytes = await memo(key, 'image/png', async () => {
      if (kind === 'docx') {
        const drawing = layoutMarkup(await readLayout(source));
        const canvas = createCanvas(
          Math.ceil(drawing.page.width * scale),
          Math.ceil(drawing.page.height * scale),
        );
        drawing.draw(canvas.getContext('2d'), scale);
        return canvas.encode('png');
      }
      const { doc, close } = await openPdf(await sourceBytes(source));
      try {
        const pdfPage = await doc.getPage(n);
        const canvas = await renderPdfPage(pdfPage, scale);
        pdfPage.cleanup();
        return canvas.encode('png');
      } finally {
        await close();
      }
    });
    return { bytes, contentType: 'image/png' };
  }

  async function words(source: PageSource, n: number): Promise<PageWord[]> {
    await checkPage(source, n);
    const all = await memoJson<PageWord[][]>(`words:${source.sha256}`, async () => {
      const layout = await readLayout(source).catch((error: unknown) => {
        // a document with no text at all has no words to select
        if ((error as { name?: string }).name === 'ExtractionError') return undefined;
        throw error;
      });
      if (!layout) return [];
      if (kindOf(source.contentType) === 'docx') return [layoutMarkup(layout).words];
      return wordsOfLayout(layout);
    });
    return all[n - 1] ?? [];
  }

  return {
    pages,
    image,
    words,
    async close() {
      await ocr?.close();
      ocr = undefined;
    },
  };
}

/** The stored file of a document, for its pages; undefined when there is no such document. */
export async function documentPageSource(
  db: Queryable,
  type: DocumentType,
  id: string,
): Promise<(PageSource & { pageCount: number | null }) | undefined> {
  const { rows } = await db.query<{
    sha256: string;
    content_type: string;
    page_count: number | null;
  }>(
    `select f.sha256, f.content_type, d.page_count from documents d join files f on f.id = d.file_id
     where d.type = $1 and d.id = $2`,
    [type, id],
  );
  const row = rows[0];
  return row
    ? { sha256: row.sha256, contentType: row.content_type, pageCount: row.page_count }
    : undefined;
}

/** Remembers a document's page count once its pages are known (documents read before it was kept). */
export async function recordPageCount(db: Queryable, id: string, count: number): Promise<void> {
  await db.query('update documents set page_count = $2 where id = $1 and page_count is null', [
    id,
    count,
  ]);
}
