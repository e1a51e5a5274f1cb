import type { Line } from '../layout.ts';
import type { AnalyzedDocument } from './document.ts';
import { type Evidence, evidence } from './evidence.ts';
import type { Facts } from './facts.ts';
import { type InsurerEntry, type InsurerMention, insurerMentions } from './insurers.ts';
import { type Product, productsNamed } from './vocabulary.ts';

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
  return INSURER_WORDS.test(name) || insurerMentions(name).length > 0;
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
    if (insurerMentions(longer).some((m) => m.printed.toLowerCase() === longer.toLowerCase()))
      return { name: longer, prepared: false };
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

// ---------------------------------------------------------------- the carrier as a choice

/**
 * Where a known insurer's name is printed, and how much that place says about who issues the
 * document. The insurer whose mentions weigh most is the carrier.
 */
export type MentionPlace =
  /** the value of a carrier label ('Carrier: MetLife', 'Insurance Company | Humana') */
  | 'label'
  /** the head of the first page: a logo set as text, a title */
  | 'head'
  /** a product section's heading ('VSP Vision Care Proposal' over the vision pages) */
  | 'sectionHeading'
  /** a running header or footer */
  | 'furniture'
  /** 'underwritten by …', 'insured by …', 'issued by …' */
  | 'underwriting'
  /** 'administered by …', 'offered through …': often a network or an administrator */
  | 'administration'
  /** a trademark, copyright or trade-name line ('Anthem Blue Cross is the trade name of …') */
  | 'mark'
  /** a web address ('humana.com') */
  | 'web'
  /** a line or table row that names this product alone ('Dental: Delta Dental', 'Vision | VSP') */
  | 'productLine'
  /** anywhere else: running text, a table cell */
  | 'body';

const PLACE_WEIGHT: Record<MentionPlace, number> = {
  label: 6,
  head: 3,
  sectionHeading: 2,
  furniture: 2,
  underwriting: 2.5,
  administration: 0.5,
  mark: 1.5,
  web: 0.3,
  productLine: 1.5,
  body: 0.5,
};

/** Whether a text names this product and not the other one, apart from the insurer's own name. */
function namesOnly(text: string, m: InsurerMention, product: Product): boolean {
  const rest = text.replace(m.printed, ' ');
  if (rest.split(/\s+/).length > 14) return false;
  const named = productsNamed(rest);
  return named.length === 1 && named[0] === product;
}

/** Body mentions count up to this much for one insurer: a name repeated in text is no logo. */
const BODY_CAP = 2;

/** Words after a name that make it a provider network, not the plan's insurer. */
const NETWORK_AFTER =
  /^\s*[®™℠]?\s*(?:[A-Z][\w+-]*\s+){0,2}(?:network|networks|providers?|doctors?|dentists?|locations?|retail|affiliated|participating)\b/i;
/** Words before a name that make it a network or an administrator. */
const NETWORK_BEFORE =
  /\b(?:network|networks|in-network|through|via|powered by|access to|using|administered by|administrator|discounts? (?:at|through|from))\s*[:–-]?\s*(?:the\s+)?$/i;
const UNDERWRITING_BEFORE =
  /\b(?:underwritten|insured|issued|written|offered|provided|sold)\s+by\s*(?:the\s+)?$|\binsurer\b[^.]{0,20}$|\bpolicies\s+(?:are\s+)?issued\s+by\s*$/i;
const ADMINISTRATION_BEFORE = /\b(?:administered|serviced|managed)\s+by\s*(?:the\s+)?$/i;
const MARK_LINE =
  /©|\(c\)|\bcopyright\b|\btrade ?name\b|\btrademarks?\b|\bservice marks?\b|\bregistered marks?\b|\bbrand name\b/i;

export interface MentionWeight {
  mention: InsurerMention;
  place: MentionPlace;
  weight: number;
  /** Printed as a network's or administrator's name. */
  asNetwork: boolean;
  source: Evidence['source'];
}

