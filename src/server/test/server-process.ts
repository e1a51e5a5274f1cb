import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server (`node src/server/index.ts`) or worker (`node src/server/worker.ts`) in a
 * child process, for tests and benchmarks that need separate processes: several instances on
 * one database, SIGKILL at any moment, memory measured from /proc.
 */
export const serverEntry = fileURLToPath(new URL('../index.ts', import.meta.url));
export const workerEntry = fileURLToPath(new URL('../worker.ts', import.meta.url));

export interface ServerProcess {
  /** http://127.0.0.1:PORT (undefined for a worker). */
  url: string;
  pid: number;
  child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resident memory now, in bytes (Linux /proc). */
  rss(): number;
  /** Resident memory of the process and its child processes (the extraction sandbox), in bytes. */
  rssWithChildren(): number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM and wait (a clean shutdown). */
  stop(): Promise<number | null>;
  /** SIGKILL and wait: a crash. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
export function treeRss(pid: number): number {
  let total = 0;
  try {
    total += readRss(pid);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) total += treeRss(Number(child));
    }
  } catch {
    // the process is gone
  }
  return total;
}

export interface StartProcessOptions {
  /** Environment on top of this process's (PORT is chosen unless given). */
  env: Record<string, string>;
  /** `worker` runs `npm run worker`'s entry instead of the server. */
  entry?: 'server' | 'worker';
  /** How long to wait for /api/health (or, for a worker, its start-up line). */
  timeoutMs?: number;
  /** Stdout goes here (default: ignored). */
  stdout?: 'ignore' | 'inherit';
}

export async function startServerProcess(options: StartProcessOptions): Promise<ServerProcess> {
  const worker = options.entry === 'worker';
  const port = options.env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [worker ? workerEntry : serverEntry], {
    env: {
      ...process.env,
      LOG_LEVEL: worker ? 'info' : 'warn',
      HOST: '127.0.0.1',
      ...options.env,
      PORT: port,
    },
    stdio: ['ignore', worker ? 'pipe' : (options.stdout ?? 'ignore'), 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? null : code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the ${worker ? 'worker' : 'server'} exited at start: ${stderr.trim()}`);
    }
    if (worker) {
      if (stdout.includes('taking extraction jobs')) break;
    } else {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${worker ? 'worker' : 'server'} did not start in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    child,
    stderr: () => stderr,
    rss: () => readRss(child.pid!),
    rssWithChildren: () => treeRss(child.pid!),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
