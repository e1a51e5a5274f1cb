import { randomUUID } from 'node:crypto';
import {
  CarrierProposalPage,
  fixtureById,
  largestFixture,
  readProposal,
} from './pages/carrier-proposal-page.ts';
import { expect, screenshot, test } from './support/test.ts';

interface TruthCell {
  label: string;
  value: string;
  row: number;
  col: number;
  score: number;
}
type TruthItem =
  | { type: 'field'; label: string; value: string; score: number }
  | { type: 'table'; label: string; cells: TruthCell[] };

const truthOf = (prefix: string) =>
  structuredClone((prefix ? fixtureById(prefix) : largestFixture()).truth) as TruthItem[];

/** Distinct values of a column of a table in a truth, in document order. */
function columnValues(truth: TruthItem[], table: string, column: string): string[] {
  const values = truth.flatMap((item) =>
    item.type === 'table' && item.label === table
      ? item.cells.filter((c) => c.label === `${table}_${column}`).map((c) => c.value)
      : [],
  );
  return [...new Set(values)];
}

function findCell(truth: TruthItem[], label: string, index = 0): TruthCell {
  const cells = truth.flatMap((item) =>
    item.type === 'table' ? item.cells.filter((c) => c.label === label) : [],
  );
  return cells[index]!;
}

