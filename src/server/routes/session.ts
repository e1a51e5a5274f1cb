import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { roles, type SessionInfo } from '../../shared/auth/roles.ts';
import { auditCsv, listAudit, recordAudit } from '../audit/audit.ts';
import {
  inviteUser,
  listUsers,
  readLink,
  resetUser,
  signIn,
  updateUser,
  useLink,
} from '../auth/accounts.ts';
import {
  type AuthSettings,
  actorOf,
  clearSessionCookie,
  SESSION_COOKIE,
  setSessionCookie,
} from '../auth/guard.ts';
import { safeReturnTo } from '../auth/oidc.ts';
import { endAllSessions, endSession, startSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { parsePageRequest } from '../http/pagination.ts';
import { parseInput, uuidParam } from '../http/validate.ts';

const email = z.email('Enter an email address.').max(200, 'The email address is too long.');
const password = z
  .string({ error: 'Enter a password.' })
  .min(12, 'A password needs at least 12 characters.')
  .max(200, 'A password has 200 characters at most.');
const signInSchema = z.object({
  email,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
});
const linkSchema = z.object({ password, name: z.string().trim().max(200).optional() });
const inviteSchema = z.object({
  email,
  name: z.string().trim().min(1, 'Enter the person’s name.').max(200),
  role: z.enum(roles, 'The role must be admin, broker or viewer.'),
});
const updateSchema = z
  .object({
    role: z.enum(roles, 'The role must be admin, broker or viewer.').optional(),
    disabled: z.boolean('disabled must be true or false.').optional(),
  })
  .strict();
const tokenParam = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{20,100}$/.test(value);
const auditQuery = z.object({
  clientId: z.uuid('clientId must be an id.').optional(),
  documentId: z.uuid('documentId must be an id.').optional(),
  userId: z.uuid('userId must be an id.').optional(),
});

const needsAccounts = (auth: AuthSettings) => {
  if (auth.mode === 'oidc') {
    throw badRequest(
      'People sign in through your identity provider (AUTH=oidc): manage accounts there.',
    );
  }
  if (auth.mode !== 'local') {
    throw badRequest('Accounts are used only when the app runs with AUTH=local.');
  }
};

/** Sign-in, sign-out, one-time links, users (admins) and the audit trail (issue 15). */
export function sessionRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthSettings; publicOrigins: readonly string[] },
) {
  const { db, auth } = deps;
  /** Where the identity provider sends the browser back: the public origin, or this request's. */
  const callbackUri = (request: FastifyRequest) =>
    `${deps.publicOrigins[0] ?? `${request.protocol}://${request.host}`}/api/auth/oidc/callback`;

  app.get<{ Querystring: { returnTo?: string } }>(
    '/api/auth/oidc/start',
    { config: { permission: 'public' } },
    async (request, reply) => {
      if (!auth.oidc)
        throw notFound('Sign-in through an identity provider is not set up (AUTH=oidc).');
      const url = await auth.oidc.start(db, {
        redirectUri: callbackUri(request),
        returnTo: safeReturnTo(request.query.returnTo),
      });
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    { config: { permission: 'public' } },
    async (request, reply) => {
      if (!auth.oidc)
        throw notFound('Sign-in through an identity provider is not set up (AUTH=oidc).');
      try {
        const { user, returnTo } = await auth.oidc.finish(db, {
          callbackUrl: new URL(request.url, 'http://callback.invalid'),
          redirectUri: callbackUri(request),
          address: request.ip,
        });
        const session = await startSession(db, user.id, auth.times);
        setSessionCookie(request, reply, session.token, session.expiresOn);
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        return reply.redirect(`/sign-in?error=${encodeURIComponent(error.message)}`, 302);
      }
    },
  );

  // Signed out, the answer also says how to sign in, so the sign-in page shows a password form
  // (local) or the identity provider's button (oidc).
  app.get('/api/session', { config: { permission: 'public' } }, async (request, reply) => {
    if (!request.user) {
      return reply.code(401).send({ error: 'Sign in to continue.', auth: auth.mode });
    }
    const { email, name, role } = request.user;
    return { user: { email, name, role }, auth: auth.mode } satisfies SessionInfo;
  });

  app.post('/api/session', { config: { permission: 'public' } }, async (request, reply) => {
    needsAccounts(auth);
    const input = parseInput(signInSchema, request.body);
    const user = await signIn(db, { ...input, address: request.ip });
    const session = await startSession(db, user.id, auth.times);
    setSessionCookie(request, reply, session.token, session.expiresOn);
    return reply.code(204).send();
  });

  app.delete<{ Querystring: { everywhere?: string } }>(
    '/api/session',
    { config: { permission: 'public' } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const user = request.user;
      if (auth.mode === 'local' && user) {
        await db.transaction(async (tx) => {
          if (request.query.everywhere === 'true') await endAllSessions(tx, user.id);
          else if (token) await endSession(tx, token);
          await recordAudit(tx, actorOf(request), {
            action: request.query.everywhere === 'true' ? 'signed out everywhere' : 'signed out',
            objectType: 'session',
            objectId: user.email,
          });
        });
      }
      clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api/links/:token',
    { config: { permission: 'public' } },
    async (request) => {
      needsAccounts(auth);
      if (!tokenParam(request.params.token)) throw notFound('This link is not valid.');
      return readLink(db, request.params.token);
    },
  );

  app.post<{ Params: { token: string } }>(
    '/api/links/:token',
    { config: { permission: 'public' } },
    async (request, reply) => {
      needsAccounts(auth);
      if (!tokenParam(request.params.token)) throw notFound('This link is not valid.');
      const input = parseInput(linkSchema, request.body);
      const user = await useLink(db, request.params.token, input);
      const session = await startSession(db, user.id, auth.times);
      setSessionCookie(request, reply, session.token, session.expiresOn);
      return reply.code(204).send();
    },
  );

  const admin = { config: { permission: 'administer' as const } };
  app.get('/api/users', admin, async () => listUsers(db));
  app.post('/api/users', admin, async (request, reply) => {
    needsAccounts(auth);
    const input = parseInput(inviteSchema, request.body);
    const { user, token } = await inviteUser(db, actorOf(request), input);
    return reply.code(201).send({ user, link: `/welcome/${token}` });
  });
  app.patch<{ Params: { id: string } }>('/api/users/:id', admin, async (request) => {
    if (auth.mode === 'none') needsAccounts(auth);
    if (!uuidParam(request.params.id)) throw notFound('User not found.');
    const change = parseInput(updateSchema, request.body);
    return updateUser(db, actorOf(request), request.params.id, change);
  });
  app.post<{ Params: { id: string } }>('/api/users/:id/reset', admin, async (request) => {
    needsAccounts(auth);
    if (!uuidParam(request.params.id)) throw notFound('User not found.');
    const { token } = await resetUser(db, actorOf(request), request.params.id);
    return { link: `/welcome/${token}` };
  });

  // Every role reads a client's or a document's history; the whole trail is for admins.
  app.get('/api/audit', async (request, reply) => {
    const filter = parseInput(auditQuery, request.query);
    const everything = !filter.clientId && !filter.documentId;
    if ((everything || filter.userId) && request.user?.role !== 'admin') {
      throw new AppError('forbidden', 'Only an admin can read the whole audit trail.');
    }
    const page = await listAudit(db, filter, parsePageRequest(request.query));
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    return page.items;
  });
  app.get('/api/audit/export.csv', admin, async (request, reply) => {
    const filter = parseInput(auditQuery, request.query);
    const page = await listAudit(db, filter, { limit: 100_000, before: undefined });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="benefits-desk-audit.csv"')
      .send(auditCsv(page.items));
  });
}
