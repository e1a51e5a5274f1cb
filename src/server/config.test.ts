import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      maxUploadBytes: 50 * 1024 * 1024,
      extractionProvider: 'local',
    });
  });

  it('reads PUBLIC_ORIGIN as a list of origins', () => {
    expect(loadConfig({}).publicOrigins).toEqual([]);
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://desk.example.com/, http://10.0.0.5:3000' })
        .publicOrigins,
    ).toEqual(['https://desk.example.com', 'http://10.0.0.5:3000']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it.each([
    [{ EXTRACTION_PROVIDER: 'azure' }, 'AZURE_DI_ENDPOINT=""'],
    [{ EXTRACTION_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }, 'AI_MODEL=""'],
    [
      { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' },
      'AI_MODEL="": is required when OPENAI_BASE_URL is set',
    ],
  ])('names the variable another one needs: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['MAX_UPLOAD_MB', '-1'],
    ['EXTRACTION_PROVIDER', 'magic'],
    ['DATABASE_URL', 'mysql://x'],
    ['OPENAI_BASE_URL', 'not a url'],
    ['PUBLIC_ORIGIN', 'desk.example.com'],
    ['PUBLIC_ORIGIN', 'https://desk.example.com/app'],
    ['PUBLIC_ORIGIN', 'ftp://desk.example.com'],
    ['PUBLIC_ORIGIN', 'https://desk.example.com,'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });
});
