/**
 * Client API benchmark (issue 2): GET /api/clients with 1,000 clients on loopback, next to the
 * trivial JSON route GET /api/health of the same server in the same run; the ratio is the figure.
 * Run alone with `node bench/clients.ts`.
 */
import autocannon from 'autocannon';
import { startBenchServer } from './support/server-process.ts';
import { heading } from './support/stats.ts';

const CLIENTS = 1000;
const DURATION_S = 8;

async function seed(url: string, cookie = '') {
  const notes = 'Renewal in March; compare dental and vision quotes. '.repeat(3);
  for (let i = 0; i < CLIENTS; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, CLIENTS - i) }, async (_, j) => {
        const form = new FormData();
        form.append('name', `Bench Client ${i + j}`);
        form.append('notes', notes);
        const res = await fetch(`${url}/api/clients/createClient`, {
          method: 'POST',
          body: form,
          headers: { cookie },
        });
        if (res.status !== 201) throw new Error(`seeding failed: ${res.status}`);
      }),
    );
  }
}

function load(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const ADMIN = { email: 'bench@bench.example', password: 'a bench admin password' };

/**
 * The cost of sign-in: the same list, with the same clients, on a server with AUTH=local and a
 * session cookie on every request (one session lookup in the database per request).
 */
async function benchSessionCheck(): Promise<void> {
  heading(`GET /api/clients with and without sign-in (${CLIENTS} clients, ${DURATION_S} s each)`);
  const open = await startBenchServer();
  const signedIn = await startBenchServer({
    AUTH: 'local',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const res = await fetch(`${signedIn.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    await seed(open.url);
    await seed(signedIn.url, cookie);
    await load(`${open.url}/api/clients`); // warm-up
    await load(`${signedIn.url}/api/clients`, { cookie });
    const without = await load(`${open.url}/api/clients`);
    const withSession = await load(`${signedIn.url}/api/clients`, { cookie });
    const row = (name: string, r: autocannon.Result) =>
      console.info(
        `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`,
      );
    row('AUTH=none', without);
    row('AUTH=local, with a session', withSession);
    console.info(
      `ratio: with a session check the list serves ${((withSession.requests.average / without.requests.average) * 100).toFixed(1)}% of the requests/second it serves without sign-in`,
    );
  } finally {
    await Promise.all([open.stop(), signedIn.stop()]);
  }
}

export async function benchClients(): Promise<void> {
  heading(
    `GET /api/clients with ${CLIENTS} clients (10 connections, ${DURATION_S} s each, loopback)`,
  );
  const server = await startBenchServer();
  try {
    await seed(server.url);
    const listBytes = (await (await fetch(`${server.url}/api/clients`)).arrayBuffer()).byteLength;
    await load(`${server.url}/api/health`); // warm-up
    const trivial = await load(`${server.url}/api/health`);
    const list = await load(`${server.url}/api/clients`);
    const row = (name: string, r: autocannon.Result) =>
      console.info(
        `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`,
      );
    row('GET /api/health (trivial)', trivial);
    row(`GET /api/clients (${(listBytes / 1024).toFixed(0)} KB)`, list);
    console.info(
      `ratio: the client list serves ${((list.requests.average / trivial.requests.average) * 100).toFixed(1)}% of the trivial route's requests/second`,
    );
  } finally {
    await server.stop();
  }
  await benchSessionCheck();
}

if (import.meta.main) await benchClients();
