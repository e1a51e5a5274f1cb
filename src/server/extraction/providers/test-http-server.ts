import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogueJsonSchema } from '../../../shared/fields/catalogue-schema.ts';

/** A real HTTP server on a free loopback port, for testing the hosted providers' protocols. */

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /documentintelligence/documentModels/x:analyze?api-version=… */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** performance.now() when the request arrived. */
  at: number;
}

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type TestHandler = (request: RecordedRequest, response: ServerResponse) => void;

export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a JSON body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** One part of a user message as the Chat Completions protocol has it. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string | ChatContentPart[] }>;
  response_format?: unknown;
  temperature?: number;
}

/** What the chat server does with one request. */
export type ChatAnswer =
  | { content: string; finishReason?: string }
  | { status: number; error: string }
  /** never answers (the client's deadline runs out) */
  | { hang: true }
  /** answers 200 with a body that is not a chat completion */
  | { raw: string };

export interface ChatServer extends TestServer {
  /** The requests that spoke the protocol, parsed. */
  chats: ChatRequest[];
}

const imageDataUrl = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/u;

/** Why a request does not follow the Chat Completions protocol, or undefined when it does. */
export function chatProtocolProblem(request: RecordedRequest): string | undefined {
  if (request.method !== 'POST') return `${request.method} is not POST`;
  if (!/\/chat\/completions$/u.test(request.url.split('?')[0] ?? ''))
    return `${request.url} is not …/chat/completions`;
  if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
    return 'the body is not JSON';
  let body: unknown;
  try {
    body = JSON.parse(request.body.toString('utf8'));
  } catch {
    return 'the body is not valid JSON';
  }
  const chat = body as Partial<ChatRequest>;
  if (typeof chat.model !== 'string' || !chat.model) return "'model' is missing";
  if (!Array.isArray(chat.messages) || chat.messages.length === 0)
    return "'messages' must be a non-empty array";
  for (const message of chat.messages) {
    if (!['system', 'user', 'assistant', 'developer'].includes(message.role))
      return `unknown role ${message.role}`;
    if (typeof message.content === 'string') continue;
    if (!Array.isArray(message.content) || message.role !== 'user')
      return 'only a user message may have content parts';
    for (const part of message.content) {
      if (part.type === 'text' && typeof part.text === 'string') continue;
      if (part.type === 'image_url' && imageDataUrl.test(part.image_url?.url ?? '')) {
        if (part.image_url.detail && !['auto', 'low', 'high'].includes(part.image_url.detail))
          return `unknown image detail ${part.image_url.detail}`;
        continue;
      }
      return `invalid content part ${JSON.stringify(part).slice(0, 80)}`;
    }
  }
  return undefined;
}

/** A chat completion as OpenAI answers one. */
export function chatCompletion(content: string | null, finishReason = 'stop') {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1767225600,
    model: 'gpt-4.1-mini',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: { prompt_tokens: 5200, completion_tokens: 300, total_tokens: 5500 },
  };
}

/**
 * A real HTTP server speaking the OpenAI Chat Completions protocol: a request that breaks it is
 * answered 400 with an OpenAI-style error (as the real service does), one that keeps it is
 * parsed, recorded and answered as `answer` says.
 */
export async function startChatServer(
  answer: (chat: ChatRequest) => ChatAnswer,
): Promise<ChatServer> {
  const chats: ChatRequest[] = [];
  const server = await startTestServer((request, response) => {
    const problem = chatProtocolProblem(request);
    if (problem) {
      sendJson(response, 400, {
        error: { message: problem, type: 'invalid_request_error', param: null, code: null },
      });
      return;
    }
    const chat = JSON.parse(request.body.toString('utf8')) as ChatRequest;
    chats.push(chat);
    const reply = answer(chat);
    if ('hang' in reply) return;
    if ('raw' in reply) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(reply.raw);
      return;
    }
    if ('status' in reply) {
      sendJson(response, reply.status, {
        error: { message: reply.error, type: 'server_error', param: null, code: null },
      });
      return;
    }
    sendJson(response, 200, chatCompletion(reply.content, reply.finishReason));
  });
  return Object.assign(server, { chats });
}

/** A model's answer for a document it finds nothing in: every key of the schema, all blank. */
export function blankAnswer(): Record<string, string | unknown[]> {
  const properties = catalogueJsonSchema().properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [key, schema.type === 'array' ? [] : '']),
  );
}
