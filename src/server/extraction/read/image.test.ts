import { describe, expect, it } from 'vitest';
import type { Word } from '../layout.ts';
import {
  characterFixes,
  doubtful,
  flatDashes,
  isBorder,
  joinCodeNumbers,
  romanCodes,
  shortRulesAway,
  tableSides,
  typeSized,
  withoutRaisedMarks,
} from './image.ts';
import type { OcrWord } from './ocr.ts';

/** Words laid out left to right on one line, 20 high, 10 apart. */
function line(...texts: string[]): OcrWord[] {
  let x = 0;
  return texts.map((text) => {
    const w = text.length * 10;
    const word: OcrWord = { text, box: [x, 100, x + w, 120], confidence: 0.9 };
    x += w + 10;
    return word;
  });
}

describe('romanCodes', () => {
  it('reads misread strokes after Class, Type or Tier as a Roman numeral, with a capped confidence', () => {
    const words = [
      ...line('Class', 'Il', '—', 'Basic'),
      ...line('Type', 'Ill'),
      ...line('Class', '|', '—'),
      ...line('Progressive', 'Tier', 'Il'),
    ];
    romanCodes(words);
    expect(words.map((w) => w.text)).toEqual([
      'Class',
      'II',
      '—',
      'Basic',
      'Type',
      'III',
      'Class',
      'I',
      '—',
      'Progressive',
      'Tier',
      'II',
    ]);
    expect(words[1]!.confidence).toBeLessThanOrEqual(0.6);
  });

  it('leaves Arabic codes, other words and column-rule remnants alone', () => {
    const words = [
      ...line('Class', '1'),
      ...line('Class', 'IV'),
      ...line('Class', '|', 'Description'),
      ...line('Total', 'Il'),
    ];
    romanCodes(words);
    expect(words.map((w) => w.text)).toEqual([
      'Class',
      '1',
      'Class',
      'IV',
      'Class',
      '|',
      'Description',
      'Total',
      'Il',
    ]);
  });

  it('needs the numeral on the same line as the code word', () => {
    const words = line('Class', 'Il');
    words[1]!.box = [60, 200, 80, 220];
    romanCodes(words);
    expect(words[1]!.text).toBe('Il');
  });
});

describe('doubtful', () => {
  it('flags figures that lost their punctuation', () => {
    expect(doubtful('$2317')).toBe(true);
    expect(doubtful('12/31.2027')).toBe(true);
    expect(doubtful('$23.17')).toBe(false);
    expect(doubtful('12/31/2027')).toBe(false);
  });
});

describe('flatDashes', () => {
  it('reads a flat wide word as a dash and leaves letters alone', () => {
    const words: OcrWord[] = [
      ...['Orthodontia', 'Lifetime', 'Maximum', 'Not', 'Covered', 'Children'].map(
        (text, i): OcrWord => ({ text, box: [i * 120, 100, i * 120 + 100, 118], confidence: 0.9 }),
      ),
      { text: 'ps', box: [740, 150, 765, 152], confidence: 0.42 },
      { text: 'Sad', box: [740, 200, 752, 202], confidence: 0.16 },
      { text: 'so', box: [800, 200, 812, 210], confidence: 0.5 },
    ];
    flatDashes(words);
    expect(words.slice(6).map((w) => w.text)).toEqual(['—', '–', 'so']);
    expect(words[6]!.confidence).toBeGreaterThan(0.5);
    expect(words[0]!.text).toBe('Orthodontia');
  });
});

describe('shortRulesAway', () => {
  it('drops a short horizontal run that meets no column rule, keeps table rules', () => {
    const v = [{ dir: 'v' as const, pos: 100, a: 50, b: 400 }];
    const h = [
      { dir: 'h' as const, pos: 348, a: 225, b: 338 }, // serifs under a word
      { dir: 'h' as const, pos: 50, a: 100, b: 180 }, // short, starts on the column rule
      { dir: 'h' as const, pos: 500, a: 0, b: 900 }, // long
    ];
    expect(shortRulesAway(h, v, 216, 7).map((s) => s.pos)).toEqual([50, 500]);
  });
});

