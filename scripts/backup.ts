/**
 * `npm run backup -- DIR`: writes a consistent copy of the embedded database and the stored
 * files into DIR (a new or empty directory). Stop the server first: the backup takes the
 * DATA_DIR lock, so it sees the data at rest. With DATABASE_URL (PostgreSQL) the database and
 * the files are in PostgreSQL: back it up with PostgreSQL's own tools (pg_dump), as the README says.
 */
import { parseArgs } from 'node:util';
import { BackupError, backupDataDir, postgresBackupAdvice } from '../src/server/backup.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DataDirLockedError } from '../src/server/data-dir-lock.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const target = positionals[0];
if (!target || positionals.length > 1) {
  console.error('Usage: npm run backup -- DIR   (DIR: a new or empty directory)');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice);
    process.exit(2);
  }
  const started = performance.now();
  const manifest = await backupDataDir(config.dataDir, target);
  const mb = (manifest.database.bytes + manifest.files.bytes) / (1024 * 1024);
  console.info(
    `Backed up ${config.dataDir} to ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${manifest.counts.clients} clients, ${manifest.counts.documents} documents, ` +
      `${manifest.files.count} stored files (${mb.toFixed(1)} MB in all).`,
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
