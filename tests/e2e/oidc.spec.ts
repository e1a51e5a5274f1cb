import type { Page } from '@playwright/test';
import { startOidcProvider } from './support/oidc-provider.ts';
import { e2ePorts } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * Sign-in through the firm's identity provider (AUTH=oidc) end to end in Chromium: a real
 * OpenID Connect provider, authorization code with PKCE, users created on first sign-in with the
 * role their groups map to.
 */
const app = `http://127.0.0.1:${e2ePorts.oidcAppPort}`;

test.describe('sign-in through an identity provider', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  test.beforeAll(async () => {
    provider = await startOidcProvider();
  });
  test.afterAll(() => provider.close());

  /** Signs in at the provider's own pages and lands back in the app at `returnTo`. */
  async function signInAs(page: Page, email: string, returnTo = '/clients') {
    await page.goto(`${app}/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`);
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${e2ePorts.oidcPort}/`));
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${app}${returnTo}`);
  }

  const session = async (page: Page) => (await page.request.get(`${app}/api/session`)).json();

  test('the API answers 401 before sign-in; groups give each person their role', async ({
    browser,
  }) => {
    const anonymous = await browser.newContext();
    expect((await anonymous.request.get(`${app}/api/clients`)).status()).toBe(401);
    expect((await anonymous.request.get(`${app}/api/health`)).status()).toBe(200);
    await anonymous.close();

    for (const [email, role] of [
      ['admin@firm.example', 'admin'],
      ['broker@firm.example', 'broker'],
      ['reader@firm.example', 'viewer'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // The provider's development pages load a web font this machine cannot reach.
      page.on('console', () => {});
      await signInAs(page, email);
      expect(await session(page)).toEqual({
        user: { email, name: email.split('@')[0], role },
        auth: 'oidc',
      });
      const cookies = await context.cookies(app);
      expect(cookies.find((c) => c.name === 'bd_session')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
      });
      // A viewer reads but may not change anything; a broker may.
      const change = await page.request.post(`${app}/api/clients/createClient`, {
        headers: { origin: app },
        multipart: { name: `Made by ${role}` },
      });
      expect(change.status(), role).toBe(role === 'viewer' ? 403 : 201);
      await context.close();
    }
  });

  test('a sign-in answer the app did not ask for is refused', async ({ page, allowErrors }) => {
    allowErrors(/./);
    await page.goto(`${app}/api/auth/oidc/callback?code=forged&state=forged`);
    await expect(page).toHaveURL(/\/sign-in\?error=/);
    expect(decodeURIComponent(page.url())).toContain('took too long or was already used');
  });
});
