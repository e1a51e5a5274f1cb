import type { Block, Cell, DocumentLayout, Line } from '../layout.ts';

/**
 * Builds a layout the way the DOCX reader does, from a compact description: a string is a
 * paragraph ('# ' makes it a heading), a string[][] a table (a cell written '>>text' spans the
 * next column too ('>>>>text' the next two), '^^' is covered by the cell above). For interpreter tests that do not need a real file.
 */
export type MarkupBlock = string | string[][];

function line(text: string, y: number, bold: boolean): Line {
  const size = bold ? 14 : 10;
  const box: Line['box'] = [0, y, text.length * 5, y + size];
  return {
    text,
    words: [{ text, box, size, confidence: 1 }],
    box,
    size,
    confidence: 1,
    page: 1,
    bold,
  };
}

export function markupLayout(blocks: MarkupBlock[]): DocumentLayout {
  const out: Block[] = [];
  let y = 0;
  for (const b of blocks) {
    if (typeof b === 'string') {
      const heading = b.startsWith('# ');
      out.push({ kind: 'line', line: line(heading ? b.slice(2) : b, y, heading) });
      y += 14;
      continue;
    }
    const cells: Cell[] = [];
    let cols = 0;
    b.forEach((row, r) => {
      let c = 0;
      for (const raw of row) {
        if (raw === '<<') {
          c++;
          continue;
        }
        if (raw === '^^') {
          // covered by the cell above (a vertically merged cell)
          const above = cells.find((x) => x.col === c && x.row + x.rowSpan === r);
          if (above) above.rowSpan++;
          c += above?.colSpan ?? 1;
          continue;
        }
        // each leading '>>' spans one more column ('>>>>text' spans three)
        const marks = raw.match(/^(>>)*/)![0].length / 2;
        const span = 1 + marks;
        const text = raw.slice(marks * 2);
        const lines = text
          .split('\n')
          .filter(Boolean)
          .map((t, i) => line(t, y + r * 14 + i * 12, false));
        cells.push({ text, lines, row: r, col: c, rowSpan: 1, colSpan: span, page: 1 });
        c += span;
      }
      cols = Math.max(cols, c);
    });
    out.push({
      kind: 'table',
      table: {
        rows: b.length,
        cols,
        cells,
        headerRows: 0,
        page: 1,
        box: [0, y, 500, y + b.length * 14],
        origin: 'markup',
      },
    });
    y += b.length * 14 + 14;
  }
  return {
    format: 'docx',
    pages: [{ number: 1, width: 0, height: 0, source: 'markup', blocks: out }],
    furniture: [],
  };
}
