import { findEmployerName, suggestClient } from '../../shared/clients/employer-match.ts';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { DocumentLayout } from '../extraction/layout.ts';
import { ExtractionError } from '../extraction/provider.ts';
import { readDocument } from '../extraction/read/read-document.ts';
import type { FileStore } from '../storage/file-store.ts';

/** Whether a client with this id exists. */
export async function clientExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from clients where id = $1', [id]);
  return rows.length > 0;
}

/**
 * Links a document to a client, or unlinks it (null), with its audit record in the same
 * transaction. Answers false when there is no such document; the caller checked the client exists.
 */
export async function setDocumentClient(
  db: Database,
  type: DocumentType,
  id: string,
  clientId: string | null,
  actor: Actor = LOCAL_ACTOR,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; before: string | null }>(
      `update documents d set client_id = $3, updated_on = now()
       from (select id, client_id from documents where type = $1 and id = $2 for update) old
       where d.id = old.id
       returning d.name, old.client_id as before`,
      [type, id, clientId],
    );
    const row = rows[0];
    if (!row) return false;
    if (row.before !== clientId) {
      await recordAudit(tx, actor, {
        action: clientId ? 'document linked to a client' : 'document unlinked from its client',
        objectType: 'document',
        objectId: id,
        documentId: id,
        clientId: clientId ?? row.before,
        summary: `"${row.name}": client ${row.before ?? 'none'} → ${clientId ?? 'none'}`,
      });
    }
    return true;
  });
}

/** The lines of text of a read document, in reading order (lines, then table rows). */
export function layoutLines(layout: DocumentLayout): string[] {
  const lines: string[] = [];
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (block.kind === 'line') lines.push(block.line.text);
      else {
        const rows = new Map<number, string[]>();
        for (const cell of block.table.cells) {
          const row = rows.get(cell.row) ?? [];
          row.push(cell.text);
          rows.set(cell.row, row);
        }
        for (const [, row] of [...rows].sort((a, b) => a[0] - b[0])) lines.push(row.join(': '));
      }
    }
  }
  return lines;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The employer a document's text names, read from its file once and kept (documents.employer_name).
 * Text layers and DOCX only: a scan needs OCR and is not read for this (no suggestion).
 */
async function employerOf(
  db: Queryable,
  files: FileStore,
  doc: { id: string; employer_name: string | null; sha256: string; content_type: string },
): Promise<string | undefined> {
  if (doc.employer_name !== null) return doc.employer_name || undefined;
  let name: string | undefined;
  try {
    const stream = await files.get(doc.sha256);
    if (stream) {
      const layout = await readDocument(await readAll(stream), doc.content_type, {
        ocr: () => {
          throw new ExtractionError('Scans are not read for a client suggestion.');
        },
      });
      name = findEmployerName(layoutLines(layout));
    }
  } catch {
    // a scan (no OCR here), a file the reader refuses or cannot open: no employer read
  }
  await db.query('update documents set employer_name = $2 where id = $1', [doc.id, name ?? '']);
  return name;
}

export interface ClientSuggestion {
  /** The employer the document names, as printed; null when it names none. */
  employerName: string | null;
  /** The nearest client by name, when near enough. */
  client: { id: string; name: string } | null;
}

/** The client a document looks like it is for (undefined: no such document). */
export async function suggestClientFor(
  db: Queryable,
  files: FileStore,
  type: DocumentType,
  id: string,
): Promise<ClientSuggestion | undefined> {
  const { rows } = await db.query<{
    id: string;
    employer_name: string | null;
    sha256: string;
    content_type: string;
  }>(
    `select d.id, d.employer_name, f.sha256, f.content_type
     from documents d join files f on f.id = d.file_id where d.type = $1 and d.id = $2`,
    [type, id],
  );
  const doc = rows[0];
  if (!doc) return undefined;
  const employer = await employerOf(db, files, doc);
  if (!employer) return { employerName: null, client: null };
  const clients = await db.query<{ id: string; name: string }>(
    'select id, name from clients order by created_on desc, id desc',
  );
  const match = suggestClient(employer, clients.rows);
  return {
    employerName: employer,
    client: match ? { id: match.client.id, name: match.client.name } : null,
  };
}
