import { describe, expect, it } from 'vitest';
import {
  alongPieces,
  binarize,
  clipBackground,
  despeckle,
  detectRulings,
  eraseRulings,
  estimateSkew,
  findBars,
  type Gray,
  isTwoLevel,
  noiseLevel,
  otsu,
  paperInkShare,
  rotate,
  rotateQuarter,
  stripeRulings,
  unshade,
  unturnPoint,
  uprightTurns,
} from './raster.ts';

function blank(width: number, height: number): Gray {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

function fillRect(g: Gray, x0: number, y0: number, x1: number, y1: number, v = 0): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) g.data[y * g.width + x] = v;
}

/** Rows of dark 'words' like lines of text. */
function textPage(): Gray {
  const g = blank(600, 400);
  for (let row = 0; row < 12; row++) {
    for (let word = 0; word < 8; word++)
      fillRect(g, 40 + word * 65, 30 + row * 28, 90 + word * 65, 42 + row * 28);
  }
  return g;
}

describe('raster', () => {
  it('finds the skew of rotated text and undoes it', () => {
    const page = textPage();
    const angle = (1.5 * Math.PI) / 180;
    const skewed = rotate(page, -angle);
    const found = estimateSkew(binarize(skewed, 128), skewed.width, skewed.height);
    expect(Math.abs(found - angle)).toBeLessThan((0.15 * Math.PI) / 180);
    expect(estimateSkew(binarize(page, 128), page.width, page.height)).toBeCloseTo(0, 3);
  });

  it('detects table rulings but not rows of text', () => {
    const g = textPage();
    fillRect(g, 20, 20, 580, 21, 120); // a light rule
    fillRect(g, 20, 380, 580, 382, 120);
    fillRect(g, 20, 20, 21, 382, 120);
    const ink = binarize(g, 200);
    const h = detectRulings(ink, g.width, g.height, 200, 2, 4).filter((s) => s.dir === 'h');
    expect(h.map((s) => Math.round(s.pos))).toEqual([20, 381]);
    const v = detectRulings(ink, g.width, g.height, 100, 2, 4).filter((s) => s.dir === 'v');
    expect(v.map((s) => Math.round(s.pos))).toEqual([20]);
  });

  it('turns a page scanned sideways or upside down upright', () => {
    // lines of 'words': an x-height band with ascender stems above and fewer descenders below
    const g = blank(800, 600);
    for (let row = 0; row < 14; row++) {
      const base = 40 + row * 38;
      for (let word = 0; word < 9; word++) {
        const x = 30 + word * 85;
        // letters 5 px wide, 4 px apart
        for (let l = 0; l < 7; l++) fillRect(g, x + l * 9, base, x + l * 9 + 5, base + 12);
        fillRect(g, x, base - 9, x + 5, base);
        fillRect(g, x + 27, base - 9, x + 32, base);
        fillRect(g, x + 45, base + 12, x + 50, base + 19);
      }
    }
    const ink = (p: Gray) => binarize(p, 128);
    expect(uprightTurns(ink(g), g.width, g.height)).toBe(0);
    for (const q of [1, 2, 3]) {
      const turned = rotateQuarter(g, q);
      expect(uprightTurns(ink(turned), turned.width, turned.height)).toBe((4 - q) % 4);
    }
    // a point of the turned image maps back to where it was
    const turned = rotateQuarter(g, 1);
    expect(turned.width).toBe(600);
    const [x, y] = unturnPoint(599 - 40, 30, 1, 800, 600);
    expect([x, y]).toEqual([30, 40]);
  });

  it('measures paper noise', () => {
    const clean = textPage();
    const noisy = textPage();
    let seed = 1;
    for (let i = 0; i < noisy.data.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      noisy.data[i] = Math.max(
        0,
        Math.min(255, noisy.data[i]! - Math.round((seed / 2147483648) * 60)),
      );
    }
    expect(noiseLevel(clean)).toBeLessThan(2);
    expect(noiseLevel(noisy)).toBeGreaterThan(10);
  });

  it('keeps a ruling whose sides hold specks of noise, judged against the paper', () => {
    const g = blank(400, 200);
    // a row ruling under a line of 'text', with specks sprinkled over the whole page
    fillRect(g, 20, 100, 380, 102);
    let seed = 7;
    for (let i = 0; i < g.data.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      if (seed / 2147483648 < 0.35) g.data[i] = 0;
    }
    const ink = binarize(g, 128);
    const share = paperInkShare(ink, g.width, g.height);
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    // judged as if the paper were clean, the specks beside it would make it a line of text
    const naive = detectRulings(ink, g.width, g.height, 200, 1, 4);
    expect(naive.some((s) => s.dir === 'h' && Math.abs(s.pos - 101) <= 1)).toBe(false);
    const judged = detectRulings(ink, g.width, g.height, 200, 1, 4, share);
    expect(judged.some((s) => s.dir === 'h' && Math.abs(s.pos - 101) <= 1)).toBe(true);
    expect(paperInkShare(binarize(blank(100, 100), 128), 100, 100)).toBe(0);
  });

  it('ends a column rule where a merged cell stops it, though a shaded row groups its pieces', () => {
    // a table 400 wide: a shaded header row (grey 200) across it, a rule at x=200 down to y=150,
    // a merged cell (no rule) from 150 to 200, the rule again from 200 to 350
    const g = blank(500, 400);
    fillRect(g, 50, 50, 450, 80, 200);
    fillRect(g, 199, 50, 202, 150);
    fillRect(g, 199, 200, 202, 350);
    for (const y of [50, 150, 200, 350]) fillRect(g, 50, y, 450, y + 2);
    const ink = binarize(g, 225);
    const vs = detectRulings(ink, 500, 400, 15, 2, 6).filter((s) => s.dir === 'v' && !s.bar);
    // no segment runs through the merged cell
    expect(vs.some((s) => s.a < 160 && s.b > 190)).toBe(false);
    expect(vs.some((s) => Math.abs(s.pos - 200) <= 1 && s.a >= 195 && s.b >= 340)).toBe(true);
  });

  it('splits runs of one line where no run covers a stretch', () => {
    const runs = [
      { pos: 10, a: 0, b: 100 },
      { pos: 11, a: 0, b: 100 },
      { pos: 11, a: 150, b: 300 },
      { pos: 12, a: 102, b: 120 },
    ];
    const pieces = alongPieces(runs, 2);
    expect(pieces.map((p) => [p.a, p.b])).toEqual([
      [0, 120],
      [150, 300],
    ]);
  });

  it('sees rules through a light shaded row, not the fill itself', () => {
    const g = blank(400, 200);
    fillRect(g, 20, 20, 380, 60, 200); // shaded header fill
    fillRect(g, 20, 20, 380, 22); // its top rule
    fillRect(g, 199, 20, 201, 180); // a column rule through it
    fillRect(g, 60, 30, 66, 50, 30); // a letter stem in the header
    const ink = binarize(g, 225);
    const out = unshade(g, ink, [{ x0: 20, y0: 20, x1: 379, y1: 59 }], 150, 225);
    const at = (x: number, y: number) => out[y * 400 + x];
    expect(at(100, 40)).toBe(0); // fill: paper
    expect(at(200, 40)).toBe(1); // column rule
    expect(at(100, 21)).toBe(1); // top rule
    expect(at(62, 40)).toBe(1); // text stays ink
    // a dark bar (white-on-dark header) is left alone
    const dark = blank(100, 50);
    fillRect(dark, 0, 0, 100, 50, 60);
    const darkInk = binarize(dark, 225);
    expect(unshade(dark, darkInk, [{ x0: 0, y0: 0, x1: 99, y1: 49 }], 150, 225)[500]).toBe(1);
  });

  it('finds the ink of a two-level (fax) page', () => {
    const g = blank(100, 50);
    fillRect(g, 10, 10, 40, 20);
    expect(isTwoLevel(g)).toBe(true);
    const t = otsu(g);
    expect(binarize(g, t)[15 * 100 + 20]).toBe(1);
    expect(binarize(g, t)[30 * 100 + 20]).toBe(0);
    // a scanner's grey page keeps its threshold
    const grey = blank(100, 50);
    fillRect(grey, 10, 10, 40, 20, 40);
    fillRect(grey, 40, 10, 60, 20, 120);
    expect(isTwoLevel(grey)).toBe(false);
    expect(binarize(grey, otsu(grey))[15 * 100 + 20]).toBe(1);
  });

  it('takes the specks off a fax and keeps full stops and letters', () => {
    const g = blank(100, 50);
    fillRect(g, 5, 5, 6, 6); // one-pixel speck
    fillRect(g, 20, 5, 22, 7); // two-by-two speck
    fillRect(g, 40, 10, 43, 13); // a full stop (3×3)
    fillRect(g, 60, 10, 62, 30); // a letter stem
    const out = despeckle(g, 4);
    const at = (x: number, y: number) => out.data[y * 100 + x];
    expect(at(5, 5)).toBe(255);
    expect(at(21, 6)).toBe(255);
    expect(at(41, 11)).toBe(0);
    expect(at(61, 20)).toBe(0);
  });

  it('finds a light fill at about the ruling level as a shaded row', () => {
    const g = blank(400, 120);
    // a fill whose grey sits at the ruling level: with noise, half of it is under 225
    for (let y = 20; y < 60; y++)
      for (let x = 20; x < 380; x++) g.data[y * 400 + x] = (x + y) % 2 ? 220 : 230;
    expect(findBars(g, 225, 120, 24, 5)).toHaveLength(0);
    const [fill] = findBars(g, 242, 120, 24, 5);
    expect(fill).toBeDefined();
    // a light grey rule through it stays ink when only what is clearly darker than the fill
    // counts (a margin of 20 grey levels), and the fill's texture does not
    fillRect(g, 199, 20, 201, 60, 190);
    const out = unshade(g, binarize(g, 225), [fill!], 150, 242, 20);
    expect(out[40 * 400 + 200]).toBe(1);
    expect(out[40 * 400 + 101]).toBe(0);
    expect(out[40 * 400 + 100]).toBe(0);
  });

  it('bounds the rows of a zebra-striped table by the edges of its stripes', () => {
    const stripe = (y0: number) => ({ x0: 100, y0, x1: 1100, y1: y0 + 39 });
    const ink = { mask: new Uint8Array(1200 * 400), width: 1200, height: 400 };
    // text in the plain row after the last stripe
    for (let y = 228; y < 245; y++) for (let x = 120; x < 300; x++) ink.mask[y * 1200 + x] = 1;
    const lines = stripeRulings([stripe(100), stripe(178)], 225, 68, 6, ink).map((s) => s.pos);
    expect(lines).toEqual([100, 139, 178, 217, 256]);
    // one shaded row alone (a sub-section row), a tall shaded box or a narrow cell: no rows
    expect(stripeRulings([stripe(100)], 225, 68, 6)).toHaveLength(0);
    expect(
      stripeRulings(
        [
          { x0: 100, y0: 0, x1: 1100, y1: 200 },
          { x0: 100, y0: 210, x1: 1100, y1: 400 },
        ],
        225,
        68,
        6,
      ),
    ).toHaveLength(0);
  });
});

