import type { Readable } from 'node:stream';
import type { JobWithMetadata, PgBoss, SendOptions } from 'pg-boss';
import { parsedDataSchema } from '../../shared/proposals/parsed-data.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { LayoutTemplate } from '../extraction/learned/template.ts';
import { ExtractionError, type ExtractionProvider } from '../extraction/provider.ts';
import { countPages } from '../pages/page-images.ts';
import {
  type ExtractionTarget,
  failExtraction,
  finishExtraction,
  requeueExtraction,
  startExtraction,
} from '../services/documents.ts';
import { learnedCandidates } from '../services/learned-layouts.ts';
import type { FileStore } from '../storage/file-store.ts';
import { createBoss, transactionDb } from './boss.ts';

/**
 * The durable extraction queue (docs/decisions/0009-job-queue.md). An upload records its
 * document and an extraction job in one transaction; a worker (in the app process, or
 * `npm run worker`) claims the job, reads the file, calls the extraction provider and stores the
 * parsed data or the reason it failed on the document.
 *
 * - A job survives a crash: it lives in the database. A worker that dies holding one stops
 *   sending heartbeats (or runs past `expireInSeconds`), and the supervisor of any instance puts
 *   the job back for another try.
 * - A retryable failure is retried `retryLimit` times with exponential backoff; a permanent one
 *   fails the document at once with its reason. A job that never finishes (its worker died on
 *   every try) lands in the dead-letter queue, whose worker fails the document: never stuck.
 * - Jobs are claimed with SELECT … FOR UPDATE SKIP LOCKED: several instances on one PostgreSQL
 *   never run the same job twice.
 * - No transaction is held while a document is read: each step is its own short statement, so
 *   the single PGlite connection stays free for requests.
 */

export const EXTRACTION_QUEUE = 'document-extraction';
export const EXTRACTION_DEAD_LETTERS = 'document-extraction-dead';

export interface ExtractionJobData {
  documentId: string;
}

export interface ExtractionQueueSettings {
  /** Time one extraction may take before it is given up and retried (ms). */
  timeoutMs: number;
  /** Retries after the first attempt, for retryable failures and interrupted attempts. */
  retryLimit: number;
  /** Wait before the first retry, in seconds; doubled at each retry when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** Longest wait between retries, in seconds. */
  retryDelayMaxSeconds: number;
  /** How long a claimed job may stay active before it is taken back (seconds; default: the timeout plus a minute). */
  expireInSeconds?: number;
  /**
   * A worker beats every half of this while it holds a job; a job whose worker stopped beating
   * this long (it died) is taken back and retried. Null relies on `expireInSeconds` alone.
   */
  heartbeatSeconds: number | null;
  /** How often an idle worker looks for a job, in seconds (at least 0.5). */
  pollingIntervalSeconds: number;
  /** How often expired and silent jobs are looked for, in seconds. */
  superviseIntervalSeconds: number;
  /** Documents read at once by this process. */
  concurrency: number;
  /** How long `stop` lets a running extraction finish before putting it back in the queue (ms). */
  shutdownGraceMs: number;
}

export const defaultExtractionQueueSettings: ExtractionQueueSettings = {
  timeoutMs: 5 * 60_000,
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  retryDelayMaxSeconds: 300,
  heartbeatSeconds: 30,
  pollingIntervalSeconds: 1,
  superviseIntervalSeconds: 30,
  concurrency: 1,
  shutdownGraceMs: 8_000,
};

/** A queued job waits for a worker however long it takes (ten years, in pg-boss's terms). */
const KEEP_WAITING_SECONDS = 10 * 365 * 24 * 60 * 60;

/** The messages a document can fail with, besides the provider's own (ExtractionError). */
export const extractionFailures = {
  unexpected: 'Something went wrong while reading this document. Try uploading it again.',
  unreadableResult:
    'The extraction engine returned data in a form that cannot be shown. Try uploading the document again.',
  missingFile: 'The uploaded file is missing from the file store, so it cannot be read.',
  interrupted:
    'Reading this document was interrupted every time it was tried (its worker stopped or ran out of time). Try uploading it again.',
  timedOut: (timeoutMs: number) =>
    `Reading this document took longer than ${formatDuration(timeoutMs)}, so it was stopped.`,
} as const;

/** Minimal logger: pino's and Fastify's loggers fit. */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the upload route needs: to add a document's extraction job inside its transaction. */
export interface ExtractionJobs {
  enqueue(tx: Queryable, documentId: string): Promise<void>;
  /** The extraction provider's name, or null when no engine is installed (documents wait). */
  readonly engine: string | null;
}

export interface ExtractionQueue extends ExtractionJobs {
  /**
   * Connects to the queue (creating pg-boss's schema on first use); with `work`, starts taking
   * jobs. With `recoverOrphans` (only for the sole process on a database: the embedded one,
   * under the DATA_DIR lock), jobs left active by a process that died are put back at once
   * rather than when their heartbeat is missed.
   */
  start(options?: { work?: boolean; recoverOrphans?: boolean }): Promise<void>;
  /** Stops taking jobs, lets a running one finish (or puts it back), and disconnects. */
  stop(): Promise<void>;
}

