import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { parsePageRequest } from '../http/pagination.ts';
import { parseInput, uuidParam } from '../http/validate.ts';
import { createClient, createClientListCache, getClient } from '../services/clients.ts';
import type { FileStore } from '../storage/file-store.ts';
import { isImage } from '../storage/sniff.ts';

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

const createClientSchema = z.object({
  name: z
    .string({ error: 'Enter a client name.' })
    .trim()
    .min(1, 'Enter a client name.')
    .max(200, 'The client name is too long (200 characters at most).'),
  notes: z
    .string()
    .max(20_000, 'The notes are too long (20,000 characters at most).')
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
});

export function clientRoutes(app: FastifyInstance, deps: { db: Database; files: FileStore }) {
  const listClients = createClientListCache();
  app.get('/api/clients', async (request, reply) => {
    const page = await listClients(deps.db, parsePageRequest(request.query));
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    return reply.type('application/json; charset=utf-8').send(page.json);
  });

  app.get<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    const client = uuidParam(request.params.id)
      ? await getClient(deps.db, request.params.id)
      : undefined;
    if (!client) throw notFound('Client not found.');
    return client;
  });

  app.post('/api/clients/createClient', async (request, reply) => {
    const body = await readMultipart(request, {
      fileField: 'logo',
      maxFileBytes: MAX_LOGO_BYTES,
      files: deps.files,
      what: 'logo',
    });
    try {
      const input = parseInput(createClientSchema, body.fields);
      const logo = body.file;
      if (logo && !isImage(logo.stored.contentType)) {
        throw new AppError(
          'bad_request',
          'The logo must be an image file (PNG, JPEG, GIF or WebP).',
        );
      }
      await logo?.stored.commit();
      const id = await createClient(deps.db, { ...input, logo, actor: actorOf(request) });
      reply.code(201);
      return { sanityId: id };
    } finally {
      await body.file?.stored.discard();
    }
  });
}
