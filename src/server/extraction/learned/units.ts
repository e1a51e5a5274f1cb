import { joinWrapped } from '../interpret/values.ts';
import type { Box, Cell, DocumentLayout, Line } from '../layout.ts';

/**
 * A document's layout as a flat list of text units (lines outside tables, table cells,
 * running headers and footers), in reading order, each with where it sits: the unit a learned
 * value is printed in, and the context that lets it be found again on another document.
 */
export interface Unit {
  /** Position in reading order. */
  order: number;
  /** Whitespace collapsed. */
  text: string;
  page: number;
  box?: Box | undefined;
  kind: 'line' | 'cell' | 'furniture';
  /** For cells: which table of the document (reading order), its grid slot and headings. */
  table?: number;
  row?: number;
  col?: number;
  /** Shape of the first non-empty cell of the row (the row's label). */
  rowHead?: string;
  /**
   * Shape of that cell's first line, when it has more (the row's name over a note: "Orthodontic
   * Services" over "Dependent children through age 18").
   */
  rowName?: string;
  /** Shape of the column's heading cells. */
  colHead?: string;
  /**
   * Shape of the lowest heading cell over the column, when the column has headings on more than
   * one level ("network" under "non-orthodontics"); absent otherwise.
   */
  colLeaf?: string;
  /** Shape of the table's heading rows (or first row). */
  tableHead?: string;
  /** A heading cell (by markup or position). */
  header?: boolean;
  /** For cells: the table has heading rows of its own (colHead is a heading, not a first row of values). */
  headed?: boolean;
  /** Its words' side-by-side groups, when there are two or more. */
  groups?: Group[];
  /** Left and right edge as a share of the page width. */
  x?: [number, number];
  /** Read from a page image by OCR (its letters may be misread: "familv", "ver" for "per"). */
  scanned?: boolean;
  /** For cells of two or more lines: each line's text and the middle of its height (points). */
  lines?: Array<{ text: string; y: number }>;
}

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const SUPERSCRIPTS = /[\u00B9\u00B2\u00B3\u2070-\u209F*†‡§]+/g;

