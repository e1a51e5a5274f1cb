/**
 * Values as printed: cleaning (footnote markers, dashes that mean blank), joining wrapped lines,
 * recognising money, percentages, dates and durations, and splitting cells that hold two values.
 */

import { durationNumberWords } from '../../../shared/format/number-words.ts';
import { perReading } from './reading-cache.ts';
import { SPANNING_NOTE } from './vocabulary.ts';

// footnote marks, and the bar a scanned column rule leaves beside a value
const MARKERS_END =
  /[\s*\u2020\u2021\u00a7\u00b9\u00b2\u00b3\u2070-\u207a|¦]+$|(?<=\p{L}{2})\+$|(?<=[\p{L}\p{N}%)])\^+$/u;
// (and a symbol font's bullet glyph opening a chart's sub-row, '\uf09f Preventive | \uf09f None':
// a mark of the private-use area is no letter of the value)
const MARKERS_START = /^[\s*\u2020\u2021\u00a7|¦\uE000-\uF8FF]+/u;
/** A footnote mark on a word inside the text ('$100 Allowance** Additional 20% off'). */
const MARKERS_INSIDE =
  /(?<=[\p{L}\p{N}%).,])[*\u2020\u2021\u00b9\u00b2\u00b3\u2070-\u2079^]+(?=\s)/gu;
/**
 * A footnote reference in the 'N/' style ending an amount ('$40¹/', read '$40/1' or '$40 1/'; the
 * note itself opens '1/ Out-of-Network …'): one digit after or before a slash, nothing after it.
 */
const SLASH_FOOTNOTE_AFTER_MONEY = /(?<=\$\d[\d,]*(?:\.\d{2})?)(?:\/[1-9]|\s[1-9]\/)$/u;
/** A cell that only holds a dash (or N/A-like filler) is blank. */
const BLANK = /^[-\u2010-\u2015\u2212\s]*$/u;

/**
 * Trims, collapses whitespace and drops footnote markers (at either end, or on a word inside);
 * once per text in a reading.
 */
export const cleanValue = perReading(cleanValueOnce);

function cleanValueOnce(text: string): string {
  let s = text.replace(/\s+/g, ' ').trim();
  s = s.replace(MARKERS_END, '').replace(MARKERS_START, '').replace(MARKERS_INSIDE, '').trim();
  s = s.replace(SLASH_FOOTNOTE_AFTER_MONEY, '');
  s = s.replace(SPANNING_NOTE, '').trim();
  if (BLANK.test(s)) return '';
  return s;
}

/**
 * A value written as one sentence, without its full stop ('Covered in full.' → 'Covered in full',
 * 'Reimbursed up to $210.' → 'Reimbursed up to $210'); a value of several sentences keeps them.
 */
export function withoutSentenceStop(text: string): string {
  const m = text.match(/^(.*[\p{Ll}\d)%])\.$/u);
  return m && !/\.\s/.test(m[1]!) ? m[1]! : text;
}

/** Joins the wrapped lines of one cell: a line ending in a hyphen glues to the next. */
export function joinWrapped(lines: string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) out = line;
    // a word broken at its hyphen ('Out-of-' / 'Network', 'fluor-' / 'ide') is one word
    else if (/[A-Za-z]-$/.test(out) && /^[A-Za-z]/.test(line)) out += line;
    // figures broken at a slash ('80%/90%' / '/100%', '$50/' / '$150') are one value
    else if (/[\d%]\/$/.test(out) || (/[\d%]$/.test(out) && /^\/[$\d]/.test(line))) out += line;
    // 'and/or' broken at its slash is one word (other words keep the printed break: 'implant/
    // abutment')
    else if (/\band\/$/i.test(out) && /^or\b/i.test(line)) out += line;
    else out += ` ${line}`;
  }
  return out;
}

export const MONEY = /\$\s?\d[\d,]*(\.\d+)?/;
export const PERCENT = /\b\d{1,3}(\.\d+)?\s?%/;

export function hasMoney(s: string): boolean {
  return MONEY.test(s);
}

export function hasPercent(s: string): boolean {
  return PERCENT.test(s);
}

/** Text that reads as a value (an amount, a share, a copay, a coverage word) rather than a label. */
export function looksLikeValue(s: string): boolean {
  return (
    hasMoney(s) ||
    hasPercent(s) ||
    /^\s*(none|n\/a|na|not covered|not applicable|covered(?!\s+(?:procedures?|services?|expenses?|persons?|members?|dependents?|charges?)\b)( in full)?|no charge|included|unlimited|waived|every|once|\d+\s*(months?|years?))\b/i.test(
      s,
    )
  );
}

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
export const DATE_PATTERN = new RegExp(
  `\\b(?:(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\s+(?:${MONTHS})\\.?\\s+\\d{4})\\b`,
  'i',
);

