import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { valueEntries } from '../../shared/proposals/corrections.ts';
import type { ParsedData, ParsedField } from '../../shared/proposals/parsed-data.ts';
import { createLocalExtractionProvider } from '../extraction/local-engine.ts';
import type { OcrEngine } from '../extraction/read/ocr.ts';
import {
  createTestApp,
  eventually,
  resetDatabase,
  type TestContext,
  testBackends,
} from '../test/backends.ts';
import { fixtureTruth, proposalFixture, storeReadDocument } from '../test/documents.ts';
import { multipartBody } from '../test/multipart.ts';
import { BUSY_DOCUMENT_MESSAGE, STALE_DOCUMENT_MESSAGE } from './document-review.ts';

const PDF = 'dev01-ameritas-dental-proposal.pdf';
const base = '/api/documents/carrierProposals';
/** The fixture PDFs have text layers: no page needs recognising. */
const silentOcr: OcrEngine = { recognize: async () => [], close: async () => {} };
const missingId = '00000000-0000-4000-8000-000000000000';

const withCarrier = (data: ParsedData, value: string, extra: object = {}): ParsedData =>
  data.map((item) =>
    item.type === 'field' && item.label === 'dentalInsurance_carrierName'
      ? { ...item, value, ...extra }
      : item,
  );
const carrier = (data: ParsedData) =>
  data.find(
    (i): i is ParsedField => i.type === 'field' && i.label === 'dentalInsurance_carrierName',
  );

