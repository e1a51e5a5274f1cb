import type { FastifyInstance } from 'fastify';
import type { DocumentType } from '../../shared/documents/document-types.ts';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { parsePageRequest } from '../http/pagination.ts';
import { uuidParam } from '../http/validate.ts';
import { getDocument, listDocuments } from '../services/documents.ts';
import { parseDocumentFilters } from './document-clients.ts';

export const documentCollections: Array<{ path: string; type: DocumentType; what: string }> = [
  { path: '/api/documents/carrierProposals', type: 'carrierProposal', what: 'Carrier proposal' },
  {
    path: '/api/documents/policyCertificates',
    type: 'policyCertificate',
    what: 'Policy certificate',
  },
];

/** The reads that replace the content service's document queries (DESIGN.md §3). */
export function documentRoutes(app: FastifyInstance, deps: { db: Database }) {
  for (const { path, type, what } of documentCollections) {
    app.get(path, async (request, reply) => {
      const page = await listDocuments(
        deps.db,
        type,
        parsePageRequest(request.query),
        parseDocumentFilters(request.query),
      );
      if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
      return page.items;
    });
    app.get<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
      const doc = uuidParam(request.params.id)
        ? await getDocument(deps.db, type, request.params.id)
        : undefined;
      if (!doc) throw notFound(`${what} not found.`);
      return doc;
    });
  }
}
