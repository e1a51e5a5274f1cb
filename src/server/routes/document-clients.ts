import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import { actorOf } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { parseInput, uuidParam } from '../http/validate.ts';
import { clientExists, setDocumentClient, suggestClientFor } from '../services/document-clients.ts';
import type { DocumentFilters } from '../services/documents.ts';
import type { FileStore } from '../storage/file-store.ts';

const collections: Array<{ path: string; type: DocumentType; what: string }> = [
  { path: '/api/documents/carrierProposals', type: 'carrierProposal', what: 'Carrier proposal' },
  {
    path: '/api/documents/policyCertificates',
    type: 'policyCertificate',
    what: 'Policy certificate',
  },
];

const text = (field: string) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(200, `${field} is too long (200 characters at most).`)
    .refine((v) => !v.includes('\u0000'), `${field} holds a NUL character.`)
    .optional()
    .transform((v) => v || undefined);

const filterSchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a client id (a UUID).' }).optional(),
  carrier: text('carrier'),
  product: z.enum(['dental', 'vision'], { error: 'product must be dental or vision.' }).optional(),
  q: text('q'),
});

/** `?clientId&carrier&product&q` of the document lists (issue 14); 400 naming a bad one. */
export function parseDocumentFilters(query: unknown): DocumentFilters {
  const q = (query ?? {}) as Record<string, unknown>;
  return parseInput(filterSchema, {
    clientId: q.clientId,
    carrier: q.carrier,
    product: q.product,
    q: q.q,
  });
}

const linkSchema = z.strictObject(
  {
    clientId: z.union(
      [z.uuid({ error: 'clientId must be a client id (a UUID) or null.' }), z.null()],
      {
        error: 'clientId must be a client id (a UUID) or null.',
      },
    ),
  },
  { error: 'Send {"clientId": ID} to link the document to a client, or {"clientId": null}.' },
);

/**
 * Issue 14: `PATCH /api/documents/{type}/:id {clientId|null}` links a document to a client (or
 * unlinks it); `GET …/:id/client-suggestion` names the client the document looks like it is for.
 */
export function documentClientRoutes(
  app: FastifyInstance,
  deps: { db: Database; files: FileStore },
  answer: (type: DocumentType, id: string) => Promise<unknown>,
) {
  for (const { path, type, what } of collections) {
    app.patch<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
      if (!uuidParam(request.params.id)) throw notFound(`${what} not found.`);
      const { clientId } = parseInput(linkSchema, request.body ?? undefined);
      if (clientId !== null && !(await clientExists(deps.db, clientId))) {
        // the document may not exist either: that is the first thing to say
        if (!(await answer(type, request.params.id))) throw notFound(`${what} not found.`);
        throw badRequest('There is no client with this clientId.');
      }
      if (!(await setDocumentClient(deps.db, type, request.params.id, clientId, actorOf(request))))
        throw notFound(`${what} not found.`);
      return answer(type, request.params.id);
    });
    app.get<{ Params: { id: string } }>(`${path}/:id/client-suggestion`, async (request) => {
      const suggestion = uuidParam(request.params.id)
        ? await suggestClientFor(deps.db, deps.files, type, request.params.id)
        : undefined;
      if (!suggestion) throw notFound(`${what} not found.`);
      return suggestion;
    });
  }
}
