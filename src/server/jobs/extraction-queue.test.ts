import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import {
  ExtractionError,
  type ExtractionInput,
  type ExtractionProvider,
} from '../extraction/provider.ts';
import { startTestServer } from '../extraction/providers/test-http-server.ts';
import { createDocument } from '../services/documents.ts';
import { createDiskFileStore } from '../storage/disk-file-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { openFileStore } from '../storage/open-file-store.ts';
import {
  type Backend,
  eventually,
  fastQueueSettings,
  memoryLogger,
  testBackends,
} from '../test/backends.ts';
import {
  createExtractionQueue,
  defaultExtractionQueueSettings,
  EXTRACTION_QUEUE,
  type ExtractionQueue,
  type ExtractionQueueSettings,
  extractionFailures,
} from './extraction-queue.ts';

const proposalPdf = readFileSync(
  new URL('../../../tests/fixtures/proposals/dev01-ameritas-dental-proposal.pdf', import.meta.url),
);
const workerEntry = new URL('../worker.ts', import.meta.url).pathname;

const parsed: ParsedData = [
  { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.97 },
  {
    type: 'table',
    label: 'dentalInsurance_rateTiers',
    cells: [
      { label: 'dentalInsurance_rateTiers_class', value: 'Class 1', row: 0, col: 0, score: 0.9 },
    ],
  },
];

/** A provider whose behaviour is a function of the call number (1-based); it records calls. */
function fakeProvider(
  behave: (call: number, input: ExtractionInput) => Promise<unknown>,
): ExtractionProvider & { calls: ExtractionInput[] } {
  const calls: ExtractionInput[] = [];
  return {
    name: 'fake',
    calls,
    extract(input) {
      calls.push(input);
      return behave(calls.length, input) as Promise<ParsedData>;
    },
  };
}

const never = () => new Promise<never>(() => {});

interface DocumentRow {
  status: string;
  error: string | null;
  data: unknown;
  attempts: number;
}

interface Harness {
  db: Database;
  files: FileStore;
  queues: ExtractionQueue[];
  logs: ReturnType<typeof memoryLogger>;
  queue(
    provider: ExtractionProvider | undefined,
    settings?: Partial<ExtractionQueueSettings>,
  ): Promise<ExtractionQueue>;
  addDocument(queue: ExtractionQueue, type?: DocumentType, modelId?: string): Promise<string>;
  document(id: string): Promise<DocumentRow>;
  settled(id: string, timeoutMs?: number): Promise<DocumentRow>;
}

function harness(db: Database, filesDirOrStore: string | FileStore): Harness {
  const files =
    typeof filesDirOrStore === 'string' ? createDiskFileStore(filesDirOrStore) : filesDirOrStore;
  const logs = memoryLogger();
  const h: Harness = {
    db,
    files,
    queues: [],
    logs,
    async queue(provider, settings = {}) {
      const queue = createExtractionQueue({
        db,
        files,
        provider,
        logger: logs,
        settings: { ...fastQueueSettings, ...settings },
      });
      h.queues.push(queue);
      await queue.start({ work: true });
      return queue;
    },
    async addDocument(queue, type = 'carrierProposal', modelId = 'model-1') {
      const stored = await files.stage(Readable.from([proposalPdf]), { maxBytes: 10_000_000 });
      await stored.commit();
      const { id } = await createDocument(
        db,
        { type, name: 'Ameritas Dental', modelId, file: { stored, originalName: 'a.pdf' } },
        (tx, documentId) => queue.enqueue(tx, documentId),
      );
      return id;
    },
    async document(id) {
      const { rows } = await db.query<DocumentRow>(
        'select status, error, data, attempts from documents where id = $1',
        [id],
      );
      return rows[0]!;
    },
    settled(id, timeoutMs = 20_000) {
      return eventually(
        async () => {
          const row = await h.document(id);
          return row.status === 'done' || row.status === 'failed' ? row : undefined;
        },
        timeoutMs,
        `document ${id} to be done or failed`,
      );
    },
  };
  return h;
}

async function stopAll(h: Harness) {
  await Promise.all(h.queues.splice(0).map((q) => q.stop()));
}

