import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { DocumentStatus } from '../../../src/shared/documents/document-types.ts';
import { loadProposalFixtures, type ProposalFixture } from '../../support/proposal-fixtures.ts';

/** A carrier proposal as GET /api/documents/carrierProposals/:id answers it. */
export interface ServedProposal {
  id: string;
  name: string;
  data: unknown;
  url: string | null;
  createdOn: string;
  status: DocumentStatus;
  error: string | null;
}

/** The fixture whose expected parsed data is the largest. */
export function largestFixture(): ProposalFixture {
  return loadProposalFixtures()
    .map((f) => ({ f, size: JSON.stringify(f.truth).length }))
    .sort((a, b) => b.size - a.size)[0]!.f;
}

export function fixtureById(prefix: string): ProposalFixture {
  const found = loadProposalFixtures().find((f) => f.id.startsWith(prefix));
  if (!found) throw new Error(`No fixture ${prefix}`);
  return found;
}

/** A stored, read proposal whose data is `data` (a fixture's truth, as the engine should give). */
export function readProposal(name: string, data: unknown): ServedProposal {
  return {
    id: randomUUID(),
    name,
    data,
    url: '/api/files/00000000-0000-4000-8000-000000000000',
    createdOn: '2026-11-20T14:05:00.000Z',
    status: 'done',
    error: null,
  };
}

/**
 * The carrier proposal screens (spec §2). The upload pipeline is not what these tests look at:
 * the proposal read is answered by `serve` with the given documents, one per request (the last
 * repeats), so a screen can be shown a fixture's truth, or a document still being read.
 */
export class CarrierProposalPage {
  readonly page: Page;
  requests = 0;
  constructor(page: Page) {
    this.page = page;
  }

  async serve(...answers: ServedProposal[]) {
    const id = answers[0]!.id;
    await this.page.route(`**/api/documents/carrierProposals/${id}`, async (route) => {
      const answer = answers[Math.min(this.requests++, answers.length - 1)]!;
      await route.fulfill({ json: answer });
    });
  }

  async goto(id: string) {
    await this.page.goto(`/documents/carrierProposals/${id}`);
  }

  async gotoDebug(id: string) {
    await this.page.goto(`/documents/carrierProposals/${id}/debug`);
  }

  product(name: string) {
    return this.page.getByRole('region', { name });
  }

  /** The state shown beside a label in the field analysis. */
  stateOf(label: string) {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('.state-badge');
  }
}
