import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type {
  DocumentPage,
  DocumentType,
  PageWord,
} from '../../shared/documents/document-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ExtractionError } from '../extraction/provider.ts';
import { openPdf } from '../extraction/read/pdf.ts';
import type { FileStore } from '../storage/file-store.ts';
import { type DrawRequest, kindOf, round } from './draw.ts';

/**
 * The pages of a stored document as images, and the words on them (issue 12: a value's source
 * shown on its page, words selected on the image). Page sizes are in the units of a value's
 * `source.box` ([x0, y0, x1, y1], top-left origin): points for PDF pages (pdf.js viewport at
 * scale 1, as the PDF reader uses), the image's own pixels for PNG/JPEG documents, and the
 * points of a drawing of the document for DOCX (which has no page geometry; draw-markup.ts).
 *
 * Drawing is CPU work: it runs on worker threads (draw-worker.ts) — one for page sizes and
 * images, one for reading words (OCR of scans is slow) — each doing one thing at a time (others
 * wait their turn), so the server's event loop stays free; every result is
 * cached in the file store, keyed by the document file's sha256 (and the page and scale), so a
 * page is drawn once per file.
 */

/** Canvas pixels per page point of a drawn PDF or DOCX page (144 dpi). */
export const PAGE_SCALE = 2;
/** Pages drawn ahead of time when a document's pages are listed. */
const WARM_PAGES = 20;
/** Largest drawn page, in pixels. */
const MAX_PIXELS = 9_000_000;

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
  /** Draws the first pages ahead of time (background work; resolves when done). */
  warm(source: PageSource): Promise<void>;
  image(source: PageSource, page: number): Promise<PageImage>;
  words(source: PageSource, page: number): Promise<PageWord[]>;
  close(): Promise<void>;
}

export interface PageServiceDeps {
  db: Database;
  files: FileStore;
}

/**
 * What a cached drawing of a document is keyed by: its file's sha256, and for a drawn DOCX the
 * version of the placement (read/markup-layout.ts), so that a drawing cached before the placement
 * changed is never shown under boxes placed by the new one.
 */
const MARKUP_PLACEMENT = 'm2';
const cacheId = (source: PageSource) =>
  kindOf(source.contentType) === 'docx' ? `${source.sha256}:${MARKUP_PLACEMENT}` : source.sha256;

/** Does drawing work on a worker thread started on first use; `close` stops it. */
function createDrawer() {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = () => {
    const w = new Worker(new URL('./draw-worker.ts', import.meta.url));
    w.unref();
    w.on(
      'message',
      (answer: { id: number; bytes?: Uint8Array; error?: { name: string; message: string } }) => {
        const waiting = pending.get(answer.id);
        if (!waiting) return;
        pending.delete(answer.id);
        if (answer.bytes) waiting.resolve(answer.bytes);
        else {
          const { name, message } = answer.error ?? { name: 'Error', message: 'drawing failed' };
          waiting.reject(
            name === 'ExtractionError' ? new ExtractionError(message) : new Error(message),
          );
        }
      },
    );
    w.on('error', (error) => failAll(error));
    w.on('exit', (code) => failAll(new Error(`the page drawing thread stopped (${code})`)));
    return w;
  };
  return {
    draw(request: DrawRequest): Promise<Uint8Array> {
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, request });
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}

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

/**
 * Runs at most `n` tasks at once, in the order they come; background tasks only when no
 * foreground one is waiting (a page someone asked for goes before pages drawn ahead of time).
 */
