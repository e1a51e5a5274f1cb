/**
 * Extraction speed (DESIGN.md §8), on one core, in one process:
 *  - text PDF: median ms per page of the whole local engine next to pdf.js's own text
 *    extraction of the same pages (the floor), and their ratio;
 *  - DOCX: median ms per document;
 *  - OCR: median seconds per scanned page (PNG, JPEG, image-only PDF);
 *  - a 100-page proposal (fixture pages repeated): ms per page and peak RSS, measured in a child
 *    process so that nothing else counts.
 * Prints figures and asserts nothing about time. `node bench/extraction.ts` runs it alone.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import { createLocalExtractionProvider } from '../src/server/extraction/local-engine.ts';
import { createTesseractEngine, type OcrEngine } from '../src/server/extraction/read/ocr.ts';
import { openPdf } from '../src/server/extraction/read/pdf.ts';

const here = fileURLToPath(import.meta.url);
const fixtures = resolve(here, '../../tests/fixtures/proposals');
/** The 22 real carrier summaries beside the project (absent on a machine without them). */
const realProposals = resolve(here, '../../../shared/real-proposals');

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function pdfjsTextMs(bytes: Uint8Array): Promise<{ ms: number; pages: number }> {
  const started = performance.now();
  const { doc, close } = await openPdf(bytes);
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    await page.getTextContent();
    page.cleanup();
  }
  const pages = doc.numPages;
  await close();
  return { ms: performance.now() - started, pages };
}

async function fixtureFiles(): Promise<
  Array<{ name: string; bytes: Uint8Array; type: string; scan: boolean }>
> {
  const manifest = JSON.parse(await readFile(join(fixtures, 'manifest.json'), 'utf8')) as {
    documents: Array<{ file: string; format: string }>;
  };
  const out = [];
  for (const d of manifest.documents) {
    const bytes = new Uint8Array(await readFile(join(fixtures, d.file)));
    const type = (await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream';
    out.push({ name: d.file, bytes, type, scan: ['png', 'jpg', 'scan-pdf'].includes(d.format) });
  }
  return out;
}

/** A long proposal: the text fixture pages repeated up to `pages` pages. */
async function longProposal(pages: number): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const sources = (await readdir(fixtures))
    .filter((f) => f.endsWith('.pdf') && !f.includes('scan'))
    .sort();
  while (out.getPageCount() < pages) {
    for (const f of sources) {
      const src = await PDFDocument.load(await readFile(join(fixtures, f)));
      const copied = await out.copyPages(src, src.getPageIndices());
      for (const p of copied) if (out.getPageCount() < pages) out.addPage(p);
    }
  }
  return out.save();
}

