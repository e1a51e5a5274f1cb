import ExcelJS from 'exceljs';
import { CreateClientPage } from './pages/create-client-page.ts';
import { UploadDocumentPage } from './pages/upload-document-page.ts';
import { fixture } from './support/files.ts';
import { expect, screenshot, test, unique } from './support/test.ts';

/**
 * Issue 14, the broker's workflow with nothing stubbed: a client, three dental proposals uploaded
 * to it from its page and read by the local engine, compared side by side (table and chart),
 * exported to .xlsx, and one proposal's rates put into the client's billing through the editor.
 */
const proposals = [
  {
    file: 'dev01-ameritas-dental-proposal.pdf',
    name: 'Ameritas 2026',
    carrier: 'Ameritas',
    employeeOnly: 34.18,
    basicInNetwork: 0.8,
    basicOutOfNetwork: 0.7,
  },
  {
    file: 'dev08-mutual-dental-renewal.pdf',
    name: 'Mutual of Omaha renewal',
    carrier: 'Mutual of Omaha',
    employeeOnly: 43.57,
    basicInNetwork: 0.8,
    basicOutOfNetwork: 0.8,
  },
  {
    file: 'dev09-renaissance-dental.docx',
    name: 'Renaissance PPO Plus',
    carrier: 'Renaissance Dental',
    employeeOnly: 29.84,
    basicInNetwork: 0.8,
    basicOutOfNetwork: 0.8,
  },
];

