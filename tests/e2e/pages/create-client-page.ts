import type { Page } from '@playwright/test';

/** The create-client screen (spec §2 Create client). */
export class CreateClientPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  async goto() {
    await this.page.goto('/clients/create');
  }
  get name() {
    return this.page.getByPlaceholder('Client Name');
  }
  get notes() {
    return this.page.getByPlaceholder('Client Notes');
  }
  get submit() {
    return this.page.getByRole('button', { name: /Create Client|Creating|Created/ });
  }
  async chooseLogo(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.locator('input[type=file]').setInputFiles(file);
  }
}