describe('joinCodeNumbers', () => {
  it('joins a class or type number to its word across the wide gap of a serif digit', () => {
    const at = (text: string, x0: number, x1: number): OcrWord => ({
      text,
      box: [x0, 100, x1, 121],
      confidence: 0.9,
    });
    const words = [
      at('Class', 0, 61),
      at('1', 73, 79), // 12 apart: wider than a space in the recogniser's boxes
      at('Salaried', 200, 292),
      at('Type', 0, 50),
      at('A', 60, 74),
      at('Class', 0, 61),
      at('2', 120, 130), // far: another column
      at('Employee', 0, 100),
      at('1', 110, 116), // not a code word
    ];
    joinCodeNumbers(words);
    expect(words.map((w) => w.text)).toEqual([
      'Class 1',
      'Salaried',
      'Type A',
      'Class',
      '2',
      'Employee',
      '1',
    ]);
    expect(words[0]!.box).toEqual([0, 100, 79, 121]);
  });
});

describe('isBorder', () => {
  // two horizontal rules 33 pixels apart (a tight row at 200 dpi), 8 pixels of slack
  const rules = [
    { dir: 'h' as const, pos: 237, a: 40, b: 1650 },
    { dir: 'h' as const, pos: 270, a: 40, b: 1650 },
  ];
  it.each([
    ['a long vertical rule', { pos: 900, a: 100, b: 400 }, true],
    ['a box border from rule to rule', { pos: 900, a: 236, b: 271 }, true],
    ['a border a little short of the rules (scan blur)', { pos: 900, a: 239, b: 268 }, true],
    ['the stem of a letter inside the row', { pos: 184, a: 245, b: 264 }, false],
    ['a dollar sign reaching near both rules', { pos: 897, a: 242, b: 262 }, false],
    ['a short run meeting one rule only', { pos: 900, a: 237, b: 255 }, false],
    ['a short run outside the rules', { pos: 1700, a: 236, b: 271 }, false],
  ])('%s → %s', (_name, v, expected) => {
    expect(isBorder({ dir: 'v', ...v }, rules, 60, 8)).toBe(expected);
  });
});

describe('characterFixes', () => {
  // characters of a line whose capitals and figures reach from 15 to 34, 10 apart
  const chars = (spec: string) =>
    [...spec].map((text, i) => {
      const raised = /[²³*?%°’Y]/.test(text);
      const dash = text === '-';
      return {
        text,
        box: [i * 10, raised ? 14 : dash ? 26 : 15, i * 10 + 9, raised ? 25 : dash ? 28 : 34] as [
          number,
          number,
          number,
          number,
        ],
      };
    });
  const word = (text: string, cs = chars(text)) => ({
    text,
    box: [0, 14, text.length * 10, 34] as [number, number, number, number],
    confidence: 0.5,
    chars: cs,
  });
  it.each([
    ['footnote marks after a plan number', '3000?*', '3000'],
    ['a mark read as a figure', '3500²', '3500'],
    ['a mark after a word', 'Network’', 'Network'],
    ['a word without raised marks', 'D0120', 'D0120'],
    ['a dash at the end of a broken line', 'Out-of-', 'Out-of-'],
    ['at least two characters stay', '2*', '2*'],
    ['a letter whose box stands high', 'SecuritY', 'SecuritY'],
  ])('%s: %s', (_name, text, expected) => {
    const [out] = characterFixes([word(text)]);
    expect(out!.text).toBe(expected);
    expect(out).not.toHaveProperty('chars');
  });

  /** An amount's characters with a gap of `wide` after the `at`-th figure (others 1 apart). */
  const amount = (text: string, at: number, wide: number) => {
    let x = 0;
    return [...text].map((t, i) => {
      const box = [x, 15, x + 9, 34] as [number, number, number, number];
      x += 10 + (i === at ? wide : 0);
      return { text: t, box };
    });
  };
  it.each([
    ['a dropped comma', '$1100', 1, 8, '$1,100'],
    ['a dropped decimal point', '$1150', 2, 8, '$11.50'],
    ['no gap between the figures', '$1100', 1, 0, '$1100'],
    ['a gap leaving one figure after it', '$1100', 3, 8, '$1100'],
    ['a footnote mark and a dropped comma', '$2500²', 1, 8, '$2,500'],
  ])('%s: %s', (_name, text, at, wide, expected) => {
    const cs = amount(text, at, wide);
    if (text.endsWith('²')) cs[cs.length - 1]!.box = [cs.at(-1)!.box[0], 14, cs.at(-1)!.box[2], 25];
    const [out] = characterFixes([word(text, cs)]);
    expect(out!.text).toBe(expected);
  });

  it('leaves a word alone whose characters do not spell it', () => {
    const [out] = characterFixes([{ ...word('3000?*'), text: '3000' }]);
    expect(out!.text).toBe('3000');
  });
});

