import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { truthItems } from '../../../../scripts/fixtures/generalisation/truth.ts';
import { buildVariant, loadDocument } from '../../../../scripts/fixtures/generalisation/variant.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { interpretProposal } from '../interpret/proposal.ts';
import type { LocalExtractionProvider } from '../local-engine.ts';
import { readWithTemplates } from './apply.ts';
import { type LayoutTemplate, learnTemplate } from './template.ts';

/**
 * Teach-one-read-the-next pairs (issue 12): a generalisation document and a variant of it (same
 * template, another employer, other amounts). The first document's truth is saved as the
 * broker's corrections and learned; the second is read zero-shot and taught, and both readings
 * are scored against the variant's truth with the shared scorer.
 */

export interface Pair {
  id: string;
  names: Array<[string, string]>;
}

export interface PairResult {
  id: string;
  format: string;
  zeroShot: number;
  taught: number;
  similarity: number | undefined;
}

const scorer = resolve(import.meta.dirname, '../../../../tests/fixtures/score-extraction.mjs');

export async function scoreData(
  entries: Array<{ name: string; truth: unknown; pred: ParsedData }>,
): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'teach-score-'));
  try {
    await Promise.all(
      entries.flatMap((e) => [
        writeFile(join(dir, `${e.name}.pdf`), ''),
        writeFile(join(dir, `${e.name}.truth.json`), JSON.stringify(e.truth)),
        writeFile(join(dir, `${e.name}.pred.json`), JSON.stringify(e.pred)),
      ]),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [
      scorer,
      '--truth',
      dir,
      '--pred',
      dir,
      '--json',
    ]);
    const summary = JSON.parse(stdout) as { perDocument: Array<{ name: string; f1: number }> };
    return Object.fromEntries(
      summary.perDocument.map((d) => [d.name.replace(/\.[^.]+$/, ''), d.f1]),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function layoutOf(engine: LocalExtractionProvider, bytes: Uint8Array) {
  const type = await fileTypeFromBuffer(bytes);
  return engine.read({ bytes, contentType: type?.mime ?? 'application/octet-stream' });
}

export async function runPairs(
  engine: LocalExtractionProvider,
  pairs: Pair[],
  others: LayoutTemplate[] = [],
): Promise<{ results: PairResult[]; templates: LayoutTemplate[] }> {
  const rows: Array<{
    id: string;
    format: string;
    truth: unknown;
    zero: ParsedData;
    taught: ParsedData;
    similarity: number | undefined;
  }> = [];
  const templates: LayoutTemplate[] = [];
  for (const pair of pairs) {
    const original = await loadDocument(pair.id);
    const first = await layoutOf(engine, await original.build());
    const template = learnTemplate({
      layout: first,
      data: truthItems(original.truth) as ParsedData,
      engine: interpretProposal(first),
      documentType: 'carrierProposal',
    });
    templates.push(template);
    const variant = await buildVariant(pair.id, pair.names);
    const second = await layoutOf(engine, variant.bytes);
    const zero = interpretProposal(second);
    const taught = readWithTemplates(second, zero, [...others, template], 'carrierProposal');
    rows.push({
      id: pair.id,
      format: original.format,
      truth: truthItems(variant.document.truth),
      zero,
      taught: taught.data,
      similarity: taught.match?.similarity,
    });
  }
  const zeroScores = await scoreData(
    rows.map((r) => ({ name: r.id, truth: r.truth, pred: r.zero })),
  );
  const taughtScores = await scoreData(
    rows.map((r) => ({ name: r.id, truth: r.truth, pred: r.taught })),
  );
  return {
    templates,
    results: rows.map((r) => ({
      id: r.id,
      format: r.format,
      zeroShot: zeroScores[r.id] ?? 0,
      taught: taughtScores[r.id] ?? 0,
      similarity: r.similarity,
    })),
  };
}
