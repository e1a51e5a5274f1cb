import { learnTemplate } from '../../src/server/extraction/learned/template.ts';
import { markupLayout } from '../../src/server/extraction/testing/markup-layout.ts';
import { LAYOUTS_FILE_FORMAT } from '../../src/server/services/learned-layouts.ts';
import { expect, screenshot, test } from './support/test.ts';

/** A learned-layouts file as another installation exports it (one layout, taught from a proposal). */
function layoutsFile(carrier: string) {
  const layout = markupLayout([
    `# ${carrier} Group Dental Proposal`,
    'Prepared for Lakeside Veterinary Clinic',
    'Effective Date: March 1, 2027',
    [
      ['Tier', 'Monthly Rate'],
      ['Employee Only', '$31.20'],
      ['Family', '$99.80'],
    ],
  ]);
  const template = learnTemplate({
    layout,
    documentType: 'carrierProposal',
    data: [
      { type: 'field', label: 'dentalInsurance_carrierName', value: carrier, score: 1 },
      { type: 'field', label: 'dentalInsurance_effectiveDate', value: 'March 1, 2027', score: 1 },
    ],
  });
  return {
    format: LAYOUTS_FILE_FORMAT,
    version: 1,
    layouts: [{ name: template.name, taughtFrom: 'Lakeside proposal', template }],
  };
}

test.describe('learned layouts', () => {
  test('a broker imports learned layouts, sees them listed, exports them and removes one', async ({
    page,
    allowErrors,
  }) => {
    allowErrors(/status of 400/); // the refused file
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Learned layouts' })
      .click();
    await expect(page).toHaveURL(/\/layouts$/);
    await expect(page.getByRole('heading', { name: 'Learned layouts', level: 1 })).toBeVisible();

    // A file that is not a layouts file is refused with a sentence.
    await page.getByLabel('Learned layouts file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":"world"}'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'This is not a learned-layouts file exported from Benefits Desk.',
    );

    await page.getByLabel('Learned layouts file').setInputFiles({
      name: 'acme-layouts.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(layoutsFile('Acme Dental'))),
    });
    await expect(page.getByRole('status')).toHaveText(
      'Imported 1 learned layout from acme-layouts.json.',
    );
    const table = page.getByRole('table', { name: 'Learned layouts' });
    const row = table.getByRole('row', { name: /Acme Dental/ });
    await expect(row).toContainText('Lakeside proposal');
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    await screenshot(page, 'learned-layouts');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^learned-layouts-\d{4}-\d\d-\d\d\.json$/);

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByRole('status')).toContainText('Removed');
    await expect(table.getByRole('row', { name: /Acme Dental/ })).toHaveCount(0);
  });
});
