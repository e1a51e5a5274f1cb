import type { Readable } from 'node:stream';

/** What a stored file is, from its bytes. */
export interface StoredBytes {
  sha256: string;
  size: number;
  /** Sniffed from the bytes; undefined when unrecognised. */
  contentType: string | undefined;
}

/**
 * Bytes received and held aside: `commit` puts them in place (durable, addressed by sha256),
 * `discard` drops them. A rejected upload is discarded and leaves nothing behind.
 */
export interface StagedFile extends StoredBytes {
  commit(): Promise<void>;
  /** Drops the bytes unless committed; safe to call more than once. */
  discard(): Promise<void>;
}

/**
 * Where uploaded bytes live. `stage` streams the bytes in under a size limit; nothing is
 * visible until `commit` (never a half-written file). Bytes are addressed by their sha256,
 * so storing the same file twice keeps one copy.
 */
export interface FileStore {
  stage(source: Readable, options: { maxBytes: number }): Promise<StagedFile>;
  /** A stream of the stored bytes, or undefined when the store has no such bytes. */
  get(sha256: string): Promise<Readable | undefined>;
  /** Removes stored bytes no record refers to any more (best effort). */
  remove(sha256: string): Promise<void>;
}

/** Thrown by `put` when the source is larger than `maxBytes`; nothing is kept. */
export class FileTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
    this.maxBytes = maxBytes;
  }
}
