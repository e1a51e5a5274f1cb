/**
 * node scripts/debug/layout.ts FILE.pdf [--page N]
 *
 * Prints what the reader makes of a document: per page its source (text layer or OCR), its
 * lines in reading order and its tables as grids (row, col, spans, header flags).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createTesseractEngine, type OcrEngine } from '../../src/server/extraction/read/ocr.ts';
import { readDocument } from '../../src/server/extraction/read/read-document.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { page: { type: 'string', multiple: true } },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: node scripts/debug/layout.ts FILE [--page N]');
  process.exit(2);
}
const only = values.page?.map(Number);
let ocr: OcrEngine | undefined;
const bytes = new Uint8Array(await readFile(file));
const type = file.endsWith('.pdf')
  ? 'application/pdf'
  : file.endsWith('.png')
    ? 'image/png'
    : 'image/jpeg';
try {
  const layout = await readDocument(bytes, type, { ocr: () => (ocr ??= createTesseractEngine()) });
  for (const page of layout.pages) {
    if (only && !only.includes(page.number)) continue;
    console.info(
      `=== page ${page.number} (${page.source}) ${page.width.toFixed(0)}x${page.height.toFixed(0)}`,
    );
    for (const block of page.blocks) {
      if (block.kind === 'line') {
        const b = block.line.box.map((v) => v.toFixed(0)).join(',');
        console.info(`  [${b}] ${block.line.text}`);
        continue;
      }
      const t = block.table;
      console.info(
        `  TABLE ${t.origin} ${t.rows}x${t.cols} headerRows=${t.headerRows} page=${t.page}`,
      );
      for (let r = 0; r < t.rows; r++) {
        const cells = t.cells
          .filter((c) => c.row === r)
          .sort((a, b) => a.col - b.col)
          .map((c) => {
            const span = c.rowSpan > 1 || c.colSpan > 1 ? `{${c.rowSpan}x${c.colSpan}}` : '';
            return `${c.col}${span}${c.header ? 'H' : ''}:${c.text.replace(/\n/g, ' / ')}`;
          });
        console.info(`    r${r}| ${cells.join(' | ')}`);
      }
    }
  }
} finally {
  await ocr?.close();
}
