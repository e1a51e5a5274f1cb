/**
 * The second server of the end-to-end run: sign-in on (AUTH=local), its own port and data
 * directory, and a first admin from ADMIN_EMAIL / ADMIN_PASSWORD. Only sign-in specs use it
 * (`test.use({ baseURL: authBaseURL })`); every other spec runs against the AUTH=none server.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
export const authPort = Number(process.env.E2E_AUTH_PORT ?? port + 1);
export const authBaseURL = `http://127.0.0.1:${authPort}`;
export const firstAdmin = {
  email: 'admin@desk.example',
  password: 'first admin passphrase',
};
