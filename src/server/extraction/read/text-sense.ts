import { readFileSync } from 'node:fs';
import type { Word } from '../layout.ts';

/**
 * Does a page's text layer spell words? A PDF whose fonts carry a broken or missing encoding
 * (every character code shifted, private-use code points, glyph names without a ToUnicode map)
 * draws a readable page while its text layer holds nonsense. Two measures, both independent of
 * any carrier or layout:
 * - the share of letters that are Latin letters (a shifted encoding lands on symbols and
 *   accented or private-use characters);
 * - the share of letter runs that are English words of a small vocabulary (data, in
 *   english-words.txt): real pages of benefit text hit it for one run in four or more, a page of
 *   shifted Latin letters almost never.
 */

const VOCABULARY: ReadonlySet<string> = new Set(
  readFileSync(new URL('./english-words.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);

export interface TextSense {
  /** Letters seen (all scripts). */
  letters: number;
  /** Share of those letters that are A–Z or a–z. */
  latinShare: number;
  /** Runs of two or more letters seen. */
  runs: number;
  /** Share of those runs that are words of the vocabulary. */
  wordShare: number;
}

/** Fewer letters than this and the page says too little to judge: it is taken as it reads. */
const MIN_LETTERS = 60;
/** Fewer letter runs than this and the vocabulary share is not judged. */
const MIN_RUNS = 15;

/**
 * Characters that separate letter runs: spaces, digits and punctuation. Everything else counts
 * as a letter, symbols included: a shifted encoding lands on math signs and accented letters as
 * often as on letters.
 */
const SEPARATOR = /[\s\p{N}\p{P}$+<=>^`|~]/u;

/** What a character is to `textSense`: a separator, a joiner inside a word, a Latin letter. */
interface CharKind {
  separator: boolean;
  joiner: boolean;
  latin: boolean;
}

/** Characters met already (a page's text uses a few dozen, each thousands of times). */
const charKinds = new Map<string, CharKind>();

function kindOf(ch: string): CharKind {
  let kind = charKinds.get(ch);
  if (!kind) {
    kind = {
      separator: SEPARATOR.test(ch),
      joiner: /['’-]/.test(ch),
      latin: /[A-Za-z'’-]/.test(ch),
    };
    charKinds.set(ch, kind);
  }
  return kind;
}

/** What one word's text adds to a text sense: letters, Latin letters, letter runs, known runs. */
type WordCounts = [letters: number, latin: number, runs: number, known: number];

function countsOf(text: string): WordCounts {
  const out: WordCounts = [0, 0, 0, 0];
  const endRun = (run: string) => {
    // fewer than two characters (one outside the basic plane is two code units)
    if (run.length < 2 || (run.length === 2 && run.codePointAt(0)! > 0xffff)) return;
    out[2]++;
    if (VOCABULARY.has(run.toLowerCase())) out[3]++;
  };
  let run = '';
  for (const ch of text) {
    const kind = kindOf(ch);
    // an apostrophe or hyphen inside a word keeps it one run ("don't", "x-rays")
    if (kind.separator && !(kind.joiner && run)) {
      endRun(run);
      run = '';
      continue;
    }
    out[0]++;
    if (kind.latin) out[1]++;
    run += ch;
  }
  endRun(run.replace(/['’-]+$/, ''));
  return out;
}

export function textSense(words: readonly Pick<Word, 'text'>[]): TextSense {
  let letters = 0;
  let latin = 0;
  let runs = 0;
  let known = 0;
  // each text counted once (a page repeats its words)
  const counted = new Map<string, WordCounts>();
  for (const w of words) {
    let c = counted.get(w.text);
    if (!c) {
      c = countsOf(w.text);
      counted.set(w.text, c);
    }
    letters += c[0];
    latin += c[1];
    runs += c[2];
    known += c[3];
  }
  return {
    letters,
    latinShare: letters ? latin / letters : 1,
    runs,
    wordShare: runs ? known / runs : 1,
  };
}

/**
 * Whether a text layer is nonsense that OCR of the drawn page would read better: its letter runs
 * are almost never words (a page in another script still carries English words here and there
 * — a notice of language help, a phone line — and is kept).
 */
export function textLayerIsGarbled(words: readonly Pick<Word, 'text'>[]): boolean {
  const s = textSense(words);
  if (s.letters < MIN_LETTERS) return false;
  if (s.runs < MIN_RUNS) return s.latinShare < 0.2;
  return s.wordShare < 0.03;
}

/**
 * Characters a word's text does not hold in the middle of real words: punctuation, symbols,
 * control and private-use code points, the replacement character. A font whose codes map to the
 * wrong characters lands mostly on these (its letters shifted onto `,(*!.#%`).
 */
const ODD = /[\p{P}\p{S}\p{Cc}\p{Co}\p{Cn}\uFFFD]/u;
/** An amount, a code or a number: punctuation inside it is its own ('$1,500.00', '(20%)'). */
const FIGURE = /^[($€£+\-–]*\d[\d,.:/–-]*[%)]*$/u;

/** Characters judged already, odd or not. */
const oddChars = new Map<string, boolean>();

function isOdd(ch: string): boolean {
  let odd = oddChars.get(ch);
  if (odd === undefined) {
    odd = ODD.test(ch);
    oddChars.set(ch, odd);
  }
  return odd;
}

/** What a run's text says of its font; undefined for a run that says nothing of it. */
interface RunSense {
  chars: number;
  odd: number;
  /** A word of the vocabulary (punctuation at its ends left out). */
  word: boolean;
}

/** Runs' texts judged already (a page repeats its words). */
const runSenses = new Map<string, RunSense | undefined>();

function runSense(raw: string): RunSense | undefined {
  if (runSenses.has(raw)) return runSenses.get(raw);
  const out = runSenseOnce(raw);
  if (runSenses.size < 10_000) runSenses.set(raw, out);
  return out;
}

function runSenseOnce(raw: string): RunSense | undefined {
  const text = raw.replace(/\s+/g, '');
  // its characters, whether they are all one, and how many are odd, in one pass
  let chars = 0;
  let odd = 0;
  let first: string | undefined;
  let one = true;
  for (const ch of text) {
    chars++;
    if (isOdd(ch)) odd++;
    if (first === undefined) first = ch;
    else if (ch !== first) one = false;
  }
  if (chars < 2 || one || FIGURE.test(text)) return undefined;
  const word = VOCABULARY.has(raw.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').toLowerCase());
  return { chars, odd, word };
}

/** Fewer characters than this printed in a font and its text is not judged. */
const MIN_FONT_CHARS = 12;
/** A font whose words are at least this share odd characters spells nothing. */
const ODD_SHARE = 0.45;
/** …unless this share of its words are words of the vocabulary. */
const WORD_SHARE = 0.1;

/**
 * The fonts of a page whose own text spells nothing (mostly odd characters, hardly a word of the
 * vocabulary) while the page as a whole reads (a subset
 * font embedded without a usable encoding, set beside well-encoded ones): their words are read
 * again from the page's pixels. A run of one character (a bullet, a symbol font's icon) and a run
 * of one repeated character (dot leaders, rules drawn with underscores) say nothing of the font;
 * figures keep their own punctuation.
 */
export function garbledFonts(runs: readonly { text: string; font?: string }[]): Set<string> {
  const tally = new Map<string, { chars: number; odd: number; runs: number; words: number }>();
  for (const run of runs) {
    if (!run.font) continue;
    const said = runSense(run.text);
    if (!said) continue;
    const t = tally.get(run.font) ?? { chars: 0, odd: 0, runs: 0, words: 0 };
    t.chars += said.chars;
    t.odd += said.odd;
    t.runs++;
    if (said.word) t.words++;
    tally.set(run.font, t);
  }
  const out = new Set<string>();
  for (const [font, t] of tally) {
    const spells = t.words / t.runs >= WORD_SHARE;
    if (t.chars >= MIN_FONT_CHARS && t.runs >= 2 && t.odd / t.chars >= ODD_SHARE && !spells) {
      out.add(font);
    }
  }
  return out;
}
