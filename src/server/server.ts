import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { createInsightsProvider } from './insights/create-provider.ts';
import { createDiskFileStore } from './storage/disk-file-store.ts';
import { createPostgresFileStore } from './storage/postgres-file-store.ts';

export const defaultWebRoot = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the whole server: locks DATA_DIR (embedded database only), opens and migrates the
 * database, builds the app and listens. `close` shuts down in order and releases the lock.
 */
export async function startServer(
  config: Config,
  options: { webRoot?: string; logger?: boolean | object } = {},
): Promise<RunningServer> {
  const lock: DataDirLock | undefined = config.databaseUrl
    ? undefined
    : lockDataDir(config.dataDir);
  let db: Database | undefined;
  try {
    db = (await openDatabase(config)).db;
    // On PostgreSQL the bytes live in the database too, so any instance serves any file.
    const files = config.databaseUrl
      ? createPostgresFileStore(db, path.join(config.dataDir, 'tmp'))
      : createDiskFileStore(path.join(config.dataDir, 'files'));
    const app = await buildApp({
      config,
      db,
      files,
      insights: createInsightsProvider(config),
      aiRateLimit: { max: config.aiRateLimitPerMinute, timeWindowMs: 60_000 },
      logger: options.logger ?? { level: config.logLevel },
      webRoot: options.webRoot ?? defaultWebRoot,
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = db;
    let closing: Promise<void> | undefined;
    return {
      app,
      db: openDb,
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      close() {
        closing ??= (async () => {
          await closeGracefully(app);
          await openDb.close();
          lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/**
 * Stops taking requests and waits for those in flight. Keep-alive connections that become idle
 * while we wait are closed as they do (Node closes only those idle at the start), and after
 * `graceMs` every connection left is cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs = 10_000): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
