import { CreateClientPage } from './pages/create-client-page.ts';
import { drawLogo } from './support/files.ts';
import { expect, screenshot, test, unique } from './support/test.ts';

test.describe('clients', () => {
  test('a broker creates a client with a logo and notes, then finds it on the list', async ({
    page,
  }) => {
    const name = unique('Acme Manufacturing');
    const create = new CreateClientPage(page);
    await create.goto();
    await expect(page.getByRole('heading', { name: 'Create Client' })).toBeVisible();
    await expect(page.getByText('Drag & drop a logo (optional), or click to select')).toBeVisible();
    await expect(create.submit).toBeDisabled();
    await expect(create.submit).toHaveText('➕ Create Client');

    await create.name.fill('   ');
    await expect(create.submit).toBeDisabled();
    await create.name.fill(name);
    await expect(create.submit).toBeEnabled();
    await create.notes.fill('Renewal due March 1.\nPrefers quotes by email.');
    await create.chooseLogo({
      name: 'acme-logo.png',
      mimeType: 'image/png',
      buffer: drawLogo('AM'),
    });
    await expect(page.getByText('Logo selected')).toBeVisible();
    await expect(page.getByText('acme-logo.png')).toBeVisible();
    await expect(page.getByAltText('Logo preview')).toHaveAttribute('width', '64');
    await screenshot(page, 'create-client');

    await create.submit.click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(
      page.getByText(/^Created on \d{1,2}\/\d{1,2}\/\d{2} \d{1,2}:\d{2} (AM|PM)$/),
    ).toBeVisible();
    await expect(page.getByText('Notes:')).toBeVisible();
    await expect(page.getByText('Prefers quotes by email.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Billing Parameters' })).toBeVisible();
    await screenshot(page, 'client-detail');

    await page.getByRole('link', { name: '← Back to Clients' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    const card = page.getByRole('link', { name: new RegExp(name) });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/files\//);
    await screenshot(page, 'client-list');

    // Still there after a full reload (the list is read from the database).
    await page.reload();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  });

  test('the client list is the home page too', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('link', { name: '➕ Create Client' })).toBeVisible();
  });

  test('an unknown client id says Client not found.', async ({ page, allowErrors }) => {
    allowErrors(/status of 404/);
    await page.goto('/clients/3f1c2b9e-0000-4000-8000-000000000000');
    await expect(page.getByText('Client not found.')).toBeVisible();
  });

  test('a server refusal shows as Error: {message} and nothing is created', async ({
    page,
    allowErrors,
  }) => {
    allowErrors(/status of 400|Error creating client/);
    const name = unique('Refused');
    await page.route('**/api/clients/createClient', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Enter a client name.' }),
      }),
    );
    const create = new CreateClientPage(page);
    await create.goto();
    await create.name.fill(name);
    await create.submit.click();
    await expect(page.getByRole('alert')).toHaveText('Error: Enter a client name.');
    await expect(create.submit).toHaveText('➕ Create Client');
    await expect(create.submit).toBeEnabled();
  });
});

test.describe('deep links', () => {
  const routes = [
    '/clients',
    '/clients/create',
    '/documents',
    '/documents/',
    '/documents/carrierProposals',
    '/documents/carrierProposals/upload',
    '/documents/carrierProposals/3f1c2b9e-0000-4000-8000-000000000000',
    '/documents/carrierProposals/3f1c2b9e-0000-4000-8000-000000000000/debug',
    '/documents/policyCertificates',
    '/documents/policyCertificates/upload',
    '/documents/policyCertificates/3f1c2b9e-0000-4000-8000-000000000000',
    '/dev/prompts',
  ];
  for (const route of routes) {
    test(`${route} loads from a direct visit`, async ({ page, allowErrors }) => {
      // The ids above are made up: a screen that looks one up gets a 404, which Chromium logs.
      allowErrors(/status of 404/);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.locator('main')).not.toBeEmpty();
    });
  }
});
