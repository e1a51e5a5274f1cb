import { randomUUID } from 'node:crypto';
import type { Client } from '../../shared/clients/client.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ReceivedFile } from '../http/multipart.ts';
import { encodeCursor, type PageRequest, pageClause } from '../http/pagination.ts';
import { fileUrl, recordFile } from './files.ts';

export type ClientView = Client;

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

/**
 * One page of clients, newest first, as a ready JSON array: PostgreSQL builds the JSON in one
 * value, so a page of a thousand clients is one string rather than thousands of parsed cells.
 */
export async function listClientsJson(
  db: Queryable,
  page: PageRequest,
): Promise<{ json: string; nextCursor: string | undefined }> {
  const params: unknown[] = [];
  const { rows } = await db.query<{
    json: string;
    more: boolean;
    last_created: Date | null;
    last_id: string | null;
  }>(
    `with page as (
       select ${columns}, row_number() over (order by created_on desc, id desc) as n
       from clients where ${pageClause(page, params)}
     )
     select
       coalesce(json_agg(json_build_object(
         'id', id, 'name', name,
         'logo', case when logo_file_id is null then null else '/api/files/' || logo_file_id end,
         'classes', billing, 'notes', notes,
         'createdOn', to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'revision', revision
       ) order by n) filter (where n <= $${params.length}::int - 1), '[]')::text as json,
       count(*) > $${params.length}::int - 1 as more,
       max(created_on) filter (where n = $${params.length}::int - 1) as last_created,
       max(id::text) filter (where n = $${params.length}::int - 1) as last_id
     from page`,
    params,
  );
  const row = rows[0]!;
  const nextCursor =
    row.more && row.last_created && row.last_id
      ? encodeCursor(new Date(row.last_created), row.last_id)
      : undefined;
  return { json: row.json, nextCursor };
}

/**
 * The first page of the client list (what every screen asks for) served from memory while the
 * clients table's change version is unchanged; any other page goes to the database.
 */
export function createClientListCache() {
  let cached:
    | { version: string; limit: number; json: string; nextCursor: string | undefined }
    | undefined;
  return async function listClientsCached(db: Queryable, page: PageRequest) {
    if (page.before) return listClientsJson(db, page);
    const { rows } = await db.query<{ version: string }>(
      "select version::text as version from change_versions where name = 'clients'",
    );
    const version = rows[0]?.version ?? '';
    if (cached && cached.version === version && cached.limit === page.limit) return cached;
    const fresh = await listClientsJson(db, page);
    cached = { version, limit: page.limit, ...fresh };
    return fresh;
  };
}

export async function getClient(db: Queryable, id: string): Promise<ClientView | undefined> {
  const { rows } = await db.query<ClientRow>(`select ${columns} from clients where id = $1`, [id]);
  return rows[0] ? toView(rows[0]) : undefined;
}

export interface NewClient {
  name: string;
  notes: string | undefined;
  logo: ReceivedFile | undefined;
  /** Who creates it (the audit trail); the local user when not said. */
  actor?: Actor | undefined;
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
    await recordAudit(tx, input.actor ?? LOCAL_ACTOR, {
      action: 'client created',
      objectType: 'client',
      objectId: id,
      clientId: id,
      summary: input.name,
    });
  });
  return id;
}
