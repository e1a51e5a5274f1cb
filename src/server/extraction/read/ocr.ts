import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { Box } from '../layout.ts';
import { ExtractionError } from '../provider.ts';

/** A recognised word in the coordinates of the image given to the engine. */
export interface OcrWord {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
  /** The word's characters and their boxes, where the engine gives them. */
  chars?: Array<{ text: string; box: Box }>;
}

export interface RecognizeOptions {
  /** Resolution of the image, so the recogniser does not guess it from noise. */
  dpi?: number;
  /**
   * How the page is laid out: `sparse` (default) finds words wherever they are; `block` reads
   * the image as one block of text lines (for a sheet of cut-out lines).
   */
  mode?: 'sparse' | 'block';
}

/** Recognises the words of an image file (PNG, JPEG or PGM bytes). */
export interface OcrEngine {
  recognize(image: Uint8Array, options?: RecognizeOptions): Promise<OcrWord[]>;
  close(): Promise<void>;
}

export interface TesseractOptions {
  /** Longest time one page may take; the worker is stopped and the page fails after it. */
  pageTimeoutMs?: number;
}

const require = createRequire(import.meta.url);

/** The English model shipped in the @tesseract.js-data/eng package: nothing is downloaded. */
export function englishLangPath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * tesseract.js (WebAssembly) with one worker, created on first use and reused until `close()`.
 * Sparse-text segmentation (PSM 11) finds the words of table cells that block segmentation
 * merges or misses.
 */
export function createTesseractEngine(options: TesseractOptions = {}): OcrEngine {
  const pageTimeoutMs = options.pageTimeoutMs ?? 90_000;
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let mode: 'sparse' | 'block' = 'sparse';
  const getWorker = () => {
    worker ??= (async () => {
      mode = 'sparse';
      const w = await createWorker('eng', 1, {
        langPath: englishLangPath(),
        cacheMethod: 'none',
        gzip: true,
      });
      await w.setParameters({
        tessedit_pageseg_mode: '11' as never,
        preserve_interword_spaces: '1',
        // tesseract's own diagnostics ('Detected 12 diacritics') stay out of the logs
        debug_file: '/dev/null',
      });
      return w;
    })();
    return worker;
  };
  return {
    recognize(image, recognizeOptions = {}) {
      const job = queue.then(async () => {
        const w = await getWorker();
        if (recognizeOptions.dpi) {
          await w.setParameters({ user_defined_dpi: String(Math.round(recognizeOptions.dpi)) });
        }
        const wanted = recognizeOptions.mode ?? 'sparse';
        if (wanted !== mode) {
          await w.setParameters({
            tessedit_pageseg_mode: (wanted === 'block' ? '6' : '11') as never,
          });
          mode = wanted;
        }
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            // the worker cannot be interrupted: stop it, a new one starts on the next page
            const stuck = worker;
            worker = null;
            void stuck?.then((sw) => sw.terminate()).catch(() => {});
            reject(
              new ExtractionError(
                'Reading this scanned page took too long; the scan may be too noisy. Try a cleaner scan or a PDF with a text layer.',
                { retryable: false },
              ),
            );
          }, pageTimeoutMs);
        });
        const result = await Promise.race([
          w.recognize(Buffer.from(image), {}, { blocks: true, text: false }),
          timeout,
        ]).finally(() => clearTimeout(timer));
        const words: OcrWord[] = [];
        for (const block of result.data.blocks ?? []) {
          for (const para of block.paragraphs) {
            for (const line of para.lines) {
              for (const word of line.words) {
                const text = word.text.trim();
                if (!text) continue;
                words.push({
                  text,
                  box: [word.bbox.x0, word.bbox.y0, word.bbox.x1, word.bbox.y1],
                  confidence: Math.max(0, Math.min(1, word.confidence / 100)),
                  chars: word.symbols.map((c) => ({
                    text: c.text,
                    box: [c.bbox.x0, c.bbox.y0, c.bbox.x1, c.bbox.y1] as Box,
                  })),
                });
              }
            }
          }
        }
        return words;
      });
      queue = job.catch(() => {});
      return job;
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await (await w).terminate();
    },
  };
}
