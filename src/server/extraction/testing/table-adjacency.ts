/**
 * The table stage's own measure: cell-adjacency F1 (the ICDAR 2013 table competition's
 * structure measure). Each table is turned into the set of adjacency relations between its
 * non-empty cells — for every non-empty cell, its nearest non-empty neighbour to the right (in
 * each row it covers) and below (in each column it covers) — with the cells' texts normalised.
 * Relations of the truth and of the reading are matched as multisets over a whole page, so the
 * measure needs no matching of tables and does not depend on the catalogue: a table cut in two,
 * merged cells, split cells, lost rows and text left outside tables all cost relations.
 */

export interface LabelledCell {
  text: string;
  row: number;
  col: number;
  rowSpan?: number;
  colSpan?: number;
  header?: boolean;
}

export interface LabelledTable {
  cells: LabelledCell[];
}

/** One labelled page of tests/fixtures/real-tables. */
export interface LabelledPage {
  document: string;
  page: number;
  tables: LabelledTable[];
}

/** Lower case, letters, digits and the signs values carry; whitespace and the rest dropped. */
export function normaliseCellText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9$%]+/g, '');
}

/** The adjacency relations of one table, as 'h|a|b' and 'v|a|b' keys (with repeats). */
export function adjacencyRelations(table: LabelledTable): string[] {
  const rows = Math.max(0, ...table.cells.map((c) => c.row + (c.rowSpan ?? 1)));
  const cols = Math.max(0, ...table.cells.map((c) => c.col + (c.colSpan ?? 1)));
  const grid: (number | undefined)[][] = Array.from({ length: rows }, () =>
    new Array<number | undefined>(cols).fill(undefined),
  );
  const texts = table.cells.map((c) => normaliseCellText(c.text));
  table.cells.forEach((c, i) => {
    for (let r = c.row; r < c.row + (c.rowSpan ?? 1); r++) {
      for (let k = c.col; k < c.col + (c.colSpan ?? 1); k++) grid[r]![k] = i;
    }
  });
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (dir: 'h' | 'v', a: number, b: number) => {
    const id = `${dir}${a},${b}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push(`${dir}|${texts[a]}|${texts[b]}`);
  };
  table.cells.forEach((c, i) => {
    if (!texts[i]) return;
    const r1 = c.row + (c.rowSpan ?? 1);
    const c1 = c.col + (c.colSpan ?? 1);
    for (let r = c.row; r < r1; r++) {
      for (let k = c1; k < cols; k++) {
        const j = grid[r]![k];
        if (j !== undefined && j !== i && texts[j]) {
          add('h', i, j);
          break;
        }
      }
    }
    for (let k = c.col; k < c1; k++) {
      for (let r = r1; r < rows; r++) {
        const j = grid[r]![k];
        if (j !== undefined && j !== i && texts[j]) {
          add('v', i, j);
          break;
        }
      }
    }
  });
  return out;
}

/**
 * The category bars of a labelled table: below its heading rows, a row whose only text is one
 * cell across the whole table, followed by a row of two or more filled cells.
 */
export function labelledCategories(table: LabelledTable): LabelledCell[] {
  const cols = Math.max(0, ...table.cells.map((c) => c.col + (c.colSpan ?? 1)));
  const filled = (r: number) => table.cells.filter((c) => c.row === r && normaliseCellText(c.text));
  return table.cells.filter((c) => {
    if (c.header || c.col !== 0 || (c.colSpan ?? 1) !== cols || cols < 2) return false;
    if (filled(c.row).length !== 1) return false;
    return filled(c.row + (c.rowSpan ?? 1)).length >= 2;
  });
}

export interface AdjacencyScore {
  truth: number;
  predicted: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
}

export function scoreAdjacency(truth: LabelledTable[], predicted: LabelledTable[]): AdjacencyScore {
  const want = new Map<string, number>();
  let truthCount = 0;
  for (const t of truth) {
    for (const rel of adjacencyRelations(t)) {
      want.set(rel, (want.get(rel) ?? 0) + 1);
      truthCount++;
    }
  }
  let matched = 0;
  let predictedCount = 0;
  for (const t of predicted) {
    for (const rel of adjacencyRelations(t)) {
      predictedCount++;
      const left = want.get(rel) ?? 0;
      if (left > 0) {
        matched++;
        want.set(rel, left - 1);
      }
    }
  }
  return summarise(truthCount, predictedCount, matched);
}

export function summarise(truth: number, predicted: number, matched: number): AdjacencyScore {
  const precision = predicted ? matched / predicted : truth ? 0 : 1;
  const recall = truth ? matched / truth : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { truth, predicted, matched, precision, recall, f1 };
}

/**
 * Tables written as text grids, the way the labels are kept for editing by hand: one row per
 * line, cells between '|'; a cell '<' continues the cell on its left (a column span), '^' the
 * cell above (a row span); a line starting with 'H|' is a header row; a line '---' starts the
 * next table; '\n' inside a cell's text is ' / '. Lines starting with '#' are comments.
 */
export function parseGrids(text: string): LabelledTable[] {
  const tables: LabelledTable[] = [];
  let rows: { header: boolean; cells: string[] }[] = [];
  const finish = () => {
    if (rows.length) tables.push(gridToTable(rows));
    rows = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim() || line.startsWith('#')) continue;
    if (line.trim() === '---') {
      finish();
      continue;
    }
    const header = line.startsWith('H|');
    const body = header ? line.slice(1) : line;
    const cells = body
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .split('|');
    rows.push({ header, cells: cells.map((c) => c.trim()) });
  }
  finish();
  return tables;
}

function gridToTable(rows: { header: boolean; cells: string[] }[]): LabelledTable {
  const owner: (LabelledCell | undefined)[][] = [];
  const cells: LabelledCell[] = [];
  rows.forEach((row, r) => {
    owner[r] = [];
    row.cells.forEach((text, c) => {
      if (text === '<' && owner[r]![c - 1]) {
        const cell = owner[r]![c - 1]!;
        if (cell.row === r) cell.colSpan = (cell.colSpan ?? 1) + 1;
        owner[r]![c] = cell;
        return;
      }
      if (text === '^' && owner[r - 1]?.[c]) {
        const cell = owner[r - 1]![c]!;
        if (cell.col === c) cell.rowSpan = r - cell.row + 1;
        owner[r]![c] = cell;
        return;
      }
      const cell: LabelledCell = {
        text: text.replace(/ \/ /g, '\n'),
        row: r,
        col: c,
        rowSpan: 1,
        colSpan: 1,
        ...(row.header ? { header: true } : {}),
      };
      cells.push(cell);
      owner[r]![c] = cell;
    });
  });
  return { cells };
}

/** A table as a text grid (the inverse of parseGrids, for drafting labels). */
export function tableToGrid(table: LabelledTable, headerRows = 0): string {
  const rows = Math.max(0, ...table.cells.map((c) => c.row + (c.rowSpan ?? 1)));
  const cols = Math.max(0, ...table.cells.map((c) => c.col + (c.colSpan ?? 1)));
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const out: string[] = [];
    for (let k = 0; k < cols; k++) {
      const c = table.cells.find(
        (x) =>
          r >= x.row && r < x.row + (x.rowSpan ?? 1) && k >= x.col && k < x.col + (x.colSpan ?? 1),
      );
      if (!c) out.push('');
      else if (c.row === r && c.col === k)
        out.push(c.text.replace(/\s*\n\s*/g, ' / ').replace(/\|/g, '/'));
      else out.push(c.row === r ? '<' : '^');
    }
    const header = r < headerRows || table.cells.some((c) => c.row === r && c.header);
    lines.push(`${header ? 'H' : ''}| ${out.join(' | ')} |`);
  }
  return lines.join('\n');
}
