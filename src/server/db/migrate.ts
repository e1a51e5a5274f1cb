import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** A fixed key for the advisory lock that keeps two instances from migrating at once. */
const MIGRATION_LOCK = 727_001;

export interface Migration {
  version: string;
  sql: string;
}

export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(`${dir}/${f}`, 'utf8') }));
}

/**
 * Applies the numbered SQL migrations not applied yet, each in its own transaction, under an
 * advisory lock so that several instances starting together on one PostgreSQL migrate once.
 * Returns the versions applied.
 */
export async function migrate(db: Database, migrations = loadMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `create table if not exists schema_migrations (
         version text primary key,
         applied_on timestamptz not null default now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}

/**
 * Splits a migration script into statements at semicolons that end a line, outside of
 * dollar-quoted bodies. Migrations are written one statement per `;`-terminated line.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const trimmed = line.trim();
    if (!inDollar && (trimmed.startsWith('--') || trimmed === '')) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
