import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import { checkCorrections } from '../../shared/proposals/corrections.ts';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import type { Database } from '../db/database.ts';
import { finishExtraction } from '../services/documents.ts';
import { recordFile } from '../services/files.ts';
import type { FileStore } from '../storage/file-store.ts';

/** The bytes of a fixture proposal (tests/fixtures/proposals). */
export const proposalFixture = (name: string): Buffer =>
  readFileSync(new URL(`../../../tests/fixtures/proposals/${name}`, import.meta.url));

/** A fixture's truth file as parsed data (its `alt` spellings dropped). */
export function fixtureTruth(name: string): ParsedData {
  const truth = JSON.parse(
    readFileSync(
      new URL(
        `../../../tests/fixtures/proposals/${name.replace(/\.\w+$/, '')}.truth.json`,
        import.meta.url,
      ),
      'utf8',
    ),
  );
  const checked = checkCorrections(truth);
  if (!checked.ok) throw new Error(`${name}: ${checked.error}`);
  return checked.data;
}

/**
 * Stores a file and a document that the engine has read as `data` (revision 1), the way an upload
 * and its extraction job do, without running the engine: for tests of what comes after.
 */
export async function storeReadDocument(
  db: Database,
  files: FileStore,
  input: { bytes: Uint8Array; name?: string; type?: DocumentType; data: ParsedData },
): Promise<string> {
  const staged = await files.stage(Readable.from([Buffer.from(input.bytes)]), {
    maxBytes: 100 * 1024 * 1024,
  });
  await staged.commit();
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const fileId = await recordFile(
      tx,
      { originalName: input.name ?? 'proposal', stored: staged },
      new Date(),
    );
    await tx.query(
      `insert into documents (id, type, name, file_id, status) values ($1, $2, $3, $4, 'processing')`,
      [id, input.type ?? 'carrierProposal', input.name ?? 'Proposal', fileId],
    );
  });
  await finishExtraction(db, id, input.data);
  return id;
}
