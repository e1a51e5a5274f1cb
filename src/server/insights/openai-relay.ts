import { type ChatMessage, type InsightsProvider, InsightsUpstreamError } from './provider.ts';

export interface OpenAIRelayOptions {
  /** The endpoint's base URL, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Sent as a bearer token; '' sends none. */
  apiKey: string;
  model: string;
  /** Defaults to the global fetch; tests may pass their own. */
  fetch?: typeof fetch;
  /** Longest wait for the answer to start, and longest silence between two chunks (ms). */
  timeoutMs?: number;
}

export const defaultRelayTimeoutMs = 30_000;

/** Most of an upstream error body quoted in the error message. */
const quotedErrorChars = 200;

/** The `error.message` of an OpenAI-style error body, or the start of the body as text. */
function upstreamReason(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      message?: unknown;
    };
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : typeof parsed.error?.message === 'string'
          ? parsed.error.message
          : typeof parsed.message === 'string'
            ? parsed.message
            : undefined;
    if (message) return message.slice(0, quotedErrorChars);
  } catch {
    // Not JSON: quote the text.
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, quotedErrorChars);
}

function statusError(status: number, body: string): InsightsUpstreamError {
  const reason = upstreamReason(body);
  const said = reason ? `: ${reason}` : '.';
  if (status === 401 || status === 403) {
    return new InsightsUpstreamError(
      `The insights service refused the API key (HTTP ${status})${said}`,
      { status: 502 },
    );
  }
  if (status === 429) {
    return new InsightsUpstreamError(
      `The insights service is busy (HTTP 429); try again in a moment${reason ? `: ${reason}` : '.'}`,
      { status: 503 },
    );
  }
  return new InsightsUpstreamError(`The insights service answered HTTP ${status}${said}`, {
    status: 502,
  });
}

/** Splits server-sent events into their `data` payloads (one per event, lines joined). */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const lines = function* (final: boolean): Generator<string> {
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      // A lone '\r' at the end may be the first half of '\r\n': wait for more.
      if (!final && buffer[newline] === '\r' && newline === buffer.length - 1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      yield line;
      newline = buffer.search(/\r\n|\r|\n/);
    }
    if (final && buffer) {
      yield buffer;
      buffer = '';
    }
  };
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (const line of lines(done)) {
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
        // Comments (':…'), event, id and retry fields carry nothing the relay needs.
      }
      if (done) break;
    }
    if (data.length > 0) yield data.join('\n');
  } finally {
    reader.releaseLock();
  }
}

/** The text a streamed chat-completion chunk adds, or an error it carries. */
function chunkContent(payload: string): string {
  let chunk: unknown;
  try {
    chunk = JSON.parse(payload);
  } catch {
    throw new InsightsUpstreamError('The insights service sent a stream that is not JSON.', {
      status: 502,
    });
  }
  const { choices, error } = chunk as {
    choices?: Array<{ delta?: { content?: unknown } }>;
    error?: { message?: unknown };
  };
  if (error) {
    const message = typeof error.message === 'string' ? error.message : 'unknown error';
    throw new InsightsUpstreamError(`The insights service stopped with an error: ${message}`, {
      status: 502,
    });
  }
  const content = choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * Relays chat messages to an OpenAI-compatible chat-completions endpoint with streaming on and
 * yields its tokens as they arrive. Aborting the signal (or stopping the iteration) cancels the
 * upstream request. Errors are `InsightsUpstreamError`s: 502 for a refusal, a failed or garbled
 * answer or an unreachable service, 503 when it is busy, 504 when it does not answer in time.
 */
export function createOpenAIRelay(options: OpenAIRelayOptions): InsightsProvider {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? defaultRelayTimeoutMs;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  return {
    name: 'openai',
    async *stream(messages: ChatMessage[], signal: AbortSignal) {
      const upstream = new AbortController();
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          upstream.abort();
        }, timeoutMs);
      };
      const onAbort = () => upstream.abort();
      if (signal.aborted) return;
      signal.addEventListener('abort', onAbort, { once: true });
      const failure = (error: unknown, stage: 'connect' | 'read') => {
        if (timedOut) {
          return new InsightsUpstreamError(
            stage === 'connect'
              ? `The insights service did not answer within ${Math.round(timeoutMs / 1000)} s.`
              : `The insights service went silent for ${Math.round(timeoutMs / 1000)} s.`,
            { status: 504, cause: error },
          );
        }
        if (error instanceof InsightsUpstreamError) return error;
        return new InsightsUpstreamError(
          stage === 'connect'
            ? `Could not reach the insights service at ${new URL(url).host}.`
            : 'The connection to the insights service broke off.',
          { status: 502, cause: error },
        );
      };

      arm();
      try {
        let response: Response;
        try {
          response = await fetchImpl(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              // Local servers (Ollama, llama.cpp, vLLM) may need no key.
              ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
            },
            body: JSON.stringify({
              model: options.model,
              messages: messages.map(({ role, content }) => ({ role, content })),
              stream: true,
            }),
            signal: upstream.signal,
          });
        } catch (error) {
          if (signal.aborted) return;
          throw failure(error, 'connect');
        }
        if (!response.ok) {
          const body = await response.text().catch(() => '');
          throw statusError(response.status, body);
        }
        if (!response.body) {
          throw new InsightsUpstreamError('The insights service sent no stream.', { status: 502 });
        }
        try {
          arm();
          for await (const payload of sseData(response.body)) {
            arm();
            if (payload.trim() === '[DONE]') return;
            const content = chunkContent(payload);
            if (!content) continue;
            // The caller's pace is not the service's silence: no timer while it holds the chunk.
            clearTimeout(timer);
            yield content;
            arm();
          }
        } catch (error) {
          if (signal.aborted) return;
          throw failure(error, 'read');
        }
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        // Ends the upstream request when the stream stops early (abort, error or the caller
        // leaving the loop); a no-op once the answer is complete.
        upstream.abort();
      }
    },
  };
}