function placeOf(text: string, m: InsurerMention, base: MentionPlace): MentionPlace {
  const before = text.slice(Math.max(0, m.index - 60), m.index);
  const after = text.slice(m.end, m.end + 4);
  if (/^\.(com|org|net)\b/i.test(after) || /(www\.|https?:\/\/|@)\S*$/i.test(before)) return 'web';
  if (base === 'label' || base === 'head' || base === 'sectionHeading') return base;
  if (UNDERWRITING_BEFORE.test(before)) return 'underwriting';
  if (ADMINISTRATION_BEFORE.test(before)) return 'administration';
  if (MARK_LINE.test(text)) return 'mark';
  return base;
}

function networkContext(text: string, m: InsurerMention): boolean {
  const before = text.slice(Math.max(0, m.index - 40), m.index);
  return NETWORK_AFTER.test(text.slice(m.end, m.end + 40)) || NETWORK_BEFORE.test(before);
}

/** Every mention of a known insurer in the document, weighed by where it is printed. */
export function weighMentions(
  doc: AnalyzedDocument,
  product?: Product,
  labelled: Evidence[] = [],
): MentionWeight[] {
  const out: MentionWeight[] = [];
  /**
   * `section`: the mention sits in this product's section ('own'), another product's ('other')
   * or in no product's. `context`: the text around it that may name the product (its line, or
   * its table row).
   */
  const add = (
    text: string,
    base: MentionPlace,
    source: Evidence['source'],
    section?: 'own' | 'other',
    context = text,
  ) => {
    for (const mention of insurerMentions(text)) {
      // a vision network (EyeMed's logo on the vision page) is never the dental plan's carrier
      if (product && mention.insurer.only && mention.insurer.only !== product) continue;
      let place = placeOf(text, mention, base);
      // 'Dental: Delta Dental of Colorado', a contacts row 'Vision | VSP | vsp.com': the line or
      // row names this product alone beside the insurer
      if (place === 'body' && product && namesOnly(context, mention, product))
        place = 'productLine';
      const asNetwork = networkContext(text, mention);
      let weight = PLACE_WEIGHT[place] + (mention.legal && place !== 'web' ? 0.5 : 0);
      // a name printed as another product's insurer, or as a network, says little about this one
      if (section === 'other') weight *= 0.2;
      // running text in this product's own section ('Dental' pages of a benefits guide) says more
      // than running text elsewhere
      if (section === 'own' && (place === 'body' || place === 'productLine')) weight *= 1.5;
      if (asNetwork) weight *= 0.25;
      out.push({ mention, place, weight, asNetwork, source });
    }
  };
  // a section of another line of coverage (the medical grid's 'Blue Cross and Blue Shield of
  // Oklahoma' beside the dental table) names that coverage's insurer, not this product's
  const sectionOf = (
    scoped: Product | undefined,
    otherCoverage?: boolean,
  ): 'own' | 'other' | undefined =>
    !product
      ? undefined
      : otherCoverage
        ? 'other'
        : !scoped
          ? undefined
          : scoped === product
            ? 'own'
            : 'other';
  for (const e of labelled) add(e.value, 'label', e.source);
  // the head of the first page: its first lines before any table
  const head = new Set<Line>();
  for (const item of doc.items) {
    if (item.kind === 'table' || item.line.page !== 1 || head.size >= 10) break;
    head.add(item.line);
  }
  for (const item of doc.items) {
    if (item.kind === 'line') {
      const l = item.line;
      const base: MentionPlace = head.has(l)
        ? 'head'
        : item.heading && product && item.scope.product === product
          ? 'sectionHeading'
          : 'body';
      add(
        l.text,
        base,
        { page: l.page, box: l.box, reading: l.confidence },
        sectionOf(item.scope.product, item.scope.otherCoverage),
      );
    } else {
      const t = item.table;
      const section = sectionOf(t.scope.product, t.scope.otherCoverage);
      for (const c of t.table.cells) {
        const row = t.table.cells
          .filter((o) => o.row === c.row)
          .map((o) => o.text.replace(/\n/g, ' '))
          .join(' | ');
        add(c.text.replace(/\n/g, ' '), 'body', sourceOfCellLike(c, t.table.page), section, row);
      }
    }
  }
  // running headers and footers repeat on every page: each text counts once
  const seen = new Set<string>();
  for (const l of doc.furniture) {
    const key = l.text.replace(/\d+/g, '#').trim();
    if (seen.has(key)) continue;
    seen.add(key);
    add(l.text, 'furniture', { page: l.page, box: l.box, reading: l.confidence });
  }
  return out;
}

