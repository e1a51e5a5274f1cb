/**
 * Mixed load (issue 8), against the real server in its own process on loopback, for 30 s on the
 * embedded database and 30 s on a throwaway PostgreSQL (when its server binaries are present):
 * - reads at a steady rate (autocannon, fixed overall rate): the client list and one proposal;
 * - at the same time 10 clients upload 1 MB PDFs back to back, and 5 save billing parameters
 *   (3 classes × 5 products each, each on a client of its own, with its revision).
 * Each upload is stored, queued and read by the configured engine in its sandbox (these
 * PDF-looking bodies fail there quickly: the load is on receiving and storing). Prints per route:
 * requests, throughput, p50/p99 and errors (goal: none), and the server's peak RSS with and
 * without its extraction child. Asserts nothing. Run alone with `node bench/load.ts [pglite|postgres]`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type ServerProcess, startServerProcess } from '../src/server/test/server-process.ts';
import { sampleBillingDocument } from '../src/shared/billing/testing/sample-client.ts';
import { startPostgresCluster } from '../tests/setup/postgres-cluster.ts';
import { heading, mb, quantile } from './support/stats.ts';

const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const READS_PER_SECOND = 200;
const UPLOADERS = 10;
const SAVERS = 5;
const SEED_CLIENTS = 200;
const UPLOAD_BYTES = 1024 * 1024;

interface RouteFigures {
  route: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 1 MB PDF-looking body with bytes of its own (the store keeps one copy of equal bytes). */
function pdfBody(n: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(UPLOAD_BYTES);
  bytes.fill(0x20);
  const head = Buffer.from(`%PDF-1.7\n%load ${n} ${randomUUID()}\n`);
  bytes.set(head, 0);
  return bytes;
}

async function createClient(url: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('notes', 'Renewal in March; compare dental and vision quotes.');
  const res = await fetch(`${url}/api/clients/createClient`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`seeding a client failed: ${res.status}`);
  return ((await res.json()) as { sanityId: string }).sanityId;
}

async function seed(url: string) {
  for (let i = 0; i < SEED_CLIENTS; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) => createClient(url, `Load Client ${i + j}`)),
    );
  }
  const form = new FormData();
  form.append('name', 'Load proposal');
  form.append('documentType', 'carrierProposal');
  form.append('file', new Blob([pdfBody(0)], { type: 'application/pdf' }), 'p.pdf');
  const res = await fetch(`${url}/api/upload-document`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`seeding a proposal failed: ${res.status}`);
  const proposalId = ((await res.json()) as { id: string }).id;
  const saverClients = await Promise.all(
    Array.from({ length: SAVERS }, (_, i) => createClient(url, `Billing Client ${i}`)),
  );
  return { proposalId, saverClients };
}

