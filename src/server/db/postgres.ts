import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';

/** PostgreSQL through a connection pool (DATABASE_URL). */
export async function openPostgres(
  connectionString: string,
  options: { max?: number } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // Fail fast with a clear message when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await q.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  });
  return {
    kind: 'postgres',
    driver: { kind: 'postgres', connectionString },
    query: wrap(pool).query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
