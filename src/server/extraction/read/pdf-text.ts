import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Word } from '../layout.ts';
import { lightness } from './pdf-graphics.ts';

/**
 * Words with positions from a page's operator list, the same pass that gives the rulings: the
 * text state (text matrix, font size, spacing, rise) is followed as pdf.js's canvas does, and each
 * glyph's origin and advance are placed in viewport coordinates. One pass over the content
 * stream instead of two (text content and operator list) halves the cost of a page.
 */

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: ArrayLike<number>): Matrix {
  return [
    m[0] * n[0]! + m[2] * n[1]!,
    m[1] * n[0]! + m[3] * n[1]!,
    m[0] * n[2]! + m[2] * n[3]!,
    m[1] * n[2]! + m[3] * n[3]!,
    m[0] * n[4]! + m[2] * n[5]! + m[4],
    m[1] * n[4]! + m[3] * n[5]! + m[5],
  ];
}

/** A glyph's text: typographic ligatures (ﬁ, ﬀ) are their letters; blank or not. */
const glyphTexts = new Map<string, { ch: string; blank: boolean }>();

function glyphText(unicode: string): { ch: string; blank: boolean } {
  let out = glyphTexts.get(unicode);
  if (!out) {
    const ch = unicode.replace(/[\uFB00-\uFB06]/g, (l) => l.normalize('NFKC'));
    out = { ch, blank: !ch.trim() };
    if (glyphTexts.size < 10_000) glyphTexts.set(unicode, out);
  }
  return out;
}

