import { parentPort, workerData } from 'node:worker_threads';
import { readPageImages } from './vision-pages.ts';

/**
 * Draws one document's pages for AI_VISION off the server's thread (pdf.js decodes a scanned
 * page's image in JavaScript: seconds of CPU). Started per document by readPageImagesOffThread.
 */
const { bytes, contentType } = workerData as { bytes: Uint8Array; contentType: string };
try {
  const drawn = await readPageImages({ bytes, contentType });
  // plain copies, whose memory can be handed over (a native canvas buffer cannot)
  const images = drawn.images.map((image) => ({ ...image, bytes: new Uint8Array(image.bytes) }));
  parentPort?.postMessage(
    { ok: true, drawn: { ...drawn, images } },
    images.map((image) => image.bytes.buffer),
  );
} catch (error) {
  const e = error as { name?: string; message?: string; retryable?: boolean };
  parentPort?.postMessage({
    ok: false,
    error: { name: e?.name ?? 'Error', message: String(e?.message ?? error) },
  });
}
