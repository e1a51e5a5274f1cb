import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildProduct } from '../shared/billing/testing/factories.ts';
import { BackupError, backupDataDir, restoreDataDir } from './backup.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { type RunningServer, startServer } from './server.ts';
import { buildPdf } from './test/hostile.ts';
import { multipartBody, tinyPng } from './test/multipart.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tmp = (name: string) => mkdtempSync(path.join(tmpdir(), `bd-backup-${name}-`));
const dirs: string[] = [];
const fresh = (name: string) => {
  const dir = tmp(name);
  dirs.push(dir);
  return dir;
};

async function start(dataDir: string): Promise<RunningServer> {
  return startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }), {
    logger: false,
    extractionProvider: null,
    webRoot: path.join(dataDir, 'no-web'),
  });
}

async function createClient(server: RunningServer, name: string, logo?: Buffer) {
  const body = await multipartBody({
    name,
    ...(logo ? { logo: { fileName: 'logo.png', type: 'image/png', data: logo } } : {}),
  });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/clients/createClient',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().sanityId as string;
}

async function snapshot(server: RunningServer) {
  const clients = (await server.app.inject({ url: '/api/clients' })).json();
  const proposals = (await server.app.inject({ url: '/api/documents/carrierProposals' })).json();
  const files: Record<string, string> = {};
  for (const url of [
    ...clients.map((c: { logo: string | null }) => c.logo),
    ...proposals.map((d: { url: string }) => d.url),
  ]) {
    if (url) files[url] = (await server.app.inject({ url })).rawPayload.toString('base64');
  }
  return { clients, proposals, files };
}

function runScript(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', `${script}.ts`), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run backup / npm run restore on the embedded database', () => {
  const dataDir = fresh('data');
  const backupDir = path.join(fresh('out'), 'backup');
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    const server = await start(dataDir);
    try {
      const logo = Buffer.concat([tinyPng, Buffer.from('logo bytes')]);
      const id = await createClient(server, 'Harbor Point', logo);
      await createClient(server, 'Maple Ridge');
      const save = await server.app.inject({
        method: 'POST',
        url: '/api/clients/updateBillingParameters',
        payload: {
          clientId: id,
          classes: [buildClass({ products: [buildProduct()] })],
          revision: 0,
        },
      });
      expect(save.statusCode).toBe(200);
      const pdf = await multipartBody({
        name: 'Proposal',
        documentType: 'carrierProposal',
        file: { fileName: 'p.pdf', type: 'application/pdf', data: buildPdf(['Backed up']) },
      });
      expect(
        (await server.app.inject({ method: 'POST', url: '/api/upload-document', ...pdf }))
          .statusCode,
      ).toBe(201);
      before = await snapshot(server);
    } finally {
      await server.close();
    }
  }, 120_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while the server runs, saying why', async () => {
    const server = await start(dataDir);
    try {
      await expect(backupDataDir(dataDir, path.join(fresh('busy'), 'b'))).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      const cli = await runScript('backup', [path.join(fresh('busy-cli'), 'b')], dataDir);
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(/is in use by another Benefits Desk process \(pid \d+/);
      expect(cli.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('writes a backup that restores into an empty DATA_DIR exactly as it was', async () => {
    const cli = await runScript('backup', [backupDir], dataDir);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/Backed up .* 2 clients, 1 documents, 2 stored files/);
    expect(readdirSync(backupDir).sort()).toEqual(['database.tar.gz', 'files', 'manifest.json']);
    expect(readdirSync(path.dirname(backupDir))).toEqual(['backup']);

    const target = fresh('restored');
    const restored = await runScript('restore', [backupDir], target);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const server = await start(target);
    try {
      expect(await snapshot(server)).toEqual(before);
      const client = before.clients.find((c: { name: string }) => c.name === 'Harbor Point');
      const back = (await server.app.inject({ url: `/api/clients/${client.id}` })).json();
      expect(back.revision).toBe(1);
      expect(back.classes).toEqual(client.classes);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses a DATA_DIR that holds data unless --force, which moves that data aside', async () => {
    const server = await start(dataDir);
    try {
      await createClient(server, 'Added after the backup');
    } finally {
      await server.close();
    }
    const refused = await runScript('restore', [backupDir], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds data.*--force/);

    const forced = await restoreDataDir(backupDir, dataDir, { force: true });
    expect(forced.movedAside).toBeDefined();
    expect(existsSync(path.join(forced.movedAside!, 'db', 'PG_VERSION'))).toBe(true);
    const again = await start(dataDir);
    try {
      expect(await snapshot(again)).toEqual(before);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a backup directory that is not empty, an incomplete backup and a damaged one', async () => {
    const busy = fresh('not-empty');
    writeFileSync(path.join(busy, 'x'), 'x');
    await expect(backupDataDir(dataDir, busy)).rejects.toThrow(/is not empty/);

    const copy = path.join(fresh('copy'), 'b');
    await backupDataDir(dataDir, copy);
    // A stored file whose bytes changed: refused, and the target is left as it was.
    const objects = readdirSync(path.join(copy, 'files', 'objects'), { recursive: true })
      .map(String)
      .filter((f) => /[0-9a-f]{64}$/.test(f));
    writeFileSync(path.join(copy, 'files', 'objects', objects[0]!), 'tampered');
    const target = fresh('target');
    await expect(restoreDataDir(copy, target)).rejects.toThrow(/damaged/);
    expect(readdirSync(target).filter((f) => f !== 'benefits-desk.lock')).toEqual([]);

    unlinkSync(path.join(copy, 'manifest.json'));
    await expect(restoreDataDir(copy, target)).rejects.toThrow(BackupError);
    await expect(restoreDataDir(copy, target)).rejects.toThrow(/not a complete backup/);

    const empty = fresh('nothing');
    mkdirSync(path.join(empty, 'db'));
    await expect(backupDataDir(empty, path.join(fresh('o'), 'b'))).rejects.toThrow(/no database/);
  }, 120_000);

  it('sends PostgreSQL users to pg_dump and pg_restore', async () => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'backup.ts'), fresh('pg')], {
      env: { ...process.env, DATABASE_URL: 'postgresql://u@127.0.0.1:1/x' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/pg_dump.*pg_restore/s);
  });
});