/** The first calendar date in the text, as printed. */
export function findDate(s: string): string | undefined {
  return s.match(DATE_PATTERN)?.[0];
}

const MONTH_YEAR = new RegExp(`\\b(?:${MONTHS})\\.?,?\\s+\\d{4}\\b`, 'i');

/**
 * The date an effective-date label gives, as printed: a calendar date, or a month and year
 * ('Effective January 2025'). A month alone with a year is a date only under such a label.
 */
export function findEffectiveDate(s: string): string | undefined {
  return findDate(s) ?? s.match(MONTH_YEAR)?.[0];
}

const DURATION = new RegExp(
  `\\b(\\d{1,3}|${[...durationNumberWords.keys()].join('|')})(\\s*\\(\\d+\\))?[\\s-]*(months?|years?|yrs?\\.?|mos?\\.?)\\b`,
  'i',
);

/** A duration such as '24 months' or 'two years', as printed (a parenthesised figure dropped). */
export function findDuration(s: string): string | undefined {
  const m = s.match(DURATION);
  if (!m) return undefined;
  return `${m[1]} ${m[3]}`.replace(/\s+/g, ' ').trim();
}

const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty'];
const WORD_NUMBER = new RegExp(
  `\\b(?:(${TENS.join('|')})(?:[- ](${UNITS.join('|')}))?|(${TEENS.join('|')}))\\b(\\s*\\(\\d{1,2}\\))?`,
  'gi',
);

/**
 * Numbers written in words as figures, the way legal text writes them ('twenty (20)' → '20',
 * 'thirty-two' → '32'); a figure in parentheses after the words is the number itself.
 */
export function numbersInFigures(s: string): string {
  return s.replace(WORD_NUMBER, (_m, tens?: string, unit?: string, teen?: string) => {
    if (teen) return String(10 + TEENS.indexOf(teen.toLowerCase()));
    const n = (TENS.indexOf(tens!.toLowerCase()) + 2) * 10;
    return String(n + (unit ? UNITS.indexOf(unit.toLowerCase()) + 1 : 0));
  });
}

/**
 * The minimum weekly hours in an eligibility text: '30 or more hours', 'at least 20 hours',
 * '30+ hrs/week', 'working 20 to 29 hours' (the lower bound), '(30 hours)'.
 */
export function minimumHours(text: string): string | undefined {
  const s = numbersInFigures(text);
  // a range's lower bound first ('20 to 29 hours'), then a single figure
  const m =
    s.match(/\b(\d{1,2})\s*(?:to|-|–)\s*\d{1,2}\s*(?:hours?|hrs?)\b/i) ??
    s.match(/\b(\d{1,2})\s*(?:\+|or more|or greater|plus)?\s*(?:hours?|hrs?)\b/i);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 1 && n <= 60 ? String(n) : undefined;
}

/**
 * Splits a cell that prints two values at a separator ('$50 / $150', '$50 individual / $150
 * family', '$50 In / $75 Out', '$50 (Max 3x/Fam)'). Words that only name the slot are dropped;
 * other words stay.
 */
export function splitPair(s: string): [string, string] | undefined {
  // '$50 (Max 3x/Fam)': the individual amount, then the family's limit in parentheses
  const familyLimit = s.match(/^\s*(\$[\d,.]+)\s*\(([^()]*\bfam(ily)?\b[^()]*)\)\s*$/i);
  if (familyLimit) return [familyLimit[1]!, cleanValue(familyLimit[2]!)];
  // '$50/$150 Individual/Family': two amounts, then the slots they fill in the same order
  const named = s.match(
    /^\s*(\$[\d,.]+)\s*\/\s*(\$[\d,.]+)\s+(individual|single|per person|family)\s*\/\s*(individual|single|per person|family)\s*$/i,
  );
  if (named) {
    const familyFirst = /family/i.test(named[3]!) && !/family/i.test(named[4]!);
    return familyFirst ? [named[2]!, named[1]!] : [named[1]!, named[2]!];
  }
  // '$135 per Pediatric Enrollee $405 for all Pediatric Enrollees', '$350 per member $700 per two
  // (2) or more members': the amount per member, then the amount for all of them (the family's);
  // the words say whose amount it is and stay
  const perMember = s.match(PER_MEMBER_THEN_ALL);
  if (perMember) return [cleanValue(perMember[1]!), cleanValue(perMember[2]!)];
  // '$50: individual $150: Family', 'Individual: $50 Family: $150': each amount beside the slot
  // it fills, in either order, with no separator between the two
  const tagged = taggedPair(s);
  if (tagged) return tagged;
  let parts = s.split(/\s+\/\s+|\s*;\s*|\s*\|\s*/);
  // '$50 single/$150 family': a slash with no spaces between two amounts that name their slots
  if (parts.length !== 2 && /\b(single|individual|family)\b/i.test(s))
    parts = s.split(/(?<=[a-z])\s*\/\s*(?=\$|\d)/i);
  if (parts.length !== 2) {
    // '$50/$150', and '$50 $150' where a scan lost the slash
    const slash = s.match(/^(\$[\d,.]+|\d+%)\s*\/?\s*(\$[\d,.]+|\d+%)$/);
    if (!slash) return undefined;
    return [slash[1]!, slash[2]!];
  }
  const slot =
    /\b(per\s+)?(individual|single|family)\b|\b(per\s+)?indiv[a-z]*\.?(?!\w)|\b(in[- ]?network|out[- ]?of[- ]?network)\b/gi;
  // a bare 'In' or 'Out' names the slot only at either end ('$50 In', 'Out: $75')
  const edge = /^\s*(in|out)\b\s*:?|\b(in|out)\s*$/gi;
  const clean = (p: string) =>
    cleanValue(
      p
        .replace(slot, '')
        .replace(edge, '')
        .replace(/\(\s*\)/g, '')
        .replace(/^\s*[:,]\s*|\s*[:,]\s*$/g, ''),
    );
  const a = clean(parts[0]!);
  const b = clean(parts[1]!);
  if (!a || !b) return undefined;
  if (!looksLikeValue(a) || !looksLikeValue(b)) return undefined;
  return [a, b];
}

