import type { Word } from '../layout.ts';

/**
 * Letters of the scripts the catalogue is never read in: a document printed in two languages side
 * by side (English beside Russian, Greek, Arabic, Hebrew, Chinese, Japanese or Korean) repeats
 * every label and value in the other script, and those translations would be read as more labels
 * and values. Spanish, French and the like share the Latin letters and are kept.
 */
const OTHER_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LATIN = /\p{Script=Latin}/gu;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/** Whether a text is written mostly in another script than the Latin one. */
export function otherScript(text: string): boolean {
  const other = count(text, OTHER_SCRIPT);
  return other > 0 && other > count(text, LATIN);
}

/**
 * The words left once translations are dropped. Words are taken in runs (one line, gaps under
 * 1.5 em, a lone slash between them parting two): in a run written mostly in another script the amounts and the words in parentheses
 * set in it go too ('Оплата плана: 1-й год — 80%', 'прикусные снимки (bitewing)'), while a Latin
 * word there is kept (the next column's heading may run close: 'Ежемесячно Quarterly'); in any
 * other run only the words in another script go.
 */
export function withoutOtherScripts(words: Word[]): Word[] {
  if (!words.some((w) => count(w.text, OTHER_SCRIPT) > 0)) return words;
  const mid = (w: Word) => (w.box[1] + w.box[3]) / 2;
  const sorted = [...words].sort((a, b) => mid(a) - mid(b) || a.box[0] - b.box[0]);
  // lines: words whose middles fall within the first word's height
  const lines: Word[][] = [];
  for (const w of sorted) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    if (line && first && mid(w) >= first.box[1] && mid(w) <= first.box[3]) line.push(w);
    else lines.push([w]);
  }
  const dropped = new Set<Word>();
  for (const line of lines) {
    line.sort((a, b) => a.box[0] - b.box[0]);
    let run: Word[] = [];
    const close = () => {
      const text = run.map((w) => w.text).join(' ');
      const translated = otherScript(text);
      for (const w of run)
        if (
          otherScript(w.text) ||
          (translated && (!/\p{L}/u.test(w.text) || /^\(|\)\W*$/.test(w.text)))
        )
          dropped.add(w);
      run = [];
    };
    for (const w of line) {
      const prev = run[run.length - 1];
      // (a slash parts the two languages of one heading: 'Monthly / Ежемесячно')
      const slash = /^[/|]$/.test(w.text) || (prev !== undefined && /^[/|]$/.test(prev.text));
      if (prev && (slash || w.box[0] - prev.box[2] > 1.5 * Math.max(prev.size, w.size))) close();
      run.push(w);
    }
    close();
    // the slash between a heading and its dropped translation goes with it ('Monthly /')
    line.forEach((w, i) => {
      if (!/^[/|]$/.test(w.text)) return;
      const next = line[i + 1];
      const nextGone =
        next === undefined ||
        dropped.has(next) ||
        next.box[0] - w.box[2] > 1.5 * Math.max(w.size, next.size);
      if (nextGone && line.slice(i + 1).some((o) => dropped.has(o))) dropped.add(w);
      else if (nextGone && i > 0 && next === undefined) dropped.add(w);
    });
  }
  return dropped.size === 0 ? words : words.filter((w) => !dropped.has(w));
}
