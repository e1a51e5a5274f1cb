import type { Box, Line, Word } from '../layout.ts';

/** Median of a non-empty list (0 for an empty one). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  if (values.length === 1) return values[0]!;
  // (a typed array sorts numbers without a comparator call per pair)
  const s = Float64Array.from(values).sort();
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Whether a text leaves a parenthesis open. */
export function opened(text: string): boolean {
  return (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
}

function verticalOverlap(a: Box, b: Box): number {
  const top = Math.max(a[1], b[1]);
  const bottom = Math.min(a[3], b[3]);
  const h = Math.min(a[3] - a[1], b[3] - b[1]);
  return h <= 0 ? 0 : Math.max(0, bottom - top) / h;
}

/**
 * Letter-spaced text ('D E N T A L   R E N E W A L', tracking set wide in headings) reaches us as
 * one word per glyph. Runs of three or more one-character words with even gaps are joined into
 * words; a gap clearly wider than the tracking is a space between words.
 */
export function joinLetterSpaced(sorted: Word[]): Word[] {
  const out: Word[] = [];
  let i = 0;
  // (one character: one or two code units)
  const single = (w: Word | undefined) =>
    w !== undefined && w.text.length <= 2 && /^[\p{L}\p{N}&'’.,–-]$/u.test(w.text);
  while (i < sorted.length) {
    let j = i;
    while (
      j + 1 < sorted.length &&
      single(sorted[j]) &&
      single(sorted[j + 1]) &&
      sorted[j + 1]!.box[0] - sorted[j]!.box[2] < sorted[j]!.size * 1.2
    )
      j++;
    if (j - i + 1 < 3) {
      out.push(sorted[i]!);
      i++;
      continue;
    }
    const run = sorted.slice(i, j + 1);
    const gaps = run.slice(1).map((w, k) => w.box[0] - run[k]!.box[2]);
    const tracking = median(gaps);
    let word: Word[] = [run[0]!];
    const flush = () => {
      out.push({
        ...word[0]!,
        text: word.map((w) => w.text).join(''),
        box: [word[0]!.box[0], word[0]!.box[1], word[word.length - 1]!.box[2], word[0]!.box[3]],
      });
    };
    for (let k = 1; k < run.length; k++) {
      if (gaps[k - 1]! > tracking * 1.8 + run[k]!.size * 0.1) {
        flush();
        word = [];
      }
      word.push(run[k]!);
    }
    flush();
    i = j + 1;
  }
  return out;
}

/** Builds one line from words that sit on it (sorted left to right, spaces where there is a gap). */
export function makeLine(words: Word[], page: number): Line {
  const sorted = joinLetterSpaced([...words].sort((a, b) => a.box[0] - b.box[0]));
  let text = '';
  let prev: Word | undefined;
  for (const w of sorted) {
    if (prev) {
      const gap = w.box[0] - prev.box[2];
      text += gap > Math.min(prev.size, w.size) * 0.12 || (prev.whole && w.whole) ? ' ' : '';
    }
    text += w.text;
    prev = w;
  }
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  let conf = 0;
  let chars = 0;
  for (const w of sorted) {
    box[0] = Math.min(box[0], w.box[0]);
    box[1] = Math.min(box[1], w.box[1]);
    box[2] = Math.max(box[2], w.box[2]);
    box[3] = Math.max(box[3], w.box[3]);
    conf += w.confidence * w.text.length;
    chars += w.text.length;
  }
  chars ||= 1;
  return {
    text,
    words: sorted,
    box,
    size: median(sorted.map((w) => w.size)),
    confidence: conf / chars,
    page,
    ...(sorted.every((w) => w.bold) ? { bold: true } : {}),
  };
}

/**
 * Groups words into lines: words whose boxes overlap vertically by at least half form one line.
 * When `splitGap` is given, a line is also cut where the horizontal gap between neighbouring
 * words is wider than `splitGap` times the font size (separate columns of free text).
 */
export function groupLines(words: Word[], page: number, splitGap?: number): Line[] {
  // by middle, then left edge (worked out once per word, not once per comparison)
  const sorted = words
    .map((w) => ({ w, y: (w.box[1] + w.box[3]) / 2, x: w.box[0] }))
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((k) => k.w);
  const rows: Word[][] = [];
  // each row's vertical extent: the mean top and bottom of its words, so that one tall word
  // does not swallow the next line
  const rowBoxes: Box[] = [];
  for (const w of sorted) {
    let placed = false;
    for (let i = rows.length - 1; i >= Math.max(0, rows.length - 3); i--) {
      if (verticalOverlap(rowBoxes[i]!, w.box) >= 0.5) {
        const row = rows[i]!;
        row.push(w);
        const n = row.length;
        const b = rowBoxes[i]!;
        rowBoxes[i] = [
          Math.min(b[0], w.box[0]),
          b[1] + (w.box[1] - b[1]) / n,
          Math.max(b[2], w.box[2]),
          b[3] + (w.box[3] - b[3]) / n,
        ];
        placed = true;
        break;
      }
    }
    if (!placed) {
      rows.push([w]);
      rowBoxes.push([...w.box]);
    }
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.box[0] - b.box[0]);
    if (splitGap === undefined) {
      lines.push(makeLine(row, page));
      continue;
    }
    let current: Word[] = [];
    for (const w of row) {
      const prev = current[current.length - 1];
      if (prev && w.box[0] - prev.box[2] > splitGap * Math.max(prev.size, w.size)) {
        lines.push(makeLine(current, page));
        current = [];
      }
      current.push(w);
    }
    if (current.length) lines.push(makeLine(current, page));
  }
  return lines.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}

/**
 * A recognised line that runs from one table cell into the next (a long label whose last word
 * nearly touches the value beside it, 'will not exceed the highest $1500 per person'): where a
 * gap between two of its words is wider than twice the line's usual word space and the word after
 * it starts where two or more other lines start (a column's left edge, within a third of the
 * type size), the line is two — unless what stands before the gap is only a list mark or a
 * number ('•', '1.'), whose text lines up with its wrapped lines. Word spaces of running text are
 * even and fall on no column edge.
 */
export function splitAtColumnEdges(lines: Line[], page: number): Line[] {
  const starts = lines.map((l) => l.box[0]);
  const out: Line[] = [];
  for (const line of lines) {
    const ws = line.words;
    if (ws.length < 3) {
      out.push(line);
      continue;
    }
    const gaps = ws.slice(1).map((w, i) => w.box[0] - ws[i]!.box[2]);
    const usual = median(gaps);
    let current: Word[] = [ws[0]!];
    for (let i = 1; i < ws.length; i++) {
      const w = ws[i]!;
      const gap = gaps[i - 1]!;
      // (a list mark or a number before its text is no cell of its own)
      const edge =
        gap > Math.max(usual * 2, line.size * 0.3) &&
        current
          .map((c) => c.text)
          .join('')
          .replace(/[^\p{L}\p{N}]/gu, '').length >= 3 &&
        starts.filter((x, k) => lines[k] !== line && Math.abs(x - w.box[0]) <= line.size / 3)
          .length >= 2;
      if (edge) {
        out.push(makeLine(current, page));
        current = [];
      }
      current.push(w);
    }
    out.push(current.length === ws.length ? line : makeLine(current, page));
  }
  return out.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}
