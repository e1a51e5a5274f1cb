import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { createLocalAnalyst } from '../insights/local-analyst.ts';
import { createDiskFileStore } from '../storage/disk-file-store.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * The databases API tests run against: PGlite always, and PostgreSQL when the global setup
 * started a throwaway cluster. Each backend gives a fresh migrated database per test file.
 */
export interface Backend {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

export function testBackends(): Backend[] {
  const backends: Backend[] = [
    {
      name: 'pglite',
      async open() {
        const db = await openPglite();
        await migrate(db);
        return db;
      },
    },
  ];
  const url = inject('postgresUrl');
  if (url) {
    backends.push({
      name: 'postgres',
      async open() {
        const name = `test_${randomUUID().replaceAll('-', '')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const db = await openPostgres(url.replace(/\/[^/]*$/, `/${name}`));
        await migrate(db);
        return db;
      },
    });
  }
  return backends;
}

/** Empties every table (between tests of one file). */
export async function resetDatabase(db: Database): Promise<void> {
  await db.query('truncate client_revisions, clients, documents, files, file_chunks cascade');
}

export interface TestContext {
  db: Database;
  files: FileStore;
  filesDir: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

/** A fresh app on `backend` with a file store in a temporary directory. */
export async function createTestApp(
  backend: Backend,
  options: { maxUploadBytes?: number; webRoot?: string } = {},
): Promise<TestContext> {
  const db = await backend.open();
  const filesDir = mkdtempSync(path.join(tmpdir(), 'bd-files-'));
  const files = createDiskFileStore(filesDir);
  const app = await buildApp({
    config: { maxUploadBytes: options.maxUploadBytes ?? 50 * 1024 * 1024 },
    db,
    files,
    insights: createLocalAnalyst(),
    aiRateLimit: false,
    webRoot: options.webRoot,
  });
  return {
    db,
    files,
    filesDir,
    app,
    async close() {
      await app.close();
      await db.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
