import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SetSummary, scoreFixtureSet } from './testing/score-set.ts';

/**
 * The local engine on poor scans (tests/fixtures/stress-scans, built by
 * scripts/fixtures/stress-scans.ts): the dev and generalisation scans scanned again at 140–150
 * dpi, turned 1–3° more, with lower contrast, more noise and JPEG at quality 60. Only the four
 * one-page JPEGs are read here (about 10 s of OCR); the two PDFs of the set are scored with
 * scripts/fixtures/predict.ts. Floors sit a little under what the engine reaches, so that a
 * regression shows; they are far from the clean scans' 100 %.
 */

const folder = resolve(import.meta.dirname, '../../../tests/fixtures/stress-scans');
const ONLY = ['dev12-', 'dev13-', 'g12-', 'g13-'];

let summary: SetSummary;

describe('local extraction engine on poor scans', () => {
  beforeAll(async () => {
    summary = await scoreFixtureSet(folder, ONLY);
  }, 240_000);

  it('reads the four JPEG scans to slot F1 ≥ 0.75', () => {
    expect(summary.perDocument).toHaveLength(4);
    expect(summary.overall.f1).toBeGreaterThanOrEqual(0.75);
  });

  it('reads every one of them in part (no document under 0.5)', () => {
    for (const d of summary.perDocument) expect(d.f1, d.name).toBeGreaterThanOrEqual(0.5);
  });

  it('scores right values above wrong ones more often than not', () => {
    const c = summary.calibration;
    expect(c.withScore).toBe(c.predictedSlots);
    expect(c.auroc ?? 0).toBeGreaterThanOrEqual(0.75);
  });
});
