import { createHash } from 'node:crypto';
import { validateBillingParameters } from '../../shared/billing/validate.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * Checks that nothing in the content store is half there: every file record has its bytes,
 * every document and logo has its file, every client's billing document is one whole save
 * (valid, and the very document its revision recorded), and every unfinished document still has
 * an extraction job that will finish or fail it. Used after crashes (tests), by `npm run backup`
 * before it copies and by `npm run restore` after it has brought a copy back.
 */
export interface IntegrityProblem {
  /** What is wrong, e.g. `file-bytes-missing`. */
  kind:
    | 'file-bytes-missing'
    | 'file-bytes-differ'
    | 'document-file-missing'
    | 'document-inconsistent'
    | 'document-without-job'
    | 'document-revision-mismatch'
    | 'logo-file-missing'
    | 'billing-invalid'
    | 'billing-revision-mismatch'
    | 'revision-invalid';
  /** The row concerned (a file, document or client id). */
  id: string;
  detail: string;
}

export interface IntegrityReport {
  counts: { clients: number; revisions: number; documents: number; files: number };
  /** Documents by status. */
  documents: Record<string, number>;
  problems: IntegrityProblem[];
}

export interface IntegrityOptions {
  /** Read every file's bytes back and compare their sha256 (slow on big stores). */
  verifyBytes?: boolean;
  /** Check that queued and processing documents have a live job (needs pg-boss's schema). */
  checkJobs?: boolean;
}

export async function checkIntegrity(
  db: Queryable,
  files: FileStore,
  options: IntegrityOptions = {},
): Promise<IntegrityReport> {
  const problems: IntegrityProblem[] = [];

  const fileRows = (
    await db.query<{ id: string; sha256: string; size: string | number }>(
      'select id, sha256, size from files order by created_on, id',
    )
  ).rows;
  const checkedBytes = new Map<string, IntegrityProblem['kind'] | 'ok'>();
  for (const file of fileRows) {
    let verdict = checkedBytes.get(file.sha256);
    if (!verdict) {
      verdict = await checkBytes(files, file.sha256, Number(file.size), options.verifyBytes);
      checkedBytes.set(file.sha256, verdict);
    }
    if (verdict !== 'ok') {
      problems.push({
        kind: verdict,
        id: file.id,
        detail: `file ${file.id}: the bytes of ${file.sha256} are ${verdict === 'file-bytes-missing' ? 'missing' : 'not what was recorded'}`,
      });
    }
  }

  const documents = (
    await db.query<{
      id: string;
      status: string;
      error: string | null;
      has_data: boolean;
      file_ok: boolean;
      revision_ok: boolean;
      none_after: boolean;
    }>(
      `select d.id, d.status, d.error, d.data is not null as has_data,
              exists (select 1 from files f where f.id = d.file_id) as file_ok,
              (d.revision = 0 or exists (
                select 1 from document_revisions r
                where r.document_id = d.id and r.revision = d.revision and r.data = d.data
              )) as revision_ok,
              not exists (
                select 1 from document_revisions r where r.document_id = d.id and r.revision > d.revision
              ) as none_after
       from documents d`,
    )
  ).rows;
  const byStatus: Record<string, number> = {};
  for (const doc of documents) {
    byStatus[doc.status] = (byStatus[doc.status] ?? 0) + 1;
    if (!doc.file_ok) {
      problems.push({ kind: 'document-file-missing', id: doc.id, detail: 'no file record' });
    }
    if (doc.status === 'failed' && !doc.error?.trim()) {
      problems.push({
        kind: 'document-inconsistent',
        id: doc.id,
        detail: 'failed without a reason',
      });
    }
    if (doc.status === 'done' && !doc.has_data) {
      problems.push({ kind: 'document-inconsistent', id: doc.id, detail: 'done without data' });
    }
    // The current data is the very data its revision recorded, and no revision is ahead of it.
    if (!doc.revision_ok || !doc.none_after) {
      problems.push({
        kind: 'document-revision-mismatch',
        id: doc.id,
        detail: doc.revision_ok
          ? 'a revision newer than the current one is recorded'
          : 'the current data is not its recorded revision',
      });
    }
  }

  if (options.checkJobs) {
    const { rows } = await db.query<{ id: string }>(
      `select d.id from documents d
       where d.status in ('queued', 'processing')
         and not exists (
           select 1 from pgboss.job j
           where j.data->>'documentId' = d.id::text
             and j.state in ('created', 'retry', 'active')
         )`,
    );
    for (const row of rows) {
      problems.push({
        kind: 'document-without-job',
        id: row.id,
        detail: 'unfinished, and no extraction job will ever finish or fail it',
      });
    }
  }

  const clients = (
    await db.query<{
      id: string;
      billing: unknown;
      revision: number;
      logo_ok: boolean;
      saved: unknown;
      has_saved: boolean;
    }>(
      `select c.id, c.billing, c.revision,
              (c.logo_file_id is null or exists (select 1 from files f where f.id = c.logo_file_id)) as logo_ok,
              r.billing as saved, r.client_id is not null as has_saved
       from clients c
       left join client_revisions r on r.client_id = c.id and r.revision = c.revision`,
    )
  ).rows;
  for (const client of clients) {
    if (!client.logo_ok) {
      problems.push({ kind: 'logo-file-missing', id: client.id, detail: 'no file record' });
    }
    const valid = validateBillingParameters(client.billing);
    if (!valid.ok) {
      problems.push({
        kind: 'billing-invalid',
        id: client.id,
        detail: valid.issues
          .slice(0, 3)
          .map((i) => `${i.path}: ${i.message}`)
          .join('; '),
      });
    }
    // A saved revision is recorded with the very document it wrote (revision 0 is the empty
    // document a client starts with, recorded only once something replaces it).
    if (client.revision > 0 && !client.has_saved) {
      problems.push({
        kind: 'billing-revision-mismatch',
        id: client.id,
        detail: `revision ${client.revision} has no recorded document`,
      });
    } else if (client.has_saved && canonical(client.saved) !== canonical(client.billing)) {
      problems.push({
        kind: 'billing-revision-mismatch',
        id: client.id,
        detail: `the billing document differs from the one saved as revision ${client.revision}`,
      });
    }
  }

  const revisions = (
    await db.query<{ client_id: string; revision: number; billing: unknown }>(
      'select client_id, revision, billing from client_revisions',
    )
  ).rows;
  for (const revision of revisions) {
    if (!validateBillingParameters(revision.billing).ok) {
      problems.push({
        kind: 'revision-invalid',
        id: revision.client_id,
        detail: `revision ${revision.revision} does not validate`,
      });
    }
  }

  return {
    counts: {
      clients: clients.length,
      revisions: revisions.length,
      documents: documents.length,
      files: fileRows.length,
    },
    documents: byStatus,
    problems,
  };
}

async function checkBytes(
  files: FileStore,
  sha256: string,
  size: number,
  verify = false,
): Promise<IntegrityProblem['kind'] | 'ok'> {
  const stream = await files.get(sha256);
  if (!stream) return 'file-bytes-missing';
  const hash = createHash('sha256');
  let read = 0;
  try {
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      if (!verify) {
        stream.destroy();
        break;
      }
      hash.update(chunk as Buffer);
    }
  } catch {
    return 'file-bytes-missing';
  }
  if (!verify) return size === 0 || read > 0 ? 'ok' : 'file-bytes-differ';
  return read === size && hash.digest('hex') === sha256 ? 'ok' : 'file-bytes-differ';
}

/** JSON with keys in a stable order (JSONB does not keep the order a document was sent in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
