import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxedProvider, type SandboxedProvider } from './extraction/sandbox.ts';
import { createTestApp, eventually, type TestContext, testBackends } from './test/backends.ts';
import {
  buildPdf,
  buildZip,
  docxEntries,
  expectSafeAnswer,
  minimalDocx,
  pngBomb,
} from './test/hostile.ts';
import { multipartBody, tinyPng } from './test/multipart.ts';

/**
 * Hostile and broken uploads (issue 8): files that lie about their type, zip bombs inside DOCX,
 * encrypted, broken and huge PDFs. Each gets a clear answer at upload, or is stored and its
 * extraction ends failed with a reason (or done) — within bounded time and memory, while the
 * server keeps answering others.
 *
 * The reader is the local engine as the server runs it: in a sandboxed child process
 * (extraction/sandbox.ts) under the queue's timeout, with the document limits of
 * extraction/read/limits.ts.
 */
const READER = {
  module: new URL('./extraction/local-engine.ts', import.meta.url),
  factory: 'createLocalExtractionProvider',
};
const MAX_RSS_MB = 768;
const TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;

const fixturePdf = readFileSync(
  new URL('../../tests/fixtures/proposals/dev01-ameritas-dental-proposal.pdf', import.meta.url),
);

/** A PDF encrypted with a password no one gave us (the standard security handler, RC4). */
const encryptedPdf = () =>
  buildPdf(['Secret rates'], {
    extraTrailer:
      `/Encrypt << /Filter /Standard /V 1 /R 2 /P -44 /O <${'7a'.repeat(32)}> /U <${'5c'.repeat(32)}> >> ` +
      `/ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] `,
  });

interface Case {
  what: string;
  fileName: string;
  bytes: () => Buffer;
  /** The answer at upload: 201 (stored, then read) or a refusal. */
  upload: 201 | 400 | 413;
  /** For stored ones: how the reading ends. */
  ends?: { status: 'done' | 'failed'; reason?: RegExp };
}

const cases: Case[] = [
  {
    what: 'a program that calls itself a PDF',
    fileName: 'proposal.pdf',
    bytes: () =>
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000)]),
    upload: 400,
  },
  {
    what: 'a web page that calls itself a PDF',
    fileName: 'proposal.pdf',
    bytes: () => Buffer.from('<!doctype html><script>alert(1)</script>'),
    upload: 400,
  },
  {
    what: 'a ZIP that is no Word document, named .docx',
    fileName: 'proposal.docx',
    bytes: () => buildZip([{ name: 'payload.exe', data: Buffer.from('MZ') }]),
    upload: 400,
  },
  {
    what: 'a file over the upload limit',
    fileName: 'big.pdf',
    bytes: () => Buffer.concat([buildPdf(['big']), Buffer.alloc(8 * MB + 1)]),
    upload: 413,
  },
  {
    what: 'a DOCX zip bomb (a gigabyte of zeros in 1 MB)',
    fileName: 'bomb.docx',
    bytes: () => buildZip(docxEntries({ name: 'word/document.xml', zeros: 1024 * MB })),
    upload: 201,
    ends: { status: 'failed', reason: /zip bomb/ },
  },
  {
    what: 'a DOCX zip bomb whose headers lie about its size',
    fileName: 'liar.docx',
    bytes: () =>
      buildZip(docxEntries({ name: 'word/document.xml', zeros: 512 * MB, declaredSize: 4096 })),
    upload: 201,
    ends: { status: 'failed', reason: /zip bomb/ },
  },
  {
    what: 'an encrypted PDF',
    fileName: 'secret.pdf',
    bytes: encryptedPdf,
    upload: 201,
    ends: { status: 'failed', reason: /password-protected/ },
  },
  {
    what: 'a broken PDF (a header and garbage)',
    fileName: 'broken.pdf',
    bytes: () => Buffer.from(`%PDF-1.7\n${'garbage '.repeat(500)}`),
    upload: 201,
    ends: { status: 'failed', reason: /not a readable PDF|damaged/ },
  },
  {
    what: 'a PDF cut off halfway',
    fileName: 'half.pdf',
    bytes: () => fixturePdf.subarray(0, Math.floor(fixturePdf.length / 2)),
    upload: 201,
    // pdf.js recovers what it can of a cut PDF: read, or failed with a reason.
    ends: { status: 'failed', reason: /./ },
  },
  {
    what: 'a 1,000-page PDF',
    fileName: 'thousand.pdf',
    bytes: () =>
      buildPdf(Array.from({ length: 1000 }, (_, i) => `Page ${i + 1} of the rate exhibit`)),
    upload: 201,
    ends: { status: 'failed', reason: /has 1,000 pages; at most 500 can be read/ },
  },
  {
    what: 'a PNG pixel bomb (1.6 gigapixels in 2 MB)',
    fileName: 'bomb.png',
    bytes: () => pngBomb(40_000, 40_000),
    upload: 201,
    ends: { status: 'failed', reason: /40,000 × 40,000 pixels/ },
  },
  {
    what: 'a real proposal PDF (control)',
    fileName: 'ameritas.pdf',
    bytes: () => fixturePdf,
    upload: 201,
    ends: { status: 'done' },
  },
  {
    what: 'a real DOCX (control)',
    fileName: 'real.docx',
    bytes: () => minimalDocx('Ameritas Dental Proposal'),
    upload: 201,
    ends: { status: 'done' },
  },
];

