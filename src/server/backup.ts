import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { lockDataDir } from './data-dir-lock.ts';
import { openPglite } from './db/pglite.ts';
import { checkIntegrity, type IntegrityReport } from './services/integrity.ts';
import { createDiskFileStore, isSha256 } from './storage/disk-file-store.ts';

/**
 * `npm run backup -- DIR` and `npm run restore -- DIR` for the embedded database
 * (docs/decisions/0009-backup-and-restore.md). Both hold the DATA_DIR lock, so they run while
 * the server is stopped and see a still database: a backup is one consistent moment.
 *
 * A backup directory holds `database.tar.gz` (PGlite's dump of its data directory), the stored
 * files every record refers to under `files/objects/ab/<sha256>`, and `manifest.json`, written
 * last: a backup without it is incomplete and is refused. Every file is checked against its
 * sha256 when written and again when restored.
 */

export const BACKUP_FORMAT = 'benefits-desk-backup';
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'manifest.json';

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdOn: z.string(),
  database: z.object({ file: z.literal(DATABASE_FILE), bytes: z.number(), sha256: z.string() }),
  files: z.object({ count: z.number(), bytes: z.number() }),
  counts: z.object({
    clients: z.number(),
    revisions: z.number(),
    documents: z.number(),
    files: z.number(),
  }),
  migrations: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** What to do instead on PostgreSQL, where these commands do not apply. */
export const postgresBackupAdvice =
  'DATABASE_URL is set: the data (files included) lives in PostgreSQL. Back it up and restore it ' +
  'with PostgreSQL\'s own tools, e.g. `pg_dump --format=custom --file=benefits-desk.dump "$DATABASE_URL"` ' +
  'and `pg_restore --clean --if-exists --dbname="$DATABASE_URL" benefits-desk.dump`, or your ' +
  "provider's snapshots and point-in-time recovery. npm run backup/restore are for the embedded database.";

