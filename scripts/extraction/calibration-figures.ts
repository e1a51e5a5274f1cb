/**
 * node scripts/extraction/calibration-figures.ts --truth DIR --pred DIR [--split heldout|tuning] [--only NAME]...
 *
 * AUROC, expected calibration error (10 equal-width bins) and Brier score of the predictions'
 * scores, over one aggregate of documents: what the shared scorer prints as AUROC only. --split
 * keeps the documents whose NAME.source.json names that split (tests/fixtures/real).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  figuresOf,
  formatFigures,
  scoredFolder,
} from '../../src/server/extraction/testing/calibration-figures.ts';

const { values } = parseArgs({
  options: {
    truth: { type: 'string' },
    pred: { type: 'string' },
    split: { type: 'string' },
    only: { type: 'string', multiple: true },
  },
});
if (!values.truth || !values.pred) {
  console.error(
    'usage: calibration-figures.ts --truth DIR --pred DIR [--split S] [--only NAME]...',
  );
  process.exit(2);
}
let only = values.only;
if (values.split) {
  only = [];
  for (const f of await readdir(values.truth)) {
    if (!f.endsWith('.source.json')) continue;
    const file = join(values.truth, f);
    if (!existsSync(file)) continue;
    const { split } = JSON.parse(await readFile(file, 'utf8')) as { split?: string };
    if (split === values.split) only.push(f.slice(0, -'.source.json'.length));
  }
}
const figures = figuresOf(await scoredFolder(values.truth, values.pred, only));
console.info(`${figures.values} scored values  ${formatFigures(figures)}`);
