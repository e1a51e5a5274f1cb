/**
 * `npm run dev`: the API server (restarted on change) on port 3000 and Vite's dev server with
 * hot reload on port 5173, which proxies /api to the API server. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/index.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { LOG_LEVEL: 'info', ...process.env },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, stdio: 'inherit' }),
];
console.info('API on http://127.0.0.1:3000 — open the app at http://localhost:5173');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (code && code !== 0) {
      stop();
      process.exitCode = code;
    }
  });
}
