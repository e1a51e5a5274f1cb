import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
// @ts-expect-error the scorer is plain JavaScript without types
import { scoreDocument } from '../../../../tests/fixtures/score-extraction.mjs';

/**
 * How well scores mean probabilities, over predicted values scored right (1) or wrong (0) by the
 * shared scorer: AUROC (ranking), expected calibration error over 10 equal-width bins and the
 * Brier score (squared error of the probability). The scorer prints AUROC only; the training of
 * the calibration (scripts/extraction/train-calibration.ts) and `npm run bench -- generalisation`
 * print all three from here.
 */

export type Scored = Array<[score: number, right: number]>;

export function auroc(scored: Scored): number {
  const sorted = [...scored].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let pos = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]![0] === sorted[i]![0]) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++)
      if (sorted[k]![1]) {
        rankSum += rank;
        pos++;
      }
    i = j;
  }
  const neg = sorted.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : Number.NaN;
}

/** Expected calibration error: |mean score − share right| per tenth of the score range, weighted. */
export function ece(scored: Scored): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const [p, y] of scored) {
    const b = bins[Math.min(9, Math.max(0, Math.floor(p * 10)))]!;
    b.n++;
    b.p += p;
    b.y += y;
  }
  return scored.length
    ? bins.reduce((e, b) => e + (b.n ? Math.abs(b.p - b.y) : 0), 0) / scored.length
    : Number.NaN;
}

export function brier(scored: Scored): number {
  return scored.length
    ? scored.reduce((a, [p, y]) => a + (p - y) ** 2, 0) / scored.length
    : Number.NaN;
}

export interface CalibrationFigures {
  values: number;
  auroc: number;
  ece: number;
  brier: number;
}

export function figuresOf(scored: Scored): CalibrationFigures {
  return { values: scored.length, auroc: auroc(scored), ece: ece(scored), brier: brier(scored) };
}

export function formatFigures(f: CalibrationFigures): string {
  const n = (x: number) => (Number.isNaN(x) ? '  —  ' : x.toFixed(3));
  return `AUROC ${n(f.auroc)}  ECE ${n(f.ece)}  Brier ${n(f.brier)}`;
}

/** The scored values of one document: each predicted slot's score and whether it is right. */
export function scoredSlots(truth: unknown, pred: unknown, name: string): Scored {
  const { slots } = scoreDocument(truth, pred, { name, format: 'pdf' }) as {
    slots: Array<{ outcome: string; score?: number | null }>;
  };
  return slots
    .filter((s) => s.outcome !== 'fn' && s.score !== null && s.score !== undefined)
    .map((s) => [s.score!, s.outcome === 'tp' ? 1 : 0]);
}

/**
 * The scored values of a folder of truths (`NAME.truth.json`) against a folder of predictions
 * (`NAME.pred.json`), like the scorer's `--truth DIR --pred DIR [--only NAME]`.
 */
export async function scoredFolder(
  truthDir: string,
  predDir: string,
  only?: string[],
): Promise<Scored> {
  const out: Scored = [];
  for (const file of (await readdir(truthDir)).sort()) {
    if (!file.endsWith('.truth.json')) continue;
    const name = file.slice(0, -'.truth.json'.length);
    if (only && !only.some((o) => name.includes(o))) continue;
    const predFile = join(predDir, `${name}.pred.json`);
    if (!existsSync(predFile)) continue;
    const truth = JSON.parse(await readFile(join(truthDir, file), 'utf8'));
    const pred = JSON.parse(await readFile(predFile, 'utf8'));
    out.push(...scoredSlots(truth, pred, name));
  }
  return out;
}
