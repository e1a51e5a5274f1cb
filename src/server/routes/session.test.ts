import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthSettings } from '../auth/guard.ts';
import { hashPassword } from '../auth/secrets.ts';
import { createTestApp, resetDatabase, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody } from '../test/multipart.ts';

const auth: AuthSettings = { mode: 'local', times: { idleMs: 3_600_000, maxMs: 86_400_000 } };
const PASSWORD = 'correct horse battery staple';

/** Every route the app answers, from Fastify's own table: [method, url with ids filled in]. */
function everyRoute(app: TestContext['app']): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const walk = (tree: string) => {
    for (const line of tree.split('\n')) {
      const match = /([/\w.:*-]+) \(([A-Z, ]+)\)/.exec(line);
      if (!match) continue;
      const [, url, methods] = match;
      for (const method of methods!.split(', ')) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push([
          method,
          url!
            .replace(
              /:(\w+)(\.\w+)?/g,
              (_m, _name, ext) => `3f1c2b9e-0000-4000-8000-000000000000${ext ?? ''}`,
            )
            .replace('*', 'x'),
        ]);
      }
    }
  };
  walk(app.printRoutes({ commonPrefix: false }));
  return routes.filter(([, url]) => url.startsWith('/api/'));
}

describe.each(testBackends())('sign-in, roles and the audit trail on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend, { auth });
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  async function addUser(email: string, role: 'admin' | 'broker' | 'viewer') {
    await t.db.query(
      `insert into users (id, email, name, role, password_hash)
       values (gen_random_uuid(), $1, $2, $3, $4)`,
      [email, email.split('@')[0], role, await hashPassword(PASSWORD)],
    );
  }
  async function signIn(email: string, password = PASSWORD) {
    return t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
  }
  async function cookieFor(email: string) {
    const res = await signIn(email);
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'bd_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    return `bd_session=${cookie!.value}`;
  }
  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

  it('answers 401 on every API route without a session, and health stays open', async () => {
    const routes = everyRoute(t.app);
    expect(routes.length).toBeGreaterThan(10);
    const open = new Set(['GET /api/health', 'POST /api/session', 'DELETE /api/session']);
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      const key = `${method} ${url.replace(/\/3f1c[\w-]+/, '/:id')}`;
      if (open.has(key) || url.startsWith('/api/links/') || url.startsWith('/api/auth/')) {
        expect(res.statusCode, key).not.toBe(401);
        continue;
      }
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error, key).toBe('Sign in to continue.');
    }
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
  });

  it('signs in, answers the user, signs out', async () => {
    await addUser('ana@broker.example', 'broker');
    const cookie = await cookieFor('ANA@broker.example');
    const me = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(me.json()).toEqual({
      user: { email: 'ana@broker.example', name: 'ana', role: 'broker' },
      auth: 'local',
    });
    expect((await t.app.inject({ url: '/api/clients', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/clients', headers: { cookie } })).statusCode).toBe(401);
    // Signed out, the session answer says how to sign in (the web app's sign-in page asks).
    const signedOut = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Sign in to continue.', auth: 'local' });
  });

  it('refuses a wrong password with 401 and too many with 429, per account', async () => {
    await addUser('ana@broker.example', 'broker');
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn('ana@broker.example', 'wrong password!');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('The email or password is not right.');
    }
    const unknown = await signIn('nobody@broker.example', 'wrong password!');
    expect(unknown.statusCode).toBe(401);
    const limited = await signIn('ana@broker.example');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many failed sign-ins/);
    expect(await count("audit_log where action = 'sign-in failed'")).toBe(6);
  });

  it("refuses a viewer's changes with 403 and stores nothing", async () => {
    await addUser('vic@broker.example', 'viewer');
    const cookie = await cookieFor('vic@broker.example');
    const body = await multipartBody({ name: 'Not allowed' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients/createClient',
      ...body,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/read, not make changes/);
    for (const [method, url] of everyRoute(t.app)) {
      if (
        method === 'GET' ||
        url === '/api/session' ||
        url === '/api/ai' ||
        url.startsWith('/api/links/')
      )
        continue;
      const r = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { cookie },
        payload: {},
      });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await count('clients')).toBe(0);
    expect(await count('documents')).toBe(0);
    expect((await t.app.inject({ url: '/api/clients', headers: { cookie } })).statusCode).toBe(200);
  });

  it("records a broker's change in the audit trail with their email", async () => {
    await addUser('ana@broker.example', 'broker');
    await addUser('root@broker.example', 'admin');
    const cookie = await cookieFor('ana@broker.example');
    const body = await multipartBody({ name: 'Acme Tools' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clients/createClient',
      ...body,
      headers: { ...body.headers, cookie },
    });
    expect(created.statusCode).toBe(201);
    const clientId = created.json().sanityId;
    const history = await t.app.inject({
      url: `/api/audit?clientId=${clientId}`,
      headers: { cookie },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject([
      {
        userEmail: 'ana@broker.example',
        action: 'client created',
        clientId,
        summary: 'Acme Tools',
      },
    ]);
    // The whole trail and its export are an admin's.
    expect((await t.app.inject({ url: '/api/audit', headers: { cookie } })).statusCode).toBe(403);
    const admin = await cookieFor('root@broker.example');
    const csv = await t.app.inject({ url: '/api/audit/export.csv', headers: { cookie: admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    expect(csv.body).toContain('"ana@broker.example","client created","client"');
    // Append-only.
    await expect(t.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });

  it('lets an admin invite, and the link sets a password once; disabling ends sessions', async () => {
    await addUser('root@broker.example', 'admin');
    const admin = await cookieFor('root@broker.example');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: { email: 'Bo@Broker.example', name: 'Bo Lind', role: 'broker' },
    });
    expect(invited.statusCode).toBe(201);
    const { user, link } = invited.json();
    expect(user).toMatchObject({ email: 'bo@broker.example', role: 'broker', hasPassword: false });
    const token = link.replace('/welcome/', '');
    expect((await t.app.inject({ url: `/api/links/${token}` })).json()).toEqual({
      purpose: 'invite',
      email: 'bo@broker.example',
      name: 'Bo Lind',
    });
    const short = await t.app.inject({
      method: 'POST',
      url: `/api/links/${token}`,
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const used = await t.app.inject({
      method: 'POST',
      url: `/api/links/${token}`,
      payload: { password: PASSWORD },
    });
    expect(used.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/links/${token}`,
      payload: { password: PASSWORD },
    });
    expect(again.statusCode).toBe(404);
    const bo = await cookieFor('bo@broker.example');

    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/clients', headers: { cookie: bo } })).statusCode).toBe(
      401,
    );
    expect((await signIn('bo@broker.example')).statusCode).toBe(401);

    // The last admin cannot lock everyone out.
    const self = (await t.app.inject({ url: '/api/users', headers: { cookie: admin } }))
      .json()
      .find((u: { email: string }) => u.email === 'root@broker.example');
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${self.id}`,
      headers: { cookie: admin },
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode).toBe(409);
    // A broker cannot manage users.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { cookie: admin.replace(/./, 'x') },
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });

  it('ends a session idle too long, and signs out everywhere', async () => {
    await addUser('ana@broker.example', 'broker');
    const one = await cookieFor('ana@broker.example');
    const two = await cookieFor('ana@broker.example');
    await t.db.query(`update sessions set last_seen_on = now() - interval '2 hours'`);
    expect((await t.app.inject({ url: '/api/clients', headers: { cookie: one } })).statusCode).toBe(
      401,
    );
    const three = await cookieFor('ana@broker.example');
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/session?everywhere=true',
      headers: { cookie: three },
    });
    expect(everywhere.statusCode).toBe(204);
    for (const cookie of [two, three]) {
      expect((await t.app.inject({ url: '/api/clients', headers: { cookie } })).statusCode).toBe(
        401,
      );
    }
  });

  it('shares sessions between two instances on one database', async () => {
    await addUser('ana@broker.example', 'broker');
    const cookie = await cookieFor('ana@broker.example');
    const other = await createTestApp({ ...backend, open: async () => t.db }, { auth });
    try {
      const res = await other.app.inject({ url: '/api/session', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe('ana@broker.example');
    } finally {
      await other.app.close();
    }
  });
});

describe('AUTH=none', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(testBackends()[0]!);
  });
  afterAll(() => t.close());

  it('answers the one local user, an admin, and has no sign-in', async () => {
    const me = await t.app.inject({ url: '/api/session' });
    expect(me.json()).toEqual({
      user: { email: 'local', name: 'Local user', role: 'admin' },
      auth: 'none',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'a@b.example', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(400);
  });
});
