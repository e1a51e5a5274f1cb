/**
 * node scripts/extraction/train-calibration.ts [--truth DIR]... [--write] [--identity]
 *
 * Trains the calibration of extraction scores (src/server/extraction/interpret/calibrate.ts): a
 * logistic regression over the features of every value the engine reads, labelled right or
 * wrong by the project's scorer (tests/fixtures/score-extraction.mjs) against the truth of
 * labelled real documents. Prints leave-one-document-out figures (AUROC and expected
 * calibration error over 10 bins, each document scored by a model trained on the others) for
 * the heuristic scores and for the model, then with --write stores the model trained on every
 * document in src/server/extraction/interpret/calibration-model.json. Deterministic: the same
 * documents and engine give the same weights.
 *
 * Truth folders: FILE.truth.json beside FILE.pdf (default ../shared/real-proposals). A folder
 * of fixtures with FILE.source.json is used for the documents whose `split` is "tuning" only
 * (held-out documents are never read). --identity writes the model that keeps the heuristic
 * scores (the starting point).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { FEATURES, probability, unitsOf } from '../../src/server/extraction/interpret/calibrate.ts';
import { interpretProposal } from '../../src/server/extraction/interpret/proposal.ts';
import { createLocalExtractionProvider } from '../../src/server/extraction/local-engine.ts';
import type { ParsedItem } from '../../src/shared/proposals/parsed-data.ts';
// @ts-expect-error the scorer is plain JavaScript without types
import { scoreDocument } from '../../tests/fixtures/score-extraction.mjs';

const MODEL_FILE = resolve(
  import.meta.dirname,
  '../../src/server/extraction/interpret/calibration-model.json',
);
const { values } = parseArgs({
  options: {
    truth: { type: 'string', multiple: true },
    write: { type: 'boolean', default: false },
    identity: { type: 'boolean', default: false },
    lambda: { type: 'string', default: '1' },
  },
});

async function save(model: object) {
  await writeFile(MODEL_FILE, `${JSON.stringify(model, null, 1)}\n`);
  console.info(`wrote ${MODEL_FILE}`);
}

if (values.identity) {
  // heuristic feature = logit(score) / 3: weight 3 gives the heuristic score back
  await save({
    features: FEATURES,
    weights: FEATURES.map((f) => (f === 'heuristic' ? 3 : 0)),
    trainedOn: [],
  });
  process.exit(0);
}

interface Sample {
  set: string;
  doc: string;
  x: number[];
  y: number;
  heuristic: number;
  group: string;
}

async function documentsOf(dir: string): Promise<Array<{ name: string; file: string }>> {
  const files = await readdir(dir);
  const out: Array<{ name: string; file: string }> = [];
  for (const t of files.filter((f) => f.endsWith('.truth.json')).sort()) {
    const name = t.slice(0, -'.truth.json'.length);
    const sourceFile = join(dir, `${name}.source.json`);
    if (existsSync(sourceFile)) {
      const source = JSON.parse(await readFile(sourceFile, 'utf8')) as { split?: string };
      if (source.split !== 'tuning') continue;
    }
    const file = files.find((f) => f.startsWith(`${name}.`) && !/\.(json|md)$/.test(f));
    if (file) out.push({ name, file: join(dir, file) });
  }
  return out;
}

const dirs = values.truth ?? [resolve(import.meta.dirname, '../../../shared/real-proposals')];
const samples: Sample[] = [];
const provider = createLocalExtractionProvider();
try {
  for (const dir of dirs) {
    for (const doc of await documentsOf(dir)) {
      const bytes = new Uint8Array(await readFile(doc.file));
      const type = await fileTypeFromBuffer(bytes);
      if (!type) continue;
      const layout = await provider.read({ bytes, contentType: type.mime });
      const items = interpretProposal(layout, { calibrate: false });
      const truth = JSON.parse(await readFile(join(dir, `${doc.name}.truth.json`), 'utf8'));
      samples.push(...label(dir, doc.name, items, truth));
    }
  }
} finally {
  await provider.close();
}

/** Each unit's features and whether the scorer counts its value right. */
function label(set: string, doc: string, items: ParsedItem[], truth: unknown): Sample[] {
  const units = unitsOf(items);
  // the scorer carries each value's score into its slot: a unit's number finds its slot again
  const tagged = items.map((i) =>
    i.type === 'table'
      ? { ...i, cells: i.cells.map((c) => ({ ...c, score: -1 })) }
      : { ...i, score: -1 },
  );
  units.forEach((u, k) => {
    const item = tagged[u.item]!;
    if (item.type === 'field') item.score = k;
    else for (const ci of u.cells) item.cells[ci]!.score = k;
  });
  const { slots } = scoreDocument(truth, tagged, { name: doc, format: 'pdf' }) as {
    slots: Array<{ outcome: string; score?: number }>;
  };
  const out: Sample[] = [];
  for (const s of slots) {
    if (s.outcome === 'fn' || s.score === undefined || s.score === null || s.score < 0) continue;
    const u = units[s.score];
    if (!u || !Number.isInteger(s.score)) continue;
    out.push({
      set,
      doc,
      x: u.features,
      y: s.outcome === 'tp' ? 1 : 0,
      heuristic: 1 / (1 + Math.exp(-3 * u.features[1]!)),
      group: u.group,
    });
  }
  return out;
}

