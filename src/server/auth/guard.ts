import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/auth/roles.ts';
import { type Actor, LOCAL_ACTOR } from '../audit/audit.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { Oidc } from './oidc.ts';
import { resolveSession, type SessionTimes, type SignedInUser } from './sessions.ts';

/**
 * Who is asking, and may they (issue 15). With AUTH=none every request is the one local user's,
 * an admin. With AUTH=local or oidc a request to the API needs a session (401 without one) and the
 * permission its route asks for (403 without it): reads need `read`, every other method
 * `change`, unless the route's config names another (`public`, or `administer`).
 * `GET /api/health` is public and says nothing private.
 */
export type AuthMode = 'none' | 'local' | 'oidc';

export interface AuthSettings {
  mode: AuthMode;
  times: SessionTimes;
  /** AUTH=oidc: the identity provider's sign-in. */
  oidc?: Oidc | undefined;
}

export type RoutePermission = Permission | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (the local user with AUTH=none); undefined when nobody is signed in. */
    user: SignedInUser | undefined;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

export const SESSION_COOKIE = 'bd_session';

/** The one user of AUTH=none. */
export const LOCAL_USER: SignedInUser = {
  id: 'local',
  email: LOCAL_ACTOR.email,
  name: LOCAL_ACTOR.name,
  role: 'admin',
};

/** Who a change is recorded as: the request's user (and address). */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user || user.id === LOCAL_USER.id) return { ...LOCAL_ACTOR, address: request.ip };
  return { userId: user.id, email: user.email, name: user.name, address: request.ip };
}

const PUBLIC_PATHS = new Set(['/api/health']);

function permissionOf(request: FastifyRequest): RoutePermission {
  if (PUBLIC_PATHS.has(request.url.split('?')[0] ?? '')) return 'public';
  const configured = request.routeOptions.config?.permission;
  if (configured) return configured;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'change';
}

export function registerAuthGuard(
  app: FastifyInstance,
  deps: { db: Queryable; auth: AuthSettings },
): void {
  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (deps.auth.mode === 'none') {
      request.user = LOCAL_USER;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) {
      request.user = await resolveSession(deps.db, token, deps.auth.times);
    }
    // The web app's pages and files load without a session: the app then shows its sign-in page.
    if (!request.url.startsWith('/api/')) return;
    const permission = permissionOf(request);
    if (permission === 'public') return;
    if (!request.user) throw new AppError('unauthenticated', 'Sign in to continue.');
    if (!can(request.user.role, permission)) {
      throw new AppError(
        'forbidden',
        permission === 'administer'
          ? 'Only an admin can do this.'
          : 'Your role lets you read, not make changes. Ask an admin if you need to.',
      );
    }
  });
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure when the app is reached over TLS. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresOn: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresOn,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
