import { setTimeout as sleep } from 'node:timers/promises';
import { ExtractionError } from '../provider.ts';

/**
 * HTTP plumbing shared by the hosted extraction providers: one deadline per extraction joined
 * with the caller's abort signal, status codes turned into errors a person can act on, and
 * Retry-After handling.
 */

export type Fetch = typeof fetch;

/** A time limit for one extraction, joined with the caller's signal. */
export interface Deadline {
  /** Aborts when the caller aborts or the time is up: pass it to every request and wait. */
  signal: AbortSignal;
  /** The caller's own signal. */
  caller?: AbortSignal;
  timeoutMs: number;
}

export function startDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const timeout = AbortSignal.timeout(timeoutMs);
  return {
    signal: caller ? AbortSignal.any([caller, timeout]) : timeout,
    ...(caller ? { caller } : {}),
    timeoutMs,
  };
}

function seconds(ms: number): string {
  const s = Number((ms / 1000).toFixed(2));
  return `${s} second${s === 1 ? '' : 's'}`;
}

/**
 * Runs one step of an extraction under its deadline. The caller's abort passes through unchanged
 * (its reason, normally an AbortError); running out of time and failing to reach the service
 * become retryable ExtractionErrors; an ExtractionError passes through.
 */
export async function underDeadline<T>(deadline: Deadline, step: () => Promise<T>): Promise<T> {
  deadline.caller?.throwIfAborted();
  try {
    return await step();
  } catch (error) {
    if (deadline.caller?.aborted) throw deadline.caller.reason;
    if (deadline.signal.aborted) {
      throw new ExtractionError(
        `The extraction service did not finish within ${seconds(deadline.timeoutMs)}; try again later.`,
        { retryable: true, cause: error },
      );
    }
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(
      `Could not reach the extraction service (${describeNetworkError(error)}); try again later.`,
      { retryable: true, cause: error },
    );
  }
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Waits, or stops early when the signal aborts. */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return sleep(ms, undefined, { signal });
}

/**
 * How long the service asks us to wait, in milliseconds: `retry-after-ms` and
 * `x-ms-retry-after-ms` (Azure), else `Retry-After` in seconds or as an HTTP date.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  for (const name of ['retry-after-ms', 'x-ms-retry-after-ms']) {
    const value = Number(headers.get(name) ?? Number.NaN);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const header = headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/u.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The service's own explanation from an error body (`{error: {message}}`, `{error}`, text). */
export async function errorDetail(response: Response): Promise<string | undefined> {
  const text = (await response.text().catch(() => '')).trim();
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    const error =
      typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : undefined;
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && error !== null) {
      const inner = Reflect.get(error, 'innererror');
      const innerMessage =
        typeof inner === 'object' && inner !== null ? Reflect.get(inner, 'message') : undefined;
      const message = Reflect.get(error, 'message');
      if (typeof innerMessage === 'string') return innerMessage;
      if (typeof message === 'string') return message;
    }
    const message = typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : '';
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: the text itself
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** Which configuration a person should check when the service refuses a request. */
export interface StatusHints {
  /** e.g. 'AZURE_DI_KEY and AZURE_DI_ENDPOINT' */
  credentials: string;
  /** Message for 404, e.g. 'has no model "x"'. */
  notFound?: string;
}

/** The error for a response that is not OK, with the service's explanation when it gave one. */
export function statusError(
  status: number,
  detail: string | undefined,
  hints: StatusHints,
): ExtractionError {
  const said = detail ? ` The service said: ${detail}` : '';
  if (status === 401 || status === 403) {
    return new ExtractionError(
      `The extraction service refused the credentials (HTTP ${status}); check ${hints.credentials}.${said}`,
    );
  }
  if (status === 429) {
    return new ExtractionError(
      `The extraction service is busy (HTTP 429); try again later.${said}`,
      { retryable: true },
    );
  }
  if (status === 408 || status >= 500) {
    return new ExtractionError(
      `The extraction service failed (HTTP ${status}); try again later.${said}`,
      { retryable: true },
    );
  }
  if (status === 404 && hints.notFound) {
    return new ExtractionError(`The extraction service ${hints.notFound} (HTTP 404).${said}`);
  }
  return new ExtractionError(
    `The extraction service rejected the request (HTTP ${status}).${said}`,
  );
}

/** Lets a response's connection go when its body is not needed. */
export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
