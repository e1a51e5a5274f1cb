import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody } from '../test/multipart.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/proposals/${name}`, import.meta.url));
const truth = (name: string) => JSON.parse(fixture(name).toString('utf8')) as unknown[];
const pdf = fixture('dev01-ameritas-dental-proposal.pdf');

describe.each(testBackends())('documents and clients (issue 14) on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend, { extraction: {} });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query(
      'truncate saved_comparisons, client_revisions, clients, documents, files cascade',
    );
    await t.db.query('delete from pgboss.job');
  });

  async function client(name: string): Promise<string> {
    const body = await multipartBody({ name });
    const res = await t.app.inject({ method: 'POST', url: '/api/clients/createClient', ...body });
    return res.json().sanityId;
  }
  async function upload(
    name: string,
    extra: Record<string, string> = {},
    type = 'carrierProposal',
  ) {
    const body = await multipartBody({
      name,
      file: { fileName: 'p.pdf', type: 'application/pdf', data: pdf },
      documentType: type,
      ...extra,
    });
    return t.app.inject({ method: 'POST', url: '/api/upload-document', ...body });
  }
  /** A proposal uploaded and read (the fixture's truth stored as its data). */
  async function proposal(name: string, data: unknown[] | null, clientId?: string) {
    const res = await upload(name, clientId ? { clientId } : {});
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    if (data) {
      await t.db.query(`update documents set status = 'done', data = $2::jsonb where id = $1`, [
        id,
        JSON.stringify(data),
      ]);
    }
    return id as string;
  }
  const list = async (query = '', collection = 'carrierProposals') => {
    const res = await t.app.inject({ url: `/api/documents/${collection}${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };

  it('uploads to a client; an unknown or malformed clientId is refused and stores nothing', async () => {
    const acme = await client('Acme Manufacturing');
    const ok = await upload('For Acme', { clientId: acme });
    expect(ok.statusCode).toBe(201);
    const [doc] = await list();
    expect(doc).toMatchObject({ id: ok.json().id, clientId: acme });

    for (const clientId of ['6f1c1d1e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await upload('Refused', { clientId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/client/i);
    }
    expect((await list()).length).toBe(1);
    const files = await t.db.query('select count(*)::int as n from files');
    expect(files.rows[0]).toEqual({ n: 1 });
  });

  it('answers carrier, products and effective date read from the data', async () => {
    const dental = await proposal('Ameritas', truth('dev01-ameritas-dental-proposal.truth.json'));
    const both = await proposal('Lincoln', truth('dev02-lincoln-dental-vision-2class.truth.json'));
    const unread = await proposal('Not read yet', null);
    const byId = Object.fromEntries((await list()).map((d) => [d.id, d]));
    expect(byId[dental]).toMatchObject({
      carrierName: 'Ameritas',
      products: ['dental'],
      effectiveDate: 'January 1, 2026',
      clientId: null,
    });
    expect(byId[both]).toMatchObject({ products: ['dental', 'vision'] });
    expect(byId[both]!.carrierName).toMatch(/Lincoln/);
    expect(byId[unread]).toMatchObject({ carrierName: null, products: [], effectiveDate: null });
    const detail = (
      await t.app.inject({ url: `/api/documents/carrierProposals/${dental}` })
    ).json();
    expect(detail).toMatchObject({ carrierName: 'Ameritas', products: ['dental'], clientId: null });
  });

  it('filters by client, carrier, product and name, and pages the filtered list', async () => {
    const acme = await client('Acme');
    const zenith = await client('Zenith');
    const a = await proposal(
      'Acme dental renewal',
      truth('dev01-ameritas-dental-proposal.truth.json'),
      acme,
    );
    const b = await proposal(
      'Acme vision',
      truth('dev06-aetna-vision-base-enhanced.truth.json'),
      acme,
    );
    const c = await proposal('Zenith dental', truth('dev05-uhc-dental-3class.truth.json'), zenith);
    const ids = (docs: Array<Record<string, unknown>>) => docs.map((d) => d.id).sort();
    const cases: Array<[string, string[]]> = [
      ['', [a, b, c]],
      [`?clientId=${acme}`, [a, b]],
      [`?clientId=${zenith}`, [c]],
      ['?product=dental', [a, c]],
      ['?product=vision', [b]],
      ['?carrier=ameri', [a]],
      ['?carrier=UNITEDHEALTH', [c]],
      ['?q=ACME', [a, b]],
      [`?q=dental&clientId=${acme}`, [a]],
      ['?carrier=nobody', []],
    ];
    for (const [query, expected] of cases)
      expect(ids(await list(query)), query).toEqual(expected.sort());

    const first = await t.app.inject({
      url: `/api/documents/carrierProposals?clientId=${acme}&limit=1`,
    });
    expect(first.json()).toHaveLength(1);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await t.app.inject({
      url: `/api/documents/carrierProposals?clientId=${acme}&limit=1&before=${cursor}`,
    });
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect(ids([...first.json(), ...second.json()])).toEqual([a, b].sort());
  });

  it.each([
    ['?clientId=nope', /clientId/],
    ['?product=medical', /product/],
    [`?q=${'x'.repeat(201)}`, /too long/],
    ['?limit=0', /limit/],
  ])('refuses the filter %s with a 400', async (query, message) => {
    const res = await t.app.inject({ url: `/api/documents/carrierProposals${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  it('links, relinks and unlinks a document with PATCH', async () => {
    const acme = await client('Acme');
    const zenith = await client('Zenith');
    const id = await proposal('P', truth('dev01-ameritas-dental-proposal.truth.json'));
    const patch = (body: unknown, url = `/api/documents/carrierProposals/${id}`) =>
      t.app.inject({ method: 'PATCH', url, payload: body as object });

    const linked = await patch({ clientId: acme });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ id, clientId: acme, carrierName: 'Ameritas' });
    expect((await patch({ clientId: zenith })).json().clientId).toBe(zenith);
    expect((await list(`?clientId=${zenith}`)).map((d) => d.id)).toEqual([id]);
    expect((await patch({ clientId: null })).json().clientId).toBeNull();

    const refused: Array<[unknown, number, string?]> = [
      [{ clientId: '6f1c1d1e-0000-4000-8000-000000000000' }, 400],
      [{ clientId: 'acme' }, 400],
      [{}, 400],
      [{ clientId: acme, extra: 1 }, 400],
      [
        { clientId: acme },
        404,
        `/api/documents/carrierProposals/6f1c1d1e-0000-4000-8000-000000000000`,
      ],
      [{ clientId: acme }, 404, `/api/documents/policyCertificates/${id}`],
      [{ clientId: acme }, 404, '/api/documents/carrierProposals/nope'],
    ];
    for (const [body, status, url] of refused) {
      const res = await patch(body, url);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toEqual(expect.any(String));
    }
    // nothing a refused request sent was stored
    expect((await list()).find((d) => d.id === id)?.clientId).toBeNull();
    // each change has its audit record, the refusals none
    const audit = await t.db.query<{ action: string; client_id: string }>(
      `select action, client_id from audit_log where document_id = $1 and action like 'document %client' order by created_on`,
      [id],
    );
    expect(audit.rows).toEqual([
      { action: 'document linked to a client', client_id: acme },
      { action: 'document linked to a client', client_id: zenith },
      { action: 'document unlinked from its client', client_id: zenith },
    ]);
  });

  it('suggests the client the document names as employer (a near match), once read', async () => {
    await client('Zenith Logistics');
    const cedar = await client('CEDAR RIDGE VETERINARY PARTNERS');
    const id = await proposal('P', truth('dev01-ameritas-dental-proposal.truth.json'));
    const res = await t.app.inject({
      url: `/api/documents/carrierProposals/${id}/client-suggestion`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // dev01 prints 'Prepared for: Cedar Ridge Veterinary Partners, LLC'
    expect(body.employerName).toBe('Cedar Ridge Veterinary Partners, LLC');
    expect(body.client).toEqual({ id: cedar, name: 'CEDAR RIDGE VETERINARY PARTNERS' });
    const stored = await t.db.query('select employer_name from documents where id = $1', [id]);
    expect(stored.rows[0]!.employer_name).toBe(body.employerName);

    const none = await t.app.inject({
      url: '/api/documents/carrierProposals/6f1c1d1e-0000-4000-8000-000000000000/client-suggestion',
    });
    expect(none.statusCode).toBe(404);
  });
});
