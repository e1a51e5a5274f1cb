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

  it('refuses AUTH=none on an address other machines reach, saying what to set', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      /AUTH="": "none" \(no sign-in\) is allowed only while HOST is a loopback address.*set AUTH=local/,
    );
    expect(() => loadConfig({ HOST: '10.0.0.11', AUTH: 'none' })).toThrow(/AUTH="none"/);
    expect(loadConfig({ HOST: 'localhost' }).auth).toBe('none');
    expect(loadConfig({ HOST: '0.0.0.0', AUTH: 'local' }).auth).toBe('local');
  });

  it('reads the identity provider for AUTH=oidc and names what is missing', () => {
    expect(() => loadConfig({ AUTH: 'oidc' })).toThrow(
      /OIDC_ISSUER="": is required when AUTH=oidc/,
    );
    expect(() =>
      loadConfig({
        AUTH: 'oidc',
        OIDC_ISSUER: 'http://idp.example.com',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      }),
    ).toThrow(/OIDC_ISSUER=.*https/);
    const c = loadConfig({
      AUTH: 'oidc',
      OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
      OIDC_CLIENT_ID: 'desk',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ADMIN_GROUPS: 'bd-admins, it',
      OIDC_BROKER_GROUPS: 'bd-brokers',
    });
    expect(c.oidc).toEqual({
      issuer: 'https://login.example.com/tenant/v2.0',
      clientId: 'desk',
      clientSecret: 'secret',
      roleClaim: 'groups',
      adminGroups: ['bd-admins', 'it'],
      brokerGroups: ['bd-brokers'],
    });
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, and a long password', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.example' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' })).toThrow(
      /at least 12/,
    );
    expect(
      loadConfig({ ADMIN_EMAIL: 'A@B.example', ADMIN_PASSWORD: 'a long enough secret' }).firstAdmin,
    ).toEqual({ email: 'a@b.example', password: 'a long enough secret' });
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
    [
      { EXTRACTION_PROVIDER: 'local+openai' },
      'OPENAI_BASE_URL="": is required when EXTRACTION_PROVIDER=local+openai',
    ],
    [
      { EXTRACTION_PROVIDER: 'local+openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' },
      'AI_MODEL="": is required when EXTRACTION_PROVIDER=local+openai',
    ],
    [
      { AI_VISION: '1' },
      'AI_VISION="1": sends page images to the openai provider, and EXTRACTION_PROVIDER is "local": set EXTRACTION_PROVIDER=openai or local+openai, or leave AI_VISION unset',
    ],
    [
      { AI_VISION: 'yes', EXTRACTION_PROVIDER: 'openai' },
      'AI_VISION="yes": must be 1 (send page images) or 0',
    ],
    [
      { EXTRACTION_PROVIDER: 'openai+local' },
      'EXTRACTION_PROVIDER="openai+local": must be one of local, azure, openai, local+openai',
    ],
  ])('names the variable another one needs: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{}, 'local', false],
    [{ EXTRACTION_PROVIDER: 'openai', AI_VISION: '1' }, 'openai', true],
    [{ EXTRACTION_PROVIDER: 'local+openai', AI_VISION: '0' }, 'local+openai', false],
    [{ EXTRACTION_PROVIDER: 'local+openai', AI_VISION: '1' }, 'local+openai', true],
  ])('reads EXTRACTION_PROVIDER and AI_VISION from %j', (env, provider, vision) => {
    const config = loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm', ...env });
    expect(config.extractionProvider).toBe(provider);
    expect(config.aiVision).toBe(vision);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['MAX_UPLOAD_MB', '-1'],
    ['EXTRACTION_PROVIDER', 'magic'],
    ['AI_VISION', 'true'],
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
