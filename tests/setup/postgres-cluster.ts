import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/test/server-process.ts';

/**
 * A throwaway PostgreSQL cluster for tests, from the server binaries under
 * /usr/lib/postgresql/<version>/bin. The server refuses to run as root, so as root it runs as
 * the `postgres` user. Returns undefined (with the reason) when no server binaries are present.
 */
export interface PostgresCluster {
  url: string;
  stop(): void;
}

export function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export async function startPostgresCluster(): Promise<PostgresCluster | { unavailable: string }> {
  const bin = findPostgresBin();
  if (!bin) return { unavailable: 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin' };
  const isRoot = process.getuid?.() === 0;
  const asUser = (cmd: string, args: string[]) =>
    isRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
  const dir = mkdtempSync(path.join(tmpdir(), 'bd-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const c = asUser(cmd, args);
    const result = spawnSync(c.cmd, c.args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(
        `${path.basename(cmd)} failed: ${result.stderr || result.stdout || result.error}`,
      );
    }
  };
  try {
    run(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: (error as Error).message };
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const c = asUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(c.cmd, c.args, { stdio: 'ignore' });
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
