import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** A value of parsed data as the API answers it. */
export interface ServedValue {
  label: string;
  value: string;
  score: number;
  source?: { page: number; box?: [number, number, number, number] };
  review?: { state: string; by?: string };
}
export type ServedItem =
  | ({ type: 'field' } & ServedValue)
  | { type: 'table'; label: string; cells: Array<ServedValue & { row: number; col: number }> };

export interface ServedDocument {
  id: string;
  status: string;
  data: ServedItem[] | null;
  revision: number;
  reviewed: boolean;
  pageCount: number | null;
}

const apiPath = (id: string) => `/api/documents/carrierProposals/${id}`;

/**
 * Uploads a real proposal file through the API and waits until the engine has read it (nothing
 * stubbed: the page images, words and revisions are the server's).
 */
export async function uploadAndRead(
  request: APIRequestContext,
  file: string,
  name: string,
  kind: 'carrierProposal' | 'policyCertificate' = 'carrierProposal',
): Promise<ServedDocument> {
  const response = await request.post('/api/upload-document', {
    multipart: {
      name,
      documentType: kind,
      file: {
        name: path.basename(file),
        mimeType: file.endsWith('.png')
          ? 'image/png'
          : file.endsWith('.docx')
            ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
            : 'application/pdf',
        buffer: readFileSync(file),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  let doc: ServedDocument | undefined;
  await expect
    .poll(
      async () => {
        const collection = kind === 'carrierProposal' ? 'carrierProposals' : 'policyCertificates';
        doc = (await (
          await request.get(`/api/documents/${collection}/${id}`)
        ).json()) as ServedDocument;
        return doc.status;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('done');
  return doc!;
}

export async function fetchDocument(request: APIRequestContext, id: string) {
  return (await (await request.get(apiPath(id))).json()) as ServedDocument;
}

/** The ref the screen names a field by (`data-value-key`). */
export const fieldKey = (label: string) => `field/${label}`;

/** The review screen of a carrier proposal (issue 12). */
export class ReviewPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(id: string) {
    await this.page.goto(`/documents/carrierProposals/${id}`);
    await expect(this.page.getByRole('toolbar', { name: 'Review' })).toBeVisible();
  }

  async gotoCertificate(id: string) {
    await this.page.goto(`/documents/policyCertificates/${id}`);
    await expect(this.page.getByRole('toolbar', { name: 'Review' })).toBeVisible();
  }

  value(key: string): Locator {
    return this.page.locator(`.workspace-data [data-value-key="${key}"]`);
  }

  get pane(): Locator {
    return this.page.getByRole('complementary', { name: 'Source' });
  }

  /** The page image once drawn, and the highlighted box on it. */
  get shownPage(): Locator {
    return this.pane.locator('.page-frame[data-ready="true"]');
  }

  get box(): Locator {
    return this.shownPage.locator('.source-box');
  }

  get origin(): Locator {
    return this.page.getByTestId('value-origin');
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /**
   * Saves what the broker sees (the viewport: the source pane stays beside the data as the page
   * scrolls) to test-results/screens/NAME.png.
   */
  async shot(name: string) {
    const dir = path.resolve('test-results/screens');
    mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: path.join(dir, `${name}.png`) });
  }

  async saveChanges() {
    await this.button('💾 Save').click();
    await expect(this.page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);
  }
}
