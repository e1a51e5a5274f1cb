import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody, tinyPng } from '../test/multipart.ts';

describe.each(testBackends())('clients API on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  async function create(fields: Parameters<typeof multipartBody>[0]) {
    const body = await multipartBody(fields);
    return t.app.inject({ method: 'POST', url: '/api/clients/createClient', ...body });
  }
  const storedObjects = () =>
    readdirSync(path.join(t.filesDir, 'objects'), { recursive: true }).filter((f) =>
      /[0-9a-f]{64}$/.test(String(f)),
    );

  it('creates a client with notes and a logo, and answers its id as sanityId', async () => {
    const res = await create({
      name: '  Acme Manufacturing  ',
      notes: ' Renewal due in March ',
      logo: { fileName: 'acme.png', type: 'image/png', data: tinyPng },
    });
    expect(res.statusCode).toBe(201);
    const { sanityId } = res.json();
    expect(sanityId).toMatch(/^[0-9a-f-]{36}$/);

    const one = await t.app.inject({ url: `/api/clients/${sanityId}` });
    expect(one.statusCode).toBe(200);
    const client = one.json();
    expect(client).toMatchObject({
      id: sanityId,
      name: 'Acme Manufacturing',
      notes: 'Renewal due in March',
      classes: [],
    });
    expect(new Date(client.createdOn).toISOString()).toBe(client.createdOn);
    expect(client.logo).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const logo = await t.app.inject({ url: client.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('leaves notes out when they are blank', async () => {
    const res = await create({ name: 'No Notes Inc', notes: '   ' });
    const client = (await t.app.inject({ url: `/api/clients/${res.json().sanityId}` })).json();
    expect(client.notes).toBeNull();
    expect(client.logo).toBeNull();
  });

  it('never serves a stale list: a new client shows on the next read', async () => {
    expect((await t.app.inject({ url: '/api/clients' })).json()).toEqual([]);
    await create({ name: 'Fresh' });
    expect(
      (await t.app.inject({ url: '/api/clients' })).json().map((c: { name: string }) => c.name),
    ).toEqual(['Fresh']);
    await t.db.query("update clients set name = 'Renamed'");
    expect(
      (await t.app.inject({ url: '/api/clients' })).json().map((c: { name: string }) => c.name),
    ).toEqual(['Renamed']);
  });

  it('lists clients newest first, paged with X-Next-Cursor', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      expect((await create({ name })).statusCode).toBe(201);
    }
    const all = await t.app.inject({ url: '/api/clients' });
    expect(all.json().map((c: { name: string }) => c.name)).toEqual(['Third', 'Second', 'First']);
    expect(all.headers['x-next-cursor']).toBeUndefined();
    // The list and the single read answer the very same shape and values.
    for (const listed of all.json()) {
      expect((await t.app.inject({ url: `/api/clients/${listed.id}` })).json()).toEqual(listed);
    }

    const page1 = await t.app.inject({ url: '/api/clients?limit=2' });
    expect(page1.json().map((c: { name: string }) => c.name)).toEqual(['Third', 'Second']);
    const cursor = page1.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const page2 = await t.app.inject({ url: `/api/clients?limit=2&before=${cursor}` });
    expect(page2.json().map((c: { name: string }) => c.name)).toEqual(['First']);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
  });

  it.each([
    ['a blank name', { name: '   ' }, 400, 'Enter a client name.'],
    ['no name at all', { notes: 'x' }, 400, 'Enter a client name.'],
    ['a name too long', { name: 'x'.repeat(201) }, 400, 'too long'],
    [
      'a logo that is not an image',
      {
        name: 'Acme',
        logo: { fileName: 'logo.png', type: 'image/png', data: Buffer.from('<html>hi</html>') },
      },
      400,
      'must be an image',
    ],
    [
      'a logo over 5 MB',
      {
        name: 'Acme',
        logo: {
          fileName: 'big.png',
          type: 'image/png',
          data: Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)]),
        },
      },
      413,
      'larger than 5 MB',
    ],
    [
      'a file in the wrong field',
      { name: 'Acme', picture: { fileName: 'a.png', type: 'image/png', data: tinyPng } },
      400,
      'Only one file',
    ],
  ])(
    'refuses %s with a clear message and stores nothing',
    async (_what, fields, status, message) => {
      const objectsBefore = storedObjects();
      const res = await create(fields as Parameters<typeof multipartBody>[0]);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toContain(message);
      expect((await t.app.inject({ url: '/api/clients' })).json()).toEqual([]);
      expect((await t.db.query('select * from files')).rows).toEqual([]);
      expect(storedObjects()).toEqual(objectsBefore);
      expect(readdirSync(path.join(t.filesDir, 'tmp'))).toEqual([]);
    },
  );

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients/createClient',
      payload: { name: 'Acme' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/multipart/);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['3f1c2b9e-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await t.app.inject({ url: `/api/clients/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Client not found.' });
    }
  });

  it('refuses a bad paging cursor or limit', async () => {
    expect((await t.app.inject({ url: '/api/clients?limit=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/clients?limit=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/clients?before=garbage' })).statusCode).toBe(400);
  });

  it('keeps creations from concurrent requests apart', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create({ name: `Client ${i}` })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect((await t.app.inject({ url: '/api/clients' })).json()).toHaveLength(20);
  });
});
