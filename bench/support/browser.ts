import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { chromiumArgs, resolveChromium } from '../../tests/e2e/support/chromium.ts';

/** Serves a built app on a free loopback port and opens a headless Chromium to look at it. */
export async function serveInChromium(
  app: FastifyInstance,
): Promise<{ origin: string; browser: Browser }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: await resolveChromium(),
    args: chromiumArgs,
    headless: true,
  });
  return { origin, browser };
}
