import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createDocument } from '../services/documents.ts';
import { createDiskFileStore } from '../storage/disk-file-store.ts';
import { eventually, memoryLogger, testBackends } from '../test/backends.ts';
import { buildPdf } from '../test/hostile.ts';
import { createExtractionQueue, defaultExtractionQueueSettings } from './extraction-queue.ts';

/**
 * A backlog of quick readings (a hosted model, small documents) is worked through back to back:
 * a worker that has read one document looks for the next at once instead of waiting out the
 * polling interval (which made the queue read at most one document per interval).
 */
describe.each(testBackends())('a backlog on $name', (backend) => {
  let db: Database | undefined;
  afterAll(() => db?.close());

  it('is read back to back, not one document per polling interval', async () => {
    db = await backend.open();
    const files = createDiskFileStore(mkdtempSync(path.join(tmpdir(), 'bd-backlog-')));
    const producer = createExtractionQueue({
      db,
      files,
      provider: undefined,
      logger: memoryLogger(),
    });
    await producer.start({ work: false });
    const documents = 20;
    for (let i = 0; i < documents; i++) {
      const stored = await files.stage(Readable.from([buildPdf([`Proposal ${i}`])]), {
        maxBytes: 1e6,
      });
      await stored.commit();
      await createDocument(
        db,
        {
          type: 'carrierProposal',
          name: `P${i}`,
          modelId: null,
          file: { stored, originalName: 'p.pdf' },
        },
        (tx, id) => producer.enqueue(tx, id),
      );
    }
    await producer.stop();
    const pollingIntervalSeconds = 2;
    const queue = createExtractionQueue({
      db,
      files,
      logger: memoryLogger(),
      settings: { ...defaultExtractionQueueSettings, pollingIntervalSeconds },
      provider: { name: 'quick', extract: async () => [] },
    });
    const started = performance.now();
    await queue.start({ work: true });
    try {
      await eventually(
        async () =>
          (
            await db!.query<{ n: number }>(
              `select count(*)::int as n from documents where status = 'done'`,
            )
          ).rows[0]!.n === documents,
        60_000,
        'the backlog to be read',
      );
    } finally {
      await queue.stop();
    }
    // One per interval would take 40 s.
    expect(performance.now() - started).toBeLessThan(
      (documents * pollingIntervalSeconds * 1000) / 4,
    );
  }, 90_000);
});
