/**
 * Which client a document is for (issue 14): the employer a proposal names ("Proposal for …",
 * "Prepared for …", "Group Name: …") and the nearest client by name. Pure and table-tested.
 */

/** Words that say nothing about which employer a name is. */
const NOISE = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'co',
  'corp',
  'corporation',
  'company',
  'the',
  'and',
  'of',
  'pllc',
  'pc',
  'pa',
  'plc',
  'group',
]);

/** Lower case, accents and punctuation gone, '&' read as 'and', noise words dropped. */
export function normaliseName(name: string): string {
  return tokens(name).join(' ');
}

function tokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0 && !NOISE.has(t));
}

/** Edit distance of two short strings (Levenshtein). */
function distance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** How alike two words are, 0–1 (a typo in a long word still counts). */
function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest < 4) return 0;
  return Math.max(0, 1 - distance(a, b) / longest);
}

/**
 * How alike two employer names are, 0–1: each word of one matched to its most alike word of
 * the other, both ways, averaged (a Dice coefficient over fuzzy words). Symmetric; 1 for names
 * that normalise the same.
 */
export function nameSimilarity(a: string, b: string): number {
  const ta = tokens(a);
  const tb = tokens(b);
  if (ta.length === 0 || tb.length === 0) return 0;
  if (ta.join(' ') === tb.join(' ')) return 1;
  const best = (t: string, other: string[]) => Math.max(...other.map((o) => wordSimilarity(t, o)));
  const sum = ta.reduce((s, t) => s + best(t, tb), 0) + tb.reduce((s, t) => s + best(t, ta), 0);
  return sum / (ta.length + tb.length);
}

/** Names closer than this are not suggested. */
export const SUGGESTION_THRESHOLD = 0.75;

export interface ClientName {
  id: string;
  name: string;
}

/** The client whose name is nearest the employer's, when near enough; ties go to the first. */
export function suggestClient<C extends ClientName>(
  employer: string,
  clients: readonly C[],
  threshold = SUGGESTION_THRESHOLD,
): { client: C; score: number } | undefined {
  let found: { client: C; score: number } | undefined;
  for (const client of clients) {
    const score = nameSimilarity(employer, client.name);
    if (score >= threshold && (!found || score > found.score)) found = { client, score };
  }
  return found;
}

const EMPLOYER_LABEL =
  /^(?:.*?\b)?(?:proposal|quote|renewal|prepared|presented|proposed)\s+(?:for|to)\s*[:\-–—]?\s*(.+)$/i;
const EMPLOYER_FIELD =
  /^\s*(?:group|employer|company|client|policyholder)(?:\s+name)?\s*[:\-–—]\s*(.+)$/i;
const EMPLOYER_FIELD_BARE = /^\s*(?:group|employer|company|client|policyholder)\s+name\s+(.+)$/i;

/** A printed employer name without what trails it on the line (dates, product words). */
function cleanEmployer(raw: string): string | undefined {
  const name = raw
    .replace(/\s+(?:effective|dated?|as of|prepared by|presented by|from|by)\b.*$/i, '')
    .replace(/\s*[|·•]\s.*$/, '')
    .replace(/[\s,.;:]+$/, '')
    .trim();
  if (name.length < 2 || name.length > 120) return undefined;
  // a sentence, not a name
  if (/^(the|your|our|a|an|all|eligible|employees?|dental|vision|insurance|coverage)\b/i.test(name))
    return undefined;
  if (!/[a-z]/i.test(name)) return undefined;
  return name;
}

/**
 * The employer a document names in its lines of text: "Proposal for Acme Corp", "Prepared for:
 * Acme", "Group Name: Acme". The first such line wins (a title page names it first).
 */
export function findEmployerName(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const text = line.replace(/\s+/g, ' ').trim();
    const m =
      EMPLOYER_FIELD.exec(text) ?? EMPLOYER_FIELD_BARE.exec(text) ?? EMPLOYER_LABEL.exec(text);
    if (!m) continue;
    const name = cleanEmployer(m[1]!);
    if (name) return name;
  }
  return undefined;
}
