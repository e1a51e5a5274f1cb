import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { tinyPng } from '../test/multipart.ts';
import { createDiskFileStore } from './disk-file-store.ts';
import { FileTooLargeError } from './file-store.ts';

const newStore = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bd-store-'));
  return { root, store: createDiskFileStore(root) };
};

describe('disk file store', () => {
  it('stages, sniffs, commits and reads back by sha256', async () => {
    const { root, store } = newStore();
    const staged = await store.stage(Readable.from([tinyPng]), { maxBytes: 1000 });
    expect(staged.contentType).toBe('image/png');
    expect(staged.size).toBe(tinyPng.length);
    expect(await store.get(staged.sha256)).toBeUndefined();
    await staged.commit();
    await staged.discard();
    const back = await store.get(staged.sha256);
    expect(Buffer.concat(await back!.toArray()).equals(tinyPng)).toBe(true);
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('leaves nothing behind when discarded', async () => {
    const { root, store } = newStore();
    const staged = await store.stage(Readable.from(['hello']), { maxBytes: 1000 });
    expect(staged.contentType).toBeUndefined();
    await staged.discard();
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
    expect(await store.get(staged.sha256)).toBeUndefined();
  });

  it('stops at the size limit and keeps nothing', async () => {
    const { root, store } = newStore();
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024, 1));
    await expect(store.stage(Readable.from(chunks), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('never builds a path from anything but a sha256', async () => {
    const { store } = newStore();
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    await store.remove('../x');
    expect(existsSync('/etc/passwd')).toBe(true);
  });

  it('keeps one copy of identical bytes', async () => {
    const { root, store } = newStore();
    for (let i = 0; i < 2; i++) {
      const s = await store.stage(Readable.from(['same bytes']), { maxBytes: 100 });
      await s.commit();
    }
    const objects = readdirSync(path.join(root, 'objects'), { recursive: true }).filter((f) =>
      /[0-9a-f]{64}$/.test(String(f)),
    );
    expect(objects).toHaveLength(1);
    expect(await text((await store.get(String(objects[0]).split('/')[1]!))!)).toBe('same bytes');
  });
});
