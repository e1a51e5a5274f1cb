import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, eventually } from './test/backends.ts';
import { carrierNameFor, type FakeAzure, startFakeAzure } from './test/fake-azure.ts';
import { buildPdf } from './test/hostile.ts';
import { type ServerProcess, startServerProcess } from './test/server-process.ts';

/**
 * Scale-out (issue 8): two real app instances (`node src/server/index.ts`) and one extraction-only
 * worker (`npm run worker`) on one throwaway PostgreSQL database, each with a DATA_DIR of its
 * own, so nothing can pass through one instance's memory or disk. What one instance writes,
 * the other serves at once; every document is read exactly once, whoever takes its job.
 */

const databaseUrl = await createTestDatabaseUrl();
const MB = 1024 * 1024;

/** Distinct bytes of a PDF of about `size` bytes (the type is sniffed from the header). */
function pdfOfSize(label: string, size: number): Buffer {
  const head = buildPdf([label]);
  const filler = Buffer.alloc(Math.max(0, size - head.length));
  for (let i = 0; i < filler.length; i++) filler[i] = (i * 7 + label.length) % 251;
  // Bytes after %%EOF are ignored by readers; they make the file big and distinct.
  return Buffer.concat([head, Buffer.from(`%${label}\n`), filler]);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!databaseUrl)('two app instances and a worker on one PostgreSQL', () => {
  let azure: FakeAzure;
  let a: ServerProcess;
  let b: ServerProcess;
  let worker: ServerProcess;
  const dataDirs: string[] = [];
  let cookie = '';
  const withSession = (init?: RequestInit): RequestInit => ({
    ...init,
    headers: { ...(init?.headers as Record<string, string>), cookie },
  });
  const env = (name: string) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `bd-scale-${name}-`));
    dataDirs.push(dataDir);
    return {
      ...azure.env,
      DATABASE_URL: databaseUrl!,
      DATA_DIR: dataDir,
      MAX_UPLOAD_MB: '10',
      // Sign-in is on: a session begun on one instance is honoured by every other.
      AUTH: 'local',
      ADMIN_EMAIL: 'scale@test.example',
      ADMIN_PASSWORD: 'a scale-out test password',
    };
  };

  beforeAll(async () => {
    azure = await startFakeAzure({ analysisMs: 200 });
    // Started together: they migrate the same empty database and create the job queue at once.
    [a, b, worker] = await Promise.all([
      startServerProcess({ env: env('a') }),
      startServerProcess({ env: env('b') }),
      startServerProcess({ env: env('worker'), entry: 'worker' }),
    ]);
    const signedIn = await fetch(`${a.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@test.example', password: 'a scale-out test password' }),
    });
    expect(signedIn.status).toBe(204);
    cookie = signedIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  }, 120_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await azure?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    // Each stopped cleanly on SIGTERM.
    expect(codes).toEqual([0, 0, 0]);
  });

  const json = async (url: string, init?: RequestInit) => {
    const response = await fetch(url, withSession(init));
    return { status: response.status, body: await response.json() };
  };

  it('honours on B a session begun on A, and ends it on A when B signs out', async () => {
    // Both instances started on the empty database with ADMIN_EMAIL: one admin was made.
    const users = await json(`${b.url}/api/users`);
    expect(users.body.map((u: { email: string }) => u.email)).toEqual(['scale@test.example']);
    const other = await fetch(`${a.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@test.example', password: 'a scale-out test password' }),
    });
    const second = other.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect((await fetch(`${b.url}/api/session`, { headers: { cookie: second } })).status).toBe(200);
    const out = await fetch(`${b.url}/api/session`, {
      method: 'DELETE',
      headers: { cookie: second },
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${a.url}/api/clients`, { headers: { cookie: second } })).status).toBe(401);
    expect((await fetch(`${a.url}/api/clients`, withSession())).status).toBe(200);
  });

  it('lists on B, at once, a client created on A (and serves its logo byte for byte)', async () => {
    // B has answered the first page before, so a cached answer would be stale.
    const before = await json(`${b.url}/api/clients`);
    expect(before.status).toBe(200);
    const logo = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const form = new FormData();
    form.append('name', 'Scale-out Corp');
    form.append('logo', new Blob([logo], { type: 'image/png' }), 'logo.png');
    const created = await json(`${a.url}/api/clients/createClient`, { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const id = created.body.sanityId as string;

    const after = await json(`${b.url}/api/clients`);
    expect(after.body.map((c: { id: string }) => c.id)).toContain(id);
    const client = await json(`${b.url}/api/clients/${id}`);
    expect(client.body).toMatchObject({ id, name: 'Scale-out Corp' });
    const served = await fetch(`${b.url}${client.body.logo}`, withSession());
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
  });

  it('serves from B, byte for byte, a 3 MB file uploaded to A (several chunks)', async () => {
    const bytes = pdfOfSize('three megabytes', 3 * MB + 12_345);
    const form = new FormData();
    form.append('name', 'Big proposal');
    form.append('documentType', 'carrierProposal');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'big.pdf');
    const uploaded = await json(`${a.url}/api/upload-document`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const doc = await json(`${b.url}/api/documents/carrierProposals/${uploaded.body.id}`);
    expect(doc.status).toBe(200);
    const served = await fetch(`${b.url}${doc.body.url}`, withSession());
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="big.pdf"/);
    const back = Buffer.from(await served.arrayBuffer());
    expect(back.length).toBe(bytes.length);
    expect(sha256(back)).toBe(sha256(bytes));
  });

  it('reads every document exactly once, whichever instance or worker takes its job', async () => {
    const uploads = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const bytes = pdfOfSize(`document ${i}`, 20_000);
        const form = new FormData();
        form.append('name', `Proposal ${i}`);
        form.append('documentType', i % 3 === 0 ? 'policyCertificate' : 'carrierProposal');
        form.append(
          'file',
          new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
          `p${i}.pdf`,
        );
        // Half go to A, half to B.
        const target = i % 2 === 0 ? a : b;
        const res = await json(`${target.url}/api/upload-document`, { method: 'POST', body: form });
        expect(res.status).toBe(201);
        return {
          id: res.body.id as string,
          sha: sha256(bytes),
          list: i % 3 === 0 ? 'policyCertificates' : 'carrierProposals',
        };
      }),
    );
    // Each read back from the instance it was not uploaded to.
    for (const [i, upload] of uploads.entries()) {
      const other = i % 2 === 0 ? b : a;
      const doc = await eventually(
        async () => {
          const res = await json(`${other.url}/api/documents/${upload.list}/${upload.id}`);
          return res.body.status === 'done' || res.body.status === 'failed' ? res.body : undefined;
        },
        60_000,
        `document ${i} to be read`,
      );
      expect(doc).toMatchObject({ status: 'done', error: null });
      expect(doc.data).toEqual([
        expect.objectContaining({
          label: 'dentalInsurance_carrierName',
          value: carrierNameFor(upload.sha),
        }),
      ]);
    }
    // Give a duplicate claim, if there were one, the time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const upload of uploads) expect(azure.analyses.get(upload.sha)).toBe(1);
    // The 3 MB proposal of the previous test was read once too.
    expect(azure.total()).toBe(uploads.length + 1);
    expect(a.stderr() + b.stderr() + worker.stderr()).toBe('');
  }, 120_000);
});