describe.each(testBackends())('document corrections on $name', (backend) => {
  let t: TestContext;
  const truth = fixtureTruth(PDF);
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  const newDocument = () =>
    storeReadDocument(t.db, t.files, { bytes: proposalFixture(PDF), data: truth });
  const detail = async (id: string) => (await t.app.inject({ url: `${base}/${id}` })).json();
  const save = (id: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `${base}/${id}/data`, payload: payload as object });
  const revisions = async (id: string) =>
    (await t.app.inject({ url: `${base}/${id}/revisions` })).json();
  const stored = async () =>
    (await t.db.query('select document_id, revision, kind from document_revisions order by 1, 2'))
      .rows;

  it('answers revision, reviewed and pageCount on the detail; the engine reading is revision 1', async () => {
    const id = await newDocument();
    const doc = await detail(id);
    expect(doc).toMatchObject({ id, status: 'done', revision: 1, reviewed: false });
    expect(doc.data).toEqual(truth);
    expect(await revisions(id)).toEqual([
      {
        revision: 1,
        savedOn: expect.any(String),
        savedBy: 'Extraction engine',
        kind: 'engine',
        changed: valueEntries(truth).length,
      },
    ]);
  });

  it('saves corrections as a new revision, stamped with who and when; a reload gives them back', async () => {
    const id = await newDocument();
    const corrected = withCarrier(truth, 'Ameritas Life Insurance Corp.', {
      review: { state: 'corrected' },
    });
    const res = await save(id, { data: corrected, revision: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revision: 2 });
    const doc = await detail(id);
    expect(doc.revision).toBe(2);
    expect(carrier(doc.data)).toMatchObject({
      value: 'Ameritas Life Insurance Corp.',
      review: { state: 'corrected', by: 'Local user', at: expect.any(String) },
    });
    const list = await revisions(id);
    expect(
      list.map((r: { revision: number; kind: string; changed: number }) => [
        r.revision,
        r.kind,
        r.changed,
      ]),
    ).toEqual([
      [2, 'correction', 1],
      [1, 'engine', valueEntries(truth).length],
    ]);
    expect(list[0].savedBy).toBe('Local user');
    // the engine's reading is kept
    const first = (await t.app.inject({ url: `${base}/${id}/revisions/1` })).json();
    expect(first).toMatchObject({ revision: 1, kind: 'engine', savedBy: 'Extraction engine' });
    expect(first.data).toEqual(truth);
  });

  it('refuses a save based on a stale revision with 409, storing nothing', async () => {
    const id = await newDocument();
    expect((await save(id, { data: withCarrier(truth, 'A'), revision: 1 })).statusCode).toBe(200);
    const res = await save(id, { data: withCarrier(truth, 'B'), revision: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: STALE_DOCUMENT_MESSAGE, revision: 2 });
    expect(carrier((await detail(id)).data)?.value).toBe('A');
    expect((await stored()).length).toBe(2);
  });

  const refused: [string, (data: ParsedData) => unknown, number, RegExp][] = [
    [
      'a label outside the catalogue',
      (data) => ({
        data: [...data, { type: 'field', label: 'dentalInsurance_colour', value: 'x', score: 1 }],
        revision: 1,
      }),
      400,
      /'dentalInsurance_colour' is not in the field catalogue/,
    ],
    [
      'a cell outside its table',
      (data) => ({
        data: [
          ...data,
          {
            type: 'table',
            label: 'dentalInsurance_rateTiers',
            cells: [
              { label: 'visionInsurance_rateTiers_rate', value: '1', row: 0, col: 0, score: 1 },
            ],
          },
        ],
        revision: 1,
      }),
      400,
      /is not a column of dentalInsurance_rateTiers/,
    ],
    [
      'a value that is not text',
      (data) => ({
        data: [
          ...data,
          { type: 'field', label: 'dentalInsurance_carrierName', value: 5, score: 1 },
        ],
        revision: 1,
      }),
      400,
      /value must be text/,
    ],
    ['data that is not a list', () => ({ data: { a: 1 }, revision: 1 }), 400, /must be a list/],
    ['no revision', (data) => ({ data }), 400, /revision must be a whole number/],
    [
      'a revision that is text',
      (data) => ({ data, revision: '1' }),
      400,
      /revision must be a whole number/,
    ],
    ['a body that is a list', (data) => data, 400, /Send JSON \{data, revision\}/],
  ];
  it.each(refused)(
    'refuses %s with a sentence, storing nothing',
    async (_name, body, status, message) => {
      const id = await newDocument();
      const res = await save(id, body(truth));
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatch(message);
      expect((await detail(id)).revision).toBe(1);
      expect(await stored()).toEqual([{ document_id: id, revision: 1, kind: 'engine' }]);
    },
  );

  it.each([
    ['PUT', 'data', { data: [], revision: 1 }],
    ['PUT', 'reviewed', { reviewed: true }],
    ['GET', 'revisions', undefined],
    ['GET', 'revisions/1', undefined],
    ['POST', 'revisions/1/restore', { revision: 1 }],
  ] as const)('answers 404 to %s …/%s of an unknown document', async (method, path, payload) => {
    for (const id of [missingId, 'not-a-uuid']) {
      const res = await t.app.inject({
        method,
        url: `${base}/${id}/${path}`,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/^Carrier proposal.* not found\.$/);
    }
  });

  it('saves corrections of a policy certificate, whose labels are made from printed ones', async () => {
    const data: ParsedData = [
      { type: 'field', label: 'policyCertificate_groupPolicyNumber', value: 'G-1', score: 0.7 },
    ];
    const id = await storeReadDocument(t.db, t.files, {
      bytes: proposalFixture(PDF),
      data,
      type: 'policyCertificate',
    });
    const url = `/api/documents/policyCertificates/${id}/data`;
    const corrected = [{ ...data[0]!, value: 'G-100' }];
    const res = await t.app.inject({
      method: 'PUT',
      url,
      payload: { data: corrected, revision: 1 },
    });
    expect(res.json()).toEqual({ revision: 2 });
    const doc = (await t.app.inject({ url: `/api/documents/policyCertificates/${id}` })).json();
    expect(doc.data[0]).toMatchObject({ value: 'G-100', review: { state: 'corrected' } });
    const wrong = await t.app.inject({
      method: 'PUT',
      url,
      payload: { data: truth, revision: 2 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/must be 'policyCertificate_' followed by a name/);
  });

  it('does not answer a carrier proposal as a policy certificate', async () => {
    const id = await newDocument();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/documents/policyCertificates/${id}/data`,
      payload: { data: [], revision: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('marks a document reviewed and back', async () => {
    const id = await newDocument();
    for (const reviewed of [true, false]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${base}/${id}/reviewed`,
        payload: { reviewed },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ reviewed });
      expect((await detail(id)).reviewed).toBe(reviewed);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}/reviewed`,
      payload: { reviewed: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/reviewed field must be true or false/);
  });

  it('restores an older revision as a new one; stale or unknown restores change nothing', async () => {
    const id = await newDocument();
    await save(id, { data: withCarrier(truth, 'Wrong'), revision: 1 });
    const stale = await t.app.inject({
      method: 'POST',
      url: `${base}/${id}/revisions/1/restore`,
      payload: { revision: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${base}/${id}/revisions/7/restore`,
      payload: { revision: 2 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/has no revision 7/);
    expect((await stored()).length).toBe(2);

    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/${id}/revisions/1/restore`,
      payload: { revision: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revision: 3 });
    const doc = await detail(id);
    expect(doc.data).toEqual(truth);
    expect(
      (await revisions(id)).map((r: { revision: number; kind: string; changed: number }) => [
        r.revision,
        r.kind,
        r.changed,
      ]),
    ).toEqual([
      [3, 'restore', 1],
      [2, 'correction', 1],
      [1, 'engine', valueEntries(truth).length],
    ]);
  });

  it('calls onCorrectionsSaved after the save commits and answers what it learned', async () => {
    const calls: unknown[] = [];
    const app = await (await import('../app.ts')).buildApp({
      config: { maxUploadBytes: 1024 },
      db: t.db,
      files: t.files,
      aiRateLimit: false,
      onCorrectionsSaved: async (saved) => {
        // the save is visible when the hook runs
        const { rows } = await t.db.query<{ revision: number }>(
          'select revision from documents where id = $1',
          [saved.documentId],
        );
        calls.push({ ...saved, stored: rows[0]?.revision });
        return { layout: 'learned' };
      },
    });
    try {
      const id = await newDocument();
      const res = await app.inject({
        method: 'PUT',
        url: `${base}/${id}/data`,
        payload: { data: truth, revision: 1 },
      });
      expect(res.json()).toEqual({ revision: 2, learned: { layout: 'learned' } });
      expect(calls).toEqual([{ type: 'carrierProposal', documentId: id, revision: 2, stored: 2 }]);
    } finally {
      await app.close();
    }
  });

  it('answers 503 to read-again without a job queue, and 404 for an unknown document first', async () => {
    const id = await newDocument();
    const res = await t.app.inject({ method: 'POST', url: `${base}/${id}/read-again` });
    expect(res.statusCode).toBe(503);
    expect(BUSY_DOCUMENT_MESSAGE).toMatch(/\.$/);
  });
});

describe.each(testBackends())('reading a corrected document again on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      extraction: { provider: createLocalExtractionProvider({ ocr: silentOcr }) },
    });
  });
  afterAll(() => t.close());

  it('reads it again as a new engine revision in which the broker’s values win', async () => {
    const upload = await multipartBody({
      name: 'Ameritas',
      file: { fileName: 'p.pdf', type: 'application/pdf', data: proposalFixture(PDF) },
      documentType: 'carrierProposal',
    });
    const created = await t.app.inject({ method: 'POST', url: '/api/upload-document', ...upload });
    const id = created.json().id as string;
    const read = await eventually(
      async () => {
        const doc = await detailOf(t, id);
        return doc.status === 'done' ? doc : undefined;
      },
      60_000,
      'the first reading',
    );
    expect(read.revision).toBe(1);
    expect(read.pageCount).toBe(2);
    const engineCarrier = carrier(read.data)?.value;
    expect(engineCarrier).toBeTruthy();

    // the broker corrects the carrier, and removes another field and a table cell
    const removedField = (read.data as ParsedData).find(
      (i): i is ParsedField => i.type === 'field' && i.label !== 'dentalInsurance_carrierName',
    )!;
    const table = (read.data as ParsedData).find((i) => i.type === 'table' && i.cells.length > 1)!;
    const removedCell = table.type === 'table' ? table.cells[1]! : undefined;
    expect(removedField && removedCell).toBeTruthy();
    const corrected = withCarrier(read.data, 'Broker Carrier Co.', {
      review: { state: 'corrected' },
    })
      .filter((i) => i !== removedField)
      .map((i) =>
        i === table && i.type === 'table'
          ? { ...i, cells: i.cells.filter((c) => c !== removedCell) }
          : i,
      );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${base}/${id}/data`,
          payload: { data: corrected, revision: 1 },
        })
      ).json(),
    ).toEqual({ revision: 2 });

    const again = await t.app.inject({ method: 'POST', url: `${base}/${id}/read-again` });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ status: 'queued' });
    const busy = await t.app.inject({ method: 'POST', url: `${base}/${id}/read-again` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: BUSY_DOCUMENT_MESSAGE });

    const reread = await eventually(
      async () => {
        const doc = await detailOf(t, id);
        return doc.status === 'done' && doc.revision === 3 ? doc : undefined;
      },
      60_000,
      'the second reading',
    );
    expect(carrier(reread.data)).toMatchObject({
      value: 'Broker Carrier Co.',
      review: { state: 'corrected', by: 'Local user' },
    });
    // what the broker removed stays removed, though the engine reads it again
    const keys = valueEntries(reread.data).map((e) => e.key);
    expect(keys).not.toContain(`field:${removedField.label}`);
    expect(keys).not.toContain(`cell:${table.label}:${removedCell!.row}:${removedCell!.col}`);
    // everything else is the engine's reading, as before
    expect(reread.data).toEqual(
      corrected.map((i) =>
        i.type === 'field' && i.label === 'dentalInsurance_carrierName' ? carrier(reread.data) : i,
      ),
    );
    const list = (await t.app.inject({ url: `${base}/${id}/revisions` })).json();
    expect(list.map((r: { kind: string }) => r.kind)).toEqual(['engine', 'correction', 'engine']);
    expect(list[0].changed).toBe(0);
  });
});

async function detailOf(t: TestContext, id: string) {
  return (await t.app.inject({ url: `${base}/${id}` })).json();
}