describe.each(testBackends().slice(0, 1))('hostile uploads on $name', (backend) => {
  let t: TestContext;
  let reader: SandboxedProvider;
  beforeAll(async () => {
    reader = createSandboxedProvider({ name: 'local', ...READER, maxRssMb: MAX_RSS_MB });
    t = await createTestApp(backend, {
      maxUploadBytes: 8 * MB,
      extraction: { provider: reader, settings: { timeoutMs: TIMEOUT_MS, retryLimit: 0 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await reader.close();
  });

  it.each(cases)(
    '$what: $upload',
    async ({ fileName, bytes, upload, ends }) => {
      const isDocx = fileName.endsWith('.docx');
      const body = await multipartBody({
        name: `Hostile ${fileName}`,
        documentType: 'carrierProposal',
        file: {
          fileName,
          type: isDocx
            ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
            : 'application/pdf',
          data: bytes(),
        },
      });
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/upload-document', ...body });
      expectSafeAnswer(res, fileName, 'POST');
      expect(res.statusCode, res.body).toBe(upload);
      if (upload !== 201) {
        expect(res.json().error).toMatch(/must be a PDF|larger than/);
        return;
      }
      // While it is read, the server keeps answering others promptly.
      const slowest = { ms: 0 };
      const id = res.json().id as string;
      const settled = await eventually(
        async () => {
          const asked = performance.now();
          const list = await t.app.inject({ url: '/api/clients' });
          const doc = await t.app.inject({ url: `/api/documents/carrierProposals/${id}` });
          slowest.ms = Math.max(slowest.ms, performance.now() - asked);
          expect(list.statusCode).toBe(200);
          const { status, error } = doc.json();
          return status === 'done' || status === 'failed' ? { status, error } : undefined;
        },
        TIMEOUT_MS + 10_000,
        `${fileName} to be read`,
      );
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `[hostile] ${fileName}: ${settled.status}${settled.error ? ` (${settled.error})` : ''} in ${seconds.toFixed(1)} s; slowest list+detail ${slowest.ms.toFixed(0)} ms; reader peak RSS ${(reader.peakRss() / MB).toFixed(0)} MB`,
      );
      if (ends?.status === 'done') expect(settled).toEqual({ status: 'done', error: null });
      else if (settled.status === 'failed') expect(settled.error).toMatch(ends?.reason ?? /./);
      expect(seconds).toBeLessThan(TIMEOUT_MS / 1000);
      expect(slowest.ms).toBeLessThan(1000);
      expect(reader.peakRss()).toBeLessThan(MAX_RSS_MB * MB);
    },
    TIMEOUT_MS + 30_000,
  );

  it('refuses a logo that lies about being an image', async () => {
    for (const [data, fileName] of [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
      ],
      [buildPdf(['not a logo']), 'logo.jpg'],
    ] as const) {
      const body = await multipartBody({
        name: 'Liar',
        logo: { fileName, type: 'image/png', data },
      });
      const res = await t.app.inject({ method: 'POST', url: '/api/clients/createClient', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/logo must be an image/);
    }
    const ok = await multipartBody({
      name: 'Honest',
      logo: { fileName: 'l.png', type: 'image/png', data: tinyPng },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/clients/createClient', ...ok })).statusCode,
    ).toBe(201);
  });
});
