import { afterEach, describe, expect, it } from 'vitest';
import { createInsightsProvider } from './create-provider.ts';
import {
  type OpenAIStreamServer,
  startOpenAIStreamServer,
} from './testing/openai-stream-server.ts';

let server: OpenAIStreamServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createInsightsProvider', () => {
  it('uses the local analyst when no endpoint is configured', () => {
    expect(createInsightsProvider({}).name).toBe('local');
    expect(createInsightsProvider({ openaiBaseUrl: ' ', aiModel: 'x' }).name).toBe('local');
  });

  it('relays to the configured endpoint with the model, sending the key only when set', async () => {
    server = await startOpenAIStreamServer({ tokens: ['ok'] });
    const signal = new AbortController().signal;
    for (const openaiApiKey of ['sk-1', '']) {
      const provider = createInsightsProvider({
        openaiBaseUrl: server.baseUrl,
        openaiApiKey,
        aiModel: 'm1',
      });
      expect(provider.name).toBe('openai');
      const chunks: string[] = [];
      for await (const chunk of provider.stream([{ role: 'user', content: 'hi' }], signal))
        chunks.push(chunk);
      expect(chunks).toEqual(['ok']);
    }
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-1', undefined]);
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual(['m1', 'm1']);
  });

  it('names AI_MODEL when the endpoint is set without it', () => {
    expect(() => createInsightsProvider({ openaiBaseUrl: 'http://localhost:11434/v1' })).toThrow(
      /AI_MODEL/,
    );
  });
});
