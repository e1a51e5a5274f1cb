import { inflateRawSync } from 'node:zlib';
import mammoth from 'mammoth';
import type { Block, Cell, DocumentLayout, Line, Table } from '../layout.ts';
import { ExtractionError } from '../provider.ts';
import { placeMarkup } from './markup-layout.ts';

/**
 * DOCX through mammoth's HTML: paragraphs and headings become lines, tables keep their own
 * markup (header cells, colspan, rowspan). Headers and footers of the Word document are not part
 * of mammoth's output: their paragraphs are read from the archive as running text (furniture),
 * where a carrier's 'Prepared by …' line often stands. DOCX has no page geometry of its own: every
 * line gets the box it is drawn in on the document's page drawing (markup-layout.ts, the one place
 * that decides where each line and table cell goes), so a value's source box is where the page
 * image shows it. The page is marked as markup (its lines are whole paragraphs, not printed lines).
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X'
          ? Number.parseInt(code.slice(2), 16)
          : Number(code.slice(1));
      return Number.isFinite(n) ? String.fromCodePoint(n) : all;
    }
    return ENTITIES[code.toLowerCase()] ?? all;
  });
}

interface Tag {
  name: string;
  closing: boolean;
  attrs: Record<string, string>;
}

function parseTag(raw: string): Tag {
  const closing = raw.startsWith('</');
  const body = raw.replace(/^<\/?|\/?>$/g, '');
  const name = (body.match(/^[a-z0-9]+/i)?.[0] ?? '').toLowerCase();
  const attrs: Record<string, string> = {};
  for (const m of body.matchAll(/([a-z-]+)="([^"]*)"/gi)) attrs[m[1]!.toLowerCase()] = m[2]!;
  return { name, closing, attrs };
}

interface Para {
  text: string;
  bold: boolean;
  heading: number;
  /** The paragraph began with a tab (its first tab-stop column is empty). */
  leadingTab?: boolean;
}

interface RawCell {
  paras: Para[];
  colSpan: number;
  rowSpan: number;
  header: boolean;
  /** Tables nested in the cell, with where their flattened rows sit among `paras`. */
  nested?: Array<{ rows: RawCell[][]; at: number; count: number }>;
}

type RawBlock = { kind: 'para'; para: Para } | { kind: 'table'; rows: RawCell[][] };

/** Parses mammoth's HTML into paragraphs and tables (nested tables are flattened into cells). */
export function parseMammothHtml(html: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  const tokens = html.match(/<[^>]+>|[^<]+/g) ?? [];
  const tables: Array<{ rows: RawCell[][] }> = [];
  let cell: RawCell | null = null;
  const cellStack: Array<RawCell | null> = [];
  let para: { text: string; boldChars: number; heading: number } | null = null;
  let strong = 0;
  let sup = 0;
  const flushPara = () => {
    if (!para) return;
    const text = para.text.replace(/[ \t\u00a0]+$/g, '').replace(/^[ \t\u00a0]+/g, '');
    if (text) {
      const p: Para = {
        text,
        bold: para.boldChars >= text.replace(/\s/g, '').length * 0.8,
        heading: para.heading,
        ...(/^[ \u00a0]*\t/.test(para.text) ? { leadingTab: true } : {}),
      };
      if (cell) cell.paras.push(p);
      else blocks.push({ kind: 'para', para: p });
    }
    para = null;
  };
  const ensurePara = () => {
    if (!para) para = { text: '', boldChars: 0, heading: 0 };
    return para;
  };
  for (const tok of tokens) {
    if (!tok.startsWith('<')) {
      const text = decodeEntities(tok);
      // a superscript footnote marker ('Individual¹') is not part of the text
      if (sup > 0 && /^[\s\d*†‡§,]{1,4}$/.test(text)) continue;
      const p = ensurePara();
      p.text += text;
      if (strong > 0) p.boldChars += text.replace(/\s/g, '').length;
      continue;
    }
    const tag = parseTag(tok);
    switch (tag.name) {
      case 'p':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'li':
        flushPara();
        if (!tag.closing) {
          const p = ensurePara();
          if (tag.name.startsWith('h')) p.heading = Number(tag.name.slice(1));
        }
        break;
      case 'br':
        flushPara();
        break;
      case 'strong':
      case 'b':
        strong += tag.closing ? -1 : 1;
        break;
      case 'sup':
        sup += tag.closing ? -1 : 1;
        break;
      case 'table':
        flushPara();
        if (!tag.closing) {
          cellStack.push(cell);
          cell = null;
          tables.push({ rows: [] });
        } else {
          const t = tables.pop();
          cell = cellStack.pop() ?? null;
          if (t) {
            if (cell) {
              // a nested table: its text goes into the enclosing cell, row by row (kept as a
              // table of its own when the enclosing table only lays out the page)
              const at = cell.paras.length;
              for (const row of t.rows) {
                const text = row
                  .map((c) => c.paras.map((p) => p.text).join(' '))
                  .filter(Boolean)
                  .join(' | ');
                if (text) cell.paras.push({ text, bold: false, heading: 0 });
              }
              cell.nested = [
                ...(cell.nested ?? []),
                { rows: t.rows, at, count: cell.paras.length - at },
              ];
            } else if (isLayoutTable(t.rows)) blocks.push(...unwrapLayoutTable(t.rows));
            else blocks.push({ kind: 'table', rows: t.rows });
          }
        }
        break;
      case 'tr':
        flushPara();
        if (!tag.closing) tables[tables.length - 1]?.rows.push([]);
        break;
      case 'td':
      case 'th':
        flushPara();
        if (!tag.closing) {
          const t = tables[tables.length - 1];
          cell = {
            paras: [],
            colSpan: Math.max(1, Number(tag.attrs.colspan) || 1),
            rowSpan: Math.max(1, Number(tag.attrs.rowspan) || 1),
            header: tag.name === 'th',
          };
          t?.rows[t.rows.length - 1]?.push(cell);
        } else cell = null;
        break;
      default:
        break;
    }
  }
  flushPara();
  return blocks;
}