/** A refusal with a sentence for the person running the command (exit code 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const dbDir = (dataDir: string) => path.join(dataDir, 'db');
const filesDir = (dataDir: string) => path.join(dataDir, 'files');
const objectPath = (root: string, sha256: string) =>
  path.join(root, 'objects', sha256.slice(0, 2), sha256);

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Writes a consistent backup of DATA_DIR into `target` (which must not exist or be empty). */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  if (!existsSync(path.join(dbDir(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} to back up.`);
  }
  if (!isEmptyDir(target)) {
    throw new BackupError(`${target} is not empty; choose a new directory for the backup.`);
  }
  const lock = lockDataDir(dataDir);
  // Written beside the target under another name and renamed at the end: a backup that stops
  // halfway leaves no directory that looks like a backup.
  const partial = `${target.replace(/[/\\]+$/, '')}.partial-${randomUUID().slice(0, 8)}`;
  try {
    mkdirSync(partial, { recursive: true });
    const db = await openPglite(dbDir(dataDir));
    let report: IntegrityReport;
    let migrations: string[];
    let dump: Blob;
    try {
      const store = createDiskFileStore(filesDir(dataDir));
      report = await checkIntegrity(db, store, { verifyBytes: false });
      const broken = report.problems.filter((p) => p.kind === 'file-bytes-missing');
      if (broken.length) {
        throw new BackupError(
          `${broken.length} stored file(s) are missing from ${filesDir(dataDir)} (first: ${broken[0]!.detail}); nothing was backed up.`,
        );
      }
      migrations = await appliedMigrations(db.query.bind(db));
      await db.query('checkpoint');
      dump = await (db.driver.kind === 'pglite'
        ? db.driver.pglite.dumpDataDir('gzip')
        : Promise.reject(new Error('not an embedded database')));
      // Files: every sha256 a record refers to, copied and checked on the way.
      const { rows } = await db.query<{ sha256: string }>('select distinct sha256 from files');
      let bytes = 0;
      for (const { sha256 } of rows) {
        bytes += await copyChecked(
          objectPath(filesDir(dataDir), sha256),
          objectPath(path.join(partial, 'files'), sha256),
          sha256,
        );
      }
      const database = Buffer.from(await dump.arrayBuffer());
      await writeDurably(path.join(partial, DATABASE_FILE), database);
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: 1,
        createdOn: new Date().toISOString(),
        database: { file: DATABASE_FILE, bytes: database.length, sha256: sha256Of(database) },
        files: { count: rows.length, bytes },
        counts: report.counts,
        migrations,
      };
      await writeDurably(
        path.join(partial, MANIFEST_FILE),
        Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
      );
      mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
      if (existsSync(target)) await rm(target, { recursive: true });
      await rename(partial, target);
      return manifest;
    } finally {
      await db.close();
    }
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  report: IntegrityReport;
  /** Where the data that was in DATA_DIR went (with --force), if there was any. */
  movedAside: string | undefined;
}

/**
 * Brings a backup back into DATA_DIR. Refuses a DATA_DIR that holds data unless `force`, which
 * moves that data aside (DATA_DIR/replaced-<time>) rather than deleting it. The restored
 * database and files are checked (integrity, byte hashes, counts) before they are put in place.
 */
export async function restoreDataDir(
  source: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const manifest = await readManifest(source);
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  const staging = path.join(dataDir, `.restore-${randomUUID().slice(0, 8)}`);
  try {
    const holdsData =
      !isEmptyDir(dbDir(dataDir)) || !isEmptyDir(path.join(filesDir(dataDir), 'objects'));
    if (holdsData && !options.force) {
      throw new BackupError(
        `${dataDir} already holds data. Restore into an empty DATA_DIR, or pass --force to replace it (the current data is moved aside, not deleted).`,
      );
    }
    const database = await readFile(path.join(source, DATABASE_FILE));
    if (
      database.length !== manifest.database.bytes ||
      sha256Of(database) !== manifest.database.sha256
    ) {
      throw new BackupError(
        `${path.join(source, DATABASE_FILE)} is damaged: its checksum does not match the manifest.`,
      );
    }
    // The database, unpacked into a staging directory and opened once to prove it whole.
    mkdirSync(staging, { recursive: true });
    const loaded = await PGlite.create(dbDir(staging), { loadDataDir: new Blob([database]) });
    await loaded.close();
    let copied = 0;
    const objects = path.join(source, 'files', 'objects');
    for (const name of existsSync(objects) ? readdirSync(objects, { recursive: true }) : []) {
      const sha256 = path.basename(String(name));
      if (!isSha256(sha256)) continue;
      await copyChecked(
        objectPath(path.join(source, 'files'), sha256),
        objectPath(filesDir(staging), sha256),
        sha256,
      );
      copied += 1;
    }
    if (copied !== manifest.files.count) {
      throw new BackupError(
        `The backup in ${source} holds ${copied} files where its manifest lists ${manifest.files.count}; it is incomplete.`,
      );
    }
    const db = await openPglite(dbDir(staging));
    let report: IntegrityReport;
    try {
      report = await checkIntegrity(db, createDiskFileStore(filesDir(staging)), {
        verifyBytes: true,
      });
    } finally {
      await db.close();
    }
    const problems = report.problems.filter((p) => p.kind.startsWith('file-'));
    if (problems.length || JSON.stringify(report.counts) !== JSON.stringify(manifest.counts)) {
      throw new BackupError(
        `The restored data does not match the backup's manifest (${problems.length} file problems; counts ${JSON.stringify(report.counts)} against ${JSON.stringify(manifest.counts)}); DATA_DIR was left as it was.`,
      );
    }
    // Into place: what was there moves aside first.
    let movedAside: string | undefined;
    if (holdsData) {
      movedAside = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      mkdirSync(movedAside, { recursive: true });
      for (const part of ['db', 'files']) {
        if (existsSync(path.join(dataDir, part)))
          await rename(path.join(dataDir, part), path.join(movedAside, part));
      }
    } else {
      await rm(dbDir(dataDir), { recursive: true, force: true });
      await rm(filesDir(dataDir), { recursive: true, force: true });
    }
    await rename(dbDir(staging), dbDir(dataDir));
    await rename(filesDir(staging), filesDir(dataDir)).catch(
      async (error: NodeJS.ErrnoException) => {
        // A backup without files: an empty store.
        if (error.code !== 'ENOENT') throw error;
        mkdirSync(path.join(filesDir(dataDir), 'objects'), { recursive: true });
      },
    );
    return { manifest, report, movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

export async function readManifest(source: string): Promise<BackupManifest> {
  const file = path.join(source, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(
      `${source} is not a complete backup (it has no ${MANIFEST_FILE}); was the backup interrupted?`,
    );
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new BackupError(`${file} is not a Benefits Desk backup manifest.`);
  return parsed.data;
}

async function appliedMigrations(
  query: (sql: string) => Promise<{ rows: Array<{ version: string }> }>,
): Promise<string[]> {
  try {
    return (await query('select version from schema_migrations order by version')).rows.map(
      (r) => r.version,
    );
  } catch {
    return [];
  }
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Copies a stored file, checking its sha256 on the way; fsyncs it. Answers its size. */
async function copyChecked(from: string, to: string, sha256: string): Promise<number> {
  if (!existsSync(from)) throw new BackupError(`The stored file ${from} is missing.`);
  mkdirSync(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    createReadStream(from),
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    }),
    createWriteStream(to),
  );
  if (hash.digest('hex') !== sha256) {
    await rm(to, { force: true });
    throw new BackupError(
      `The stored file ${from} is damaged: its bytes no longer match their sha256.`,
    );
  }
  await fsync(to);
  return size;
}

async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  await writeFile(file, bytes);
  await fsync(file);
}

async function fsync(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
