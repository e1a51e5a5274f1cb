import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { uuidParam } from '../http/validate.ts';
import { getFile } from '../services/files.ts';
import type { FileStore } from '../storage/file-store.ts';

/** Types a browser may show inline; anything else downloads. */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

export function fileRoutes(app: FastifyInstance, deps: { db: Database; files: FileStore }) {
  app.get<{ Params: { id: string } }>('/api/files/:id', async (request, reply) => {
    const record = uuidParam(request.params.id)
      ? await getFile(deps.db, request.params.id)
      : undefined;
    const stream = record ? await deps.files.get(record.sha256) : undefined;
    if (!record || !stream) throw notFound('File not found.');
    const disposition = INLINE_TYPES.has(record.contentType) ? 'inline' : 'attachment';
    reply
      .type(record.contentType)
      .header('Content-Length', record.size)
      .header('Content-Disposition', contentDisposition(disposition, record.originalName))
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    return reply.send(stream);
  });
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
