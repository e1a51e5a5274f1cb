import type { Browser, Page } from '@playwright/test';
import { BillingEditorPage } from './pages/billing-editor-page.ts';
import { CreateClientPage } from './pages/create-client-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { UploadDocumentPage } from './pages/upload-document-page.ts';
import { authBaseURL, firstAdmin } from './support/auth-server.ts';
import { fixture } from './support/files.ts';
import { expect, screenshot, test, unique } from './support/test.ts';

// Against the second server: AUTH=local, a first admin from ADMIN_EMAIL / ADMIN_PASSWORD.
test.use({ baseURL: authBaseURL });

const stamp = Date.now().toString(36);
const broker = {
  email: `bea.${stamp}@desk.example`,
  name: 'Bea Broker',
  password: 'broker passphrase 1',
};
const viewer = {
  email: `val.${stamp}@desk.example`,
  name: 'Val Viewer',
  password: 'viewer passphrase 1',
};

/** A fresh browser (its own cookies), as another person on another computer. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: authBaseURL,
    viewport: { width: 1280, height: 860 },
  });
  return context.newPage();
}

/** Invites someone on the users page; answers the one-time link shown to copy. */
async function invite(page: Page, person: { email: string; name: string }, role: string) {
  const form = page.getByRole('form', { name: 'Invite' });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Name').fill(person.name);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Invite' }).click();
  const box = page.getByRole('status', { name: 'One-time link' });
  await expect(box).toContainText(`Send this invitation link to ${person.email}`);
  const link = await box.getByLabel('Link').inputValue();
  expect(link).toMatch(new RegExp(`^${authBaseURL}/welcome/[\\w-]{20,}$`));
  await expect(page.getByRole('row', { name: person.email })).toContainText('Invited');
  return link;
}

