import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

describe.each(testBackends())('database on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  const insertClient = (q: Pick<Database, 'query'>, name: string) =>
    q.query('insert into clients (id, name) values ($1, $2)', [randomUUID(), name]);

  it('migrating again applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('a failed transaction never rolls back an unrelated concurrent write', async () => {
    const failing = db.transaction(async (tx) => {
      await insertClient(tx, 'inside failed tx');
      await new Promise((r) => setTimeout(r, 30));
      throw new Error('boom');
    });
    const others = Array.from({ length: 10 }, (_, i) => insertClient(db, `outside ${i}`));
    await expect(failing).rejects.toThrow('boom');
    await Promise.all(others);
    const { rows } = await db.query<{ name: string }>('select name from clients order by name');
    const names = rows.map((r) => r.name);
    expect(names).not.toContain('inside failed tx');
    expect(names.filter((n) => n.startsWith('outside'))).toHaveLength(10);
  });

  it('commits a transaction as a whole', async () => {
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query('insert into clients (id, name) values ($1, $2)', [id, 'whole']);
      await tx.query('update clients set notes = $2 where id = $1', [id, 'n']);
    });
    const { rows } = await db.query('select notes from clients where id = $1', [id]);
    expect(rows).toEqual([{ notes: 'n' }]);
  });
});
