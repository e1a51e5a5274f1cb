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
}

/** One document as GET /api/documents/{collection}/{id} answers it: with its parsed data. */
export interface DocumentDetail extends DocumentSummary {
  data: unknown;
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
