import type { AuditFilter, AuditRecord } from '../../shared/auth/roles.ts';
import type { Queryable } from '../db/database.ts';
import { type PageRequest, pageClause, toPage } from '../http/pagination.ts';

/**
 * The audit trail (issue 15): every change is an append-only record — who, when, what, on which
 * object, a summary of before → after — written by the service that makes the change, in the
 * same transaction, so a change and its record stand or fall together.
 */

/** Who makes a change: the signed-in user, or the one user of AUTH=none. */
export interface Actor {
  userId: string | null;
  email: string;
  name: string;
  address?: string | undefined;
}

/** The one user of AUTH=none: every change is theirs. */
export const LOCAL_ACTOR: Actor = { userId: null, email: 'local', name: 'Local user' };

export interface AuditEntry {
  action: string;
  objectType: 'client' | 'document' | 'user' | 'session' | 'layout';
  objectId?: string | null;
  clientId?: string | null;
  documentId?: string | null;
  summary?: string;
}

export async function recordAudit(tx: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.query(
    `insert into audit_log
       (user_id, user_email, action, object_type, object_id, client_id, document_id, summary, address)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      actor.userId,
      actor.email,
      entry.action,
      entry.objectType,
      entry.objectId ?? null,
      entry.clientId ?? null,
      entry.documentId ?? null,
      (entry.summary ?? '').slice(0, 2000),
      actor.address ?? null,
    ],
  );
}

interface AuditRow {
  id: string;
  created_on: Date;
  user_email: string;
  action: string;
  object_type: string;
  object_id: string | null;
  client_id: string | null;
  document_id: string | null;
  summary: string;
}

/** Records newest first, filtered by object or user, paged like every list. */
export async function listAudit(
  db: Queryable,
  filter: AuditFilter,
  page: PageRequest,
): Promise<{ items: AuditRecord[]; nextCursor: string | undefined }> {
  const params: unknown[] = [];
  const where: string[] = [];
  for (const [column, value] of [
    ['client_id', filter.clientId],
    ['document_id', filter.documentId],
    ['user_id', filter.userId],
  ] as const) {
    if (value === undefined) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  const { rows } = await db.query<AuditRow>(
    `select id, created_on, user_email, action, object_type, object_id, client_id, document_id,
            summary
     from audit_log where ${[...where, pageClause(page, params)].join(' and ')}`,
    params,
  );
  const result = toPage(
    rows.map((r) => ({ ...r, createdOn: r.created_on })),
    page,
  );
  return {
    items: result.items.map((r) => ({
      id: r.id,
      at: r.created_on.toISOString(),
      userEmail: r.user_email,
      action: r.action,
      objectType: r.object_type,
      objectId: r.object_id,
      clientId: r.client_id,
      documentId: r.document_id,
      summary: r.summary,
    })),
    nextCursor: result.nextCursor,
  };
}

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ defused (spreadsheet formulas). */
export function csvCell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function auditCsv(records: AuditRecord[]): string {
  const header = ['time', 'user', 'action', 'object', 'object id', 'client', 'document', 'summary'];
  const lines = records.map((r) =>
    [r.at, r.userEmail, r.action, r.objectType, r.objectId, r.clientId, r.documentId, r.summary]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

export type { AuditFilter, AuditRecord };