interface GlyphLike {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

interface FontLike {
  fontMatrix?: ArrayLike<number>;
  vertical?: boolean;
  bold?: boolean;
  black?: boolean;
  name?: string;
}

export interface OperatorListLike {
  fnArray: number[];
  argsArray: unknown[];
}

/** A placed glyph run: text on one baseline, in viewport coordinates. */
export interface TextRun {
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
  bold?: boolean;
  /** The font resource its first glyph is set in (a page's fonts are told apart by it). */
  font?: string;
  /** Filled in white (or nearly): seen only over a dark fill or a picture (`visibleRuns`). */
  light?: boolean;
}

export interface OperatorText {
  runs: TextRun[];
  /** A font the walk cannot place (vertical writing): read the page's text content instead. */
  unsupported: boolean;
  /** Glyphs left out because they run along another direction (margin notes set sideways). */
  rotated: number;
}

/** The text state parameters a save keeps and a restore brings back. */
interface TextState {
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  font: FontLike | undefined;
  fontName: string | undefined;
  fontSize: number;
  fontDirection: number;
}

/**
 * A gap between glyphs wider than this share of the font size separates words (pdf.js's own text
 * content uses about a tenth of an em too): fonts without a space glyph move the pen by a kerning
 * adjustment instead, often under a fifth of an em, while kerning within a word stays under a
 * twentieth.
 */
const WORD_GAP = 0.1;

/** Text filled lighter than this (0 black … 1 white) shows only on a dark ground. */
const LIGHT = 0.97;

/**
 * Glyph runs of a page. A run breaks at spaces and where the next glyph does not continue the
 * previous one (a jump along the line, another line).
 */
export function textFromOperators(
  ops: OperatorListLike,
  viewportTransform: number[],
  fontOf: (name: string) => FontLike | undefined,
): OperatorText {
  const runs: TextRun[] = [];
  let unsupported = false;
  let ctm = viewportTransform.slice(0, 6) as Matrix;
  // the text state (spacing, scaling, leading, rise, font) belongs to the graphics state: a
  // restore brings it back, so a form drawn between two lines (a bullet icon that sets its own
  // leading) does not change how the next line moves
  const stack: Array<{ ctm: Matrix; text: TextState; fill: unknown; mode: number }> = [];
  // the fill colour and text rendering mode (0: fill) glyphs are drawn with
  let fill: unknown = '#000000';
  let mode = 0;
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let x = 0;
  let y = 0;
  let lineX = 0;
  let lineY = 0;
  let leading = 0;
  let charSpacing = 0;
  let wordSpacing = 0;
  let hScale = 1;
  let rise = 0;
  let font: FontLike | undefined;
  let fontName: string | undefined;
  let fontSize = 0;
  let fontDirection = 1;
  let lastFont:
    | {
        font: FontLike | undefined;
        fontName: string | undefined;
        fontSize: number;
        fontDirection: number;
      }
    | undefined;
  let run: TextRun | undefined;
  let rotated = 0;
  // a font's glyph width unit (its matrix's first entry) and whether it is bold, asked once
  const fontFacts = new Map<FontLike, { em: number; bold: boolean }>();
  // ctm × Tm and its scales, worked out again only when either matrix changes (a page that
  // places each glyph with its own move shows thousands of strings under one text matrix)
  let placement:
    | { ctm: Matrix; tm: Matrix; m: Matrix; scale: number; rowScale: number }
    | undefined;
  const placementOf = (ctm: Matrix, tm: Matrix) => {
    if (placement?.ctm !== ctm || placement.tm !== tm) {
      const m = multiply(ctm, tm);
      placement = { ctm, tm, m, scale: Math.hypot(m[0], m[1]), rowScale: Math.hypot(m[2], m[3]) };
    }
    return placement;
  };
  const textState = (): TextState => ({
    charSpacing,
    wordSpacing,
    hScale,
    leading,
    rise,
    font,
    fontName,
    fontSize,
    fontDirection,
  });
  const restoreText = (t: TextState) => {
    ({ charSpacing, wordSpacing, hScale, leading, rise, font, fontName, fontSize, fontDirection } =
      t);
  };
  const flush = () => {
    if (run?.text.trim()) runs.push(run);
    run = undefined;
  };

  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push({ ctm, text: textState(), fill, mode });
        break;
      case OPS.restore: {
        const saved = stack.pop();
        if (saved) {
          ({ ctm, fill, mode } = saved);
          restoreText(saved.text);
        }
        break;
      }
      case OPS.setFillRGBColor:
        fill = args?.[0];
        break;
      case OPS.setTextRenderingMode:
        mode = Number(args?.[0]) || 0;
        break;
      case OPS.transform:
        ctm = multiply(ctm, args as unknown as ArrayLike<number>);
        break;
      // a form XObject draws in its own space: its matrix applies until the form ends (a page
      // whose content is a rotated form reads upright only with it)
      case OPS.paintFormXObjectBegin: {
        stack.push({ ctm, text: textState(), fill, mode });
        const m = args?.[0] as ArrayLike<number> | null | undefined;
        if (m && m.length >= 6) ctm = multiply(ctm, m);
        break;
      }
      case OPS.paintFormXObjectEnd: {
        const saved = stack.pop();
        if (saved) {
          ({ ctm, fill, mode } = saved);
          restoreText(saved.text);
        }
        break;
      }
      case OPS.beginText:
        tm = [1, 0, 0, 1, 0, 0];
        x = lineX = 0;
        y = lineY = 0;
        break;
      case OPS.setCharSpacing:
        charSpacing = Number(args?.[0]) || 0;
        break;
      case OPS.setWordSpacing:
        wordSpacing = Number(args?.[0]) || 0;
        break;
      case OPS.setHScale:
        hScale = (Number(args?.[0]) || 100) / 100;
        break;
      case OPS.setLeading:
        leading = -(Number(args?.[0]) || 0);
        break;
      case OPS.setTextRise:
        rise = Number(args?.[0]) || 0;
        break;
      case OPS.setFont: {
        fontName = String(args?.[0]);
        font = fontOf(fontName);
        let size = Number(args?.[1]) || 0;
        fontDirection = size < 0 ? -1 : 1;
        size = Math.abs(size);
        fontSize = size;
        lastFont = { font, fontName, fontSize, fontDirection };
        if (font?.vertical) unsupported = true;
        break;
      }
      case OPS.moveText:
        x = lineX += Number(args?.[0]) || 0;
        y = lineY += Number(args?.[1]) || 0;
        break;
      case OPS.setLeadingMoveText:
        leading = Number(args?.[1]) || 0;
        x = lineX += Number(args?.[0]) || 0;
        y = lineY += Number(args?.[1]) || 0;
        break;
      case OPS.setTextMatrix: {
        const m = args?.[0] as ArrayLike<number>;
        tm = [m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!];
        x = lineX = 0;
        y = lineY = 0;
        break;
      }
      case OPS.nextLine:
        x = lineX += 0;
        y = lineY += leading;
        break;
      case OPS.showText: {
        // text shown after a restore took its font away (a form set the font and the page went
        // on without setting its own): the last font set draws it, as viewers do
        if (!font && lastFont) ({ font, fontName, fontSize, fontDirection } = lastFont);
        if (!font || fontSize === 0) break;
        const glyphs = (args?.[0] ?? []) as Array<GlyphLike | number>;
        let facts = fontFacts.get(font);
        if (facts === undefined) {
          facts = {
            em: font.fontMatrix?.[0] ?? 0.001,
            bold:
              font.bold === true ||
              font.black === true ||
              /bold|black|heavy/i.test(font.name ?? ''),
          };
          fontFacts.set(font, facts);
        }
        const { bold } = facts;
        const advanceScale = fontSize * facts.em;
        const textHScale = hScale * fontDirection;
        // text space → device: ctm × Tm × translate(x, y + rise)
        const { m, scale, rowScale } = placementOf(ctm, tm);
        const size = fontSize * rowScale;
        // text set along another direction than the page's lines (a note printed up the margin)
        // is no part of the page's rows: its letters would land one per line across the tables
        const sideways = Math.abs(m[1]) > Math.abs(m[0]) * 0.2 || m[0] * fontDirection <= 0;
        if (sideways) {
          flush();
          rotated += glyphs.length;
        }
        let advance = 0;
        for (let g = 0; g < glyphs.length; g++) {
          const glyph = glyphs[g]!;
          if (typeof glyph === 'number') {
            advance += (-glyph * fontSize) / 1000;
            continue;
          }
          const { ch, blank } = glyphText(glyph.unicode ?? '');
          const spacing = (glyph.isSpace ? wordSpacing : 0) + charSpacing;
          const width = (glyph.width ?? 0) * advanceScale + spacing * fontDirection;
          const px = x + advance * textHScale;
          const py = y + rise;
          const gx = m[0] * px + m[2] * py + m[4];
          const gy = m[1] * px + m[3] * py + m[5];
          const gEnd = gx + (glyph.width ?? 0) * advanceScale * textHScale * scale;
          advance += width;
          if (blank || sideways) {
            flush();
            continue;
          }
          const continues =
            run !== undefined &&
            Math.abs(run.baseline - gy) < size * 0.3 &&
            gx - run.x1 < size * WORD_GAP &&
            gx - run.x1 > -size * 0.5;
          if (!continues) {
            flush();
            run = { text: '', x0: gx, x1: gEnd, baseline: gy, size };
            if (bold) run.bold = bold;
            if (fontName) run.font = fontName;
            if (mode === 0 && lightness(fill) > LIGHT) run.light = true;
          }
          run!.text += ch;
          run!.x1 = Math.max(run!.x1, gEnd);
        }
        x += advance * textHScale;
        break;
      }
      default:
        break;
    }
  }
  flush();
  return { runs, unsupported, rotated };
}

