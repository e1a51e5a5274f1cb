import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/web is missing or older than any web source. */
export function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((s) => {
    const p = path.join(root, s);
    return existsSync(p) && newestMtime(p) > built;
  });
}

/** Builds the web app with Vite when it is missing or stale. */
export async function ensureWebBuild(log = (m: string) => console.info(m)): Promise<void> {
  if (!webBuildIsStale()) return;
  log('Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
