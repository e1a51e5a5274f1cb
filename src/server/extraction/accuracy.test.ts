import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsedDataSchema } from '../../shared/proposals/parsed-data.ts';
import { createLocalExtractionProvider } from './local-engine.ts';

/**
 * The accuracy floors of the local engine on the fixture proposals, measured by the shared
 * scorer: slot F1 ≥ 0.95 on text PDFs and DOCX, ≥ 0.85 on scans, calibration AUROC ≥ 0.85.
 */

const fixtures = resolve(import.meta.dirname, '../../../tests/fixtures/proposals');
const scorer = resolve(import.meta.dirname, '../../../tests/fixtures/score-extraction.mjs');

const FLOORS: Record<string, number> = {
  pdf: 0.95,
  docx: 0.95,
  png: 0.85,
  jpg: 0.85,
  'scan-pdf': 0.85,
};

interface Summary {
  overall: { f1: number };
  byFormat: Record<string, { f1: number }>;
  calibration: {
    auroc: number | null;
    meanScoreCorrect: number | null;
    withScore: number;
    predictedSlots: number;
  };
  perDocument: Array<{ name: string; f1: number }>;
}

let predDir: string;
let summary: Summary;

describe('local extraction engine on the fixture proposals', () => {
  beforeAll(async () => {
    predDir = await mkdtemp(join(tmpdir(), 'extraction-accuracy-'));
    const provider = createLocalExtractionProvider();
    try {
      const files = (await readdir(fixtures)).filter((f) => !/\.(json|md)$/.test(f));
      for (const file of files) {
        const bytes = new Uint8Array(await readFile(join(fixtures, file)));
        const type = await fileTypeFromBuffer(bytes);
        const data = await provider.extract({
          bytes,
          contentType: type?.mime ?? 'application/octet-stream',
          documentType: 'carrierProposal',
        });
        parsedDataSchema.parse(data);
        await writeFile(
          join(predDir, `${file.replace(/\.[^.]+$/, '')}.pred.json`),
          JSON.stringify(data),
        );
      }
    } finally {
      await provider.close();
    }
    const { stdout } = await promisify(execFile)(process.execPath, [
      scorer,
      '--truth',
      fixtures,
      '--pred',
      predDir,
      '--json',
    ]);
    summary = JSON.parse(stdout) as Summary;
  }, 240_000);

  afterAll(async () => {
    if (predDir) await rm(predDir, { recursive: true, force: true });
  });

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
