import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testBackends } from '../test/backends.ts';

describe.each(testBackends())('app basics on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers health once migrated', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('sets security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/no such API endpoint/);
  });

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients/createClient',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});
