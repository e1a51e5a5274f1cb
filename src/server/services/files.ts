import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { ReceivedFile } from '../http/multipart.ts';

export interface FileRecord {
  id: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdOn: Date;
}

/** The URL the browser loads a stored file from. */
export const fileUrl = (id: string | null | undefined) => (id ? `/api/files/${id}` : null);

/** Records a received file; call inside the transaction that records what refers to it. */
export async function recordFile(tx: Queryable, file: ReceivedFile, now: Date): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `insert into files (id, original_name, content_type, size, sha256, created_on)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      id,
      file.originalName,
      file.stored.contentType ?? 'application/octet-stream',
      file.stored.size,
      file.stored.sha256,
      now,
    ],
  );
  return id;
}

export async function getFile(db: Queryable, id: string): Promise<FileRecord | undefined> {
  const { rows } = await db.query<{
    id: string;
    original_name: string;
    content_type: string;
    size: string | number;
    sha256: string;
    created_on: Date;
  }>('select * from files where id = $1', [id]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    originalName: r.original_name,
    contentType: r.content_type,
    size: Number(r.size),
    sha256: r.sha256,
    createdOn: r.created_on,
  };
}
