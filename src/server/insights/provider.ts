import type { ChatMessage } from '../../shared/insights/messages.ts';

export type { ChatMessage };

/** Writes insights as a stream of text chunks (Markdown). */
export interface InsightsProvider {
  readonly name: string;
  /** Yields text chunks; stops early and releases upstream resources when `signal` aborts. */
  stream(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string>;
}

/**
 * The insights writer failed: the upstream service refused, failed or timed out. `status` is
 * the HTTP status to answer with (502 bad upstream answer or unreachable, 503 busy, 504 timeout),
 * and the message is a sentence a person can act on.
 */
export class InsightsUpstreamError extends Error {
  readonly status: number;
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'InsightsUpstreamError';
    this.status = options.status ?? 502;
  }
}
