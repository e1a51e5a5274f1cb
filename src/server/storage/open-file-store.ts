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
