/**
 * Proposal detail benchmark (issue 5): the time the carrier proposal detail screen takes to show
 * the largest fixture (by the size of its expected parsed data), in the real Chromium, against
 * the real app: the web app freshly built, served by buildApp() over an in-memory PGlite that
 * holds the proposal, read through GET /api/documents/carrierProposals/:id on loopback.
 *
 * Two figures, medians over several runs:
 * - in-app navigation: from the route change (as when a proposal is picked from the list) until
 *   every product and class section is in the document and laid out; the read's own time is
 *   given apart;
 * - cold load: from navigation start of a fresh page load until the same point.
 * Prints; asserts nothing. Run alone with `node bench/proposal-render.ts`.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { buildApp } from '../src/server/app.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPglite } from '../src/server/db/pglite.ts';
import { createLocalAnalyst } from '../src/server/insights/local-analyst.ts';
import { createDiskFileStore } from '../src/server/storage/disk-file-store.ts';
import { buildProposalView } from '../src/shared/proposals/proposal-view.ts';
import { loadProposalFixtures } from '../tests/support/proposal-fixtures.ts';
import { serveInChromium } from './support/browser.ts';

const warmup = 3;
const navigationRuns = 25;
const coldRuns = 8;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Waits in the page until `products` product sections and `classes` class sections are laid out. */
function shown(products: number, classes: number) {
  return `new Promise((resolve) => {
    const done = () => document.querySelectorAll('.product-section').length === ${products}
      && document.querySelectorAll('.class-section').length === ${classes};
    const finish = () => { void document.body.offsetHeight; resolve(performance.now()); };
    if (done()) return finish();
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); finish(); } });
    observer.observe(document.body, { childList: true, subtree: true });
  })`;
}

/** A route change inside the running app, as a link click makes it. */
async function navigateInApp(page: Page, url: string): Promise<number> {
  return page.evaluate((to) => {
    const start = performance.now();
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return start;
  }, url);
}

export async function benchProposalRender(): Promise<void> {
  const fixture = loadProposalFixtures()
    .map((f) => ({ f, size: JSON.stringify(f.truth).length }))
    .sort((a, b) => b.size - a.size)[0]!;
  const view = buildProposalView(fixture.f.truth);
  const products = view.products.length;
  const classes = view.products.reduce((n, p) => n + p.classes.length, 0);

  const work = mkdtempSync(path.join(tmpdir(), 'bd-bench-render-'));
  const webRoot = path.join(work, 'web');
  await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: webRoot } });

  const db = await openPglite();
  await migrate(db);
  const fileId = randomUUID();
  await db.query(
    `insert into files (id, original_name, content_type, size, sha256) values ($1, $2, $3, $4, $5)`,
    [fileId, fixture.f.file, 'application/pdf', 1, '0'.repeat(64)],
  );
  const ids: string[] = [];
  for (let i = 0; i < warmup + navigationRuns + coldRuns; i += 1) {
    const id = randomUUID();
    ids.push(id);
    await db.query(
      `insert into documents (id, type, name, file_id, status, data)
       values ($1, 'carrierProposal', $2, $3, 'done', $4::jsonb)`,
      [id, `${fixture.f.carrier} proposal`, fileId, JSON.stringify(fixture.f.truth)],
    );
  }
  const app = await buildApp({
    config: { maxUploadBytes: 1024 * 1024 },
    db,
    files: createDiskFileStore(path.join(work, 'files')),
    insights: createLocalAnalyst(),
    webRoot,
  });
  const { origin, browser } = await serveInChromium(app);

  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${origin}/dev/prompts`);
    await page.getByRole('heading', { name: 'Carrier Proposal Fields' }).waitFor();

    const navigation: number[] = [];
    const reads: number[] = [];
    for (const [run, id] of ids.slice(0, warmup + navigationRuns).entries()) {
      const url = `/documents/carrierProposals/${id}`;
      const start = await navigateInApp(page, url);
      const end = (await page.evaluate(shown(products, classes))) as number;
      const read = await page.evaluate(
        (api) => performance.getEntriesByName(api).at(-1)?.duration ?? Number.NaN,
        `${origin}/api/documents/carrierProposals/${id}`,
      );
      if (run >= warmup) {
        navigation.push(end - start);
        reads.push(read);
      }
      await navigateInApp(page, '/dev/prompts');
      await page.getByRole('heading', { name: 'Carrier Proposal Fields' }).waitFor();
    }

    const cold: number[] = [];
    for (const id of ids.slice(warmup + navigationRuns)) {
      const fresh = await browser.newPage({ viewport: { width: 1280, height: 860 } });
      await fresh.goto(`${origin}/documents/carrierProposals/${id}`, { waitUntil: 'commit' });
      cold.push((await fresh.evaluate(shown(products, classes))) as number);
      await fresh.close();
    }

    const cells = JSON.stringify(fixture.f.truth).match(/"score"/g)?.length ?? 0;
    console.info(
      `proposal render: detail screen of ${fixture.f.id} (${cells} values, ${products} products, ${classes} class sections) in Chromium: in-app navigation median ${ms(quantile(navigation, 0.5))} (p90 ${ms(quantile(navigation, 0.9))}, of which the read ${ms(quantile(reads, 0.5))}; ${navigation.length} runs); cold page load median ${ms(quantile(cold, 0.5))} (${cold.length} runs)`,
    );
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchProposalRender();
