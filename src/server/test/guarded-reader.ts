import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import {
  ExtractionError,
  type ExtractionInput,
  type ExtractionProvider,
} from '../extraction/provider.ts';
import { checkPageCount, checkZipArchive } from '../extraction/read/limits.ts';

/**
 * A stand-in for the local engine's readers in the hostile-upload tests, while that engine is
 * not on this branch: it opens PDFs with pdf.js and DOCX with mammoth as the engine does, under
 * the same guards (read/limits.ts), reads every page's text, and answers the first line as the
 * carrier name. Built by the sandbox (`createProvider`), like the engine will be.
 */
const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const asDirUrl = (p: string) => `${pathToFileURL(join(pdfjsRoot, p)).href}/`;

async function readPdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({
    data: bytes.slice(),
    verbosity: 0,
    standardFontDataUrl: asDirUrl('standard_fonts'),
    cMapUrl: asDirUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: asDirUrl('wasm'),
  });
  try {
    let doc: Awaited<typeof task.promise>;
    try {
      doc = await task.promise;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'PasswordException')
        throw new ExtractionError(
          'This PDF is password-protected; upload a copy without a password.',
        );
      if (name === 'InvalidPDFException')
        throw new ExtractionError('This file is not a readable PDF; it may be damaged.');
      throw new ExtractionError('This PDF could not be opened.', { cause: error, retryable: true });
    }
    checkPageCount(doc.numPages);
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items)
        if ('str' in item && item.str.trim()) lines.push(item.str.trim());
      page.cleanup();
    }
    return lines.join('\n');
  } finally {
    await task.destroy().catch(() => {});
  }
}

async function readText(input: Pick<ExtractionInput, 'bytes' | 'contentType'>): Promise<string> {
  if (input.contentType === 'application/pdf') return readPdfText(input.bytes);
  if (
    input.contentType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  ) {
    checkZipArchive(input.bytes);
    return (await mammoth.extractRawText({ buffer: Buffer.from(input.bytes) })).value;
  }
  throw new ExtractionError(`Files of type ${input.contentType} are not read here.`);
}

export function createProvider(): ExtractionProvider {
  return {
    name: 'guarded-reader',
    async extract(input): Promise<ParsedData> {
      const text = (await readText(input)).trim();
      if (!text) throw new ExtractionError('No text found in this document.');
      const first = text.split('\n')[0]!.slice(0, 200);
      return [{ type: 'field', label: 'dentalInsurance_carrierName', value: first, score: 0.5 }];
    },
  };
}
