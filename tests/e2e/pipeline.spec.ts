import { UploadDocumentPage } from './pages/upload-document-page.ts';
import { fixture } from './support/files.ts';
import { expect, screenshot, test, unique } from './support/test.ts';

/**
 * The whole product path with nothing stubbed: a broker uploads a real carrier proposal, the
 * local engine reads it in the background, the proposal shows grouped by product and class, and
 * Generate Insights streams the local analyst's bullets.
 */
test.describe('from upload to insights', () => {
  test('a two-class dental and vision PDF is read, shown by class, and commented', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = unique('Lincoln dental and vision');
    const upload = new UploadDocumentPage(page, 'Carrier Proposal');
    await page.goto('/documents/carrierProposals/upload');
    await upload.name.fill(name);
    await upload.chooseFile(fixture('dev02-lincoln-dental-vision-2class.pdf'));
    await upload.button.click();
    await expect(upload.button).toHaveText('Uploaded');

    await page.goto('/documents/carrierProposals');
    const row = page.getByRole('link', { name: new RegExp(name) });
    // The list refreshes itself while the document is read.
    await expect(row.locator('.status-badge')).toHaveText(/^Done/, { timeout: 60_000 });
    await row.click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const dental = page
      .locator('section', { has: page.getByRole('heading', { name: 'Dental Insurance' }) })
      .first();
    await expect(dental).toContainText('Lincoln Financial Group');
    await expect(page.getByRole('heading', { name: 'Vision Insurance' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Class 1' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Class 2' }).first()).toBeVisible();
    await expect(page.getByText('$38.92').first()).toBeVisible();
    await expect(page.getByText('Employee + Child(ren)').first()).toBeVisible();
    await screenshot(page, 'pipeline-proposal');

    const generate = page.getByRole('button', { name: 'Generate Insights' });
    await generate.click();
    const insights = page.getByRole('region', { name: 'Insights' });
    await expect(insights.locator('li').first()).toBeVisible();
    await expect(insights).toHaveAttribute('aria-busy', 'false');
    const firstAnswer = await insights.locator('li').allTextContents();
    expect(firstAnswer.length).toBeGreaterThan(0);
    for (const bullet of firstAnswer) expect(bullet.split(/\s+/).length).toBeLessThanOrEqual(8);

    // A second click starts over cleanly: one section, the same answer, no error.
    await generate.click();
    await generate.click();
    await expect(insights).toHaveCount(1);
    await expect(insights.locator('li')).toHaveText(firstAnswer);
    await expect(page.getByText(/Failed to fetch AI response|Unknown error/)).toHaveCount(0);
    await screenshot(page, 'pipeline-insights');

    await page.getByRole('link', { name: /debug/i }).click();
    await expect(page.getByText('Returned with data').first()).toBeVisible();
  });

  test('a scanned certificate is read by OCR', async ({ page }) => {
    test.setTimeout(120_000);
    const name = unique('UHC vision certificate');
    const upload = new UploadDocumentPage(page, 'Policy Certificate');
    await page.goto('/documents/policyCertificates/upload');
    await upload.name.fill(name);
    await upload.chooseFile(fixture('dev12-uhc-vision-summary-scan.png'));
    await upload.button.click();
    await expect(upload.button).toHaveText('Uploaded');
    await page.goto('/documents/policyCertificates');
    const row = page.getByRole('link', { name: new RegExp(name) });
    await expect(row.locator('.status-badge')).toHaveText(/^Done/, { timeout: 90_000 });
  });
});
