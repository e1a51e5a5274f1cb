import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SetSummary, scoreFixtureSet } from './testing/score-set.ts';

/**
 * The accuracy floors of the local engine on the fixture proposals, measured by the shared
 * scorer: slot F1 ≥ 0.95 on text PDFs and DOCX, ≥ 0.85 on scans, calibration AUROC ≥ 0.85.
 */

const fixtures = resolve(import.meta.dirname, '../../../tests/fixtures/proposals');

const FLOORS: Record<string, number> = {
  pdf: 0.95,
  docx: 0.95,
  png: 0.85,
  jpg: 0.85,
  'scan-pdf': 0.85,
};

let summary: SetSummary;

describe('local extraction engine on the fixture proposals', () => {
  beforeAll(async () => {
    summary = await scoreFixtureSet(fixtures);
  }, 240_000);

  it.each(Object.entries(FLOORS))('reaches slot F1 ≥ %s floor on %s', (format, floor) => {
    const f = summary.byFormat[format];
    expect(f, `no ${format} documents scored`).toBeDefined();
    expect(f!.f1).toBeGreaterThanOrEqual(floor);
  });

  it('scores every value, and scores right values above wrong ones (AUROC ≥ 0.85)', () => {
    const c = summary.calibration;
    expect(c.withScore).toBe(c.predictedSlots);
    // with no wrong value at all there is nothing to rank; right values must still score high
    if (c.auroc === null) expect(c.meanScoreCorrect ?? 0).toBeGreaterThan(0.8);
    else expect(c.auroc).toBeGreaterThanOrEqual(0.85);
  });
});
