import type { DocumentStatus, DocumentType } from '../../shared/documents/document-types.ts';
import type { Queryable } from '../db/database.ts';
import { type PageRequest, pageClause, toPage } from '../http/pagination.ts';
import { fileUrl } from './files.ts';

/** A document in a list (DESIGN.md §3): no `data`. */
export interface DocumentSummary {
  id: string;
  name: string;
  url: string | null;
  createdOn: string;
  status: DocumentStatus;
  error: string | null;
}

/** One document with its parsed data. */
export interface DocumentDetail extends DocumentSummary {
  data: unknown;
}

interface DocumentRow {
  id: string;
  name: string;
  file_id: string;
  status: DocumentStatus;
  error: string | null;
  created_on: Date;
  data?: unknown;
}

const toSummary = (row: DocumentRow): DocumentSummary => ({
  id: row.id,
  name: row.name,
  url: fileUrl(row.file_id),
  createdOn: row.created_on.toISOString(),
  status: row.status,
  error: row.error,
});

export async function listDocuments(
  db: Queryable,
  type: DocumentType,
  page: PageRequest,
): Promise<{ items: DocumentSummary[]; nextCursor: string | undefined }> {
  const params: unknown[] = [type];
  const { rows } = await db.query<DocumentRow>(
    `select id, name, file_id, status, error, created_on from documents
     where type = $1 and ${pageClause(page, params)}`,
    params,
  );
  const result = toPage(
    rows.map((r) => ({ ...r, createdOn: r.created_on })),
    page,
  );
  return { items: result.items.map(toSummary), nextCursor: result.nextCursor };
}

export async function getDocument(
  db: Queryable,
  type: DocumentType,
  id: string,
): Promise<DocumentDetail | undefined> {
  const { rows } = await db.query<DocumentRow>(
    `select id, name, file_id, status, error, created_on, data from documents
     where type = $1 and id = $2`,
    [type, id],
  );
  const row = rows[0];
  return row ? { ...toSummary(row), data: row.data ?? null } : undefined;
}
