/**
 * node scripts/extraction/vision-pages.ts FILE... [--out DIR]
 *
 * What AI_VISION=1 sends a model for each document (src/server/extraction/providers/
 * vision-pages.ts): how many pages go as images, of how many, their types and sizes, the
 * request's image bytes before and after base64, and how long the drawing took (on its worker
 * thread, as the provider draws them). With --out the images are written there to be looked at.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import {
  readPageImagesOffThread,
  visionLimits,
} from '../../src/server/extraction/providers/vision-pages.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' } },
});
if (positionals.length === 0) {
  console.error('Usage: node scripts/extraction/vision-pages.ts FILE... [--out DIR]');
  process.exit(2);
}
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
let largestImage = 0;
let largestRequest = 0;
for (const file of positionals) {
  const bytes = new Uint8Array(await readFile(file));
  const contentType = (await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream';
  const started = performance.now();
  const drawn = await readPageImagesOffThread({ bytes, contentType });
  const ms = Math.round(performance.now() - started);
  const total = drawn.images.reduce((n, i) => n + i.bytes.byteLength, 0);
  const largest = Math.max(0, ...drawn.images.map((i) => i.bytes.byteLength));
  largestImage = Math.max(largestImage, largest);
  largestRequest = Math.max(largestRequest, total);
  const types = drawn.images.map((i) => `${i.mimeType.slice(6)} ${i.width}×${i.height}`);
  console.info(
    `${basename(file)}: ${drawn.images.length}/${drawn.pageCount} pages as images, ${kb(total)} (${kb(Math.ceil(total / 3) * 4)} base64), largest ${kb(largest)}, ${ms} ms; ${types.join(', ')}`,
  );
  if (values.out) {
    await mkdir(values.out, { recursive: true });
    for (const image of drawn.images) {
      const name = `${basename(file)}.p${image.page}.${image.mimeType === 'image/png' ? 'png' : 'jpg'}`;
      await writeFile(join(values.out, name), image.bytes);
    }
  }
}
console.info(
  `largest image ${kb(largestImage)} (bound ${kb(visionLimits.maxImageBytes)}), largest request ${kb(largestRequest)} of images (bound ${kb(visionLimits.maxTotalBytes)})`,
);
