import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { UploadDocumentPage } from './pages/upload-document-page.ts';
import { fixture } from './support/files.ts';
import { expect, screenshot, test, unique } from './support/test.ts';

const anyStatus = /^(Queued|Processing|Done|Failed)/;

/** Requests a file link as the browser would open it: 200 and the expected content type. */
async function expectFile(request: APIRequestContext, url: string, contentType: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(contentType);
  expect((await response.body()).length).toBeGreaterThan(1000);
}

test.describe('documents', () => {
  test('a broker uploads a PDF carrier proposal and finds it on the list with its status', async ({
    page,
  }) => {
    const name = unique('Ameritas Dental 2026');
    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Carrier Proposals' }).click();
    await expect(page).toHaveURL(/\/documents\/carrierProposals\/$/);
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/documents');
    await page.getByRole('link', { name: '📄 Upload' }).click();
    await expect(page).toHaveURL(/\/documents\/carrierProposals\/upload$/);

    const upload = new UploadDocumentPage(page, 'Carrier Proposal');
    await expect(upload.heading).toBeVisible();
    await expect(page.getByText('Drag & drop a file here, or click to select one')).toBeVisible();
    await expect(upload.button).toHaveText('Upload');
    await expect(upload.button).toBeDisabled();
    await upload.name.fill(name);
    await expect(upload.button).toBeDisabled();
    await upload.chooseFile(fixture('dev01-ameritas-dental-proposal.pdf'));
    await expect(page.getByText('dev01-ameritas-dental-proposal.pdf')).toBeVisible();
    await expect(upload.button).toBeEnabled();
    await screenshot(page, 'upload-carrier-proposal');

    await upload.button.click();
    await expect(upload.button).toHaveText('Uploaded');
    await expect(upload.button).toBeDisabled();
    await expect(upload.name).toHaveValue('');
    await expect(page.getByText('Drag & drop a file here, or click to select one')).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`“${name}” was uploaded`);
    await screenshot(page, 'upload-carrier-proposal-uploaded');
    // 'Uploaded' lasts 5 seconds, then the button is back to Upload.
    await expect(upload.button).toHaveText('Upload', { timeout: 8000 });

    await page.getByRole('link', { name: '← Back to Carrier Proposals' }).click();
    const row = page.getByRole('link', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('href', /^\/documents\/carrierProposals\/[0-9a-f-]{36}$/);
    await expect(row.locator('.status-badge')).toHaveText(anyStatus);
    await screenshot(page, 'carrier-proposal-list');

    // The stored file opens as the PDF that was uploaded.
    const listed = (await (
      await page.request.get('/api/documents/carrierProposals')
    ).json()) as Array<{ name: string; url: string }>;
    const stored = listed.find((d) => d.name === name);
    expect(stored).toBeDefined();
    await expectFile(page.request, stored!.url, 'application/pdf');

    await page.reload();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  });

  test('a broker uploads a PNG policy certificate, opens it and sees its status', async ({
    page,
  }) => {
    const name = unique('UHC Vision certificate');
    await page.goto('/documents/policyCertificates');
    await expect(page.getByRole('heading', { name: 'Policy Certificates' })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Home' })).toHaveAttribute('href', '/documents');
    await page.getByRole('link', { name: '📄 Upload' }).click();

    const upload = new UploadDocumentPage(page, 'Policy Certificate');
    await expect(upload.heading).toBeVisible();
    await upload.name.fill(name);
    await upload.chooseFile(fixture('dev12-uhc-vision-summary-scan.png'));
    await expect(page.getByText('dev12-uhc-vision-summary-scan.png')).toBeVisible();
    await upload.button.click();
    await expect(upload.button).toHaveText('Uploaded');

    await page.getByRole('link', { name: 'See it in the list' }).click();
    await expect(page).toHaveURL(/\/documents\/policyCertificates$/);
    const row = page.getByRole('link', { name: new RegExp(name) });
    await expect(row.locator('.status-badge')).toHaveText(anyStatus);
    await screenshot(page, 'policy-certificate-list');
    await page.getByRole('link', { name: '← Home' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await page.goto('/documents/policyCertificates');

    await row.click();
    await expect(page).toHaveURL(/\/documents\/policyCertificates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(/^\d{1,2}\/\d{1,2}\/\d{2} \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    await expect(page.locator('.facts .status-badge')).toHaveText(anyStatus);
    const open = page.getByRole('link', { name: 'Open the file' });
    const href = await open.getAttribute('href');
    expect(href).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    await expectFile(page.request, href!, 'image/png');
    await screenshot(page, 'policy-certificate-detail');

    await page.goto('/documents');
    await expect(page.getByRole('link', { name })).toBeVisible();
    await screenshot(page, 'documents-home');
  });

  test('a refused upload says why, and keeps the name and file for another try', async ({
    page,
    allowErrors,
  }) => {
    allowErrors(/Upload failed|status of 413/);
    await page.route('**/api/upload-document', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The document is larger than 50 MB.' }),
      }),
    );
    await page.goto('/documents/carrierProposals/upload');
    const upload = new UploadDocumentPage(page, 'Carrier Proposal');
    await upload.name.fill('Too big');
    await upload.chooseFile(fixture('dev01-ameritas-dental-proposal.pdf'));
    await upload.button.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Upload failed: The document is larger than 50 MB.',
    );
    await expect(upload.button).toHaveText('Upload');
    await expect(upload.button).toBeEnabled();
    await expect(upload.name).toHaveValue('Too big');
    await screenshot(page, 'upload-failed');
  });

  test('the upload shows its progress until the server answers', async ({ page }) => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the request at the server's door so the screen can be seen mid-upload.
    await page.route('**/api/upload-document', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/documents/carrierProposals/upload');
    const upload = new UploadDocumentPage(page, 'Carrier Proposal');
    await upload.name.fill(unique('Humana scan'));
    await upload.chooseFile(fixture('dev14-humana-dental-vision-scan.pdf'));
    await upload.button.click();
    await expect(upload.button).toHaveText('Uploading');
    await expect(upload.button).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await screenshot(page, 'upload-in-progress');
    release();
    await expect(upload.button).toHaveText('Uploaded');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('the drop area refuses a file type it does not take', async ({ page }) => {
    await page.goto('/documents/policyCertificates/upload');
    const upload = new UploadDocumentPage(page, 'Policy Certificate');
    await upload.chooseFile({
      name: path.basename('notes.txt'),
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await expect(page.getByRole('alert')).toHaveText(/^File type must be/);
    await expect(page.getByText('Drag & drop a file here, or click to select one')).toBeVisible();
    await expect(upload.button).toBeDisabled();
  });

  test('an unknown certificate id says so', async ({ page, allowErrors }) => {
    allowErrors(/status of 404/);
    await page.goto('/documents/policyCertificates/3f1c2b9e-0000-4000-8000-000000000000');
    await expect(page.getByText('Policy certificate not found.')).toBeVisible();
  });
});
