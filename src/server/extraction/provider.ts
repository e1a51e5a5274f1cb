import type { DocumentType } from '../../shared/documents/document-types.ts';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import type { LayoutTemplate } from './learned/template.ts';

/** One document handed to an extraction provider. */
export interface ExtractionInput {
  bytes: Uint8Array;
  /** Content type sniffed from the bytes (application/pdf, image/png, …). */
  contentType: string;
  documentType: DocumentType;
  /** The model id chosen at upload (spec §3); hosted providers use it, the local engine may ignore it. */
  modelId?: string;
  /**
   * Layout templates learned from brokers' corrections (src/server/extraction/learned): the local
   * engine reads a document that matches one through it first; other providers ignore them.
   */
  learnedLayouts?: readonly LayoutTemplate[];
  /**
   * Instead of every learned layout: the local engine reads the document, then asks for the
   * templates that can match its fingerprint (usually none or one) and reads through those.
   */
  learnedLayoutsFor?: (
    print: LayoutTemplate['fingerprint'],
  ) => Promise<readonly LayoutTemplate[]> | readonly LayoutTemplate[];
  signal?: AbortSignal;
}

/** Reads a document into parsed data (DESIGN.md §5). Chosen by EXTRACTION_PROVIDER. */
export interface ExtractionProvider {
  readonly name: string;
  extract(input: ExtractionInput): Promise<ParsedData>;
  /** Releases what the provider holds between documents (OCR workers, connections). */
  close?(): Promise<void>;
}

/**
 * A document that cannot be read, with a reason a person understands
 * ('This PDF is password-protected', 'No text found in this image').
 * `retryable` is false when trying again cannot help.
 */
export class ExtractionError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ExtractionError';
    this.retryable = options.retryable ?? false;
  }
}
