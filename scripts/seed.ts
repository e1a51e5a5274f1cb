/**
 * `npm run seed [-- --url http://127.0.0.1:3000]`: loads demo clients (with logos and notes) and
 * demo documents from the test fixtures, through the app's own HTTP API, for a first look.
 * Without --url it starts the app on DATA_DIR in this process (stop `npm start` first, or pass
 * --url to seed a running server).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/server.ts';
import { sampleBillingDocument } from '../src/shared/billing/testing/sample-client.ts';

const { values } = parseArgs({ options: { url: { type: 'string' } } });

const demoClients = [
  {
    name: 'Harbor Point Logistics',
    color: '#1f5fbf',
    notes: 'Renewal 1/1. Wants dental and vision quotes side by side.',
  },
  {
    name: 'Maple Ridge School District',
    color: '#1a7f4b',
    notes: 'Two classes: certified and classified staff.',
  },
  { name: 'Summit Dental Partners', color: '#9b2c8a', notes: '' },
  {
    name: 'Northwind Credit Union',
    color: '#b45309',
    notes: 'Voluntary life and disability carve-out under review.',
  },
];

const demoDocuments = [
  {
    type: 'carrierProposal',
    name: 'Ameritas dental proposal',
    file: 'dev01-ameritas-dental-proposal.pdf',
  },
  {
    type: 'carrierProposal',
    name: 'Lincoln dental + vision, 2 classes',
    file: 'dev02-lincoln-dental-vision-2class.pdf',
  },
  {
    type: 'carrierProposal',
    name: 'Equitable dental options + vision',
    file: 'dev11-equitable-dental-vision-options.docx',
  },
  {
    type: 'policyCertificate',
    name: 'UHC vision summary (scan)',
    file: 'dev12-uhc-vision-summary-scan.png',
  },
];

function drawLogo(name: string, color: string): Blob {
  const canvas = createCanvas(128, 128);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 128, 128);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 52px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  ctx.fillText(initials, 64, 68);
  return new Blob([new Uint8Array(canvas.toBuffer('image/png'))], { type: 'image/png' });
}

async function post(url: string, form: FormData): Promise<Response> {
  const response = await fetch(url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function seed(base: string) {
  for (const client of demoClients) {
    const form = new FormData();
    form.append('name', client.name);
    if (client.notes) form.append('notes', client.notes);
    form.append('logo', drawLogo(client.name, client.color), 'logo.png');
    const response = await post(`${base}/api/clients/createClient`, form);
    console.info(`client: ${client.name}`);
    if (client === demoClients[0]) {
      // One client with billing parameters already built: two classes, four products.
      const { sanityId } = (await response.json()) as { sanityId: string };
      const classes = sampleBillingDocument({ classes: 2, products: 4, ageBands: 4 });
      const saved = await fetch(`${base}/api/clients/updateBillingParameters`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: sanityId, classes, revision: 0 }),
      });
      if (!saved.ok) throw new Error(`billing parameters: ${saved.status} ${await saved.text()}`);
      console.info('  billing parameters: 2 classes, 4 products');
    }
  }
  const fixtures = path.resolve(import.meta.dirname, '../tests/fixtures/proposals');
  for (const doc of demoDocuments) {
    const form = new FormData();
    form.append('name', doc.name);
    form.append('documentType', doc.type);
    form.append('modelId', '');
    form.append('file', new Blob([readFileSync(path.join(fixtures, doc.file))]), doc.file);
    const response = await fetch(`${base}/api/upload-document`, { method: 'POST', body: form });
    if (response.status === 404) {
      console.info('documents: this server has no upload endpoint yet; skipped');
      break;
    }
    if (!response.ok)
      throw new Error(`upload ${doc.file}: ${response.status} ${await response.text()}`);
    console.info(`${doc.type}: ${doc.name}`);
  }
}

if (values.url) {
  await seed(values.url.replace(/\/$/, ''));
} else {
  const server = await startServer({ ...loadConfig(), port: 0 }, { logger: false });
  try {
    await seed(server.url);
  } finally {
    await server.close();
  }
}
console.info('Seeded. Start the app with `npm start`.');
