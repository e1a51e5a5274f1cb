import type { Page } from '@playwright/test';
import { sampleBillingDocument } from '../../src/shared/billing/testing/sample-client.ts';
import { BillingEditorPage, type ProductCardPage } from './pages/billing-editor-page.ts';
import { CreateClientPage } from './pages/create-client-page.ts';
import { expect, test, unique } from './support/test.ts';

/** Creates a client through the create screen and lands on its detail page. */
async function createClient(page: Page, prefix: string): Promise<string> {
  const create = new CreateClientPage(page);
  await create.goto();
  await create.name.fill(unique(prefix));
  await create.submit.click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

const dentalTiers = [
  { name: 'Employee', rate: 35.5 },
  { name: 'Employee + Spouse', rate: 70 },
  { name: 'Family', rate: 110.25 },
];
const ciBands = [
  {
    min: 18,
    max: 39,
    tiers: [
      { name: 'Employee', rate: 4.1 },
      { name: 'Family', rate: 9.8 },
    ],
  },
  {
    min: 40,
    max: 64,
    tiers: [
      { name: 'Employee', rate: 12.6 },
      { name: 'Family', rate: 25 },
    ],
  },
];

async function buildDental(editor: BillingEditorPage) {
  const dental = await editor.addProduct('dental');
  await expect(dental.toggle).toHaveText(/Dental$/);
  await dental.fill('Effective Date', 'soon');
  await expect(dental.card.getByText('Invalid date')).toBeVisible();
  await dental.fill('Effective Date', '01/01/2027');
  await expect(dental.card.getByText('Invalid date')).toBeHidden();
  await dental.holdIn('Salaried', 'Hourly', 'Executives');
  await expect(dental.field('Smoker Indicator')).toHaveCount(0);
  await dental.tiers(dentalTiers);
  await expect(dental.card.getByRole('columnheader', { name: 'Tobacco Rate' })).toHaveCount(0);
}

async function buildVoluntaryTermLife(editor: BillingEditorPage) {
  const vtl = await editor.addProduct('VTL/AD&D');
  await expect(vtl.toggle).toHaveText(/Voluntary Term Life with AD&D - VTL\/AD&D$/);
  await vtl.fill('Effective Date', '01/01/2027');
  await vtl.enter('Price Rate Basis', 1000);
  await vtl.holdIn('Salaried', 'Executives');
  await expect(vtl.field('Spouse Smoker On EE')).toHaveCount(0);
  await vtl.check('Smoker Indicator');
  await vtl.check('Spouse Smoker On EE');
  await vtl.check('Spouse Admin On EE');
  await vtl.check('Matched AD&D');
  // Age bands (static, with tobacco rates since smoker is on).
  const addBand = vtl.card.getByRole('button', { name: 'Add Age Band' });
  await addBand.click();
  await addBand.click();
  await vtl.enter('Band 1 minimum age', 18);
  await vtl.enter('Band 1 maximum age', 39);
  await vtl.enter('Band 1 rate', 0.08);
  await vtl.enter('Band 1 tobacco rate', 0.15);
  await vtl.enter('Band 2 minimum age', 40);
  await vtl.enter('Band 2 maximum age', 64);
  await vtl.enter('Band 2 rate', 0.22);
  await vtl.enter('Band 2 tobacco rate', 0.41);
  // Salary volume.
  await vtl.select('Volume Type', 'Salary');
  await vtl.enter('Salary Multiple', 2);
  await vtl.enter('Minimum', 10000);
  await vtl.enter('Maximum', 500000);
  await vtl.enter('Increment', 1000);
  await vtl.select('Rounding Method', 'Up');
  // Attained age.
  await vtl.select('Anchor', 'Effective Date');
  await vtl.select('Age Method', 'Age Nearest');
  await vtl.select('Re-rate On', 'Policy Anniversary');
  await vtl.select('Re-rate Alignment', 'First of Specified Month');
  await vtl.enter('Re-rate Month', 7);
  // Age reductions: a type first.
  const addReduction = vtl.card.getByRole('button', { name: 'Add Age Reduction' });
  await expect(addReduction).toBeDisabled();
  await expect(vtl.card.getByText('Select a type first')).toBeVisible();
  await vtl.select('Reduction Type', 'Percentage');
  await addReduction.click();
  await addReduction.click();
  await vtl.enter('Reduction 1 age', 65);
  await vtl.enter('Reduction 1 reduction', 35);
  await vtl.enter('Reduction 1 increment', 1000);
  await vtl.select('Reduction 1 rounding', 'Nearest increment');
  await vtl.enter('Reduction 2 age', 70);
  await vtl.enter('Reduction 2 reduction', 150); // clamped to 100 for a percentage
  await expect(vtl.field('Reduction 2 reduction')).toHaveValue('100');
  await vtl.enter('Reduction 2 reduction', 50);
  await vtl.fill('VTL/AD&D Notes:', 'Guaranteed issue up to $150,000.');
}

async function buildLongTermDisability(editor: BillingEditorPage) {
  const ltd = await editor.addProduct('ltd');
  await expect(ltd.toggle).toHaveText(/Long Term Disability - LTD$/);
  await ltd.holdIn('Salaried', 'Hourly');
  await ltd.enter('Static Rate', 0.45);
  await ltd.select('Volume Type', 'Earnings-based');
  await expect(ltd.field('Benefit Percentage')).toHaveCount(0);
  await ltd.select('Coverage Basis', 'Post-benefit');
  await ltd.enter('Benefit Percentage', 60);
  await ltd.select('Covered Payroll Mode', 'Monthly');
  await ltd.enter('Maximum', 10000);
}

async function buildCriticalIllness(editor: BillingEditorPage) {
  const ci = await editor.addProduct('Critical Illness');
  await expect(ci.toggle).toHaveText(/Critical Illness - CI$/);
  await ci.holdIn('Executives');
  await ci.select('Age Band Mode', 'Tiered');
  const addBand = ci.card.getByRole('button', { name: 'Add Age Band' });
  for (const [i, band] of ciBands.entries()) {
    await addBand.click();
    await ci.enter(`Band ${i + 1} minimum age`, band.min);
    await ci.enter(`Band ${i + 1} maximum age`, band.max);
    await ci.tiers(band.tiers, ci.card.locator('.tiered-band').nth(i));
  }
}

async function expectTiers(
  product: ProductCardPage,
  rows: typeof dentalTiers,
  scope = product.card,
) {
  for (const [i, row] of rows.entries()) {
    await expect(scope.getByLabel(`Tier ${i + 1} name`)).toHaveValue(row.name);
    await expect(scope.getByLabel(`Tier ${i + 1} rate`)).toHaveValue(String(row.rate));
  }
  await expect(scope.getByLabel(`Tier ${rows.length + 1} name`)).toHaveCount(0);
}

/** Everything the build above entered, read back from the screen. */
async function expectEverythingBack(editor: BillingEditorPage) {
  await expect(editor.classCards).toHaveCount(3);
  const [salaried, hourly, executives] = [0, 1, 2].map((i) => editor.classCards.nth(i));
  await expect(salaried!.getByLabel('Class Name')).toHaveValue('Salaried');
  await expect(salaried!.getByLabel('Class ID')).toHaveValue('S1');
  await expect(salaried!.getByLabel('Location')).toHaveValue('Boston, MA');
  await expect(hourly!.getByLabel('Class Name')).toHaveValue('Hourly');
  await expect(hourly!.getByLabel('Class Notes')).toHaveValue('Union contract; 30+ hours.');
  await expect(executives!.getByLabel('Class ID')).toHaveValue('E1');
  await expect(salaried!.getByText('3 products')).toBeVisible();
  await expect(hourly!.getByText('2 products')).toBeVisible();
  await expect(executives!.getByText('3 products')).toBeVisible();

  await editor.page.getByRole('button', { name: 'Expand all' }).click();

  const dental = editor.product('Dental');
  await expect(dental.heldBy()).toHaveText(['Salaried', 'Hourly', 'Executives']);
  await expect(dental.field('Effective Date')).toHaveValue('01/01/2027');
  await expectTiers(dental, dentalTiers);

  const vtl = editor.product('Voluntary Term Life with AD&D - VTL/AD&D');
  await expect(vtl.heldBy()).toHaveText(['Salaried', 'Executives']);
  await expect(vtl.field('Price Rate Basis')).toHaveValue('1000');
  for (const flag of [
    'Smoker Indicator',
    'Spouse Smoker On EE',
    'Spouse Admin On EE',
    'Matched AD&D',
  ])
    await expect(vtl.field(flag)).toBeChecked();
  const bandValues: [string, string][] = [
    ['Band 1 minimum age', '18'],
    ['Band 1 maximum age', '39'],
    ['Band 1 rate', '0.08'],
    ['Band 1 tobacco rate', '0.15'],
    ['Band 2 minimum age', '40'],
    ['Band 2 maximum age', '64'],
    ['Band 2 rate', '0.22'],
    ['Band 2 tobacco rate', '0.41'],
    ['Salary Multiple', '2'],
    ['Minimum', '10000'],
    ['Maximum', '500000'],
    ['Increment', '1000'],
    ['Re-rate Month', '7'],
    ['Reduction 1 age', '65'],
    ['Reduction 1 reduction', '35'],
    ['Reduction 1 increment', '1000'],
    ['Reduction 2 age', '70'],
    ['Reduction 2 reduction', '50'],
  ];
  for (const [label, value] of bandValues) await expect(vtl.field(label)).toHaveValue(value);
  const selects: [string, string][] = [
    ['Volume Type', 'salary'],
    ['Rounding Method', 'up'],
    ['Anchor', 'effectiveDate'],
    ['Age Method', 'ageNearest'],
    ['Re-rate On', 'policyAnniversary'],
    ['Re-rate Alignment', 'firstOfSpecifiedMonth'],
    ['Reduction Type', 'percentage'],
    ['Reduction 1 rounding', 'nearest'],
  ];
  for (const [label, value] of selects) await expect(vtl.field(label)).toHaveValue(value);
  await expect(vtl.field('VTL/AD&D Notes:')).toHaveValue('Guaranteed issue up to $150,000.');

  const ltd = editor.product('Long Term Disability - LTD');
  await expect(ltd.heldBy()).toHaveText(['Salaried', 'Hourly']);
  await expect(ltd.field('Static Rate')).toHaveValue('0.45');
  await expect(ltd.field('Volume Type')).toHaveValue('earningsBased');
  await expect(ltd.field('Coverage Basis')).toHaveValue('postBenefit');
  await expect(ltd.field('Benefit Percentage')).toHaveValue('60');
  await expect(ltd.field('Covered Payroll Mode')).toHaveValue('monthly');
  await expect(ltd.field('Maximum')).toHaveValue('10000');

  const ci = editor.product('Critical Illness - CI');
  await expect(ci.heldBy()).toHaveText(['Executives']);
  await expect(ci.field('Age Band Mode')).toHaveValue('tiered');
  for (const [i, band] of ciBands.entries()) {
    await expect(ci.field(`Band ${i + 1} minimum age`)).toHaveValue(String(band.min));
    await expect(ci.field(`Band ${i + 1} maximum age`)).toHaveValue(String(band.max));
    await expectTiers(ci, band.tiers, ci.card.locator('.tiered-band').nth(i));
  }
}

test.describe('billing parameters', () => {
  test('a broker builds 3 classes and 4 products, saves, reloads and sees it all back; revert', async ({
    page,
  }) => {
    const clientId = await createClient(page, 'Northwind Logistics');
    const editor = new BillingEditorPage(page);
    await expect(page.getByText('No classes yet.')).toBeVisible();
    await expect(page.getByText('No products yet.')).toBeVisible();
    await expect(editor.saveBar).toBeHidden();
    await editor.screenshot('billing-empty');

    await editor.addClass({ name: 'Salaried', id: 'S1', location: 'Boston, MA' });
    await expect(editor.saveBar).toBeVisible();
    await editor.addClass({ name: 'Hourly', id: 'H1', notes: 'Union contract; 30+ hours.' });
    await editor.addClass({ name: 'Executives', id: 'E1' });

    await buildDental(editor);
    await buildVoluntaryTermLife(editor);
    await buildLongTermDisability(editor);
    await buildCriticalIllness(editor);
    await editor.screenshot('billing-built');

    await editor.saveButton.click();
    await expect(editor.saveBar).toBeHidden();

    // What the server stored: each product inside every class that holds it.
    const stored = await (await page.request.get(`/api/clients/${clientId}`)).json();
    expect(stored.revision).toBe(1);
    expect(
      stored.classes.map((c: { className: string; products: { productCode: string }[] }) => [
        c.className,
        c.products.map((p) => p.productCode),
      ]),
    ).toEqual([
      ['Salaried', ['Dental', 'VTL/AD&D', 'LTD']],
      ['Hourly', ['Dental', 'LTD']],
      ['Executives', ['Dental', 'VTL/AD&D', 'CI']],
    ]);

    await page.reload();
    await expect(editor.product('Dental').card).toBeVisible();
    await expect(editor.saveBar).toBeHidden();
    await expectEverythingBack(editor);
    await editor.screenshot('billing-full');

    // Revert: back to what was saved.
    const dental = editor.product('Dental');
    await dental.enter('Tier 1 rate', 99);
    await editor.classCards.nth(0).getByLabel('Class Name').fill('Salaried staff');
    await expect(editor.saveBar).toBeVisible();
    await editor.revertButton.click();
    await expect(editor.saveBar).toBeHidden();
    await expect(dental.field('Tier 1 rate')).toHaveValue('35.5');
    await expect(editor.classCards.nth(0).getByLabel('Class Name')).toHaveValue('Salaried');
  });

  test('a save based on a stale version says so, and Reload shows the other save', async ({
    page,
    allowErrors,
  }) => {
    allowErrors(/status of 409/);
    const clientId = await createClient(page, 'Contoso Freight');
    const editor = new BillingEditorPage(page);
    await editor.addClass({ name: 'Drivers', id: 'D1' });
    const dental = await editor.addProduct('Dental');
    await dental.holdIn('Drivers');
    await dental.tiers([{ name: 'Employee', rate: 30 }]);
    await editor.save();

    // A second tab (or another broker) opens the same client and saves first.
    const other = await page.context().newPage();
    const otherEditor = new BillingEditorPage(other);
    await otherEditor.goto(clientId);
    await otherEditor.classCards.nth(0).getByLabel('Location').fill('Denver, CO');
    await otherEditor.save();
    await other.close();

    // Here the broker edits the version they opened, and saves.
    await editor.classCards.nth(0).getByLabel('Class Notes').fill('Night shift included.');
    await editor.saveButton.click();
    await expect(editor.alert).toContainText(
      'Error: Update failed (409): This client was changed by someone else since you opened it. Reload to see the latest version.',
    );
    // The edits are still there until the broker chooses to reload.
    await expect(editor.classCards.nth(0).getByLabel('Class Notes')).toHaveValue(
      'Night shift included.',
    );
    await editor.screenshot('billing-conflict');

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(editor.saveBar).toBeHidden();
    await expect(editor.classCards.nth(0).getByLabel('Location')).toHaveValue('Denver, CO');
    await expect(editor.classCards.nth(0).getByLabel('Class Notes')).toHaveValue('');

    // Saving again now works, based on the latest version.
    await editor.classCards.nth(0).getByLabel('Class Notes').fill('Night shift included.');
    await editor.save();
    const stored = await (await page.request.get(`/api/clients/${clientId}`)).json();
    expect(stored.revision).toBe(3);
    expect(stored.classes[0]).toMatchObject({
      location: 'Denver, CO',
      notes: 'Night shift included.',
    });
  });

  test('the product-type picker reverts an unmatched entry on blur', async ({ page }) => {
    await createClient(page, 'Fabrikam');
    const editor = new BillingEditorPage(page);
    const product = await editor.addProduct('vision');
    const picker = product.card.getByRole('combobox', { name: 'Product Type' });
    await expect(picker).toHaveValue('Vision');
    await picker.fill('visio');
    await expect(product.card.getByRole('option')).toHaveText(['Vision', 'Voluntary Vision']);
    await picker.press('Tab');
    await expect(picker).toHaveValue('Vision');
    await picker.fill('hi');
    await picker.press('Tab');
    await expect(picker).toHaveValue('Hospital Indemnity');
    await expect(product.toggle).toHaveText(/Hospital Indemnity - HI$/);
  });

  test('a client with 6 classes and 10 products stays readable', async ({ page }) => {
    const created = await page.request.post('/api/clients/createClient', {
      multipart: { name: unique('Wide World Importers') },
    });
    const { sanityId } = await created.json();
    const classes = sampleBillingDocument({
      classes: 6,
      products: 10,
      ageBands: 4,
      everyProductInEveryClass: false,
    });
    const saved = await page.request.post('/api/clients/updateBillingParameters', {
      data: { clientId: sanityId, classes, revision: 0 },
    });
    expect(saved.status()).toBe(200);

    const editor = new BillingEditorPage(page);
    await editor.goto(sanityId);
    await expect(editor.classCards).toHaveCount(6);
    const cards = page.locator('.product-list > li');
    await expect(cards).toHaveCount(10);
    // Classes sit three to a row; product cards start closed, one line each with their classes.
    const tops = await Promise.all(
      [0, 1, 2, 3].map(async (i) => (await editor.classCards.nth(i).boundingBox())!.y),
    );
    expect(tops[1]).toBe(tops[0]);
    expect(tops[2]).toBe(tops[0]);
    expect(tops[3]).toBeGreaterThan(tops[0]!);
    for (let i = 0; i < 10; i += 1) {
      const box = (await cards.nth(i).boundingBox())!;
      expect(box.height).toBeLessThan(80);
      await expect(cards.nth(i).getByRole('list', { name: 'Held by classes' })).toBeVisible();
    }
    await editor.screenshot('billing-6x10');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(page.locator('.product-card .card-body')).toHaveCount(10);
    await expect(editor.saveBar).toBeHidden();
    await editor.screenshot('billing-6x10-open');
  });
});
