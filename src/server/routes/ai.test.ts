import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { maxAiMessages } from '../../shared/insights/messages.ts';
import { buildInsightsMessages } from '../../shared/insights/prompt.ts';
import { buildProposal, cleanDental } from '../../shared/insights/rules/proposal-factory.ts';
import { createLocalAnalyst } from '../insights/local-analyst.ts';
import { createOpenAIRelay } from '../insights/openai-relay.ts';
import {
  type ChatMessage,
  type InsightsProvider,
  InsightsUpstreamError,
} from '../insights/provider.ts';
import {
  type OpenAIStreamServer,
  startOpenAIStreamServer,
} from '../insights/testing/openai-stream-server.ts';
import { type AiRoutesOptions, aiRoutes } from './ai.ts';

const apps: FastifyInstance[] = [];
const servers: OpenAIStreamServer[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

// Close every connection on close: the fetch client may hold one open with no request on it.
const fastifyOptions = { logger: false, forceCloseConnections: true } as const;

async function buildApp(options: AiRoutesOptions): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions);
  await app.register(aiRoutes, options);
  apps.push(app);
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A provider that records its calls and yields what the test tells it to, when told. */
function scriptedProvider() {
  const calls: ChatMessage[][] = [];
  const state = { aborted: false, finished: false };
  const queue: Array<string | Error> = [];
  let wake: (() => void) | undefined;
  const provider: InsightsProvider = {
    name: 'scripted',
    async *stream(messages, signal) {
      calls.push(messages);
      signal.addEventListener('abort', () => {
        state.aborted = true;
        wake?.();
      });
      try {
        for (;;) {
          while (queue.length === 0 && !signal.aborted) await new Promise<void>((r) => (wake = r));
          if (signal.aborted) return;
          const next = queue.shift()!;
          if (next instanceof Error) throw next;
          if (next === '<end>') return;
          yield next;
        }
      } finally {
        state.finished = true;
      }
    },
  };
  const push = (item: string | Error) => {
    queue.push(item);
    wake?.();
  };
  return { provider, calls, state, push };
}

const validBody = { messages: buildInsightsMessages(buildProposal(cleanDental())) };
const post = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/ai',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/ai: validation', () => {
  it.each([
    ['no messages', {}, 400, /must carry messages/],
    ['an empty list', { messages: [] }, 400, /at least one message/],
    [
      'too many messages',
      {
        messages: Array.from({ length: maxAiMessages + 1 }, () => ({ role: 'user', content: 'x' })),
      },
      400,
      /at most 50 messages/,
    ],
    [
      'a bad role',
      { messages: [{ role: 'tool', content: 'x' }] },
      400,
      /role must be system, user or assistant/,
    ],
    [
      'content that is not text',
      { messages: [{ role: 'user', content: { a: 1 } }] },
      400,
      /content must be text/,
    ],
    ['broken JSON', '{"messages": [', 400, /not valid JSON/],
    [
      'a body over 1 MB',
      { messages: [{ role: 'user', content: 'x'.repeat(1024 * 1024) }] },
      413,
      /larger than 1 MB/,
    ],
  ])('refuses %s and sends nothing upstream', async (_what, payload, status, error) => {
    const { provider, calls } = scriptedProvider();
    const upstream = await startOpenAIStreamServer({ tokens: ['never'] });
    servers.push(upstream);
    for (const insights of [
      provider,
      createOpenAIRelay({ baseUrl: upstream.baseUrl, apiKey: 'k', model: 'm' }),
    ]) {
      const app = await buildApp({ insights, rateLimit: false });
      const response = await post(app, payload);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error).toMatch(error);
    }
    expect(calls).toHaveLength(0);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const { provider, calls } = scriptedProvider();
    const app = await buildApp({ insights: provider, rateLimit: false });
    const response = await post(app, 'hello', { 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'The request body must be JSON (Content-Type: application/json).',
    });
    expect(calls).toHaveLength(0);
  });
});

