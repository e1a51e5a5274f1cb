import { expect, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../support/test.ts';

/** The billing-parameters editor inside the client detail screen (spec §2). */
export class BillingEditorPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(clientId: string) {
    await this.page.goto(`/clients/${clientId}`);
    await expect(this.page.getByRole('heading', { name: 'Billing Parameters' })).toBeVisible();
  }

  get saveButton() {
    return this.page.getByRole('button', { name: '💾 Save' });
  }
  get revertButton() {
    return this.page.getByRole('button', { name: '↪️ Revert' });
  }
  get saveBar() {
    return this.page.getByRole('region', { name: 'Unsaved changes' });
  }
  get alert() {
    return this.page.getByRole('alert');
  }

  /** Class cards in order. */
  get classCards() {
    return this.page.locator('.class-grid > li');
  }

  async addClass(fields: { name: string; id: string; location?: string; notes?: string }) {
    await this.page.getByRole('button', { name: '+ Add Class' }).click();
    const card = this.classCards.last();
    await card.getByLabel('Class Name').fill(fields.name);
    await card.getByLabel('Class ID').fill(fields.id);
    if (fields.location) await card.getByLabel('Location').fill(fields.location);
    if (fields.notes) await card.getByLabel('Class Notes').fill(fields.notes);
    await expect(card.getByRole('heading', { name: fields.name })).toBeVisible();
  }

  /** Adds a product and picks its type by typing `entry` and pressing Enter. */
  async addProduct(entry: string): Promise<ProductCardPage> {
    await this.page.getByRole('button', { name: '+ Add Product' }).click();
    const card = this.page.locator('.product-list > li').last();
    const picker = card.getByRole('combobox', { name: 'Product Type' });
    await expect(picker).toBeFocused();
    await picker.fill(entry);
    await picker.press('Enter');
    return new ProductCardPage(card);
  }

  /** The product card whose heading is `heading` (e.g. 'Long Term Disability - LTD'). */
  product(heading: string): ProductCardPage {
    return new ProductCardPage(this.page.getByRole('listitem', { name: heading, exact: true }));
  }

  /**
   * A full-page screenshot, then two animation frames: the screenshot resizes the viewport for a
   * moment, and a click on the sticky save bar right after it can land where the bar was.
   */
  async screenshot(name: string) {
    await screenshot(this.page, name);
    await this.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }

  async save() {
    await this.saveButton.click();
    await expect(this.saveBar).toBeHidden();
  }
}

export class ProductCardPage {
  readonly card: Locator;
  constructor(card: Locator) {
    this.card = card;
  }
  get toggle() {
    return this.card.locator('.disclosure');
  }
  async expand() {
    if ((await this.toggle.getAttribute('aria-expanded')) !== 'true') await this.toggle.click();
    await expect(this.toggle).toHaveAttribute('aria-expanded', 'true');
  }
  field(label: string) {
    return this.card.getByLabel(label, { exact: true });
  }
  /** Types into a number or text input and commits with Enter. */
  async enter(label: string, value: string | number) {
    const input = this.field(label);
    await input.fill(String(value));
    await input.press('Enter');
  }
  async fill(label: string, value: string) {
    const input = this.field(label);
    await input.fill(value);
    await input.blur();
  }
  async select(label: string, option: string) {
    await this.field(label).selectOption({ label: option });
  }
  async check(label: string) {
    await this.field(label).check();
  }
  async holdIn(...classNames: string[]) {
    const group = this.card.getByRole('group', { name: 'Classes' });
    for (const name of classNames) await group.getByLabel(name, { exact: true }).check();
  }
  heldBy() {
    return this.card.getByRole('list', { name: 'Held by classes' }).getByRole('listitem');
  }
  async tiers(
    rows: { name: string; rate: number; tobacco?: number }[],
    within: Locator = this.card,
  ) {
    for (const [i, row] of rows.entries()) {
      const n = i + 1;
      if ((await within.getByLabel(`Tier ${n} name`).count()) === 0) {
        await within.getByRole('button', { name: '+ Add Rate Tier' }).click();
      }
      await within.getByLabel(`Tier ${n} name`).fill(row.name);
      const rate = within.getByLabel(`Tier ${n} rate`);
      await rate.fill(String(row.rate));
      await rate.press('Enter');
      if (row.tobacco !== undefined) {
        const tobacco = within.getByLabel(`Tier ${n} tobacco rate`);
        await tobacco.fill(String(row.tobacco));
        await tobacco.press('Enter');
      }
    }
  }
}
