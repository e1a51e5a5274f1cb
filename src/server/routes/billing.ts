import type { FastifyInstance } from 'fastify';
import { updateBillingParametersRequestSchema } from '../../shared/billing/schema.ts';
import { describeIssues, toValidationIssues } from '../../shared/billing/validate.ts';
import { actorOf } from '../auth/guard.ts';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { saveBillingParameters } from '../services/billing.ts';

/**
 * Body limit of a save. Every product is written inside every class holding it, so a big
 * client multiplies: 10 classes × 10 products, each in every class with 27 tiered age bands of
 * 4 tiers (with tobacco rates), is about 0.9 MB of JSON — at the app's 1 MB default. 4 MB
 * leaves room for more tiers or classes without inviting abuse (a save is parsed in memory).
 */
export const MAX_BILLING_BODY_BYTES = 4 * 1024 * 1024;

/** At most this many validation issues are named in a 400 answer. */
const MAX_ISSUES = 10;

export const STALE_REVISION_MESSAGE =
  'This client was changed by someone else since you opened it. Reload to see the latest version.';

export function billingRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.post(
    '/api/clients/updateBillingParameters',
    { bodyLimit: MAX_BILLING_BODY_BYTES },
    async (request, reply) => {
      const parsed = updateBillingParametersRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        const issues = toValidationIssues(parsed.error.issues);
        const named = describeIssues(issues.slice(0, MAX_ISSUES));
        const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
        throw badRequest(`${named}${more}`);
      }
      const result = await saveBillingParameters(deps.db, {
        ...parsed.data,
        actor: actorOf(request),
      });
      switch (result.status) {
        case 'notFound':
          throw notFound('Client not found.');
        case 'stale':
          return reply.code(409).send({ error: STALE_REVISION_MESSAGE, revision: result.revision });
        case 'saved':
          return { revision: result.revision };
      }
    },
  );
}
