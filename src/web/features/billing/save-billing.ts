import type { UpdateBillingParametersRequest } from '../../../shared/billing/schema.ts';
import { errorMessage, reportStatus } from '../../lib/api.ts';

/** Spec §8: the editor banner's fallback when a save fails without an HTTP answer. */
export const SAVE_FALLBACK_MESSAGE = 'Failed to save billing parameters';

/** A save the server refused: spec §8 'Update failed ({status}): {body text or status text}'. */
export class SaveBillingError extends Error {
  readonly status: number;
  constructor(status: number, detail: string) {
    super(`Update failed (${status}): ${detail}`);
    this.name = 'SaveBillingError';
    this.status = status;
  }
  /** 409: the client changed since the editor opened it (another tab, another broker). */
  get conflict(): boolean {
    return this.status === 409;
  }
}

/**
 * `POST /api/clients/updateBillingParameters`; answers the client's new revision. A refusal
 * throws `SaveBillingError`. The spec shows the failed body's text; our server answers JSON
 * `{error}`, so the banner shows that sentence rather than the raw JSON (its text or the status
 * text when the body is not ours).
 */
export async function postBillingParameters(
  payload: UpdateBillingParametersRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<{ revision: number }> {
  const response = await fetchImpl('/api/clients/updateBillingParameters', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  reportStatus(response.status);
  if (!response.ok) {
    throw new SaveBillingError(
      response.status,
      await errorMessage(response, 'the server gave no reason'),
    );
  }
  const body = (await response.json()) as { revision?: unknown };
  if (typeof body.revision !== 'number') throw new Error(SAVE_FALLBACK_MESSAGE);
  return { revision: body.revision };
}

/** The banner text of a failed save (without the 'Error: ' prefix). */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof SaveBillingError) return error.message;
  return SAVE_FALLBACK_MESSAGE;
}