describe.each(testBackends())('the extraction queue on $name', (backend) => {
  let db: Database;
  let filesDir: string;
  let h: Harness;
  beforeAll(async () => {
    db = await backend.open();
    filesDir = mkdtempSync(path.join(tmpdir(), 'bd-queue-'));
  });
  afterAll(async () => {
    if (h) await stopAll(h);
    await db.close();
    rmSync(filesDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (h) await stopAll(h);
    await db.query('truncate documents, files cascade');
    // pg-boss creates its schema on first start; later tests start from an empty queue.
    await db.query('delete from pgboss.job').catch(() => {});
    h = harness(db, filesDir);
  });

  it('reads a document: done, with the parsed data, after one attempt', async () => {
    const provider = fakeProvider(async () => parsed);
    const queue = await h.queue(provider);
    const id = await h.addDocument(queue);
    const row = await h.settled(id);
    expect(row).toEqual({ status: 'done', error: null, data: parsed, attempts: 1 });
    expect(provider.calls).toHaveLength(1);
    const [call] = provider.calls;
    expect(Buffer.from(call!.bytes).equals(proposalPdf)).toBe(true);
    // A plain Uint8Array (pdf.js refuses Buffers).
    expect(Buffer.isBuffer(call!.bytes)).toBe(false);
    expect(call).toMatchObject({
      contentType: 'application/pdf',
      documentType: 'carrierProposal',
      modelId: 'model-1',
    });
    expect(call!.signal).toBeInstanceOf(AbortSignal);
  });

  it('works with the production settings (heartbeats, backoff)', async () => {
    const provider = fakeProvider(async () => parsed);
    const queue = await h.queue(provider, {
      ...defaultExtractionQueueSettings,
      pollingIntervalSeconds: 0.5,
    });
    const id = await h.addDocument(queue);
    expect(await h.settled(id)).toMatchObject({ status: 'done', attempts: 1 });
    const { rows } = await db.query(
      `select retry_limit, retry_backoff, heartbeat_seconds, expire_seconds, dead_letter
       from pgboss.job where name = $1`,
      [EXTRACTION_QUEUE],
    );
    expect(rows).toEqual([
      {
        retry_limit: 2,
        retry_backoff: true,
        heartbeat_seconds: 30,
        expire_seconds: 360,
        dead_letter: 'document-extraction-dead',
      },
    ]);
  });

  it('retries a retryable failure, then stores the data', async () => {
    const provider = fakeProvider(async (call) => {
      if (call === 1) throw new ExtractionError('The service is busy.', { retryable: true });
      return parsed;
    });
    const queue = await h.queue(provider);
    const id = await h.addDocument(queue);
    const row = await h.settled(id);
    expect(row).toMatchObject({ status: 'done', error: null, data: parsed, attempts: 2 });
    expect(provider.calls).toHaveLength(2);
  });

  it('fails a document for good after the bounded retries, with the reason', async () => {
    const provider = fakeProvider(async () => {
      throw new ExtractionError('The service is busy.', { retryable: true });
    });
    const queue = await h.queue(provider, { retryLimit: 1 });
    const id = await h.addDocument(queue);
    const row = await h.settled(id);
    expect(row).toEqual({
      status: 'failed',
      error: 'The service is busy.',
      data: null,
      attempts: 2,
    });
    // No third try comes later.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(provider.calls).toHaveLength(2);
  });

  it('fails a document at once when the failure is permanent', async () => {
    const provider = fakeProvider(async () => {
      throw new ExtractionError('This PDF is password-protected.');
    });
    const queue = await h.queue(provider);
    const id = await h.addDocument(queue);
    expect(await h.settled(id)).toEqual({
      status: 'failed',
      error: 'This PDF is password-protected.',
      data: null,
      attempts: 1,
    });
    expect(provider.calls).toHaveLength(1);
  });

  it('refuses parsed data that breaks the schema, and logs why', async () => {
    const provider = fakeProvider(async () => [{ type: 'field', label: 'x', score: 3 }]);
    const queue = await h.queue(provider);
    const id = await h.addDocument(queue);
    expect(await h.settled(id)).toMatchObject({
      status: 'failed',
      error: extractionFailures.unreadableResult,
      data: null,
    });
    expect(h.logs.entries.some((e) => e.level === 'error' && 'issues' in e.details)).toBe(true);
  });

  it('gives a generic sentence for an unexpected error, logs it in full and retries it', async () => {
    const provider = fakeProvider(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'pages')");
    });
    const queue = await h.queue(provider, { retryLimit: 1 });
    const id = await h.addDocument(queue);
    expect(await h.settled(id)).toMatchObject({
      status: 'failed',
      error: extractionFailures.unexpected,
      attempts: 2,
    });
    const logged = h.logs.entries.filter((e) => e.level === 'error');
    expect(logged.map((e) => (e.details as { err?: Error }).err?.message)).toContain(
      "Cannot read properties of undefined (reading 'pages')",
    );
  });

  it('stops an extraction that runs past the timeout, aborting its signal', async () => {
    const signals: AbortSignal[] = [];
    const provider = fakeProvider((_call, input) => {
      signals.push(input.signal!);
      return never();
    });
    const queue = await h.queue(provider, { timeoutMs: 300, retryLimit: 1 });
    const id = await h.addDocument(queue);
    expect(await h.settled(id)).toMatchObject({
      status: 'failed',
      error: 'Reading this document took longer than 1 second, so it was stopped.',
      attempts: 2,
    });
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  });

  it('keeps documents queued while no engine is installed, and reads them once one is', async () => {
    const idle = await h.queue(undefined);
    const id = await h.addDocument(idle);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await h.document(id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(h.logs.entries.map((e) => e.message)).toContain(
      'No extraction engine is installed yet: uploaded documents stay queued until one is.',
    );
    await stopAll(h);

    const provider = fakeProvider(async () => parsed);
    await h.queue(provider);
    expect(await h.settled(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('on a graceful stop puts a running extraction back, and the next worker finishes it', async () => {
    const hanging = fakeProvider(() => never());
    const first = await h.queue(hanging, { shutdownGraceMs: 500 });
    const id = await h.addDocument(first);
    await eventually(async () => (await h.document(id)).status === 'processing');
    await first.stop();
    expect(await h.document(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(hanging.calls[0]!.signal!.aborted).toBe(true);

    const provider = fakeProvider(async () => parsed);
    await h.queue(provider);
    expect(await h.settled(id)).toMatchObject({ status: 'done', data: parsed, attempts: 2 });
  });

  it('fails a document whose every try was lost (dead-letter queue), never leaving it stuck', async () => {
    // The handler hangs past the job's expiry and ignores its signal: the supervisor takes the
    // job back; with no retries left it goes to the dead-letter queue, whose worker fails it.
    const provider = fakeProvider(() => never());
    const queue = await h.queue(provider, {
      retryLimit: 0,
      expireInSeconds: 1,
      timeoutMs: 60_000,
    });
    const id = await h.addDocument(queue);
    expect(await h.settled(id, 30_000)).toMatchObject({
      status: 'failed',
      error: extractionFailures.interrupted,
      attempts: 1,
    });
  });

  it('completes a job whose document is gone without calling the provider', async () => {
    const idle = await h.queue(undefined);
    const id = await h.addDocument(idle);
    await stopAll(h);
    await db.query('delete from documents where id = $1', [id]);
    const provider = fakeProvider(async () => parsed);
    await h.queue(provider);
    await eventually(async () => {
      const { rows } = await db.query<{ state: string }>(
        'select state from pgboss.job where name = $1',
        [EXTRACTION_QUEUE],
      );
      return rows[0]?.state === 'completed';
    });
    expect(provider.calls).toHaveLength(0);
  });

  it.runIf(backend.name === 'postgres')(
    'two workers on one PostgreSQL never take the same job',
    async () => {
      // Each document carries its own model id, which the provider sees: calls per document.
      const provider = () =>
        fakeProvider(async (_call, input) => {
          await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
          return [{ type: 'field', label: 'modelId', value: input.modelId ?? '', score: 1 }];
        });
      const a = provider();
      const b = provider();
      const first = await h.queue(a, { concurrency: 3 });
      await h.queue(b, { concurrency: 3 });
      const models = Array.from({ length: 40 }, (_, i) => `doc-${i}`);
      const ids = await Promise.all(
        models.map((modelId) => h.addDocument(first, 'carrierProposal', modelId)),
      );
      for (const id of ids)
        expect(await h.settled(id)).toMatchObject({ status: 'done', attempts: 1 });
      const calls = [...a.calls, ...b.calls].map((c) => c.modelId).sort();
      expect(calls).toEqual([...models].sort());
      // Both workers took a share.
      expect(a.calls.length).toBeGreaterThan(0);
      expect(b.calls.length).toBeGreaterThan(0);
    },
  );
});

/**
 * A worker process dies (SIGKILL) in the middle of reading a document: a real `npm run worker`
 * whose Azure provider is waiting on a service that never answers. The job it held is left
 * active and the document `processing`. Another worker started afterwards takes the job back
 * once it expires and finishes the document.
 */
describe.each(testBackends())('a worker killed mid-job, on $name', (backend) => {
  it('leaves nothing stuck: the job is retried by the next worker and the document completes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-crash-'));
    const azure = await startTestServer(() => {
      // Never answers: the worker holds the job until it is killed.
    });
    let child: ChildProcess | undefined;
    let db: Database | undefined;
    let h: Harness | undefined;
    try {
      const { open, env } = await crashBackend(backend, dataDir);
      db = await open();
      // The same file store the worker process opens from its environment.
      const fileStoreOf = (d: Database) =>
        openFileStore({ databaseUrl: env.DATABASE_URL, dataDir }, d);
      h = harness(db, fileStoreOf(db));
      // The job is sent with a short expiry: a worker that dies holding it loses it in 3 s.
      const producer = await h.queue(undefined, { expireInSeconds: 3 });
      const id = await h.addDocument(producer);
      await stopAll(h);
      if (backend.name === 'pglite') {
        // One process at a time on the embedded database: the worker process takes it over.
        await db.close();
        db = undefined;
      }

      child = spawn(process.execPath, [workerEntry], {
        env: {
          ...process.env,
          ...env,
          EXTRACTION_PROVIDER: 'azure',
          AZURE_DI_ENDPOINT: azure.url,
          AZURE_DI_KEY: 'test-key',
          PROPOSAL_MODEL_ID: 'proposal-model',
          CERTIFICATE_MODEL_ID: 'certificate-model',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) =>
        child?.on('exit', (code, signal) => resolve(signal ? null : code)),
      );
      await eventually(
        async () => azure.requests.length > 0 || (child?.exitCode ?? null) !== null,
        60_000,
        'the worker process to call the provider',
      );
      expect(stderr).toBe('');
      expect(azure.requests[0]!.url).toContain('/documentModels/model-1:analyze');
      child.kill('SIGKILL');
      expect(await exited).toBeNull();

      if (!db) db = await open();
      h = harness(db, fileStoreOf(db));
      // Left behind by the dead worker.
      expect(await h.document(id)).toMatchObject({ status: 'processing', attempts: 1 });
      const provider = fakeProvider(async () => parsed);
      await h.queue(provider);
      expect(await h.settled(id, 30_000)).toMatchObject({
        status: 'done',
        data: parsed,
        attempts: 2,
      });
      expect(provider.calls).toHaveLength(1);
    } finally {
      child?.kill('SIGKILL');
      if (h) await stopAll(h);
      await db?.close();
      await azure.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The database for the crash test, reachable from another process, and how to point it there. */
async function crashBackend(
  backend: Backend,
  dataDir: string,
): Promise<{ open(): Promise<Database>; env: Record<string, string> }> {
  if (backend.name === 'pglite') {
    return {
      async open() {
        const db = await openPglite(path.join(dataDir, 'db'));
        await migrate(db);
        return db;
      },
      env: { DATA_DIR: dataDir },
    };
  }
  const first = await backend.open();
  const { driver } = first;
  await first.close();
  if (driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return {
    open: () => openPostgres(driver.connectionString),
    env: { DATA_DIR: dataDir, DATABASE_URL: driver.connectionString },
  };
}
