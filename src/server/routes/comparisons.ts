import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_COMPARED, MIN_COMPARED } from '../../shared/comparisons/model.ts';
import { actorOf } from '../auth/guard.ts';
import type { Database, Queryable } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { parsePageRequest } from '../http/pagination.ts';
import { parseInput, uuidParam } from '../http/validate.ts';
import {
  comparisonCsvText,
  comparisonOf,
  comparisonSheets,
  comparisonXlsx,
  createSavedComparison,
  deleteSavedComparison,
  getSavedComparison,
  listSavedComparisons,
  loadProposals,
  type SavedComparisonInput,
  sharedClientName,
  updateSavedComparison,
} from '../services/comparisons.ts';
import { clientExists } from '../services/document-clients.ts';

const countMessage = `Compare ${MIN_COMPARED} to ${MAX_COMPARED} carrier proposals: give their ids, comma-separated.`;

const idList = z
  .array(z.uuid({ error: 'Every id must be a carrier proposal id (a UUID).' }))
  .min(MIN_COMPARED, countMessage)
  .max(MAX_COMPARED, countMessage)
  .refine((ids) => new Set(ids).size === ids.length, 'Each proposal can be compared only once.');

const shortText = z
  .string()
  .max(200)
  .refine((v) => !v.includes('\u0000'));
const matchingSchema = z.record(
  z.uuid(),
  z.record(
    shortText,
    shortText.refine((v) => v.trim().length > 0),
  ),
  { error: 'matching must map proposal ids to {class name: group name}.' },
);

const exportQuery = z.object({
  ids: z
    .string({ error: countMessage })
    .max(2000, countMessage)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  baseline: z.uuid({ error: 'baseline must be one of the compared proposal ids.' }).optional(),
  matching: z
    .string()
    .max(20_000)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'matching must be JSON: {proposalId: {class: group}}.',
        });
        return z.NEVER;
      }
    }),
});

/** The proposals of an export or a save: 400 for an unknown id or a baseline outside them. */
async function checkedProposals(db: Queryable, ids: string[], baseline: string | null | undefined) {
  const loaded = await loadProposals(db, ids);
  if (loaded.missing.length)
    throw badRequest(`There is no carrier proposal with the id ${loaded.missing[0]}.`);
  if (baseline && !ids.includes(baseline))
    throw badRequest('baseline must be one of the compared proposal ids.');
  return loaded;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'proposals';

const savedSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Give the comparison a name.' })
      .trim()
      .min(1, 'Give the comparison a name.')
      .max(200, 'The name is too long (200 characters at most).')
      .refine((v) => !v.includes('\u0000'), 'The name holds a NUL character.'),
    clientId: z.uuid({ error: 'clientId must be a client id (a UUID).' }),
    documentIds: idList,
    baselineId: z
      .uuid({ error: 'baselineId must be a compared proposal id or null.' })
      .nullable()
      .default(null),
    classMatching: matchingSchema.default({}),
  },
  { error: 'Send {name, clientId, documentIds, baselineId, classMatching}.' },
);

async function checkedSave(db: Queryable, body: unknown): Promise<SavedComparisonInput> {
  const input = parseInput(savedSchema, body ?? undefined);
  if (!(await clientExists(db, input.clientId)))
    throw badRequest('There is no client with this clientId.');
  await checkedProposals(db, input.documentIds, input.baselineId);
  if (Object.keys(input.classMatching).some((id) => !input.documentIds.includes(id)))
    throw badRequest('classMatching names a proposal that is not compared.');
  return input;
}

/**
 * Issue 14: the comparison's export (.xlsx and CSV) and saved comparisons (a name, a client,
 * the proposals, the baseline and the hand-made class matching).
 */
export function comparisonRoutes(app: FastifyInstance, deps: { db: Database }) {
  for (const format of ['xlsx', 'csv'] as const) {
    app.get(`/api/comparisons/export.${format}`, async (request, reply) => {
      const query = parseInput(exportQuery, request.query ?? {});
      const ids = parseInput(idList, query.ids);
      const matching =
        query.matching === undefined ? undefined : parseInput(matchingSchema, query.matching);
      const { proposals, clientIds } = await checkedProposals(deps.db, ids, query.baseline);
      const clientName = await sharedClientName(deps.db, clientIds);
      const today = new Date().toISOString().slice(0, 10);
      const sheets = comparisonSheets(
        comparisonOf(proposals, query.baseline, matching),
        clientName,
        today,
      );
      const filename = `comparison-${slug(clientName ?? 'proposals')}-${today}.${format}`;
      reply.header('Content-Disposition', `attachment; filename="${filename}"`);
      reply.header('Cache-Control', 'no-store');
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(`\uFEFF${comparisonCsvText(sheets)}`);
      }
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(await comparisonXlsx(sheets));
    });
  }

  app.get('/api/comparisons', async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const { clientId } = parseInput(
      z.object({
        clientId: z.uuid({ error: 'clientId must be a client id (a UUID).' }).optional(),
      }),
      { clientId: q.clientId },
    );
    const page = await listSavedComparisons(deps.db, clientId, parsePageRequest(request.query));
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    return page.items;
  });

  app.post('/api/comparisons', async (request, reply) => {
    const input = await checkedSave(deps.db, request.body);
    reply.code(201);
    return createSavedComparison(deps.db, input, actorOf(request));
  });

  app.get<{ Params: { id: string } }>('/api/comparisons/:id', async (request) => {
    const saved = uuidParam(request.params.id)
      ? await getSavedComparison(deps.db, request.params.id)
      : undefined;
    if (!saved) throw notFound('Comparison not found.');
    return saved;
  });

  app.put<{ Params: { id: string } }>('/api/comparisons/:id', async (request) => {
    if (!uuidParam(request.params.id) || !(await getSavedComparison(deps.db, request.params.id)))
      throw notFound('Comparison not found.');
    const input = await checkedSave(deps.db, request.body);
    const saved = await updateSavedComparison(deps.db, request.params.id, input, actorOf(request));
    if (!saved) throw notFound('Comparison not found.');
    return saved;
  });

  app.delete<{ Params: { id: string } }>('/api/comparisons/:id', async (request, reply) => {
    if (
      !uuidParam(request.params.id) ||
      !(await deleteSavedComparison(deps.db, request.params.id, actorOf(request)))
    )
      throw notFound('Comparison not found.');
    return reply.code(204).send();
  });
}