describe('POST /api/ai: the local analyst', () => {
  it('answers the findings as streamed plain text', async () => {
    const spec = cleanDental();
    spec.fields!.dentalInsurance_carrierName = '';
    const app = await buildApp({
      insights: createLocalAnalyst({ now: () => new Date('2026-06-01') }),
      rateLimit: false,
    });
    const response = await post(app, { messages: buildInsightsMessages(buildProposal(spec)) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('- Dental carrier name missing\n');
  });
});

describe('POST /api/ai: provider failures', () => {
  it('answers the status of a failure before the first byte as JSON', async () => {
    const { provider, push } = scriptedProvider();
    push(
      new InsightsUpstreamError('The insights service answered HTTP 500: boom', { status: 502 }),
    );
    const app = await buildApp({ insights: provider, rateLimit: false });
    const response = await post(app, validBody);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'The insights service answered HTTP 500: boom' });
  });

  it('hides the details of an unexpected failure', async () => {
    const { provider, push } = scriptedProvider();
    push(new Error('secret stack detail'));
    const app = await buildApp({ insights: provider, rateLimit: false });
    const response = await post(app, validBody);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'The insights writer failed; try again.' });
  });

  it('ends a started answer with a line saying the insights stopped', async () => {
    const { provider, push } = scriptedProvider();
    push('- First point\n');
    push(new InsightsUpstreamError('The insights service went silent for 30 s.', { status: 504 }));
    const app = await buildApp({ insights: provider, rateLimit: false });
    const response = await post(app, validBody);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      '- First point\n\n\n_Insights stopped: The insights service went silent for 30 s._\n',
    );
  });

  it('relays an upstream 500 from a real streaming server as a clear 502', async () => {
    const upstream = await startOpenAIStreamServer({
      status: 500,
      errorBody: JSON.stringify({ error: { message: 'The model crashed' } }),
    });
    servers.push(upstream);
    const app = await buildApp({
      insights: createOpenAIRelay({ baseUrl: upstream.baseUrl, apiKey: 'k', model: 'm' }),
      rateLimit: false,
    });
    const response = await post(app, validBody);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'The insights service answered HTTP 500: The model crashed',
    });
  });
});

describe('POST /api/ai: streaming on a real connection', () => {
  it('sends each chunk as soon as the provider yields it', async () => {
    const { provider, push } = scriptedProvider();
    const url = await listen(await buildApp({ insights: provider, rateLimit: false }));
    push('- One\n');
    const response = await fetch(`${url}/api/ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody),
    });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('- One\n');
    // The second chunk exists only after the first has arrived: nothing is buffered.
    push('- Two\n');
    expect((await reader.read()).value).toBe('- Two\n');
    push('<end>');
    expect((await reader.read()).done).toBe(true);
  });

  it('stops the provider when the client disconnects', async () => {
    const { provider, push, state } = scriptedProvider();
    const url = await listen(await buildApp({ insights: provider, rateLimit: false }));
    push('- One\n');
    const controller = new AbortController();
    const response = await fetch(`${url}/api/ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => state.aborted && state.finished).toBe(true);
  });

  it('stops the provider when the client leaves before the answer starts', async () => {
    const { provider, state, calls } = scriptedProvider();
    const app = await buildApp({ insights: provider, rateLimit: false });
    const url = await listen(app);
    const controller = new AbortController();
    const request = fetch(`${url}/api/ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody),
      signal: controller.signal,
    });
    await expect.poll(() => calls.length).toBe(1);
    controller.abort();
    await expect(request).rejects.toThrow();
    await expect.poll(() => state.aborted && state.finished).toBe(true);
    // The server is still answering others.
    expect((await post(app, {})).statusCode).toBe(400);
  });

  it('relays the tokens of an OpenAI-compatible server in order and cancels it on disconnect', async () => {
    const tokens = Array.from({ length: 20 }, (_, i) => `t${i} `);
    const upstream = await startOpenAIStreamServer((request) =>
      (request.body as { messages: ChatMessage[] }).messages.length === 3
        ? { tokens, delayMs: 1 }
        : { tokens, delayMs: 30 },
    );
    servers.push(upstream);
    const relay = createOpenAIRelay({ baseUrl: upstream.baseUrl, apiKey: 'k', model: 'm' });
    const url = await listen(await buildApp({ insights: relay, rateLimit: false }));

    const whole = await fetch(`${url}/api/ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody),
    });
    expect(await whole.text()).toBe(tokens.join(''));

    const controller = new AbortController();
    const cut = await fetch(`${url}/api/ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: '[]' }] }),
      signal: controller.signal,
    });
    await cut.body!.getReader().read();
    controller.abort();
    await upstream.closed(2);
    expect(upstream.disconnects).toBe(1);
  });
});

describe('POST /api/ai: rate limit', () => {
  it('refuses a client over the limit with 429 and a sentence', async () => {
    const app = await buildApp({
      insights: createLocalAnalyst(),
      rateLimit: { max: 2, timeWindowMs: 60_000 },
    });
    expect((await post(app, validBody)).statusCode).toBe(200);
    expect((await post(app, validBody)).statusCode).toBe(200);
    const refused = await post(app, validBody);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      error: 'Too many insight requests from this address; try again in 1 minute.',
    });
    // Another address has its own allowance.
    const other = await app.inject({
      method: 'POST',
      url: '/api/ai',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validBody),
    });
    expect(other.statusCode).toBe(200);
  });

  it('works beside an app-wide registration of the rate-limit plugin', async () => {
    const app = Fastify(fastifyOptions);
    apps.push(app);
    await app.register(import('@fastify/rate-limit'), { global: false });
    await app.register(aiRoutes, {
      insights: createLocalAnalyst(),
      rateLimit: { max: 1, timeWindowMs: 1000 },
    });
    expect((await post(app, validBody)).statusCode).toBe(200);
    expect((await post(app, validBody)).statusCode).toBe(429);
  });
});
