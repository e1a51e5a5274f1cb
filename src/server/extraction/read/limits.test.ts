import { describe, expect, it } from 'vitest';
import { buildPdf, buildZip, docxEntries, minimalDocx, pngBomb } from '../../test/hostile.ts';
import { tinyPng } from '../../test/multipart.ts';
import { ExtractionError } from '../provider.ts';
import { checkImageSize, checkPageCount, checkZipArchive, documentLimits } from './limits.ts';
import { readDocument } from './read-document.ts';

const MB = 1024 * 1024;
const body = (entry: Parameters<typeof docxEntries>[0]) => buildZip(docxEntries(entry));

describe('checkZipArchive', () => {
  it('lets a real DOCX through', () => {
    expect(() => checkZipArchive(minimalDocx('Ameritas Dental'))).not.toThrow();
  });

  it.each([
    [
      'an honest gigabyte of zeros',
      body({ name: 'word/document.xml', zeros: 1024 * MB }),
      /zip bomb/,
    ],
    [
      'an entry that declares 1 KB and inflates to 300 MB',
      body({ name: 'word/document.xml', zeros: 300 * MB, declaredSize: 1024 }),
      /zip bomb/,
    ],
    [
      'an entry that declares 2 MB and inflates to 40 MB (ratio under the declared size)',
      body({ name: 'word/document.xml', zeros: 40 * MB, declaredSize: 2 * MB }),
      /zip bomb/,
    ],
    [
      'many parts that are small alone and too big together',
      buildZip(Array.from({ length: 6 }, (_, i) => ({ name: `word/p${i}.xml`, zeros: 60 * MB }))),
      /zip bomb/,
    ],
    [
      'too many parts',
      buildZip(
        Array.from({ length: documentLimits.maxZipEntries + 1 }, (_, i) => ({
          name: `p${i}`,
          data: Buffer.from('x'),
        })),
      ),
      /holds 2001 parts/,
    ],
    ['a cut-off archive', minimalDocx('cut').subarray(0, 200), /damaged/],
    ['random bytes', Buffer.from('PK\u0003\u0004 not really a zip at all, just text'), /damaged/],
  ])('refuses %s', (_what, bytes, reason) => {
    const started = performance.now();
    let error: unknown;
    try {
      checkZipArchive(bytes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(reason);
    expect((error as ExtractionError).retryable).toBe(false);
    // Refused without inflating beyond the caps.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('checkPageCount', () => {
  it('reads up to the limit and refuses past it, saying how many', () => {
    expect(() => checkPageCount(documentLimits.maxPages)).not.toThrow();
    expect(() => checkPageCount(1000)).toThrow(/has 1,000 pages; at most 500 can be read/);
  });

  it('reads a whole plan document (an employer\u2019s combined summary plan description runs to 399 pages)', () => {
    expect(() => checkPageCount(399)).not.toThrow();
  });
});

describe('checkImageSize', () => {
  it('reads sizes from PNG and JPEG headers and refuses pixel bombs', () => {
    expect(() => checkImageSize(tinyPng, 'image/png')).not.toThrow();
    expect(() => checkImageSize(pngBomb(20_000, 20_000), 'image/png')).toThrow(
      /20,000 × 20,000 pixels; images of up to 120 million pixels/,
    );
    // A baseline JPEG header: SOI, APP0, then SOF0 with a height of 30,000 and a width of 30,000.
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Buffer.from('JFIF\0'),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      0xff,
      0xc0,
      0x00,
      0x0b,
      0x08,
      0x75,
      0x30,
      0x75,
      0x30,
      0x01,
      0x01,
      0x11,
      0x00,
    ]);
    expect(() => checkImageSize(jpeg, 'image/jpeg')).toThrow(/30,000 × 30,000 pixels/);
  });
});

describe('the local engine under the limits', () => {
  const noOcr = () => {
    throw new Error('OCR must not be reached');
  };
  it.each([
    [
      'a 1,000-page PDF',
      () => buildPdf(Array.from({ length: 1000 }, (_, i) => `Page ${i + 1}`)),
      'application/pdf',
      /has 1,000 pages/,
    ],
    [
      'a DOCX zip bomb',
      () => buildZip(docxEntries({ name: 'word/document.xml', zeros: 1024 * MB })),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      /zip bomb/,
    ],
    ['a PNG pixel bomb', () => pngBomb(40_000, 40_000), 'image/png', /40,000 × 40,000 pixels/],
  ])('refuses %s with a reason, before reading it', async (_what, bytes, contentType, reason) => {
    const started = performance.now();
    const error = await readDocument(bytes(), contentType, { ocr: noOcr }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(reason);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('reads a PDF handed over as a Buffer (pdf.js takes only plain Uint8Arrays)', async () => {
    const layout = await readDocument(
      buildPdf(['Ameritas Dental Proposal for Acme']),
      'application/pdf',
      {
        ocr: noOcr,
      },
    );
    expect(JSON.stringify(layout)).toContain('Ameritas Dental Proposal');
  });
});
