import type {
  DocumentRevision,
  DocumentRevisionSummary,
  DocumentType,
  RevisionKind,
} from '../../shared/documents/document-types.ts';
import {
  diffValues,
  mergeReading,
  removedSlots,
  stampReviews,
} from '../../shared/proposals/corrections.ts';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import { readParsedData } from '../../shared/proposals/read-parsed-data.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';

/**
 * Revisions of a document's parsed data (issue 12). `documents.data` is always the current
 * revision's data and `documents.revision` its number; `document_revisions` keeps every one:
 * the engine's readings, the broker's corrections and restores. Every change locks the document
 * row, checks the revision it was based on, and writes both in one transaction.
 */

/** What a save (or a restore) came to. */
export type SaveRevisionResult =
  | { status: 'saved'; revision: number }
  | { status: 'notFound' }
  /** The save was based on `basedOn`, but the document is at `revision` now: nothing changed. */
  | { status: 'stale'; revision: number; basedOn: number };

interface Locked {
  revision: number;
  data: unknown;
}

async function lockDocument(
  tx: Queryable,
  type: DocumentType,
  id: string,
): Promise<Locked | undefined> {
  const { rows } = await tx.query<Locked>(
    'select revision, data from documents where type = $1 and id = $2 for update',
    [type, id],
  );
  return rows[0];
}

/** Who saved a revision the extraction engine wrote. */
export const ENGINE_AUTHOR = 'Extraction engine';

