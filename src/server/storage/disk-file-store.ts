import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStore, FileTooLargeError, type StagedFile } from './file-store.ts';
import { sniffContentType } from './sniff.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Bytes under DATA_DIR/files: written to tmp/ under a random name, fsynced, then renamed to
 * objects/ab/<sha256>. Paths are built only from the hash, never from a user's file name.
 */
export function createDiskFileStore(root: string): FileStore {
  const tmpDir = path.join(root, 'tmp');
  const objectsDir = path.join(root, 'objects');
  mkdirSync(tmpDir, { recursive: true });
  mkdirSync(objectsDir, { recursive: true });
  const objectPath = (sha256: string) => path.join(objectsDir, sha256.slice(0, 2), sha256);

  return {
    stage: (source, { maxBytes }) =>
      stageLocally(tmpDir, source, maxBytes, async (tmpPath, sha256) => {
        const target = objectPath(sha256);
        mkdirSync(path.dirname(target), { recursive: true });
        await rename(tmpPath, target);
      }),
    async get(sha256) {
      if (!SHA256.test(sha256)) return undefined;
      const file = objectPath(sha256);
      try {
        await stat(file);
      } catch {
        return undefined;
      }
      return createReadStream(file);
    },
    async remove(sha256) {
      if (SHA256.test(sha256)) await rm(objectPath(sha256), { force: true });
    },
  };
}

/**
 * Receives bytes into `tmpDir` under a random name (limit, hash, fsync, sniff) and returns them
 * staged: `commit` hands the temporary file to `place`, which puts the bytes where they live.
 */
export async function stageLocally(
  tmpDir: string,
  source: Readable,
  maxBytes: number,
  place: (tmpPath: string, sha256: string) => Promise<void>,
): Promise<StagedFile> {
  mkdirSync(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, randomUUID());
  let settled = false;
  const discard = async () => {
    if (settled) return;
    settled = true;
    await rm(tmpPath, { force: true });
  };
  try {
    const counted = await writeCounted(source, tmpPath, maxBytes);
    const contentType = await sniffContentType(tmpPath);
    return {
      ...counted,
      contentType,
      async commit() {
        if (settled) throw new Error('This file was already committed or discarded.');
        await place(tmpPath, counted.sha256);
        settled = true;
        await rm(tmpPath, { force: true });
      },
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

export const isSha256 = (value: string) => SHA256.test(value);

/** Streams `source` to `filePath` with a byte limit, hashing as it goes; fsyncs before resolving. */
export async function writeCounted(
  source: Readable,
  filePath: string,
  maxBytes: number,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new FileTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(source, counter, createWriteStream(filePath));
  // A source that truncates at a limit of its own (busboy) says so with a `truncated` flag.
  if ((source as Readable & { truncated?: boolean }).truncated)
    throw new FileTooLargeError(maxBytes);
  const handle = await open(filePath, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), size };
}
