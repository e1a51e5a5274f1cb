import type { PGlite } from '@electric-sql/pglite';

/**
 * The one database interface every service receives. Two implementations: PGlite (embedded,
 * DATA_DIR/db) and PostgreSQL (DATABASE_URL). One SQL dialect, the same migrations.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * How to reach the same database directly, for a library that speaks to it on its own (the
   * job queue, pg-boss): the embedded PGlite instance, or the PostgreSQL connection string.
   */
  readonly driver: DatabaseDriver;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseDriver =
  | { kind: 'pglite'; pglite: PGlite }
  | { kind: 'postgres'; connectionString: string };
