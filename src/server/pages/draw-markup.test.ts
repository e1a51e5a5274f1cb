import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageWord } from '../../shared/documents/document-types.ts';
import type { ParsedData } from '../../shared/proposals/parsed-data.ts';
import type { Box, DocumentLayout, Line } from '../extraction/layout.ts';
import { createLocalExtractionProvider } from '../extraction/local-engine.ts';
import { createSandboxedProvider } from '../extraction/sandbox.ts';
import { layoutMarkup } from './draw-markup.ts';

/**
 * Issue 12, "See the source of every value" for DOCX: every value the engine reads from a Word
 * document carries the box of the paragraph or table cell it came from, in the coordinates of the
 * page drawing (the same placement draws the page and gives the reader its boxes), so the box
 * holds the value's own words as they are drawn.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const fixtures = resolve(import.meta.dirname, '../../../tests/fixtures');
const FILES = [
  'proposals/dev09-renaissance-dental.docx',
  'proposals/dev11-equitable-dental-vision-options.docx',
  'generalisation/g36-manhattanlife-dental-vision-docx-tabs.docx',
  'generalisation/g54-guardian-dental-vision-docx-renewal-waiting.docx',
];

const engine = createLocalExtractionProvider();
afterAll(() => engine.close());

const valuesOf = (data: ParsedData) =>
  data.flatMap((item) =>
    item.type === 'field'
      ? [{ label: item.label, value: item.value, source: item.source }]
      : item.cells.map((c) => ({ label: c.label, value: c.value, source: c.source })),
  );

/** Letters and digits only, lower case: '$1,500' and '1500' compare alike. */
const bare = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The drawn words whose middle lies in the box, in drawing order. */
function wordsIn(words: PageWord[], box: Box): string {
  return words
    .filter((w) => {
      const x = (w.box[0] + w.box[2]) / 2;
      const y = (w.box[1] + w.box[3]) / 2;
      return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
    })
    .map((w) => w.text)
    .join(' ');
}

describe('DOCX values on the page drawing', () => {
  it.each(FILES)('%s: every value has a box on page 1 holding its words', async (file) => {
    const bytes = new Uint8Array(await readFile(resolve(fixtures, file)));
    const data = await engine.extract({
      bytes,
      contentType: DOCX,
      documentType: 'carrierProposal',
    });
    const drawing = layoutMarkup(await engine.read({ bytes, contentType: DOCX }));
    const values = valuesOf(data);
    expect(values.length).toBeGreaterThan(40);
    const misplaced: string[] = [];
    for (const v of values) {
      const box = v.source?.box;
      if (v.source?.page !== 1 || !box) {
        misplaced.push(`${v.label}: no box`);
        continue;
      }
      expect(box[0]).toBeGreaterThanOrEqual(0);
      expect(box[2]).toBeLessThanOrEqual(drawing.page.width);
      expect(box[3]).toBeLessThanOrEqual(drawing.page.height);
      // the value as printed is in its box
      const drawn = bare(wordsIn(drawing.words, box));
      if (!drawn) misplaced.push(`${v.label} '${v.value}': no words in its box`);
      else if (!drawn.includes(bare(v.value)))
        misplaced.push(`${v.label} '${v.value}': box holds '${wordsIn(drawing.words, box)}'`);
    }
    expect(misplaced).toEqual([]);
  });

  it('places a document alike in the engine sandbox and in the drawing', async () => {
    const sandbox = createSandboxedProvider({
      name: 'local',
      module: new URL('../extraction/local-engine.ts', import.meta.url),
      factory: 'createLocalExtractionProvider',
    });
    try {
      const bytes = new Uint8Array(await readFile(resolve(fixtures, FILES[0]!)));
      const input = { bytes, contentType: DOCX, documentType: 'carrierProposal' } as const;
      const inChild = await sandbox.extract(input);
      expect(inChild).toEqual(await engine.extract(input));
      expect(valuesOf(inChild).every((v) => v.source?.box)).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it('draws the words it answers, and draws them again alike', async () => {
    const bytes = new Uint8Array(await readFile(resolve(fixtures, FILES[1]!)));
    const layout = await engine.read({ bytes, contentType: DOCX });
    const a = layoutMarkup(layout);
    const b = layoutMarkup(await engine.read({ bytes, contentType: DOCX }));
    expect(b.words).toEqual(a.words);
    expect(b.page).toEqual(a.page);
    const text = a.words.map((w) => w.text).join(' ');
    for (const page of layout.pages)
      for (const block of page.blocks)
        if (block.kind === 'line') expect(text).toContain(block.line.text.split(/\s+/)[0]);
  });

  it('draws a very long document 20,000 points tall at most, answering only the words drawn', () => {
    const line = (text: string): Line => ({
      text,
      words: [],
      box: [0, 0, 0, 0],
      size: 10,
      confidence: 1,
      page: 1,
    });
    const layout: DocumentLayout = {
      format: 'docx',
      pages: [
        {
          number: 1,
          width: 0,
          height: 0,
          source: 'markup',
          blocks: Array.from({ length: 3000 }, (_, i) => ({
            kind: 'line' as const,
            line: line(`Paragraph ${i + 1}`),
          })),
        },
      ],
      furniture: [],
    };
    const drawing = layoutMarkup(layout);
    expect(drawing.page.height).toBe(20_000);
    expect(drawing.words.map((w) => w.text)).toContain('1000');
    expect(drawing.words.map((w) => w.text)).not.toContain('3000');
    expect(drawing.words.every((w) => w.box[3] <= 20_000)).toBe(true);
  });
});
