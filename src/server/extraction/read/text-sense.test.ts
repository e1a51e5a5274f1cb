import { describe, expect, it } from 'vitest';
import { textLayerIsGarbled, textSense } from './text-sense.ts';

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