test('a client’s dental proposals compared, exported and used for billing', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // the proposals read as the engine reads them: layouts other tests taught from the same
  // fixtures (a rate tier renamed, a value removed) are removed first
  const layouts = await request.get('/api/layouts');
  expect(layouts.ok()).toBe(true);
  for (const layout of (await layouts.json()) as Array<{ id: string }>)
    expect((await request.delete(`/api/layouts/${layout.id}`)).ok()).toBe(true);
  const clientName = unique('Cedar Ridge Veterinary Partners');

  // a client
  const create = new CreateClientPage(page);
  await create.goto();
  await create.name.fill(clientName);
  await create.submit.click();
  await expect(page.getByRole('heading', { name: clientName, level: 1 })).toBeVisible();
  const clientUrl = page.url();

  // three dental proposals uploaded from its page
  const upload = new UploadDocumentPage(page, 'Carrier Proposal');
  const area = page.getByRole('form', { name: 'Upload a document' });
  for (const p of proposals) {
    await expect(upload.button).toHaveText('Upload', { timeout: 10_000 });
    await area.getByPlaceholder('Enter a name for this Carrier Proposal...').fill(p.name);
    await upload.chooseFile(fixture(p.file));
    await upload.button.click();
    await expect(upload.button).toHaveText('Uploaded');
  }
  const list = page.getByRole('list', { name: 'Client carrier proposals' });
  for (const p of proposals) {
    const row = list.getByRole('link', { name: new RegExp(p.name) });
    await expect(row.locator('.status-badge')).toHaveText(/^Done/, { timeout: 90_000 });
    await expect(row).toContainText(p.carrier);
    await expect(row).toContainText('Dental');
  }

  // the proposal list: carrier, products, effective date and client; filtered by carrier and client
  await page.goto('/documents/carrierProposals');
  await page.getByRole('textbox', { name: 'Carrier' }).fill('renaissance');
  const all = page.getByRole('list', { name: 'Carrier proposals' });
  await expect(all.getByRole('link', { name: /Ameritas 2026/ })).toHaveCount(0);
  const renaissance = all.getByRole('link', { name: /Renaissance PPO Plus/ }).first();
  await expect(renaissance).toContainText(
    `Renaissance Dental · Dental · Effective 05/01/2026 · ${clientName}`,
  );
  await page.getByRole('textbox', { name: 'Carrier' }).fill('');
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: clientName });
  await page.getByRole('combobox', { name: 'Product' }).selectOption('vision');
  await expect(page.getByText('No documents match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).selectOption('dental');
  await expect(all.getByRole('link')).toHaveCount(3);
  await screenshot(page, 'workflow-proposal-list');

  // the proposal's screen names its client
  await renaissance.click();
  await expect(
    page.getByRole('region', { name: 'Client' }).getByRole('link', { name: clientName }),
  ).toBeVisible();
  await page.goto(clientUrl);

  // compared
  for (const p of proposals) await page.getByRole('checkbox', { name: `Select ${p.name}` }).check();
  await page.getByRole('button', { name: 'Compare 3 proposals' }).click();
  await expect(page.getByRole('heading', { name: 'Comparison', level: 1 })).toBeVisible();
  const table = page.locator('.cmp-table').first();
  for (const p of proposals) await expect(table).toContainText(`$${p.employeeOnly.toFixed(2)}`);
  await expect(table.getByRole('row', { name: /Basic coinsurance \(in-network\)/ })).toContainText(
    '80%',
  );
  // the lowest Employee Only rate is marked best
  await expect(table.getByRole('row', { name: /^Employee Only/ }).locator('.best')).toHaveText(
    /\$29\.84/,
  );
  // baseline: the renewal (the current plan)
  await page
    .getByLabel('Baseline (the current plan)')
    .selectOption({ label: `Mutual of Omaha — ${proposals[1]!.name}` });
  await expect(table).toContainText('vs baseline');
  // the chart
  const chart = page.getByRole('figure', { name: /Monthly premium by tier/ }).first();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'workflow-comparison-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // a phone: the page fits its width; only the table scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'workflow-comparison-390');
  await page.setViewportSize({ width: 1280, height: 860 });

  // the .xlsx: a rate and a coinsurance of each proposal
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Excel/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^comparison-cedar-ridge-veterinary-partners.*\.xlsx$/,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.getWorksheet('Dental')!;
  const rows = new Map<string, ExcelJS.Row>();
  sheet.eachRow((row) => {
    const label = String(row.getCell(1).value);
    if (!rows.has(label)) rows.set(label, row);
  });
  expect(String(sheet.getCell('A1').value)).toContain(clientName);
  proposals.forEach((p, i) => {
    expect(rows.get('Carrier')!.getCell(i + 2).value).toBe(p.carrier);
    expect(rows.get('Employee Only — monthly')!.getCell(i + 2).value).toBe(p.employeeOnly);
    expect(rows.get('Basic coinsurance (in-network)')!.getCell(i + 2).value).toBe(p.basicInNetwork);
    expect(rows.get('Basic coinsurance (out-of-network)')!.getCell(i + 2).value).toBe(
      p.basicOutOfNetwork,
    );
  });

  // saved on the client, and reopened from its page
  await page.getByLabel('Comparison name').fill('2026 dental renewal');
  await page.getByRole('button', { name: 'Save comparison' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on' })).toBeVisible();

  // "Use for billing" on the Ameritas column: the client's editor with the rates unsaved
  const ameritasColumn = table.locator('thead th', { hasText: 'Ameritas' });
  await ameritasColumn.getByRole('button', { name: 'Use for billing' }).click();
  await expect(page.getByRole('heading', { name: clientName, level: 1 })).toBeVisible();
  const useFor = page.getByRole('form', { name: 'Use for billing' });
  await expect(useFor).toContainText('All Eligible Employees');
  await useFor.getByRole('button', { name: 'Put the rates in the editor' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'are in the editor as unsaved changes' }),
  ).toBeVisible();
  const product = page.getByRole('listitem', { name: /Dental/ }).first();
  await expect(product.getByLabel('Tier 1 name')).toHaveValue('Employee Only');
  await expect(product.getByLabel('Tier 1 rate')).toHaveValue('34.18');
  await expect(product.getByLabel('Tier 4 rate')).toHaveValue('122.36');
  await expect(product.getByLabel('Effective Date')).toHaveValue('01/01/2026');
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
  await screenshot(page, 'workflow-use-for-billing');
  await page.getByRole('button', { name: '💾 Save' }).click();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

  // reload: saved
  await page.goto(clientUrl);
  await expect(page.getByRole('link', { name: '2026 dental renewal' })).toBeVisible();
  const saved = page.getByRole('listitem', { name: /Dental/ }).first();
  await saved.getByRole('button').first().click();
  await expect(saved.getByLabel('Tier 1 rate')).toHaveValue('34.18');
  await expect(saved.getByLabel('Tier 4 name')).toHaveValue('Employee + Family');
  await expect(page.locator('.class-grid').getByLabel('Class Name').first()).toHaveValue(
    'All Eligible Employees',
  );

  // the saved comparison reopens from the client's page, with its baseline
  await page.getByRole('link', { name: '2026 dental renewal' }).click();
  await expect(page.getByRole('heading', { name: '2026 dental renewal', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Baseline (the current plan)')).toHaveValue(/.+/);
  await expect(page.locator('.cmp-table').first()).toContainText('vs baseline');
});
