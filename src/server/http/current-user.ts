import type { FastifyRequest } from 'fastify';

/**
 * The name of the person making a request, as recorded on what they save (revisions, reviews).
 * Until sign-in lands everyone is the local user; sign-in replaces this one function.
 */
export function currentUser(_request?: FastifyRequest): string {
  return 'Local user';
}

/** Who saved a revision the extraction engine wrote. */
export const ENGINE_AUTHOR = 'Extraction engine';
