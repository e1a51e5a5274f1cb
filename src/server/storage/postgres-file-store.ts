import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Database } from '../db/database.ts';
import { isSha256, stageLocally } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';

/** Bytes are kept in rows of this size, so no single value or read holds a whole file. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes in PostgreSQL (table file_chunks), so that every app instance on one database serves
 * every file (docs/decisions/0003-file-store.md). Uploads are received into a local temporary
 * directory first (limit, hash, sniff), then copied in chunks inside one transaction.
 */
export function createPostgresFileStore(db: Database, tmpDir: string): FileStore {
  return {
    stage: (source, { maxBytes }) =>
      stageLocally(tmpDir, source, maxBytes, async (tmpPath, sha256) => {
        await db.transaction(async (tx) => {
          // Serialise writers of the same bytes; a second copy is not needed.
          await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [sha256]);
          const { rows } = await tx.query('select 1 from file_chunks where sha256 = $1 and n = 0', [
            sha256,
          ]);
          if (rows.length) return;
          let n = 0;
          for await (const chunk of createReadStream(tmpPath, { highWaterMark: CHUNK_BYTES })) {
            await tx.query('insert into file_chunks (sha256, n, bytes) values ($1, $2, $3)', [
              sha256,
              n++,
              chunk as Buffer,
            ]);
          }
          if (n === 0) {
            await tx.query('insert into file_chunks (sha256, n, bytes) values ($1, 0, $2)', [
              sha256,
              Buffer.alloc(0),
            ]);
          }
        });
      }),
    async get(sha256) {
      if (!isSha256(sha256)) return undefined;
      const { rows } = await db.query<{ count: string | number }>(
        'select count(*) as count from file_chunks where sha256 = $1',
        [sha256],
      );
      const count = Number(rows[0]?.count ?? 0);
      if (count === 0) return undefined;
      async function* chunks() {
        for (let n = 0; n < count; n++) {
          const { rows: chunk } = await db.query<{ bytes: Uint8Array }>(
            'select bytes from file_chunks where sha256 = $1 and n = $2',
            [sha256, n],
          );
          if (!chunk[0]) throw new Error(`File ${sha256} lost its chunk ${n}.`);
          yield Buffer.from(chunk[0].bytes);
        }
      }
      return Readable.from(chunks());
    },
    async remove(sha256) {
      if (isSha256(sha256)) await db.query('delete from file_chunks where sha256 = $1', [sha256]);
    },
  };
}
