import { describe, expect, it } from 'vitest';
import { buildZip, docxEntries, minimalDocx } from '../../test/hostile.ts';
import { ExtractionError } from '../provider.ts';
import { checkPageCount, checkZipArchive, documentLimits } from './limits.ts';

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
    expect(() => checkPageCount(1000)).toThrow(/has 1,000 pages; at most 300 can be read/);
  });
});
