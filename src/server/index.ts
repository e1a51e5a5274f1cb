import { DataDirLockedError } from './data-dir-lock.ts';
import { loadConfigOrExit, stopOnSignals } from './process.ts';
import { startServer } from './server.ts';

/** `npm start` / `node src/server/index.ts`: read env, migrate, listen, shut down cleanly. */
async function main() {
  const config = loadConfigOrExit();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`Benefits Desk could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  server.app.log.info(
    { url: server.url, database: server.db.kind, dataDir: config.dataDir },
    `Benefits Desk is running at ${server.url}`,
  );
  // Requests get up to 10 s, then a running extraction up to 8 s (src/server/server.ts).
  stopOnSignals(async (signal) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
  }, 25_000);
}

await main();
