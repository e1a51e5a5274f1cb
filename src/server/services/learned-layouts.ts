import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import { type ParsedData, parsedDataSchema } from '../../shared/proposals/parsed-data.ts';
import { type Actor, LOCAL_ACTOR, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { interpretCertificate } from '../extraction/interpret/certificate.ts';
import { interpretProposal } from '../extraction/interpret/proposal.ts';
import type { DocumentLayout } from '../extraction/layout.ts';
import { bestTemplate, candidateTemplates } from '../extraction/learned/apply.ts';
import {
  type LayoutTemplate,
  layoutTemplateSchema,
  learnedValueCount,
  learnTemplate,
  refineTemplate,
} from '../extraction/learned/template.ts';
import { layoutUnits } from '../extraction/learned/units.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * Learned layouts (issue 12): what the local engine learned from brokers' corrections, stored as
 * data. `learnFromDocument` reads a corrected document's layout again and records where each
 * saved value is printed — a new layout, or the one it matches refined; the extraction job hands
 * the engine only the stored templates that can match the document it read (learnedCandidates);
 * a firm can list, remove, export and import them.
 */

export interface LearnedLayoutView {
  id: string;
  name: string;
  documentType: DocumentType;
  /** How many values the layout knows where to read. */
  values: number;
  taughtFrom: { documentId: string | null; name: string };
  timesTaught: number;
  createdOn: string;
  updatedOn: string;
}

interface Row {
  id: string;
  name: string;
  document_type: DocumentType;
  values_learned: number;
  taught_from_document_id: string | null;
  taught_from_name: string;
  times_taught: number;
  created_on: Date;
  updated_on: Date;
}

const toView = (r: Row): LearnedLayoutView => ({
  id: r.id,
  name: r.name,
  documentType: r.document_type,
  values: r.values_learned,
  taughtFrom: { documentId: r.taught_from_document_id, name: r.taught_from_name },
  timesTaught: r.times_taught,
  createdOn: new Date(r.created_on).toISOString(),
  updatedOn: new Date(r.updated_on).toISOString(),
});

export async function listLearnedLayouts(db: Queryable): Promise<LearnedLayoutView[]> {
  const { rows } = await db.query<Row>(
    `select id, name, document_type, values_learned, taught_from_document_id, taught_from_name,
       times_taught, created_on, updated_on
     from learned_layouts order by updated_on desc, id desc`,
  );
  return rows.map(toView);
}

export async function removeLearnedLayout(
  db: Database,
  id: string,
  actor: Actor = LOCAL_ACTOR,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'delete from learned_layouts where id = $1 returning name',
      [id],
    );
    if (!rows[0]) throw notFound('There is no such learned layout.');
    await recordAudit(tx, actor, {
      action: 'learned layout removed',
      objectType: 'layout',
      objectId: id,
      summary: rows[0].name,
    });
  });
}

/**
 * The stored templates of one document type that can match a document with this fingerprint,
 * best first (usually none or one): only their fingerprints are compared here, and only the
 * matching templates are loaded and handed to the engine.
 */
export async function learnedCandidates(
  db: Queryable,
  type: DocumentType,
  print: LayoutTemplate['fingerprint'],
): Promise<LayoutTemplate[]> {
  const { rows } = await db.query<{
    id: string;
    fingerprint: LayoutTemplate['fingerprint'];
    fields: LayoutTemplate['fields'];
  }>(
    `select id, template->'fingerprint' as fingerprint, template->'fields' as fields
     from learned_layouts where document_type = $1 order by updated_on desc, id desc`,
    [type],
  );
  const chosen = candidateTemplates(
    print,
    rows.map((r) => ({
      id: r.id,
      template: { documentType: type, fingerprint: r.fingerprint, fields: r.fields },
    })),
    type,
  ).map((c) => c.id);
  if (!chosen.length) return [];
  const { rows: full } = await db.query<{ id: string; template: LayoutTemplate }>(
    'select id, template from learned_layouts where id = any($1::uuid[])',
    [chosen],
  );
  return chosen.flatMap((id) => full.find((r) => r.id === id)?.template ?? []);
}

