import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './auth/accounts.ts';
import { createOidc } from './auth/oidc.ts';
import { type Config, ConfigError } from './config.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import type { ExtractionProvider } from './extraction/provider.ts';
import { createInsightsProvider } from './insights/create-provider.ts';
import { chooseExtractionEngine, installedEngine } from './jobs/extraction-engine.ts';
import {
  createExtractionQueue,
  type ExtractionQueue,
  type ExtractionQueueSettings,
} from './jobs/extraction-queue.ts';
import { createCorrectionsLearner, learnWithin } from './services/learned-layouts.ts';
import { openFileStore, sweepStagedUploads } from './storage/open-file-store.ts';

export const defaultWebRoot = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  extraction: ExtractionQueue;
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  webRoot?: string;
  logger?: boolean | object;
  /** The extraction provider; by default the configured one. Null: no engine (documents wait). */
  extractionProvider?: ExtractionProvider | null;
  queueSettings?: Partial<ExtractionQueueSettings>;
}

/**
 * Starts the whole server: locks DATA_DIR (embedded database only), opens and migrates the
 * database, starts the extraction queue with an in-process worker, builds the app and listens.
 * `close` shuts down in order and releases the lock.
 */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const lock: DataDirLock | undefined = config.databaseUrl
    ? undefined
    : lockDataDir(config.dataDir);
  let db: Database | undefined;
  let extraction: ExtractionQueue | undefined;
  try {
    db = (await openDatabase(config)).db;
    if (config.auth === 'local' && (await ensureFirstAdmin(db, config.firstAdmin)) === 'missing') {
      throw new ConfigError(
        'Invalid configuration:\n  AUTH="local": there are no users yet; set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin',
      );
    }
    await sweepStagedUploads(config);
    const files = openFileStore(config, db);
    const jobLogger = pino({
      name: 'jobs',
      level: options.logger === false ? 'silent' : config.logLevel,
    });
    const provider =
      options.extractionProvider === undefined
        ? chooseExtractionEngine(config, installedEngine, jobLogger).provider
        : (options.extractionProvider ?? undefined);
    extraction = createExtractionQueue({
      db,
      files,
      provider,
      logger: jobLogger,
      ...(options.queueSettings ? { settings: options.queueSettings } : {}),
    });
    // On the embedded database this process is the only one (it holds the DATA_DIR lock): what a
    // previous process left half done is its to resume.
    await extraction.start({ work: true, recoverOrphans: !config.databaseUrl });
    const learner = createCorrectionsLearner({ db, files });
    const app = await buildApp({
      config,
      db,
      files,
      insights: createInsightsProvider(config),
      aiRateLimit: { max: config.aiRateLimitPerMinute, timeWindowMs: 60_000 },
      extraction,
      logger: options.logger ?? { level: config.logLevel },
      webRoot: options.webRoot ?? defaultWebRoot,
      // A broker's saved corrections teach the local engine the document's layout; the save
      // waits for it half a second, then says it goes on.
      onCorrectionsSaved: (saved) =>
        learnWithin(learner(saved), 500, (error) =>
          jobLogger.error({ err: error, documentId: saved.documentId }, 'learning failed'),
        ),
      auth: {
        mode: config.auth,
        times: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
        oidc: config.oidc ? createOidc(config.oidc) : undefined,
      },
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const openDb = db;
    const queue = extraction;
    let closing: Promise<void> | undefined;
    return {
      app,
      db: openDb,
      extraction: queue,
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      close() {
        closing ??= (async () => {
          // Requests in flight finish first (an upload still needs the queue), then the worker
          // stops taking jobs and lets a running one finish or puts it back.
          await closeGracefully(app);
          await queue.stop();
          await openDb.close();
          lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await extraction?.stop().catch(() => {});
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
