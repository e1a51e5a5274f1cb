import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { tinyPng } from './test/multipart.ts';

const serverEntry = new URL('./index.ts', import.meta.url).pathname;

describe('the server process', () => {
  it('keeps clients and their logos across a restart on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-restart-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });

    const first = await startServer(config, { logger: false });
    console.info('started');
    const form = new FormData();
    form.append('name', 'Durable Dental Co');
    form.append('notes', 'Survives restarts');
    form.append('logo', new Blob([tinyPng], { type: 'image/png' }), 'logo.png');
    const created = await fetch(`${first.url}/api/clients/createClient`, {
      method: 'POST',
      body: form,
    });
    console.info('created');
    expect(created.status).toBe(201);
    const { sanityId } = (await created.json()) as { sanityId: string };
    await first.close();
    console.info('closed');

    const second = await startServer(config, { logger: false });
    try {
      const clients = (await (await fetch(`${second.url}/api/clients`)).json()) as Array<{
        id: string;
        name: string;
        notes: string;
        logo: string;
      }>;
      expect(clients).toHaveLength(1);
      expect(clients[0]).toMatchObject({
        id: sanityId,
        name: 'Durable Dental Co',
        notes: 'Survives restarts',
      });
      const logo = await fetch(`${second.url}${clients[0]!.logo}`);
      expect(Buffer.from(await logo.arrayBuffer()).equals(tinyPng)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('refuses a second server on the same data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bd-twice-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0' });
    const first = await startServer(config, { logger: false });
    try {
      const second = spawnSync(process.execPath, [serverEntry], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/is in use by another Benefits Desk process/);
    } finally {
      await first.close();
    }
  });

  it('stops at start-up on a bad variable, naming it', () => {
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="eighty"');
  });
});
