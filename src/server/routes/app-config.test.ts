import { describe, expect, it } from 'vitest';
import { createTestApp, testBackends } from '../test/backends.ts';

describe('GET /api/config', () => {
  const [backend] = testBackends();

  it('answers the configured model ids, and that no engine is installed', async () => {
    const t = await createTestApp(backend!, {
      proposalModelId: 'proposal-v3',
      maxUploadBytes: 1024,
      extraction: {},
    });
    try {
      const res = await t.app.inject({ url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        proposalModelId: 'proposal-v3',
        certificateModelId: null,
        extractionEngine: null,
        maxUploadBytes: 1024,
      });
    } finally {
      await t.close();
    }
  });

  it('names the extraction engine when there is one', async () => {
    const t = await createTestApp(backend!, {
      extraction: { provider: { name: 'local', extract: async () => [] } },
    });
    try {
      expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({
        extractionEngine: 'local',
      });
    } finally {
      await t.close();
    }
  });
});
