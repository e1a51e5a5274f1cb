import type { FastifyRequest } from 'fastify';
import { LOCAL_ACTOR } from '../audit/audit.ts';
import { actorOf } from '../auth/guard.ts';

/**
 * The name of the person making a request, as recorded on what they save (revisions, reviews):
 * the signed-in user's name, or 'Local user' with AUTH=none.
 */
export function currentUser(request?: FastifyRequest): string {
  return request ? actorOf(request).name : LOCAL_ACTOR.name;
}

/** Who saved a revision the extraction engine wrote. */
export const ENGINE_AUTHOR = 'Extraction engine';
