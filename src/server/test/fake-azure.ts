import { createHash } from 'node:crypto';
import { azureApiVersion } from '../extraction/providers/azure.ts';
import { sendJson, startTestServer } from '../extraction/providers/test-http-server.ts';

/**
 * A fake Azure Document Intelligence service on a loopback port, for process-level tests that
 * need extraction to finish without an engine (EXTRACTION_PROVIDER=azure). It counts analyses
 * by the sha256 of the submitted bytes, so a test can tell that each document was read exactly
 * once, and answers with a carrier name derived from those bytes (`Carrier <sha256[0:12]>`), so
 * it can tell that the right bytes were read.
 */
export interface FakeAzure {
  url: string;
  /** Analyses submitted, by sha256 of the bytes. */
  analyses: Map<string, number>;
  /** Analyses submitted in all. */
  total(): number;
  /** The env that points a server or worker process at this service. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const carrierNameFor = (sha256: string) => `Carrier ${sha256.slice(0, 12)}`;

export async function startFakeAzure(options: { analysisMs?: number } = {}): Promise<FakeAzure> {
  const analysisMs = options.analysisMs ?? 0;
  const analyses = new Map<string, number>();
  const operations = new Map<string, { sha256: string; readyAt: number }>();
  let next = 0;
  const server = await startTestServer((request, response) => {
    if (request.method === 'POST' && request.url.includes(':analyze')) {
      const sha256 = createHash('sha256').update(request.body).digest('hex');
      analyses.set(sha256, (analyses.get(sha256) ?? 0) + 1);
      const id = String(++next);
      operations.set(id, { sha256, readyAt: Date.now() + analysisMs });
      response.writeHead(202, {
        'Operation-Location': `${server.url}/documentintelligence/documentModels/m/analyzeResults/${id}?api-version=${azureApiVersion}`,
        'retry-after-ms': String(Math.min(50, analysisMs)),
      });
      response.end();
      return;
    }
    const id = /analyzeResults\/(\d+)/.exec(request.url)?.[1] ?? '';
    const operation = operations.get(id);
    if (!operation) return sendJson(response, 404, { error: { message: 'no such operation' } });
    if (Date.now() < operation.readyAt) {
      return sendJson(response, 200, { status: 'running' }, { 'retry-after-ms': '50' });
    }
    sendJson(response, 200, {
      status: 'succeeded',
      analyzeResult: {
        apiVersion: azureApiVersion,
        modelId: 'm',
        content: '',
        pages: [],
        documents: [
          {
            docType: 'm',
            confidence: 0.9,
            fields: {
              dentalInsurance_carrierName: {
                type: 'string',
                valueString: carrierNameFor(operation.sha256),
                content: carrierNameFor(operation.sha256),
                confidence: 0.95,
              },
            },
          },
        ],
      },
    });
  });
  return {
    url: server.url,
    analyses,
    total: () => [...analyses.values()].reduce((a, b) => a + b, 0),
    env: {
      EXTRACTION_PROVIDER: 'azure',
      AZURE_DI_ENDPOINT: server.url,
      AZURE_DI_KEY: 'test-key',
      PROPOSAL_MODEL_ID: 'proposal-model',
      CERTIFICATE_MODEL_ID: 'certificate-model',
    },
    close: () => server.close(),
  };
}