export interface ExtractionQueueDeps {
  db: Database;
  files: FileStore;
  /** Undefined while no extraction engine is installed: jobs are kept, and nothing takes them. */
  provider: ExtractionProvider | undefined;
  logger: JobLogger;
  settings?: Partial<ExtractionQueueSettings>;
}

export function createExtractionQueue(deps: ExtractionQueueDeps): ExtractionQueue {
  const settings = { ...defaultExtractionQueueSettings, ...deps.settings };
  const expireInSeconds = settings.expireInSeconds ?? Math.ceil(settings.timeoutMs / 1000) + 60;
  const jobOptions: SendOptions = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: settings.retryBackoff,
    ...(settings.retryBackoff ? { retryDelayMax: settings.retryDelayMaxSeconds } : {}),
    expireInSeconds,
    retentionSeconds: KEEP_WAITING_SECONDS,
    deadLetter: EXTRACTION_DEAD_LETTERS,
    ...(settings.heartbeatSeconds ? { heartbeatSeconds: settings.heartbeatSeconds } : {}),
  };
  const { db, logger } = deps;
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  const running = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  };

  async function readBytes(target: ExtractionTarget): Promise<Uint8Array> {
    const stream = await deps.files.get(target.sha256);
    if (!stream) throw new ExtractionError(extractionFailures.missingFile);
    return readAll(stream);
  }

  /** One attempt at one document. Throws only to have pg-boss try again later. */
  async function extract(
    provider: ExtractionProvider,
    job: JobWithMetadata<ExtractionJobData>,
  ): Promise<void> {
    const { documentId } = job.data;
    const target = await startExtraction(db, documentId);
    if (!target) {
      logger.info({ documentId, job: job.id }, 'extraction job has nothing to do');
      return;
    }
    const log = { documentId, job: job.id, attempt: target.attempts };
    const lastTry = job.retryCount >= job.retryLimit;
    const started = performance.now();
    try {
      const bytes = await readBytes(target);
      // The local engine (alone, or beside a hosted model: local+openai) asks, once it has read
      // the document, for the learned layouts that can match it (not every learned layout).
      const learnedLayoutsFor = provider.name.split('+').includes('local')
        ? (print: LayoutTemplate['fingerprint']) => learnedCandidates(db, target.type, print)
        : undefined;
      const data = await withTimeout(settings.timeoutMs, job.signal, (signal) =>
        provider.extract({
          bytes,
          contentType: target.contentType,
          documentType: target.type,
          ...(target.modelId ? { modelId: target.modelId } : {}),
          ...(learnedLayoutsFor ? { learnedLayoutsFor } : {}),
          signal,
        }),
      );
      const parsed = parsedDataSchema.safeParse(data);
      if (!parsed.success) {
        logger.error(
          { ...log, provider: provider.name, issues: parsed.error.issues.slice(0, 5) },
          'the extraction provider returned data that does not match the parsed-data schema',
        );
        throw new ExtractionError(extractionFailures.unreadableResult);
      }
      await finishExtraction(
        db,
        documentId,
        parsed.data,
        await countPages(bytes, target.contentType),
      );
      logger.info(
        { ...log, items: parsed.data.length, ms: Math.round(performance.now() - started) },
        'document read',
      );
    } catch (error) {
      if (job.signal.aborted) {
        // pg-boss took the job back (shutdown, or it ran past its expiry) and has already
        // scheduled the next try or sent it to the dead-letter queue.
        await requeueExtraction(db, documentId);
        logger.warn({ ...log }, 'document reading interrupted; it goes back to the queue');
        return;
      }
      const failure = describeFailure(error, settings.timeoutMs);
      if (failure.unexpected) {
        logger.error({ ...log, err: error }, 'reading a document failed unexpectedly');
      }
      if (failure.retryable && !lastTry) {
        await requeueExtraction(db, documentId);
        logger.warn(
          { ...log, reason: failure.message, retriesLeft: job.retryLimit - job.retryCount },
          'reading a document failed; it will be tried again',
        );
        throw new Error(failure.message, { cause: error });
      }
      await failExtraction(db, documentId, failure.message);
      logger.warn({ ...log, reason: failure.message }, 'document could not be read');
    }
  }

  /** A job that failed for good without its handler saying why (its workers died or hung). */
  async function giveUp(job: JobWithMetadata<ExtractionJobData>): Promise<void> {
    await failExtraction(db, job.data.documentId, extractionFailures.interrupted);
    logger.warn(
      { documentId: job.data.documentId, job: job.id },
      'document reading was interrupted on every try; marked failed',
    );
  }

  async function connect(): Promise<PgBoss> {
    const instance = createBoss(db.driver, {
      superviseIntervalSeconds: settings.superviseIntervalSeconds,
    });
    instance.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    instance.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
    await instance.start();
    // The dead-letter queue must exist before the queue that names it.
    await instance.createQueue(EXTRACTION_DEAD_LETTERS, {
      retentionSeconds: KEEP_WAITING_SECONDS,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
    });
    await instance.createQueue(EXTRACTION_QUEUE, {
      ...jobOptions,
      deadLetter: EXTRACTION_DEAD_LETTERS,
    });
    return instance;
  }

  /**
   * Fails the jobs a dead process left active (each is tried again, or dead-lettered when out of
   * tries, as pg-boss decides). Only safe when no other process can be working on them.
   */
  async function recoverOrphans(instance: PgBoss): Promise<void> {
    for (const name of [EXTRACTION_QUEUE, EXTRACTION_DEAD_LETTERS]) {
      const { rows } = await db.query<{ id: string }>(
        `select id from pgboss.job where name = $1 and state = 'active'`,
        [name],
      );
      if (!rows.length) continue;
      const ids = rows.map((r) => r.id);
      await instance.fail(name, ids, { message: 'interrupted: the process reading it stopped' });
      // The try was cut short, not failed: the next one starts now rather than after the
      // backoff delay (it still counts, so a document interrupted every time ends failed).
      await db.query(
        `update pgboss.job set start_after = now() where name = $1 and id = any($2::uuid[]) and state = 'retry'`,
        [name, ids],
      );
      logger.warn(
        { queue: name, jobs: rows.length },
        'jobs left active by a process that stopped were put back in the queue',
      );
    }
  }

  async function work(instance: PgBoss): Promise<void> {
    const provider = deps.provider;
    if (!provider) {
      logger.warn(
        {},
        'No extraction engine is installed yet: uploaded documents stay queued until one is.',
      );
      return;
    }
    const workOptions = {
      batchSize: 1,
      includeMetadata: true,
      pollingIntervalSeconds: settings.pollingIntervalSeconds,
      localConcurrency: settings.concurrency,
    } as const;
    // A worker that has just read a document looks for the next one at once (pg-boss would
    // otherwise wait out the polling interval: quick readings ran at one per interval). With
    // nothing left it goes back to polling.
    let firstWorker: string | undefined;
    const andLookAgain = () => {
      if (firstWorker) instance.notifyWorker(firstWorker);
    };
    firstWorker = await instance.work<ExtractionJobData, void, typeof workOptions>(
      EXTRACTION_QUEUE,
      workOptions,
      ([job]) => (job ? track(extract(provider, job)).finally(andLookAgain) : Promise.resolve()),
    );
    const deadLetterOptions = { ...workOptions, localConcurrency: 1 } as const;
    await instance.work<ExtractionJobData, void, typeof deadLetterOptions>(
      EXTRACTION_DEAD_LETTERS,
      deadLetterOptions,
      ([job]) => (job ? track(giveUp(job)) : Promise.resolve()),
    );
    logger.info(
      { provider: provider.name, concurrency: settings.concurrency },
      'extraction worker started',
    );
  }

  return {
    engine: deps.provider?.name ?? null,
    async enqueue(tx, documentId) {
      if (!boss || stopping) throw new Error('The extraction queue is not running.');
      const data: ExtractionJobData = { documentId };
      await boss.send(EXTRACTION_QUEUE, data, { ...jobOptions, db: transactionDb(tx) });
    },
    start(options = {}) {
      starting ??= (async () => {
        boss = await connect();
        if (options.recoverOrphans) await recoverOrphans(boss);
        if (options.work ?? true) await work(boss);
      })();
      return starting;
    },
    stop() {
      stopping ??= (async () => {
        await starting?.catch(() => {});
        await boss?.stop({ graceful: true, timeout: settings.shutdownGraceMs });
        // pg-boss has failed (and aborted) whatever outlived the grace; let those handlers
        // record it before the database closes.
        await Promise.allSettled([...running]);
        // Release what the engine holds (the local engine's OCR worker; it restarts on next use).
        await deps.provider?.close?.().catch(() => {});
      })();
      return stopping;
    },
  };
}