/**
 * Runs to words (one word per run), dropping superscript footnote and trademark marks. A mark set
 * right after its word stays inside the word's box ('Vision℠ Preferred' keeps the gap of one
 * space before 'Preferred', not the mark's width more).
 */
export function wordsOfRuns(runs: TextRun[]): Word[] {
  const marks = runs.filter((r) => isSuperscript(r, runs));
  const words: Word[] = [];
  for (const r of runs) {
    if (marks.includes(r)) continue;
    // (raised above this word's own baseline: a mark set low beside it is another line's)
    const mark = marks.find(
      (m) =>
        m.x0 >= r.x1 - 1 &&
        m.x0 <= r.x1 + 1 &&
        m.baseline < r.baseline - r.size * 0.2 &&
        r.baseline - m.baseline < r.size,
    );
    const x1 = mark ? Math.max(r.x1, mark.x1) : r.x1;
    const word: Word = {
      text: r.text,
      box: [r.x0, r.baseline - r.size * 0.8, x1, r.baseline + r.size * 0.2],
      size: r.size,
      confidence: 1,
    };
    if (r.bold) word.bold = true;
    words.push(word);
  }
  return words;
}

/** Footnote and trademark marks set raised and small ('1', '*', '†', 'TM', '+'). */
const MARKER = /^(?:[\d*†‡§,+⁺®™]|TM|SM){1,3}$/;

/**
 * Footnote markers set as superscripts (a smaller glyph raised above its neighbour's baseline)
 * are not part of the text they follow.
 */
export function isSuperscript(run: TextRun, runs: TextRun[]): boolean {
  if (!MARKER.test(run.text.trim())) return false;
  return runs.some(
    (r) =>
      r !== run &&
      r.size > run.size * 1.1 &&
      Math.abs(r.baseline - run.baseline) < r.size &&
      run.baseline < r.baseline - r.size * 0.2 &&
      ((run.x0 >= r.x1 - 2 && run.x0 <= r.x1 + 3) || (r.x0 >= run.x1 - 1 && r.x0 <= run.x1 + 8)),
  );
}

/** A publishing template's field code left in the text layer ('{@Bullet}'). */
const TEMPLATE_FIELD = /^\{@[\w-]+\}$/;

/**
 * Words of a line a publishing template left unrendered under the printed text: a field code
 * ('{@Bullet}') and every word set on its line in its type ('{@Bullet} Necessary contact lens 3'
 * under 'Necessary contact lenses' in larger type). Dropped, so the printed words read alone.
 */
export function withoutTemplateFields(words: Word[]): Word[] {
  const fields = words.filter((w) => TEMPLATE_FIELD.test(w.text.trim()));
  if (fields.length === 0) return words;
  const sameLine = (w: Word, f: Word) =>
    Math.abs(w.box[1] - f.box[1]) < 0.5 && Math.abs(w.box[3] - f.box[3]) < 0.5;
  return words.filter((w) => !fields.some((f) => sameLine(w, f)));
}
