import { escapeRegExp } from '../../../shared/format/regexp.ts';
import { readingCache } from './reading-cache.ts';

/**
 * US insurers that sell group (and individual) dental and vision plans, with the forms their
 * names take in print: the brand (logo, running text), legal entities (footer, 'underwritten
 * by …'), product brands and state plans. Data only, from public lists of carriers; a name here is
 * evidence among others when the interpreter chooses a document's carrier, never a rule for one
 * carrier's layout.
 *
 * A product word after a brand ('MetLife Dental', 'Humana Vision 130') is a plan's name, not the
 * insurer's, unless the brand itself carries it ('Delta Dental', 'United Concordia Dental').
 *
 * Forms are written as printed. `{state}` stands for 'of' and one to three capitalised words
 * ('Delta Dental of {state}' → 'Delta Dental of New Jersey'). A form is matched without regard to
 * case, except in an entry marked `common`: its one-word forms are also ordinary English words
 * ('Guardian', 'Principal', 'Standard', 'Horizon'), so they match only capitalised as written or
 * in capitals on a short line (a logo).
 */

export interface InsurerEntry {
  /** The name brokers know the insurer by (its brand). */
  name: string;
  /** Every printed form, longest first is not required (the matcher sorts them). */
  forms: string[];
  /** Also a provider network or an administrator that other insurers rent (VSP, EyeMed). */
  network?: boolean;
  /** One-word forms that are ordinary words: matched capitalised only. */
  common?: boolean;
  /** The one line it serves (a vision network never carries a dental plan). */
  only?: 'dental' | 'vision';
}

