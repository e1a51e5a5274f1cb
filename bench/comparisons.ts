/**
 * Comparison benchmark (issue 14): the time to build the comparison of 8 proposals of 3 classes
 * each (dental, 4 tiers and the plan design per class) and to write its .xlsx and CSV, in
 * process (the model is pure; the workbook is ExcelJS as the export endpoint uses it).
 * Run alone with `node bench/comparisons.ts`.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPglite } from '../src/server/db/pglite.ts';
import { comparisonXlsx } from '../src/server/services/comparisons.ts';
import { createDiskFileStore } from '../src/server/storage/disk-file-store.ts';
import { buildComparison, type ComparedProposal } from '../src/shared/comparisons/model.ts';
import { comparisonCsv, comparisonSheets } from '../src/shared/comparisons/sheet.ts';
import { loadProposalFixtures } from '../tests/support/proposal-fixtures.ts';
import { heading, kb, median, ms, quantile } from './support/stats.ts';

const RUNS = 200;
const XLSX_RUNS = 30;

/** Eight three-class dental proposals: the UHC fixture's classes, carriers and rates varied. */
function eightProposals(): ComparedProposal[] {
  const base = loadProposalFixtures().find((f) => f.id === 'dev05-uhc-dental-3class')!
    .truth as Array<Record<string, unknown>>;
  return Array.from({ length: 8 }, (_, i) => {
    const data = structuredClone(base).map((item) => {
      if (item.label === 'dentalInsurance_carrierName')
        return { ...item, value: `Carrier ${i + 1}` };
      if (item.type !== 'table') return item;
      const cells = (item.cells as Array<Record<string, unknown>>).map((cell) =>
        cell.label === 'dentalInsurance_rateTiers_carrierMonthlyRate'
          ? {
              ...cell,
              value: `$${(Number(String(cell.value).replace(/[$,]/g, '')) * (0.85 + i * 0.04)).toFixed(2)}`,
            }
          : cell,
      );
      return { ...item, cells };
    });
    return { id: `00000000-0000-4000-8000-00000000000${i}`, name: `Proposal ${i + 1}`, data };
  });
}

async function time<T>(
  runs: number,
  work: () => T | Promise<T>,
): Promise<{ times: number[]; last: T }> {
  let last!: T;
  for (let i = 0; i < 5; i += 1) last = await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  return { times, last };
}

export async function benchComparisons() {
  heading('Comparison of 8 proposals × 3 classes (issue 14)');
  const proposals = eightProposals();
  const options = { baselineId: proposals[0]!.id };
  const built = await time(RUNS, () => buildComparison(proposals, options));
  const groups = built.last.products[0]!.groups;
  console.info(
    `build the comparison: median ${ms(median(built.times))}, p95 ${ms(quantile(built.times, 0.95))} (${groups.length} class groups × ${groups[0]!.columns.length} columns, ${RUNS} runs)`,
  );
  const sheets = comparisonSheets(built.last, 'Bench Client', '2026-01-01');
  const xlsx = await time(XLSX_RUNS, () =>
    comparisonXlsx(
      comparisonSheets(buildComparison(proposals, options), 'Bench Client', '2026-01-01'),
    ),
  );
  console.info(
    `build + write the .xlsx: median ${ms(median(xlsx.times))}, p95 ${ms(quantile(xlsx.times, 0.95))} (${kb(xlsx.last.length)}, ${sheets[0]!.rows.length} rows, ${XLSX_RUNS} runs)`,
  );
  const csv = await time(RUNS, () =>
    comparisonCsv(
      comparisonSheets(buildComparison(proposals, options), 'Bench Client', '2026-01-01'),
    ),
  );
  console.info(`build + write the CSV: median ${ms(median(csv.times))} (${kb(csv.last.length)})`);
}

/**
 * The document list with its summary fields (carrier, products, effective date read from each
 * document's data at read time) and with filters, on PGlite: 500 read proposals of the UHC
 * fixture (3 classes, ~200 values each), a page of 500 and a page of 50.
 */
export async function benchDocumentList() {
  heading('Document list with carrier, products, effective date (issue 14), PGlite, 500 proposals');
  const db = await openPglite();
  await migrate(db);
  const dir = mkdtempSync(path.join(tmpdir(), 'bd-bench-'));
  const app = await buildApp({
    config: { maxUploadBytes: 1024 * 1024 },
    db,
    files: createDiskFileStore(dir),
  });
  try {
    const data = JSON.stringify(
      loadProposalFixtures().find((f) => f.id === 'dev05-uhc-dental-3class')!.truth,
    );
    const fileId = randomUUID();
    await db.query(
      `insert into files (id, original_name, content_type, size, sha256) values ($1, 'p.pdf', 'application/pdf', 1, $2)`,
      [fileId, 'a'.repeat(64)],
    );
    for (let i = 0; i < 500; i += 1) {
      await db.query(
        `insert into documents (id, type, name, file_id, status, data, created_on)
         values ($1, 'carrierProposal', $2, $3, 'done', $4::jsonb, now() - make_interval(secs => $5))`,
        [randomUUID(), `Proposal ${i}`, fileId, data, i],
      );
    }
    for (const [what, url] of [
      ['page of 500', '/api/documents/carrierProposals?limit=500'],
      ['page of 50', '/api/documents/carrierProposals?limit=50'],
      [
        'filtered (product, carrier, name), page of 50',
        '/api/documents/carrierProposals?limit=50&product=dental&carrier=united&q=proposal',
      ],
    ] as const) {
      const timed = await time(20, async () => {
        const res = await app.inject({ url });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        return res.body.length;
      });
      console.info(
        `GET ${what}: median ${ms(median(timed.times))}, p95 ${ms(quantile(timed.times, 0.95))} (${kb(timed.last)})`,
      );
    }
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await benchComparisons();
  await benchDocumentList();
}
