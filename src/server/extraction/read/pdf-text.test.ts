import { readFile } from 'node:fs/promises';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildPdf } from '../testing/build-pdf.ts';
import { openPdf, wordRuns } from './pdf.ts';
import { textFromOperators, withoutTemplateFields, wordsOfRuns } from './pdf-text.ts';

const glyphs = (text: string, width = 500) =>
  [...text].map((ch) => ({ unicode: ch, width, isSpace: ch === ' ' }));

describe('text from the operator list', () => {
  it('places glyphs with the text matrix, moves and spacing, and breaks words at spaces', () => {
    const ops = {
      fnArray: [
        OPS.beginText,
        OPS.setFont,
        OPS.setTextMatrix,
        OPS.showText,
        OPS.moveText,
        OPS.showText,
      ],
      argsArray: [
        null,
        ['f1', 10],
        [[1, 0, 0, 1, 100, 700]],
        [glyphs('Dental Plan')],
        [0, -20],
        [[...glyphs('$50'), -2000, ...glyphs('$75')]],
      ],
    };
    const viewport = [1, 0, 0, -1, 0, 792];
    const { runs } = textFromOperators(ops, viewport, () => ({
      fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    }));
    expect(runs.map((r) => r.text)).toEqual(['Dental', 'Plan', '$50', '$75']);
    expect(runs[0]).toMatchObject({ x0: 100, x1: 130, baseline: 92, size: 10 });
    expect(runs[1]!.x0).toBe(135);
    expect(runs[2]).toMatchObject({ x0: 100, baseline: 112 });
    // a large kerning gap (-2000 = 2 em) separates words without a space glyph
    expect(runs[3]!.x0).toBe(135);
  });

  it.each([
    ['a save and restore', [OPS.save, OPS.setLeading, OPS.restore], [null, [0], null]],
    [
      'a form drawn between the lines (a bullet icon)',
      [OPS.paintFormXObjectBegin, OPS.setLeading, OPS.paintFormXObjectEnd],
      [[[1, 0, 0, 1, 0, 0], null], [0], null],
    ],
  ])('keeps the leading a restore brings back after %s', (_name, fns, args) => {
    // 'TL 12', a line, the drawing that sets its own leading, then 'T*' and the next line
    const ops = {
      fnArray: [
        OPS.beginText,
        OPS.setFont,
        OPS.setLeading,
        OPS.setTextMatrix,
        OPS.showText,
        ...fns,
        OPS.nextLine,
        OPS.showText,
      ],
      argsArray: [
        null,
        ['f1', 10],
        [12],
        [[1, 0, 0, 1, 100, 700]],
        [glyphs('first')],
        ...args,
        null,
        [glyphs('second')],
      ],
    };
    const { runs } = textFromOperators(ops, [1, 0, 0, -1, 0, 792], () => ({
      fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    }));
    expect(runs.map((r) => [r.text, r.baseline])).toEqual([
      ['first', 92],
      ['second', 104],
    ]);
  });

  it.each([
    // the page turned a quarter (landscape drawn on a portrait page), the form turns it back
    ['a rotated form turned upright', [0, 1, -1, 0, 0, 0], [0, -1, 1, 0, 0, 0], 100, 92, false],
    // a form placed with an offset
    ['a translated form', [1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 50, -100], 150, 192, true],
  ])(
    'reads text inside a form XObject with the form matrix (%s)',
    (_, pageTurn, form, x0, baseline, upright) => {
      const ops = {
        fnArray: [
          OPS.transform,
          OPS.paintFormXObjectBegin,
          OPS.beginText,
          OPS.setFont,
          OPS.setTextMatrix,
          OPS.showText,
          OPS.endText,
          OPS.paintFormXObjectEnd,
          OPS.beginText,
          OPS.setTextMatrix,
          OPS.showText,
        ],
        argsArray: [
          pageTurn,
          [form, [0, 0, 612, 792]],
          null,
          ['f1', 10],
          [[1, 0, 0, 1, 100, 700]],
          [glyphs('Vision')],
          null,
          null,
          null,
          [[1, 0, 0, 1, 100, 600]],
          [glyphs('After')],
        ],
      };
      const viewport = [1, 0, 0, -1, 0, 792];
      const { runs, rotated } = textFromOperators(ops, viewport, () => ({
        fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      }));
      expect(runs[0]).toMatchObject({ text: 'Vision', x0, baseline });
      // the form's matrix ends with the form: what follows is drawn in the page's space again
      // (sideways again on the turned page, where it is no part of the page's rows)
      expect(runs.find((r) => r.text === 'After')?.x0).toBe(upright ? 100 : undefined);
      expect(rotated > 0).toBe(!upright);
    },
  );

  it('reads the same words as pdf.js text content on a generated PDF', async () => {
    const bytes = await buildPdf([
      [{ text: 'Calendar Year Maximum $1,500', x: 40, y: 100, size: 10 }],
    ]);
    const { doc, close } = await openPdf(bytes);
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    const fromOps = textFromOperators(ops, viewport.transform, (n) => page.commonObjs.get(n));
    await close();
    const words = wordsOfRuns(fromOps.runs);
    expect(words.map((w) => w.text)).toEqual(['Calendar', 'Year', 'Maximum', '$1,500']);
    expect(words[0]!.box[0]).toBeCloseTo(40, 0);
    expect(words[0]!.box[3]).toBeCloseTo(102, 0);
  });
});

