import { type Db, fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseDriver, Queryable } from '../db/database.ts';

/**
 * pg-boss on the app's database (docs/decisions/0009-job-queue.md): on PGlite through its
 * adapter over the one embedded instance (multi-statement SQL goes through PGlite's `exec`), on
 * PostgreSQL through a small pool of its own. Its tables live in the `pgboss` schema, which it
 * creates and migrates itself on start.
 */
export interface BossOptions {
  /**
   * How often expired and silent jobs are looked for, in seconds. pg-boss's supervisor runs
   * this often, and its expiry sweep at most once per monitor interval across all instances
   * (claimed in the database), so both are set to it.
   */
  superviseIntervalSeconds: number;
  /** Connections pg-boss may hold on PostgreSQL. */
  maxConnections?: number;
}

export function createBoss(driver: DatabaseDriver, options: BossOptions): PgBoss {
  const common = {
    superviseIntervalSeconds: options.superviseIntervalSeconds,
    monitorIntervalSeconds: options.superviseIntervalSeconds,
    // One instance row per process is kept in pgboss.instance; none is needed here.
    registerInstance: false,
    // No cron schedules are used.
    schedule: false,
  } as const;
  if (driver.kind === 'pglite') {
    return new PgBoss({ ...common, db: fromPglite(driver.pglite), backend: 'pglite' });
  }
  return new PgBoss({
    ...common,
    connectionString: driver.connectionString,
    max: options.maxConnections ?? 3,
    application_name: 'benefits-desk-jobs',
  });
}

/**
 * The caller's open transaction as a pg-boss database, so that `send(..., { db })` adds a job in
 * that transaction: committed with it, or rolled back with it. pg-boss sends a job as a single
 * parameterised statement, which is all this runs.
 */
export function transactionDb(tx: Queryable): Db {
  return {
    async executeSql(text, values) {
      const { rows } = await tx.query(text, values);
      return { rows };
    },
  };
}