/**
 * A one-row table that holds other tables is page layout (a rate table beside its notes), not
 * data: its cells are read in order, their tables as tables.
 */
function isLayoutTable(rows: RawCell[][]): boolean {
  return rows.length === 1 && rows[0]!.some((c) => c.nested?.length);
}

function unwrapLayoutTable(rows: RawCell[][]): RawBlock[] {
  const out: RawBlock[] = [];
  for (const cell of rows[0]!) {
    let i = 0;
    for (const n of cell.nested ?? []) {
      for (; i < n.at; i++) out.push({ kind: 'para', para: cell.paras[i]! });
      out.push({ kind: 'table', rows: n.rows });
      i = n.at + n.count;
    }
    for (; i < cell.paras.length; i++) out.push({ kind: 'para', para: cell.paras[i]! });
  }
  return out;
}

/**
 * Paragraphs laid out with tab stops instead of a table ('Benefit⇥In-Network⇥Out-of-Network',
 * 'Deductible⇥$50⇥$100'): two or more consecutive body paragraphs that each part into two or more
 * tab-separated columns are the rows of a table (a bold first row is its header; a row that began
 * with a tab leaves its first column empty). A 'Label:⇥value' line is a key/value line, not a row.
 * Remaining tabs read as spaces.
 */
export function tabbedGrids(blocks: RawBlock[]): RawBlock[] {
  const fieldsOf = (p: Para): string[] | null => {
    if (p.heading || !p.text.includes('\t')) return null;
    const parts = p.text.split(/\t+/).map((x) => x.trim());
    if (parts.length === 2 && /:$/.test(parts[0]!) && !p.leadingTab) return null;
    return p.leadingTab ? ['', ...parts] : parts;
  };
  const untab = (b: RawBlock): RawBlock =>
    b.kind === 'para' && b.para.text.includes('\t')
      ? { kind: 'para', para: { ...b.para, text: b.para.text.replace(/\s*\t+\s*/g, ' ') } }
      : b;
  const out: RawBlock[] = [];
  for (let i = 0; i < blocks.length; ) {
    const run: Array<{ para: Para; fields: string[] }> = [];
    for (let j = i; j < blocks.length; j++) {
      const b = blocks[j]!;
      const fields = b.kind === 'para' ? fieldsOf(b.para) : null;
      if (b.kind !== 'para' || !fields) break;
      run.push({ para: b.para, fields });
    }
    if (run.length < 2) {
      out.push(untab(blocks[i]!));
      i++;
      continue;
    }
    const cols = Math.max(...run.map((r) => r.fields.length));
    const rows: RawCell[][] = run.map((r, k) => {
      const fields = [...r.fields, ...Array<string>(cols - r.fields.length).fill('')];
      return fields.map((text) => ({
        paras: text ? [{ text, bold: r.para.bold, heading: 0 }] : [],
        colSpan: 1,
        rowSpan: 1,
        header: k === 0 && r.para.bold,
      }));
    });
    out.push({ kind: 'table', rows });
    i += run.length;
  }
  return out;
}

