/**
 * The one place the web app talks HTTP: JSON reads and the server's `{error}` answers turned
 * into messages a person can act on. Any 401 from the API means the session is gone (it ended,
 * or was ended elsewhere): `reportStatus` tells the app, which shows its sign-in page.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type SignedOutListener = () => void;
const signedOutListeners = new Set<SignedOutListener>();

/** Calls `listener` whenever an API answer says nobody is signed in; answers an unsubscribe. */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

/** Every API answer's status passes here: a 401 tells the app the session ended. */
export function reportStatus(status: number): void {
  if (status !== 401) return;
  for (const listener of [...signedOutListeners]) listener();
}

/** fetch, with the answer's status reported (see `reportStatus`). */
export async function apiFetch(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  reportStatus(response.status);
  return response;
}

/** The message of a failed response: the server's `{error}` sentence, else its text or status. */
export async function errorMessage(response: Response, fallback: string): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: use the text as it is
  }
  return text.trim() || response.statusText || fallback;
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await apiFetch(url, { ...init, headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      await errorMessage(response, `Request failed (${response.status})`),
    );
  }
  return (await response.json()) as T;
}

/** A JSON request that changes something (POST, PATCH, DELETE); answers the parsed body or undefined on 204. */
export async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiFetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      await errorMessage(response, `Request failed (${response.status})`),
    );
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One page of a list endpoint: its items and the cursor of the next page (X-Next-Cursor). */
export async function getPage<T>(url: string): Promise<{ items: T[]; nextCursor: string | null }> {
  const response = await apiFetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      await errorMessage(response, `Request failed (${response.status})`),
    );
  }
  return {
    items: (await response.json()) as T[],
    nextCursor: response.headers?.get?.('X-Next-Cursor') ?? null,
  };
}
