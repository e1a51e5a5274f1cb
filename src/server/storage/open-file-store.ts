import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createDiskFileStore } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';
import { createPostgresFileStore } from './postgres-file-store.ts';

/**
 * The configured file store: on PostgreSQL (DATABASE_URL) the bytes live in the database, so any
 * instance or worker serves any file; on the embedded database they live in DATA_DIR/files.
 */
export function openFileStore(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  db: Database,
): FileStore {
  return config.databaseUrl
    ? createPostgresFileStore(db, path.join(config.dataDir, 'tmp'))
    : createDiskFileStore(path.join(config.dataDir, 'files'));
}

/**
 * Removes uploads left half-received by a process that stopped (SIGKILL, power loss): their
 * staged bytes were never committed, so nothing refers to them. `olderThanMs` 0 removes them
 * all (the embedded database: this process holds the DATA_DIR lock, so nobody else is staging);
 * on PostgreSQL only old ones go, in case another instance shares the directory.
 */
export async function sweepStagedUploads(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  olderThanMs = config.databaseUrl ? 60 * 60_000 : 0,
): Promise<number> {
  const tmpDir = config.databaseUrl
    ? path.join(config.dataDir, 'tmp')
    : path.join(config.dataDir, 'files', 'tmp');
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    try {
      if (olderThanMs > 0 && (await stat(file)).mtimeMs > cutoff) continue;
      await rm(file, { force: true, recursive: true });
      removed += 1;
    } catch {
      // gone already
    }
  }
  return removed;
}
