import type { Line } from '../layout.ts';
import type { AnalyzedDocument } from './document.ts';
import { type Evidence, evidence } from './evidence.ts';
import type { Product } from './vocabulary.ts';

/**
 * The insurer named by the document's own head when no label names it: a title that puts a name
 * before the product and the kind of document ('VSP Vision Care Proposal', 'Guardian® Dental
 * Quote'), or a 'Prepared by …' line at the top of the first page or in a running header. The
 * layout says who issues the document; the name must look like an organisation (capitalised words,
 * no digits, not only generic words, not the employer the document is prepared for). Insurer-ish
 * words (Life, Insurance, Dental, Financial, Mutual …) or a known carrier name make it surer; a
 * name from a 'Prepared by' line needs one of them, since brokers and account managers sign such
 * lines too. A product section's own title names that product's issuer.
 */

export interface Issuer {
  name: string;
  line: Line;
  /** An insurer-ish word or a known carrier name. */
  strong: boolean;
}

/** Words that make a name an insurer's (or a carrier's brand). */
const INSURER_WORDS =
  /\b(life|insurance|assurance|indemnity|casualty|mutual|financial|health|healthcare|dental|vision|care|benefit|benefits|service plan|blue cross|blue shield)\b/i;

/**
 * Carriers that sell group dental or vision in the US: a hint that raises a name's score, never
 * needed to find it.
 */
const KNOWN_CARRIERS = [
  'aetna',
  'aflac',
  'ameritas',
  'anthem',
  'avesis',
  'beam',
  'best life',
  'blue cross',
  'blue shield',
  'cigna',
  'colonial',
  'companion life',
  'davis vision',
  'dearborn',
  'delta dental',
  'dominion',
  'equitable',
  'eyemed',
  'florida blue',
  'guardian',
  'humana',
  'kansas city life',
  'lincoln',
  'manhattanlife',
  'metlife',
  'mutual of omaha',
  'nippon',
  'principal',
  'reliance',
  'renaissance',
  'securian',
  'solstice',
  'sun life',
  'superior vision',
  'the hartford',
  'the standard',
  'united concordia',
  'unitedhealthcare',
  'unum',
  'voya',
  'vsp',
];

/** Words that sign a broker or consultant, not an insurer. */
const BROKER_WORDS =
  /\b(agency|brokerage|brokers?|consult\w*|advis\w*|insurance services|benefits? group|account (manager|executive)|representative)\b/i;

/** Words no organisation is named by alone. */
const GENERIC =
  /^(the|a|an|group|employee|employees|voluntary|dental|vision|and|&|insurance|benefits?|plan|plans|proposal|quote|your|our|new|annual|proposed|renewal|summary|of|for|ppo|dppo|dhmo|dmo|hmo|epo|indemnity|option|options|base|core|buy-up|high|low)$/i;

const PRODUCT = String.raw`(?:(?:group|employee|voluntary|ppo|dhmo|indemnity)\s+)*(?:dental|vision|dental\s+(?:and|&)\s+vision|vision\s+(?:and|&)\s+dental|benefits?|insurance)(?:\s+(?:plan|insurance|benefits?|coverage))*`;
const DOCUMENT = String.raw`(?:proposal|quote|quotation|renewal|plan\s+summary|benefit\s+summary|summary\s+of\s+benefits|rate\s+quote|comparison|overview|offer|presentation)`;
/** 'NAME Dental Proposal', 'NAME Vision Care Proposal', 'NAME Group Dental Quote' */
const TITLE = new RegExp(String.raw`^(.+?)\s+(?:${PRODUCT}\s+)?${DOCUMENT}\b`, 'i');
/** 'Prepared by NAME', 'Presented by: NAME · Group Dental' */
const PREPARED =
  /^(?:.*?\b)?(?:prepared|presented|provided|offered|quoted|underwritten|insured|issued)\s+by:?\s+(.+)$/i;