describe('tableSides', () => {
  const h = (pos: number, a = 90, b = 1440) => ({ dir: 'h' as const, pos, a, b });
  const v = (pos: number, a: number, b: number) => ({ dir: 'v' as const, pos, a, b });
  const rows = [h(360), h(440), h(480), h(520)];
  const inner = [v(360, 360, 520), v(630, 360, 520)];
  it.each([
    ['rows and inner column lines, no sides: both sides', [...rows, ...inner], [90, 1440]],
    ['a side drawn already: the other one', [...rows, ...inner, v(90, 360, 520)], [1440]],
    ['no inner column lines: none (a stack of rules under text)', rows, []],
    [
      'sides drawn over part of the stack (another table boxed there): none',
      [...rows, ...inner, v(90, 440, 520), v(1440, 440, 520)],
      [],
    ],
    ['two rules only: none', [h(360), h(440), ...inner], []],
    [
      'two tables ruled alike, a heading between: each its own sides',
      [...rows, ...inner, h(600), h(640), h(680), v(360, 600, 680), v(630, 600, 680)],
      [90, 1440, 90, 1440],
    ],
    [
      'rules of different extents: none',
      [h(360), h(440, 90, 900), h(480, 300, 1440), ...inner],
      [],
    ],
  ])('%s', (_name, segments, sides) => {
    const out = tableSides(segments, 8);
    expect(out.map((s) => s.pos)).toEqual(sides);
    for (const s of out.slice(0, 2)) expect([s.dir, s.a, s.b]).toEqual(['v', 360, 520]);
    for (const s of out.slice(2)) expect([s.dir, s.a, s.b]).toEqual(['v', 600, 680]);
  });
});

describe('withoutRaisedMarks', () => {
  const w = (text: string, box: [number, number, number, number]): Word => ({
    text,
    box,
    size: box[3] - box[1],
    confidence: 1,
  });
  // 'Unlimited' set 25 points high from y 109 to 134, ending at x 332
  const word = w('Unlimited', [188, 109, 332, 134]);
  it.each([
    ['a figure set high right after the word', w('1', [330, 103, 341, 126]), false],
    ['a mark set high after a small gap', w('*', [336, 104, 342, 116]), false],
    ['a figure on the baseline is a value', w('1', [340, 111, 350, 134]), true],
    ['a figure far to the right is another cell', w('2', [400, 103, 410, 126]), true],
    ['three figures are an amount, not a mark', w('150', [333, 103, 360, 126]), true],
  ])('%s', (_, mark, kept) => {
    expect(withoutRaisedMarks([word, mark]).includes(mark)).toBe(kept);
  });
  it('drops a mark only after the words it is given', () => {
    const mark = w('1', [330, 103, 341, 126]);
    expect(withoutRaisedMarks([mark], [])).toEqual([mark]);
    expect(withoutRaisedMarks([mark], [word])).toEqual([]);
  });
});

describe('typeSized', () => {
  it.each([
    // ink from cap height to baseline: three quarters of the type size
    ['Classic', 24, 32],
    ['1500', 24, 32],
    // with descenders the ink spans about the whole type size
    ['Group', 24, 24],
    ['(in-network)', 24, 24],
  ])('%s with ink %d high is %d-point type', (text, ink, size) => {
    expect(typeSized({ text, box: [0, 10, 50, 10 + ink], size: ink, confidence: 0.9 }).size).toBe(
      size,
    );
  });
});