const PER_MEMBER_THEN_ALL =
  /^\s*(\$[\d,]+(?:\.\d+)?\s+per\s+(?!family\b|individual\b|person\b|single\b|two\b|three\b|\d)[a-z][a-z ]{1,40}?)\s*[/;,]?\s+(\$[\d,]+(?:\.\d+)?\s+(?:for\s+(?:all|the\s+family|each\s+family)|per\s+family|per\s+(?:two|three|2|3)\b[^$]{0,12}\bor\s+more)\b[^$]*)$/i;

const SLOT_WORD = '(individual|single|per person|family)';
const AMOUNT = '(\\$[\\d,]+(?:\\.\\d+)?)';
const AMOUNT_THEN_SLOT = new RegExp(
  `^\\s*${AMOUNT}\\s*:?\\s*${SLOT_WORD}\\s+${AMOUNT}\\s*:?\\s*${SLOT_WORD}\\s*$`,
  'i',
);
const SLOT_THEN_AMOUNT = new RegExp(
  `^\\s*${SLOT_WORD}\\s*:?\\s*${AMOUNT}\\s+${SLOT_WORD}\\s*:?\\s*${AMOUNT}\\s*$`,
  'i',
);

/** Two amounts each tagged with its slot, individual's first in the answer. */
function taggedPair(s: string): [string, string] | undefined {
  const a = s.match(AMOUNT_THEN_SLOT);
  const b = a ? undefined : s.match(SLOT_THEN_AMOUNT);
  if (!a && !b) return undefined;
  const [v1, w1, v2, w2] = a ? [a[1]!, a[2]!, a[3]!, a[4]!] : [b![2]!, b![1]!, b![4]!, b![3]!];
  const fam1 = /family/i.test(w1);
  const fam2 = /family/i.test(w2);
  if (fam1 === fam2) return undefined;
  return fam1 ? [v2, v1] : [v1, v2];
}

/** Which slot words a two-value cell names, in order ('individual'/'family', 'in'/'out'). */
export function pairSlots(s: string): { family?: boolean; network?: boolean } {
  return {
    family: /individual|single|per person/i.test(s) && /family/i.test(s),
    network: /\bin\b|in[- ]?network/i.test(s) && /\bout\b|out[- ]?of[- ]?network/i.test(s),
  };
}

/** Lower case, single spaces, no punctuation at the ends: for comparing keys. */
export function normalizeKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[^a-z0-9&+/%$ -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A cell that prints the in-network cost with the out-of-network amount in parentheses after it
 * ('$0 ($40)', '$35 to $85 ($0)', 'Up to $55 ($0) Premium: 90% of retail ($0)'), read under a
 * legend that says so: the text without its parenthesised amounts, and those amounts joined with
 * '; ' in their order. A parenthesis with no figure ('(in lieu of frames)') stays in the text.
 * Undefined when no parenthesis holds an amount.
 */
export function splitParenthesisedAmounts(text: string): { in: string; out: string } | undefined {
  const outs: string[] = [];
  const kept = text.replace(/\(([^()]*)\)\s*\**/g, (whole, inner: string) => {
    if (!/\$\s?\d|\d\s*%/.test(inner)) return whole;
    outs.push(inner.trim());
    return ' ';
  });
  if (outs.length === 0) return undefined;
  const inText = kept
    .replace(/\s+([;,.:])/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/[\s*;,]+$/, '')
    .trim();
  return { in: inText, out: outs.join('; ') };
}
