import { pino } from 'pino';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { chooseExtractionEngine, installedEngine } from './jobs/extraction-engine.ts';
import { createExtractionQueue, type ExtractionQueue } from './jobs/extraction-queue.ts';
import { loadConfigOrExit, stopOnSignals } from './process.ts';
import { openFileStore } from './storage/open-file-store.ts';

/**
 * `npm run worker`: runs only the extraction workers, no web server — for scale-out, any number
 * of them next to the app instances on one PostgreSQL (DATABASE_URL), where the files live in
 * the database too. On the embedded database it locks DATA_DIR
 * like the server does, so it runs instead of a server, not beside one.
 */
async function main() {
  const config = loadConfigOrExit();
  const log = pino({ name: 'worker', level: config.logLevel });
  const engine = chooseExtractionEngine(config, installedEngine, log);
  if (!engine.provider) {
    console.error(`${engine.notice} A worker has nothing to do.`);
    process.exit(1);
  }
  let lock: DataDirLock | undefined;
  let db: Database | undefined;
  let queue: ExtractionQueue;
  try {
    lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
    db = (await openDatabase(config)).db;
    queue = createExtractionQueue({
      db,
      files: openFileStore(config, db),
      provider: engine.provider,
      logger: log,
    });
    await queue.start({ work: true, recoverOrphans: !config.databaseUrl });
  } catch (error) {
    await db?.close().catch(() => {});
    lock?.release();
    const message =
      error instanceof DataDirLockedError
        ? error.message
        : `The Benefits Desk worker could not start: ${(error as Error).message}`;
    console.error(message);
    process.exit(1);
  }
  log.info(
    { database: db.kind, provider: engine.provider.name },
    'Benefits Desk worker is taking extraction jobs',
  );
  const openDb = db;
  stopOnSignals(async (signal) => {
    log.info({ signal }, 'stopping: no new jobs; the running one finishes or goes back');
    await queue.stop();
    await openDb.close();
    lock?.release();
  }, 15_000);
}

await main();
