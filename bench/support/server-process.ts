import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../src/server/test/server-process.ts';

export interface BenchServer {
  url: string;
  pid: number;
  /** Resident memory of the server process now (bytes), from /proc. */
  rss(): number;
  stop(): Promise<void>;
}

/**
 * The real server in its own process (so the load generator does not share its event loop),
 * on a fresh data directory, removed when stopped.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-bench-'));
  const server = await startServerProcess({ env: { DATA_DIR: dataDir, ...env } });
  return {
    url: server.url,
    pid: server.pid,
    rss: () => server.rss(),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
