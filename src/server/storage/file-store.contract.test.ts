import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testBackends } from '../test/backends.ts';
import { tinyPng } from '../test/multipart.ts';
import { createDiskFileStore } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';
import { FileTooLargeError } from './file-store.ts';
import { CHUNK_BYTES, createPostgresFileStore } from './postgres-file-store.ts';

const newTmp = () => mkdtempSync(path.join(tmpdir(), 'bd-store-'));
const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const stores: Array<{ name: string; make(): Promise<{ store: FileStore; tmp: string }> }> = [
  {
    name: 'disk',
    async make() {
      const root = newTmp();
      return { store: createDiskFileStore(root), tmp: path.join(root, 'tmp') };
    },
  },
  ...testBackends().map((backend) => ({
    name: `database on ${backend.name}`,
    async make() {
      const db = await backend.open();
      opened.push(db);
      const tmp = newTmp();
      return { store: createPostgresFileStore(db, tmp), tmp };
    },
  })),
];

const read = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe.each(stores)('file store: $name', ({ make }) => {
  let made: Promise<{ store: FileStore; tmp: string }> | undefined;
  const open = () => {
    made ??= make();
    return made;
  };

  it('stages, sniffs and commits; nothing is readable before commit', async () => {
    const { store, tmp } = await open();
    const staged = await store.stage(Readable.from([tinyPng]), { maxBytes: 1000 });
    expect(staged.contentType).toBe('image/png');
    expect(staged.size).toBe(tinyPng.length);
    expect(await store.get(staged.sha256)).toBeUndefined();
    await staged.commit();
    expect((await read((await store.get(staged.sha256))!)).equals(tinyPng)).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('keeps large files byte for byte, across chunk boundaries', async () => {
    const { store } = await open();
    const big = Buffer.alloc(CHUNK_BYTES * 2 + 12345);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + 7) % 251;
    const staged = await store.stage(Readable.from([big]), { maxBytes: big.length });
    await staged.commit();
    expect((await read((await store.get(staged.sha256))!)).equals(big)).toBe(true);
  });

  it('stores identical bytes once and an empty file too', async () => {
    const { store } = await open();
    for (let i = 0; i < 2; i++)
      await (await store.stage(Readable.from(['same']), { maxBytes: 10 })).commit();
    const empty = await store.stage(Readable.from([]), { maxBytes: 10 });
    await empty.commit();
    expect((await read((await store.get(empty.sha256))!)).length).toBe(0);
  });

  it('discards refused bytes and stops at the limit', async () => {
    const { store, tmp } = await open();
    const staged = await store.stage(Readable.from(['hello']), { maxBytes: 100 });
    await staged.discard();
    expect(await store.get(staged.sha256)).toBeUndefined();
    await expect(
      store.stage(Readable.from([Buffer.alloc(5000)]), { maxBytes: 4096 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('answers undefined for anything but a stored sha256', async () => {
    const { store } = await open();
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    expect(await store.get('a'.repeat(64))).toBeUndefined();
  });
});
