import { existsSync } from 'node:fs';

/** Flags that keep Chromium quiet on a machine with a closed network (DESIGN.md §9). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const systemCandidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/**
 * The browser for the end-to-end tests: Debian's Chromium when installed (.ci/run installs it),
 * else the Chromium that arrives inside the @sparticuz/chromium npm package, so that
 * `npm install && npm test` works on a machine without apt.
 */
export async function resolveChromium(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  // E2E_BROWSER=bundled skips the system browser (to try the fallback where both exist).
  const system =
    process.env.E2E_BROWSER === 'bundled' ? undefined : systemCandidates.find((p) => existsSync(p));
  if (system) return system;
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}
