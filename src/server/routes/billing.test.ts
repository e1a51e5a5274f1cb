import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Class } from '../../shared/billing/schema.ts';
import { buildClass, buildProduct } from '../../shared/billing/testing/factories.ts';
import { sampleBillingDocument } from '../../shared/billing/testing/sample-client.ts';
import { listBillingRevisions } from '../services/billing.ts';
import { createTestApp, resetDatabase, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody } from '../test/multipart.ts';
import { MAX_BILLING_BODY_BYTES, STALE_REVISION_MESSAGE } from './billing.ts';

const url = '/api/clients/updateBillingParameters';

/** A small valid document: one class holding a Dental product with two tiers. */
function dentalDocument(rate = 42.5): Class[] {
  const dental = buildProduct({
    productCode: 'Dental',
    productId: '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e0001',
    effectiveDate: '01/01/2027',
    rate: {
      type: 'tiered',
      rateTiers: [
        { tierName: 'Employee', rate },
        { tierName: 'Family', rate: 120 },
      ],
    },
  });
  return [buildClass({ className: 'Salaried', classID: 'S1', products: [dental] })];
}

describe.each(testBackends())('POST /api/clients/updateBillingParameters on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  async function newClient(name = 'Acme') {
    const body = await multipartBody({ name });
    const res = await t.app.inject({ method: 'POST', url: '/api/clients/createClient', ...body });
    expect(res.statusCode).toBe(201);
    return res.json().sanityId as string;
  }
  const save = (payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const read = async (id: string) => (await t.app.inject({ url: `/api/clients/${id}` })).json();

  it('saves, answers the new revision, and a reload gives back exactly what was saved', async () => {
    const id = await newClient();
    expect(await read(id)).toMatchObject({ classes: [], revision: 0 });
    const classes = sampleBillingDocument();
    const res = await save({ clientId: id, classes, revision: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revision: 1 });

    const client = await read(id);
    expect(client.revision).toBe(1);
    expect(client.classes).toEqual(classes);
    // The list (cached by change version) shows the save at once too.
    const listed = (await t.app.inject({ url: '/api/clients' })).json();
    expect(listed[0]).toMatchObject({ id, revision: 1 });
    expect(listed[0].classes).toEqual(classes);
  });

  it('accepts the spec’s bare {clientId, classes} call, applying it to the current revision', async () => {
    const id = await newClient();
    expect((await save({ clientId: id, classes: dentalDocument() })).json()).toEqual({
      revision: 1,
    });
    expect((await save({ clientId: id, classes: dentalDocument(50) })).json()).toEqual({
      revision: 2,
    });
    expect((await read(id)).classes).toEqual(dentalDocument(50));
  });

  const invalid: [string, (doc: Class[]) => void, RegExp][] = [
    [
      'a rate type the product does not allow',
      (doc) => {
        doc[0]!.products[0]!.rate = { type: 'static', staticRate: 10 };
      },
      /^classes\[0\]\.products\[0\]\.rate\.type: .*static/i,
    ],
    [
      'a tier with a negative rate',
      (doc) => {
        doc[0]!.products[0]!.rate.rateTiers![1]!.rate = -5;
      },
      /^classes\[0\]\.products\[0\]\.rate\.rateTiers\[1\]\.rate: Rate -5 is below the minimum 0/,
    ],
    [
      'an age band whose minimum exceeds its maximum',
      (doc) => {
        doc[0]!.products[0] = buildProduct({
          productCode: 'VTL',
          productId: '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e0002',
          rate: {
            type: 'ageBanded',
            ageBands: [{ type: 'static', minimumAge: 70, maximumAge: 65, rate: 1 }],
          },
        });
      },
      /^classes\[0\]\.products\[0\]\.rate\.ageBands\[0\]: Minimum age 70 is above maximum age 65/,
    ],
    [
      'an unknown field',
      (doc) => {
        (doc[0] as Record<string, unknown>).colour = 'blue';
      },
      /^classes\[0\]: .*colour/,
    ],
  ];

  it.each(invalid)(
    'refuses %s with 400 naming the field, and changes nothing',
    async (_, spoil, message) => {
      const id = await newClient();
      expect(
        (await save({ clientId: id, classes: dentalDocument(), revision: 0 })).statusCode,
      ).toBe(200);
      const doc = dentalDocument(99);
      spoil(doc);
      const res = await save({ clientId: id, classes: doc, revision: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
      const client = await read(id);
      expect(client.revision).toBe(1);
      expect(client.classes).toEqual(dentalDocument());
      expect(await listBillingRevisions(t.db, id)).toHaveLength(2);
    },
  );

  it('refuses a body that is not a save request', async () => {
    const id = await newClient();
    for (const payload of [{}, { clientId: id }, { clientId: 'nope', classes: [] }, []]) {
      const res = await save(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"clientId":',
    });
    expect(res.statusCode).toBe(400);
    expect((await read(id)).revision).toBe(0);
  });

  it('answers 404 for an unknown client', async () => {
    const res = await save({
      clientId: '3f1c2b9e-0000-4000-8000-000000000000',
      classes: dentalDocument(),
      revision: 0,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Client not found.' });
  });

  it('refuses a save based on a stale revision with 409 and the current revision', async () => {
    const id = await newClient();
    await save({ clientId: id, classes: dentalDocument(10), revision: 0 });
    await save({ clientId: id, classes: dentalDocument(20), revision: 1 });
    const res = await save({ clientId: id, classes: dentalDocument(30), revision: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: STALE_REVISION_MESSAGE, revision: 2 });
    const client = await read(id);
    expect(client.revision).toBe(2);
    expect(client.classes).toEqual(dentalDocument(20));
    // A revision from the future is just as stale.
    expect((await save({ clientId: id, classes: [], revision: 7 })).statusCode).toBe(409);
  });

  it('keeps every version in the revision history, the initial empty one included', async () => {
    const id = await newClient();
    for (const [revision, rate] of [10, 20, 30].entries()) {
      expect(
        (await save({ clientId: id, classes: dentalDocument(rate), revision })).statusCode,
      ).toBe(200);
    }
    const history = await listBillingRevisions(t.db, id);
    expect(history.map((h) => h.revision)).toEqual([3, 2, 1, 0]);
    expect(history.map((h) => h.classes)).toEqual([
      dentalDocument(30),
      dentalDocument(20),
      dentalDocument(10),
      [],
    ]);
    for (const h of history) expect(new Date(h.savedOn).toISOString()).toBe(h.savedOn);
  });

  it('lets exactly one of two concurrent saves with the same base revision win', async () => {
    const id = await newClient();
    await save({ clientId: id, classes: dentalDocument(1), revision: 0 });
    const results = await Promise.all(
      [200, 300].map((rate) => save({ clientId: id, classes: dentalDocument(rate), revision: 1 })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const client = await read(id);
    expect(client.revision).toBe(2);
    expect(client.classes).toEqual(dentalDocument(winner === 0 ? 200 : 300));
    expect((await listBillingRevisions(t.db, id)).map((h) => h.revision)).toEqual([2, 1, 0]);
  });

  it('keeps many concurrent saves on different clients apart', async () => {
    const ids = await Promise.all(['A', 'B', 'C', 'D'].map((n) => newClient(n)));
    const results = await Promise.all(
      ids.map((clientId, i) => save({ clientId, classes: dentalDocument(i + 1), revision: 0 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    for (const [i, clientId] of ids.entries()) {
      expect((await read(clientId)).classes).toEqual(dentalDocument(i + 1));
    }
  });

  it('takes a save larger than the app’s 1 MB default body, within its own limit', async () => {
    const id = await newClient();
    const classes = sampleBillingDocument({ classes: 60, ageBands: 27 });
    const payload = JSON.stringify({ clientId: id, classes, revision: 0 });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    expect(payload.length).toBeLessThan(MAX_BILLING_BODY_BYTES);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect((await read(id)).classes).toEqual(classes);

    const tooBig = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"clientId":"${id}","classes":[],"pad":"${'x'.repeat(MAX_BILLING_BODY_BYTES)}"}`,
    });
    expect(tooBig.statusCode).toBe(413);
  });
});
