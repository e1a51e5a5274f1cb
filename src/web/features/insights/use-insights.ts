import { useCallback, useEffect, useRef, useState } from 'react';
import { buildInsightsMessages } from '../../../shared/insights/prompt.ts';
import { insightsErrorMessage, isAbort, streamInsights } from './stream-insights.ts';

/**
 * idle (nothing asked) → loading (asked, no text yet) → streaming (text arriving) → done,
 * or error at any point after idle.
 */
export type InsightsStatus = 'idle' | 'loading' | 'streaming' | 'done' | 'error';

export interface InsightsState {
  status: InsightsStatus;
  /** The answer so far (Markdown). */
  text: string;
  /** The message to show when status is 'error'. */
  error: string | null;
}

export interface UseInsightsOptions {
  /** Defaults to the browser's fetch; tests pass their own. */
  fetch?: typeof fetch;
}

const idle: InsightsState = { status: 'idle', text: '', error: null };

/**
 * Generate Insights (spec §4): builds the message list from the full proposal data, posts it
 * to /api/ai and appends the streamed answer chunk by chunk. A new request aborts the earlier
 * one; an abort is not an error. Leaving the screen aborts the request in flight.
 */
export function useInsights(options: UseInsightsOptions = {}) {
  const [state, setState] = useState<InsightsState>(idle);
  const current = useRef<AbortController | null>(null);
  const fetchImpl = options.fetch;

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
  }, []);

  const generate = useCallback(
    async (proposalData: unknown) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const isCurrent = () => current.current === controller;
      setState({ status: 'loading', text: '', error: null });
      try {
        await streamInsights({
          messages: buildInsightsMessages(proposalData),
          signal: controller.signal,
          fetch: fetchImpl,
          onText: (chunk) => {
            if (!isCurrent()) return;
            setState((previous) => ({
              status: 'streaming',
              text: previous.text + chunk,
              error: null,
            }));
          },
        });
        if (isCurrent()) setState((previous) => ({ ...previous, status: 'done' }));
      } catch (error) {
        if (isAbort(error, controller.signal)) {
          console.info('Insights request aborted');
          return;
        }
        if (!isCurrent()) return;
        setState((previous) => ({
          ...previous,
          status: 'error',
          error: insightsErrorMessage(error),
        }));
      } finally {
        if (isCurrent()) current.current = null;
      }
    },
    [fetchImpl],
  );

  useEffect(() => cancel, [cancel]);

  return { ...state, generate, cancel };
}
