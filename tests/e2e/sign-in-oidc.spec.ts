import { startOidcProvider } from './support/oidc-provider.ts';
import { e2ePorts } from './support/ports.ts';
import { expect, screenshot, test } from './support/test.ts';

/**
 * The sign-in page with AUTH=oidc (the server of tests/e2e/oidc.spec.ts): the firm's identity
 * provider's button, through the provider's own pages, back to the page that was asked for, and
 * the signed-in person in the header.
 */
const app = `http://127.0.0.1:${e2ePorts.oidcAppPort}`;
test.use({ baseURL: app });

test.describe('the sign-in page with an identity provider', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  test.beforeAll(async () => {
    provider = await startOidcProvider();
  });
  test.afterAll(() => provider.close());

  test('a broker signs in with the firm’s account and lands on the page they asked for', async ({
    page,
    allowErrors,
  }) => {
    // Signed out, GET /api/session answers 401; the provider's development pages have no
    // favicon (404) and load a font this machine cannot reach.
    allowErrors(/status of 40[14]|fonts|ERR_/);
    await page.goto('/documents');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fdocuments$/);
    const button = page.getByRole('link', { name: 'Sign in with your firm’s account' });
    await expect(button).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await screenshot(page, 'sign-in-oidc');

    await button.click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${e2ePorts.oidcPort}/`));
    await page.locator('input[name="login"]').fill('broker.ui@firm.example');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${app}/documents`);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    const menu = page.locator('.user-menu summary');
    await expect(menu).toContainText('broker.ui');
    await expect(menu).toContainText('Broker');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }),
    ).toHaveCount(0);
  });
});
