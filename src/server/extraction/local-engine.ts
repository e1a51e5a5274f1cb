import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import { interpretCertificate } from './interpret/certificate.ts';
import { interpretProposal } from './interpret/proposal.ts';
import type { DocumentLayout } from './layout.ts';
import { layoutFingerprint, readWithTemplates } from './learned/apply.ts';
import { ExtractionError, type ExtractionInput, type ExtractionProvider } from './provider.ts';
import { createTesseractEngine, type OcrEngine } from './read/ocr.ts';
import { readDocument } from './read/read-document.ts';

/**
 * The local extraction engine (DESIGN.md §5): read (pdf.js text layout, mammoth for DOCX,
 * tesseract.js OCR for scans) → layout → interpret against the field catalogue. Runs offline;
 * the OCR worker is created on first use and kept until `close()`.
 */

export interface LocalEngineOptions {
  /** Supply an OCR engine (tests); by default a tesseract.js worker created on first use. */
  ocr?: OcrEngine;
}

export interface LocalExtractionProvider extends ExtractionProvider {
  /** Reads a document into the layout model only (for debugging and benchmarks). */
  read(input: Pick<ExtractionInput, 'bytes' | 'contentType' | 'signal'>): Promise<DocumentLayout>;
  close(): Promise<void>;
}

export function createLocalExtractionProvider(
  options: LocalEngineOptions = {},
): LocalExtractionProvider {
  let ocr: OcrEngine | undefined = options.ocr;
  const getOcr = () => {
    ocr ??= createTesseractEngine();
    return ocr;
  };
  const read = (input: Pick<ExtractionInput, 'bytes' | 'contentType' | 'signal'>) =>
    readDocument(input.bytes, input.contentType, {
      ocr: getOcr,
      ...(input.signal ? { signal: input.signal } : {}),
    });
  return {
    name: 'local',
    read,
    async extract(input: ExtractionInput): Promise<ParsedData> {
      const layout = await read(input);
      if (input.signal?.aborted)
        throw new ExtractionError('Extraction was cancelled.', { retryable: true });
      const generic =
        input.documentType === 'policyCertificate'
          ? interpretCertificate(layout)
          : interpretProposal(layout);
      const learned = input.learnedLayoutsFor
        ? await input.learnedLayoutsFor(layoutFingerprint(layout))
        : input.learnedLayouts;
      if (!learned?.length) return generic;
      return readWithTemplates(layout, generic, learned, input.documentType).data;
    },
    async close() {
      const engine = ocr;
      ocr = options.ocr;
      if (engine && engine !== options.ocr) await engine.close();
    },
  };
}
