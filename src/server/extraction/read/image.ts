import { writeFileSync } from 'node:fs';
import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, Page, Word } from '../layout.ts';
import { ExtractionError } from '../provider.ts';
import { groupLines, median } from './lines.ts';
import { missedInk, placeWords, stackRegions } from './missed-ink.ts';
import type { OcrEngine, OcrWord } from './ocr.ts';
import { buildPage } from './page-builder.ts';
import {
  barRulings,
  binarize,
  clipBackground,
  despeckle,
  detectRulings,
  eraseRulings,
  estimateSkew,
  findBars,
  fromRgba,
  type Gray,
  isolateInk,
  isTwoLevel,
  median3,
  noiseLevel,
  normalizeRegions,
  otsu,
  paperInkShare,
  type Rect,
  rectMask,
  rotate,
  rotateQuarter,
  stretchContrast,
  stripeRulings,
  toPgm,
  unrotatePoint,
  unshade,
  unturnPoint,
  uprightTurns,
} from './raster.ts';
import { findGrids, type Segment } from './rulings.ts';

/**
 * Scanned pages: clean the pixels (contrast, white-on-dark bars, skew), find the table rulings,
 * erase them, recognise the words, and build the same layout page as a text PDF would give.
 */

/** Grey level under which a pixel (after contrast stretch) may belong to a ruling line. */
const RULING_LEVEL = 225;

/** Largest image the recogniser is given (pixels); larger scans are scaled down first. */
const MAX_PIXELS = 9_000_000;

/** Paper noise (see noiseLevel) from which a scan counts as noisy. */
const NOISY = 6;

/** Most cut-outs of unread ink given a second look on one page. */
const MAX_SECOND_LOOK = 80;

/** Grey level under which a pixel belongs to a dark bar (white-on-dark header fill). */
const BAR_LEVEL = 150;

/**
 * Grey level under which an area may be a light fill (a shaded header row): a fill about as grey
 * as the ruling level reads as half ink, half paper on the ruling mask, so fills are looked for
 * a little above it.
 */
const SHADE_LEVEL = 242;

/** How much darker than such a light fill a pixel must be to count as ruling ink. */
const LIGHT_MARGIN = 20;

/** Pixels per page unit and the page size in page units. */
interface Geometry {
  /** image pixels per page unit */
  scale: number;
  /** dots per inch of the image, to size the ruling detector */
  dpi: number;
}

