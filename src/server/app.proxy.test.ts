import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { createDiskFileStore } from './storage/disk-file-store.ts';
import { testBackends } from './test/backends.ts';

/**
 * Behind a load balancer every request comes from the balancer's address. With TRUST_PROXY
 * naming it, per-address limits (POST /api/ai) count each browser on its own; without it, a
 * forged X-Forwarded-For changes nothing.
 */
describe('TRUST_PROXY', () => {
  let db: Database;
  beforeAll(async () => {
    db = await testBackends()[0]!.open();
  });
  afterAll(() => db.close());

  const app = (trustProxy: string | undefined) =>
    buildApp({
      config: loadConfig({ ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) }),
      db,
      files: createDiskFileStore(mkdtempSync(path.join(tmpdir(), 'bd-proxy-'))),
      aiRateLimit: { max: 1, timeWindowMs: 60_000 },
    });
  const ask = (a: Awaited<ReturnType<typeof app>>, forwardedFor: string) =>
    a.inject({
      method: 'POST',
      url: '/api/ai',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { messages: [{ role: 'user', content: '[]' }] },
    });

  it('counts each browser behind a trusted proxy on its own', async () => {
    const behind = await app('10.0.0.0/24, 127.0.0.1');
    expect((await ask(behind, '203.0.113.1')).statusCode).toBe(200);
    expect((await ask(behind, '203.0.113.2')).statusCode).toBe(200);
    expect((await ask(behind, '203.0.113.1')).statusCode).toBe(429);
  });

  it('believes no X-Forwarded-For when no proxy is named', async () => {
    const direct = await app(undefined);
    expect((await ask(direct, '203.0.113.1')).statusCode).toBe(200);
    expect((await ask(direct, '203.0.113.2')).statusCode).toBe(429);
  });

  it('refuses a TRUST_PROXY that is not a list of addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true": must list/);
  });
});
