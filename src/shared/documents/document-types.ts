/** The two kinds of uploaded document (spec §3: the content store's document types). */
export const documentTypes = ['carrierProposal', 'policyCertificate'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** Extraction status of a stored document. */
export const documentStatuses = ['queued', 'processing', 'done', 'failed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** A document in a list (DESIGN.md §3): no `data`. */
export interface DocumentSummary {
  id: string;
  name: string;
  url: string | null;
  createdOn: string;
  status: DocumentStatus;
  error: string | null;
  /** The client the document belongs to (issue 14), or null. */
  clientId: string | null;
  /** Read from the document's current data (shared/documents/summary-fields.ts). */
  carrierName: string | null;
  products: Array<'dental' | 'vision'>;
  effectiveDate: string | null;
  /** A broker marked the document reviewed (issue 12; the client page shows it, issue 14). */
  reviewed: boolean;
}

/** One document as GET /api/documents/{collection}/{id} answers it: with its parsed data. */
export interface DocumentDetail extends DocumentSummary {
  /** The current revision's data. */
  data: unknown;
  /** 0 before the engine's first reading; each save, restore or new reading adds 1. */
  revision: number;
  /** A broker marked the document reviewed. */
  reviewed: boolean;
  /** Pages of the document as GET …/pages draws them; null until known. */
  pageCount: number | null;
}

/** What made a revision of a document's data. */
export const revisionKinds = ['engine', 'correction', 'restore'] as const;
export type RevisionKind = (typeof revisionKinds)[number];

/** One revision in GET /api/documents/{type}/:id/revisions (newest first). */
export interface DocumentRevisionSummary {
  revision: number;
  savedOn: string;
  savedBy: string;
  kind: RevisionKind;
  /** Values added, removed or changed against the revision before. */
  changed: number;
}

/** GET /api/documents/{type}/:id/revisions/:revision. */
export interface DocumentRevision {
  revision: number;
  data: unknown;
  savedOn: string;
  savedBy: string;
  kind: RevisionKind;
}

/** One page of GET /api/documents/{type}/:id/pages: its size in the units of `source.box`. */
export interface DocumentPage {
  page: number;
  width: number;
  height: number;
}

/** One word of GET /api/documents/{type}/:id/pages/:n/words. */
export interface PageWord {
  text: string;
  box: [number, number, number, number];
}

/** File types an upload may carry (spec §5), by sniffed content type. */
export const acceptedDocumentTypes: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** A document still waiting to be read or being read: its list keeps refreshing. */
export const isUnfinished = (status: DocumentStatus): boolean =>
  status === 'queued' || status === 'processing';
