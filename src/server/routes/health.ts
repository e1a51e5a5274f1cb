import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

export function healthRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.get('/api/health', async () => {
    await deps.db.query('select 1');
    return { ok: true };
  });
}
