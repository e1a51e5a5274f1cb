import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIRelay } from './openai-relay.ts';
import { type ChatMessage, InsightsUpstreamError } from './provider.ts';
import {
  type OpenAIStreamServer,
  startOpenAIStreamServer,
} from './testing/openai-stream-server.ts';

const messages: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: '[]' },
];

let server: OpenAIStreamServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

async function failure(iterable: AsyncIterable<string>): Promise<InsightsUpstreamError> {
  try {
    await collect(iterable);
  } catch (error) {
    if (error instanceof InsightsUpstreamError) return error;
    throw error;
  }
  throw new Error('expected the stream to fail');
}

const relayTo = (s: OpenAIStreamServer, timeoutMs = 2000) =>
  createOpenAIRelay({ baseUrl: s.baseUrl, apiKey: 'sk-test', model: 'gpt-test', timeoutMs });

describe('createOpenAIRelay against a local streaming server', () => {
  it('posts the messages with streaming on and yields the tokens in order', async () => {
    const tokens = ['- Dental', ' rates', ' missing\n', '- Vision é€ ok\n'];
    server = await startOpenAIStreamServer({ tokens, delayMs: 2 });
    const chunks = await collect(relayTo(server).stream(messages, new AbortController().signal));
    expect(chunks).toEqual(tokens);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toEqual({ model: 'gpt-test', messages, stream: true });
  });

  it('yields each token as it arrives, before the next is sent', async () => {
    let sent = 0;
    server = await startOpenAIStreamServer(
      { tokens: ['a', 'b', 'c'], delayMs: 40 },
      { onToken: (index) => (sent = index + 1) },
    );
    const seen: number[] = [];
    for await (const _chunk of relayTo(server).stream(messages, new AbortController().signal)) {
      seen.push(sent);
    }
    expect(seen).toEqual([1, 2, 3]);
  });

  it('cancels the upstream request when the signal aborts', async () => {
    server = await startOpenAIStreamServer({ tokens: ['a', 'b', 'c', 'd'], stallAfter: 1 });
    const controller = new AbortController();
    const chunks: string[] = [];
    for await (const chunk of relayTo(server).stream(messages, controller.signal)) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks).toEqual(['a']);
    await server.closed(1);
    expect(server.disconnects).toBe(1);
  });

  it('cancels the upstream request when the caller stops reading', async () => {
    server = await startOpenAIStreamServer({ tokens: ['a', 'b', 'c'], delayMs: 20 });
    for await (const _chunk of relayTo(server).stream(messages, new AbortController().signal)) {
      break;
    }
    await server.closed(1);
    expect(server.disconnects).toBe(1);
  });

  it('turns an upstream 500 into a clear 502 error', async () => {
    server = await startOpenAIStreamServer({
      status: 500,
      errorBody: JSON.stringify({ error: { message: 'The model is overloaded' } }),
    });
    const error = await failure(relayTo(server).stream(messages, new AbortController().signal));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The insights service answered HTTP 500: The model is overloaded');
  });

  it.each([
    [401, 502, /refused the API key \(HTTP 401\)/],
    [429, 503, /busy \(HTTP 429\)/],
    [404, 502, /answered HTTP 404/],
  ])('maps upstream %i to %i', async (status, expected, message) => {
    server = await startOpenAIStreamServer({ status, errorBody: 'nope' });
    const error = await failure(relayTo(server).stream(messages, new AbortController().signal));
    expect(error.status).toBe(expected);
    expect(error.message).toMatch(message);
  });

  it('times out with 504 when the answer does not start', async () => {
    server = await startOpenAIStreamServer({ tokens: ['late'], firstByteDelayMs: 1000 });
    const error = await failure(
      relayTo(server, 100).stream(messages, new AbortController().signal),
    );
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/did not answer within/);
  });

  it('times out with 504 when the stream goes silent', async () => {
    server = await startOpenAIStreamServer({ tokens: ['a', 'b'], stallAfter: 1 });
    const chunks: string[] = [];
    let caught: unknown;
    try {
      for await (const chunk of relayTo(server, 150).stream(
        messages,
        new AbortController().signal,
      )) {
        chunks.push(chunk);
      }
    } catch (error) {
      caught = error;
    }
    expect(chunks).toEqual(['a']);
    expect(caught).toBeInstanceOf(InsightsUpstreamError);
    expect((caught as InsightsUpstreamError).status).toBe(504);
    await server.closed(1);
    expect(server.disconnects).toBe(1);
  });

  it('reports an unreachable service as 502', async () => {
    server = await startOpenAIStreamServer({ tokens: [] });
    const baseUrl = server.baseUrl;
    await server.close();
    server = undefined;
    const relay = createOpenAIRelay({ baseUrl, apiKey: 'k', model: 'm', timeoutMs: 2000 });
    const error = await failure(relay.stream(messages, new AbortController().signal));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/Could not reach the insights service at 127\.0\.0\.1:/);
  });
});

describe('createOpenAIRelay reading the event stream', () => {
  function relayOf(body: string[], init: ResponseInit = {}) {
    const encoder = new TextEncoder();
    const fakeFetch: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (const part of body) controller.enqueue(encoder.encode(part));
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init },
      );
    return createOpenAIRelay({
      baseUrl: 'http://x/v1/',
      apiKey: 'k',
      model: 'm',
      fetch: fakeFetch,
    });
  }
  const event = (content: string) =>
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

  it('handles events split across reads, CRLF line ends, comments and multi-byte characters', async () => {
    const text = `: keep-alive\r\n\r\n${event('Ré').replace(/\n/g, '\r\n')}${event('sumé')}data: [DONE]\n\n`;
    const bytes = new TextEncoder().encode(text);
    const parts: string[] = [];
    // One byte per read: splits lines, CRLF pairs and UTF-8 sequences.
    const fakeFetch: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
            controller.close();
          },
        }),
      );
    const relay = createOpenAIRelay({
      baseUrl: 'http://x/v1',
      apiKey: 'k',
      model: 'm',
      fetch: fakeFetch,
    });
    for await (const chunk of relay.stream(messages, new AbortController().signal))
      parts.push(chunk);
    expect(parts).toEqual(['Ré', 'sumé']);
  });

  it('stops at [DONE] and ignores what follows', async () => {
    expect(
      await collect(
        relayOf([event('a'), 'data: [DONE]\n\n', event('b')]).stream(
          messages,
          new AbortController().signal,
        ),
      ),
    ).toEqual(['a']);
  });

  it('ends without [DONE] when the stream closes', async () => {
    expect(
      await collect(
        relayOf([event('a'), event('b')]).stream(messages, new AbortController().signal),
      ),
    ).toEqual(['a', 'b']);
  });

  it('fails clearly on an error event or a garbled stream', async () => {
    const errorEvent = `data: ${JSON.stringify({ error: { message: 'context too long' } })}\n\n`;
    const error = await failure(
      relayOf([event('a'), errorEvent]).stream(messages, new AbortController().signal),
    );
    expect(error.message).toBe('The insights service stopped with an error: context too long');
    const garbled = await failure(
      relayOf(['data: {nope\n\n']).stream(messages, new AbortController().signal),
    );
    expect(garbled.status).toBe(502);
  });
});
