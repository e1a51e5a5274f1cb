import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody } from '../test/multipart.ts';

/**
 * A page on another website posts a plain form to the broker's running app (multipart needs no
 * preflight): it must be refused before it changes anything.
 */
describe.each(testBackends())('cross-site requests on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      host: '127.0.0.1',
      publicOrigins: ['https://desk.example.com'],
    });
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  const createClient = async (headers: Record<string, string>) => {
    const body = await multipartBody({ name: 'Planted by another site' });
    return t.app.inject({
      method: 'POST',
      url: '/api/clients/createClient',
      ...body,
      headers: { ...body.headers, host: '127.0.0.1:3000', ...headers },
    });
  };
  const clientCount = async () =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from clients')).rows[0]?.n;

  it('refuses a form post from another website with 403 and stores nothing', async () => {
    const res = await createClient({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/another website \(https:\/\/evil\.example\)/);
    expect(await clientCount()).toBe(0);
  });

  it('refuses by Referer when the browser sends no Origin', async () => {
    const res = await createClient({ referer: 'https://evil.example/trap.html' });
    expect(res.statusCode).toBe(403);
    expect(await clientCount()).toBe(0);
  });

  it('refuses JSON changes too (billing, insights)', async () => {
    for (const url of ['/api/clients/updateBillingParameters', '/api/ai']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { host: '127.0.0.1:3000', origin: 'https://evil.example' },
        payload: {},
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('accepts its own pages, the public origin and clients that send no origin', async () => {
    expect((await createClient({ origin: 'http://127.0.0.1:3000' })).statusCode).toBe(201);
    expect(
      (await createClient({ referer: 'http://127.0.0.1:3000/clients/create' })).statusCode,
    ).toBe(201);
    expect((await createClient({})).statusCode).toBe(201);
    const proxied = await createClient({
      host: 'desk.example.com',
      origin: 'https://desk.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(proxied.statusCode).toBe(201);
    expect(await clientCount()).toBe(4);
  });

  it('answers only loopback names and the public host (DNS rebinding)', async () => {
    const read = await t.app.inject({
      url: '/api/clients',
      headers: { host: 'rebound.example:3000' },
    });
    expect(read.statusCode).toBe(421);
    expect(read.json().error).toMatch(/PUBLIC_ORIGIN/);
    const local = await t.app.inject({ url: '/api/clients', headers: { host: 'localhost:3000' } });
    expect(local.statusCode).toBe(200);
  });
});
