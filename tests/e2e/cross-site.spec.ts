import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, unique } from './support/test.ts';

/**
 * Another website the broker visits posts a plain form to their running app (a multipart form
 * post needs no preflight). The browser sends the page's origin; the app refuses the request
 * and creates nothing.
 */
test.describe('cross-site requests', () => {
  let other: Server;
  let otherOrigin: string;
  test.beforeAll(async ({ baseURL }) => {
    other = createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><title>A page elsewhere</title>
        <form id="trap" method="post" enctype="multipart/form-data" action="${baseURL}/api/clients/createClient">
          <input name="name" value="${name}"><button>Win a prize</button>
        </form>`);
    });
    // localhost rather than 127.0.0.1: another origin on the same machine, as a browser sees it.
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://localhost:${(other.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));
  const name = unique('Planted by another website');

  test("a form on another website cannot create a client in the broker's app", async ({
    page,
    request,
    allowErrors,
  }) => {
    allowErrors(/status of 403/);
    await page.goto(otherOrigin);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/clients/createClient'));
    await page.getByRole('button', { name: 'Win a prize' }).click();
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('another website');

    const clients = (await (await request.get('/api/clients')).json()) as Array<{ name: string }>;
    expect(clients.map((c) => c.name)).not.toContain(name);
  });
});
