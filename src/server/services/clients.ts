import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import type { ReceivedFile } from '../http/multipart.ts';
import { type PageRequest, pageClause, toPage } from '../http/pagination.ts';
import { fileUrl, recordFile } from './files.ts';

/** A client as the API answers it (spec §3 Client; DESIGN.md §3). */
export interface ClientView {
  id: string;
  name: string;
  logo: string | null;
  classes: unknown[];
  notes: string | null;
  createdOn: string;
  revision: number;
}

interface ClientRow {
  id: string;
  name: string;
  notes: string | null;
  logo_file_id: string | null;
  billing: unknown[];
  revision: number;
  created_on: Date;
}

const columns = 'id, name, notes, logo_file_id, billing, revision, created_on';

function toView(row: ClientRow): ClientView {
  return {
    id: row.id,
    name: row.name,
    logo: fileUrl(row.logo_file_id),
    classes: Array.isArray(row.billing) ? row.billing : [],
    notes: row.notes,
    createdOn: row.created_on.toISOString(),
    revision: row.revision,
  };
}

export async function listClients(
  db: Queryable,
  page: PageRequest,
): Promise<{ items: ClientView[]; nextCursor: string | undefined }> {
  const params: unknown[] = [];
  const { rows } = await db.query<ClientRow>(
    `select ${columns} from clients where ${pageClause(page, params)}`,
    params,
  );
  const result = toPage(
    rows.map((r) => ({ ...r, createdOn: r.created_on })),
    page,
  );
  return { items: result.items.map(toView), nextCursor: result.nextCursor };
}

export async function getClient(db: Queryable, id: string): Promise<ClientView | undefined> {
  const { rows } = await db.query<ClientRow>(`select ${columns} from clients where id = $1`, [id]);
  return rows[0] ? toView(rows[0]) : undefined;
}

export interface NewClient {
  name: string;
  notes: string | undefined;
  logo: ReceivedFile | undefined;
}

/** Creates a client (and records its logo) in one transaction; returns the new id. */
export async function createClient(
  db: Database,
  input: NewClient,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const logoId = input.logo ? await recordFile(tx, input.logo, now) : null;
    await tx.query(
      `insert into clients (id, name, notes, logo_file_id, created_on) values ($1, $2, $3, $4, $5)`,
      [id, input.name, input.notes ?? null, logoId, now],
    );
  });
  return id;
}
