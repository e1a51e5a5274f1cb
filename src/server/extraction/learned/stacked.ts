import { alike } from './alike.ts';
import { shapeOf, type Unit } from './units.ts';

/** How far apart (points) a value's line and a name's line may sit and still be one row. */
const LEVEL = 3;

/**
 * Rows the reader stacked in one printed row: a first cell whose lines are each the name of a row
 * the broker taught (at least two of them, and every line one), beside cells whose lines stand
 * level with those names, one each ("Inlays/Onlays/Crowns", "Dentures and other Removable
 * Prosthetics", "Fixed Partial Dentures (Bridges)" beside "50%", "50%", "50%"). Each name's line
 * becomes a row of its own with the values level with it; a cell whose lines do not line up (a
 * note over several lines) stays with the first. Other rows are left as they are.
 * `names` are the taught rows' headings (shapes); orders are numbered again.
 */
export function unstackRows(units: readonly Unit[], names: ReadonlySet<string>): Unit[] {
  const rows = new Map<string, Unit[]>();
  for (const u of units)
    if (u.kind === 'cell' && !u.header) {
      const id = `${u.table}:${u.row}`;
      rows.set(id, [...(rows.get(id) ?? []), u]);
    }
  const replaced = new Map<Unit, Unit[]>();
  for (const cells of rows.values()) {
    const head = [...cells].sort((a, b) => a.col! - b.col!)[0]!;
    const lines = head.lines;
    if (!lines || lines.length < 2 || lines.length > 9) continue;
    const taught = (text: string) => {
      const shape = shapeOf(text).slice(0, 200);
      return names.has(shape) || [...names].some((n) => alike(shape, n) >= 0.8);
    };
    if (!lines.every((l) => taught(l.text))) continue;
    const level = (u: Unit) =>
      u.lines?.length === lines.length &&
      u.lines.every((l, i) => Math.abs(l.y - lines[i]!.y) <= LEVEL);
    const others = cells.filter((u) => u !== head);
    if (!others.some(level)) continue;
    lines.forEach((line, i) => {
      const row = head.row! + i / 10;
      const rowHead = shapeOf(line.text).slice(0, 200);
      const own = (u: Unit, text: string): Unit => {
        const { lines: _, groups: __, ...rest } = u;
        return { ...rest, text, row, rowHead };
      };
      const split = [own(head, line.text)];
      for (const u of others) {
        if (level(u)) split.push(own(u, u.lines![i]!.text));
        else if (i === 0) split.push({ ...u, row, rowHead });
      }
      for (const [n, u] of split.entries()) {
        const original = n === 0 ? head : others.find((o) => o.col === u.col)!;
        replaced.set(original, [...(replaced.get(original) ?? []), u]);
      }
    });
  }
  if (!replaced.size) return [...units];
  return units.flatMap((u) => replaced.get(u) ?? [u]).map((u, order) => ({ ...u, order }));
}

const opens = (text: string) => (text.match(/\(/g) ?? []).length;
const closes = (text: string) => (text.match(/\)/g) ?? []).length;

/**
 * A row's name the reader wrapped onto a row of its own: a row holding only one cell, in the
 * column of the names, that closes a parenthesis the name above left open ("Restorations (Amalgam
 * or Posterior and Anterior" over "Composite)") or goes on with its sentence in lower case
 * ("… are eligible to receive additional" over "prophylaxis, deep cleaning, …"): the name is read
 * whole, in the row above, and the row of its rest is no row. Orders are numbered again.
 */
export function joinWrappedNames(units: readonly Unit[]): Unit[] {
  const rows = new Map<string, Unit[]>();
  for (const u of units)
    if (u.kind === 'cell' && !u.header) {
      const id = `${u.table}:${u.row}`;
      rows.set(id, [...(rows.get(id) ?? []), u]);
    }
  const gone = new Set<Unit>();
  const renamed = new Map<Unit, Unit>();
  for (const [id, cells] of rows) {
    if (cells.length !== 1) continue;
    const rest = cells[0]!;
    // The rest closes a parenthesis, or goes on with the sentence (starts in lower case).
    const closing = closes(rest.text) > opens(rest.text);
    const going = /^\p{Ll}/u.test(rest.text);
    if (!closing && !going) continue;
    const [table, row] = id.split(':').map(Number) as [number, number];
    const above = rows.get(`${table}:${row - 1}`)?.map((u) => renamed.get(u) ?? u);
    const head = above && [...above].sort((a, b) => a.col! - b.col!)[0];
    if (!head || head.col !== rest.col) continue;
    if (closing ? opens(head.text) <= closes(head.text) : /[.:;]$/.test(head.text)) continue;
    const text = `${head.text} ${rest.text}`;
    const rowHead = shapeOf(text).slice(0, 200);
    for (const u of rows.get(`${table}:${row - 1}`)!) {
      const now = renamed.get(u) ?? u;
      renamed.set(u, { ...now, rowHead, ...(now === head || u === head ? { text } : {}) });
    }
    gone.add(rest);
  }
  if (!gone.size) return [...units];
  return units.filter((u) => !gone.has(u)).map((u, order) => ({ ...(renamed.get(u) ?? u), order }));
}