const BODY_SIZE = 10;

/** A paragraph as a line; its box is set where the page drawing places it (readDocx). */
function lineOf(p: Para): Line {
  const size = p.heading ? BODY_SIZE + Math.max(1, 7 - p.heading) : BODY_SIZE;
  const box: Line['box'] = [0, 0, 0, 0];
  return {
    text: p.text,
    words: [{ text: p.text, box, size, confidence: 1 }],
    box,
    size,
    confidence: 1,
    page: 1,
    bold: p.bold || p.heading > 0,
  };
}

/** Places the cells of an HTML table on a grid, honouring colspan and rowspan. */
function tableOf(rows: RawCell[][]): Table {
  const occupied: boolean[][] = [];
  const cells: Cell[] = [];
  let cols = 0;
  rows.forEach((row, r) => {
    occupied[r] ??= [];
    let c = 0;
    for (const raw of row) {
      while (occupied[r]![c]) c++;
      for (let dr = 0; dr < raw.rowSpan; dr++) {
        occupied[r + dr] ??= [];
        for (let dc = 0; dc < raw.colSpan; dc++) occupied[r + dr]![c + dc] = true;
      }
      cells.push({
        text: raw.paras.map((p) => p.text).join('\n'),
        lines: raw.paras.map(lineOf),
        row: r,
        col: c,
        rowSpan: raw.rowSpan,
        colSpan: raw.colSpan,
        header: raw.header,
        page: 1,
      });
      c += raw.colSpan;
      cols = Math.max(cols, c);
    }
  });
  return {
    rows: occupied.length,
    cols,
    cells,
    headerRows: 0,
    page: 1,
    origin: 'markup',
  };
}

export async function readDocx(bytes: Uint8Array): Promise<DocumentLayout> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      // the Title and Subtitle styles head the document as headings do
      { styleMap: ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"] },
    );
    html = result.value;
  } catch (error) {
    throw new ExtractionError('This Word document could not be read; it may be damaged.', {
      cause: error,
    });
  }
  const blocks: Block[] = [];
  for (const raw of tabbedGrids(parseMammothHtml(html))) {
    if (raw.kind === 'para') blocks.push({ kind: 'line', line: lineOf(raw.para) });
    else if (raw.rows.length) blocks.push({ kind: 'table', table: tableOf(raw.rows) });
  }
  if (blocks.length === 0) throw new ExtractionError('No text found in this Word document.');
  const furniture = runningText(bytes).map((text) => lineOf({ text, bold: false, heading: 0 }));
  // every line where the page drawing puts it (one placement for the reader and the drawing)
  const placed = placeMarkup(blocks, furniture);
  for (const line of [
    ...furniture,
    ...blocks.flatMap((b) =>
      b.kind === 'line' ? [b.line] : b.table.cells.flatMap((c) => c.lines),
    ),
  ]) {
    const box = placed.lineBoxes.get(line);
    if (!box) continue;
    line.box = box;
    for (const word of line.words) word.box = box;
  }
  for (const b of blocks) {
    if (b.kind !== 'table') continue;
    const box = placed.tableBoxes.get(b.table);
    if (box) b.table.box = box;
  }
  return {
    format: 'docx',
    pages: [{ number: 1, width: placed.width, height: placed.height, source: 'markup', blocks }],
    furniture,
  };
}

/**
 * The paragraphs of a Word document's page headers and footers (word/header*.xml,
 * word/footer*.xml), as plain text; fields such as PAGE keep their last printed result. The
 * archive has already passed the reader's limits (limits.ts), so its entries are inflated as they
 * are; a part that cannot be read is skipped.
 */
export function runningText(bytes: Uint8Array): string[] {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: string[] = [];
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return out;
  const entries = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries && at + 46 <= data.length; i++) {
    if (data.readUInt32LE(at) !== 0x02014b50) break;
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const skip = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    const local = data.readUInt32LE(at + 42);
    at += 46 + skip;
    if (!/^word\/(header|footer)\d*\.xml$/.test(name) || local + 30 > data.length) continue;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const body = data.subarray(start, start + compressed);
    let xml: string;
    try {
      xml = (method === 8 ? inflateRawSync(body) : body).toString('utf8');
    } catch {
      continue;
    }
    for (const para of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
      const text = decodeEntities(
        (para.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>/g) ?? [])
          .map((t) => t.replace(/<[^>]+>/g, ''))
          .join(''),
      )
        .replace(/\s+/g, ' ')
        .trim();
      if (text) out.push(text);
    }
  }
  return out;
}