function sourceOfCellLike(
  c: { box?: Line['box']; lines: Line[] },
  page: number,
): Evidence['source'] {
  const l = c.lines[0];
  return { page, ...(c.box ? { box: c.box } : {}), reading: l ? l.confidence : 1 };
}

export interface InsurerChoice {
  insurer: InsurerEntry;
  /** The name to report, as printed. */
  name: string;
  weight: number;
  /** The weight of the next insurer. */
  runnerUp: number;
  best: MentionWeight;
}

/**
 * The known insurer the document is issued under: the one whose mentions weigh most (a logo or a
 * title at the head, a footer, an 'underwritten by' phrase, a carrier label; running text counts
 * a little). Reported as the document prints its brand: the insurer's own short name when
 * printed ('Guardian', 'Health Net'), else its best-placed printed form; a legal entity's name
 * only when no brand form is printed.
 */
export function chooseInsurer(
  doc: AnalyzedDocument,
  product?: Product,
  labelled: Evidence[] = [],
): InsurerChoice | undefined {
  const weighed = weighMentions(doc, product, labelled);
  const byInsurer = new Map<InsurerEntry, MentionWeight[]>();
  for (const w of weighed)
    byInsurer.set(w.mention.insurer, [...(byInsurer.get(w.mention.insurer) ?? []), w]);
  const totals = [...byInsurer.entries()].map(([insurer, ws]) => {
    const body = ws
      .filter((w) => w.place === 'body' || w.place === 'web')
      .reduce((a, w) => a + w.weight, 0);
    const placed = ws
      .filter((w) => w.place !== 'body' && w.place !== 'web')
      .reduce((a, w) => a + w.weight, 0);
    return { insurer, ws, weight: placed + Math.min(body, BODY_CAP) };
  });
  // a network insurers rent (VSP, EyeMed, Davis Vision) beside an insurer named in a placed
  // mention (a footer, a legal line, the head) is that insurer's network
  const placedInsurer = totals.some(
    (t) => !t.insurer.network && t.ws.some((w) => w.place !== 'body' && w.place !== 'web'),
  );
  if (placedInsurer) for (const t of totals) if (t.insurer.network) t.weight *= 0.5;
  totals.sort((a, b) => b.weight - a.weight);
  const top = totals[0];
  if (!top) return undefined;
  // the form to report
  const forms = new Map<
    string,
    { weight: number; legal: boolean; regional: boolean; best: MentionWeight }
  >();
  for (const w of top.ws) {
    if (w.asNetwork) continue;
    const key = w.mention.printed;
    const f = forms.get(key);
    if (!f)
      forms.set(key, {
        weight: w.weight,
        legal: w.mention.legal,
        regional: w.mention.regional,
        best: w,
      });
    else {
      f.weight += w.weight;
      if (w.weight > f.best.weight) f.best = w;
    }
  }
  const own = (name: string) => Number(name.toLowerCase() === top.insurer.name.toLowerCase());
  // a brand before a legal entity; a state plan's own name ('Delta Dental of Minnesota'); the
  // insurer's usual name; the best placed
  const ranked = [...forms.entries()].sort(
    (a, b) =>
      Number(a[1].legal) - Number(b[1].legal) ||
      Number(b[1].regional) - Number(a[1].regional) ||
      own(b[0]) - own(a[0]) ||
      b[1].weight - a[1].weight ||
      b[0].length - a[0].length,
  );
  const best = top.ws.reduce((a, w) => (w.weight > a.weight ? w : a));
  const chosen = ranked[0];
  return {
    insurer: top.insurer,
    name: chosen ? chosen[0] : best.mention.printed,
    weight: top.weight,
    runnerUp: totals[1]?.weight ?? 0,
    best: chosen ? chosen[1].best : best,
  };
}

// ---------------------------------------------------------------- without a known insurer

