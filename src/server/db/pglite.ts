import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.ts';

/**
 * The embedded database. PGlite runs one connection; its query() waits for any open
 * transaction, so statements from other requests never run inside someone else's transaction.
 * `dataDir` undefined means in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    driver: { kind: 'pglite', pglite: pg },
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