export const INSURERS: InsurerEntry[] = [
  {
    name: 'Aetna',
    forms: [
      'Aetna',
      'Aetna Life Insurance Company',
      'Aetna Health Inc.',
      'Aetna Dental Inc.',
      'Aetna Inc.',
    ],
  },
  {
    name: 'Aflac',
    forms: ['Aflac', 'American Family Life Assurance Company of Columbus', 'Aflac Group'],
  },
  { name: 'Allstate Benefits', forms: ['Allstate Benefits', 'American Heritage Life Insurance'] },
  {
    name: 'Ameritas',
    forms: [
      'Ameritas',
      'Ameritas Life Insurance Corp.',
      'Ameritas Life Insurance Corp. of New York',
      'Ameritas Life',
    ],
  },
  {
    name: 'Anthem Blue Cross',
    forms: [
      'Anthem',
      'Anthem Blue Cross',
      'Anthem Blue Cross and Blue Shield',
      'Anthem Blue Cross Blue Shield',
      'Anthem BCBS',
      'Anthem Life Insurance Company',
      'Anthem Health Plans',
      'Anthem Insurance Companies, Inc.',
      'Blue Cross of California',
      'Blue View Vision',
    ],
  },
  {
    name: 'Assurant',
    forms: ['Assurant', 'Assurant Employee Benefits', 'Union Security Insurance Company'],
  },
  { name: 'Avesis', forms: ['Avesis', 'Avesis Incorporated'], network: true },
  {
    name: 'Beam Benefits',
    forms: ['Beam Dental', 'Beam Benefits', 'Beam Insurance Administrators'],
  },
  { name: 'Best Life', forms: ['Best Life and Health Insurance Company', 'Best Life'] },
  {
    name: 'Blue Cross Blue Shield',
    forms: [
      'Blue Cross and Blue Shield of {state}',
      'Blue Cross & Blue Shield of {state}',
      'Blue Cross Blue Shield of {state}',
      'BlueCross BlueShield of {state}',
      'Blue Cross and Blue Shield',
      'Blue Cross Blue Shield',
      'BlueCross BlueShield',
      'Blue Cross of {state}',
      'Blue Cross',
      'BCBS',
    ],
  },
  {
    name: 'Blue Shield of California',
    forms: [
      'Blue Shield of California',
      'Blue Shield of California Life & Health Insurance Company',
      'Blue Shield Life',
      'Blue Shield of {state}',
      'Blue Shield',
    ],
  },
  { name: 'Capital Blue Cross', forms: ['Capital Blue Cross'] },
  {
    name: 'CareFirst BlueCross BlueShield',
    forms: ['CareFirst BlueCross BlueShield', 'CareFirst'],
  },
  { name: 'Careington', forms: ['Careington', 'Careington International'], network: true },
  {
    name: 'Cigna',
    forms: [
      'Cigna',
      'Cigna Dental Health',
      'Cigna Healthcare',
      'Cigna Health and Life Insurance Company',
      'Connecticut General Life Insurance Company',
    ],
  },
  {
    name: 'Colonial Life',
    forms: ['Colonial Life', 'Colonial Life & Accident Insurance Company'],
  },
  { name: 'Companion Life', forms: ['Companion Life', 'Companion Life Insurance Company'] },
  { name: 'Davis Vision', forms: ['Davis Vision'], network: true, only: 'vision' },
  {
    name: 'Dearborn Group',
    forms: ['Dearborn National', 'Dearborn Group', 'Dearborn Life Insurance Company'],
  },
  {
    name: 'Delta Dental',
    forms: [
      'Delta Dental',
      'Delta Dental of {state}',
      'Delta Dental Plan of {state}',
      'Delta Dental Insurance Company',
      'DeltaCare USA',
      'DeltaCare',
      'DeltaVision',
    ],
  },
  { name: 'Dentegra', forms: ['Dentegra', 'Dentegra Insurance Company'] },
  {
    name: 'Dominion National',
    forms: ['Dominion National', 'Dominion Dental', 'Dominion Dental Services'],
  },
  {
    name: 'Empire BlueCross BlueShield',
    forms: ['Empire BlueCross BlueShield', 'Empire Blue Cross Blue Shield'],
  },
  {
    name: 'Equitable',
    forms: ['Equitable', 'Equitable Financial Life Insurance Company'],
    common: true,
  },
  {
    name: 'Excellus BlueCross BlueShield',
    forms: ['Excellus BlueCross BlueShield', 'Excellus'],
  },
  { name: 'EyeMed', forms: ['EyeMed', 'EyeMed Vision Care'], network: true, only: 'vision' },
  { name: 'Florida Blue', forms: ['Florida Blue'] },
  {
    name: 'GEHA',
    forms: ['GEHA', 'Government Employees Health Association'],
    network: true,
  },
  {
    name: 'Guardian',
    forms: [
      'Guardian',
      'Guardian Life',
      'The Guardian Life Insurance Company of America',
      'Guardian Life Insurance Company of America',
    ],
    common: true,
  },
  {
    name: 'Health Net',
    forms: ['Health Net', 'Health Net Life Insurance Company', 'Health Net, LLC'],
  },
  { name: 'Highmark', forms: ['Highmark', 'Highmark Blue Shield', 'Highmark BCBS'] },
  {
    name: 'Horizon Blue Cross Blue Shield of New Jersey',
    forms: [
      'Horizon',
      'Horizon Blue Cross Blue Shield of New Jersey',
      'Horizon BCBSNJ',
      'Horizon Healthcare Services, Inc.',
    ],
    common: true,
  },
  {
    name: 'Humana',
    forms: ['Humana', 'Humana Insurance Company', 'Humana Inc.', 'Humana Health Plan'],
  },
  {
    name: 'Independence Blue Cross',
    forms: ['Independence Blue Cross', 'Independence Administrators'],
  },
  {
    name: 'Kaiser Permanente',
    forms: ['Kaiser Permanente', 'Kaiser Foundation Health Plan'],
  },
  {
    name: 'Kansas City Life',
    forms: ['Kansas City Life', 'Kansas City Life Insurance Company'],
  },
  { name: 'Liberty Dental Plan', forms: ['LIBERTY Dental Plan', 'Liberty Dental'] },
  {
    name: 'Lincoln Financial',
    forms: [
      'Lincoln Financial',
      'Lincoln Financial Group',
      'The Lincoln National Life Insurance Company',
      'Lincoln National Life Insurance Company',
      'Lincoln Life & Annuity Company of New York',
    ],
  },
  { name: 'ManhattanLife', forms: ['ManhattanLife', 'Manhattan Life Insurance Company'] },
  {
    name: 'MetLife',
    forms: ['MetLife', 'Metropolitan Life Insurance Company'],
  },
  { name: 'Moda Health', forms: ['Moda Health', 'Moda'] },
  {
    name: 'Mutual of Omaha',
    forms: [
      'Mutual of Omaha',
      'Mutual of Omaha Insurance Company',
      'United of Omaha Life Insurance Company',
    ],
  },
  {
    name: 'Nippon Life Benefits',
    forms: ['Nippon Life Benefits', 'Nippon Life', 'Nippon Life Insurance Company of America'],
  },
  {
    name: 'Physicians Mutual',
    forms: ['Physicians Mutual', 'Physicians Mutual Insurance Company'],
  },
  { name: 'Premera Blue Cross', forms: ['Premera Blue Cross', 'Premera'] },
  { name: 'Premier Access', forms: ['Premier Access', 'Premier Access Insurance Company'] },
  {
    name: 'Principal',
    forms: [
      'Principal',
      'Principal Financial Group',
      'Principal Life',
      'Principal Life Insurance Company',
      'Principal Financial',
    ],
    common: true,
  },
  { name: 'Regence', forms: ['Regence BlueShield', 'Regence BlueCross BlueShield', 'Regence'] },
  {
    name: 'Reliance Standard',
    forms: ['Reliance Standard', 'Reliance Standard Life Insurance Company', 'Reliance Matrix'],
  },
  {
    name: 'Renaissance',
    forms: [
      'Renaissance Dental',
      'Renaissance Life & Health Insurance Company of America',
      'Renaissance',
    ],
    common: true,
  },
  { name: 'SafeGuard', forms: ['SafeGuard', 'SafeGuard Health Plans'], common: true },
  {
    name: 'Securian',
    forms: ['Securian', 'Securian Financial', 'Minnesota Life Insurance Company'],
  },
  {
    name: 'Solstice',
    forms: ['Solstice', 'Solstice Benefits', 'Solstice Health Insurance Company'],
    common: true,
  },
  { name: 'Spirit Dental', forms: ['Spirit Dental', 'Spirit Dental & Vision'] },
  {
    name: 'Sun Life',
    forms: ['Sun Life', 'Sun Life Financial', 'Sun Life Assurance Company of Canada'],
  },
  { name: 'Superior Vision', forms: ['Superior Vision'], network: true, only: 'vision' },
  {
    name: 'The Hartford',
    forms: ['The Hartford', 'Hartford Life and Accident Insurance Company'],
  },
  {
    name: 'The Standard',
    forms: ['The Standard', 'Standard Insurance Company'],
    common: true,
  },
  { name: 'Trustmark', forms: ['Trustmark', 'Trustmark Insurance Company'], common: true },
  { name: 'Unum', forms: ['Unum', 'Unum Life Insurance Company of America'] },
  {
    name: 'United Concordia',
    forms: [
      'United Concordia',
      'United Concordia Dental',
      'United Concordia Insurance Company',
      'United Concordia Companies, Inc.',
    ],
  },
  {
    name: 'UnitedHealthcare',
    forms: [
      'UnitedHealthcare',
      'United Healthcare',
      'UnitedHealthcare Insurance Company',
      'UnitedHealthcare Insurance Company of New York',
      'United HealthCare Services, Inc.',
      'UHC',
    ],
  },
  {
    name: 'Vision Benefits of America',
    forms: ['Vision Benefits of America', 'Vision Benefits of America, Inc.'],
    only: 'vision',
  },
  { name: 'Voya', forms: ['Voya', 'Voya Financial', 'ReliaStar Life Insurance Company'] },
  {
    name: 'VSP',
    forms: ['VSP', 'VSP Vision Care', 'VSP Vision Care, Inc.', 'Vision Service Plan'],
    network: true,
    only: 'vision',
  },
  { name: 'Wellmark', forms: ['Wellmark', 'Wellmark Blue Cross Blue Shield'] },
  {
    name: 'Western Dental',
    forms: ['Western Dental', 'Western Dental Services, Inc.', 'Western Dental Services'],
    only: 'dental',
  },
];