function steadyReads(url: string, path: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${path}`,
        connections: 4,
        duration: DURATION_S,
        overallRate: READS_PER_SECOND / 2,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** `workers` loops running `once` back to back until the time is up; latencies and errors. */
async function loops(
  workers: number,
  until: number,
  once: (worker: number, n: number) => Promise<boolean>,
) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; performance.now() < until; n++) {
        const t = performance.now();
        try {
          if (await once(worker, n)) latencies.push(performance.now() - t);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function mixedLoad(
  server: ServerProcess,
): Promise<{ rows: RouteFigures[]; peakRss: number; idleRss: number; peakWithChildren: number }> {
  const { proposalId, saverClients } = await seed(server.url);
  const classes = sampleBillingDocument({ classes: 3, products: 5 });
  const saveBytes = JSON.stringify(classes).length;
  await sleep(500);
  const idleRss = server.rss();
  let peakRss = idleRss;
  let peakWithChildren = server.rssWithChildren();
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, server.rss());
      peakWithChildren = Math.max(peakWithChildren, server.rssWithChildren());
    } catch {
      // the process is gone
    }
  }, 50);

  const until = performance.now() + DURATION_S * 1000;
  let uploadCounter = 0;
  const revisions = new Map<string, number>(saverClients.map((id) => [id, 0]));
  const [list, proposal, uploads, saves] = await Promise.all([
    steadyReads(server.url, '/api/clients'),
    steadyReads(server.url, `/api/documents/carrierProposals/${proposalId}`),
    loops(UPLOADERS, until, async () => {
      const form = new FormData();
      form.append('name', `Upload ${++uploadCounter}`);
      form.append('documentType', 'carrierProposal');
      form.append('file', new Blob([pdfBody(uploadCounter)], { type: 'application/pdf' }), 'u.pdf');
      const res = await fetch(`${server.url}/api/upload-document`, { method: 'POST', body: form });
      await res.arrayBuffer();
      return res.status === 201;
    }),
    loops(SAVERS, until, async (worker) => {
      const clientId = saverClients[worker]!;
      const res = await fetch(`${server.url}/api/clients/updateBillingParameters`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, classes, revision: revisions.get(clientId) }),
      });
      const body = (await res.json()) as { revision?: number };
      if (res.status !== 200 || body.revision === undefined) return false;
      revisions.set(clientId, body.revision);
      return true;
    }),
  ]);
  clearInterval(sampler);

  const fromCannon = (route: string, r: autocannon.Result): RouteFigures => ({
    route,
    requests: r.requests.total,
    perSecond: r.requests.total / DURATION_S,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  });
  const fromLoops = (route: string, r: Awaited<ReturnType<typeof loops>>): RouteFigures => ({
    route,
    requests: r.latencies.length + r.errors,
    perSecond: r.latencies.length / r.seconds,
    p50: quantile(r.latencies, 0.5),
    p99: quantile(r.latencies, 0.99),
    errors: r.errors,
  });
  return {
    rows: [
      fromCannon(`GET /api/clients (${SEED_CLIENTS + SAVERS} clients)`, list),
      fromCannon('GET /api/documents/carrierProposals/:id', proposal),
      fromLoops(`POST /api/upload-document (1 MB PDF, ${UPLOADERS} clients)`, uploads),
      fromLoops(
        `POST …/updateBillingParameters (${(saveBytes / 1024).toFixed(0)} KB, ${SAVERS} clients)`,
        saves,
      ),
    ],
    peakRss,
    idleRss,
    peakWithChildren,
  };
}

function print({
  rows,
  peakRss,
  idleRss,
  peakWithChildren,
}: Awaited<ReturnType<typeof mixedLoad>>) {
  for (const r of rows) {
    console.info(
      `${r.route.padEnd(58)} ${String(r.requests).padStart(6)} req  ${r.perSecond.toFixed(1).padStart(7)}/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}`,
    );
  }
  const total = rows.reduce((n, r) => n + r.requests, 0);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  console.info(
    `all routes: ${total} requests in ${DURATION_S} s (${(total / DURATION_S).toFixed(1)}/s), errors ${errors}; server RSS idle ${mb(idleRss)}, peak ${mb(peakRss)} (${mb(peakWithChildren)} with the extraction sandbox)`,
  );
}

async function onPglite() {
  heading(`Mixed load on the embedded database (PGlite), ${DURATION_S} s`);
  const server = await startServerProcess({
    env: { DATA_DIR: await tmpDataDir(), MAX_UPLOAD_MB: '50' },
  });
  try {
    print(await mixedLoad(server));
  } finally {
    await server.stop();
  }
}

async function onPostgres() {
  const cluster = await startPostgresCluster();
  if ('unavailable' in cluster) {
    console.info(`\n(mixed load on PostgreSQL skipped: ${cluster.unavailable})`);
    return;
  }
  heading(`Mixed load on PostgreSQL (throwaway cluster on loopback), ${DURATION_S} s`);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bench_load');
    await admin.end();
    const server = await startServerProcess({
      env: {
        DATABASE_URL: cluster.url.replace(/\/[^/]*$/, '/bench_load'),
        DATA_DIR: await tmpDataDir(),
        MAX_UPLOAD_MB: '50',
      },
    });
    try {
      print(await mixedLoad(server));
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
  }
}

const made: string[] = [];
async function tmpDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bd-bench-load-'));
  made.push(dir);
  return dir;
}

export async function benchLoad(which: Array<'pglite' | 'postgres'> = ['pglite', 'postgres']) {
  try {
    if (which.includes('pglite')) await onPglite();
    if (which.includes('postgres')) await onPostgres();
  } finally {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const asked = process.argv
    .slice(2)
    .filter((a): a is 'pglite' | 'postgres' => a === 'pglite' || a === 'postgres');
  await benchLoad(asked.length ? asked : undefined);
}
