import { afterAll, describe, expect, it } from 'vitest';
import type { Box } from '../layout.ts';
import { buildPdf, type Drawing } from '../testing/build-pdf.ts';
import { lineRegions } from './image.ts';
import { createTesseractEngine } from './ocr.ts';
import { readDocument } from './read-document.ts';

const engine = createTesseractEngine();
afterAll(() => engine.close());

const pageText = (layout: Awaited<ReturnType<typeof readDocument>>) =>
  layout.pages[0]!.blocks.flatMap((b) =>
    b.kind === 'line' ? [b.line.text] : b.table.cells.map((c) => c.text),
  ).join('\n');

describe('words set in a font whose text layer spells nothing', () => {
  const prose: Drawing[] = [
    'Your vision benefits summary for the plan year',
    'Eye exams, frames and lenses from a network doctor',
    'Contact lenses instead of glasses are covered too',
    'Ask your doctor about savings on lens enhancements',
  ].map((text, i) => ({ text, x: 72, y: 80 + i * 20, size: 11 }));

  it('are read from the page pixels while the rest of the page keeps its text layer', async () => {
    const pdf = await buildPdf([
      [
        ...prose,
        { text: 'Frequency', x: 72, y: 200, size: 11 },
        { text: 'Every plan year', x: 200, y: 200, size: 11, garbled: true },
        { text: 'Lenses', x: 72, y: 220, size: 11 },
        { text: 'Every plan year', x: 200, y: 220, size: 11, garbled: true },
      ],
    ]);
    const text = pageText(await readDocument(pdf, 'application/pdf', { ocr: () => engine }));
    expect(text).toContain('Your vision benefits summary for the plan year');
    expect(text.match(/Every plan year/g)).toHaveLength(2);
    expect(text).not.toMatch(/[«¶·»¿]/);
  }, 60_000);

  it('are what makes the reader start its OCR engine: a page that reads never does', async () => {
    const noOcr = () => {
      throw new Error('no OCR here');
    };
    const plain = await buildPdf([prose]);
    expect(pageText(await readDocument(plain, 'application/pdf', { ocr: noOcr }))).toContain(
      'Contact lenses instead of glasses are covered too',
    );
    const garbled = await buildPdf([
      [...prose, { text: 'Every plan year', x: 200, y: 200, size: 11, garbled: true }],
    ]);
    await expect(readDocument(garbled, 'application/pdf', { ocr: noOcr })).rejects.toThrow(
      'no OCR here',
    );
  });
});

describe('lineRegions', () => {
  const b = (x0: number, y0: number, x1: number, y1: number, size = 10) => ({
    text: 'word',
    box: [x0, y0, x1, y1] as Box,
    size,
    confidence: 1,
  });
  it.each([
    ['words of one line close together make one region', [b(0, 0, 20, 10), b(24, 0, 50, 10)], 1],
    ['a word far along the line is another region', [b(0, 0, 20, 10), b(80, 0, 100, 10)], 2],
    ['the next line is another region', [b(0, 0, 20, 10), b(0, 14, 20, 24)], 2],
    ['nothing to read, no region', [], 0],
  ])('%s', (_name, boxes, regions) => {
    expect(lineRegions(boxes)).toHaveLength(regions);
  });
});