/**
 * Names that contain an insurer's but name someone else: the association that licenses the Blue
 * plans and its marks ('Independent licensee of the Blue Cross and Blue Shield Association').
 */
export const NOT_INSURERS: RegExp[] = [
  /\bBlue\s*Cross[®™]?\s+(?:(?:and|&)\s+)?Blue\s*Shield[®™]?\s+Association\b/gi,
  /\bBlue\s*(?:Cross|Shield)[®™]?\s+Association\b/gi,
  // 'The Blue Cross® and Blue Shield® names and symbols are registered marks of …'
  /\bBlue\s*Cross[®™]?\s+(?:(?:and|&)\s+)?Blue\s*Shield[®™]?\s+(?:names?|symbols?|marks?)\b/gi,
  /\bBCBSA\b/g,
];

/** A known insurer's name as printed in a text. */
const squeezed = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Every printed form of the insurers that serve only vision, squeezed ('eyemed', 'vsp'). */
const VISION_ONLY_FORMS = new Set(
  INSURERS.filter((i) => i.only === 'vision').flatMap((i) => i.forms.map(squeezed)),
);

/**
 * A heading that is only the name of an insurer serving vision alone ('Eye Med', 'VSP', 'Davis
 * Vision', 'EyeMed Vision'), however it is spaced: the brand a vision plan is sold under.
 */
