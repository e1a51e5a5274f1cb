import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { Box } from '../layout.ts';

/** A recognised word in the coordinates of the image given to the engine. */
export interface OcrWord {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
}

/** Recognises the words of an image file (PNG, JPEG or PGM bytes). */
export interface OcrEngine {
  recognize(image: Uint8Array): Promise<OcrWord[]>;
  close(): Promise<void>;
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
export function createTesseractEngine(): OcrEngine {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const getWorker = () => {
    worker ??= (async () => {
      const w = await createWorker('eng', 1, {
        langPath: englishLangPath(),
        cacheMethod: 'none',
        gzip: true,
      });
      await w.setParameters({
        tessedit_pageseg_mode: '11' as never,
        preserve_interword_spaces: '1',
      });
      return w;
    })();
    return worker;
  };
  return {
    recognize(image) {
      const job = queue.then(async () => {
        const w = await getWorker();
        const result = await w.recognize(Buffer.from(image), {}, { blocks: true, text: false });
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
