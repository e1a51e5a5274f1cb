import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { authBaseURL, firstAdmin } from './tests/e2e/support/auth-server.ts';
import { chromiumArgs, resolveChromium } from './tests/e2e/support/chromium.ts';
import { e2ePorts, OIDC_CLIENT } from './tests/e2e/support/ports.ts';

const { port, localAppPort, oidcAppPort, oidcPort } = e2ePorts;
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data directory for every run: the app starts on an empty embedded database. The
// config is also loaded by each test worker, which inherits the variable and so neither wipes
// nor makes another; the directory stays beside the run's other results until the next run.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.resolve('test-results/e2e-data');
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  rmSync(`${process.env.E2E_DATA_DIR}-oidc`, { recursive: true, force: true });
  rmSync(`${process.env.E2E_DATA_DIR}-local`, { recursive: true, force: true });
  mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
}
const dataDir = process.env.E2E_DATA_DIR;
const executablePath = await resolveChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 860 },
    launchOptions: { executablePath, args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node src/server/index.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        EXTRACTION_PROVIDER: 'local',
      },
    },
    // tests/e2e/sign-in.spec.ts: the same app with accounts (AUTH=local) and a first admin.
    {
      command: 'node src/server/index.ts',
      url: `${authBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(localAppPort),
        HOST: '127.0.0.1',
        DATA_DIR: `${dataDir}-local`,
        LOG_LEVEL: 'warn',
        EXTRACTION_PROVIDER: 'local',
        AUTH: 'local',
        ADMIN_EMAIL: firstAdmin.email,
        ADMIN_PASSWORD: firstAdmin.password,
      },
    },
    // The same app signing people in through an identity provider (tests/e2e/oidc.spec.ts starts
    // the provider, oidc-provider, on OIDC_PORT when its tests run).
    {
      command: 'node src/server/index.ts',
      url: `http://127.0.0.1:${oidcAppPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(oidcAppPort),
        HOST: '127.0.0.1',
        DATA_DIR: `${dataDir}-oidc`,
        LOG_LEVEL: 'warn',
        EXTRACTION_PROVIDER: 'local',
        AUTH: 'oidc',
        OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_ADMIN_GROUPS: 'bd-admins',
        OIDC_BROKER_GROUPS: 'bd-brokers',
      },
    },
  ],
});
