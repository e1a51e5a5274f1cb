/**
 * The one place the web app talks HTTP: JSON reads and the server's `{error}` answers turned
 * into messages a person can act on.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
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
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      await errorMessage(response, `Request failed (${response.status})`),
    );
  }
  return (await response.json()) as T;
}

/** One page of a list endpoint: its items and the cursor of the next page (X-Next-Cursor). */
export async function getPage<T>(url: string): Promise<{ items: T[]; nextCursor: string | null }> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
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

/** Sends JSON with a method (PATCH, PUT, POST, DELETE); answers the JSON reply, if any. */
export async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      await errorMessage(response, `Request failed (${response.status})`),
    );
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
