import { describe, expect, it } from 'vitest';
import { garbledFonts, textLayerIsGarbled, textSense } from './text-sense.ts';

const words = (text: string) => text.split(/\s+/).map((t) => ({ text: t }));

/** Shifts every letter by `by` code points, as a font with a broken encoding does. */
const shifted = (text: string, by: number) =>
  text.replace(/\p{L}/gu, (c) => String.fromCodePoint(c.codePointAt(0)! + by));

const english =
  'This chart provides you a brief summary of the key benefits of the vision coverage available ' +
  'from the carrier. Following the chart, you will find additional information to answer ' +
  'questions you may have. For a complete list of all your vision coverage benefits and ' +
  'restrictions, please refer to your booklet or contact your employer.';
const grid =
  'Exams $10 copay One exam every 12 months Frames $150 allowance One set every 12 months ' +
  'Elective Contacts Up to $60 copay Necessary Contacts Covered in full Lenses Single vision ' +
  'lined bifocal lined trifocal lenticular lenses Laser Vision Correction 15% off';

describe('textLayerIsGarbled', () => {
  it.each([
    ['plain English prose', english, false],
    ['a benefit grid of short cells', grid, false],
    ['prose set in a font whose codes are shifted to symbols', shifted(english, 0x2180), true],
    ['prose shifted within Latin letters (a Caesar-like encoding)', shifted(english, 3), true],
    ['prose in private-use code points', shifted(english, 0xe000 - 0x41), true],
    ['a short page that says too little to judge', 'Dental Plan 2025', false],
    [
      'a notice of language help in other scripts with English between',
      'Для того чтобы бесплатно получить помощь переводчика позвоните по телефону (Russian) ' +
        '言語サービスを無料でご利用いただくには までお電話ください (Japanese) ' +
        'If you need help in another language call the number on your card',
      false,
    ],
  ])('%s', (_name, text, garbled) => {
    expect(textLayerIsGarbled(words(text))).toBe(garbled);
  });

  it('measures the share of Latin letters and of vocabulary words', () => {
    const s = textSense(words(english));
    expect(s.latinShare).toBe(1);
    expect(s.wordShare).toBeGreaterThan(0.3);
    expect(textSense(words(shifted(english, 3))).wordShare).toBeLessThan(0.03);
  });
});

describe('garbledFonts', () => {
  const runs = (font: string, text: string) => text.split(' ').map((t) => ({ text: t, font }));
  it.each([
    ['letters sent to punctuation', runs('F1', ',(*ƫ5!. ,(*ƫ5!. *0%ġ#(.! ),0ġ.!/%/0*0'), ['F1']],
    [
      'letters sent to control code points',
      runs(
        'F1',
        '\u0017\u0014\u0010\u0003 \u0003\b\u000f\u0005 \u0003\u0005\u0001 \u0010\u0016\u0014\u000e',
      ),
      ['F1'],
    ],
    ['plain words', runs('F1', 'Every plan year, one exam (in network) and lenses.'), []],
    ['amounts and codes', runs('F1', '$1,500.00 (20%) $0 D0120 10/01/2025 $25.50'), []],
    ['a symbol font of single bullets', runs('F1', '• • • ✓ ✓ ✓ ✓ ✓ ✓ ✓ ✓ ✓ ✓ ✓'), []],
    ['dot leaders and underscores', runs('F1', '.......... ________ .......... ----------'), []],
    ['too little printed to judge', runs('F1', ',(* !.'), []],
    [
      'odd characters between real words',
      runs('F1', '!!the ?!and (--of--) *with* ##your## @@plan@@ --all-- &&one&&'),
      [],
    ],
    [
      'only the font that spells nothing, beside a good one',
      [...runs('F1', 'Your vision benefits summary'), ...runs('F2', ',(*ƫ5!. ,(*ƫ5!. *0%ġ#(.!')],
      ['F2'],
    ],
  ])('%s', (_name, input, fonts) => {
    expect([...garbledFonts(input)]).toEqual(fonts);
  });
});
