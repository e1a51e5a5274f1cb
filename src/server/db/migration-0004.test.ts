import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';

describe('migration 0004_document_revisions', () => {
  it('makes the data of documents read before it their revision 1 (kind engine), counting its values', async () => {
    const db = await openPglite();
    try {
      const all = loadMigrations();
      await migrate(
        db,
        all.filter((m) => m.version < '0004'),
      );
      const fileId = randomUUID();
      await db.query(
        `insert into files (id, original_name, content_type, size, sha256) values ($1, 'p.pdf', 'application/pdf', 1, 'x')`,
        [fileId],
      );
      const read = randomUUID();
      const queued = randomUUID();
      const data = [
        { type: 'field', label: 'dentalInsurance_carrierName', value: 'A', score: 1 },
        {
          type: 'table',
          label: 'dentalInsurance_rateTiers',
          cells: [
            { label: 'dentalInsurance_rateTiers_tier', value: 'EE', row: 0, col: 0, score: 1 },
            { label: 'dentalInsurance_rateTiers_tier', value: 'ES', row: 1, col: 0, score: 1 },
          ],
        },
      ];
      await db.query(
        `insert into documents (id, type, name, file_id, status, data) values
           ($1, 'carrierProposal', 'Read', $3, 'done', $4::jsonb),
           ($2, 'carrierProposal', 'Queued', $3, 'queued', null)`,
        [read, queued, fileId, JSON.stringify(data)],
      );
      expect(await migrate(db, all)).toContain('0004_document_revisions');
      const docs = await db.query<{ id: string; revision: number; reviewed: boolean }>(
        'select id, revision, reviewed from documents order by name',
      );
      expect(docs.rows).toEqual([
        { id: queued, revision: 0, reviewed: false },
        { id: read, revision: 1, reviewed: false },
      ]);
      const revisions = await db.query(
        'select document_id, revision, kind, saved_by, changed, data from document_revisions',
      );
      expect(revisions.rows).toEqual([
        {
          document_id: read,
          revision: 1,
          kind: 'engine',
          saved_by: 'Extraction engine',
          changed: 3,
          data,
        },
      ]);
    } finally {
      await db.close();
    }
  });
});
