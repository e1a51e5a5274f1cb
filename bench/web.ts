/**
 * Web benchmark: the gzip size of the JavaScript the browser loads first (the entry script and
 * its module preloads), from a fresh production build. Run alone with `node bench/web.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { heading, kb } from './support/stats.ts';

const webRoot = fileURLToPath(new URL('../dist/web/', import.meta.url));

export async function benchWebBundle(): Promise<void> {
  heading('Initial JavaScript (production build)');
  await ensureWebBuild(() => {});
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of new Set(scripts)) {
    const bytes = readFileSync(path.join(webRoot, src.replace(/^\//, '')));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  console.info(`${scripts.length} file(s): ${kb(raw)} raw, ${kb(gz)} gzip`);
}

if (import.meta.main) await benchWebBundle();