/** Reads a document's bytes into the layout model (the local engine's readers). */
export type LayoutReader = (input: {
  bytes: Uint8Array;
  contentType: string;
}) => Promise<DocumentLayout>;
/** The engine's own reading of a layout (hints for values typed without a box). */
export type LayoutInterpreter = (layout: DocumentLayout, type: DocumentType) => ParsedData;

export interface LearnDeps {
  db: Database;
  files: FileStore;
  read: LayoutReader;
  interpret?: LayoutInterpreter;
}

export interface LearnOutcome {
  /** The learned layout's id. */
  layoutId: string;
  name: string;
  /** Values the layout now knows where to read. */
  values: number;
  /** True when an existing layout was refined rather than a new one recorded. */
  refined: boolean;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Learns the layout of a document from its current (corrected) data: reads its file again,
 * places every saved value, and records the template — refining the stored layout it matches,
 * or adding a new one.
 */
export async function learnFromDocument(
  deps: LearnDeps,
  documentId: string,
): Promise<LearnOutcome> {
  const { rows } = await deps.db.query<{
    type: DocumentType;
    name: string;
    data: unknown;
    sha256: string;
    content_type: string;
  }>(
    `select d.type, d.name, d.data, f.sha256, f.content_type
     from documents d join files f on f.id = d.file_id where d.id = $1`,
    [documentId],
  );
  const doc = rows[0];
  if (!doc) throw notFound('Document not found.');
  const parsed = parsedDataSchema.safeParse(doc.data);
  if (!parsed.success || parsed.data.length === 0)
    throw new AppError('conflict', 'This document has no values yet to learn its layout from.');
  const stream = await deps.files.get(doc.sha256);
  if (!stream) throw new Error(`The file of document ${documentId} is missing from the store.`);
  const layout = await deps.read({ bytes: await readAll(stream), contentType: doc.content_type });
  const learned = learnTemplate({
    layout,
    data: parsed.data,
    engine: deps.interpret?.(layout, doc.type),
    documentType: doc.type,
  });

  return deps.db.transaction(async (tx) => {
    const { rows: stored } = await tx.query<{ id: string; template: LayoutTemplate }>(
      'select id, template from learned_layouts where document_type = $1 for update',
      [doc.type],
    );
    const templates = stored.map((s) => s.template);
    const match = bestTemplate(layoutUnits(layout), templates, doc.type);
    if (match) {
      const id = stored[templates.indexOf(match.template)]!.id;
      const template = refineTemplate(match.template, learned);
      const values = learnedValueCount(template);
      await tx.query(
        `update learned_layouts set template = $2::jsonb, name = $3, values_learned = $4,
           taught_from_document_id = $5, taught_from_name = $6, times_taught = times_taught + 1,
           updated_on = now()
         where id = $1`,
        [id, JSON.stringify(template), template.name, values, documentId, doc.name],
      );
      return { layoutId: id, name: template.name, values, refined: true };
    }
    const id = randomUUID();
    await tx.query(
      `insert into learned_layouts
         (id, document_type, name, template, values_learned, taught_from_document_id, taught_from_name)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
      [
        id,
        doc.type,
        learned.name,
        JSON.stringify(learned),
        learnedValueCount(learned),
        documentId,
        doc.name,
      ],
    );
    return { layoutId: id, name: learned.name, values: learnedValueCount(learned), refined: false };
  });
}

// ------------------------------------------------------------------------------ export / import

export const LAYOUTS_FILE_FORMAT = 'benefits-desk/learned-layouts';

const exportedSchema = z.object({
  format: z.literal(LAYOUTS_FILE_FORMAT),
  version: z.literal(1),
  exportedOn: z.string().optional(),
  layouts: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(300),
        taughtFrom: z.string().max(300).optional(),
        template: layoutTemplateSchema,
      }),
    )
    .max(1000),
});
export type LayoutsFile = z.infer<typeof exportedSchema>;

export async function exportLearnedLayouts(db: Queryable): Promise<LayoutsFile> {
  const { rows } = await db.query<{
    name: string;
    taught_from_name: string;
    template: LayoutTemplate;
  }>('select name, taught_from_name, template from learned_layouts order by created_on, id');
  return {
    format: LAYOUTS_FILE_FORMAT,
    version: 1,
    exportedOn: new Date().toISOString(),
    layouts: rows.map((r) => ({
      name: r.name,
      taughtFrom: r.taught_from_name,
      template: r.template,
    })),
  };
}

/** Imports an exported file: every layout or none. Bad files are refused with a sentence. */
export async function importLearnedLayouts(
  db: Database,
  body: unknown,
  actor: Actor = LOCAL_ACTOR,
): Promise<{ imported: number }> {
  if (
    !body ||
    typeof body !== 'object' ||
    (body as { format?: unknown }).format !== LAYOUTS_FILE_FORMAT
  )
    throw badRequest('This is not a learned-layouts file exported from Benefits Desk.');
  const parsed = exportedSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw badRequest(`The learned-layouts file is not valid${where}: ${issue.message}.`);
  }
  const { layouts } = parsed.data;
  await db.transaction(async (tx) => {
    for (const l of layouts) {
      await tx.query(
        `insert into learned_layouts
           (id, document_type, name, template, values_learned, taught_from_name)
         values ($1, $2, $3, $4::jsonb, $5, $6)`,
        [
          randomUUID(),
          l.template.documentType,
          l.name,
          JSON.stringify(l.template),
          learnedValueCount(l.template),
          l.taughtFrom?.trim() || 'an imported file',
        ],
      );
    }
    await recordAudit(tx, actor, {
      action: 'learned layouts imported',
      objectType: 'layout',
      summary: `${layouts.length} ${layouts.length === 1 ? 'layout' : 'layouts'}`,
    });
  });
  return { imported: layouts.length };
}

/**
 * What the app calls after a broker's corrections are saved (AppDeps.onCorrectionsSaved): learns
 * the document's layout and answers what was learned (the PUT .../data answer's `learned`).
 * Reads with the local engine's readers in this process unless a reader is given.
 */
export function createCorrectionsLearner(deps: {
  db: Database;
  files: FileStore;
  read?: LayoutReader;
}): (saved: { type: DocumentType; documentId: string; revision: number }) => Promise<LearnOutcome> {
  // One engine however many saves arrive before the first has loaded it.
  let engine: ReturnType<typeof localEngine> | undefined;
  const read: LayoutReader =
    deps.read ??
    (async (input) => {
      engine ??= localEngine();
      return (await engine).read(input);
    });
  return async ({ documentId }) =>
    learnFromDocument(
      { db: deps.db, files: deps.files, read, interpret: interpretLayout },
      documentId,
    );
}

/**
 * Answers what was learned when learning finishes within `ms`; otherwise says it goes on, and it
 * finishes in the background (the first learning after a start loads the readers, which can take
 * longer than a save should wait). A failure is logged, never thrown: the corrections are saved.
 */
export function learnWithin<T>(
  learning: Promise<T>,
  ms: number,
  log: (error: unknown) => void,
): Promise<T | { status: 'learning'; message: string }> {
  const settled = learning.catch((error: unknown) => {
    log(error);
    throw error;
  });
  settled.catch(() => {});
  return Promise.race([
    settled,
    new Promise<{ status: 'learning'; message: string }>((resolve) => {
      setTimeout(
        () =>
          resolve({
            status: 'learning',
            message:
              'The layout is still being learned; documents read from now on use it as soon as it is stored.',
          }),
        ms,
      ).unref();
    }),
  ]);
}

async function localEngine() {
  const { createLocalExtractionProvider } = await import('../extraction/local-engine.ts');
  return createLocalExtractionProvider();
}

/** The generic engine's reading of a layout, by document type. */
export const interpretLayout: LayoutInterpreter = (layout, type) =>
  type === 'policyCertificate' ? interpretCertificate(layout) : interpretProposal(layout);
