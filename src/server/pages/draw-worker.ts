import { parentPort } from 'node:worker_threads';
import { createTesseractEngine, type OcrEngine } from '../extraction/read/ocr.ts';
import { type DrawRequest, draw } from './draw.ts';

/**
 * The thread that draws pages (page-images.ts): one request at a time, answered with the bytes
 * or the error's message. The server's event loop stays free while a page is drawn.
 */
let ocr: OcrEngine | undefined;
const getOcr = () => {
  ocr ??= createTesseractEngine();
  return ocr;
};

parentPort?.on('message', async (message: { id: number; request: DrawRequest } | 'close') => {
  if (message === 'close') {
    await ocr?.close();
    parentPort?.close();
    return;
  }
  try {
    // a copy of its own, so that its memory can be handed over (native buffers cannot)
    const bytes = new Uint8Array(await draw(message.request, getOcr));
    parentPort?.postMessage({ id: message.id, bytes }, [bytes.buffer]);
  } catch (error) {
    const e = error as { name?: string; message?: string };
    parentPort?.postMessage({
      id: message.id,
      error: { name: e?.name ?? 'Error', message: String(e?.message ?? error) },
    });
  }
});