describe('text content runs', () => {
  it('glue ligature fragments and split words', () => {
    const runs = wordRuns([
      { text: 'Bene', x0: 0, x1: 20, baseline: 10, size: 10 },
      { text: 'fi', x0: 20, x1: 25, baseline: 10, size: 10 },
      { text: 't Period', x0: 25, x1: 65, baseline: 10, size: 10 },
    ]);
    expect(runs.map((r) => r.text)).toEqual(['Benefit', 'Period']);
  });

  it('drop raised footnote markers', () => {
    const words = wordsOfRuns([
      { text: 'Individual', x0: 0, x1: 50, baseline: 100, size: 10 },
      { text: '1', x0: 50.5, x1: 53, baseline: 96, size: 6.5 },
    ]);
    expect(words.map((w) => w.text)).toEqual(['Individual']);
  });

  it.each([['TM+'], ['SM'], ['®'], ['+']])('drop a raised trademark or retail mark %j', (mark) => {
    const words = wordsOfRuns([
      { text: 'LIGHTCARE', x0: 28, x1: 77, baseline: 487, size: 8 },
      { text: mark, x0: 77, x1: 84, baseline: 483, size: 2.4 },
    ]);
    expect(words.map((w) => w.text)).toEqual(['LIGHTCARE']);
    // the word's box keeps the mark's place: the gap to the next word stays one space
    expect(words[0]!.box[2]).toBe(84);
  });

  it('leaves the box of a word whose neighbour mark sits lower (a mark of the line below)', () => {
    const words = wordsOfRuns([
      { text: 'Blue', x0: 83, x1: 93.2, baseline: 716.5, size: 6 },
      { text: 'Shield', x0: 95.6, x1: 109.8, baseline: 716.5, size: 6 },
      { text: 'Plans', x0: 80, x1: 92.5, baseline: 728, size: 7 },
      { text: '®', x0: 93.45, x1: 96.25, baseline: 722, size: 3.5 },
    ]);
    // the mark is the lower line's ('Plans®'), dropped, and 'Blue' keeps its own box
    expect(words.map((w) => w.text)).toEqual(['Blue', 'Shield', 'Plans']);
    expect(words.find((w) => w.text === 'Blue')!.box[2]).toBe(93.2);
  });

  it('keeps a mark printed level with the text', () => {
    const words = wordsOfRuns([
      { text: 'Plan', x0: 0, x1: 20, baseline: 100, size: 10 },
      { text: '+', x0: 22, x1: 26, baseline: 100, size: 10 },
    ]);
    expect(words.map((w) => w.text)).toEqual(['Plan', '+']);
  });
});

describe('a document opened without its images', () => {
  const scan = new URL(
    '../../../../tests/fixtures/proposals/dev14-humana-dental-vision-scan.pdf',
    import.meta.url,
  );
  it.each([
    ['with its images', {}, true],
    ['without its images', { images: false }, false],
  ])('%s: its operator list draws the scanned page: %s', async (_, options, drawn) => {
    const { doc, close } = await openPdf(new Uint8Array(await readFile(scan)), options);
    const ops = await (await doc.getPage(1)).getOperatorList();
    await close();
    expect(ops.fnArray.includes(OPS.paintImageXObject)).toBe(drawn);
  });
});

describe('a template field code left under the printed text', () => {
  /** A word at x on a line of type from top to bottom. */
  const word = (text: string, x: number, top: number, bottom: number) => ({
    text,
    box: [x, top, x + 5 * text.length, bottom] as [number, number, number, number],
    size: bottom - top,
    confidence: 1,
  });
  const printed = [
    word('Necessary', 59.25, 545.48, 556.8),
    word('contact', 100.36, 545.48, 556.8),
    word('lenses', 129.16, 545.48, 556.8),
    word('Covered', 306.75, 545.48, 556.8),
  ];
  it.each([
    [
      'the field code and its line of type go, the printed words stay',
      [
        word('{@Bullet}', 59.25, 544.32, 551.02),
        word('Necessary', 88.12, 544.32, 551.02),
        word('contact', 118.12, 544.32, 551.02),
        word('lens', 139.14, 544.32, 551.02),
        word('3', 153.5, 544.32, 551.02),
        ...printed,
      ],
      ['Necessary', 'contact', 'lenses', 'Covered'],
    ],
    ['no field code: every word stays', printed, ['Necessary', 'contact', 'lenses', 'Covered']],
    [
      'braces that are no field code stay',
      [word('{see', 59.25, 544.32, 551.02), word('note}', 88.12, 544.32, 551.02)],
      ['{see', 'note}'],
    ],
  ])('%s', (_, words, want) => {
    expect(withoutTemplateFields(words).map((w) => w.text)).toEqual(want);
  });
});
