/**
 * `npm run restore -- DIR [--force]`: brings a backup written by `npm run backup` back into
 * DATA_DIR. The server must be stopped. A DATA_DIR that already holds data is refused unless
 * --force, which moves that data aside (DATA_DIR/replaced-<time>) instead of deleting it.
 */
import { parseArgs } from 'node:util';
import { BackupError, postgresBackupAdvice, restoreDataDir } from '../src/server/backup.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DataDirLockedError } from '../src/server/data-dir-lock.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
const source = positionals[0];
if (!source || positionals.length > 1) {
  console.error('Usage: npm run restore -- DIR [--force]');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice);
    process.exit(2);
  }
  const { manifest, movedAside } = await restoreDataDir(source, config.dataDir, {
    force: values.force,
  });
  console.info(
    `Restored the backup of ${manifest.createdOn} into ${config.dataDir}: ` +
      `${manifest.counts.clients} clients, ${manifest.counts.documents} documents, ` +
      `${manifest.files.count} stored files, all checked.` +
      (movedAside ? ` The data that was there is in ${movedAside}.` : ''),
  );
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof BackupError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
