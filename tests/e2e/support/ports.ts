/**
 * The ports of the browser tests' servers: the app (AUTH=none), the app with accounts
 * (AUTH=local), the app with AUTH=oidc and its identity provider.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export const e2ePorts = {
  port,
  localAppPort: port + 1,
  oidcAppPort: port + 2,
  oidcPort: port + 90,
};

export const OIDC_CLIENT = {
  id: 'benefits-desk',
  secret: 'a-test-secret-for-the-e2e-provider',
};
