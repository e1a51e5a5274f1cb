import { readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  dataUrl,
  readPageImages,
  readPageImagesOffThread,
  type VisionLimits,
  visionLimits,
} from './vision-pages.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function fixture(name: string): { bytes: Uint8Array; contentType: string } {
  const bytes = new Uint8Array(
    readFileSync(new URL(`../../../../tests/fixtures/proposals/${name}`, import.meta.url)),
  );
  const ext = name.split('.').pop();
  const contentType =
    ext === 'pdf'
      ? 'application/pdf'
      : ext === 'png'
        ? 'image/png'
        : ext === 'jpg'
          ? 'image/jpeg'
          : DOCX;
  return { bytes, contentType };
}

describe('readPageImages', () => {
  it.each([
    // name, pages, images, width of the first image (pixels), its type
    ['dev01-ameritas-dental-proposal.pdf', 2, 2, 1275, 'image/png'], // letter at 150 dpi
    ['dev02-lincoln-dental-vision-2class.pdf', 3, 3, 1275, 'image/png'],
    ['dev14-humana-dental-vision-scan.pdf', 3, 3, 1275, 'image/jpeg'], // a scan: JPEG is smaller
    ['dev12-uhc-vision-summary-scan.png', 1, 1, 1360, 'image/png'], // an image is itself
    ['dev13-aflac-dental-summary-scan.jpg', 1, 1, 1530, 'image/jpeg'],
    ['dev09-renaissance-dental.docx', 2, 2, 1275, 'image/png'], // the drawing, letter pieces
  ])(
    'draws %s: %i pages, %i images, %i px wide, %s, within the bounds',
    async (name, pages, count, width, type) => {
      const drawn = await readPageImages(fixture(name));
      expect(drawn.pageCount).toBe(pages);
      expect(drawn.images.map((i) => i.page)).toEqual(
        Array.from({ length: count }, (_, i) => i + 1),
      );
      expect(drawn.images[0]?.width).toBe(width);
      expect(drawn.images[0]?.mimeType).toBe(type);
      let total = 0;
      for (const image of drawn.images) {
        expect(image.bytes.byteLength).toBeLessThanOrEqual(visionLimits.maxImageBytes);
        expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(visionLimits.maxSide);
        // the bytes are the image they say they are
        const decoded = await loadImage(Buffer.from(image.bytes));
        expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
        expect(dataUrl(image).startsWith(`data:${image.mimeType};base64,`)).toBe(true);
        total += image.bytes.byteLength;
      }
      expect(total).toBeLessThanOrEqual(visionLimits.maxTotalBytes);
    },
    30_000,
  );

  const tight = (limits: Partial<VisionLimits>): VisionLimits => ({ ...visionLimits, ...limits });

  it.each([
    ['the page cap', tight({ maxPages: 2 }), 'dev02-lincoln-dental-vision-2class.pdf', 2],
    ['the page cap on a DOCX', tight({ maxPages: 1 }), 'dev09-renaissance-dental.docx', 1],
    // 300 KB of images in all: the first page (317 KB) does not fit, nothing is sent
    [
      'the request bound',
      tight({ maxTotalBytes: 300 * 1024 }),
      'dev02-lincoln-dental-vision-2class.pdf',
      0,
    ],
    [
      'the request bound after a page',
      tight({ maxTotalBytes: 500 * 1024 }),
      'dev02-lincoln-dental-vision-2class.pdf',
      2,
    ],
  ])(
    'stops at %s',
    async (_what, limits, name, count) => {
      const drawn = await readPageImages(fixture(name), limits);
      expect(drawn.images).toHaveLength(count);
      expect(drawn.images.reduce((n, i) => n + i.bytes.byteLength, 0)).toBeLessThanOrEqual(
        limits.maxTotalBytes,
      );
    },
    30_000,
  );

  it.each([
    ['a PDF page', 'dev01-ameritas-dental-proposal.pdf'],
    ['a large PNG', 'dev12-uhc-vision-summary-scan.png'],
    ['a JPEG', 'dev13-aflac-dental-summary-scan.jpg'],
  ])(
    'shrinks %s to fit a smaller image bound and a shorter side',
    async (_what, name) => {
      const limits = tight({ maxSide: 1000, maxImageBytes: 120 * 1024, pngBytes: 60 * 1024 });
      const drawn = await readPageImages(fixture(name), limits);
      const image = drawn.images[0]!;
      expect(image.bytes.byteLength).toBeLessThanOrEqual(120 * 1024);
      expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(1000);
      const decoded = await loadImage(Buffer.from(image.bytes));
      expect(decoded.width).toBe(image.width);
    },
    30_000,
  );
});

describe('readPageImagesOffThread', () => {
  it('draws on a worker thread what readPageImages draws', async () => {
    const input = fixture('dev02-lincoln-dental-vision-2class.pdf');
    const [here, there] = await Promise.all([
      readPageImages(input),
      readPageImagesOffThread(input),
    ]);
    expect(there.pageCount).toBe(here.pageCount);
    expect(there.images.map((i) => [i.page, i.mimeType, i.width, i.height])).toEqual(
      here.images.map((i) => [i.page, i.mimeType, i.width, i.height]),
    );
    expect(Buffer.from(there.images[0]!.bytes).equals(Buffer.from(here.images[0]!.bytes))).toBe(
      true,
    );
    // the caller's bytes are its own still
    expect(input.bytes.byteLength).toBeGreaterThan(0);
  }, 30_000);

  it.each([
    [
      'a damaged PDF',
      { bytes: new TextEncoder().encode('%PDF-1.7 broken'), contentType: 'application/pdf' },
    ],
  ])('passes on the reason for %s', async (_what, input) => {
    await expect(readPageImagesOffThread(input)).rejects.toThrow(/PDF/);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const drawing = readPageImagesOffThread({
      ...fixture('dev14-humana-dental-vision-scan.pdf'),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(drawing).rejects.toThrow('cancelled');
  });
});
