import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { parsedDataSchema } from '../../../shared/proposals/parsed-data.ts';
import { createLocalExtractionProvider } from '../local-engine.ts';
import { figuresOf, scoredFolder } from './calibration-figures.ts';
import type { SlotFigures } from './slot-figures.ts';

/**
 * Runs the local engine over a fixture folder (documents beside `*.truth.json`) and scores the
 * output with the shared scorer (tests/fixtures/score-extraction.mjs). For the accuracy tests.
 */

export interface SetSummary {
  overall: { f1: number };
  byFormat: Record<string, SlotFigures>;
  byProduct?: Record<string, SlotFigures>;
  calibration: {
    auroc: number | null;
    /** Expected calibration error (10 bins) and Brier score: calibration-figures.ts. */
    ece?: number;
    brier?: number;
    meanScoreCorrect: number | null;
    withScore: number;
    predictedSlots: number;
  };
  perDocument: Array<{ name: string } & SlotFigures>;
}

const scorer = resolve(import.meta.dirname, '../../../../tests/fixtures/score-extraction.mjs');

/** `only`: score just the documents whose file name contains one of these. */
export async function scoreFixtureSet(folder: string, only?: string[]): Promise<SetSummary> {
  const predDir = await mkdtemp(join(tmpdir(), 'extraction-accuracy-'));
  try {
    const provider = createLocalExtractionProvider();
    try {
      const files = (await readdir(folder))
        .filter((f) => !/\.(json|md)$/.test(f))
        .filter((f) => !only || only.some((o) => f.includes(o)));
      for (const file of files) {
        const bytes = new Uint8Array(await readFile(join(folder, file)));
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
      folder,
      '--pred',
      predDir,
      '--json',
      ...(only ?? []).flatMap((o) => ['--only', o]),
    ]);
    const summary = JSON.parse(stdout) as SetSummary;
    const figures = figuresOf(await scoredFolder(folder, predDir, only));
    summary.calibration.ece = figures.ece;
    summary.calibration.brier = figures.brier;
    return summary;
  } finally {
    await rm(predDir, { recursive: true, force: true });
  }
}
