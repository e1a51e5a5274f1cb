/**
 * A fetch for component tests that answers POST /api/ai with a body the test streams by hand,
 * like the server does, and errors the body when the request is aborted.
 */
export interface FakeRequest {
  url: string;
  init: RequestInit;
  body: { messages: Array<{ role: string; content: string }> };
  aborted: boolean;
  /** Sends text (or raw bytes) as one chunk. */
  push(chunk: string | Uint8Array): void;
  end(): void;
}

export function streamingFetch(answer: { status?: number; withoutBody?: boolean } = {}) {
  const requests: FakeRequest[] = [];
  const encoder = new TextEncoder();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
      },
    });
    const request: FakeRequest = {
      url: String(input),
      init,
      body: JSON.parse(String(init.body)),
      aborted: false,
      push: (chunk) => stream.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
      end: () => stream.close(),
    };
    requests.push(request);
    const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
    if (init.signal?.aborted) throw abortError();
    init.signal?.addEventListener('abort', () => {
      request.aborted = true;
      try {
        stream.error(abortError());
      } catch {
        // Already closed.
      }
    });
    if (answer.withoutBody) return new Response(null, { status: answer.status ?? 200 });
    return new Response(body, { status: answer.status ?? 200 });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