export function namesVisionOnlyInsurer(heading: string): boolean {
  const text = squeezed(heading);
  return VISION_ONLY_FORMS.has(text) || VISION_ONLY_FORMS.has(text.replace(/vision$/, ''));
}

export interface InsurerMention {
  insurer: InsurerEntry;
  /** The form as printed (trademark signs dropped). */
  printed: string;
  index: number;
  end: number;
  /** A legal entity's name (Company, Inc., Corp., LLC …), not the brand. */
  legal: boolean;
  /** A state plan's own name ('Delta Dental of Minnesota'). */
  regional: boolean;
}

/** 'of New Jersey': checked for capitals after the match (the expression may ignore case). */
const STATE = String.raw`(?<state>(?:\s+[A-Z][A-Za-z]+){1,3})`;
/** Between a name's words: spaces, or a bar or dot between a logo's words ('PREMERA | Blue Cross'). */
const GAP = String.raw`(?:\s*[|·•]\s*|\s+)`;
const MARK = '[®™℠©]?';

interface Matcher {
  insurer: InsurerEntry;
  re: RegExp;
  legal: boolean;
  /** A common entry's form in capitals: counts on a short text only. */
  caps: boolean;
  /**
   * The runs of letters and digits (A–Z, 0–9) of the form's words, in lower case. A match is
   * bounded by other characters on each side and sets each of its words apart by gaps and marks,
   * so each of these is a whole run of the text's: a text lacking one names no such form, and
   * the expression is not run over it.
   */
  runs: string[];
}

/** A text's runs of letters and digits (A–Z, 0–9), in lower case. */
function runsOf(text: string): string[] {
  return (text.match(/[A-Za-z0-9]+/g) ?? []).map((r) => r.toLowerCase());
}

/** One regular expression per form: words apart by any gap, a trademark sign after any word. */
function matchersOf(insurer: InsurerEntry, form: string): Matcher[] {
  const body = (f: string) =>
    f
      .split(/\s+/)
      .map((w, i) => (w === '{state}' ? STATE : (i ? GAP : '') + escapeRegExp(w) + MARK))
      .join('');
  const legal =
    /\b(company|inc\.?|corp\.?|llc|incorporated|association|companies|services)\b/i.test(form);
  const wrap = (b: string, flags: string) =>
    new RegExp(`(?<![A-Za-z0-9])${b}(?![A-Za-z0-9])`, flags);
  const runs = [
    ...new Set(
      form
        .split(/\s+/)
        .filter((w) => w !== '{state}')
        .flatMap(runsOf),
    ),
  ];
  if (!insurer.common) return [{ insurer, re: wrap(body(form), 'gi'), legal, caps: false, runs }];
  // capitalised as written ('Guardian', not 'legal guardian'), or in capitals on a logo's line
  return [
    { insurer, re: wrap(body(form), 'g'), legal, caps: false, runs },
    {
      insurer,
      re: wrap(
        body(
          form
            .split(/\s+/)
            .map((w) => (w === '{state}' ? w : w.toUpperCase()))
            .join(' '),
        ),
        'g',
      ),
      legal,
      caps: true,
      runs,
    },
  ];
}