/**
 * The carrier's name when no label gives it: the logo text at the top of the first page when a
 * legal name printed elsewhere confirms it ('Guardian' … 'The Guardian Life Insurance Company of
 * America'), else the issuer a title or 'Prepared by' line names ('Guardian® Dental Quote') when
 * the legal name agrees or there is none, else that legal name, else the logo text alone.
 */
export function carrierFallback(
  doc: AnalyzedDocument,
  underwriter: Evidence | undefined,
  product?: Product,
): Evidence | undefined {
  const legal = underwriter ?? legalName(doc);
  const logo = logoText(doc);
  if (logo && legal) {
    const words = logo.value.toLowerCase().split(/\s+/);
    if (words.every((w) => legal.value.toLowerCase().includes(w)))
      return { ...logo, method: 'heading' };
  }
  const issuer = issuerName(doc, product);
  if (issuer) {
    const first = issuer.name.toLowerCase().split(/\s+/)[0]!;
    const agrees = (e: Evidence) => e.value.toLowerCase().split(/\s+/).includes(first);
    // a legal name or a logo that names someone else is the surer issuer
    if (legal ? agrees(legal) : !logo || agrees(logo)) return issuerEvidence(issuer);
  }
  if (legal) return { ...legal, method: 'fallback' };
  return logo;
}

/** The largest short text at the top of the first page (a logo set as text). */
function logoText(doc: AnalyzedDocument): Evidence | undefined {
  // the head of the first page: a heading after the first table is a section's, not a logo
  const firstTable = doc.items.findIndex((i) => i.kind === 'table');
  const top = doc.items
    .slice(0, firstTable < 0 ? undefined : firstTable)
    .filter((i) => i.kind === 'line' && i.line.page === 1)
    .slice(0, 8)
    .flatMap((i) => (i.kind === 'line' ? [i.line] : []));
  const candidates = top
    .map((line) => ({
      line,
      // OCR reads a logo's picture as stray marks before the name
      // a bar or dot set between a logo's words ('PREMERA | Blue Cross') is decoration
      text: line.text
        .replace(/^([^A-Za-z]+\s+|[A-Za-z]{0,1}[^A-Za-z\s]+\s+)+/, '')
        .replace(/\s+[|·•]\s+(?=[A-Za-z])/g, ' ')
        // a full stop set after a one-word logo ('highmark.') is decoration
        .replace(/^([A-Za-z]{4,})\.$/, '$1')
        .trim(),
    }))
    .filter(
      ({ text }) =>
        text.length > 2 &&
        text.split(/\s+/).length <= 6 &&
        !/\d/.test(text) &&
        !/\b(proposal|quote|summary|benefits?|(?<!\b(?:dental|vision|health) )plan|renewal|prepared|exhibit|schedule|overview|comparison|eligib\w*|class(es)?|rates?|contributions?|coverage|covered|services|highlights)\b/i.test(
          text,
        ) &&
        // 'Group Dental Proposal' and 'Dental Benefits' are titles; 'Dearborn Group' and 'VSP
        // Vision Care' are names
        !/^(group|insurance|employee|dental|vision)\b/i.test(text),
    );
  // a logo set in two sizes ('VSP' large, 'Vision Care' small) counts by its largest word
  const size = (l: (typeof candidates)[number]['line']) => Math.max(...l.words.map((w) => w.size));
  const best = candidates.sort((a, b) => size(b.line) - size(a.line))[0];
  if (!best || size(best.line) < doc.bodySize * 1.3) return undefined;
  return evidence(
    best.text,
    { page: 1, box: best.line.box, reading: best.line.confidence },
    'default',
  );
}

/**
 * The legal name of the insurer printed somewhere (footer, disclaimer), as a fallback carrier;
 * 'of' and 'and' between capitalised words are part of it ('Mutual of Omaha Insurance Company').
 */
