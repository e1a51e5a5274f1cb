import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The carrier proposal fixtures (tests/fixtures/proposals): the manifest and each document's
 * expected parsed data (`*.truth.json`), for tests on any side. Read from disk once per call.
 */

// A path, not a URL: under jsdom (the web tests) the global URL does not resolve file: URLs.
export const proposalFixturesDir = `${path.resolve(import.meta.dirname, '../fixtures/proposals')}${path.sep}`;

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
