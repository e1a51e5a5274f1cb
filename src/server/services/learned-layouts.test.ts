import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser } from '../../../scripts/fixtures/generalisation/render-html.ts';
import { truthItems } from '../../../scripts/fixtures/generalisation/truth.ts';
import { buildVariant, loadDocument } from '../../../scripts/fixtures/generalisation/variant.ts';
import { scoreData } from '../extraction/learned/pairs.ts';
import { createLocalExtractionProvider } from '../extraction/local-engine.ts';
import { createTestApp, resetDatabase, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody } from '../test/multipart.ts';
import { createCorrectionsLearner, LAYOUTS_FILE_FORMAT } from './learned-layouts.ts';

/**
 * Learned layouts through the app: a proposal is read by the extraction job, the broker's
 * corrections are saved (here a plain update of the document's data, as the corrections API
 * will do), the layout is learned; the next proposal on that template is read by the job with it.
 * Then list, export, import (bad files refused, nothing stored) and remove.
 */

const ID = 'g02-delta-dental-three-networks';
const fixture = resolve(import.meta.dirname, `../../../tests/fixtures/generalisation/${ID}.pdf`);

describe.each(testBackends())('learned layouts on $name', (backend) => {
  let t: TestContext;
  const engine = createLocalExtractionProvider();
  let learn: ReturnType<typeof createCorrectionsLearner>;
  beforeAll(async () => {
    t = await createTestApp(backend, { extraction: { provider: engine } });
    learn = createCorrectionsLearner({ db: t.db, files: t.files, read: engine.read });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
    await closeBrowser();
  });
  beforeEach(() => resetDatabase(t.db));

  async function upload(name: string, data: Uint8Array): Promise<string> {
    const body = await multipartBody({
      name,
      documentType: 'carrierProposal',
      file: { fileName: `${name}.pdf`, type: 'application/pdf', data },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/upload-document', ...body });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }
  async function settled(id: string) {
    for (let i = 0; i < 300; i++) {
      const { rows } = await t.db.query<{ status: string; data: unknown }>(
        'select status, data from documents where id = $1',
        [id],
      );
      if (rows[0]?.status === 'done' || rows[0]?.status === 'failed') return rows[0];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the extraction job did not finish');
  }
  async function teach(): Promise<string> {
    const original = await loadDocument(ID);
    const id = await upload('Riverside', new Uint8Array(await readFile(fixture)));
    expect((await settled(id)).status).toBe('done');
    await t.db.query('update documents set data = $2::jsonb where id = $1', [
      id,
      JSON.stringify(truthItems(original.truth)),
    ]);
    return id;
  }

  it('learns from a corrected proposal, and the job reads the next one on that template with it', async () => {
    const taughtId = await teach();
    const outcome = await learn({ type: 'carrierProposal', documentId: taughtId, revision: 1 });
    expect(outcome).toMatchObject({
      refined: false,
      name: expect.stringContaining('Delta Dental'),
    });
    expect(outcome.values).toBeGreaterThan(40);

    const variant = await buildVariant(ID, [
      ['Riverside Montessori Academy', 'Harborview Animal Clinic'],
    ]);
    const nextId = await upload('Harborview', variant.bytes);
    const next = await settled(nextId);
    expect(next.status).toBe('done');
    const scores = await scoreData([
      { name: 'next', truth: truthItems(variant.document.truth), pred: next.data as never },
    ]);
    expect(scores.next).toBeGreaterThanOrEqual(0.99);

    // A second correction on the same layout refines it: still one layout, taught twice.
    await t.db.query('update documents set data = $2::jsonb where id = $1', [
      nextId,
      JSON.stringify(truthItems(variant.document.truth)),
    ]);
    const again = await learn({ type: 'carrierProposal', documentId: nextId, revision: 1 });
    expect(again).toMatchObject({ refined: true, layoutId: outcome.layoutId });
    const list = (await t.app.inject({ url: '/api/layouts' })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: outcome.layoutId,
      documentType: 'carrierProposal',
      timesTaught: 2,
      taughtFrom: { documentId: nextId, name: 'Harborview' },
    });
  }, 120_000);

  it('refuses to learn from a document with no values, or one that does not exist', async () => {
    const id = await upload('Empty', new Uint8Array(await readFile(fixture)));
    await settled(id);
    await t.db.query("update documents set data = '[]'::jsonb where id = $1", [id]);
    await expect(learn({ type: 'carrierProposal', documentId: id, revision: 1 })).rejects.toThrow(
      'no values yet',
    );
    await expect(
      learn({
        type: 'carrierProposal',
        documentId: '00000000-0000-4000-8000-000000000000',
        revision: 1,
      }),
    ).rejects.toThrow('Document not found.');
    expect((await t.app.inject({ url: '/api/layouts' })).json()).toEqual([]);
  }, 60_000);

  it('exports learned layouts as a file, imports them elsewhere, and removes them', async () => {
    const taughtId = await teach();
    const { layoutId } = await learn({
      type: 'carrierProposal',
      documentId: taughtId,
      revision: 1,
    });

    const exported = await t.app.inject({ url: '/api/layouts/export' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="learned-layouts-\d{4}-\d\d-\d\d\.json"/,
    );
    const file = exported.json();
    expect(file).toMatchObject({ format: LAYOUTS_FILE_FORMAT, version: 1 });
    expect(file.layouts).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/layouts/${layoutId}` });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/layouts/${layoutId}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/layouts' })).json()).toEqual([]);

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/layouts/import',
      payload: file,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ imported: 1 });
    const list = (await t.app.inject({ url: '/api/layouts' })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ taughtFrom: { documentId: null, name: 'Riverside' } });
  }, 60_000);

  const good = { name: 'x', version: 1 };
  it.each([
    [
      'not a layouts file',
      { hello: 'world' },
      'This is not a learned-layouts file exported from Benefits Desk.',
    ],
    [
      'a newer version',
      { format: LAYOUTS_FILE_FORMAT, version: 2, layouts: [] },
      'The learned-layouts file is not valid (at version)',
    ],
    [
      'a broken template after a good one',
      { format: LAYOUTS_FILE_FORMAT, version: 1, layouts: [{ name: 'ok', template: null }] },
      'The learned-layouts file is not valid (at layouts.0.template)',
    ],
    ['an array', [good], 'This is not a learned-layouts file exported from Benefits Desk.'],
  ])('refuses %s with a sentence and stores nothing', async (_name, payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/layouts/import',
      payload: payload as object,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await t.db.query('select id from learned_layouts')).rows).toEqual([]);
  });
});