test.describe('carrier proposal detail', () => {
  test('shows the largest fixture’s expected data by product and class, with insights', async ({
    page,
  }) => {
    const fixture = largestFixture();
    const truth = truthOf('');
    const proposal = readProposal(`${fixture.carrier} proposal`, truth);
    const screen = new CarrierProposalPage(page);
    await screen.serve(proposal);
    await page.route('**/api/ai', (route) =>
      route.fulfill({
        contentType: 'text/plain; charset=utf-8',
        body: '- **Class 2** rates match Class 1\n- Confirm orthodontic age limit\n',
      }),
    );
    await screen.goto(proposal.id);

    await expect(page.getByRole('heading', { level: 1, name: proposal.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open original file' })).toHaveAttribute(
      'href',
      proposal.url!,
    );
    const products = page.getByRole('heading', { level: 2 });
    await expect(products).toHaveText(
      fixture.products.map((p) => (p === 'dental' ? 'Dental Insurance' : 'Vision Insurance')),
    );
    for (const [key, name] of [
      ['dentalInsurance', 'Dental Insurance'],
      ['visionInsurance', 'Vision Insurance'],
    ] as const) {
      if (!fixture.products.includes(key.replace('Insurance', ''))) continue;
      const product = screen.product(name);
      const classes = columnValues(truth, `${key}_rateTiers`, 'class');
      expect(classes).toHaveLength(fixture.classes);
      await expect(product.getByRole('heading', { level: 3 })).toHaveCount(classes.length);
      for (const className of classes) {
        await expect(product.getByRole('region', { name: className })).toBeVisible();
      }
      const rate = findCell(truth, `${key}_rateTiers_carrierMonthlyRate`);
      await expect(
        product.getByRole('cell', { name: rate.value, exact: true }).first(),
      ).toHaveClass(/\bscore-100\b/);
    }
    await screenshot(page, 'proposal-detail-largest');

    await page.getByRole('button', { name: 'Generate Insights' }).click();
    const insights = page.getByRole('region', { name: 'Insights' });
    await expect(insights.getByRole('listitem')).toHaveText([
      'Class 2 rates match Class 1',
      'Confirm orthodontic age limit',
    ]);
    await screenshot(page, 'proposal-detail-insights');
  });

  test('shades doubtful values of a one-class proposal so they stand out', async ({ page }) => {
    const truth = truthOf('dev07');
    // The expected data with three readings made doubtful, as an engine would score them.
    const lowRate = findCell(truth, 'dentalInsurance_rateTiers_carrierMonthlyRate', 1);
    lowRate.score = 0.42;
    const mediumCoverage = findCell(
      truth,
      'dentalInsurance_coveredServices_coverageLevelInNetwork',
      1,
    );
    mediumCoverage.score = 0.71;
    const lowPlan = findCell(truth, 'dentalInsurance_planInformation_planName');
    lowPlan.score = 0.35;
    const proposal = readProposal('Anthem dental and vision', truth);
    const screen = new CarrierProposalPage(page);
    await screen.serve(proposal);
    await screen.goto(proposal.id);

    const dental = screen.product('Dental Insurance');
    await expect(dental.getByRole('heading', { level: 3 })).toHaveCount(1);
    const rate = dental.getByRole('cell', { name: lowRate.value, exact: true });
    await expect(rate).toHaveClass(/\bscore-42\b.*\bconfidence-low\b/);
    const sure = dental.getByRole('cell', {
      name: findCell(truth, 'dentalInsurance_rateTiers_carrierMonthlyRate', 0).value,
      exact: true,
    });
    await expect(sure).toHaveClass(/\bscore-100\b/);
    const background = (locator: typeof rate) =>
      locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(rate)).not.toBe(await background(sure));
    expect(await background(sure)).toBe('rgba(0, 0, 0, 0)');
    await expect(dental.getByText(lowPlan.value, { exact: true })).toHaveClass(/\bscore-35\b/);
    await expect(page.getByRole('complementary', { name: 'Confidence shading' })).toContainText(
      'Low confidence',
    );
    await screenshot(page, 'proposal-detail-one-class');
    await page.setViewportSize({ width: 820, height: 1000 });
    await screenshot(page, 'proposal-detail-narrow');
  });

  test('says the document is being read and shows it when extraction finishes', async ({
    page,
  }) => {
    const done = readProposal('Humana vision renewal', truthOf('dev04'));
    const reading = { ...done, status: 'processing' as const, data: null };
    const screen = new CarrierProposalPage(page);
    await screen.serve(reading, reading, done);
    await screen.goto(done.id);
    await expect(page.getByRole('status')).toContainText('Reading the document…');
    await screenshot(page, 'proposal-detail-reading');
    await expect(page.getByRole('heading', { name: 'Vision Insurance' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Reading the document…')).toBeHidden();
    expect(screen.requests).toBeGreaterThanOrEqual(3);
  });

  test('shows why extraction failed', async ({ page }) => {
    const failed = {
      ...readProposal('Blurry scan', null),
      status: 'failed' as const,
      error: 'No text could be read from the file.',
    };
    const screen = new CarrierProposalPage(page);
    await screen.serve(failed);
    await screen.goto(failed.id);
    await expect(page.getByRole('alert')).toHaveText(
      'The document could not be read: No text could be read from the file.',
    );
  });

  test('tells the user when the proposal does not exist', async ({ page, allowErrors }) => {
    // The browser reports the 404 of the read in its console.
    allowErrors(/status of 404/);
    await page.goto(`/documents/carrierProposals/${randomUUID()}`);
    await expect(page.getByText(/Carrier proposal not found/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  });
});

test.describe('proposal field analysis', () => {
  test('marks each expected label with the state of the response', async ({ page }) => {
    const truth = truthOf('dev02').filter(
      (item) => item.label !== 'visionInsurance_benefitFrequency',
    );
    const effective = truth.find((item) => item.label === 'dentalInsurance_effectiveDate')!;
    (effective as { value: string }).value = '';
    const proposal = readProposal('Lincoln dental and vision', truth);
    const screen = new CarrierProposalPage(page);
    await screen.serve(proposal);
    await screen.goto(proposal.id);
    await page.getByRole('link', { name: /debug view/ }).click();
    await expect(page).toHaveURL(`/documents/carrierProposals/${proposal.id}/debug`);
    await expect(page.getByRole('heading', { level: 1, name: 'Field Analysis' })).toBeVisible();

    const key = page.getByRole('region', { name: 'Key' });
    await expect(key.getByRole('listitem')).toHaveCount(3);
    await expect(key).toContainText('Returned with data');
    await expect(key).toContainText('Returned without data');
    await expect(key).toContainText('Missing from response');

    await expect(screen.stateOf('dentalInsurance_carrierName')).toHaveText(/Returned with data/);
    await expect(screen.stateOf('dentalInsurance_effectiveDate')).toHaveText(
      /Returned without data/,
    );
    await expect(screen.stateOf('visionInsurance_benefitFrequency_frame')).toHaveText(
      /Missing from response/,
    );
    await expect(screen.stateOf('visionInsurance_rateTiers_carrierMonthlyRate')).toHaveText(
      /Returned with data/,
    );
    await screenshot(page, 'proposal-debug');

    await page.getByRole('link', { name: '← Back to Proposal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: proposal.name })).toBeVisible();
  });
});

test.describe('developer prompts page', () => {
  test('opens one section at a time and remembers it across reloads', async ({ page }) => {
    await page.goto('/dev/prompts');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Carrier Proposal Fields' }),
    ).toBeVisible();
    const dental = page.getByRole('button', { name: /^Dental\b/ });
    const vision = page.getByRole('button', { name: /^Vision\b/ });
    await expect(dental).toHaveAttribute('aria-expanded', 'false');
    await expect(vision).toHaveAttribute('aria-expanded', 'false');

    await vision.click();
    await expect(vision).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('visionInsurance_rateTiers_premiumContributions')).toBeVisible();
    await dental.click();
    await expect(dental).toHaveAttribute('aria-expanded', 'true');
    await expect(vision).toHaveAttribute('aria-expanded', 'false');
    await screenshot(page, 'dev-prompts');

    await page.reload();
    await expect(dental).toHaveAttribute('aria-expanded', 'true');
    await expect(vision).toHaveAttribute('aria-expanded', 'false');

    await dental.click();
    await expect(dental).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Carrier Proposal Fields' }),
    ).toBeVisible();
    await expect(dental).toHaveAttribute('aria-expanded', 'false');
    await expect(vision).toHaveAttribute('aria-expanded', 'false');
  });
});
