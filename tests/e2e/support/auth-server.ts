import { e2ePorts } from './ports.ts';

/**
 * The server of tests/e2e/sign-in.spec.ts: sign-in on (AUTH=local), its own port and data
 * directory, and a first admin from ADMIN_EMAIL / ADMIN_PASSWORD. Only that spec uses it
 * (`test.use({ baseURL: authBaseURL })`); the other specs run against the AUTH=none server.
 */
export const authBaseURL = `http://127.0.0.1:${e2ePorts.localAppPort}`;
export const firstAdmin = {
  email: 'admin@desk.example',
  password: 'first admin passphrase',
};
