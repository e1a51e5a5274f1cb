import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the OpenAI chat-completions streaming protocol (server-sent events
 * of `chat.completion.chunk` objects, then `data: [DONE]`), for the relay's tests and benchmark.
 * Each request is answered by a script: tokens and pacing, or an error status, or silence.
 */

export interface StreamScript {
  /** Tokens sent as `choices[0].delta.content`, one event each. */
  tokens?: string[];
  /** Pause before each token, in ms (0: sent back to back, one write each). */
  delayMs?: number;
  /** Answer this status with `errorBody` instead of a stream. */
  status?: number;
  errorBody?: string;
  /** Send nothing (not even headers) for this long before starting. */
  firstByteDelayMs?: number;
  /** Stop after this many tokens and keep the connection open without sending more. */
  stallAfter?: number;
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface OpenAIStreamServer {
  /** Base URL to give the relay, ending in `/v1`. */
  baseUrl: string;
  /** Requests received, in order. */
  requests: ReceivedRequest[];
  /** Responses whose client went away before the stream ended. */
  readonly disconnects: number;
  /** Resolves when `count` responses have been closed (finished or cut off). */
  closed(count: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunkEvent(delta: Record<string, string>, finish: string | null = null): string {
  const chunk = {
    id: 'chatcmpl-local',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'local-test',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export async function startOpenAIStreamServer(
  script: StreamScript | ((request: ReceivedRequest) => StreamScript),
  hooks: { onToken?: (index: number) => void } = {},
): Promise<OpenAIStreamServer> {
  const requests: ReceivedRequest[] = [];
  let disconnects = 0;
  let closedCount = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  async function answer(req: IncomingMessage, res: ServerResponse) {
    let cut = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        cut = true;
        disconnects += 1;
      }
      closedCount += 1;
      for (const waiter of waiters.filter((w) => closedCount >= w.count)) waiter.resolve();
    });
    const raw: Buffer[] = [];
    for await (const part of req) raw.push(part as Buffer);
    const text = Buffer.concat(raw).toString('utf8');
    const request: ReceivedRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const plan = typeof script === 'function' ? script(request) : script;

    if (plan.firstByteDelayMs) await sleep(plan.firstByteDelayMs);
    if (cut) return;
    if (plan.status && plan.status !== 200) {
      res.writeHead(plan.status, { 'content-type': 'application/json' });
      res.end(plan.errorBody ?? JSON.stringify({ error: { message: 'Upstream failure' } }));
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(chunkEvent({ role: 'assistant', content: '' }));
    const tokens = plan.tokens ?? [];
    for (const [index, token] of tokens.entries()) {
      if (plan.stallAfter !== undefined && index >= plan.stallAfter) return; // hold the line open
      if (plan.delayMs) await sleep(plan.delayMs);
      if (cut) return;
      hooks.onToken?.(index);
      res.write(chunkEvent({ content: token }));
    }
    if (plan.stallAfter !== undefined && tokens.length <= plan.stallAfter) return;
    res.write(chunkEvent({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get disconnects() {
      return disconnects;
    },
    closed(count) {
      if (closedCount >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
