import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import { type Role, roleFromGroups, roleTitles } from '../../shared/auth/roles.ts';
import { recordAudit } from '../audit/audit.ts';
import type { OidcConfig } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { hostNameOf, isLoopbackHost } from '../http/same-origin.ts';
import { tokenHash } from './secrets.ts';
import type { SignedInUser } from './sessions.ts';

/**
 * Sign-in through the firm's identity provider (Entra ID, Okta, Google Workspace, Keycloak…)
 * with openid-client: authorization code with PKCE, state and nonce kept in the database so
 * any instance can finish a sign-in another began. A user is created on first sign-in; their
 * role follows the provider's groups (OIDC_ROLE_CLAIM, OIDC_ADMIN_GROUPS, OIDC_BROKER_GROUPS)
 * at every sign-in, so the provider stays the one place roles are given.
 */
export interface Oidc {
  /** The provider's sign-in address for a new sign-in that comes back to `returnTo`. */
  start(db: Queryable, input: { redirectUri: string; returnTo: string }): Promise<URL>;
  /** Finishes a sign-in from the provider's redirect: answers the user and where to go. */
  finish(
    db: Database,
    input: { callbackUrl: URL; redirectUri: string; address: string },
  ): Promise<{ user: SignedInUser; returnTo: string }>;
}

const LOGIN_MS = 10 * 60_000;

/** Only a path of this app: never another site (an open redirect). */
export const safeReturnTo = (value: unknown): string =>
  typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 500
    ? value
    : '/';

export function createOidc(settings: OidcConfig): Oidc {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= (async () => {
      const issuer = new URL(settings.issuer);
      const insecure = issuer.protocol === 'http:' && isLoopbackHost(hostNameOf(issuer.host));
      return client.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    })().catch((error: unknown) => {
      discovered = undefined; // try again on the next sign-in
      throw new AppError(
        'unavailable',
        `The identity provider at ${settings.issuer} could not be reached (${(error as Error).message}). Try again, or ask your administrator.`,
      );
    });
    return discovered;
  };

  return {
    async start(db, { redirectUri, returnTo }) {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const now = new Date();
      await db.query('delete from oidc_logins where expires_on < $1', [now]);
      await db.query(
        `insert into oidc_logins (state_hash, code_verifier, nonce, return_to, created_on, expires_on)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          tokenHash(state),
          codeVerifier,
          nonce,
          safeReturnTo(returnTo),
          now,
          new Date(now.getTime() + LOGIN_MS),
        ],
      );
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: `openid email profile${settings.roleClaim === 'groups' ? ' groups' : ''}`,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    async finish(db, { callbackUrl, redirectUri, address }) {
      const config = await configuration();
      const state = callbackUrl.searchParams.get('state') ?? '';
      const { rows } = await db.query<{ code_verifier: string; nonce: string; return_to: string }>(
        `delete from oidc_logins where state_hash = $1 and expires_on > $2
         returning code_verifier, nonce, return_to`,
        [tokenHash(state), new Date()],
      );
      const login = rows[0];
      if (!login) {
        throw new AppError(
          'bad_request',
          'This sign-in took too long or was already used. Sign in again.',
        );
      }
      const providerError =
        callbackUrl.searchParams.get('error_description') ?? callbackUrl.searchParams.get('error');
      if (providerError) {
        throw new AppError(
          'bad_request',
          `The identity provider refused the sign-in: ${providerError.slice(0, 200)}`,
        );
      }
      // The provider redirected to redirectUri: the URL openid-client checks is that one with the answer's query.
      const current = new URL(redirectUri);
      current.search = callbackUrl.search;
      let claims: Record<string, unknown> & { sub: string };
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('the identity provider sent no ID token');
        claims = idToken;
        // Many providers put only the basics in the ID token and the rest (email, groups) in
        // the userinfo answer.
        if (claims.email === undefined || claims[settings.roleClaim] === undefined) {
          const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims = { ...info, ...claims, email: claims.email ?? info.email };
          if (claims[settings.roleClaim] === undefined)
            claims[settings.roleClaim] = info[settings.roleClaim];
        }
      } catch (error) {
        throw new AppError(
          'bad_request',
          `The sign-in could not be completed: ${(error as Error).message}`,
        );
      }
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
      if (!email) {
        throw new AppError(
          'bad_request',
          'The identity provider did not say your email address (the "email" claim): ask your administrator to release it to Benefits Desk.',
        );
      }
      const name =
        typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
      // A provider that sends no groups at all leaves roles to the users page (viewer at first).
      const groupsSent = claims[settings.roleClaim] !== undefined;
      const mapped = roleFromGroups(
        claims[settings.roleClaim],
        settings.adminGroups,
        settings.brokerGroups,
      );
      const user = await db.transaction(async (tx) => {
        const { rows: found } = await tx.query<{ id: string; role: string; disabled: boolean }>(
          'select id, role, disabled from users where oidc_subject = $1 or email = $2 order by oidc_subject is null limit 1 for update',
          [claims.sub, email],
        );
        const existing = found[0];
        if (existing?.disabled) {
          throw new AppError('forbidden', 'Your account is disabled. Ask an admin.');
        }
        const id = existing?.id ?? randomUUID();
        const role = groupsSent ? mapped : ((existing?.role as Role | undefined) ?? 'viewer');
        if (existing) {
          await tx.query(
            'update users set email = $2, name = $3, role = $4, oidc_subject = $5, updated_on = now() where id = $1',
            [id, email, name, role, claims.sub],
          );
        } else {
          await tx.query(
            'insert into users (id, email, name, role, oidc_subject) values ($1, $2, $3, $4, $5)',
            [id, email, name, role, claims.sub],
          );
        }
        const actor = { userId: id, email, name, address };
        if (!existing) {
          await recordAudit(tx, actor, {
            action: 'user created',
            objectType: 'user',
            objectId: id,
            summary: `${email} as ${roleTitles[role]} (first sign-in through the identity provider)`,
          });
        } else if (existing.role !== role) {
          await recordAudit(tx, actor, {
            action: 'role changed',
            objectType: 'user',
            objectId: id,
            summary: `${email}: ${roleTitles[existing.role as Role]} → ${roleTitles[role]} (groups at the identity provider)`,
          });
        }
        await recordAudit(tx, actor, {
          action: 'signed in',
          objectType: 'session',
          objectId: email,
          summary: 'through the identity provider',
        });
        return { id, email, name, role };
      });
      return { user, returnTo: login.return_to };
    },
  };
}
