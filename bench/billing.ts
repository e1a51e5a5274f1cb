/**
 * Billing benchmark (issue 3), against a real server process on loopback:
 * - p50/p99 of POST /api/clients/updateBillingParameters for a client with 10 classes × 10
 *   products (every product in every class, age bands, tiers, volume, attained age, age
 *   reductions: the sample client of src/shared/billing/testing/sample-client.ts);
 * - in Chromium, on the built app, the time from a keydown to the next painted frame while the
 *   broker types in the editor of that client with every product card open.
 * Run alone with `node bench/billing.ts`.
 */
import { chromium } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { sampleBillingDocument } from '../src/shared/billing/testing/sample-client.ts';
import { chromiumArgs, resolveChromium } from '../tests/e2e/support/chromium.ts';
import { startBenchServer } from './support/server-process.ts';
import { heading, kb, median, ms, quantile } from './support/stats.ts';

const WARMUP_SAVES = 20;
const SAVES = 300;
const KEYSTROKES = 30;

async function createClient(url: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  const res = await fetch(`${url}/api/clients/createClient`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`creating a client failed: ${res.status}`);
  return ((await res.json()) as { sanityId: string }).sanityId;
}

async function save(url: string, body: string): Promise<number> {
  const res = await fetch(`${url}/api/clients/updateBillingParameters`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  if (res.status !== 200) throw new Error(`save failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { revision: number }).revision;
}

async function benchSaves(url: string) {
  const classes = sampleBillingDocument();
  const clientId = await createClient(url, 'Bench Billing Client');
  const bodyOf = (revision: number) => JSON.stringify({ clientId, classes, revision });
  let revision = 0;
  for (let i = 0; i < WARMUP_SAVES; i += 1) revision = await save(url, bodyOf(revision));
  const times: number[] = [];
  for (let i = 0; i < SAVES; i += 1) {
    const body = bodyOf(revision);
    const started = performance.now();
    revision = await save(url, body);
    times.push(performance.now() - started);
  }
  const products = classes.reduce((n, c) => n + c.products.length, 0);
  console.info(
    `save of ${classes.length} classes × ${classes[0]!.products.length} products (${products} product copies, ${kb(bodyOf(revision).length)} JSON), ${SAVES} sequential saves:`,
  );
  console.info(
    `  p50 ${ms(median(times))}   p99 ${ms(quantile(times, 0.99))}   max ${ms(Math.max(...times))}`,
  );
  return clientId;
}

/**
 * In the page, per keystroke: keydown → the end of the input event (React renders and commits
 * synchronously for a discrete event, so this is the script work), and keydown → the frame after
 * the input changed (rAF, then a task: style, layout and paint done).
 */
function installKeystrokeProbe() {
  const w = window as unknown as { __keystrokes: { script: number; frame: number }[] };
  w.__keystrokes = [];
  let keydownAt = 0;
  document.addEventListener(
    'keydown',
    () => {
      keydownAt = performance.now();
    },
    true,
  );
  // Bubbling on window: runs after React's listener on its root has rendered and committed.
  window.addEventListener('input', () => {
    const started = keydownAt;
    const script = performance.now() - started;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () =>
        w.__keystrokes.push({ script, frame: performance.now() - started });
      channel.port2.postMessage(null);
    });
  });
}

async function benchKeystrokes(url: string, clientId: string) {
  const browser = await chromium.launch({
    executablePath: await resolveChromium(),
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${url}/clients/${clientId}`);
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.locator('.product-card .card-body').nth(9).waitFor();
    const inputs = await page.locator('input, select, textarea').count();
    await page.evaluate(installKeystrokeProbe);

    const measure = async (label: string, field: ReturnType<typeof page.locator>) => {
      await field.scrollIntoViewIfNeeded();
      await field.click();
      await field.press('End');
      await page.evaluate(() => {
        (window as unknown as { __keystrokes: number[] }).__keystrokes = [];
      });
      await page.keyboard.type('x'.repeat(KEYSTROKES), { delay: 60 });
      await page.waitForTimeout(200);
      const times = await page.evaluate(
        () =>
          (window as unknown as { __keystrokes: { script: number; frame: number }[] }).__keystrokes,
      );
      const script = times.map((t) => t.script);
      const frame = times.map((t) => t.frame);
      console.info(
        `  ${label.padEnd(56)} script median ${ms(median(script))} p95 ${ms(quantile(script, 0.95))} · painted frame median ${ms(median(frame))} p95 ${ms(quantile(frame, 0.95))} (${times.length} keys)`,
      );
    };

    // Reference: the same probe on a near-empty page (frame pacing and input handling alone).
    const reference = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await reference.goto(`${url}/clients/create`);
    await reference.evaluate(installKeystrokeProbe);
    const referenceField = reference.getByPlaceholder('Client Name');
    await referenceField.click();
    await reference.keyboard.type('x'.repeat(KEYSTROKES), { delay: 60 });
    await reference.waitForTimeout(200);
    const floor = await reference.evaluate(
      () => (window as unknown as { __keystrokes: { frame: number }[] }).__keystrokes,
    );
    await reference.close();

    console.info(
      `keystroke → next painted frame in the editor (10 classes × 10 products, every card open, ${inputs} inputs):`,
    );
    console.info(
      `  ${'reference: Create Client name (a near-empty page)'.padEnd(56)} painted frame median ${ms(median(floor.map((t) => t.frame)))}`,
    );
    await measure(
      "a product's notes (that product card re-renders)",
      page
        .locator('.product-card')
        .nth(4)
        .getByRole('textbox', { name: /Notes:$/ }),
    );
    await measure(
      'a class name (every product card re-renders its classes)',
      page.locator('.class-card').nth(2).getByLabel('Class Name'),
    );
  } finally {
    await browser.close();
  }
}

export async function benchBilling(): Promise<void> {
  heading('Billing parameters: save latency and editor keystroke latency');
  await ensureWebBuild(() => {});
  const server = await startBenchServer();
  try {
    const clientId = await benchSaves(server.url);
    await benchKeystrokes(server.url, clientId);
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await benchBilling();
