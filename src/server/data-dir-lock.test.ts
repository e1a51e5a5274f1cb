import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const lockModule = new URL('./data-dir-lock.ts', import.meta.url).pathname;

/** Runs a second process that tries to take the lock and reports what happened. */
function tryLockInChild(dir: string): Promise<string> {
  const code = `
    import { lockDataDir } from ${JSON.stringify(lockModule)};
    try { const l = lockDataDir(${JSON.stringify(dir)}); l.release(); console.log('locked'); }
    catch (e) { console.log(e.name + ': ' + e.message); }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });
}

describe('DATA_DIR lock', () => {
  it('refuses a second process with a clear message while held, and lets it in once released', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bd-lock-'));
    const lock = lockDataDir(dir);
    const refused = await tryLockInChild(dir);
    expect(refused).toMatch(
      /^DataDirLockedError: The data directory .* is in use by another Benefits Desk process/,
    );
    expect(refused).toContain(`pid ${process.pid}`);
    lock.release();
    expect(await tryLockInChild(dir)).toBe('locked');
  });

  it('refuses a second lock in the same process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bd-lock-'));
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bd-lock-'));
    writeFileSync(
      path.join(dir, 'benefits-desk.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: new Date() }),
    );
    const lock = lockDataDir(dir);
    lock.release();
  });
});
