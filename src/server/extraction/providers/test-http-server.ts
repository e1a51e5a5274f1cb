import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on a free loopback port, for testing the hosted providers' protocols. */

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /documentintelligence/documentModels/x:analyze?api-version=… */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** performance.now() when the request arrived. */
  at: number;
}

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type TestHandler = (request: RecordedRequest, response: ServerResponse) => void;

export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a JSON body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}