describe('eraseRulings', () => {
  /**
   * A rule 3 pixels thick at y = 50 across a 200-pixel page, with a descender (x 60–62) that
   * comes down from above onto it, a stroke (x 100–102) that crosses it, a light grey fill
   * (value 200) above it from x 140, and a vertical rule at x = 180 crossing it.
   */
  function page(): Gray {
    const g = blank(200, 100);
    fillRect(g, 0, 49, 200, 52);
    fillRect(g, 60, 30, 63, 51);
    fillRect(g, 100, 30, 103, 70);
    fillRect(g, 140, 40, 170, 49, 200);
    fillRect(g, 179, 0, 182, 100);
    return g;
  }
  const rules = [
    { dir: 'h' as const, pos: 50, a: 0, b: 199 },
    { dir: 'v' as const, pos: 180, a: 0, b: 99 },
  ];
  const at = (g: Gray, x: number, y: number) => g.data[y * g.width + x];
  it.each([
    ['the rule between strokes', 20, 50, 255],
    ['the descender above the rule', 61, 46, 0],
    ['the rule under the descender', 61, 50, 255],
    ['the crossing stroke inside the rule', 101, 50, 0],
    ['the crossing stroke below the rule', 101, 55, 0],
    ['the rule under a light fill', 150, 50, 255],
    ['where the two rules cross', 180, 50, 255],
    ['the vertical rule away from the crossing', 180, 20, 255],
  ])('with strokes kept: %s at (%i, %i) → %i', (_name, x, y, v) => {
    const g = page();
    const out = eraseRulings(g, binarize(g, 225), rules, 4, otsu(g));
    expect(at(out, x, y)).toBe(v);
  });

  it('without a stroke level erases every inked pixel near a rule (descenders too)', () => {
    const g = page();
    const out = eraseRulings(g, binarize(g, 225), rules, 4);
    expect(at(out, 61, 46)).toBe(255);
    expect(at(out, 101, 50)).toBe(255);
  });
});

describe('clipBackground', () => {
  /** A page of paper (240) with a dark word (40) at y 90–100, and `photo` rows of mid grey. */
  function page(photo: number): Gray {
    const g = blank(100, 100);
    fillRect(g, 0, 0, 100, 100, 240);
    // a photograph: grey levels from 60 to 200 in vertical stripes
    for (let y = 0; y < photo; y++)
      for (let x = 0; x < 100; x++) g.data[y * 100 + x] = 60 + ((x * 7) % 141);
    fillRect(g, 10, 90, 60, 100, 40);
    return g;
  }
  it.each([
    ['a page of text', 0],
    ['a page half photograph', 50],
    ['a page mostly photograph', 80],
  ])('%s: the paper turns white and the text stays', (_name, photo) => {
    const out = clipBackground(page(photo));
    expect(out.data[85 * 100 + 80]).toBe(255);
    expect(out.data[95 * 100 + 30]).toBe(40);
  });
});