export async function recognizePage(
  image: Gray,
  engine: OcrEngine,
  geometry: Geometry,
  number: number,
): Promise<Page> {
  const scanned = image;
  // a fax (two levels, no grey): its specks of one or two pixels are dust, not ink
  let stretched = stretchContrast(
    isTwoLevel(image)
      ? despeckle(image, Math.max(2, Math.round(4 * (geometry.dpi / 200) ** 2)))
      : image,
  );
  // a noisy scan is smoothed first, and its specks are removed before recognition: noise hides
  // the skew and costs the recogniser dearly
  const noisy = noiseLevel(stretched) >= NOISY;
  if (noisy) stretched = median3(stretched);
  let angle = estimateSkew(binarize(stretched, otsu(stretched)), stretched.width, stretched.height);
  let straight = rotate(stretched, angle);
  // a page scanned sideways or upside down is turned upright (and straightened again)
  const turns = uprightTurns(binarize(straight, otsu(straight)), straight.width, straight.height);
  if (turns) {
    stretched = rotateQuarter(stretched, turns);
    angle = estimateSkew(binarize(stretched, otsu(stretched)), stretched.width, stretched.height);
    straight = rotate(stretched, angle);
  }
  const gray = stretched;
  const { dpi } = geometry;
  // dark bars (white-on-dark headers) are read inverted; their edges bound table rows
  const bars = findBars(
    straight,
    BAR_LEVEL,
    Math.round(dpi * 0.6),
    Math.round(dpi * 0.12),
    Math.max(1, Math.round(dpi / 40)),
  );
  const barArea = rectMask(straight.width, straight.height, bars);
  // rulings: long thin runs of anything darker than the paper (light grey borders included)
  // light shaded rows and cells: only what is darker than their fill may be a ruling
  const shaded = findBars(
    straight,
    RULING_LEVEL,
    Math.round(dpi * 0.6),
    Math.round(dpi * 0.12),
    Math.max(1, Math.round(dpi / 40)),
  );
  // a fill about as light as the ruling level (found a little above it; not on a noisy page,
  // whose paper dips under that level too): only what is clearly darker than it is a ruling
  const light = noisy
    ? []
    : findBars(
        straight,
        SHADE_LEVEL,
        Math.round(dpi * 0.6),
        Math.round(dpi * 0.12),
        Math.max(1, Math.round(dpi / 40)),
      ).filter((f) => !shaded.some((s) => overlapsRect(s, f)));
  const lineInk = unshade(
    straight,
    unshade(straight, binarize(straight, RULING_LEVEL, barArea), shaded, BAR_LEVEL, RULING_LEVEL),
    light,
    BAR_LEVEL,
    SHADE_LEVEL,
    LIGHT_MARGIN,
  );
  // a dark bar inside a shaded area is darker than that area's fill, yet it is no ruling: a
  // column rule below a header bar would run on through it and cut its heading in two
  for (let i = 0; i < lineInk.length; i++) if (barArea[i]) lineInk[i] = 0;
  // on a noisy page some paper reads as ink: a ruling's sides are judged against that
  const paperInk = paperInkShare(lineInk, straight.width, straight.height);
  const gap = Math.max(1, Math.round(dpi / 80));
  const thickness = Math.max(2, Math.round(dpi / 30));
  const hRulings = detectRulings(
    lineInk,
    straight.width,
    straight.height,
    Math.round(dpi * 0.6),
    gap,
    thickness,
    paperInk,
  ).filter((s) => s.dir === 'h' && !s.bar);
  // vertical rulings: long ones, and short ones that run from one horizontal rule to another
  // (the borders of a one-row box); glyph strokes do neither
  const near = Math.max(3, Math.round(dpi / 25));
  const vRulings = detectRulings(
    lineInk,
    straight.width,
    straight.height,
    Math.round(dpi * 0.08),
    gap,
    thickness,
    paperInk,
  ).filter((s) => s.dir === 'v' && !s.bar && isBorder(s, hRulings, dpi * 0.3, near));
  const rulings = [...shortRulesAway(hRulings, vRulings, dpi * 1.2, near), ...vRulings];
  const barLines = barRulings(straight, bars, BAR_LEVEL, Math.max(2, Math.round(dpi / 20)));
  // zebra stripes: the edges of light row fills stacked one under another bound the rows
  // (fills are looked for beside the dark bars: a stripe right under a header bar is its own)
  const fills = bars.length
    ? findBars(
        {
          ...straight,
          data: straight.data.map((v, i) => (barArea[i] ? 255 : v)),
        },
        noisy ? RULING_LEVEL : SHADE_LEVEL,
        Math.round(dpi * 0.6),
        Math.round(dpi * 0.12),
        Math.max(1, Math.round(dpi / 40)),
      )
    : [...shaded, ...light];
  const stripes = stripeRulings(
    fills.filter((f) => !bars.some((b) => overlapsRect(b, f))),
    dpi * 1.5,
    dpi * 0.45,
    Math.max(3, Math.round(dpi / 25)),
    { mask: binarize(straight, BAR_LEVEL), width: straight.width, height: straight.height },
  ).filter(
    (s) => ![...rulings, ...barLines].some((r) => r.dir === 'h' && Math.abs(r.pos - s.pos) <= near),
  );
  const segments = [...rulings, ...barLines, ...stripes];
  // each table cell and bar is evened out on its own (shaded cells, white-on-dark headers)
  const tol = Math.round((dpi / 72) * 3);
  const cells = findGrids(segments, tol).flatMap((grid) =>
    grid.cells.map((c) => ({ x0: c.box[0], y0: c.box[1], x1: c.box[2], y1: c.box[3] })),
  );
  const regions = [...cells, ...bars.filter((b) => !cells.some((c) => overlapsRect(b, c)))];
  const even = normalizeRegions(straight, regions, gap + 1);
  // (letters set on a rule keep the strokes that reach into it)
  const erased = eraseRulings(even, binarize(even, RULING_LEVEL), segments, gap + 2, otsu(even));
  const clipped = noisy ? clipBackground(erased) : erased;
  // ink is what is darker than the paper by a good part of the way to black, with a core at
  // least as dark as the page's ink threshold: faint full stops and decimal points stay
  const inkLevel = otsu(clipped);
  const cleaned = noisy
    ? isolateInk(
        clipped,
        Math.round(inkLevel + (255 - inkLevel) * 0.4),
        Math.max(4, Math.round((dpi / 100) ** 2 * 3)),
        Math.max(1, Math.round(dpi / 100)),
        inkLevel * 0.8,
      )
    : clipped;
  // OCR_DEBUG_DIR=dir keeps what the recogniser saw and read, page by page
  const debugDir = process.env.OCR_DEBUG_DIR;
  if (debugDir) writeDebugImage(cleaned, `${debugDir}/ocr-${number}.png`);
  const ocrWords = characterFixes(await engine.recognize(toPgm(cleaned), { dpi }));
  // ink the recogniser skipped (a column taken for a picture, a row for noise) is read again
  const missed = missedInk(cleaned, ocrWords, dpi).slice(0, MAX_SECOND_LOOK);
  if (missed.length) {
    const { sheet, places } = stackRegions(cleaned, missed, Math.round(dpi / 10));
    const again = await engine.recognize(toPgm(sheet), { dpi, mode: 'block' });
    if (debugDir) writeDebugImage(sheet, `${debugDir}/missed-${number}.png`);
    ocrWords.push(
      ...placeWords(characterFixes(again), places, ocrWords).filter(
        (w) => /[\p{L}\p{N}$%]/u.test(w.text) && w.confidence >= 0.3,
      ),
    );
  }
  if (debugDir) {
    writeFileSync(
      `${debugDir}/ocr-${number}.json`,
      JSON.stringify({ angle, turns, noisy, dpi, bars, segments, words: ocrWords }),
    );
  }
  romanCodes(ocrWords);
  joinCodeNumbers(ocrWords);
  flatDashes(ocrWords);
  const k = geometry.scale;
  const words: Word[] = ocrWords
    // marks of a logo or a smudge read as letters: a word of one or two characters read with
    // little confidence
    .filter((w) => /[\p{L}\p{N}$%]/u.test(w.text) || w.confidence > 0.5)
    .filter((w) => w.confidence >= 0.4 || w.text.length > 2 || /^[\d$%]+$/.test(w.text))
    .map((w) => pageWord(w, k));
  const pageSegments: Segment[] = [...segments, ...tableSides(segments, tol)].map((s) => ({
    dir: s.dir,
    pos: s.pos / k,
    a: s.a / k,
    b: s.b / k,
  }));
  const page = buildPage({
    number,
    width: gray.width / k,
    height: gray.height / k,
    source: 'ocr',
    words,
    segments: pageSegments,
    tolerance: ((dpi / 72) * 3) / k,
  });
  // report boxes on the page as it was scanned (undo the deskew)
  mapBoxes(page, (b) => {
    const pts = [
      [b[0], b[1]],
      [b[2], b[1]],
      [b[0], b[3]],
      [b[2], b[3]],
    ]
      .map(([x, y]) => unrotatePoint(x! * k, y! * k, angle, gray.width, gray.height))
      .map(([x, y]) => unturnPoint(x, y, turns, scanned.width, scanned.height));
    return [
      Math.min(...pts.map((p) => p[0])) / k,
      Math.min(...pts.map((p) => p[1])) / k,
      Math.max(...pts.map((p) => p[0])) / k,
      Math.max(...pts.map((p) => p[1])) / k,
    ];
  });
  page.width = scanned.width / k;
  page.height = scanned.height / k;
  return page;
}

