import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import type { ExtractionProvider } from '../extraction/provider.ts';
import { startTestServer, type TestServer } from '../extraction/providers/test-http-server.ts';
import { createDocument } from '../services/documents.ts';
import { createDiskFileStore } from '../storage/disk-file-store.ts';
import { eventually, fastQueueSettings, memoryLogger } from '../test/backends.ts';
import { startServerProcess } from '../test/server-process.ts';
import { createExtractionQueue, type ExtractionQueue } from './extraction-queue.ts';

const pdf = readFileSync(
  new URL('../../../tests/fixtures/proposals/dev01-ameritas-dental-proposal.pdf', import.meta.url),
);

/**
 * On the embedded database one process owns DATA_DIR. A job it held when it died (SIGKILL) is
 * put back as soon as the next process starts, not when its missed heartbeat is noticed, and
 * tried again at once, not after the retry delay: the heartbeat, the supervisor and the retry
 * delay are all set far longer than the test waits.
 */
describe('orphaned jobs on the embedded database', () => {
  let dataDir: string;
  let service: TestServer | undefined;
  let db: Database | undefined;
  let queue: ExtractionQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await db?.close();
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are resumed at once by the next process', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bd-orphans-'));
    const settings = {
      ...fastQueueSettings,
      // Production-like: a failed try waits a minute or more before the next one. An
      // interrupted one must not.
      retryDelaySeconds: 60,
      retryBackoff: true,
      heartbeatSeconds: 120,
      expireInSeconds: 600,
      superviseIntervalSeconds: 300,
    };
    const files = createDiskFileStore(path.join(dataDir, 'files'));
    db = await openPglite(path.join(dataDir, 'db'));
    await migrate(db);
    const producer = createExtractionQueue({
      db,
      files,
      provider: undefined,
      logger: memoryLogger(),
      settings,
    });
    await producer.start({ work: false });
    const stored = await files.stage(Readable.from([pdf]), { maxBytes: 10_000_000 });
    await stored.commit();
    const { id } = await createDocument(
      db,
      {
        type: 'carrierProposal',
        name: 'Orphan',
        modelId: 'm-1',
        file: { stored, originalName: 'o.pdf' },
      },
      (tx, documentId) => producer.enqueue(tx, documentId),
    );
    await producer.stop();
    await db.close();
    db = undefined;

    // A worker process takes the job, hangs on a service that never answers, and is killed.
    service = await startTestServer(() => {});
    const worker = await startServerProcess({
      entry: 'worker',
      env: {
        DATA_DIR: dataDir,
        EXTRACTION_PROVIDER: 'azure',
        AZURE_DI_ENDPOINT: service.url,
        AZURE_DI_KEY: 'k',
        PROPOSAL_MODEL_ID: 'p',
        CERTIFICATE_MODEL_ID: 'c',
      },
    });
    await eventually(
      async () => service!.requests.length > 0,
      30_000,
      'the worker to take the job',
    );
    await worker.kill();

    db = await openPglite(path.join(dataDir, 'db'));
    const left = await db.query<{ state: string }>(
      `select state from pgboss.job where data->>'documentId' = $1`,
      [id],
    );
    expect(left.rows).toEqual([{ state: 'active' }]);
    const calls: string[] = [];
    const provider: ExtractionProvider = {
      name: 'fake',
      async extract() {
        calls.push(id);
        return [
          { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.9 },
        ];
      },
    };
    queue = createExtractionQueue({ db, files, provider, logger: memoryLogger(), settings });
    const started = performance.now();
    await queue.start({ work: true, recoverOrphans: true });
    const row = await eventually(
      async () => {
        const { rows } = await db!.query<{ status: string; attempts: number }>(
          'select status, attempts from documents where id = $1',
          [id],
        );
        return rows[0]?.status === 'done' ? rows[0] : undefined;
      },
      15_000,
      'the orphaned document to be read',
    );
    expect(row.attempts).toBe(2);
    expect(calls).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 90_000);
});
