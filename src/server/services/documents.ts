import { randomUUID } from 'node:crypto';
import type {
  DocumentDetail,
  DocumentStatus,
  DocumentSummary,
  DocumentType,
} from '../../shared/documents/document-types.ts';
import { summaryFields } from '../../shared/documents/summary-fields.ts';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ReceivedFile } from '../http/multipart.ts';
import { type PageRequest, pageClause, toPage } from '../http/pagination.ts';
import { fileUrl, recordFile } from './files.ts';
import { recordEngineReading } from './revisions.ts';

interface DocumentRow {
  id: string;
  name: string;
  file_id: string;
  status: DocumentStatus;
  error: string | null;
  created_on: Date;
  data?: unknown;
  client_id: string | null;
  /** The data's fields and which tables hold rows: enough for summaryFields (lists). */
  summary_data?: unknown;
  revision?: number;
  reviewed?: boolean;
  page_count?: number | null;
}

const toSummary = (row: DocumentRow): DocumentSummary => ({
  id: row.id,
  name: row.name,
  url: fileUrl(row.file_id),
  createdOn: row.created_on.toISOString(),
  status: row.status,
  error: row.error,
  clientId: row.client_id,
  ...summaryFields(row.summary_data ?? row.data),
  reviewed: row.reviewed ?? false,
});

/** The columns a summary needs (`d` is the documents row). */
export const SUMMARY_COLUMNS = `d.id, d.name, d.file_id, d.status, d.error, d.created_on, d.client_id,
  d.reviewed,
  (select coalesce(jsonb_agg(case when e->>'type' = 'field' then e
     else jsonb_build_object('type', 'table', 'label', e->'label',
       'cells', case when jsonb_typeof(e->'cells') = 'array' and e->'cells' <> '[]'::jsonb
         then '[{}]'::jsonb else '[]'::jsonb end) end), '[]'::jsonb)
   from jsonb_array_elements(case when jsonb_typeof(d.data) = 'array' then d.data
     else '[]'::jsonb end) e) as summary_data`;

/** Narrowing of a document list (issue 14): all optional. */
export interface DocumentFilters {
  clientId?: string | undefined;
  /** Part of the carrier's name, any case. */
  carrier?: string | undefined;
  product?: 'dental' | 'vision' | undefined;
  /** Part of the document's name, any case. */
  q?: string | undefined;
}

const elements = `jsonb_array_elements(case when jsonb_typeof(d.data) = 'array' then d.data
  else '[]'::jsonb end) e`;

/** SQL conditions for the filters (each pushes its value onto `params`). */
export function filterClause(filters: DocumentFilters, params: unknown[]): string {
  const where: string[] = [];
  if (filters.clientId !== undefined) {
    params.push(filters.clientId);
    where.push(`d.client_id = $${params.length}`);
  }
  if (filters.q !== undefined) {
    params.push(filters.q.toLowerCase());
    where.push(`strpos(lower(d.name), $${params.length}) > 0`);
  }
  if (filters.carrier !== undefined) {
    params.push(filters.carrier.toLowerCase());
    where.push(`exists (select 1 from ${elements} where e->>'type' = 'field'
      and e->>'label' in ('dentalInsurance_carrierName', 'visionInsurance_carrierName')
      and strpos(lower(e->>'value'), $${params.length}) > 0)`);
  }
  if (filters.product !== undefined) {
    params.push(`${filters.product}Insurance_`);
    where.push(`exists (select 1 from ${elements} where left(e->>'label', length($${params.length})) = $${params.length}
      and ((e->>'type' = 'field' and btrim(e->>'value') <> '')
        or (e->>'type' = 'table' and jsonb_typeof(e->'cells') = 'array' and e->'cells' <> '[]'::jsonb)))`);
  }
  return where.map((w) => `${w} and `).join('');
}