export function legalName(doc: AnalyzedDocument): Evidence | undefined {
  const re =
    /\b((?:[A-Z][\w&.'-]*\s+(?:(?:of|and|&)\s+(?=[A-Z]))?){0,6}(?:Life|Insurance|Assurance|Casualty|Indemnity|Health)(?:\s+(?:and|&)\s+[A-Z]\w*)*\s+(?:Insurance\s+)?(?:Company|Corporation|Corp\.?|Inc\.?)(?:\s+of\s+(?:[A-Z][a-z]+\s?){1,3})?)/;
  const lines = [
    ...doc.items.flatMap((i) => (i.kind === 'line' ? [i.line] : [])),
    ...doc.furniture,
  ];
  for (const line of lines) {
    const m = line.text.match(re);
    if (!m) continue;
    const name = m[1]!
      .replace(/^(the group policy issued by|issued by|underwritten by|by)\s+/i, '')
      .trim();
    return evidence(name, { page: line.page, box: line.box, reading: line.confidence }, 'fallback');
  }
  return undefined;
}

// ---------------------------------------------------------------- the choice

/** Words that start a sentence or a heading, never an insurer's name ('This', 'A Look …'). */
const NOT_A_NAME_START =
  /^(this|that|these|those|a|an|your|our|my|it|its|if|when|what|who|how|why|all|each|every|any|some|no|not|please|see|for|to|in|on|at|by|with|you|we|they|here|there)\b/i;
/** Market segments and plan kinds that a heading names ('Small Group', 'Large Group PPO'). */
const SEGMENT =
  /^(small|large|mid|individual|family|group|employer|employee|voluntary|core|base|buy-?up|high|low|basic|enhanced|standard|premium|platinum|gold|silver|bronze)\b.*\b(group|market|business|segment|plans?|ppo|hmo|dhmo|epo|option|options|employers?)$/i;

/**
 * Whether a text can be an insurer's name as reported: a name, not a sentence fragment, a heading,
 * a label with its value, a parenthetical note, a market segment or a lone generic phrase.
 */
export function nameLike(text: string): boolean {
  const t = clean(text);
  if (!t || t.length < 2 || t.length > 80) return false;
  const words = t.split(/\s+/);
  if (words.length > 9) return false;
  if (/^[([]|[:?!]|\.\s+\S/.test(t)) return false;
  if (!/^[A-Z0-9]/.test(t) || /^\d/.test(t)) return false;
  if (NOT_A_NAME_START.test(t) && !/^(the)\b/i.test(t)) return false;
  if (SEGMENT.test(t)) return false;
  // 'Insurance Company', 'Dental Plan': generic words only
  if (
    words.every(
      (w) => GENERIC.test(w) || /^(company|corporation|inc\.?|life|health|care)$/i.test(w),
    )
  )
    return false;
  return true;
}

function methodOf(place: MentionPlace): Evidence['method'] {
  switch (place) {
    case 'label':
      return 'keyValue';
    case 'head':
    case 'sectionHeading':
    case 'furniture':
    case 'mark':
      return 'heading';
    case 'underwriting':
      return 'prose';
    default:
      return 'fallback';
  }
}

/**
 * The carrier of one product: a carrier label's value when it reads as a name (as printed: 'Carrier:
 * Delta Dental of Minnesota'), else the known insurer the document is issued under
 * (chooseInsurer), else the issuer its layout names (a title, a logo, a legal name: carrierFallback)
 * when that reads as a name. A sentence fragment or a heading never wins.
 */
export function carrierOf(
  doc: AnalyzedDocument,
  facts: Facts,
  product: Product,
): Evidence | undefined {
  const scoped = (kind: 'carrier' | 'underwriter') =>
    facts.facts
      .filter(
        (f) => f.kind === kind && (f.scope.product === undefined || f.scope.product === product),
      )
      .sort(
        (a, b) =>
          Number(b.scope.product === product) - Number(a.scope.product === product) ||
          a.order - b.order,
      )
      .map((f) => f.evidence);
  const labelled = scoped('carrier').filter((e) => nameLike(e.value));
  if (labelled[0]) return labelled[0];
  const choice = chooseInsurer(doc, product);
  if (choice) {
    const doubt = choice.runnerUp > 0 ? Math.min(0.5, choice.runnerUp / choice.weight) : 0;
    return evidence(
      choice.name,
      choice.best.source,
      methodOf(choice.best.place),
      doubt || undefined,
    );
  }
  const underwriter = scoped('underwriter').find((e) => nameLike(e.value));
  const fallback = carrierFallback(doc, underwriter, product);
  return fallback && nameLike(fallback.value) ? fallback : undefined;
}
