/** How alike two headings are, word by word (learned layouts match taught rows and columns by it). */

const wordSets = new Map<string, Set<string>>();
export function wordsOf(text: string): Set<string> {
  let set = wordSets.get(text);
  if (!set) {
    set = new Set(text.match(/[\p{L}#]+/gu) ?? []);
    if (wordSets.size > 20_000) wordSets.clear();
    wordSets.set(text, set);
  }
  return set;
}

/**
 * How alike two headings are: 1 when the same, else the overlap of their words when most of them
 * are shared (a row or column heading reworded a little on another plan: "Contact Lenses
 * (Elective)" and "Contact Lenses (Elective and conventional)"), else 0.
 */
export function alike(a: string, b: string, scanned = false): number {
  if (a === b) return 1;
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const w of x) if (y.has(w) || (scanned && [...y].some((v) => misread(w, v)))) both++;
  const dice = (2 * both) / (x.size + y.size);
  return dice >= 0.6 ? 0.9 * dice : 0;
}

/**
 * A word of a scan that is the taught word with one letter misread, dropped or added ("familv"
 * for "family", "ver" or "er" for "per"): both letters only, not the same word, one edit apart,
 * the taught word three letters or more.
 */
export function misread(read: string, taught: string): boolean {
  const a = read.toLowerCase();
  const b = taught.toLowerCase();
  if (a === b || b.length < 3 || !/^\p{L}+$/u.test(a) || !/^\p{L}+$/u.test(b)) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length < b.length ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}
