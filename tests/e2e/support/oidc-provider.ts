import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { e2ePorts, OIDC_CLIENT } from './ports.ts';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on this machine, for the sign-in
 * tests: its development login form takes any login, and the login is the account's email;
 * groups come from the email's first word (admin… → bd-admins, broker… → bd-brokers).
 */
export async function startOidcProvider(): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${e2ePorts.oidcPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`http://127.0.0.1:${e2ePorts.oidcAppPort}/api/auth/oidc/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    cookies: { keys: ['e2e-only-cookie-key'] },
    async findAccount(_ctx, sub) {
      const email = sub.toLowerCase();
      const groups = email.startsWith('admin')
        ? ['bd-admins']
        : email.startsWith('broker')
          ? ['bd-brokers']
          : ['everyone'];
      return {
        accountId: sub,
        async claims() {
          return { sub, email, name: email.split('@')[0], groups };
        },
      };
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(e2ePorts.oidcPort, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
