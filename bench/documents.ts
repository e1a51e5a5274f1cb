/**
 * Upload benchmarks (DESIGN.md §8) against a real server child process (`node
 * src/server/index.ts`) on a fresh DATA_DIR (PGlite, or PostgreSQL when DATABASE_URL is set):
 *
 * - peak resident memory (RSS) of the server while one 50 MB upload streams in, against its idle
 *   RSS: the body must stream to disk, not be held in memory;
 * - uploads per second for 1 MB PDFs with 10 concurrent clients (each upload is stored and its
 *   extraction job recorded; no engine reads them here).
 *
 * Prints; asserts nothing. Run alone with `node bench/documents.ts`.
 */

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BenchServer, startBenchServer } from './support/server-process.ts';

const MB = 1024 * 1024;
const bigUploadBytes = 50 * MB;
const smallUploadBytes = 1 * MB;
const concurrentClients = 10;
const throughputSeconds = 10;

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** A PDF-looking body of `size` bytes (the type is sniffed from its first bytes), made as it is sent. */
function pdfStream(size: number): Readable {
  const header = Buffer.from('%PDF-1.7\n%bench\n');
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const first = sent === 0 ? Buffer.concat([header, chunk]) : chunk;
      const piece = first.subarray(0, Math.min(first.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

/** Streams one multipart upload of `size` bytes with node:http; resolves to the status. */
async function streamUpload(url: string, size: number): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig proposal\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ncarrierProposal\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/upload-document`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    void (async () => {
      req.write(head);
      await pipeline(pdfStream(size), req, { end: false });
      req.end(tail);
    })().catch(reject);
  });
}

async function benchBigUpload(server: BenchServer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleSamples: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    idleSamples.push(server.rss());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const idle = Math.max(...idleSamples);
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 10);
  const started = performance.now();
  const status = await streamUpload(server.url, bigUploadBytes);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, server.rss());
  console.info(
    `documents: one ${mb(bigUploadBytes)} upload streamed in ${seconds.toFixed(2)} s (status ${status}); server RSS idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`,
  );
}

async function benchThroughput(server: BenchServer): Promise<void> {
  // Distinct bytes per upload, so each one is really stored (the store keeps one copy of equal bytes).
  const base = Buffer.alloc(smallUploadBytes, 0x20);
  Buffer.from('%PDF-1.7\n%bench\n').copy(base);
  let counter = 0;
  const body = () => {
    counter += 1;
    const bytes = Buffer.from(base);
    bytes.write(`%${counter.toString().padStart(12, '0')}\n`, 17);
    const form = new FormData();
    form.append('name', `Proposal ${counter}`);
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'proposal.pdf');
    form.append('documentType', 'carrierProposal');
    return form;
  };
  const upload = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/upload-document`, {
      method: 'POST',
      body: body(),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
    return performance.now() - started;
  };
  // Warm up.
  for (let i = 0; i < 10; i += 1) await upload();
  const latencies: number[] = [];
  const until = performance.now() + throughputSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrentClients }, async () => {
      while (performance.now() < until) latencies.push(await upload());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  console.info(
    `documents: ${(latencies.length / seconds).toFixed(1)} uploads/s of ${mb(smallUploadBytes)} PDFs with ${concurrentClients} concurrent clients over ${seconds.toFixed(1)} s (${latencies.length} uploads; latency p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms)`,
  );
}

export async function benchDocuments(): Promise<void> {
  const server = await startBenchServer({ MAX_UPLOAD_MB: '50' });
  try {
    console.info(
      `documents: server on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, pid ${server.pid}`,
    );
    await benchBigUpload(server);
    await benchThroughput(server);
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await benchDocuments();