/** Comparable text: NFKC, dashes unified, lower case, footnote marks dropped, whitespace collapsed. */
export function normalizeText(text: string): string {
  return text
    .replace(SUPERSCRIPTS, '')
    .normalize('NFKC')
    .replace(DASHES, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with every run of digits masked: what stays the same when amounts change. */
export function shapeOf(text: string): string {
  return normalizeText(text).replace(/\d+/g, '#');
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A cell's box, or the box of its lines when the reader gave the cell none (DOCX markup). */
function cellBox(cell: Cell): Box | undefined {
  if (cell.box || !cell.lines.length) return cell.box;
  const boxes = cell.lines.map((l) => l.box);
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** Words printed side by side in one unit with a wide empty gap between them on every line. */
export interface Group {
  text: string;
  /** Left and right edge as a share of the page width. */
  x: [number, number];
}

/**
 * The side-by-side groups of a unit's words (two values printed in one cell, a label and its
 * amount on one line): split where a gap wider than the spaces between words and than 0.6 of a
 * letter's height is empty on every line. Each group is read top to bottom.
 */
export function xGroups(
  lines: readonly Line[],
  pageWidth: number,
  /** Column edges of the table's finest heading row (page units), when it has finer columns. */
  bounds: readonly number[] = [],
): Group[] {
  const words = lines.flatMap((line, at) => line.words.map((w) => ({ w, at })));
  if (!words.length) return [];
  const byGap = gapGroups(words, lines);
  // Columns headed separately but printed in one cell, too close for a clear gap: split at the
  // headings' edges instead.
  // An edge a word crosses is text printed across both columns (one value for both): not split.
  const clear = bounds.filter((b) => !words.some(({ w }) => w.box[0] < b - 1 && w.box[2] > b + 1));
  if (clear.length) {
    const buckets = new Map<number, typeof words>();
    for (const word of words) {
      const centre = (word.w.box[0] + word.w.box[2]) / 2;
      const at = clear.filter((b) => b < centre).length;
      buckets.set(at, [...(buckets.get(at) ?? []), word]);
    }
    const byHeading = [...buckets.keys()].sort((a, b) => a - b).map((k) => buckets.get(k)!);
    if (byHeading.length > byGap.length) return byHeading.map((g) => groupOf(g, pageWidth));
  }
  return byGap.map((g) => groupOf(g, pageWidth));
}

type Placed = { w: Line['words'][number]; at: number };

function gapGroups(words: Placed[], lines: readonly Line[]): Placed[][] {
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const height = median(words.map(({ w }) => w.box[3] - w.box[1]));
  const spaces = lines.flatMap((line) =>
    line.words.slice(1).map((w, i) => w.box[0] - line.words[i]!.box[2]),
  );
  const ordinary = spaces.filter((g) => g > 0 && g < 0.6 * height);
  const gap = Math.max(0.6 * height, 2.2 * median(ordinary));
  const byX = [...words].sort((a, b) => a.w.box[0] - b.w.box[0]);
  const groups: Array<typeof words> = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const word of byX) {
    if (!groups.length || word.w.box[0] > end + gap) groups.push([]);
    groups.at(-1)!.push(word);
    end = Math.max(end, word.w.box[2]);
  }
  return groups;
}

function groupOf(group: Placed[], pageWidth: number): Group {
  const width = pageWidth > 0 ? pageWidth : 1;
  {
    const byLine = new Map<number, Placed[]>();
    for (const word of group) byLine.set(word.at, [...(byLine.get(word.at) ?? []), word]);
    const parts: string[] = [];
    for (const at of [...byLine.keys()].sort((a, b) => a - b)) {
      const inLine = byLine.get(at)!.sort((a, b) => a.w.box[0] - b.w.box[0]);
      let text = '';
      inLine.forEach(({ w }, i) => {
        const before = inLine[i - 1]?.w;
        const joined = before && !w.whole && !before.whole && w.box[0] - before.box[2] < 0.5;
        text += (i === 0 || joined ? '' : ' ') + w.text;
      });
      parts.push(text);
    }
    const round = (v: number) => Math.round((v / width) * 1000) / 1000;
    return {
      text: clean(parts.join(' ')),
      x: [
        round(Math.min(...group.map(({ w }) => w.box[0]))),
        round(Math.max(...group.map(({ w }) => w.box[2]))),
      ],
    };
  }
}

/**
 * A cell's text read column by column: when its words fall into side-by-side groups (two values
 * printed in one cell, one of them wrapped), each group is read top to bottom before the next
 * one, so that a wrapped value stays whole ("Courtesy discount from most providers" then "No
 * discounts", not the lines interleaved).
 */
export function cellText(cell: Cell, groups: Group[]): string {
  // (lines joined as the engine joins them: a word broken at its hyphen is one word)
  if (cell.lines.length < 2 || groups.length < 2) return clean(joinWrapped(cell.text.split('\n')));
  return clean(groups.map((g) => g.text).join(' '));
}

export function layoutUnits(layout: DocumentLayout): Unit[] {
  const units: Unit[] = [];
  const widths = new Map(layout.pages.map((p) => [p.number, p.width]));
  const scanned = new Set(layout.pages.filter((p) => p.source === 'ocr').map((p) => p.number));
  const push = (u: Omit<Unit, 'order'>) => {
    if (!u.text) return;
    const width = widths.get(u.page) ?? 0;
    const x: [number, number] | undefined =
      u.box && width > 0
        ? [
            Math.round((u.box[0] / width) * 1000) / 1000,
            Math.round((u.box[2] / width) * 1000) / 1000,
          ]
        : undefined;
    units.push({
      ...u,
      ...(x ? { x } : {}),
      ...(scanned.has(u.page) ? { scanned: true } : {}),
      order: units.length,
    });
  };
  let tableIndex = 0;
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (block.kind === 'line') {
        const groups = xGroups([block.line], page.width);
        push({
          text: clean(block.line.text),
          page: page.number,
          box: block.line.box,
          kind: 'line',
          ...(groups.length > 1 ? { groups } : {}),
        });
        continue;
      }
      const { table } = block;
      const t = tableIndex++;
      const headRows = Math.max(1, table.headerRows);
      const tableHead = shapeOf(
        table.cells
          .filter((c) => c.row < headRows)
          .sort((a, b) => a.row - b.row || a.col - b.col)
          .map((c) => c.text)
          .join(' | '),
      );
      const rowHeads = new Map<number, string>();
      const rowNames = new Map<number, string>();
      for (const c of [...table.cells].sort((a, b) => a.col - b.col)) {
        for (let r = c.row; r < c.row + c.rowSpan; r++) {
          if (rowHeads.has(r) || !clean(c.text)) continue;
          rowHeads.set(r, shapeOf(c.text));
          const first = c.lines.find((l) => clean(l.text));
          if (first && c.lines.length > 1) rowNames.set(r, shapeOf(first.text));
        }
      }
      // The heading row with the most cells: the edges between its columns, for body cells that
      // span several of them.
      const headingRows = [
        ...new Set(table.cells.filter((c) => c.row < headRows).map((c) => c.row)),
      ];
      const finest = headingRows
        .map((r) => table.cells.filter((c) => c.row === r && c.box && clean(c.text)))
        .sort((a, b) => b.length - a.length)[0];
      // (each edge with the columns of the headings on either side: only a cell over both is
      // split there, not a cell of one column whose wrapped text runs past the midpoint between
      // its heading's words and the next heading's)
      const byX = [...(finest ?? [])].sort((a, b) => a.box![0] - b.box![0]);
      const edges = byX.slice(1).map((right, i) => ({
        x: (byX[i]!.box![2] + right.box![0]) / 2,
        from: byX[i]!.col,
        to: right.col + right.colSpan,
      }));
      const edgesWithin = (cell: Cell) =>
        cell.box
          ? edges
              .filter(
                (e) =>
                  e.x > cell.box![0] &&
                  e.x < cell.box![2] &&
                  e.from >= cell.col &&
                  e.to <= cell.col + cell.colSpan,
              )
              .map((e) => e.x)
          : [];
      const colHead = (col: number) =>
        shapeOf(
          table.cells
            .filter((c) => c.row < headRows && col >= c.col && col < c.col + c.colSpan)
            .map((c) => c.text)
            .join(' '),
        );
      const colLeaf = (col: number) => {
        const over = table.cells
          .filter(
            (c) => c.row < headRows && col >= c.col && col < c.col + c.colSpan && clean(c.text),
          )
          .sort((a, b) => a.row - b.row);
        return over.length > 1 ? shapeOf(over[over.length - 1]!.text) : undefined;
      };
      for (const cell of table.cells) {
        const leaf = colLeaf(cell.col);
        const width = layout.pages.find((p) => p.number === cell.page)?.width ?? page.width;
        const groups = xGroups(cell.lines, width, cell.row >= headRows ? edgesWithin(cell) : []);
        push({
          ...(groups.length > 1 ? { groups } : {}),
          text: cellText(cell, groups),
          page: cell.page,
          box: cellBox(cell),
          kind: 'cell',
          table: t,
          row: cell.row,
          col: cell.col,
          rowHead: rowHeads.get(cell.row) ?? '',
          ...(rowNames.has(cell.row) ? { rowName: rowNames.get(cell.row)! } : {}),
          colHead: colHead(cell.col),
          ...(leaf !== undefined ? { colLeaf: leaf } : {}),
          tableHead,
          header: Boolean(cell.header) || cell.row < table.headerRows,
          headed: table.headerRows > 0,
          ...(cell.lines.length > 1
            ? {
                lines: cell.lines.map((l) => ({
                  text: clean(l.text),
                  y: Math.round(((l.box[1] + l.box[3]) / 2) * 10) / 10,
                })),
              }
            : {}),
        });
      }
    }
  }
  for (const line of layout.furniture) {
    push({ text: clean(line.text), page: line.page, box: line.box, kind: 'furniture' });
  }
  return units;
}

/**
 * The text of `n` units read as one, starting at `start`: a value wrapped over lines that the
 * reader kept apart (the next line of the page, or the cell below in the same column), or
 * undefined when they are not adjacent.
 */
export function windowText(units: Unit[], start: Unit, n: number): string | undefined {
  if (n === 1) return start.text;
  const parts = [start.text];
  let at = start;
  for (let k = 1; k < n; k++) {
    const next = nextBelow(units, at);
    if (!next || next.kind !== at.kind || next.page !== at.page) return undefined;
    parts.push(next.text);
    at = next;
  }
  return parts.join(' ');
}

/** The text of the group of `unit` overlapping `x` most (the whole text when it has no groups). */
export function groupAt(unit: Unit, x: [number, number]): string | undefined {
  if (!unit.groups) return unit.text;
  let best: { text: string; overlap: number } | undefined;
  for (const g of unit.groups) {
    const overlap = Math.min(g.x[1], x[1]) - Math.max(g.x[0], x[0]);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { text: g.text, overlap };
  }
  return best?.text;
}

/**
 * Like windowText, but each unit gives only its words at `x` across the page: a value printed
 * beside others and wrapped onto the row below ("$1500 per person" over "per Calendar Year", with
 * the other networks' amounts beside them).
 */
export function groupWindow(
  units: Unit[],
  start: Unit,
  n: number,
  x: [number, number],
): string | undefined {
  const parts: string[] = [];
  let at: Unit | undefined = start;
  for (let k = 0; k < n; k++) {
    if (!at) return undefined;
    const part = groupAt(at, x);
    if (part === undefined) return undefined;
    parts.push(part);
    if (k === n - 1) break;
    const next = nextBelow(units, at);
    if (!next || next.kind !== at.kind || next.page !== at.page) return undefined;
    at = next;
  }
  return parts.join(' ');
}

/** The unit `n - 1` rows (or lines) below `start`, as windowText and groupWindow step. */
export function unitBelow(units: Unit[], start: Unit, n: number): Unit | undefined {
  let at: Unit | undefined = start;
  for (let k = 1; k < n && at; k++) at = nextBelow(units, at);
  return at;
}

/** The unit one step below: the cell under a cell in its column, else the next unit in order. */
function nextBelow(units: Unit[], from: Unit): Unit | undefined {
  if (from.kind !== 'cell') return units[from.order + 1];
  return units.find(
    (u) =>
      u.kind === 'cell' && u.table === from.table && u.col === from.col && u.row === from.row! + 1,
  );
}

/**
 * A list printed one item per row down a column (procedure names under a class heading): the
 * cells below `first` in its column while each row prints only the item (no values beside it),
 * up to `max` items.
 */
export function listDown(units: Unit[], first: Unit, max = 60): Unit[] {
  const items = [first];
  let at = first;
  while (first.kind === 'cell' && items.length < max) {
    const row = units.filter(
      (u) => u.kind === 'cell' && u.table === at.table && u.row === at.row! + 1,
    );
    const item = row.find((u) => u.col === at.col);
    if (!item?.text || item.header) break;
    if (row.some((u) => u !== item && u.text && u.col! > item.col!)) break;
    if (row.some((u) => u !== item && u.text && u.col! < item.col!)) break;
    items.push(item);
    at = item;
  }
  return items;
}
