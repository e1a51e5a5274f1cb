import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on DATA_DIR. PGlite has no lock of its own: two processes on one data
 * directory would silently lose writes, so the second one is refused with a clear message.
 *
 * The lock is a file created with O_EXCL holding the owner's pid and host. A lock left by a
 * process that no longer runs (a crash, SIGKILL) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: string) {
    super(
      `The data directory ${dataDir} is in use by another Benefits Desk process (${owner}). ` +
        'Stop that process, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const processStartedAt = Date.now() - process.uptime() * 1000;

function ownerIsAlive(owner: { pid?: number; host?: string; since?: string }): boolean {
  // A lock taken on another host (a shared volume) cannot be checked: treat it as held.
  if (owner.host !== undefined && owner.host !== hostname()) return true;
  if (typeof owner.pid !== 'number') return false;
  if (owner.pid === process.pid) {
    // Our own pid: held by this very process, unless it was written before we started
    // (a container restarted with the same pid after a crash).
    const since = owner.since ? Date.parse(owner.since) : Number.NaN;
    return Number.isFinite(since) && since >= processStartedAt - 1000;
  }
  return processIsAlive(owner.pid);
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'benefits-desk.lock');
  const me = `pid ${process.pid} on ${hostname()}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; host?: string; since?: string } = {};
      try {
        owner = JSON.parse(readFileSync(lockPath, 'utf8'));
      } catch {
        // A lock file being written right now or left half-written: treat as held, then stale.
      }
      const alive = ownerIsAlive(owner);
      if (alive) {
        throw new DataDirLockedError(dataDir, `pid ${owner.pid} on ${owner.host ?? 'this host'}`);
      }
      // Stale: its owner is gone. Remove it and try again.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(
    dataDir,
    `unknown owner; remove ${lockPath} if no process runs (${me})`,
  );
}
