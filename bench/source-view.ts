/**
 * Source view benchmark (issue 12): on the review screen in the real Chromium, the time from
 * clicking a value to its page drawn with the value's box highlighted (the image loaded and the
 * box laid out, one frame painted). The app is the real one (the web app freshly built, served by
 * buildApp() over an in-memory PGlite), the document a real PDF read by the local engine, so the
 * boxes and the page images are the server's.
 *
 * Figures: the first click on each page (its image drawn by the server and fetched), then p50 and
 * p90 over clicks that alternate between values on different pages (images cached by the
 * browser and the server), and clicks on values of the page already shown.
 * Run alone with `node bench/run.ts source-view`.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { buildApp } from '../src/server/app.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPglite } from '../src/server/db/pglite.ts';
import { createLocalExtractionProvider } from '../src/server/extraction/local-engine.ts';
import { createDiskFileStore } from '../src/server/storage/disk-file-store.ts';
import { storeReadDocument } from '../src/server/test/documents.ts';
import { locateValues } from '../src/shared/proposals/value-refs.ts';
import { fixture } from '../tests/e2e/support/files.ts';
import { serveInChromium } from './support/browser.ts';
import { heading, median, ms, quantile } from './support/stats.ts';

const FILE = 'dev02-lincoln-dental-vision-2class.pdf';
const RUNS = 40;

/** Clicks the value and resolves with the ms until its box is shown on its drawn page. */
function clickToBox(page: Page, key: string, pageNumber: number, box: number[]) {
  return page.evaluate(
    ({ key, pageNumber, box }) =>
      new Promise<number>((resolve, reject) => {
        setTimeout(() => reject(new Error(`no box for ${key} after 20 s`)), 20_000);
        const target = document.querySelector<HTMLElement>(
          `.workspace-data [data-value-key="${CSS.escape(key)}"]`,
        )!;
        const selector = `.source-pane .page-frame[data-ready="true"][data-page="${pageNumber}"] .source-box[data-box="${box.join(',')}"]`;
        const start = performance.now();
        const finish = () => requestAnimationFrame(() => resolve(performance.now() - start));
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector)) {
            observer.disconnect();
            finish();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        target.click();
        if (document.querySelector(selector)) {
          observer.disconnect();
          finish();
        }
      }),
    { key, pageNumber, box },
  );
}

export async function benchSourceView(): Promise<void> {
  heading('source view (issue 12)');
  const work = mkdtempSync(path.join(tmpdir(), 'bd-bench-source-'));
  const webRoot = path.join(work, 'web');
  await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: webRoot } });
  const db = await openPglite();
  await migrate(db);
  const files = createDiskFileStore(path.join(work, 'files'));
  const bytes = new Uint8Array(readFileSync(fixture(FILE)));
  const data = await createLocalExtractionProvider().extract({
    bytes,
    contentType: 'application/pdf',
    documentType: 'carrierProposal',
  });
  const id = await storeReadDocument(db, files, { bytes, data, name: FILE });
  const app = await buildApp({ config: { maxUploadBytes: 50 * 1024 * 1024 }, db, files, webRoot });
  const { origin, browser } = await serveInChromium(app);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${origin}/documents/carrierProposals/${id}`);
    await page.getByRole('toolbar', { name: 'Review' }).waitFor();
    const shown = new Set(
      await page
        .locator('.workspace-data [data-value-key]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-value-key'))),
    );
    const boxed = locateValues(data)
      .filter((v) => v.value.source?.box && shown.has(v.ref))
      .map((v) => ({ key: v.ref, page: v.value.source!.page, box: v.value.source!.box! }));
    const pages = [...new Set(boxed.map((b) => b.page))].sort((a, b) => a - b);
    const byPage = pages.map((p) => boxed.filter((b) => b.page === p));

    const first: number[] = [];
    for (const values of byPage) {
      const v = values[0]!;
      first.push(await clickToBox(page, v.key, v.page, v.box));
    }
    const otherPage: number[] = [];
    const samePage: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const values = byPage[i % byPage.length]!;
      const v = values[Math.floor(i / byPage.length) % values.length]!;
      otherPage.push(await clickToBox(page, v.key, v.page, v.box));
      const next = values[(Math.floor(i / byPage.length) + 1) % values.length]!;
      if (byPage.length > 1 && next.key !== v.key) {
        samePage.push(await clickToBox(page, next.key, next.page, next.box));
      }
    }
    console.info(
      `click a value → its page with the box shown, ${FILE} (${boxed.length} values with a box on ${pages.length} pages), Chromium 1440×900:`,
    );
    console.info(`  first click on each page (drawn by the server) ${first.map(ms).join(', ')}`);
    console.info(
      `  page changes p50 ${ms(median(otherPage))}   p90 ${ms(quantile(otherPage, 0.9))} (${otherPage.length} clicks)`,
    );
    console.info(
      `  same page p50 ${ms(median(samePage))}   p90 ${ms(quantile(samePage, 0.9))} (${samePage.length} clicks)`,
    );
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchSourceView();