function createLimit(n: number) {
  let active = 0;
  const waiting = { fore: [] as Array<() => void>, back: [] as Array<() => void> };
  return async <T>(task: () => Promise<T>, background = false): Promise<T> => {
    if (active >= n) {
      await new Promise<void>((resolve) => waiting[background ? 'back' : 'fore'].push(resolve));
    }
    active++;
    try {
      return await task();
    } finally {
      active--;
      (waiting.fore.shift() ?? waiting.back.shift())?.();
    }
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createPageService(deps: PageServiceDeps): PageService {
  // Two lanes, each a thread doing one thing at a time: page sizes and images (quick), and the
  // words of a document (for a scan, recognising every page: seconds to tens of seconds), so a
  // long recognition never holds up the images of other documents.
  const lanes = {
    draw: { drawer: createDrawer(), limit: createLimit(1) },
    read: { drawer: createDrawer(), limit: createLimit(1) },
  };
  type Lane = (typeof lanes)['draw'];

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
  async function memo(
    lane: Lane,
    key: string,
    contentType: string,
    make: () => Promise<Buffer>,
    background = false,
  ) {
    const hit = await cached(key);
    if (hit) return hit;
    return lane.limit(async () => {
      const again = await cached(key);
      if (again) return again;
      const bytes = await make();
      await store(key, bytes, contentType);
      return bytes;
    }, background);
  }

  async function sourceBytes(source: PageSource): Promise<Uint8Array> {
    const stream = await deps.files.get(source.sha256);
    if (!stream) throw new Error(`The stored file ${source.sha256} is missing.`);
    const whole = await readAll(stream);
    return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
  }

  const drawJson = async <T>(
    lane: Lane,
    key: string,
    request: () => Promise<DrawRequest>,
    background = false,
  ): Promise<T> =>
    JSON.parse(
      Buffer.from(
        await memo(
          lane,
          key,
          'application/json',
          async () => Buffer.from(await lane.drawer.draw(await request())),
          background,
        ),
      ).toString('utf8'),
    ) as T;

  async function pages(source: PageSource): Promise<DocumentPage[]> {
    if (kindOf(source.contentType) === 'other') return [];
    return drawJson(lanes.draw, `pages:${cacheId(source)}`, async () => ({
      op: 'pages',
      bytes: await sourceBytes(source),
      contentType: source.contentType,
    }));
  }

  async function checkPage(source: PageSource, n: number): Promise<DocumentPage> {
    const all = await pages(source);
    const page = all[n - 1];
    if (!page) throw new NoSuchPageError(n, all.length);
    return page;
  }

  async function image(source: PageSource, n: number, background = false): Promise<PageImage> {
    const page = await checkPage(source, n);
    if (kindOf(source.contentType) === 'image') {
      return { bytes: Buffer.from(await sourceBytes(source)), contentType: source.contentType };
    }
    const scale = Math.min(PAGE_SCALE, Math.sqrt(MAX_PIXELS / (page.width * page.height)));
    const key = `png:${cacheId(source)}:${n}:${round(scale)}`;
    const bytes = await memo(
      lanes.draw,
      key,
      'image/png',
      async () =>
        Buffer.from(
          await lanes.draw.drawer.draw({
            op: 'png',
            bytes: await sourceBytes(source),
            contentType: source.contentType,
            page: n,
            scale,
          }),
        ),
      background,
    );
    return { bytes, contentType: 'image/png' };
  }

  /** The words of every page (a scan's recognised again: seconds a page), read once per file. */
  const allWords = (source: PageSource, background = false) =>
    drawJson<PageWord[][]>(
      lanes.read,
      `words:${cacheId(source)}`,
      async () => ({
        op: 'words',
        bytes: await sourceBytes(source),
        contentType: source.contentType,
      }),
      background,
    );

  async function words(source: PageSource, n: number): Promise<PageWord[]> {
    await checkPage(source, n);
    return (await allWords(source))[n - 1] ?? [];
  }

  /**
   * Draws a document's first pages and reads its words ahead of time, in the background (a page
   * someone asks for goes first), so that the pages a broker opens next come from the cache and
   * selecting words on a scan does not wait for its recognition.
   */
  async function warm(source: PageSource): Promise<void> {
    const all = await pages(source);
    if (all.length === 0) return;
    const drawn = async () => {
      if (kindOf(source.contentType) === 'image') return;
      for (const { page } of all.slice(0, WARM_PAGES)) await image(source, page, true);
    };
    await Promise.all([drawn(), allWords(source, true)]);
  }

  return {
    pages,
    image: (source, n) => image(source, n),
    words,
    warm,
    async close() {
      await Promise.all([lanes.draw.drawer.close(), lanes.read.drawer.close()]);
    },
  };
}

/**
 * The stored file of a document, for its pages; undefined when there is no such document.
 * `readOnce`: the extraction engine has read it at least once; only then are its pages drawn
 * here, in the server's process (a file that failed to be read — damaged, hostile, beyond the
 * reader's limits — is never opened outside the engine's sandbox by this route).
 */
export async function documentPageSource(
  db: Queryable,
  type: DocumentType,
  id: string,
): Promise<(PageSource & { pageCount: number | null; readOnce: boolean }) | undefined> {
  const { rows } = await db.query<{
    sha256: string;
    content_type: string;
    page_count: number | null;
    read_once: boolean;
  }>(
    `select f.sha256, f.content_type, d.page_count,
       exists (select 1 from document_revisions r where r.document_id = d.id and r.kind = 'engine')
         as read_once
     from documents d join files f on f.id = d.file_id
     where d.type = $1 and d.id = $2`,
    [type, id],
  );
  const row = rows[0];
  return row
    ? {
        sha256: row.sha256,
        contentType: row.content_type,
        pageCount: row.page_count,
        readOnce: row.read_once,
      }
    : undefined;
}

/** Remembers a document's page count once its pages are known (documents read before it was kept). */
export async function recordPageCount(db: Queryable, id: string, count: number): Promise<void> {
  await db.query('update documents set page_count = $2 where id = $1 and page_count is null', [
    id,
    count,
  ]);
}