const MATCHERS: Matcher[] = INSURERS.flatMap((i) => i.forms.flatMap((f) => matchersOf(i, f)));
/** The matchers (their places in MATCHERS) by their first run; those without a run apart. */
const MATCHERS_BY_RUN = new Map<string, number[]>();
const MATCHERS_WITHOUT_RUNS: number[] = [];
MATCHERS.forEach((m, i) => {
  const first = m.runs[0];
  if (first === undefined) MATCHERS_WITHOUT_RUNS.push(i);
  else MATCHERS_BY_RUN.set(first, [...(MATCHERS_BY_RUN.get(first) ?? []), i]);
});

/**
 * Every known insurer a text names, longest form first where forms overlap ('Anthem Blue Cross'
 * rather than 'Blue Cross'). A one-word common form in capitals counts only on a short text
 * (a logo or a heading, not a sentence in capitals).
 */
export function insurerMentions(text: string): InsurerMention[] {
  let mentions = mentionsOf.get(text);
  if (!mentions) {
    mentions = findMentions(text);
    mentionsOf.set(text, mentions);
  }
  // fresh objects each time, as if found anew (a caller may keep or change them)
  return mentions.map((m) => ({ ...m }));
}

/** Texts searched already in this reading. */
const mentionsOf = readingCache<string, InsurerMention[]>();

function findMentions(text: string): InsurerMention[] {
  const found: InsurerMention[] = [];
  const short = text.trim().split(/\s+/).length <= 4;
  // only the forms whose runs the text holds, in the order of MATCHERS
  const runs = new Set(runsOf(text));
  const candidates = [...MATCHERS_WITHOUT_RUNS];
  for (const run of runs) candidates.push(...(MATCHERS_BY_RUN.get(run) ?? []));
  candidates.sort((a, b) => a - b);
  for (const i of candidates) {
    const m = MATCHERS[i]!;
    if (!m.runs.every((r) => runs.has(r))) continue;
    for (const hit of text.matchAll(m.re)) {
      let text0 = hit[0];
      const state = hit.groups?.state;
      if (state !== undefined) {
        // 'of New Jersey' stays, 'of your choice' is no state: keep the capitalised words only
        const words = state.trim().split(/\s+/);
        const kept = words.findIndex(
          (w) =>
            !/^[A-Z]/.test(w) ||
            /^(plans?|dental|vision|insurance|life|health|company|summary|benefits?|group|ppo|hmo|dhmo|and)$/i.test(
              w,
            ),
        );
        if (kept === 0) continue;
        if (kept > 0)
          text0 = `${text0.slice(0, text0.length - state.length)} ${words.slice(0, kept).join(' ')}`;
      }
      const printed = text0.replace(/[®™℠©]/g, '').replace(/\s*[|·•]\s*|\s+/g, ' ');
      if (m.caps && !short) continue;
      // 'The Standard Plan', 'Standard lenses': a common word naming a plan's feature
      if (
        m.insurer.common &&
        /^[\s®™℠]*(plans?|options?|lens(es)?|frames?|coverage|benefits?|design|tiers?|networks?|ppo|hmo|dhmo|rates?)\b/i.test(
          text.slice(hit.index! + text0.length),
        )
      )
        continue;
      found.push({
        insurer: m.insurer,
        printed,
        index: hit.index!,
        end: hit.index! + text0.length,
        legal: m.legal,
        regional: state !== undefined,
      });
    }
  }
  const excluded = NOT_INSURERS.flatMap((re) =>
    [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length] as const),
  );
  const outside = (f: InsurerMention) => !excluded.some(([a, b]) => f.index < b && f.end > a);
  // keep the longest of overlapping mentions; at equal length the first entry
  found.sort((a, b) => a.index - b.index || b.end - b.index - (a.end - a.index));
  const out: InsurerMention[] = [];
  for (const f of found.filter(outside)) {
    const last = out[out.length - 1];
    if (last && f.index < last.end) continue;
    out.push(f);
  }
  return out;
}
