import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody } from '../test/multipart.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/proposals/${name}`, import.meta.url));
const pdf = fixture('dev01-ameritas-dental-proposal.pdf');
const unknownId = '6f1c1d1e-0000-4000-8000-000000000000';

describe.each(testBackends())('comparisons API on $name', (backend) => {
  let t: TestContext;
  let acme: string;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestApp(backend, { extraction: {} });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query(
      'truncate saved_comparisons, client_revisions, clients, documents, files cascade',
    );
    const body = await multipartBody({ name: 'Acme Manufacturing' });
    acme = (
      await t.app.inject({ method: 'POST', url: '/api/clients/createClient', ...body })
    ).json().sanityId;
    ids = [];
    for (const name of [
      'dev01-ameritas-dental-proposal',
      'dev08-mutual-dental-renewal',
      'dev03-standard-dental-low-high',
    ]) {
      const up = await multipartBody({
        name,
        file: { fileName: 'p.pdf', type: 'application/pdf', data: pdf },
        documentType: 'carrierProposal',
        clientId: acme,
      });
      const id = (await t.app.inject({ method: 'POST', url: '/api/upload-document', ...up })).json()
        .id;
      await t.db.query(`update documents set status = 'done', data = $2::jsonb where id = $1`, [
        id,
        fixture(`${name}.truth.json`).toString('utf8'),
      ]);
      ids.push(id);
    }
  });

  it('exports the comparison as a formatted .xlsx: a sheet per product, rates and coinsurance', async () => {
    const res = await t.app.inject({
      url: `/api/comparisons/export.xlsx?ids=${ids.join(',')}&baseline=${ids[1]}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="comparison-acme-manufacturing-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Dental']);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Acme Manufacturing — Dental comparison');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 });
    const rowOf = (label: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (!found && row.getCell(1).value === label) found = row;
      });
      return found!;
    };
    const carriers = rowOf('Carrier');
    expect([2, 3, 4].map((c) => carriers.getCell(c).value)).toEqual([
      'Ameritas',
      'Mutual of Omaha',
      expect.stringMatching(/Standard/),
    ]);
    const ee = rowOf('Employee Only — monthly');
    expect(ee.getCell(2).value).toBe(34.18);
    expect(ee.getCell(2).numFmt).toContain('$');
    const basic = rowOf('Basic coinsurance (in-network)');
    expect(basic.getCell(2).value).toBe(0.8);
    expect(basic.getCell(2).numFmt).toContain('%');
    expect(rowOf('Employee Only — vs baseline ($)').getCell(3).value).toBe(0);
  });

  it('exports CSV with the same rows', async () => {
    const res = await t.app.inject({
      url: `/api/comparisons/export.csv?ids=${ids.slice(0, 2).join(',')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="comparison-acme-manufacturing-.*\.csv"$/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('Carrier,Ameritas,Mutual of Omaha');
    expect(lines).toContain('Employee Only — monthly,34.18,43.57');
    expect(lines).toContain('Basic coinsurance (in-network),80%,80%');
  });

  it.each([
    ['one id', () => `ids=${ids[0]}`, /2 to 8/],
    ['nine ids', () => `ids=${[...ids, ...ids, ...ids].join(',')}`, /2 to 8/],
    ['no ids', () => '', /2 to 8/],
    ['an unknown id', () => `ids=${ids[0]},${unknownId}`, /no carrier proposal/],
    ['a malformed id', () => `ids=${ids[0]},nope`, /UUID/],
    ['the same id twice', () => `ids=${ids[0]},${ids[0]}`, /only once/],
    ['a baseline outside the ids', () => `ids=${ids[0]},${ids[1]}&baseline=${ids[2]}`, /baseline/],
    ['matching that is not JSON', () => `ids=${ids[0]},${ids[1]}&matching=%7B`, /matching/],
  ])('refuses %s with a 400', async (_what, query, message) => {
    for (const format of ['xlsx', 'csv']) {
      const res = await t.app.inject({ url: `/api/comparisons/export.${format}?${query()}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it('refuses a policy certificate as a proposal to compare', async () => {
    await t.db.query(`update documents set type = 'policyCertificate' where id = $1`, [ids[2]]);
    const res = await t.app.inject({ url: `/api/comparisons/export.csv?ids=${ids.join(',')}` });
    expect(res.statusCode).toBe(400);
  });

  it('saves, lists by client, reads, updates and deletes a comparison', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/comparisons',
      payload: {
        name: ' Renewal 2026 ',
        clientId: acme,
        documentIds: ids,
        baselineId: ids[1],
        classMatching: { [ids[2]!]: { 'High Plan': 'All Eligible Employees' } },
      },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved).toMatchObject({
      name: 'Renewal 2026',
      clientId: acme,
      documentIds: ids,
      baselineId: ids[1],
    });
    expect((await t.app.inject({ url: `/api/comparisons?clientId=${acme}` })).json()).toEqual([
      saved,
    ]);
    expect((await t.app.inject({ url: `/api/comparisons?clientId=${unknownId}` })).json()).toEqual(
      [],
    );
    expect((await t.app.inject({ url: `/api/comparisons/${saved.id}` })).json()).toEqual(saved);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/comparisons/${saved.id}`,
      payload: { name: 'Two only', clientId: acme, documentIds: ids.slice(0, 2) },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Two only',
      documentIds: ids.slice(0, 2),
      baselineId: null,
      classMatching: {},
    });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/comparisons/${saved.id}` })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/comparisons/${saved.id}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/comparisons/${saved.id}` })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['no name', () => ({ name: ' ', clientId: acme, documentIds: ids })],
    ['an unknown client', () => ({ name: 'x', clientId: unknownId, documentIds: ids })],
    ['one proposal', () => ({ name: 'x', clientId: acme, documentIds: ids.slice(0, 1) })],
    [
      'an unknown proposal',
      () => ({ name: 'x', clientId: acme, documentIds: [ids[0], unknownId] }),
    ],
    [
      'a baseline outside',
      () => ({ name: 'x', clientId: acme, documentIds: ids.slice(0, 2), baselineId: ids[2] }),
    ],
    [
      'matching of another proposal',
      () => ({
        name: 'x',
        clientId: acme,
        documentIds: ids.slice(0, 2),
        classMatching: { [ids[2]!]: { a: 'b' } },
      }),
    ],
    ['an unknown field', () => ({ name: 'x', clientId: acme, documentIds: ids, colour: 'red' })],
  ])('refuses to save %s, storing nothing', async (_what, body) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/comparisons', payload: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    expect((await t.db.query('select count(*)::int as n from saved_comparisons')).rows[0]).toEqual({
      n: 0,
    });
  });
});
