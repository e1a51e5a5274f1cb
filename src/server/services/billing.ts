import type { Class } from '../../shared/billing/schema.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';

/** What a save of a client's billing parameters came to. */
export type SaveBillingResult =
  | { status: 'saved'; revision: number }
  | { status: 'notFound' }
  /** The save was based on `basedOn`, but the client is at `revision` now: nothing changed. */
  | { status: 'stale'; revision: number; basedOn: number };

export interface BillingSave {
  clientId: string;
  /** Already validated against the billing schema and the product catalogue. */
  classes: Class[];
  /**
   * The revision the editor was opened on. When given and no longer current the save is
   * refused; when absent (the spec's bare `{clientId, classes}` call) the save applies to
   * whatever is current — the replaced version is kept in the history either way.
   */
  revision?: number | undefined;
  /** Who saves (the audit trail); the local user when not said. */
  actor?: Actor | undefined;
}

/**
 * Saves a client's billing parameters in ONE transaction: locks the client row, refuses a save
 * based on a stale revision, writes the new document, bumps the revision and records the
 * history. `client_revisions` holds every version of the document by revision: the new one is
 * inserted on each save, and the replaced one too when it is not there yet (the initial empty
 * document at revision 0, or one written before history was kept), so nothing a save replaces
 * is ever lost.
 */
/** "2 classes, 5 products": the shape of a billing document, for the audit trail. */
function describeBilling(classes: unknown[]): string {
  const products = classes.reduce<number>((n, c) => {
    const list = (c as { products?: unknown[] }).products;
    return n + (Array.isArray(list) ? list.length : 0);
  }, 0);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(classes.length, 'class', 'classes')}, ${count(products, 'product', 'products')}`;
}

export async function saveBillingParameters(
  db: Database,
  save: BillingSave,
  now = new Date(),
): Promise<SaveBillingResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ revision: number }>(
      'select revision from clients where id = $1 for update',
      [save.clientId],
    );
    const current = rows[0];
    if (!current) return { status: 'notFound' };
    const previous = await tx.query<{ billing: unknown[] }>(
      'select billing from clients where id = $1',
      [save.clientId],
    );
    if (save.revision !== undefined && save.revision !== current.revision) {
      return { status: 'stale', revision: current.revision, basedOn: save.revision };
    }
    // The version being replaced, unless the history has it already. Revision 0 is the empty
    // document a client is created with, so it dates from the client's creation.
    await tx.query(
      `insert into client_revisions (client_id, revision, billing, saved_on)
       select id, revision, billing, case when revision = 0 then created_on else $2 end
       from clients where id = $1
       on conflict (client_id, revision) do nothing`,
      [save.clientId, now],
    );
    const updated = await tx.query<{ revision: number }>(
      `update clients set billing = $2::jsonb, revision = revision + 1
       where id = $1 returning revision`,
      [save.clientId, JSON.stringify(save.classes)],
    );
    const revision = updated.rows[0]!.revision;
    await tx.query(
      `insert into client_revisions (client_id, revision, billing, saved_on)
       values ($1, $2, $3::jsonb, $4)`,
      [save.clientId, revision, JSON.stringify(save.classes), now],
    );
    await recordAudit(tx, save.actor ?? LOCAL_ACTOR, {
      action: 'billing saved',
      objectType: 'client',
      objectId: save.clientId,
      clientId: save.clientId,
      summary: `revision ${current.revision} → ${revision}: ${describeBilling(previous.rows[0]?.billing ?? [])} → ${describeBilling(save.classes)}`,
    });
    return { status: 'saved', revision };
  });
}

export interface BillingRevision {
  revision: number;
  classes: unknown[];
  savedOn: string;
}

/** Every kept version of a client's billing parameters, newest first. */
export async function listBillingRevisions(
  db: Queryable,
  clientId: string,
): Promise<BillingRevision[]> {
  const { rows } = await db.query<{ revision: number; billing: unknown[]; saved_on: Date }>(
    `select revision, billing, saved_on from client_revisions
     where client_id = $1 order by revision desc`,
    [clientId],
  );
  return rows.map((r) => ({
    revision: r.revision,
    classes: r.billing,
    savedOn: new Date(r.saved_on).toISOString(),
  }));
}
