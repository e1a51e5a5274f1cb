import type { ParsedData, Source } from '../../../shared/proposals/parsed-data.ts';
import type { DocumentLayout, Line } from '../layout.ts';
import { comparable } from './merge.ts';

/**
 * Where a hosted model's value is printed, so that the broker sees it on the page like the local
 * engine's: a run of words on one line of the reader's layout that spells the value (compared
 * as merge.ts compares values). Only a value printed exactly once gets a place — "$75" printed on
 * every row of a grid could be any of them, and a wrong highlight is worse than none. DOCX
 * layouts have no geometry: nothing is placed.
 */

function linesOf(layout: DocumentLayout): Line[] {
  const lines: Line[] = [];
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (block.kind === 'line') lines.push(block.line);
      else for (const cell of block.table.cells) lines.push(...cell.lines);
    }
  }
  lines.push(...layout.furniture);
  return lines;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A function answering where a value is printed, when it is printed once. */
export function valueLocator(layout: DocumentLayout): (value: string) => Source | undefined {
  if (layout.format === 'docx') return () => undefined;
  const lines = linesOf(layout).map((line) => ({
    line,
    tokens: line.words.map((w) => comparable(w.text)),
  }));
  const memo = new Map<string, Source | undefined>();
  return (value) => {
    const target = comparable(value);
    if (!target) return undefined;
    if (memo.has(target)) return memo.get(target);
    const found: Source[] = [];
    for (const { line, tokens } of lines) {
      if (found.length >= 2) break;
      for (let start = 0; start < tokens.length && found.length < 2; start++) {
        let spelled = '';
        for (let end = start; end < tokens.length; end++) {
          spelled += tokens[end];
          if (!target.startsWith(spelled)) break;
          if (spelled.length === target.length) {
            const words = line.words.slice(start, end + 1);
            found.push({
              page: line.page,
              box: [
                round(Math.min(...words.map((w) => w.box[0]))),
                round(Math.min(...words.map((w) => w.box[1]))),
                round(Math.max(...words.map((w) => w.box[2]))),
                round(Math.max(...words.map((w) => w.box[3]))),
              ],
            });
            break;
          }
        }
      }
    }
    const source = found.length === 1 ? found[0] : undefined;
    memo.set(target, source);
    return source;
  };
}

/** The data with a place for every value printed once (values that have one keep it). */
export function placeValues(data: ParsedData, layout: DocumentLayout): ParsedData {
  const locate = valueLocator(layout);
  const place = <T extends { value: string; source?: Source | undefined }>(item: T): T => {
    if (item.source) return item;
    const source = locate(item.value);
    return source ? { ...item, source } : item;
  };
  return data.map((item) =>
    item.type === 'field' ? place(item) : { ...item, cells: item.cells.map(place) },
  );
}