/** Writes `data` as the next revision of a locked document; answers its number. */
async function writeRevision(
  tx: Queryable,
  id: string,
  current: Locked,
  data: ParsedData,
  kind: RevisionKind,
  by: string,
  now: Date,
): Promise<number> {
  const revision = current.revision + 1;
  const changed = diffValues(readParsedData(current.data), data);
  const json = JSON.stringify(data);
  await tx.query(
    `insert into document_revisions (document_id, revision, data, kind, saved_by, saved_on, changed)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
    [id, revision, json, kind, by, now, changed],
  );
  await tx.query(
    'update documents set data = $2::jsonb, revision = $3, updated_on = $4 where id = $1',
    [id, json, revision, now],
  );
  return revision;
}

export interface CorrectionSave {
  type: DocumentType;
  id: string;
  /** Already checked with checkCorrections. */
  data: ParsedData;
  /** The revision the broker's screen was opened on. */
  revision: number;
  /** Who saves: stamped on the revision and its values, and in the audit trail. */
  actor?: Actor | undefined;
}

/** The audit record of a revision a person made (a correction or a restore). */
async function auditRevision(
  tx: Queryable,
  actor: Actor | undefined,
  id: string,
  revision: number,
  action: string,
  detail: string,
): Promise<void> {
  const { rows } = await tx.query<{ changed: number }>(
    'select changed from document_revisions where document_id = $1 and revision = $2',
    [id, revision],
  );
  const changed = rows[0]?.changed ?? 0;
  await recordAudit(tx, actor ?? LOCAL_ACTOR, {
    action,
    objectType: 'document',
    objectId: id,
    documentId: id,
    summary: `revision ${revision - 1} → ${revision}${detail}: ${changed} ${changed === 1 ? 'value' : 'values'} changed`,
  });
}

/**
 * Saves a broker's corrections as a new revision: refused (nothing changed) when the document
 * moved on since `revision`. Values the broker changed are stamped with who and when.
 */
export async function saveCorrections(
  db: Database,
  save: CorrectionSave,
  now = new Date(),
): Promise<SaveRevisionResult> {
  return db.transaction(async (tx) => {
    const current = await lockDocument(tx, save.type, save.id);
    if (!current) return { status: 'notFound' };
    if (current.revision !== save.revision) {
      return { status: 'stale', revision: current.revision, basedOn: save.revision };
    }
    const stamped = stampReviews(
      readParsedData(current.data),
      save.data,
      (save.actor ?? LOCAL_ACTOR).name,
      now.toISOString(),
    );
    const by = (save.actor ?? LOCAL_ACTOR).name;
    const revision = await writeRevision(tx, save.id, current, stamped, 'correction', by, now);
    await auditRevision(tx, save.actor, save.id, revision, 'document corrected', '');
    return { status: 'saved', revision };
  });
}

/** Makes an older revision's data current again, as a new revision of kind 'restore'. */
export async function restoreRevision(
  db: Database,
  restore: {
    type: DocumentType;
    id: string;
    from: number;
    revision: number;
    actor?: Actor | undefined;
  },
  now = new Date(),
): Promise<SaveRevisionResult | { status: 'noSuchRevision' }> {
  return db.transaction(async (tx) => {
    const current = await lockDocument(tx, restore.type, restore.id);
    if (!current) return { status: 'notFound' };
    const { rows } = await tx.query<{ data: unknown }>(
      'select data from document_revisions where document_id = $1 and revision = $2',
      [restore.id, restore.from],
    );
    if (!rows[0]) return { status: 'noSuchRevision' };
    if (current.revision !== restore.revision) {
      return { status: 'stale', revision: current.revision, basedOn: restore.revision };
    }
    const revision = await writeRevision(
      tx,
      restore.id,
      current,
      readParsedData(rows[0].data),
      'restore',
      (restore.actor ?? LOCAL_ACTOR).name,
      now,
    );
    await auditRevision(
      tx,
      restore.actor,
      restore.id,
      revision,
      'revision restored',
      ` (the data of revision ${restore.from})`,
    );
    return { status: 'saved', revision };
  });
}

/**
 * Stores an engine reading of a document being read (status 'processing'): it is done, and the
 * reading is its next revision, merged with the revision before so that the broker's word wins
 * (values confirmed, corrected or added are kept; values removed in any save since stay removed).
 * Nothing happens when the document is no longer being read.
 */
export async function recordEngineReading(
  tx: Queryable,
  id: string,
  reading: ParsedData,
  pageCount: number | null,
  now = new Date(),
): Promise<void> {
  const { rows } = await tx.query<Locked & { status: string }>(
    'select revision, data, status from documents where id = $1 for update',
    [id],
  );
  const current = rows[0];
  if (current?.status !== 'processing') return;
  let data = reading;
  if (current.revision > 0) {
    const history = await tx.query<{ kind: RevisionKind; data: unknown }>(
      'select kind, data from document_revisions where document_id = $1 order by revision',
      [id],
    );
    const removed = removedSlots(
      history.rows.map((r) => ({ kind: r.kind, data: readParsedData(r.data) })),
    );
    data = mergeReading(readParsedData(current.data), reading, removed);
  }
  await writeRevision(tx, id, current, data, 'engine', ENGINE_AUTHOR, now);
  await tx.query(
    `update documents set status = 'done', error = null,
       page_count = coalesce($2, page_count) where id = $1`,
    [id, pageCount],
  );
}

/** Marks a document reviewed (or not); false when there is no such document. */
export async function setReviewed(
  db: Database,
  type: DocumentType,
  id: string,
  reviewed: boolean,
  actor: Actor = LOCAL_ACTOR,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'update documents set reviewed = $3, updated_on = now() where type = $1 and id = $2',
      [type, id, reviewed],
    );
    if (rowCount === 0) return false;
    await recordAudit(tx, actor, {
      action: reviewed ? 'marked reviewed' : 'marked not reviewed',
      objectType: 'document',
      objectId: id,
      documentId: id,
    });
    return true;
  });
}

/** Every revision of a document, newest first; undefined when there is no such document. */
export async function listRevisions(
  db: Queryable,
  type: DocumentType,
  id: string,
): Promise<DocumentRevisionSummary[] | undefined> {
  const { rows } = await db.query<{
    revision: number | null;
    saved_on: Date | null;
    saved_by: string | null;
    kind: RevisionKind | null;
    changed: number | null;
  }>(
    `select r.revision, r.saved_on, r.saved_by, r.kind, r.changed
     from documents d left join document_revisions r on r.document_id = d.id
     where d.type = $1 and d.id = $2
     order by r.revision desc`,
    [type, id],
  );
  if (rows.length === 0) return undefined;
  return rows
    .filter((r) => r.revision !== null)
    .map((r) => ({
      revision: r.revision!,
      savedOn: new Date(r.saved_on!).toISOString(),
      savedBy: r.saved_by!,
      kind: r.kind!,
      changed: r.changed!,
    }));
}

/** One revision with its data; undefined when the document or the revision does not exist. */
export async function getRevision(
  db: Queryable,
  type: DocumentType,
  id: string,
  revision: number,
): Promise<DocumentRevision | undefined> {
  const { rows } = await db.query<{
    revision: number;
    data: unknown;
    saved_on: Date;
    saved_by: string;
    kind: RevisionKind;
  }>(
    `select r.revision, r.data, r.saved_on, r.saved_by, r.kind
     from document_revisions r join documents d on d.id = r.document_id
     where d.type = $1 and d.id = $2 and r.revision = $3`,
    [type, id, revision],
  );
  const row = rows[0];
  return row
    ? {
        revision: row.revision,
        data: row.data,
        savedOn: new Date(row.saved_on).toISOString(),
        savedBy: row.saved_by,
        kind: row.kind,
      }
    : undefined;
}

export type ReadAgainResult = 'queued' | 'notFound' | 'busy';

/**
 * Puts a document back in the extraction queue to be read again (its job added by `enqueue` in
 * the same transaction). Refused while it is queued or being read.
 */
export async function requestReadAgain(
  db: Database,
  type: DocumentType,
  id: string,
  enqueue: (tx: Queryable, documentId: string) => Promise<void>,
  actor: Actor = LOCAL_ACTOR,
): Promise<ReadAgainResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string }>(
      'select status from documents where type = $1 and id = $2 for update',
      [type, id],
    );
    const row = rows[0];
    if (!row) return 'notFound';
    if (row.status === 'queued' || row.status === 'processing') return 'busy';
    await tx.query(
      `update documents set status = 'queued', error = null, attempts = 0, updated_on = now()
       where id = $1`,
      [id],
    );
    await enqueue(tx, id);
    await recordAudit(tx, actor, {
      action: 'read again requested',
      objectType: 'document',
      objectId: id,
      documentId: id,
    });
    return 'queued';
  });
}
