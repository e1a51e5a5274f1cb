import type { ChatMessage } from '../../../shared/insights/messages.ts';
import { reportStatus } from '../../lib/api.ts';

/** The messages of spec §8, shown as they are. */
export const insightsErrors = {
  notOk: 'Failed to fetch AI response',
  noStream: 'ReadableStream not supported',
  unknown: 'Unknown error',
} as const;

export interface StreamInsightsOptions {
  messages: ChatMessage[];
  signal: AbortSignal;
  /** Called with each decoded piece of text, in order. */
  onText: (text: string) => void;
  fetch?: typeof fetch;
  endpoint?: string;
}

/**
 * Posts the messages to /api/ai and hands the answer's text to `onText` as it streams in.
 * Rejects with 'Failed to fetch AI response' on a non-OK status and 'ReadableStream not
 * supported' when the answer has no body stream; an abort rejects with the abort error.
 */
export async function streamInsights(options: StreamInsightsOptions): Promise<void> {
  const fetchImpl = options.fetch ?? fetch;
  const response = await fetchImpl(options.endpoint ?? '/api/ai', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: options.messages }),
    signal: options.signal,
  });
  reportStatus(response.status);
  if (!response.ok) throw new Error(insightsErrors.notOk);
  if (!response.body) throw new Error(insightsErrors.noStream);
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) options.onText(text);
    }
    const rest = decoder.decode();
    if (rest) options.onText(rest);
  } finally {
    reader.releaseLock();
  }
}

/** True for the error an aborted fetch or read rejects with. */
export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

/** The message to show for a failure: its own message, else 'Unknown error'. */
export function insightsErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : insightsErrors.unknown;
}
