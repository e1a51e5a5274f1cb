import { inflateRawSync } from 'node:zlib';
import { ExtractionError } from '../provider.ts';

/**
 * What one document may ask of the readers (issue 8: hostile and broken uploads). Checked before
 * a reader spends memory or time on a document, so that a file that lies about itself — a zip
 * bomb inside a DOCX, a PDF of thousands of pages — fails with a reason instead of exhausting
 * the worker.
 */
export const documentLimits = {
  /** Pages of a PDF the engine reads. */
  maxPages: 500,
  /** Entries of a DOCX (a ZIP archive). */
  maxZipEntries: 2000,
  /** Uncompressed bytes of one DOCX entry. */
  maxZipEntryBytes: 64 * 1024 * 1024,
  /** Uncompressed bytes of a whole DOCX. */
  maxZipTotalBytes: 256 * 1024 * 1024,
  /** Uncompressed / compressed size of an entry over 1 MB (text compresses ~5–20×). */
  maxZipRatio: 200,
  /** Pixels of an uploaded image (a 600 dpi letter-size scan is 34 million). */
  maxImagePixels: 120_000_000,
} as const;
export type DocumentLimits = typeof documentLimits;

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function refuse(reason: string): never {
  throw new ExtractionError(reason);
}

/** Refuses a PDF with more pages than the engine reads. */
export function checkPageCount(
  pages: number,
  limits: Pick<DocumentLimits, 'maxPages'> = documentLimits,
) {
  if (pages > limits.maxPages) {
    refuse(
      `This PDF has ${pages.toLocaleString('en-US')} pages; at most ${limits.maxPages} can be read. Upload only the pages of the proposal or certificate.`,
    );
  }
}

/**
 * Checks a ZIP archive (a DOCX) without trusting it: its central directory is read for the
 * number and declared sizes of the entries, then every entry is inflated under a hard output cap,
 * so an entry whose real size exceeds what it declares — or the limits — is caught without ever
 * holding more than the cap. Throws an ExtractionError naming what is wrong.
 */
export function checkZipArchive(bytes: Uint8Array, limits: DocumentLimits = documentLimits): void {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged: () => never = () =>
    refuse('This Word document is damaged or is not a real DOCX file, so it cannot be read.');
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) damaged();
  const entries = data.readUInt16LE(eocd + 10);
  const directorySize = data.readUInt32LE(eocd + 12);
  const directoryOffset = data.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) {
    refuse('This Word document is a ZIP64 archive, which a DOCX never needs; it cannot be read.');
  }
  if (entries > limits.maxZipEntries) {
    refuse(
      `This Word document holds ${entries} parts; at most ${limits.maxZipEntries} are read. It may be built to be hostile.`,
    );
  }
  if (directoryOffset + directorySize > data.length) damaged();

  const bomb: () => never = () =>
    refuse(
      `This Word document expands to more than its limit when unpacked (a "zip bomb"; at most ${formatMb(limits.maxZipEntryBytes)} a part and ${formatMb(limits.maxZipTotalBytes)} in all), so it cannot be read.`,
    );
  let declaredTotal = 0;
  let actualTotal = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) damaged();
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const declared = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;

    declaredTotal += declared;
    if (declared > limits.maxZipEntryBytes || declaredTotal > limits.maxZipTotalBytes) bomb();
    if (declared > MB && declared > compressed * limits.maxZipRatio) bomb();

    // The entry's data, after its local header.
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== 0x04034b50) damaged();
    const start =
      localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (start + compressed > data.length) damaged();
    const body = data.subarray(start, start + compressed);
    let actual: number;
    if (method === 0) {
      actual = compressed;
    } else if (method === 8) {
      // Inflated under a cap just above what the entry declares: a lie is caught at the cap.
      const cap =
        Math.min(declared, limits.maxZipEntryBytes, limits.maxZipTotalBytes - actualTotal) + 1;
      try {
        actual = inflateRawSync(body, { maxOutputLength: Math.max(1, cap) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') bomb();
        damaged();
      }
    } else {
      refuse(
        `This Word document uses a compression method (${method}) a DOCX never uses; it cannot be read.`,
      );
    }
    if (actual !== declared) damaged();
    actualTotal += actual;
  }
}

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= earliest; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}

/**
 * Refuses an image whose header announces more pixels than the limit, before it is decoded (a
 * small PNG can announce gigapixels: a "pixel bomb"). Images whose size cannot be read from the
 * header are left to the decoder, which fails on them with its own reason.
 */
/** A PNG's or JPEG's size in pixels, from its header (nothing decoded). */
export function imageSize(
  bytes: Uint8Array,
  contentType: string,
): { width: number; height: number } | undefined {
  return contentType === 'image/png'
    ? pngSize(bytes)
    : contentType === 'image/jpeg'
      ? jpegSize(bytes)
      : undefined;
}

export function checkImageSize(
  bytes: Uint8Array,
  contentType: string,
  limits: Pick<DocumentLimits, 'maxImagePixels'> = documentLimits,
): void {
  const size = imageSize(bytes, contentType);
  if (size && size.width * size.height > limits.maxImagePixels) {
    refuse(
      `This image is ${size.width.toLocaleString('en-US')} × ${size.height.toLocaleString('en-US')} pixels; images of up to ${Math.round(limits.maxImagePixels / 1_000_000)} million pixels can be read. Scan or export it at a lower resolution.`,
    );
  }
}

function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Signature (8), IHDR length (4) and type (4), then width and height.
  if (view.getUint32(12) !== 0x49484452) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    // Start of frame markers (not DHT C4, JPG C8, DAC CC) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}