function clean(text: string): string {
  return text
    .replace(/[®™©℠]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The name at the start of a text, up to a separator or a word that is no part of a name. */
export function leadingName(text: string): string {
  const head = text.split(/\s+[·•|–—-]\s+|\s*[,;:()]\s*|\s+\|\s*/)[0] ?? '';
  const words: string[] = [];
  for (const w of head.split(/\s+/)) {
    if (/^(of|and|&|the|de|du)$/i.test(w) && words.length) words.push(w);
    else if (/^[A-Z][\w.&'’-]*$/.test(w)) words.push(w);
    else break;
  }
  while (words.length && /^(of|and|&|the|de|du)$/i.test(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** Whether a text looks like an organisation's name. */
export function organisationLike(name: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 6 || name.length < 2) return false;
  if (/\d/.test(name)) return false;
  if (!/^[A-Z]/.test(name)) return false;
  if (words.every((w) => GENERIC.test(w))) return false;
  if (/^(prepared|presented|dear|re|for|to|attn|attention|page|date)\b/i.test(name)) return false;
  // 'Dental PPO', 'Group Vision Plan': a product named, not an organisation
  if (/^(group|insurance|employee|dental|vision|voluntary|plan)\b/i.test(name)) return false;
  return true;
}

/** An insurer-ish word or a known carrier's name. */
export function insurerLike(name: string): boolean {
  const n = name.toLowerCase();
  return INSURER_WORDS.test(name) || KNOWN_CARRIERS.some((k) => n.includes(k));
}

/** The issuer a single line names: a title or a 'Prepared by' line. */
export function issuerInLine(text: string): { name: string; prepared: boolean } | undefined {
  const t = clean(text);
  const prepared = t.match(PREPARED);
  if (prepared) {
    const name = leadingName(prepared[1]!);
    return organisationLike(name) ? { name, prepared: true } : undefined;
  }
  const title = t.match(TITLE);
  if (title) {
    let name = title[1]!.trim();
    // 'Delta Dental of Minnesota · Group Proposal': the name, a separator, then the kind of
    // document in generic words
    const lead = leadingName(name);
    const after = name.slice(lead.length).match(/^\s+[·•|–—-]\s+(.+)$/)?.[1];
    if (lead && after?.split(/\s+/).every((w) => GENERIC.test(w))) name = lead;
    // the whole prefix must be the name: 'Dental Proposal for Acme' or 'Your 2027 Dental Quote' is not
    if (leadingName(name) !== name || !organisationLike(name)) return undefined;
    // 'Delta Dental Proposal': the product word is part of a known carrier's name
    const rest =
      t
        .slice(title.index! + name.length)
        .trim()
        .split(/\s+/)[0] ?? '';
    const longer = `${name} ${rest}`;
    if (KNOWN_CARRIERS.includes(longer.toLowerCase())) return { name: longer, prepared: false };
    return { name, prepared: false };
  }
  return undefined;
}

/** Whether the document says the name is the employer's ('Prepared for: NAME', 'Employer NAME'). */
function namesEmployer(doc: AnalyzedDocument, name: string): boolean {
  const key = name.toLowerCase();
  const re =
    /\b(prepared for|presented to|proposal for|quote for|employer|group( name)?|policyholder|client|customer|account|company name|for)\b\s*:?\s*$/i;
  for (const item of doc.items) {
    const texts: string[] =
      item.kind === 'line'
        ? [item.line.text]
        : item.table.table.cells.map((c) => c.text).filter((t) => t.toLowerCase().includes(key));
    for (const text of texts) {
      const at = text.toLowerCase().indexOf(key);
      if (at < 0) continue;
      if (re.test(text.slice(0, at))) return true;
      if (item.kind === 'table') {
        // a key/value row: the name's cell beside an employer label
        const cell = item.table.table.cells.find((c) => c.text === text);
        const left =
          cell && item.table.table.cells.find((c) => c.row === cell.row && c.col < cell.col);
        if (
          left &&
          /^(employer|group( name)?|prepared for|client|policyholder|company)\b/i.test(left.text)
        )
          return true;
      }
    }
  }
  return false;
}

/**
 * The issuer named at the head of the document (the first lines of the first page, before any
 * table) or in its running headers. A title's name counts without insurer-ish words (the layout
 * says it is the issuer); a 'Prepared by' name needs them.
 */
export function issuerName(doc: AnalyzedDocument, product?: Product): Issuer | undefined {
  const head: Line[] = [];
  const others = new Set<Line>();
  for (const item of doc.items) {
    if (item.kind === 'table') break;
    if (item.line.page !== 1) break;
    head.push(item.line);
    // a title inside another product's section is not this product's
    if (product && item.scope.product && item.scope.product !== product) others.add(item.line);
    if (head.length >= 8) break;
  }
  const candidates: Array<Issuer & { rank: number }> = [];
  const consider = (line: Line, rank: number) => {
    const found = issuerInLine(line.text);
    if (!found) return;
    const strong = insurerLike(found.name);
    if (BROKER_WORDS.test(found.name)) return;
    if (found.prepared && !strong) return;
    if (namesEmployer(doc, found.name)) return;
    candidates.push({ name: found.name, line, strong, rank: rank - (strong ? 0 : 1) });
  };
  // a title set larger than the body ranks above one in body type
  for (const line of head) {
    if (!others.has(line)) consider(line, line.size >= doc.bodySize * 1.2 ? 3 : 2);
  }
  for (const line of doc.furniture) consider(line, 1);
  // a product section's own title ('VSP Vision Care Proposal' over the vision pages) names that
  // product's issuer first, when the name is an insurer's
  if (product) {
    for (const item of doc.items) {
      if (item.kind !== 'line' || !item.heading || item.scope.product !== product) continue;
      const found = issuerInLine(item.line.text);
      if (found && !found.prepared && insurerLike(found.name)) consider(item.line, 4);
    }
  }
  candidates.sort((a, b) => b.rank - a.rank);
  const best = candidates[0];
  return best ? { name: best.name, line: best.line, strong: best.strong } : undefined;
}

/** The issuer as evidence: surer when the name is an insurer's. */
export function issuerEvidence(issuer: Issuer): Evidence {
  return evidence(
    issuer.name,
    { page: issuer.line.page, box: issuer.line.box, reading: issuer.line.confidence },
    issuer.strong ? 'heading' : 'fallback',
  );
}
