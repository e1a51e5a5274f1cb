import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildProduct } from '../../shared/billing/testing/factories.ts';
import type { Database } from '../db/database.ts';
import { createDiskFileStore } from '../storage/disk-file-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { testBackends } from '../test/backends.ts';
import { checkIntegrity } from './integrity.ts';

describe.each(testBackends())('checkIntegrity on $name', (backend) => {
  let db: Database;
  let files: FileStore;
  beforeAll(async () => {
    db = await backend.open();
    files = createDiskFileStore(mkdtempSync(path.join(tmpdir(), 'bd-integrity-')));
  });
  afterAll(() => db.close());

  const addFile = async (bytes: string, { commit = true } = {}) => {
    const staged = await files.stage(Readable.from([Buffer.from(bytes)]), { maxBytes: 1000 });
    if (commit) await staged.commit();
    else await staged.discard();
    const id = randomUUID();
    await db.query(
      `insert into files (id, original_name, content_type, size, sha256) values ($1, 'a', 'application/pdf', $2, $3)`,
      [id, staged.size, staged.sha256],
    );
    return id;
  };
  const addDocument = async (fileId: string, status: string, extra = '') => {
    const id = randomUUID();
    await db.query(
      `insert into documents (id, type, name, file_id, status${extra ? ', error' : ''})
       values ($1, 'carrierProposal', 'd', $2, $3${extra ? ', $4' : ''})`,
      extra ? [id, fileId, status, extra] : [id, fileId, status],
    );
    return id;
  };

  it('finds nothing wrong with whole records', async () => {
    const fileId = await addFile('whole');
    await addDocument(fileId, 'failed', 'The PDF is encrypted.');
    const classes = [buildClass({ products: [buildProduct()] })];
    const clientId = randomUUID();
    await db.query(`insert into clients (id, name, billing, revision) values ($1, 'c', $2, 1)`, [
      clientId,
      JSON.stringify(classes),
    ]);
    await db.query(
      `insert into client_revisions (client_id, revision, billing) values ($1, 1, $2)`,
      [clientId, JSON.stringify(classes)],
    );
    const report = await checkIntegrity(db, files, { verifyBytes: true });
    expect(report.problems).toEqual([]);
    expect(report.counts).toMatchObject({ clients: 1, revisions: 1, documents: 1, files: 1 });
  });

  it('names each kind of half-written record', async () => {
    const lost = await addFile('never committed', { commit: false });
    const undone = await addDocument(lost, 'done');
    const reasonless = await addDocument(lost, 'failed');
    const mixed = randomUUID();
    const saved = [buildClass({ className: 'Saved' })];
    await db.query(`insert into clients (id, name, billing, revision) values ($1, 'm', $2, 2)`, [
      mixed,
      JSON.stringify([buildClass({ className: 'Other' })]),
    ]);
    await db.query(
      `insert into client_revisions (client_id, revision, billing) values ($1, 2, $2)`,
      [mixed, JSON.stringify(saved)],
    );
    const unrecorded = randomUUID();
    await db.query(`insert into clients (id, name, revision) values ($1, 'u', 3)`, [unrecorded]);
    const invalid = randomUUID();
    await db.query(`insert into clients (id, name, billing) values ($1, 'i', '[{"x":1}]')`, [
      invalid,
    ]);

    const { problems } = await checkIntegrity(db, files);
    const found = problems.map((p) => [p.kind, p.id]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['file-bytes-missing', lost],
        ['document-inconsistent', undone],
        ['document-inconsistent', reasonless],
        ['billing-revision-mismatch', mixed],
        ['billing-revision-mismatch', unrecorded],
        ['billing-invalid', invalid],
      ]),
    );
    expect(problems).toHaveLength(6);
  });
});
