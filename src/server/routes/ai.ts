import { Readable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  aiRequestSchema,
  describeAiRequestError,
  maxAiRequestBytes,
  messagesContentBytes,
} from '../../shared/insights/messages.ts';
import { type InsightsProvider, InsightsUpstreamError } from '../insights/provider.ts';

/** Requests one client address may make per window. */
export interface AiRateLimit {
  max: number;
  timeWindowMs: number;
}

/** Twenty insight requests a minute per client address. */
export const defaultAiRateLimit: AiRateLimit = { max: 20, timeWindowMs: 60_000 };

export interface AiRoutesOptions {
  insights: InsightsProvider;
  /** Per client address; `false` turns the limit off. Defaults to `defaultAiRateLimit`. */
  rateLimit?: AiRateLimit | false;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Sentences for the errors Fastify raises before the handler runs. */
function requestErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request is larger than ${megabytes(maxAiRequestBytes)}; send less proposal data.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request body must be JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object with a messages list.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}

function tooManyRequests(_request: FastifyRequest, context: { after: string; statusCode: number }) {
  const error = new Error(
    `Too many insight requests from this address; try again in ${context.after}.`,
  ) as Error & { statusCode: number };
  error.statusCode = context.statusCode;
  return error;
}

/** Why a provider failed, as an HTTP status and a sentence; 5xx details stay in the log. */
function providerFailure(error: unknown): { status: number; message: string } {
  if (error instanceof InsightsUpstreamError)
    return { status: error.status, message: error.message };
  return { status: 500, message: 'The insights writer failed; try again.' };
}

/**
 * The chunks of a started answer: the first one already read, then the rest as they come.
 * A failure after the first byte cannot change the status, so it ends the text with a line
 * saying the insights stopped. Stopping early (the client left) stops the provider.
 */
async function* answerChunks(
  first: string,
  rest: AsyncIterator<string>,
  signal: AbortSignal,
  request: FastifyRequest,
): AsyncGenerator<string> {
  let finished = false;
  try {
    if (first) yield first;
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      if (next.value) yield next.value;
    }
    finished = true;
  } catch (error) {
    finished = true;
    if (signal.aborted) return;
    const { message } = providerFailure(error);
    request.log.warn({ err: error }, 'insights stream stopped');
    yield `\n\n_Insights stopped: ${message.replace(/[\\`*_[\]<>]/g, '\\$&')}_\n`;
  } finally {
    if (!finished) await rest.return?.();
  }
}

async function generateInsights(
  insights: InsightsProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const parsed = aiRequestSchema.safeParse(request.body);
  if (!parsed.success) {
    return reply.code(400).send({ error: describeAiRequestError(parsed.error) });
  }
  const { messages } = parsed.data;
  if (messagesContentBytes(messages) > maxAiRequestBytes) {
    return reply
      .code(413)
      .send({ error: `The messages are larger than ${megabytes(maxAiRequestBytes)} in all.` });
  }

  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });

  const iterator = insights.stream(messages, controller.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    // Read until the first text so a failure before the first byte can still set the status.
    do first = await iterator.next();
    while (!first.done && !first.value);
  } catch (error) {
    // The client left before the answer started: nothing to send.
    if (controller.signal.aborted) return reply.hijack();
    const { status, message } = providerFailure(error);
    request.log.warn({ err: error, provider: insights.name }, 'insights failed before the answer');
    return reply.code(status).send({ error: message });
  }
  if (controller.signal.aborted) {
    await iterator.return?.();
    return reply.hijack();
  }

  reply
    .code(200)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  if (first.done) return reply.send('');
  return reply.send(
    Readable.from(answerChunks(first.value, iterator, controller.signal, request), {
      objectMode: false,
    }),
  );
}

/**
 * `POST /api/ai`: validates a list of chat messages and streams the insights provider's answer
 * as `text/plain; charset=utf-8`, chunk by chunk. Register with `app.register(aiRoutes, {...})`;
 * the plugin keeps its own error handler so every refusal is JSON `{error}`.
 */
export async function aiRoutes(app: FastifyInstance, options: AiRoutesOptions): Promise<void> {
  const limit = options.rateLimit ?? defaultAiRateLimit;
  if (limit && !app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, { global: false });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'insights request failed');
      return reply.code(500).send({ error: 'The insights request failed on the server.' });
    }
    return reply.code(status).send({ error: requestErrorMessage(error) });
  });

  app.post(
    '/api/ai',
    {
      bodyLimit: maxAiRequestBytes,
      // Insights change nothing: every role that reads a proposal may ask for them.
      config: {
        permission: 'read',
        ...(limit
          ? {
              rateLimit: {
                max: limit.max,
                timeWindow: limit.timeWindowMs,
                errorResponseBuilder: tooManyRequests,
              },
            }
          : {}),
      },
    },
    (request, reply) => generateInsights(options.insights, request, reply),
  );
}
