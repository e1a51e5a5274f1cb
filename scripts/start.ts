/** `npm start`: builds the web app when needed, then serves it and the API (src/server/index.ts). */
import { ensureWebBuild } from './web-build.ts';

await ensureWebBuild();
await import('../src/server/index.ts');