/**
 * The prior the weights shrink toward: the heuristic score as it is (its feature is logit / 3), so
 * what the heuristic knows and the documents do not show (OCR confidence on scans) is kept unless
 * the data says otherwise.
 */
const PRIOR: number[] = FEATURES.map((f) => (f === 'heuristic' ? 3 : 0));

/** Logistic regression by Newton's method, L2 toward PRIOR (the bias is not penalised). */
function fitModel(data: Sample[], lambda: number): number[] {
  const d = FEATURES.length;
  let w = [...PRIOR];
  for (let iter = 0; iter < 50; iter++) {
    const g = w.map((wi, i) => (i === 0 ? 0 : lambda * (wi - PRIOR[i]!)));
    const H = Array.from({ length: d }, (_, i) =>
      Array.from({ length: d }, (_, j) => (i === j && i > 0 ? lambda : i === j ? 1e-6 : 0)),
    );
    for (const s of data) {
      const p = probability({ features: FEATURES, weights: w }, s.x);
      const r = p - s.y;
      const v = p * (1 - p);
      for (let i = 0; i < d; i++) {
        const xi = s.x[i]!;
        if (xi === 0) continue;
        g[i]! += r * xi;
        const Hi = H[i]!;
        for (let j = 0; j < d; j++) Hi[j]! += v * xi * s.x[j]!;
      }
    }
    const step = solve(H, g);
    w = w.map((wi, i) => wi - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return w.map((x) => Math.round(x * 1e6) / 1e6);
}

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    const pivot = M[c]![c]!;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / pivot;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

function auroc(scored: Array<[number, number]>): number {
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

function ece(scored: Array<[number, number]>): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const [p, y] of scored) {
    const b = bins[Math.min(9, Math.floor(p * 10))]!;
    b.n++;
    b.p += p;
    b.y += y;
  }
  return bins.reduce((e, b) => e + (b.n ? Math.abs(b.p - b.y) : 0), 0) / scored.length;
}

const lambda = Number(values.lambda);
const docs = [...new Set(samples.map((s) => s.doc))];
const heuristic: Array<[number, number]> = samples.map((s) => [s.heuristic, s.y]);
const held: Array<[number, number]> = [];
const heldBySet = new Map<string, Array<[number, number]>>();
for (const doc of docs) {
  const w = fitModel(
    samples.filter((s) => s.doc !== doc),
    lambda,
  );
  for (const s of samples.filter((x) => x.doc === doc)) {
    const p: [number, number] = [probability({ features: FEATURES, weights: w }, s.x), s.y];
    held.push(p);
    heldBySet.set(s.set, [...(heldBySet.get(s.set) ?? []), p]);
  }
}
const f3 = (x: number) => x.toFixed(3);
console.info(
  `${docs.length} documents, ${samples.length} values read (${samples.filter((s) => s.y).length} right)`,
);
console.info(
  `heuristic scores:                 AUROC ${f3(auroc(heuristic))}  ECE ${f3(ece(heuristic))}`,
);
console.info(`model, leave one document out:    AUROC ${f3(auroc(held))}  ECE ${f3(ece(held))}`);
for (const [set, scored] of heldBySet) {
  const h: Array<[number, number]> = samples
    .filter((s) => s.set === set)
    .map((s) => [s.heuristic, s.y]);
  console.info(
    `  ${set}: ${scored.length} values; heuristic AUROC ${f3(auroc(h))} ECE ${f3(ece(h))}; model (held out) AUROC ${f3(auroc(scored))} ECE ${f3(ece(scored))}`,
  );
}
const weights = fitModel(samples, lambda);
const all: Array<[number, number]> = samples.map((s) => [
  probability({ features: FEATURES, weights }, s.x),
  s.y,
]);
console.info(`model, trained on all (in-sample): AUROC ${f3(auroc(all))}  ECE ${f3(ece(all))}`);
for (const [i, f] of FEATURES.entries())
  console.info(`  ${f.padEnd(18)} ${weights[i]!.toFixed(3)}`);
if (values.write)
  await save({
    features: FEATURES,
    weights,
    lambda,
    trainedOn: docs,
    leaveOneDocumentOut: Object.fromEntries(
      [...heldBySet].map(([set, scored]) => [
        set.replace(/^.*\/(?=[^/]+\/[^/]+$)/, ''),
        { values: scored.length, auroc: Number(f3(auroc(scored))), ece: Number(f3(ece(scored))) },
      ]),
    ),
  });