test('sign-in, invitations, roles and a client history with AUTH=local', async ({
  page,
  browser,
  allowErrors,
}) => {
  // Signed out, the app's first question (GET /api/session) and a wrong password answer 401,
  // which the browser logs.
  // The last-admin refusal is a 409, the used link a 404.
  allowErrors(/status of 40[149]/);
  test.setTimeout(120_000);
  const admin = new SignInPage(page);

  await test.step('signed out, any page leads to the sign-in page', async () => {
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fclients$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await screenshot(page, 'sign-in');
  });

  await test.step('a wrong password shows the server’s sentence', async () => {
    await admin.signIn(firstAdmin.email, 'not the password at all');
    await expect(page.getByRole('alert')).toHaveText('The email or password is not right.');
  });

  await test.step('the admin signs in and comes back to the page they asked for', async () => {
    await admin.password.fill(firstAdmin.password);
    await admin.submit.click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    const menu = page.locator('.user-menu summary');
    await expect(menu).toContainText('admin');
    await expect(menu).toContainText('Admin');
  });

  let brokerLink = '';
  let viewerLink = '';
  await test.step('the admin invites a broker and a viewer', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row', { name: firstAdmin.email })).toContainText('Active');
    brokerLink = await invite(page, broker, 'Broker');
    viewerLink = await invite(page, viewer, 'Viewer');
    await screenshot(page, 'users');
    // The last admin cannot be demoted: the server's sentence.
    await page.getByLabel(`Role of ${firstAdmin.email}`).selectOption({ label: 'Viewer' });
    await expect(page.getByRole('alert')).toHaveText(
      'Error: This is the only active admin: make another user an admin first.',
    );
  });

  const clientName = unique('Harbor Freight Co');
  let clientUrl = '';
  await test.step('the broker accepts the link, creates a client and sees it in its history', async () => {
    const brokerPage = await freshPage(browser);
    const welcome = new SignInPage(brokerPage);
    await welcome.acceptInvitation(brokerLink, broker.email, broker.name, broker.password);
    await expect(brokerPage.getByRole('heading', { name: 'Clients' })).toBeVisible();
    await expect(brokerPage.locator('.user-menu summary')).toContainText('Bea Broker');
    await expect(brokerPage.locator('.user-menu summary')).toContainText('Broker');
    // No admin screens in a broker's navigation.
    await expect(brokerPage.getByRole('link', { name: 'Users' })).toHaveCount(0);

    const create = new CreateClientPage(brokerPage);
    await create.goto();
    await create.name.fill(clientName);
    await create.submit.click();
    await expect(brokerPage).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    clientUrl = new URL(brokerPage.url()).pathname;
    const billing = new BillingEditorPage(brokerPage);
    await billing.addClass({ name: 'Salaried', id: 'S1' });
    await billing.saveButton.click();
    await expect(billing.saveBar).toHaveCount(0);

    const history = brokerPage.getByRole('region', { name: 'History' });
    const rows = history.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('billing saved');
    await expect(rows.first()).toContainText(broker.email);
    await expect(rows.last()).toContainText('client created');
    await expect(rows.last()).toContainText(broker.email);
    await expect(rows.last()).toContainText(clientName);
    await expect(rows.last().locator('time')).toHaveText(
      /^\d{1,2}\/\d{1,2}\/\d{2} \d{1,2}:\d{2} (AM|PM)$/,
    );
    await screenshot(brokerPage, 'client-history');

    // A document's page shows its history the same way.
    const certificate = unique('Harbor certificate');
    await brokerPage.goto('/documents/policyCertificates/upload');
    const upload = new UploadDocumentPage(brokerPage, 'Policy Certificate');
    await upload.name.fill(certificate);
    await upload.chooseFile(fixture('dev01-ameritas-dental-proposal.pdf'));
    await upload.button.click();
    await expect(brokerPage.getByRole('status')).toContainText(`“${certificate}” was uploaded`);
    await brokerPage.goto('/documents/policyCertificates');
    await brokerPage.getByRole('link', { name: certificate }).click();
    const documentHistory = brokerPage.getByRole('region', { name: 'History' });
    await expect(documentHistory.getByRole('listitem')).toHaveCount(1);
    await expect(documentHistory.getByRole('listitem')).toContainText('document uploaded');
    await expect(documentHistory.getByRole('listitem')).toContainText(broker.email);
    await expect(documentHistory.getByRole('listitem')).toContainText(certificate);
    await brokerPage.context().close();
  });

  await test.step('the viewer reads, sees no controls that change data, and the API refuses', async () => {
    const viewerPage = await freshPage(browser);
    await viewerPage.goto(viewerLink);
    await expect(viewerPage.getByText(viewer.email)).toBeVisible();
    await screenshot(viewerPage, 'welcome');
    const welcome = new SignInPage(viewerPage);
    await welcome.acceptInvitation(viewerLink, viewer.email, viewer.name, viewer.password);
    await expect(viewerPage.getByRole('heading', { name: 'Clients' })).toBeVisible();
    await expect(viewerPage.getByRole('link', { name: new RegExp(clientName) })).toBeVisible();
    await expect(viewerPage.getByRole('link', { name: /Create Client/ })).toHaveCount(0);

    await viewerPage.goto(clientUrl);
    await expect(viewerPage.getByRole('heading', { name: clientName })).toBeVisible();
    await expect(viewerPage.getByLabel('Class Name')).toHaveValue('Salaried');
    await expect(viewerPage.getByLabel('Class Name')).toBeDisabled();
    for (const name of ['+ Add Class', '+ Add Product', 'Delete Class', '💾 Save']) {
      await expect(viewerPage.getByRole('button', { name })).toHaveCount(0);
    }
    await expect(viewerPage.getByRole('region', { name: 'History' })).toContainText(broker.email);
    await screenshot(viewerPage, 'client-viewer');

    await viewerPage.goto('/documents/carrierProposals');
    await expect(viewerPage.getByRole('heading', { name: 'Carrier Proposals' })).toBeVisible();
    await expect(viewerPage.getByRole('link', { name: /Upload/ })).toHaveCount(0);
    await viewerPage.goto('/clients/create');
    await expect(viewerPage.getByText('Your role lets you read, not make changes.')).toBeVisible();
    await expect(viewerPage.getByRole('button', { name: /Create Client/ })).toHaveCount(0);

    // A change sent from the viewer's page anyway: 403, and nothing is created.
    const answer = await viewerPage.evaluate(async () => {
      const form = new FormData();
      form.append('name', 'Viewer was here');
      const response = await fetch('/api/clients/createClient', { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(
      'Your role lets you read, not make changes. Ask an admin if you need to.',
    );
    const clients = await viewerPage.evaluate(async () =>
      ((await (await fetch('/api/clients')).json()) as Array<{ name: string }>).map((c) => c.name),
    );
    expect(clients).not.toContain('Viewer was here');
    await viewerPage.context().close();
  });

  await test.step('the admin sees the whole trail, filtered by user', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audit' })
      .click();
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/audit/export.csv',
    );
    await page.getByLabel('User').selectOption({ label: `${broker.name} (${broker.email})` });
    const rows = page.locator('.audit-table tbody tr');
    await expect(rows.filter({ hasText: 'client created' })).toHaveCount(1);
    await expect(rows.filter({ hasText: firstAdmin.email })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /^\/api\/audit\/export\.csv\?userId=[0-9a-f-]{36}$/,
    );
    await screenshot(page, 'audit');
  });

  await test.step('a session that ends elsewhere brings the sign-in page with a note', async () => {
    const other = await page.context().newPage();
    await other.goto('/clients');
    const otherMenu = new SignInPage(other);
    await otherMenu.signOut(true);
    await expect(other).toHaveURL(/\/sign-in$/);
    await other.close();

    // This page still shows the app (the audit trail); its next request answers 401.
    await page
      .locator('.audit-table tbody tr')
      .filter({ hasText: 'client created' })
      .getByRole('link', { name: 'client' })
      .click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fclients%2F[0-9a-f-]{36}$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your session ended. Sign in again to continue.',
    );
    await admin.signIn(firstAdmin.email, firstAdmin.password);
    await expect(page).toHaveURL(new RegExp(`${clientUrl}$`));
    await expect(page.getByRole('heading', { name: clientName })).toBeVisible();
  });

  await test.step('signing out leads to the sign-in page', async () => {
    await page.locator('.user-menu summary').click();
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    await screenshot(page, 'user-menu');
    // A click elsewhere closes the menu.
    await page.getByRole('heading', { name: clientName }).click();
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeHidden();
    await admin.signOut();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto('/users');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fusers$/);
  });

  await test.step('a used invitation link shows the server’s sentence', async () => {
    await page.goto(new URL(brokerLink).pathname);
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or was already used. Ask an admin for a new one.',
    );
  });
});
