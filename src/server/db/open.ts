import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<{ db: Database; applied: string[] }> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'db'));
  try {
    const applied = await migrate(db);
    return { db, applied };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
