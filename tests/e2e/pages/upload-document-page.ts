import type { Page } from '@playwright/test';

/** The upload screen shared by carrier proposals and policy certificates (spec §2). */
export class UploadDocumentPage {
  readonly page: Page;
  readonly title: string;
  constructor(page: Page, title: 'Carrier Proposal' | 'Policy Certificate') {
    this.page = page;
    this.title = title;
  }
  get heading() {
    return this.page.getByRole('heading', { name: `Upload ${this.title}` });
  }
  get name() {
    return this.page.getByPlaceholder(`Enter a name for this ${this.title}...`);
  }
  get button() {
    return this.page.getByRole('button', { name: /^(Upload|Uploading|Uploaded)$/ });
  }
  async chooseFile(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.locator('input[type=file]').setInputFiles(file);
  }
}
