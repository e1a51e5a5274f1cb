import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Vitest global setup: one temporary directory for the whole run. `os.tmpdir()` follows
 * TMPDIR, which the test workers and the servers they start inherit, so every directory a test
 * makes lands under this root and goes with it at the end — an interrupted run leaves one
 * directory, not hundreds.
 */
export default function setup() {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(tmpdir(), 'bd-test-'));
  // The throwaway PostgreSQL server runs as its own user and must reach its directory in here.
  chmodSync(root, 0o711);
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
