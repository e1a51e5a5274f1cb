import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { EXTRACTION_QUEUE } from '../jobs/extraction-queue.ts';
import { createTestApp, type TestContext, testBackends } from '../test/backends.ts';
import { multipartBody, tinyPng } from '../test/multipart.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/proposals/${name}`, import.meta.url));
const proposalPdf = fixture('dev01-ameritas-dental-proposal.pdf');
const MAX_BYTES = 512 * 1024;

type Fields = Parameters<typeof multipartBody>[0];
const pdfFile = (data: Uint8Array = proposalPdf, fileName = 'proposal.pdf') => ({
  fileName,
  type: 'application/pdf',
  data,
});

describe.each(testBackends())('POST /api/upload-document on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      maxUploadBytes: MAX_BYTES,
      proposalModelId: 'proposal-model-7',
      // No provider: jobs are recorded and wait, as with no engine installed.
      extraction: {},
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query('truncate documents, files cascade');
    await t.db.query('delete from pgboss.job');
    rmSync(path.join(t.filesDir, 'objects'), { recursive: true, force: true });
    mkdirSync(path.join(t.filesDir, 'objects'));
  });

  async function upload(fields: Fields) {
    const body = await multipartBody(fields);
    return t.app.inject({ method: 'POST', url: '/api/upload-document', ...body });
  }
  const storedObjects = () =>
    readdirSync(path.join(t.filesDir, 'objects'), { recursive: true }).filter((f) =>
      /[0-9a-f]{64}$/.test(String(f)),
    );
  const jobs = async () =>
    (
      await t.db.query<{ data: { documentId: string }; state: string }>(
        'select data, state from pgboss.job where name = $1',
        [EXTRACTION_QUEUE],
      )
    ).rows;

  it('stores a PDF proposal, queues its extraction and answers 201 {id, status} at once', async () => {
    const res = await upload({
      name: '  Ameritas Dental 2026  ',
      file: pdfFile(),
      documentType: 'carrierProposal',
    });
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(status).toBe('queued');

    const list = (await t.app.inject({ url: '/api/documents/carrierProposals' })).json();
    expect(list).toEqual([
      {
        id,
        name: 'Ameritas Dental 2026',
        url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
        createdOn: expect.any(String),
        status: 'queued',
        error: null,
        clientId: null,
        carrierName: null,
        products: [],
        effectiveDate: null,
        reviewed: false,
      },
    ]);
    expect(list[0]).not.toHaveProperty('data');
    expect((await t.app.inject({ url: '/api/documents/policyCertificates' })).json()).toEqual([]);

    const file = await t.app.inject({ url: list[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('proposal.pdf');
    expect(file.rawPayload.equals(proposalPdf)).toBe(true);

    const detail = (await t.app.inject({ url: `/api/documents/carrierProposals/${id}` })).json();
    expect(detail).toMatchObject({ id, status: 'queued', data: null, error: null });

    // The job was committed with the document; no engine is installed, so it waits.
    expect(await jobs()).toEqual([{ data: { documentId: id }, state: 'created' }]);
    const row = (await t.db.query('select model_id, attempts from documents where id = $1', [id]))
      .rows[0];
    expect(row).toEqual({ model_id: 'proposal-model-7', attempts: 0 });
  });

  it('stores a PNG certificate with the model id sent, listed under policy certificates', async () => {
    const res = await upload({
      name: 'UHC Vision certificate',
      file: { fileName: 'scan.png', type: 'image/png', data: tinyPng },
      modelId: 'certificate-model-2',
      documentType: 'policyCertificate',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const list = (await t.app.inject({ url: '/api/documents/policyCertificates' })).json();
    expect(list.map((d: { id: string }) => d.id)).toEqual([id]);
    const file = await t.app.inject({ url: list[0].url });
    expect(file.headers['content-type']).toBe('image/png');
    const row = (await t.db.query('select model_id from documents where id = $1', [id])).rows[0];
    // No CERTIFICATE_MODEL_ID configured here: the one sent is kept.
    expect(row).toEqual({ model_id: 'certificate-model-2' });
  });

  it.each([
    [
      'a DOCX proposal',
      'dev09-renaissance-dental.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['a JPEG scan', 'dev13-aflac-dental-summary-scan.jpg', 'image/jpeg'],
  ])('accepts %s, sniffing its type from the bytes', async (_what, name, contentType) => {
    // Sent without a type and under a misleading name: only the bytes count.
    const res = await upload({
      name: 'Accepted',
      file: { fileName: 'upload.bin', data: fixture(name) },
      documentType: 'carrierProposal',
    });
    expect(res.statusCode).toBe(201);
    const [doc] = (await t.app.inject({ url: '/api/documents/carrierProposals' })).json();
    const file = await t.app.inject({ url: doc.url });
    expect(file.headers['content-type']).toBe(contentType);
  });

  it('lists newest first, paged with X-Next-Cursor', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      const res = await upload({ name, file: pdfFile(), documentType: 'carrierProposal' });
      expect(res.statusCode).toBe(201);
    }
    const names = (r: { json(): Array<{ name: string }> }) => r.json().map((d) => d.name);
    const all = await t.app.inject({ url: '/api/documents/carrierProposals' });
    expect(names(all)).toEqual(['Third', 'Second', 'First']);
    const page1 = await t.app.inject({ url: '/api/documents/carrierProposals?limit=2' });
    expect(names(page1)).toEqual(['Third', 'Second']);
    const cursor = page1.headers['x-next-cursor'];
    const page2 = await t.app.inject({
      url: `/api/documents/carrierProposals?limit=2&before=${cursor}`,
    });
    expect(names(page2)).toEqual(['First']);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    // The same bytes uploaded three times are kept once.
    expect(storedObjects()).toHaveLength(1);
  });

  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
  const exe = Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([0x40, 0, 0, 0]),
    Buffer.from('PE\0\0'),
    Buffer.alloc(200),
  ]);
  const overLimit = Buffer.concat([proposalPdf, Buffer.alloc(MAX_BYTES)]);

  it.each<[string, Fields, number, string]>([
    [
      'no name',
      { file: pdfFile(), documentType: 'carrierProposal' },
      400,
      'The name field is required',
    ],
    [
      'a blank name',
      { name: '   ', file: pdfFile(), documentType: 'carrierProposal' },
      400,
      'The name field is required',
    ],
    [
      'a name too long',
      { name: 'x'.repeat(201), file: pdfFile(), documentType: 'carrierProposal' },
      400,
      'The name field is too long',
    ],
    [
      'no file',
      { name: 'Proposal', documentType: 'carrierProposal' },
      400,
      'The file field is required',
    ],
    [
      'no documentType',
      { name: 'Proposal', file: pdfFile() },
      400,
      'The documentType field must be',
    ],
    [
      'a documentType of client',
      { name: 'Proposal', file: pdfFile(), documentType: 'client' },
      400,
      'The documentType field must be carrierProposal or policyCertificate.',
    ],
    [
      'a malformed modelId',
      { name: 'Proposal', file: pdfFile(), documentType: 'carrierProposal', modelId: '../../etc' },
      400,
      'The modelId field must be',
    ],
    [
      'a file over the limit',
      { name: 'Proposal', file: pdfFile(overLimit), documentType: 'carrierProposal' },
      413,
      'The document is larger than 512 KB.',
    ],
    [
      'an HTML page renamed .pdf',
      { name: 'Proposal', file: pdfFile(html, 'report.pdf'), documentType: 'carrierProposal' },
      400,
      'The file must be a PDF, a Word document',
    ],
    [
      'an ELF executable renamed .pdf',
      { name: 'Proposal', file: pdfFile(elf, 'proposal.pdf'), documentType: 'carrierProposal' },
      400,
      'The file must be a PDF',
    ],
    [
      'a Windows executable renamed .pdf',
      { name: 'Proposal', file: pdfFile(exe, 'proposal.pdf'), documentType: 'carrierProposal' },
      400,
      'The file must be a PDF',
    ],
    [
      'an empty file',
      { name: 'Proposal', file: pdfFile(Buffer.alloc(0)), documentType: 'carrierProposal' },
      400,
      'The file must be a PDF',
    ],
    [
      'a second file',
      {
        name: 'Proposal',
        file: pdfFile(),
        documentType: 'carrierProposal',
        extra: { fileName: 'b.pdf', type: 'application/pdf', data: proposalPdf },
      },
      400,
      'Only one file, in the "file" field',
    ],
    [
      'the file in another field',
      { name: 'Proposal', document: pdfFile(), documentType: 'carrierProposal' },
      400,
      'Only one file, in the "file" field',
    ],
  ])(
    'refuses %s with a clear message and stores nothing',
    async (_what, fields, status, message) => {
      const res = await upload(fields);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toContain(message);
      await expectNothingStored();
    },
  );

  it('refuses a body that is not multipart and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-document',
      payload: { name: 'Proposal', documentType: 'carrierProposal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/multipart/);
    await expectNothingStored();
  });

  async function expectNothingStored() {
    expect((await t.db.query('select id from documents')).rows).toEqual([]);
    expect((await t.db.query('select id from files')).rows).toEqual([]);
    expect(await jobs()).toEqual([]);
    expect(storedObjects()).toEqual([]);
    expect(readdirSync(path.join(t.filesDir, 'tmp'))).toEqual([]);
  }

  it('keeps concurrent uploads apart', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        upload({ name: `Doc ${i}`, file: pdfFile(), documentType: 'carrierProposal' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const ids = new Set(results.map((r) => r.json().id));
    expect(ids.size).toBe(12);
    expect((await jobs()).map((j) => j.data.documentId).sort()).toEqual([...ids].sort());
  });
});

describe.each(testBackends())('the upload transaction on $name', (backend) => {
  it('records nothing when the job cannot be added: document, file row and job go together', async () => {
    const t = await createTestApp(backend);
    try {
      // A queue whose enqueue fails after the document was written inside the transaction.
      const app = await buildApp({
        config: { maxUploadBytes: MAX_BYTES },
        db: t.db,
        files: t.files,
        extraction: {
          engine: null,
          async enqueue(tx, documentId) {
            const { rows } = await tx.query('select id from documents where id = $1', [documentId]);
            expect(rows).toHaveLength(1);
            throw new Error('the queue is down');
          },
        },
      });
      const body = await multipartBody({
        name: 'Proposal',
        file: pdfFile(),
        documentType: 'carrierProposal',
      });
      const res = await app.inject({ method: 'POST', url: '/api/upload-document', ...body });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe('Something went wrong on our side. Please try again.');
      expect((await t.db.query('select id from documents')).rows).toEqual([]);
      expect((await t.db.query('select id from files')).rows).toEqual([]);
      await app.close();
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the job queue is not running', async () => {
    const t = await createTestApp(backend);
    try {
      const body = await multipartBody({
        name: 'Proposal',
        file: pdfFile(),
        documentType: 'carrierProposal',
      });
      const res = await t.app.inject({ method: 'POST', url: '/api/upload-document', ...body });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toContain('job queue is not running');
      expect((await t.db.query('select id from files')).rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
