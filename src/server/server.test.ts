import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedData } from '../shared/proposals/parsed-data.ts';
import { loadConfig } from './config.ts';
import { ExtractionError, type ExtractionProvider } from './extraction/provider.ts';
import { startServer } from './server.ts';
import { eventually, fastQueueSettings } from './test/backends.ts';
import { tinyPng } from './test/multipart.ts';

const serverEntry = new URL('./index.ts', import.meta.url).pathname;

describe('the server process', () => {
  it('keeps clients and their logos across a restart on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-restart-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });

    const first = await startServer(config, { logger: false });
    console.info('started');
    const form = new FormData();
    form.append('name', 'Durable Dental Co');
    form.append('notes', 'Survives restarts');
    form.append('logo', new Blob([tinyPng], { type: 'image/png' }), 'logo.png');
    const created = await fetch(`${first.url}/api/clients/createClient`, {
      method: 'POST',
      body: form,
    });
    console.info('created');
    expect(created.status).toBe(201);
    const { sanityId } = (await created.json()) as { sanityId: string };
    await first.close();
    console.info('closed');

    const second = await startServer(config, { logger: false });
    try {
      const clients = (await (await fetch(`${second.url}/api/clients`)).json()) as Array<{
        id: string;
        name: string;
        notes: string;
        logo: string;
      }>;
      expect(clients).toHaveLength(1);
      expect(clients[0]).toMatchObject({
        id: sanityId,
        name: 'Durable Dental Co',
        notes: 'Survives restarts',
      });
      const logo = await fetch(`${second.url}${clients[0]!.logo}`);
      expect(Buffer.from(await logo.arrayBuffer()).equals(tinyPng)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('keeps uploaded documents, their files and extraction results across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-restart-docs-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    const provider: ExtractionProvider = {
      name: 'fake',
      async extract(input) {
        if (input.contentType === 'image/png')
          throw new ExtractionError('No text found in this image.');
        return parsed;
      },
    };
    const first = await startServer(config, {
      logger: false,
      extractionProvider: provider,
      queueSettings: fastQueueSettings,
    });
    let proposalId: string;
    let certificateId: string;
    try {
      proposalId = await upload(
        first.url,
        'Ameritas Dental',
        'carrierProposal',
        proposalPdf,
        'a.pdf',
      );
      certificateId = await upload(
        first.url,
        'UHC Vision',
        'policyCertificate',
        certificatePng,
        'c.png',
      );
      await eventually(async () => {
        const lists = await Promise.all([
          list(first.url, 'carrierProposals'),
          list(first.url, 'policyCertificates'),
        ]);
        return lists.flat().every((d) => d.status === 'done' || d.status === 'failed');
      }, 30_000);
    } finally {
      await first.close();
    }

    // Back up with no engine at all: what was read stays read.
    const second = await startServer(config, { logger: false, extractionProvider: null });
    try {
      const [proposal] = await list(second.url, 'carrierProposals');
      const [certificate] = await list(second.url, 'policyCertificates');
      expect(proposal).toMatchObject({ id: proposalId, name: 'Ameritas Dental', status: 'done' });
      expect(certificate).toMatchObject({
        id: certificateId,
        name: 'UHC Vision',
        status: 'failed',
        error: 'No text found in this image.',
      });
      const detail = await (
        await fetch(`${second.url}/api/documents/carrierProposals/${proposalId}`)
      ).json();
      expect(detail.data).toEqual(parsed);
      const pdf = await fetch(`${second.url}${proposal!.url}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).equals(proposalPdf)).toBe(true);
      const png = await fetch(`${second.url}${certificate!.url}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await png.arrayBuffer()).equals(certificatePng)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('reads after a restart a document that was being read when the server stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-restart-job-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    const first = await startServer(config, {
      logger: false,
      extractionProvider: { name: 'hangs', extract: () => new Promise(() => {}) },
      queueSettings: { ...fastQueueSettings, shutdownGraceMs: 500 },
    });
    let id: string;
    try {
      id = await upload(first.url, 'Ameritas Dental', 'carrierProposal', proposalPdf, 'a.pdf');
      await eventually(
        async () => (await list(first.url, 'carrierProposals'))[0]?.status === 'processing',
      );
    } finally {
      await first.close();
    }
    const second = await startServer(config, {
      logger: false,
      extractionProvider: { name: 'reads', extract: async () => parsed },
      queueSettings: fastQueueSettings,
    });
    try {
      const [doc] = await eventually(async () => {
        const docs = await list(second.url, 'carrierProposals');
        return docs[0]?.status === 'done' ? docs : undefined;
      }, 30_000);
      expect(doc).toMatchObject({ id, status: 'done', error: null });
      const attempts = await second.db.query('select attempts from documents where id = $1', [id]);
      expect(attempts.rows).toEqual([{ attempts: 2 }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a second server on the same data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-twice-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0' });
    const first = await startServer(config, { logger: false });
    try {
      const second = spawnSync(process.execPath, [serverEntry], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/is in use by another Benefits Desk process/);
    } finally {
      await first.close();
    }
  });

  it('stops at start-up on a bad variable, naming it', () => {
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="eighty"');
  });
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/proposals/${name}`, import.meta.url));
const proposalPdf = fixture('dev01-ameritas-dental-proposal.pdf');
const certificatePng = fixture('dev12-uhc-vision-summary-scan.png');
const parsed: ParsedData = [
  { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: 0.97 },
];

async function upload(
  url: string,
  name: string,
  documentType: string,
  bytes: Buffer,
  fileName: string,
): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  form.append('documentType', documentType);
  const response = await fetch(`${url}/api/upload-document`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

interface ListedDocument {
  id: string;
  name: string;
  url: string;
  status: string;
  error: string | null;
}

async function list(url: string, collection: string): Promise<ListedDocument[]> {
  return (await (await fetch(`${url}/api/documents/${collection}`)).json()) as ListedDocument[];
}