/** Child mode: extract one file and report time and peak memory. */
async function measureChild(file: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(file));
  const provider = createLocalExtractionProvider();
  const started = performance.now();
  const data = await provider.extract({
    bytes,
    contentType: 'application/pdf',
    documentType: 'carrierProposal',
  });
  const ms = performance.now() - started;
  await provider.close();
  const { doc, close } = await openPdf(bytes);
  const pages = doc.numPages;
  await close();
  process.stdout.write(
    `${JSON.stringify({ ms, pages, items: data.length, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
}

export async function benchExtraction(): Promise<void> {
  const files = await fixtureFiles();
  const provider = createLocalExtractionProvider();
  const rounds = 5;
  const textPdfs = files.filter((f) => f.type === 'application/pdf' && !f.scan);
  const docx = files.filter((f) => f.type.includes('wordprocessingml'));
  const scans = files.filter((f) => f.scan);
  try {
    // warm up both paths once (module compilation, fonts)
    for (const f of textPdfs) {
      await pdfjsTextMs(f.bytes);
      await provider.extract({
        bytes: f.bytes,
        contentType: f.type,
        documentType: 'carrierProposal',
      });
    }
    const floor: number[] = [];
    const engine: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const f of textPdfs) {
        const base = await pdfjsTextMs(f.bytes);
        floor.push(base.ms / base.pages);
        const t = performance.now();
        await provider.extract({
          bytes: f.bytes,
          contentType: f.type,
          documentType: 'carrierProposal',
        });
        engine.push((performance.now() - t) / base.pages);
      }
    }
    const floorMs = median(floor);
    const engineMs = median(engine);
    console.info(
      'extraction — text PDF (ms per page, median over %d documents × %d rounds)',
      textPdfs.length,
      rounds,
    );
    console.info(`  pdf.js text extraction (floor)  ${floorMs.toFixed(1)} ms/page`);
    console.info(`  local engine                    ${engineMs.toFixed(1)} ms/page`);
    console.info(
      `  ratio engine / floor            ${(engineMs / floorMs).toFixed(2)}×  (goal ≤ 2×)`,
    );

    const docxMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const f of docx) {
        const t = performance.now();
        await provider.extract({
          bytes: f.bytes,
          contentType: f.type,
          documentType: 'carrierProposal',
        });
        docxMs.push(performance.now() - t);
      }
    }
    console.info(
      `extraction — DOCX                 ${median(docxMs).toFixed(1)} ms/document (median)`,
    );

    const ocrSeconds: number[] = [];
    let ocrPages = 0;
    for (const f of scans) {
      const pages =
        f.type === 'application/pdf'
          ? await openPdf(f.bytes).then(async (o) => {
              const n = o.doc.numPages;
              await o.close();
              return n;
            })
          : 1;
      const t = performance.now();
      await provider.extract({
        bytes: f.bytes,
        contentType: f.type,
        documentType: 'carrierProposal',
      });
      const seconds = (performance.now() - t) / 1000;
      for (let i = 0; i < pages; i++) ocrSeconds.push(seconds / pages);
      ocrPages += pages;
    }
    console.info(
      `extraction — OCR                  ${median(ocrSeconds).toFixed(2)} s/page (median of ${ocrPages} scanned pages, first includes worker start-up)`,
    );
  } finally {
    await provider.close();
  }

  await benchRealDocuments();

  const dir = await mkdtemp(join(tmpdir(), 'bench-extraction-'));
  try {
    const file = join(dir, 'long-proposal.pdf');
    await writeFile(file, await longProposal(100));
    const { stdout } = await promisify(execFile)(process.execPath, [here, '--child', file], {
      maxBuffer: 1 << 20,
    });
    const r = JSON.parse(stdout) as { ms: number; pages: number; maxRssMb: number };
    console.info(
      `extraction — ${r.pages}-page proposal      ${(r.ms / r.pages).toFixed(1)} ms/page, ${(r.ms / 1000).toFixed(1)} s total, peak RSS ${r.maxRssMb.toFixed(0)} MB`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Real carrier summaries (../shared/real-proposals), one reading each after a warm-up: ms per
 * page of the engine next to pdf.js's text extraction for documents read from their text layer,
 * and seconds per page for documents with pages or lines read by OCR (the whole reading of the
 * document divided by its pages: drawing, cleaning and recognising the scanned ones).
 */
async function benchRealDocuments(): Promise<void> {
  const names = await readdir(realProposals).catch(() => [] as string[]);
  const pdfs = names.filter((n) => n.endsWith('.pdf')).sort();
  if (pdfs.length === 0) return;
  const tesseract = createTesseractEngine();
  let recognised = 0;
  let calls = 0;
  const ocr: OcrEngine = {
    recognize: (image, options) => {
      // (a whole page is read 'sparse'; lines of a text page drawn as outlines or in a broken
      // font are read 'block': their documents are timed with the OCR ones too)
      if ((options?.mode ?? 'sparse') === 'sparse') recognised++;
      calls++;
      return tesseract.recognize(image, options);
    },
    close: () => tesseract.close(),
  };
  const provider = createLocalExtractionProvider({ ocr });
  const ratios: number[] = [];
  const textMs: number[] = [];
  const ocrSeconds: number[] = [];
  let ocrPages = 0;
  try {
    for (const name of pdfs) {
      const bytes = new Uint8Array(await readFile(join(realProposals, name)));
      const input = {
        bytes,
        contentType: 'application/pdf',
        documentType: 'carrierProposal' as const,
      };
      await provider.extract(input); // warm-up: compiled paths, fonts
      const base = await pdfjsTextMs(bytes);
      recognised = 0;
      calls = 0;
      const t = performance.now();
      await provider.extract(input);
      const ms = performance.now() - t;
      if (calls > 0) {
        ocrSeconds.push(ms / 1000 / base.pages);
        ocrPages += recognised;
      } else {
        textMs.push(ms / base.pages);
        ratios.push(ms / base.ms);
      }
    }
  } finally {
    await provider.close();
    // (the provider closes only an engine it made itself)
    await tesseract.close();
  }
  console.info(
    'extraction — real summaries (../shared/real-proposals: %d from their text layer, %d with pages or lines read by OCR)',
    textMs.length,
    ocrSeconds.length,
  );
  if (textMs.length > 0) {
    console.info(
      `  text layer: engine ${median(textMs).toFixed(1)} ms/page (median), engine / pdf.js text ${median(ratios).toFixed(2)}× (median of documents; max ${Math.max(...ratios).toFixed(2)}×; goal ≤ 2×)`,
    );
  }
  if (ocrSeconds.length > 0) {
    console.info(
      `  with OCR: ${median(ocrSeconds).toFixed(2)} s/page (median of documents; max ${Math.max(...ocrSeconds).toFixed(2)}; ${ocrPages} pages recognised; goal ≤ 3 s)`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === here) {
  const child = process.argv.indexOf('--child');
  if (child > 0) await measureChild(process.argv[child + 1]!);
  else await benchExtraction();
}
