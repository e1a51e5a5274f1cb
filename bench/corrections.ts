/**
 * Corrections benchmark (issue 12), on the app in this process (app.inject) over the embedded
 * database on disk and a disk file store:
 * - p50/p99 of PUT /api/documents/carrierProposals/:id/data saving a 300-value correction (the
 *   whole data array, ten values changed per save: a new revision each time);
 * - page-image render time per page, cold (drawn) and cached (from the file store), for a text
 *   PDF, a scanned PDF and a DOCX drawing; the words of a page (cold: the reader's pass over
 *   the document; cached); and the longest the event loop was held up while pages were drawn
 *   (drawing runs on a worker thread).
 * Run alone with `node bench/run.ts corrections`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPglite } from '../src/server/db/pglite.ts';
import { createDiskFileStore } from '../src/server/storage/disk-file-store.ts';
import { fixtureTruth, proposalFixture, storeReadDocument } from '../src/server/test/documents.ts';
import { tableDefinitions } from '../src/shared/fields/catalogue.ts';
import type { ParsedData } from '../src/shared/proposals/parsed-data.ts';
import { heading, kb, median, ms, quantile } from './support/stats.ts';

const VALUES = 300;
const WARMUP_SAVES = 10;
const SAVES = 200;

/** A document of `VALUES` values: a fixture's truth, its rate table grown to make up the count. */
function dataOfSize(values: number): ParsedData {
  const data = fixtureTruth('dev02-lincoln-dental-vision-2class.pdf');
  const have = data.reduce((n, i) => n + (i.type === 'field' ? 1 : i.cells.length), 0);
  const table = tableDefinitions.find((t) => t.label === 'dentalInsurance_rateTiers')!;
  const cells: Extract<ParsedData[number], { type: 'table' }>['cells'] = [];
  for (let k = 0; k < values - have; k++) {
    const col = k % table.columns.length;
    cells.push({
      label: `${table.label}_${table.columns[col]}`,
      value: `$${(10 + k).toFixed(2)}`,
      row: 100 + Math.floor(k / table.columns.length),
      col,
      score: 0.9,
    });
  }
  const existing = data.find((i) => i.type === 'table' && i.label === table.label);
  if (existing?.type === 'table') existing.cells.push(...cells);
  else data.push({ type: 'table', label: table.label, cells });
  return data;
}

/** The data with ten values changed (a different ten each time). */
function corrected(data: ParsedData, round: number): ParsedData {
  let k = 0;
  return data.map((item) =>
    item.type === 'field'
      ? item
      : {
          ...item,
          cells: item.cells.map((cell) =>
            k++ % 30 === round % 30
              ? {
                  ...cell,
                  value: `${cell.value} (${round})`,
                  review: { state: 'corrected' as const },
                }
              : cell,
          ),
        },
  );
}

export async function benchCorrections() {
  heading('corrections (issue 12)');
  const dir = mkdtempSync(path.join(tmpdir(), 'bd-bench-corrections-'));
  const db = await openPglite(path.join(dir, 'db'));
  await migrate(db);
  const files = createDiskFileStore(path.join(dir, 'files'));
  const app = await buildApp({
    config: { maxUploadBytes: 50 * 1024 * 1024 },
    db,
    files,
    aiRateLimit: false,
  });
  try {
    const data = dataOfSize(VALUES);
    const id = await storeReadDocument(db, files, {
      bytes: proposalFixture('dev02-lincoln-dental-vision-2class.pdf'),
      data,
    });
    let revision = 1;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP_SAVES + SAVES; i++) {
      const payload = JSON.stringify({ data: corrected(data, i), revision });
      bytes = payload.length;
      const started = performance.now();
      const res = await app.inject({
        method: 'PUT',
        url: `/api/documents/carrierProposals/${id}/data`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
      revision = res.json().revision;
      if (i >= WARMUP_SAVES) times.push(took);
    }
    console.info(
      `save of a ${VALUES}-value correction (${kb(bytes)} JSON, 10 values changed each), ${SAVES} sequential saves on PGlite on disk:`,
    );
    console.info(
      `  p50 ${ms(median(times))}   p99 ${ms(quantile(times, 0.99))}   max ${ms(Math.max(...times))}`,
    );

    for (const name of [
      'dev02-lincoln-dental-vision-2class.pdf',
      'dev14-humana-dental-vision-scan.pdf',
      'dev09-renaissance-dental.docx',
    ]) {
      const doc = await storeReadDocument(db, files, {
        bytes: proposalFixture(name),
        data: [],
        name,
      });
      const base = `/api/documents/carrierProposals/${doc}`;
      const cold: number[] = [];
      const cached: number[] = [];
      let size = 0;
      // how long the server's event loop is held up while pages are drawn
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      // page by page until there is none (listing the pages would draw them ahead of time)
      let pageCount = 0;
      for (let page = 1; ; page++) {
        const started = performance.now();
        const res = await app.inject({ url: `${base}/pages/${page}.png` });
        if (res.statusCode === 404) break;
        if (res.statusCode !== 200) throw new Error(`page ${page}: ${res.statusCode}`);
        cold.push(performance.now() - started);
        size = Math.max(size, res.rawPayload.length);
        const again = performance.now();
        await app.inject({ url: `${base}/pages/${page}.png` });
        cached.push(performance.now() - again);
        pageCount = page;
      }
      const pages = Array.from({ length: pageCount }, (_, i) => ({ page: i + 1 }));
      loop.disable();
      const words: number[] = [];
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        await app.inject({ url: `${base}/pages/1/words` });
        words.push(performance.now() - started);
      }
      console.info(
        `page images of ${name} (${pages.length} page${pages.length === 1 ? '' : 's'}, largest PNG ${kb(size)}):`,
      );
      console.info(
        `  per page cold p50 ${ms(median(cold))} (max ${ms(Math.max(...cold))})   cached p50 ${ms(median(cached))}   words cold ${ms(words[0]!)}   cached ${ms(words[1]!)}   event loop held at most ${ms(loop.max / 1e6)}`,
      );
    }
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