class ExtractionTimeout extends Error {}

/** Runs `fn` with a signal aborted after `ms` or when `outer` aborts; rejects at either. */
async function withTimeout<T>(
  ms: number,
  outer: AbortSignal,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new ExtractionTimeout()), ms);
  const signal = AbortSignal.any([timer.signal, outer]);
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    // A provider that ignores its signal is left behind, not waited for.
    return await Promise.race([fn(signal), aborted]);
  } finally {
    clearTimeout(timeout);
    signal.removeEventListener('abort', onAbort);
  }
}

interface Failure {
  message: string;
  retryable: boolean;
  /** Not a failure the provider explained: logged in full. */
  unexpected: boolean;
}

export function describeFailure(error: unknown, timeoutMs: number): Failure {
  if (error instanceof ExtractionTimeout) {
    return { message: extractionFailures.timedOut(timeoutMs), retryable: true, unexpected: false };
  }
  if (error instanceof ExtractionError) {
    return { message: error.message, retryable: error.retryable, unexpected: false };
  }
  // Unknown errors may be passing (a database or disk hiccup): worth another try.
  return { message: extractionFailures.unexpected, retryable: true, unexpected: true };
}

/**
 * All of a stored file, as a plain Uint8Array rather than a Buffer: readers such as pdf.js refuse
 * Buffers, and Buffer's `slice()` shares memory where Uint8Array's copies.
 */
async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) {
    const minutes = ms / 60_000;
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
