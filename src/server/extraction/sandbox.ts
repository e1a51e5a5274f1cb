import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import type { LayoutTemplate } from './learned/template.ts';
import { ExtractionError, type ExtractionInput, type ExtractionProvider } from './provider.ts';

/**
 * Runs an extraction provider in a child process of its own (docs/decisions/0011-production-readiness.md),
 * so that a hostile or broken document cannot hurt the server: the server's event loop stays free
 * while a document is read; a document that needs more memory than `maxRssMb` (the whole child:
 * V8 heap, buffers, WebAssembly) is stopped with a reason; a cancelled or timed-out reading is
 * killed outright (a parser stuck in a loop cannot ignore it); a crash of a native library takes
 * the child down, not the server. A child reads one document at a time and is reused while
 * healthy; it exits when the server goes away.
 */

export interface SandboxOptions {
  /** The provider's name (what GET /api/config shows). */
  name: string;
  /** The module that builds the provider, e.g. new URL('./local-engine.ts', import.meta.url). */
  module: URL;
  /** Its exported factory, called once per child with no arguments (default `createProvider`). */
  factory?: string;
  /** Resident memory one child may use, in MB (checked every `memoryCheckMs`). */
  maxRssMb?: number;
  /** V8 heap limit of a child, in MB (default: half of maxRssMb). */
  maxHeapMb?: number;
  /** How often the child's memory is checked (default 100 ms). */
  memoryCheckMs?: number;
  /** An idle child exits after this long, giving its memory back (default 5 minutes). */
  idleMs?: number;
}

export interface SandboxedProvider extends ExtractionProvider {
  /** Peak resident memory of any child so far, in bytes (Linux; 0 elsewhere). */
  peakRss(): number;
  /** Kills every child. */
  close(): Promise<void>;
}

export const sandboxFailures = {
  memory: (mb: number) =>
    `Reading this document needed more than ${mb} MB of memory, so it was stopped. ` +
    'The file may be damaged or built to be hostile; try a smaller or simpler copy of it.',
  crashed: 'The document reader stopped unexpectedly while reading this document.',
} as const;

const childEntry = fileURLToPath(new URL('./sandbox-child.ts', import.meta.url));

interface Child {
  process: ChildProcess;
  busy: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  stderr: string;
}

interface ChildAnswer {
  id: number;
  /** The child read the document and asks for the learned layouts that can match it. */
  fingerprint?: LayoutTemplate['fingerprint'];
  data?: ParsedData;
  error?: { message: string; retryable: boolean; extraction: boolean };
}

export function createSandboxedProvider(options: SandboxOptions): SandboxedProvider {
  const maxRssMb = options.maxRssMb ?? 1024;
  const maxHeapMb = options.maxHeapMb ?? Math.max(64, Math.floor(maxRssMb / 2));
  const memoryCheckMs = options.memoryCheckMs ?? 100;
  const idleMs = options.idleMs ?? 5 * 60_000;
  const idle: Child[] = [];
  const all = new Set<Child>();
  let peak = 0;
  let nextId = 0;

  function spawnChild(): Child {
    const child = fork(childEntry, [], {
      execArgv: [`--max-old-space-size=${maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {
        ...process.env,
        BD_SANDBOX_MODULE: options.module.href,
        BD_SANDBOX_FACTORY: options.factory ?? 'createProvider',
      },
    });
    const entry: Child = { process: child, busy: false, idleTimer: undefined, stderr: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      entry.stderr = (entry.stderr + chunk.toString()).slice(-4096);
    });
    child.once('exit', () => {
      all.delete(entry);
      const at = idle.indexOf(entry);
      if (at >= 0) idle.splice(at, 1);
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
    });
    all.add(entry);
    return entry;
  }

  function release(child: Child) {
    child.busy = false;
    if (child.process.exitCode !== null || child.process.signalCode !== null) return;
    idle.push(child);
    child.idleTimer = setTimeout(() => child.process.kill('SIGTERM'), idleMs);
    child.idleTimer.unref();
  }

  function take(): Child {
    const child = idle.pop() ?? spawnChild();
    if (child.idleTimer) clearTimeout(child.idleTimer);
    child.busy = true;
    return child;
  }

  async function extract(input: ExtractionInput): Promise<ParsedData> {
    input.signal?.throwIfAborted();
    const child = take();
    const id = ++nextId;
    return new Promise<ParsedData>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        peak = Math.max(peak, rssOf(child.process.pid));
        input.signal?.removeEventListener('abort', onAbort);
        child.process.off('message', onMessage);
        child.process.off('exit', onExit);
        if (keep) release(child);
        else child.process.kill('SIGKILL');
        outcome();
      };
      const onMessage = (answer: ChildAnswer) => {
        if (answer.id !== id) return;
        if (answer.fingerprint) {
          const ask = input.learnedLayoutsFor;
          void Promise.resolve(ask ? ask(answer.fingerprint) : [])
            .catch(() => [])
            .then((layouts) => {
              if (!settled) child.process.send({ id, layouts });
            });
          return;
        }
        if (answer.data) return finish(() => resolve(answer.data!), true);
        const error = answer.error!;
        finish(
          () =>
            reject(
              error.extraction
                ? new ExtractionError(error.message, { retryable: error.retryable })
                : new Error(`The document reader failed: ${error.message}`),
            ),
          true,
        );
      };
      const onExit = () => {
        const outOfMemory = /heap out of memory|Allocation failed|out of memory/i.test(
          child.stderr,
        );
        finish(
          () =>
            reject(
              outOfMemory
                ? new ExtractionError(sandboxFailures.memory(maxRssMb))
                : new Error(`${sandboxFailures.crashed} ${child.stderr.trim().slice(-300)}`),
            ),
          false,
        );
      };
      const onAbort = () => finish(() => reject(input.signal!.reason), false);
      const watch = setInterval(() => {
        const rss = rssOf(child.process.pid);
        peak = Math.max(peak, rss);
        if (rss > maxRssMb * 1024 * 1024) {
          finish(() => reject(new ExtractionError(sandboxFailures.memory(maxRssMb))), false);
        }
      }, memoryCheckMs);
      child.process.on('message', onMessage);
      child.process.once('exit', onExit);
      input.signal?.addEventListener('abort', onAbort, { once: true });
      child.process.send({
        id,
        input: {
          bytes: input.bytes,
          contentType: input.contentType,
          documentType: input.documentType,
          ...(input.modelId ? { modelId: input.modelId } : {}),
          ...(input.learnedLayouts?.length ? { learnedLayouts: input.learnedLayouts } : {}),
          ...(input.learnedLayoutsFor ? { asksLayouts: true } : {}),
        },
      });
    });
  }

  return {
    name: options.name,
    extract,
    peakRss: () => peak,
    async close() {
      await Promise.all(
        [...all].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.process.exitCode !== null || child.process.signalCode !== null)
                return resolve();
              child.process.once('exit', () => resolve());
              child.process.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

/** Resident memory of a process in bytes, from /proc (0 where there is none). */
function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
