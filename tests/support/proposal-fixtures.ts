import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The carrier proposal fixtures (tests/fixtures/proposals): the manifest and each document's
 * expected parsed data (`*.truth.json`), for tests on any side. Read from disk once per call.
 */

export const proposalFixturesDir = fileURLToPath(
  new URL('../fixtures/proposals/', import.meta.url),
);

export interface ProposalFixture {
  id: string;
  file: string;
  format: string;
  carrier: string;
  /** `dental`, `vision`. */
  products: string[];
  classes: number;
  rateTiers: number[];
  /** The expected parsed data, as stored in the truth file (JSON, not validated here). */
  truth: unknown;
}

interface ManifestEntry {
  id: string;
  file: string;
  truth: string;
  format: string;
  carrier: string;
  products: string[];
  classes: number;
  rateTiers: number[];
}

export function loadProposalFixtures(): ProposalFixture[] {
  const manifest = JSON.parse(readFileSync(`${proposalFixturesDir}manifest.json`, 'utf8')) as {
    documents: ManifestEntry[];
  };
  return manifest.documents.map(({ truth, ...entry }) => ({
    ...entry,
    truth: JSON.parse(readFileSync(`${proposalFixturesDir}${truth}`, 'utf8')),
  }));
}
