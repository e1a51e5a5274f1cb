import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { uuidParam } from '../http/validate.ts';
import {
  exportLearnedLayouts,
  importLearnedLayouts,
  listLearnedLayouts,
  removeLearnedLayout,
} from '../services/learned-layouts.ts';
import { contentDisposition } from './files.ts';

/** A learned-layouts file may hold many layouts; each is tens of kilobytes. */
export const MAX_LAYOUTS_FILE_BYTES = 16 * 1024 * 1024;

/** Learned layouts (issue 12): list, remove, export as a JSON file, import one. */
export function layoutRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.get('/api/layouts', async () => listLearnedLayouts(deps.db));

  app.get('/api/layouts/export', async (_request, reply) => {
    const file = await exportLearnedLayouts(deps.db);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header(
        'Content-Disposition',
        contentDisposition('attachment', `learned-layouts-${day}.json`),
      )
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(file));
  });

  // Learned layouts change how every document is read: removing and importing them is an admin's.
  app.post(
    '/api/layouts/import',
    { bodyLimit: MAX_LAYOUTS_FILE_BYTES, config: { permission: 'administer' } },
    async (request) => importLearnedLayouts(deps.db, request.body, actorOf(request)),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/layouts/:id',
    { config: { permission: 'administer' } },
    async (request, reply) => {
      if (!uuidParam(request.params.id)) throw notFound('There is no such learned layout.');
      await removeLearnedLayout(deps.db, request.params.id, actorOf(request));
      return reply.code(204).send();
    },
  );
}