function overlapsRect(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Confidence given at most to a word that reads like a misread figure. */
const DOUBTFUL = 0.3;

/**
 * A word that reads like a figure whose punctuation was lost or misread on a poor scan: an
 * amount of four or more digits with neither thousands separator nor decimal point ('$2317' for
 * '$23.17'), a date with two different separators ('12/31.2027'). Printed figures almost never
 * look like that, so the recogniser's confidence in them is not trusted.
 */
export function doubtful(text: string): boolean {
  const t = text.replace(/^[(“"']+|[)”"',;:.]+$/g, '');
  if (/^\$\d{4,}$/.test(t)) return true;
  const date = /^\d{1,4}([/.-])\d{1,2}([/.-])\d{2,4}$/.exec(t);
  return date !== null && date[1] !== date[2];
}

/**
 * Horizontal rules shorter than `minLength` that meet no vertical rule at either end are dropped:
 * on a scan the serifs along the baseline of a word in a serif face ("Maximum") join into a
 * short run that has paper below and only stems above, like a box's border; erasing it would
 * cut the word's feet off. A table's rules are long or end on its column rules.
 */
export function shortRulesAway(
  h: Segment[],
  v: Segment[],
  minLength: number,
  near: number,
): Segment[] {
  const meets = (x: number, y: number) =>
    v.some((s) => Math.abs(s.pos - x) <= near && y >= s.a - near && y <= s.b + near);
  return h.filter((s) => s.b - s.a >= minLength || meets(s.a, s.pos) || meets(s.b, s.pos));
}

/**
 * Whether a vertical run of ink found in a scan is a ruling: long (at least `minLength`), or a
 * short border running from one horizontal rule to the next (a one-row box) — its ends within
 * `near` of the two rules and covering most (80 %) of the distance between them. The stem of a
 * tall letter or a dollar sign in a tightly ruled row also starts and ends near the rules above
 * and below it, but stops short of them by the line's leading: erased as a rule, it would cut
 * the letter out ('Deductible' read 'Jeduct sle', '$150' read '150').
 */
export function isBorder(v: Segment, h: Segment[], minLength: number, near: number): boolean {
  if (v.b - v.a >= minLength) return true;
  const at = (y: number) =>
    h.filter((r) => Math.abs(r.pos - y) <= near && v.pos >= r.a - near && v.pos <= r.b + near);
  const tops = at(v.a);
  const bottoms = at(v.b);
  return tops.some((t) =>
    bottoms.some((b) => b.pos - t.pos > 0 && v.b - v.a >= 0.8 * (b.pos - t.pos)),
  );
}

/**
 * The sides of a ruled table whose outer borders did not show on the scan (light rules or the
 * edges of pale fills, lost in the paper's noise): horizontal rules stacked under one another
 * (three or more) that begin and end at the same places, with vertical rules standing between
 * them (the table's inner column lines), get a vertical side at each end, from the first of
 * those rules to the last. The stack ends at a band that is taller than its rows and that no
 * column line runs through (a heading and white space between two tables ruled alike). An end
 * where sides were drawn and found over more than a sliver of the stack gets none: there the
 * rules may belong to several tables, each boxed as it is.
 */
export function tableSides(segments: Segment[], tol: number): Segment[] {
  const hs = segments.filter((s) => s.dir === 'h').sort((p, q) => p.pos - q.pos);
  const vs = segments.filter((s) => s.dir === 'v');
  const out: Segment[] = [];
  const used = new Set<Segment>();
  const between = (h: Segment, y0: number, y1: number) =>
    vs.filter((v) => v.pos > h.a + tol * 2 && v.pos < h.b - tol * 2 && v.b > y0 && v.a < y1);
  for (const h of hs) {
    if (used.has(h)) continue;
    const stack = hs.filter(
      (o) => !used.has(o) && Math.abs(o.a - h.a) <= tol && Math.abs(o.b - h.b) <= tol,
    );
    // (rules closer than a tolerance are one rule drawn twice)
    const ys = stack.map((o) => o.pos).filter((y, i, all) => i === 0 || y - all[i - 1]! > tol);
    for (const o of stack) used.add(o);
    if (ys.length < 3) continue;
    const heights = ys.slice(1).map((y, i) => y - ys[i]!);
    const row = median(heights);
    // runs of bands: a tall band without column lines ends one
    const runs: number[][] = [];
    let run = [ys[0]!];
    for (let i = 1; i < ys.length; i++) {
      const y0 = ys[i - 1]!;
      const y1 = ys[i]!;
      const across = between(h, y0, y1).filter(
        (v) => v.a <= y0 + (y1 - y0) * 0.25 && v.b >= y1 - (y1 - y0) * 0.25,
      );
      if (y1 - y0 > row * 1.5 && across.length === 0) {
        runs.push(run);
        run = [];
      }
      run.push(y1);
    }
    runs.push(run);
    for (const r of runs) {
      if (r.length < 3) continue;
      const y0 = r[0]!;
      const y1 = r[r.length - 1]!;
      if (between(h, y0, y1).length < 2) continue;
      for (const x of [h.a, h.b]) {
        const covered = vs
          .filter((v) => Math.abs(v.pos - x) <= tol * 2)
          .reduce((n, v) => n + Math.max(0, Math.min(v.b, y1) - Math.max(v.a, y0)), 0);
        if (covered < 0.15 * (y1 - y0)) out.push({ dir: 'v', pos: x, a: y0, b: y1 });
      }
    }
  }
  return out;
}

type Char = NonNullable<OcrWord['chars']>[number];

/**
 * What the boxes of a word's characters tell about its text (see `raisedTail` and
 * `lostSeparator`). The characters' boxes are not passed on. A word whose characters do not
 * spell it is left alone.
 */
export function characterFixes(words: OcrWord[]): OcrWord[] {
  return words.map(({ chars, ...w }) => {
    if (!chars || chars.map((c) => c.text).join('') !== w.text) return w;
    const kept = chars.slice(0, raisedTail(chars));
    const text = lostSeparator(kept) ?? kept.map((c) => c.text).join('');
    return text === w.text ? w : { ...w, text };
  });
}

/**
 * Footnote marks set above the line at the end of a word ('PPO 3000²,³', 'Network¹', 'Plan*'):
 * the recogniser reads them as part of the word ('3000?*', '35002', 'Network’'), and a plan name
 * or a value then no longer matches itself. Characters at the end of a word whose boxes end in
 * the upper 60 % of the word's other characters (their bottoms far above the baseline) are
 * marks; at least two characters stay, and a dash (a word broken at the line's end, 'Out-of-')
 * or a letter (a box the recogniser placed badly, a raised ordinal) stays. Gives how many characters to keep. (The word's box is kept: its ink is read.)
 */
export function raisedTail(chars: Char[]): number {
  let keep = chars.length;
  while (keep > 2) {
    const body = chars.slice(0, keep - 1);
    const top = median(body.map((c) => c.box[1]));
    const bottom = median(body.map((c) => c.box[3]));
    const c = chars[keep - 1]!;
    if (bottom <= top || c.box[3] > top + 0.6 * (bottom - top) || /[-–—\p{L}]/u.test(c.text)) {
      break;
    }
    keep--;
  }
  return keep;
}

/**
 * An amount whose separator the recogniser dropped ('$1100' for '$1,100', '$1150' for '$11.50'):
 * a printed amount of four or more figures with neither is rare, and the dropped mark leaves a
 * gap between two figures that no other pair shows — at least a third of the figures' height and
 * twice the widest other gap. With three figures after the gap it was a comma, with two a decimal
 * point; otherwise (no such gap, other counts) the amount is left as read.
 */
export function lostSeparator(chars: Char[]): string | null {
  const text = chars.map((c) => c.text).join('');
  if (!/^\$\d{4,}$/.test(text)) return null;
  const figures = chars.slice(1);
  const height = median(figures.map((c) => c.box[3] - c.box[1]));
  const gaps = figures.slice(1).map((c, i) => c.box[0] - figures[i]!.box[2]);
  const widest = Math.max(...gaps);
  const at = gaps.indexOf(widest);
  const others = gaps.filter((_, i) => i !== at);
  if (widest < height / 3 || widest < 2 * Math.max(0, ...others)) return null;
  const after = figures.length - at - 1;
  const cut = text.length - after;
  if (after === 3) return `${text.slice(0, cut)},${text.slice(cut)}`;
  if (after === 2) return `${text.slice(0, cut)}.${text.slice(cut)}`;
  return null;
}

/** Confidence given at most to a service code whose strokes were read as other characters. */
const REREAD = 0.6;

/**
 * Roman codes after "Class", "Type" or "Tier" ("Class II", "Type III", "Progressive Tier II"): on
 * a scan the strokes of
 * an I read as 'l', '|' or '1' ("Class Il", "Class |"). A word of such strokes (with V or X)
 * right after the code word on the same line, holding at least one 'l' or '|', is read as the
 * numeral, with the confidence capped (it was a guess). Arabic codes ("Class 1") are left alone.
 */
export function romanCodes(words: OcrWord[]): void {
  for (let i = 1; i < words.length; i++) {
    const prev = words[i - 1]!;
    const w = words[i]!;
    if (!/^(class|type|tier)$/i.test(prev.text)) continue;
    const m = /^([IVXl|1]{1,4})([.,:;)]?)$/.exec(w.text);
    if (!m || !/[l|]/.test(m[1]!)) continue;
    const sameLine = (a: OcrWord, b: OcrWord) => {
      const h = Math.max(a.box[3] - a.box[1], b.box[3] - b.box[1]);
      const overlap = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
      const gap = b.box[0] - a.box[2];
      return overlap >= h * 0.4 && gap >= 0 && gap <= h * 1.5;
    };
    if (!sameLine(prev, w)) continue;
    // a lone bar may be what is left of a column rule ("Class | Description"): only a bar
    // followed by a dash, a colon or nothing on its line is a numeral
    const next = words[i + 1];
    if (m[1] === '|' && next && sameLine(w, next) && !/^[-–—:]$/.test(next.text)) continue;
    words[i] = {
      ...w,
      text: m[1]!.replace(/[l|1]/g, 'I') + m[2]!,
      confidence: Math.min(w.confidence, REREAD),
    };
  }
}

/**
 * A class, type, option or tier number after its word ("Class 1", "Type 2", "Option 3"): a digit
 * in a serif face stands well inside its advance, so the recogniser's boxes leave a gap wider than
 * a space before it, and a table ruled between rows only would split the name into two columns
 * there. A number of one or two characters within 0.7 of the word's height after the word, on
 * its line, is joined to it as one word.
 */
export function joinCodeNumbers(words: OcrWord[]): void {
  for (let i = words.length - 2; i >= 0; i--) {
    const w = words[i]!;
    const n = words[i + 1]!;
    if (!/^(class|type|option|tier|plan)$/i.test(w.text) || !/^[0-9A-Z]{1,2}$/.test(n.text)) {
      continue;
    }
    const h = w.box[3] - w.box[1];
    const overlap = Math.min(w.box[3], n.box[3]) - Math.max(w.box[1], n.box[1]);
    const gap = n.box[0] - w.box[2];
    if (overlap < h * 0.5 || gap < 0 || gap > h * 0.7) continue;
    words.splice(i, 2, {
      text: `${w.text} ${n.text}`,
      box: [w.box[0], Math.min(w.box[1], n.box[1]), n.box[2], Math.max(w.box[3], n.box[3])],
      confidence: Math.min(w.confidence, n.confidence),
    });
  }
}

/**
 * A dash alone in a cell (an em dash for "none") has no letter shapes, and the recogniser reads
 * it as some short word ('ps', 'Sad'). Its box gives it away: far flatter than the page's
 * letters and several times wider than tall. Such a word is a dash (em, en or hyphen by its
 * width against the letter height).
 */
export function flatDashes(words: OcrWord[]): void {
  const heights = words
    .filter((w) => /[\p{L}\p{N}]{2}/u.test(w.text))
    .map((w) => w.box[3] - w.box[1])
    .sort((a, b) => a - b);
  if (heights.length < 5) return;
  const em = heights[Math.floor(heights.length / 2)]!;
  for (const [i, w] of words.entries()) {
    const h = w.box[3] - w.box[1];
    const wd = w.box[2] - w.box[0];
    if (h > em * 0.3 || wd < h * 3 || wd > em * 2.5 || /^[-–—_.·…]+$/.test(w.text)) continue;
    const text = wd >= em * 0.8 ? '—' : wd >= em * 0.45 ? '–' : '-';
    words[i] = { ...w, text, confidence: Math.max(w.confidence, 0.6) };
  }
}

function writeDebugImage(g: Gray, file: string): void {
  const canvas = createCanvas(g.width, g.height);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(g.width, g.height);
  for (let i = 0; i < g.data.length; i++) {
    img.data[i * 4] = img.data[i * 4 + 1] = img.data[i * 4 + 2] = g.data[i]!;
    img.data[i * 4 + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  writeFileSync(file, canvas.toBuffer('image/png'));
}

/** Rewrites every box of a page once (words, lines, cells, tables). */
function mapBoxes(page: Page, fn: (b: Box) => Box): void {
  const seen = new Set<object>();
  const map = (o: { box?: Box }) => {
    if (!o.box || seen.has(o)) return;
    seen.add(o);
    o.box = fn(o.box);
  };
  for (const b of page.blocks) {
    if (b.kind === 'line') {
      map(b.line);
      for (const w of b.line.words) map(w);
    } else {
      map(b.table);
      for (const c of b.table.cells) {
        map(c);
        for (const l of c.lines) {
          map(l);
          for (const w of l.words) map(w);
        }
      }
    }
  }
}

function grayOfCanvas(canvas: Canvas): Gray {
  const ctx = canvas.getContext('2d');
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return fromRgba(img.data, canvas.width, canvas.height);
}

/** A PNG or JPEG scan: its pixel grid is its page (boxes in pixels). */
export async function readImage(bytes: Uint8Array, engine: OcrEngine): Promise<Page> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch (error) {
    throw new ExtractionError('This image could not be decoded; it may be damaged.', {
      cause: error,
    });
  }
  // a phone photo can hold 50 million pixels; about 300 dpi over a letter page is plenty
  const shrink = Math.min(1, Math.sqrt(MAX_PIXELS / (image.width * image.height)));
  const width = Math.max(1, Math.round(image.width * shrink));
  const height = Math.max(1, Math.round(image.height * shrink));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  const gray = grayOfCanvas(canvas);
  // a scan of a letter-size page: its width is 8.5 inches; boxes stay in the image's own pixels
  const dpi = Math.max(72, width / 8.5);
  return recognizePage(gray, engine, { scale: shrink, dpi }, 1);
}

/** Draws a PDF page with pdf.js on white paper, `scale` canvas pixels to the point. */
export async function renderPdfPage(page: PDFPageProxy, scale: number): Promise<Canvas> {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  return canvas;
}

/** A PDF page without a text layer: render it (about 180 dpi) and recognise it. */
export async function readScannedPdfPage(page: PDFPageProxy, engine: OcrEngine): Promise<Page> {
  const base = page.getViewport({ scale: 1 });
  // about 180 dpi for a letter page, fewer for a very large one
  const scale = Math.min(2.5, Math.sqrt(MAX_PIXELS / (base.width * base.height)));
  const gray = grayOfCanvas(await renderPdfPage(page, scale));
  const recognized = await recognizePage(gray, engine, { scale, dpi: 72 * scale }, page.pageNumber);
  recognized.width = base.width;
  recognized.height = base.height;
  return recognized;
}

/**
 * A recognised word in page units: its box scaled back from the image's pixels (`scale` pixels to
 * the unit), a doubtful reading's confidence capped.
 */
function pageWord(w: OcrWord, scale: number): Word {
  return {
    text: w.text,
    box: [w.box[0] / scale, w.box[1] / scale, w.box[2] / scale, w.box[3] / scale],
    size: (w.box[3] - w.box[1]) / scale,
    confidence: doubtful(w.text) ? Math.min(w.confidence, DOUBTFUL) : w.confidence,
    whole: true,
  };
}

/**
 * Words on one line, close together (a gap under their type size), make one region: a line of
 * text is read better whole than word by word.
 */
export function lineRegions(words: Word[]): Array<{ box: Box; size: number }> {
  return groupLines(words, 0, 1).map((l) => ({ box: l.box, size: l.size }));
}

/**
 * Words a PDF page's text layer sets in a font that spells nothing (see `garbledFonts`), read
 * again from the drawn page: the page is rendered, the lines those words cover are cut out,
 * stacked on a clean sheet and recognised as lines of text. Boxes come back in page points.
 */
export async function readGlyphRegions(
  page: PDFPageProxy,
  words: Word[],
  engine: OcrEngine,
): Promise<Word[]> {
  if (!words.length) return [];
  const base = page.getViewport({ scale: 1 });
  // about 220 dpi: small print reads well, a letter page stays far under the pixel budget
  const scale = Math.min(3, Math.sqrt(MAX_PIXELS / (base.width * base.height)));
  const gray = grayOfCanvas(await renderPdfPage(page, scale));
  const px = (v: number, max: number) => Math.max(0, Math.min(max - 1, Math.round(v * scale)));
  // lines of one size of type per sheet: a heading stacked with small print is misread
  const bySize = new Map<number, Rect[]>();
  for (const { box, size } of lineRegions(words)) {
    const pad = size * 0.2;
    const key = Math.round(Math.log2(Math.max(size, 1)));
    const rects = bySize.get(key) ?? [];
    rects.push({
      x0: px(box[0] - pad, gray.width),
      y0: px(box[1] - pad, gray.height),
      x1: px(box[2] + pad, gray.width),
      y1: px(box[3] + pad, gray.height),
    });
    bySize.set(key, rects);
  }
  const dpi = 72 * scale;
  const out: Word[] = [];
  for (const rects of bySize.values()) {
    const { sheet, places } = stackRegions(gray, rects, Math.round(dpi / 10));
    const read = await engine.recognize(toPgm(sheet), { dpi, mode: 'block' });
    for (const w of placeWords(read, places, []))
      if (/[\p{L}\p{N}$%]/u.test(w.text) && w.confidence >= 0.3)
        out.push(typeSized(pageWord(w, scale)));
  }
  return withoutRaisedMarks(out);
}

/**
 * A recognised word's size in the text layer's terms, its type size: the ink of a word without
 * descenders ('Classic', '1500') is about three quarters of its type's size, with them about all.
 */
export function typeSized(word: Word): Word {
  const ink = word.box[3] - word.box[1];
  return { ...word, size: /[gjpqy,;()[\]{}|/]/.test(word.text) ? ink : (ink * 4) / 3 };
}

/**
 * Footnote marks read as words of their own ('Unlimited' '1' for 'Unlimited¹'): one or two
 * figures or marks right after a word of `after` (within half its height) whose bottom sits in
 * the upper three quarters of that word, above its baseline, are no part of the text.
 */
export function withoutRaisedMarks(words: Word[], after: Word[] = words): Word[] {
  return words.filter((mark) => {
    if (!/^[\d*†‡]{1,2}$/u.test(mark.text)) return true;
    const [x0, , , y1] = mark.box;
    return !after.some((w) => {
      if (w === mark || !/\p{L}/u.test(w.text)) return false;
      const h = w.box[3] - w.box[1];
      return (
        Math.abs(x0 - w.box[2]) <= h * 0.5 && y1 < w.box[1] + h * 0.75 && y1 > w.box[1] - h * 0.25
      );
    });
  });
}