export async function listDocuments(
  db: Queryable,
  type: DocumentType,
  page: PageRequest,
  filters: DocumentFilters = {},
): Promise<{ items: DocumentSummary[]; nextCursor: string | undefined }> {
  const params: unknown[] = [type];
  const filter = filterClause(filters, params);
  const { rows } = await db.query<DocumentRow>(
    `select ${SUMMARY_COLUMNS} from documents d
     where d.type = $1 and ${filter}${pageClause(page, params, 'd')}`,
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
    `select id, name, file_id, status, error, created_on, data, client_id, revision, reviewed,
       page_count
     from documents where type = $1 and id = $2`,
    [type, id],
  );
  const row = rows[0];
  return row
    ? {
        ...toSummary(row),
        data: row.data ?? null,
        revision: row.revision ?? 0,
        reviewed: row.reviewed ?? false,
        pageCount: row.page_count ?? null,
      }
    : undefined;
}

export interface NewDocument {
  type: DocumentType;
  name: string;
  modelId: string | null;
  file: ReceivedFile;
  /** The client it belongs to (issue 14); the caller checked it exists. */
  clientId?: string | null;
  /** Who uploads it (the audit trail); the local user when not said. */
  actor?: Actor | undefined;
}

/**
 * Records an uploaded document, its file and its extraction job in one transaction: either all
 * three exist afterwards or none does. `enqueue` adds the job inside that transaction.
 */
export async function createDocument(
  db: Database,
  input: NewDocument,
  enqueue: (tx: Queryable, documentId: string) => Promise<void>,
  now = new Date(),
): Promise<{ id: string; status: DocumentStatus }> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const fileId = await recordFile(tx, input.file, now);
    await tx.query(
      `insert into documents (id, type, name, file_id, model_id, status, created_on, updated_on,
         client_id)
       values ($1, $2, $3, $4, $5, 'queued', $6, $6, $7)`,
      [id, input.type, input.name, fileId, input.modelId, now, input.clientId ?? null],
    );
    await enqueue(tx, id);
    await recordAudit(tx, input.actor ?? LOCAL_ACTOR, {
      action: 'document uploaded',
      objectType: 'document',
      objectId: id,
      documentId: id,
      summary: `${input.type === 'carrierProposal' ? 'Carrier proposal' : 'Policy certificate'} "${input.name}" (${input.file.originalName})`,
    });
  });
  return { id, status: 'queued' };
}

/** What an extraction job needs to read one document. */
export interface ExtractionTarget {
  id: string;
  type: DocumentType;
  modelId: string | null;
  sha256: string;
  contentType: string;
  attempts: number;
}

/**
 * Marks a document as being read (one more attempt) and answers what to read. Undefined when
 * there is nothing to do: the document is gone, or already done or failed.
 */
export async function startExtraction(
  db: Queryable,
  id: string,
): Promise<ExtractionTarget | undefined> {
  const { rows } = await db.query<{
    id: string;
    type: DocumentType;
    model_id: string | null;
    attempts: number;
    sha256: string;
    content_type: string;
  }>(
    `with started as (
       update documents set status = 'processing', attempts = attempts + 1, error = null,
         updated_on = now()
       where id = $1 and status in ('queued', 'processing')
       returning id, type, model_id, attempts, file_id
     )
     select s.id, s.type, s.model_id, s.attempts, f.sha256, f.content_type
     from started s join files f on f.id = s.file_id`,
    [id],
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        type: row.type,
        modelId: row.model_id,
        sha256: row.sha256,
        contentType: row.content_type,
        attempts: row.attempts,
      }
    : undefined;
}

/**
 * Stores the parsed data of a document being read: it is done. The reading becomes a new
 * revision of kind 'engine' in the same transaction; on a document read again, the values a
 * broker confirmed, corrected or added in the revision before are kept (revisions.ts).
 */
export async function finishExtraction(
  db: Database,
  id: string,
  data: ParsedData,
  pageCount: number | null = null,
): Promise<void> {
  await db.transaction((tx) => recordEngineReading(tx, id, data, pageCount));
}

/** Records why a document could not be read: it failed for good. */
export async function failExtraction(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(
    `update documents set status = 'failed', error = $2, updated_on = now()
     where id = $1 and status in ('queued', 'processing')`,
    [id, error],
  );
}

/** Puts a document whose reading was interrupted back in the queue (it will be tried again). */
export async function requeueExtraction(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update documents set status = 'queued', updated_on = now()
     where id = $1 and status = 'processing'`,
    [id],
  );
}
