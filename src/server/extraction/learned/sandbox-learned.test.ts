import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { truthItems } from '../../../../scripts/fixtures/generalisation/truth.ts';
import { loadDocument } from '../../../../scripts/fixtures/generalisation/variant.ts';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { interpretProposal } from '../interpret/proposal.ts';
import { createLocalExtractionProvider } from '../local-engine.ts';
import { createSandboxedProvider } from '../sandbox.ts';
import { candidateTemplates, layoutFingerprint } from './apply.ts';
import { type LayoutTemplate, learnTemplate } from './template.ts';

/** Learned layouts reach the engine in its sandboxed child process as input data. */
const ID = 'g19-reliance-dental-rates-first';
const file = resolve(import.meta.dirname, `../../../../tests/fixtures/generalisation/${ID}.pdf`);

describe('learned layouts in the sandboxed engine', () => {
  const local = createLocalExtractionProvider();
  const sandbox = createSandboxedProvider({
    name: 'local',
    module: new URL('../local-engine.ts', import.meta.url),
    factory: 'createLocalExtractionProvider',
  });
  afterAll(async () => {
    await sandbox.close();
    await local.close();
  });

  it('reads with the templates it is given, exactly as in process', async () => {
    const bytes = new Uint8Array(await readFile(file));
    const layout = await local.read({ bytes, contentType: 'application/pdf' });
    const template = learnTemplate({
      layout,
      data: truthItems((await loadDocument(ID)).truth) as ParsedData,
      engine: interpretProposal(layout),
      documentType: 'carrierProposal',
    });
    const input = {
      bytes,
      contentType: 'application/pdf',
      documentType: 'carrierProposal' as const,
    };
    const inProcess = await local.extract({ ...input, learnedLayouts: [template] });
    const inChild = await sandbox.extract({ ...input, learnedLayouts: [template] });
    expect(inChild).toEqual(inProcess);
    // …and the templates changed the reading: learned values carry the template's scores.
    const plain = await sandbox.extract(input);
    expect(inChild).not.toEqual(plain);

    // Asked for once the child has read the document: only the templates that can match it.
    const asked: Array<LayoutTemplate['fingerprint']> = [];
    const other = { ...template, fingerprint: { shapes: { 'another layout': 1 }, tokens: {} } };
    const inChildAsked = await sandbox.extract({
      ...input,
      learnedLayoutsFor: (print) => {
        asked.push(print);
        return candidateTemplates(
          print,
          [other, template].map((t) => ({ template: t })),
          'carrierProposal',
        ).map((c) => c.template);
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(layoutFingerprint(layout));
    expect(inChildAsked).toEqual(inProcess);
    const none = await sandbox.extract({ ...input, learnedLayoutsFor: () => [other] });
    expect(none).toEqual(plain);
  }, 60_000);
});
