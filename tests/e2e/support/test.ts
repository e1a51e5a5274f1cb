import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The test function for every end-to-end spec: any console.error or uncaught error in the page
 * fails the test, unless the test says it expects it with `allowErrors(/pattern/)`.
 */
export const test = base.extend<{ pageErrors: string[]; allowErrors: (pattern: RegExp) => void }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
    },
    { auto: true },
  ],
  allowErrors: [
    async ({ pageErrors }, use) => {
      const allowed: RegExp[] = [];
      await use((pattern) => allowed.push(pattern));
      const unexpected = pageErrors.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const screensDir = path.resolve('test-results/screens');

/** Saves a full-page screenshot to test-results/screens/NAME.png, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/** A name no other test uses, so specs can share one server. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
