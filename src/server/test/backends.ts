import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { AuthSettings } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { ExtractionProvider } from '../extraction/provider.ts';
import { createLocalAnalyst } from '../insights/local-analyst.ts';
import {
  createExtractionQueue,
  type ExtractionQueue,
  type ExtractionQueueSettings,
} from '../jobs/extraction-queue.ts';
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
        const db = await openPostgres(await createDatabase(url));
        await migrate(db);
        return db;
      },
    });
  }
  return backends;
}

/** Creates an empty database on the PostgreSQL cluster at `clusterUrl`; answers its URL. */
async function createDatabase(clusterUrl: string): Promise<string> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return clusterUrl.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * The URL of a fresh, empty database on the test run's PostgreSQL (not migrated: the processes
 * given it migrate it), or undefined when the run has no PostgreSQL.
 */
export async function createTestDatabaseUrl(): Promise<string | undefined> {
  const url = inject('postgresUrl');
  return url ? createDatabase(url) : undefined;
}

/** Empties every table (between tests of one file). */
export async function resetDatabase(db: Database): Promise<void> {
  await db.query(
    'truncate client_revisions, clients, documents, files, file_chunks, page_cache, users, sessions, user_links, audit_log cascade',
  );
}

export interface TestContext {
  db: Database;
  files: FileStore;
  filesDir: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The extraction queue, when asked for. */
  extraction: ExtractionQueue | undefined;
  logs: MemoryLogger;
  close(): Promise<void>;
}

export interface TestAppOptions {
  maxUploadBytes?: number;
  webRoot?: string;
  proposalModelId?: string;
  certificateModelId?: string;
  /** HOST and PUBLIC_ORIGIN as the server would have them (the cross-site guard reads them). */
  host?: string;
  publicOrigins?: string[];
  /** Sign-in: AUTH=none unless given. */
  auth?: AuthSettings;
  /**
   * Start the extraction queue (pg-boss) so uploads can be made. With a provider its worker
   * takes jobs too; without one jobs wait, as when no engine is installed.
   */
  extraction?: { provider?: ExtractionProvider; settings?: Partial<ExtractionQueueSettings> };
}

/** A fresh app on `backend` with a file store in a temporary directory. */
export async function createTestApp(
  backend: Backend,
  options: TestAppOptions = {},
): Promise<TestContext> {
  const db = await backend.open();
  const filesDir = mkdtempSync(path.join(tmpdir(), 'bd-files-'));
  const files = createDiskFileStore(filesDir);
  const logs = memoryLogger();
  let extraction: ExtractionQueue | undefined;
  if (options.extraction) {
    extraction = createExtractionQueue({
      db,
      files,
      provider: options.extraction.provider,
      logger: logs,
      settings: { ...fastQueueSettings, ...options.extraction.settings },
    });
    await extraction.start({ work: true });
  }
  const app = await buildApp({
    config: {
      maxUploadBytes: options.maxUploadBytes ?? 50 * 1024 * 1024,
      proposalModelId: options.proposalModelId,
      certificateModelId: options.certificateModelId,
      host: options.host,
      publicOrigins: options.publicOrigins,
    },
    db,
    files,
    insights: createLocalAnalyst(),
    aiRateLimit: false,
    extraction,
    webRoot: options.webRoot,
    ...(options.auth ? { auth: options.auth } : {}),
  });
  return {
    db,
    files,
    filesDir,
    app,
    extraction,
    logs,
    async close() {
      await app.close();
      await extraction?.stop();
      await db.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Queue settings that make tests quick: immediate retries, short polls and expiries. */
export const fastQueueSettings: Partial<ExtractionQueueSettings> = {
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  heartbeatSeconds: null,
  shutdownGraceMs: 1000,
};

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  details: object;
  message: string;
}

export interface MemoryLogger {
  entries: LogEntry[];
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A logger that keeps what it is told, for tests to read. */
export function memoryLogger(): MemoryLogger {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (details, message) => entries.push({ level: 'info', details, message }),
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
}

/** Waits until `check` answers something truthy (polling), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
