/**
 * Learned layouts benchmark (issue 12): the extra reading time 20 learned layouts add to a
 * document. Twenty templates are learned from twenty generalisation documents (their truth as
 * the broker's corrections); then, for every other text-layer fixture (dev and generalisation
 * sets), the time of the generic engine's interpretation is compared with the time of matching
 * the 20 templates and merging (none matches: the untaught case), and for a taught variant (a
 * template matches and is read). Also the size of the 20 templates handed to the sandboxed
 * engine with each document before, and what the job sends now: the document's fingerprint up and
 * only the templates that can match it down. Run alone with
 * `node bench/learned-layouts.ts`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import { fileTypeFromBuffer } from 'file-type';
import { closeBrowser } from '../scripts/fixtures/generalisation/render-html.ts';
import { truthItems } from '../scripts/fixtures/generalisation/truth.ts';
import { buildVariant, loadDocument } from '../scripts/fixtures/generalisation/variant.ts';
import { interpretProposal } from '../src/server/extraction/interpret/proposal.ts';
import type { DocumentLayout } from '../src/server/extraction/layout.ts';
import {
  candidateTemplates,
  layoutFingerprint,
  readWithTemplates,
} from '../src/server/extraction/learned/apply.ts';
import { type LayoutTemplate, learnTemplate } from '../src/server/extraction/learned/template.ts';
import { createLocalExtractionProvider } from '../src/server/extraction/local-engine.ts';
import type { ParsedData } from '../src/shared/proposals/parsed-data.ts';
import { heading, kb, median, ms } from './support/stats.ts';

const TEMPLATES = 20;
const REPEAT = 5;

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

export async function benchLearnedLayouts() {
  heading('Learned layouts: extra reading time with 20 learned layouts');
  const engine = createLocalExtractionProvider();
  const fixtures = resolve(import.meta.dirname, '../tests/fixtures');
  const read = async (bytes: Uint8Array) =>
    engine.read({ bytes, contentType: (await fileTypeFromBuffer(bytes))?.mime ?? '' });
  try {
    const generalisation = (await readdir(join(fixtures, 'generalisation')))
      .filter((f) => /\.(pdf|docx)$/.test(f) && !/scan/.test(f))
      .sort();
    const taughtIds = generalisation.slice(0, TEMPLATES).map((f) => f.replace(/\.[^.]+$/, ''));
    const templates: LayoutTemplate[] = [];
    for (const id of taughtIds) {
      const doc = await loadDocument(id);
      const layout = await read(
        new Uint8Array(await readFile(join(fixtures, 'generalisation', `${id}.${doc.ext}`))),
      );
      templates.push(
        learnTemplate({
          layout,
          data: truthItems(doc.truth) as ParsedData,
          engine: interpretProposal(layout),
          documentType: 'carrierProposal',
        }),
      );
    }
    const others: Array<{ name: string; layout: DocumentLayout }> = [];
    for (const folder of ['proposals', 'generalisation']) {
      for (const file of (await readdir(join(fixtures, folder))).sort()) {
        if (!/\.(pdf|docx)$/.test(file) || /scan/.test(file)) continue;
        if (taughtIds.includes(file.replace(/\.[^.]+$/, ''))) continue;
        others.push({
          name: file,
          layout: await read(new Uint8Array(await readFile(join(fixtures, folder, file)))),
        });
      }
    }
    const generic: number[] = [];
    const extra: number[] = [];
    for (const { layout } of others) {
      const g: number[] = [];
      const e: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        let data: ParsedData = [];
        g.push(
          time(() => {
            data = interpretProposal(layout);
          }),
        );
        e.push(time(() => readWithTemplates(layout, data, templates, 'carrierProposal')));
      }
      generic.push(median(g));
      extra.push(median(e));
    }
    console.info(
      `  ${templates.length} templates learned; ${others.length} untaught text-layer fixtures`,
    );
    console.info(`  generic interpretation (median per document)      ${ms(median(generic))}`);
    console.info(`  extra for matching 20 templates, none matches      ${ms(median(extra))}`);

    const variant = await buildVariant(taughtIds[0]!, [
      ['Riverside Montessori Academy', 'Harborview Animal Clinic'],
    ]);
    const layout = await read(variant.bytes);
    const data = interpretProposal(layout);
    const taught: number[] = [];
    let matched = '';
    for (let i = 0; i < REPEAT * 4; i++)
      taught.push(
        time(() => {
          matched =
            readWithTemplates(layout, data, templates, 'carrierProposal').match?.name ?? 'none';
        }),
      );
    console.info(`  extra for a taught document (matched "${matched}")  ${ms(median(taught))}`);

    // What the job sends now: the document's fingerprint goes to the server, and only the
    // templates that can match it come back (candidateTemplates).
    const sent = (l: DocumentLayout) => {
      const print = layoutFingerprint(l);
      const chosen = candidateTemplates(
        print,
        templates.map((template) => ({ template })),
        'carrierProposal',
      );
      return {
        print: serialize(print).length,
        chosen: chosen.length,
        bytes: serialize(chosen.map((c) => c.template)).length,
      };
    };
    const untaught = others.map((o) => sent(o.layout));
    const taughtSent = sent(layout);
    console.info(
      `  sent per untaught document: fingerprint ${kb(median(untaught.map((u) => u.print)))} up, ${Math.max(...untaught.map((u) => u.chosen))} templates (${kb(Math.max(...untaught.map((u) => u.bytes)))}) down`,
    );
    console.info(
      `  sent for the taught document: fingerprint ${kb(taughtSent.print)} up, ${taughtSent.chosen} template (${kb(taughtSent.bytes)}) down`,
    );
    const bytes = serialize(templates).length;
    const clone: number[] = [];
    for (let i = 0; i < 20; i++) clone.push(time(() => structuredClone(templates)));
    console.info(
      `  (before: all 20 templates sent with each document ${kb(bytes)}, cloned in ${ms(median(clone))})`,
    );
  } finally {
    await engine.close();
    await closeBrowser();
  }
}

if (import.meta.main) await benchLearnedLayouts();
