import type { Evidence, Method, Reasons } from './evidence.ts';
import { perReading } from './reading-cache.ts';
import { DATE_PATTERN } from './values.ts';
import { DENTAL_CATEGORY, FREQUENCY_VALUE, isTierLabel, VISION_SERVICE } from './vocabulary.ts';

/**
 * Confidence of an extracted value, 0..1: how it was found (a cell under an explicit heading is
 * surer than a phrase in running text or a default), how surely its characters were read (OCR
 * confidence), whether it was carried over to another class or network, and whether it has the
 * shape a value of its field has (a rate is an amount, a coverage level a share or a word).
 */

const BASE: Record<Method, number> = {
  cell: 0.95,
  keyValue: 0.93,
  split: 0.9,
  derived: 0.9,
  prose: 0.86,
  heading: 0.82,
  fallback: 0.6,
  default: 0.5,
};

export type Shape =
  | 'coverage'
  | 'amount'
  | 'rate'
  | 'date'
  | 'duration'
  | 'cost'
  | 'frequency'
  | 'hours'
  | 'tier'
  | 'service'
  | 'visionService'
  | 'text';

const SHAPES: Record<Shape, (v: string) => boolean> = {
  coverage: (v) =>
    /%|not covered|covered|none|n\/a|no charge|fee schedule|\$|not applicable|excluded/i.test(v),
  amount: (v) => /^\$\s?\d[\d,]*(\.\d\d)?\b|none|unlimited|waived|n\/a|not applicable/i.test(v),
  rate: (v) => /^\$?\s?\d[\d,]*\.\d{2}$/.test(v.trim()),
  date: (v) => DATE_PATTERN.test(v),
  duration: (v) => /\b\d+|one|two|three/i.test(v) && /month|year|yr|mo/i.test(v),
  cost: (v) =>
    /\$|covered|%|no charge|n\/a|not covered|included|discount|copay|allowance|free/i.test(v),
  frequency: (v) => FREQUENCY_VALUE.test(v),
  hours: (v) => /^\d{1,2}$/.test(v),
  tier: (v) => isTierLabel(v),
  service: (v) => DENTAL_CATEGORY.test(v) || /\b(type|class|unit|coverage)\s+\S+/i.test(v),
  visionService: (v) => VISION_SERVICE.test(v),
  text: (v) => v.trim().length > 1,
};

/** Short words a value may hold; other one- or two-letter fragments are misreadings. */
const SHORT_WORDS = new Set(
  'a an as at by ee es ec ef eo fa sp ch in is it of on or to up no we you pp ppo per vs and the'.split(
    ' ',
  ),
);

/**
 * Characters that OCR confuses or that do not belong in a value, and broken words ('Rout ne');
 * judged once per reading (a value is scored, then described for calibration).
 */
export const suspicious = perReading((v: string): boolean => {
  if (/[|{}[\]~^`_\\]|\s{2,}|[a-z][A-Z]{2,}|\d[a-zA-Z]{3,}|[a-zA-Z]\d[a-zA-Z]/.test(v)) return true;
  // words run together ('Toage26', 'Upto $40', 'atleast'): a misread space
  if (/[a-z]{2,}\d/.test(v) || /\b(upto|toage|atleast|ormore|perweek|ofthe|inthe|tothe)\b/i.test(v))
    return true;
  // the same words twice over ('$10 copay $10 copay'): cells run together
  if (/(?:^|\s)(\S+\s+\S+)\s+\1(?=\s|$)/.test(v)) return true;
  const fragments = v
    .split(/[\s/+&,;:().-]+/)
    .filter((t) => /^[a-z]{1,2}$/i.test(t) && !SHORT_WORDS.has(t.toLowerCase()));
  return fragments.length > 0;
});

const ONE_VALUE: ReadonlySet<Shape> = new Set(['coverage', 'amount', 'rate', 'cost']);
const VALUE_PART = /\$\s?\d|\d\s?%|\b(covered|n\/a|none|not covered|no charge|copay|allowance)\b/i;

/**
 * Two values printed in one cell and read as one ('$10 copay / Up to $50', '80% / 60%'): the
 * cell probably holds two slots' values, so either slot's copy of the whole is doubtful.
 */
export function holdsTwoValues(v: string): boolean {
  const parts = v.split(/\s+\/\s+/);
  return parts.length === 2 && parts.every((p) => VALUE_PART.test(p));
}

/** How much a row's key lets the rest of the row be trusted: its score against a sure cell's. */
export function rowTrust(key: Evidence, shape: Shape): number {
  return Math.min(1, scoreOf(key, shape) / BASE.cell);
}

export function scoreOf(e: Evidence, shape: Shape = 'text'): number {
  let s = BASE[e.method];
  if (e.propagated) s *= 0.98;
  const reading = Math.max(0, Math.min(1, e.source.reading));
  if (reading < 0.999) s *= 0.35 + 0.65 * reading ** 2;
  if (e.doubt) s *= 1 - e.doubt;
  if (e.trust !== undefined) s *= Math.sqrt(Math.max(0, Math.min(1, e.trust)));
  if (!SHAPES[shape](e.value)) s *= 0.6;
  if (suspicious(e.value)) s *= 0.7;
  if (ONE_VALUE.has(shape) && holdsTwoValues(e.value)) s *= 0.7;
  return Math.round(Math.max(0.01, Math.min(0.99, s)) * 1000) / 1000;
}

/** The reasons behind scoreOf's number, for the calibration's features. */
export function reasonsOf(e: Evidence, shape: Shape = 'text'): Reasons {
  return {
    method: e.method,
    propagated: !!e.propagated,
    reading: Math.max(0, Math.min(1, e.source.reading)),
    doubt: e.doubt ?? 0,
    trust: e.trust === undefined ? 1 : Math.max(0, Math.min(1, e.trust)),
    shapeFits: SHAPES[shape](e.value),
  };
}
