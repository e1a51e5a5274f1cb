import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testBackends } from '../test/backends.ts';
import { buildPdf, minimalDocx } from '../test/hostile.ts';
import { multipartBody, tinyPng } from '../test/multipart.ts';

/**
 * Stored files are served with the type sniffed from their bytes (never the name or the type
 * the browser claimed), inline only when they are PDFs or raster images, as attachments
 * otherwise, and with a Content-Security-Policy that lets nothing in them run.
 */
describe.each(testBackends())('GET /api/files/:id on $name', (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(backend, { extraction: {} });
  });
  afterAll(() => t.close());

  async function upload(fileName: string, claimedType: string, data: Buffer) {
    const body = await multipartBody({
      name: fileName,
      documentType: 'carrierProposal',
      file: { fileName, type: claimedType, data },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/upload-document', ...body });
    expect(res.statusCode, res.body).toBe(201);
    const doc = await t.app.inject({ url: `/api/documents/carrierProposals/${res.json().id}` });
    return t.app.inject({ url: doc.json().url });
  }

  it.each([
    ['a PDF', 'p.pdf', 'application/octet-stream', buildPdf(['x']), 'application/pdf', 'inline'],
    ['a PNG claimed as a PDF', 'scan.pdf', 'application/pdf', tinyPng, 'image/png', 'inline'],
    [
      'a DOCX',
      'p.docx',
      'application/pdf',
      minimalDocx('x'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'attachment',
    ],
  ])(
    'serves %s with its sniffed type, %s',
    async (_what, name, claimed, data, type, disposition) => {
      const res = await upload(name, claimed, data);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^${disposition}; filename="${name}"`),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.rawPayload.equals(data)).toBe(true);
    },
  );

  it('names a file for download safely, whatever its original name', async () => {
    const res = await upload('ré"sumé\r\n.pdf', 'application/pdf', buildPdf(['y']));
    const header = String(res.headers['content-disposition']);
    // One header line, a quoted ASCII fallback with no quote inside, and the UTF-8 name encoded.
    expect(header).toMatch(
      /^inline; filename="[\x20-\x21\x23-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]+$/,
    );
    expect(header).toContain('r%C3%A9');
  });
});
