import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type SetSummary, scoreFixtureSet } from '../src/server/extraction/testing/score-set.ts';
import { figuresByGroup, type SlotFigures } from '../src/server/extraction/testing/slot-figures.ts';

/**
 * `npm run bench -- generalisation`: how well the engine reads, on real documents first — the
 * shared 22 (../shared/real-proposals), the real documents labelled here that may be tuned on,
 * and the held-out split no rule is ever tuned on (tests/fixtures/real) — then on the
 * synthetic sets (dev fixtures, generalisation set, stress scans). Slot F1, precision, recall
 * and AUROC from the shared scorer, expected calibration error (10 bins) and Brier score of the
 * scores from testing/calibration-figures.ts.
 */
const root = resolve(import.meta.dirname, '..');
const realDir = join(root, 'tests/fixtures/real');
const sharedReal = resolve(root, '../shared/real-proposals');

interface RealSet {
  name: string;
  folder: string;
  only?: string[];
}

async function splitOf(stem: string): Promise<string | undefined> {
  const file = join(realDir, `${stem}.source.json`);
  if (!existsSync(file)) return undefined;
  return (JSON.parse(await readFile(file, 'utf8')) as { split?: string }).split;
}

/** A folder of symlinks to the documents (and truths) of one split, for the scorer. */
async function splitFolder(split: string): Promise<{ folder: string; count: number }> {
  const folder = await mkdtemp(join(tmpdir(), `real-${split}-`));
  let count = 0;
  for (const file of await readdir(realDir)) {
    if (!file.endsWith('.truth.json')) continue;
    const stem = file.replace(/\.truth\.json$/, '');
    if ((await splitOf(stem)) !== split) continue;
    const doc = (await readdir(realDir)).find(
      (f) => f.startsWith(`${stem}.`) && !/\.(json|md)$/.test(f),
    );
    if (!doc) continue;
    await symlink(join(realDir, file), join(folder, file));
    await symlink(join(realDir, doc), join(folder, doc));
    count += 1;
  }
  return { folder, count };
}

const pct = (x: number | null | undefined) => (x == null ? '—' : `${(x * 100).toFixed(1)} %`);

function line(name: string, docs: number, s: SetSummary & { overall: Record<string, number> }) {
  const o = s.overall;
  return `${name.padEnd(34)} ${String(docs).padStart(4)}  F1 ${pct(o.f1).padStart(7)}  P ${pct(o.precision).padStart(7)}  R ${pct(o.recall).padStart(7)}  AUROC ${s.calibration.auroc?.toFixed(3) ?? '—'}  ECE ${s.calibration.ece?.toFixed(3) ?? '—'}  Brier ${s.calibration.brier?.toFixed(3) ?? '—'}`;
}

function groupLine(name: string, docs: number | undefined, f: SlotFigures) {
  return `    ${name.padEnd(56)} ${String(docs ?? '').padStart(3)}  F1 ${pct(f.f1).padStart(7)}  P ${pct(f.precision).padStart(7)}  R ${pct(f.recall).padStart(7)}`;
}

/** The insurer(s) a document's truth names ("VSP", "Delta Dental / EyeMed"), for the by-carrier lines. */
async function carriersOf(folder: string, names: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of names) {
    const truth = JSON.parse(await readFile(join(folder, `${name}.truth.json`), 'utf8')) as Array<{
      type: string;
      label: string;
      value?: unknown;
    }>;
    const carriers = truth
      .filter((v) => v.type === 'field' && v.label.endsWith('_carrierName'))
      .map((v) => String(v.value));
    out.set(name, [...new Set(carriers)].join(' / ') || '(no carrier printed)');
  }
  return out;
}

/** A set's figures by product and by carrier: where the engine reads well and where it does not. */
async function printGroups(folder: string, summary: SetSummary): Promise<void> {
  for (const [product, f] of Object.entries(summary.byProduct ?? {})) {
    console.info(groupLine(`product ${product}`, undefined, f));
  }
  const carriers = await carriersOf(
    folder,
    summary.perDocument.map((d) => d.name),
  );
  for (const g of figuresByGroup(summary.perDocument, (name) => carriers.get(name) ?? '?')) {
    console.info(groupLine(`carrier ${g.group}`, g.documents, g));
  }
}

export async function benchGeneralisation(): Promise<void> {
  console.info('\n[generalisation] slot F1 on real documents first, then synthetic');
  try {
    execFileSync(process.execPath, [join(root, 'scripts/fixtures/real-docs.ts')], {
      stdio: 'inherit',
    });
  } catch {
    console.info('  (the labelled real documents could not be brought from their mirror)');
  }
  const sets: RealSet[] = [];
  if (existsSync(sharedReal)) sets.push({ name: 'real: shared 22', folder: sharedReal });
  else console.info(`  (no ${sharedReal}: the shared real set is not on this machine)`);
  const temporary: string[] = [];
  for (const split of ['tuning', 'heldout']) {
    const { folder, count } = await splitFolder(split);
    temporary.push(folder);
    if (count) sets.push({ name: `real: labelled here, ${split}`, folder });
  }
  try {
    for (const set of sets) {
      const summary = (await scoreFixtureSet(set.folder, set.only)) as SetSummary & {
        overall: Record<string, number>;
      };
      console.info(line(set.name, summary.perDocument.length, summary));
      await printGroups(set.folder, summary);
      for (const doc of summary.perDocument) {
        console.info(`    ${doc.name.padEnd(44)} ${pct(doc.f1).padStart(7)}`);
      }
    }
    for (const [name, folder] of [
      ['synthetic: dev fixtures', 'tests/fixtures/proposals'],
      ['synthetic: generalisation set', 'tests/fixtures/generalisation'],
      ['synthetic: stress scans', 'tests/fixtures/stress-scans'],
    ] as const) {
      const summary = (await scoreFixtureSet(join(root, folder))) as SetSummary & {
        overall: Record<string, number>;
      };
      console.info(line(name, summary.perDocument.length, summary));
    }
  } finally {
    for (const folder of temporary) await rm(folder, { recursive: true, force: true });
  }
}
