import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  buildComparison,
  type ClassMatching,
  type ComparedProposal,
  type Comparison,
  type SavedComparison,
} from '../../shared/comparisons/model.ts';
import { comparisonCsv, comparisonSheets, type Sheet } from '../../shared/comparisons/sheet.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { type PageRequest, pageClause, toPage } from '../http/pagination.ts';

/** The carrier proposals with these ids, in the order asked; the ids not found are named. */
export async function loadProposals(
  db: Queryable,
  ids: readonly string[],
): Promise<{ proposals: ComparedProposal[]; missing: string[]; clientIds: Array<string | null> }> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    data: unknown;
    client_id: string | null;
  }>(
    `select id, name, data, client_id from documents
     where type = 'carrierProposal' and id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return {
    proposals: found.map((r) => ({ id: r.id, name: r.name, data: r.data })),
    missing: ids.filter((id) => !byId.has(id)),
    clientIds: found.map((r) => r.client_id),
  };
}

/** The name of the client all the proposals belong to, when they share one. */
export async function sharedClientName(
  db: Queryable,
  clientIds: ReadonlyArray<string | null>,
): Promise<string | null> {
  const first = clientIds[0];
  if (!first || clientIds.some((c) => c !== first)) return null;
  const { rows } = await db.query<{ name: string }>('select name from clients where id = $1', [
    first,
  ]);
  return rows[0]?.name ?? null;
}

export function comparisonOf(
  proposals: ComparedProposal[],
  baselineId: string | undefined,
  classMatching: ClassMatching | undefined,
): Comparison {
  return buildComparison(proposals, { baselineId, classMatching });
}

const MONEY = '"$"#,##0.00;[Red]-"$"#,##0.00';
const PERCENT = '0.0%;[Red]-0.0%';

/** The comparison as a formatted workbook: a sheet per product, frozen header column, number formats. */
export async function comparisonXlsx(sheets: readonly Sheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Benefits Desk';
  book.created = new Date(0);
  for (const sheet of sheets) {
    const ws = book.addWorksheet(sheet.name, {
      views: [{ state: 'frozen', xSplit: 1, ySplit: 2 }],
    });
    ws.getColumn(1).width = 42;
    for (let c = 2; c <= sheet.width + 1; c++) ws.getColumn(c).width = 22;
    for (const row of sheet.rows) {
      const r = ws.addRow([
        row.label,
        ...row.cells.map((cell) => (cell === null ? null : cell.value)),
      ]);
      row.cells.forEach((cell, i) => {
        if (!cell) return;
        const c = r.getCell(i + 2);
        if (cell.kind === 'money') c.numFmt = MONEY;
        if (cell.kind === 'percent') c.numFmt = PERCENT;
      });
      if (row.style === 'title') r.font = { bold: true, size: 14 };
      if (row.style === 'subtitle') r.font = { italic: true, color: { argb: 'FF555555' } };
      if (row.style === 'group') r.font = { bold: true, size: 12 };
      if (row.style === 'header' || row.style === 'section') r.font = { bold: true };
      r.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function comparisonCsvText(sheets: readonly Sheet[]): string {
  return comparisonCsv(sheets);
}

export { comparisonSheets };

// ——— saved comparisons ———

export interface SavedComparisonInput {
  clientId: string;
  name: string;
  documentIds: string[];
  baselineId: string | null;
  classMatching: ClassMatching;
}

interface SavedRow {
  id: string;
  client_id: string;
  name: string;
  document_ids: string[];
  baseline_id: string | null;
  class_matching: ClassMatching;
  created_on: Date;
  updated_on: Date;
}

const toSaved = (r: SavedRow): SavedComparison => ({
  id: r.id,
  clientId: r.client_id,
  name: r.name,
  documentIds: r.document_ids,
  baselineId: r.baseline_id,
  classMatching: r.class_matching,
  createdOn: r.created_on.toISOString(),
  updatedOn: r.updated_on.toISOString(),
});

const COLUMNS =
  'id, client_id, name, document_ids, baseline_id, class_matching, created_on, updated_on';

export async function listSavedComparisons(
  db: Queryable,
  clientId: string | undefined,
  page: PageRequest,
): Promise<{ items: SavedComparison[]; nextCursor: string | undefined }> {
  const params: unknown[] = [];
  let where = '';
  if (clientId) {
    params.push(clientId);
    where = `client_id = $${params.length} and `;
  }
  const { rows } = await db.query<SavedRow>(
    `select ${COLUMNS} from saved_comparisons where ${where}${pageClause(page, params)}`,
    params,
  );
  const result = toPage(
    rows.map((r) => ({ ...r, createdOn: r.created_on })),
    page,
  );
  return { items: result.items.map(toSaved), nextCursor: result.nextCursor };
}

export async function getSavedComparison(
  db: Queryable,
  id: string,
): Promise<SavedComparison | undefined> {
  const { rows } = await db.query<SavedRow>(
    `select ${COLUMNS} from saved_comparisons where id = $1`,
    [id],
  );
  return rows[0] ? toSaved(rows[0]) : undefined;
}

const audit = (tx: Queryable, actor: Actor, action: string, saved: SavedComparison) =>
  recordAudit(tx, actor, {
    action,
    objectType: 'client',
    objectId: saved.id,
    clientId: saved.clientId,
    summary: `Comparison "${saved.name}" of ${saved.documentIds.length} proposals`,
  });

export async function createSavedComparison(
  db: Database,
  input: SavedComparisonInput,
  actor: Actor = LOCAL_ACTOR,
  now = new Date(),
): Promise<SavedComparison> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<SavedRow>(
      `insert into saved_comparisons (id, client_id, name, document_ids, baseline_id, class_matching,
       created_on, updated_on)
     values ($1, $2, $3, $4::uuid[], $5, $6::jsonb, $7, $7) returning ${COLUMNS}`,
      [
        randomUUID(),
        input.clientId,
        input.name,
        input.documentIds,
        input.baselineId,
        JSON.stringify(input.classMatching),
        now,
      ],
    );
    const saved = toSaved(rows[0]!);
    await audit(tx, actor, 'comparison saved', saved);
    return saved;
  });
}

export async function updateSavedComparison(
  db: Database,
  id: string,
  input: SavedComparisonInput,
  actor: Actor = LOCAL_ACTOR,
): Promise<SavedComparison | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<SavedRow>(
      `update saved_comparisons set client_id = $2, name = $3, document_ids = $4::uuid[],
       baseline_id = $5, class_matching = $6::jsonb, updated_on = now()
     where id = $1 returning ${COLUMNS}`,
      [
        id,
        input.clientId,
        input.name,
        input.documentIds,
        input.baselineId,
        JSON.stringify(input.classMatching),
      ],
    );
    if (!rows[0]) return undefined;
    const saved = toSaved(rows[0]);
    await audit(tx, actor, 'comparison changed', saved);
    return saved;
  });
}

export async function deleteSavedComparison(
  db: Database,
  id: string,
  actor: Actor = LOCAL_ACTOR,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<SavedRow>(
      `delete from saved_comparisons where id = $1 returning ${COLUMNS}`,
      [id],
    );
    if (!rows[0]) return false;
    await audit(tx, actor, 'comparison deleted', toSaved(rows[0]));
    return true;
  });
}
