import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { startServer } from './server.ts';

/** `npm start` / `node src/server/index.ts`: read env, migrate, listen, shut down cleanly. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    // Requests get up to 10 s, then a running extraction up to 8 s (src/server/server.ts).
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
