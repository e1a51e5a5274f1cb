import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parsedDataSchema } from '../../../shared/proposals/parsed-data.ts';
import { ExtractionError, type ExtractionInput } from '../provider.ts';
import {
  type AzureAnalyzeResult,
  analyzeResultToParsedData,
  azureApiVersion,
  createAzureExtractionProvider,
} from './azure.ts';
import {
  type RecordedRequest,
  sendJson,
  startTestServer,
  type TestServer,
} from './test-http-server.ts';

const key = 'test-subscription-key';
const pdfBytes = new TextEncoder().encode('%PDF-1.7 a carrier proposal');
const proposal: ExtractionInput = {
  bytes: pdfBytes,
  contentType: 'application/pdf',
  documentType: 'carrierProposal',
};

const region = (pageNumber: number, x: number, y: number) => [
  { pageNumber, polygon: [x, y, x + 1, y, x + 1, y + 0.25, x, y + 0.25] },
];

/** A custom extraction model's result, shaped as the 2024-11-30 API returns it. */
const analyzeResult = {
  apiVersion: azureApiVersion,
  modelId: 'benefits-proposal-v3',
  stringIndexType: 'textElements',
  content: 'Ameritas Dental Proposal\nEffective Date: January 1, 2026\n…',
  pages: [
    { pageNumber: 1, angle: 0, width: 8.5, height: 11, unit: 'inch', words: [], lines: [] },
    { pageNumber: 2, angle: 0, width: 8.5, height: 11, unit: 'inch', words: [], lines: [] },
  ],
  documents: [
    {
      docType: 'benefits-proposal-v3',
      boundingRegions: [{ pageNumber: 1, polygon: [0, 0, 8.5, 0, 8.5, 11, 0, 11] }],
      confidence: 0.98,
      spans: [{ offset: 0, length: 1200 }],
      fields: {
        dentalInsurance_carrierName: {
          type: 'string',
          valueString: 'Ameritas',
          content: 'Ameritas',
          boundingRegions: region(1, 1, 0.5),
          confidence: 0.962,
          spans: [{ offset: 0, length: 8 }],
        },
        dentalInsurance_effectiveDate: {
          type: 'date',
          valueDate: '2026-01-01',
          content: 'January 1, 2026',
          boundingRegions: region(1, 2, 1),
          confidence: 0.91,
        },
        visionInsurance_carrierName: { type: 'string', confidence: 0.31 },
        quoteNumber: { type: 'string', valueString: 'Q-1234', content: 'Q-1234', confidence: 0.99 },
        dentalInsurance_rateTiers: {
          type: 'array',
          valueArray: [
            {
              type: 'object',
              confidence: 0.88,
              valueObject: {
                rateTier: {
                  type: 'string',
                  valueString: 'Employee Only',
                  content: 'Employee Only',
                  boundingRegions: region(2, 1, 3),
                  confidence: 0.95,
                },
                class: {
                  type: 'string',
                  valueString: 'All Eligible Employees',
                  content: 'All Eligible Employees',
                },
                carrierMonthlyRate: {
                  type: 'currency',
                  valueCurrency: { amount: 34.18, currencySymbol: '$', currencyCode: 'USD' },
                  content: '$34.18',
                  boundingRegions: region(2, 5, 3),
                  confidence: 0.93,
                },
                columnTheCatalogueLacks: { type: 'string', content: 'x', confidence: 0.9 },
              },
            },
            {
              type: 'object',
              valueObject: { rateTier: { type: 'string', content: '—', confidence: 0.4 } },
            },
            {
              type: 'object',
              confidence: 0.8,
              valueObject: {
                rateTier: { type: 'string', content: 'Family', confidence: 0.94 },
                carrierMonthlyRate: { type: 'number', valueNumber: 101.5, confidence: 0.7 },
              },
            },
          ],
        },
        dentalInsurance_coveredServices: { type: 'array', valueArray: [] },
      },
    },
  ],
};

const expectedData = [
  {
    type: 'field',
    label: 'dentalInsurance_carrierName',
    value: 'Ameritas',
    score: 0.962,
    source: { page: 1, box: [72, 36, 144, 54] },
  },
  {
    type: 'field',
    label: 'dentalInsurance_effectiveDate',
    value: 'January 1, 2026',
    score: 0.91,
    source: { page: 1, box: [144, 72, 216, 90] },
  },
  {
    type: 'table',
    label: 'dentalInsurance_rateTiers',
    cells: [
      {
        label: 'dentalInsurance_rateTiers_class',
        value: 'All Eligible Employees',
        row: 0,
        col: 0,
        score: 0.88,
      },
      {
        label: 'dentalInsurance_rateTiers_rateTier',
        value: 'Employee Only',
        row: 0,
        col: 1,
        score: 0.95,
        source: { page: 2, box: [72, 216, 144, 234] },
      },
      {
        label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
        value: '$34.18',
        row: 0,
        col: 2,
        score: 0.93,
        source: { page: 2, box: [360, 216, 432, 234] },
      },
      { label: 'dentalInsurance_rateTiers_rateTier', value: 'Family', row: 1, col: 1, score: 0.94 },
      {
        label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
        value: '101.5',
        row: 1,
        col: 2,
        score: 0.7,
      },
    ],
  },
];

const resultPath = '/documentintelligence/documentModels/benefits-proposal-v3/analyzeResults/3b1c';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Step = (request: RecordedRequest, response: ServerResponse) => void;

/** A Document Intelligence service: 202 on submit, then one scripted answer per poll. */
async function startService(polls: Step[], submit?: Step): Promise<TestServer> {
  let poll = 0;
  const started = await startTestServer((request, response) => {
    if (request.method === 'POST') {
      if (submit) return submit(request, response);
      response.writeHead(202, {
        'Operation-Location': `${started.url}${resultPath}?api-version=${azureApiVersion}`,
        'apim-request-id': '3b1c',
      });
      response.end();
      return;
    }
    const step = polls[Math.min(poll, polls.length - 1)];
    poll += 1;
    step?.(request, response);
  });
  server = started;
  return started;
}

const running =
  (headers: Record<string, string> = {}): Step =>
  (_request, response) =>
    sendJson(
      response,
      200,
      { status: 'running', createdDateTime: '2026-01-05T10:00:00Z' },
      headers,
    );

const succeeded: Step = (_request, response) =>
  sendJson(response, 200, {
    status: 'succeeded',
    createdDateTime: '2026-01-05T10:00:00Z',
    lastUpdatedDateTime: '2026-01-05T10:00:04Z',
    analyzeResult,
  });

function provider(
  url: string,
  overrides: Partial<Parameters<typeof createAzureExtractionProvider>[0]> = {},
) {
  return createAzureExtractionProvider({
    endpoint: `${url}/`,
    key,
    proposalModelId: 'benefits-proposal-v3',
    certificateModelId: 'benefits-certificate-v1',
    pollIntervalMs: 10,
    timeoutMs: 5000,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('Azure Document Intelligence provider', () => {
  it('submits the bytes, polls while running (honouring Retry-After) and maps the result', async () => {
    const service = await startService([running({ 'Retry-After': '1' }), running(), succeeded]);

    const data = await provider(service.url).extract(proposal);

    expect(data).toEqual(expectedData);
    expect(parsedDataSchema.parse(data)).toEqual(data);

    const [submit, ...polls] = service.requests;
    expect(submit?.method).toBe('POST');
    expect(submit?.url).toBe(
      `/documentintelligence/documentModels/benefits-proposal-v3:analyze?api-version=${azureApiVersion}`,
    );
    expect(submit?.headers['ocp-apim-subscription-key']).toBe(key);
    expect(submit?.headers['content-type']).toBe('application/pdf');
    expect(new Uint8Array(submit?.body ?? [])).toEqual(pdfBytes);

    expect(polls.map((p) => `${p.method} ${p.url}`)).toEqual(
      Array(3).fill(`GET ${resultPath}?api-version=${azureApiVersion}`),
    );
    expect(polls.every((p) => p.headers['ocp-apim-subscription-key'] === key)).toBe(true);
    // Retry-After: 1 on the first poll, the 10 ms interval after the second.
    const gaps = polls.slice(1).map((p, i) => p.at - (polls[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeLessThan(500);
  });

  it('uses the model id of the upload, else the one configured for the document type', async () => {
    const service = await startService([succeeded]);
    const azure = provider(service.url);

    await azure.extract({ ...proposal, modelId: 'custom-model.2' });
    await azure.extract({ ...proposal, documentType: 'policyCertificate' });

    const submitted = service.requests.filter((r) => r.method === 'POST').map((r) => r.url);
    expect(submitted).toEqual([
      `/documentintelligence/documentModels/custom-model.2:analyze?api-version=${azureApiVersion}`,
      `/documentintelligence/documentModels/benefits-certificate-v1:analyze?api-version=${azureApiVersion}`,
    ]);
  });

  it('sends no request without a usable model id', async () => {
    const service = await startService([succeeded]);
    const azure = provider(service.url, { certificateModelId: undefined });

    const missing = await failure(
      azure.extract({ ...proposal, documentType: 'policyCertificate' }),
    );
    expect(missing.message).toBe('No extraction model is configured: set CERTIFICATE_MODEL_ID.');
    expect(missing.retryable).toBe(false);

    const invalid = await failure(azure.extract({ ...proposal, modelId: '../admin' }));
    expect(invalid.message).toContain('not a valid Document Intelligence model id');
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    {
      name: '401 (bad key)',
      status: 401,
      body: {
        error: {
          code: '401',
          message: 'Access denied due to invalid subscription key or wrong API endpoint.',
        },
      },
      message:
        'The extraction service refused the credentials (HTTP 401); check AZURE_DI_KEY and AZURE_DI_ENDPOINT. The service said: Access denied due to invalid subscription key or wrong API endpoint.',
      retryable: false,
    },
    {
      name: '404 (unknown model)',
      status: 404,
      body: {
        error: {
          code: 'NotFound',
          message: 'Resource not found.',
          innererror: { code: 'ModelNotFound', message: 'The requested model was not found.' },
        },
      },
      message: 'has no model "benefits-proposal-v3"',
      retryable: false,
    },
    {
      name: '400 (unsupported content)',
      status: 400,
      body: {
        error: {
          code: 'InvalidRequest',
          message: 'Invalid request.',
          innererror: {
            code: 'InvalidContent',
            message: 'The file is corrupted or format is unsupported.',
          },
        },
      },
      message:
        'rejected the request (HTTP 400). The service said: The file is corrupted or format is unsupported.',
      retryable: false,
    },
    {
      name: '429 (rate limited)',
      status: 429,
      body: { error: { code: '429', message: 'Rate limit is exceeded. Try again in 2 seconds.' } },
      message: 'The extraction service is busy (HTTP 429); try again later.',
      retryable: true,
    },
    {
      name: '500',
      status: 500,
      body: { error: { code: 'InternalServerError', message: 'An unexpected error occurred.' } },
      message: 'The extraction service failed (HTTP 500); try again later.',
      retryable: true,
    },
  ])(
    'turns a submission answered $name into an ExtractionError',
    async ({ status, body, message, retryable }) => {
      const service = await startService([succeeded], (_request, response) =>
        sendJson(response, status, body, status === 429 ? { 'Retry-After': '2' } : {}),
      );

      const error = await failure(provider(service.url).extract(proposal));

      expect(error.message).toContain(message);
      expect(error.retryable).toBe(retryable);
      expect(service.requests).toHaveLength(1);
    },
  );

  it.each([
    {
      error: {
        code: 'InvalidRequest',
        message: 'Invalid request.',
        innererror: {
          code: 'InvalidContent',
          message: 'The file is corrupted or format is unsupported.',
        },
      },
      message:
        'The extraction service could not read the document: The file is corrupted or format is unsupported.',
      retryable: false,
    },
    {
      error: { code: 'InternalServerError', message: 'An unexpected error occurred.' },
      message: 'The extraction service could not read the document: An unexpected error occurred.',
      retryable: true,
    },
  ])('reports a failed analysis ($error.code)', async ({ error, message, retryable }) => {
    const service = await startService([
      running(),
      (_request, response) => sendJson(response, 200, { status: 'failed', error }),
    ]);

    const thrown = await failure(provider(service.url).extract(proposal));

    expect(thrown.message).toBe(message);
    expect(thrown.retryable).toBe(retryable);
  });

  it('waits out a rate-limited poll and carries on', async () => {
    const service = await startService([
      (_request, response) =>
        sendJson(
          response,
          429,
          { error: { code: '429', message: 'Rate limit is exceeded.' } },
          { 'retry-after-ms': '30' },
        ),
      succeeded,
    ]);

    expect(await provider(service.url).extract(proposal)).toEqual(expectedData);
    expect(service.requests).toHaveLength(3);
  });

  it('fails retryably when a poll answers 503', async () => {
    const service = await startService([
      (_request, response) =>
        sendJson(response, 503, { error: { code: 'ServiceUnavailable', message: 'Busy.' } }),
    ]);

    const error = await failure(provider(service.url).extract(proposal));

    expect(error.message).toContain('(HTTP 503)');
    expect(error.retryable).toBe(true);
  });

  it('gives up retryably when the analysis never finishes', async () => {
    const service = await startService([running()]);

    const started = performance.now();
    const error = await failure(provider(service.url, { timeoutMs: 300 }).extract(proposal));

    expect(error.message).toBe(
      'The extraction service did not finish within 0.3 seconds; try again later.',
    );
    expect(error.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(service.requests.length).toBeGreaterThan(3);
  });

  it('gives up retryably when the service never answers the submission', async () => {
    const service = await startService([succeeded], () => {
      // holds the connection open without answering
    });

    const error = await failure(provider(service.url, { timeoutMs: 200 }).extract(proposal));

    expect(error.message).toContain('did not finish within 0.2 seconds');
    expect(error.retryable).toBe(true);
  });

  it('fails retryably without an Operation-Location', async () => {
    const service = await startService([succeeded], (_request, response) => {
      response.writeHead(202);
      response.end();
    });

    const error = await failure(provider(service.url).extract(proposal));

    expect(error.message).toContain('no Operation-Location');
    expect(error.retryable).toBe(true);
  });

  it('fails retryably when the service cannot be reached', async () => {
    const service = await startService([succeeded]);
    const url = service.url;
    await service.close();
    server = undefined;

    const error = await failure(provider(url).extract(proposal));

    expect(error.message).toMatch(/^Could not reach the extraction service \(ECONNREFUSED\)/u);
    expect(error.retryable).toBe(true);
  });

  it('stops polling when the caller aborts', async () => {
    const controller = new AbortController();
    const service = await startService([
      (request, response) => {
        running()(request, response);
        controller.abort();
      },
    ]);

    const error = await provider(service.url)
      .extract({ ...proposal, signal: controller.signal })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    const seen = service.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.requests.length).toBe(seen);
  });

  it('sends nothing when already aborted', async () => {
    const service = await startService([succeeded]);
    const error = await provider(service.url)
      .extract({ ...proposal, signal: AbortSignal.abort() })
      .catch((e: unknown) => e);

    expect((error as DOMException).name).toBe('AbortError');
    expect(service.requests).toHaveLength(0);
  });
});

describe('analyzeResultToParsedData', () => {
  it('keeps image coordinates in pixels and merges the documents of one result', () => {
    const result: AzureAnalyzeResult = {
      pages: [{ pageNumber: 1, unit: 'pixel' }],
      documents: [
        {
          fields: {
            visionInsurance_carrierName: {
              type: 'string',
              content: 'UnitedHealthcare',
              confidence: 0.6,
              boundingRegions: [{ pageNumber: 1, polygon: [100, 40, 380, 42, 379, 70, 99, 68] }],
            },
            visionInsurance_benefitFrequency: {
              type: 'array',
              valueArray: [
                { type: 'object', valueObject: { class: { type: 'string', content: 'Class 1' } } },
              ],
            },
          },
        },
        {
          fields: {
            visionInsurance_carrierName: { type: 'string', content: 'UHC', confidence: 0.4 },
            visionInsurance_benefitFrequency: {
              type: 'array',
              valueArray: [
                {
                  type: 'object',
                  valueObject: {
                    frame: { type: 'string', content: 'Every 24 months', confidence: 0.9 },
                  },
                },
              ],
            },
            // A table label on a field that is not an array is not a table.
            visionInsurance_rateTiers: {
              type: 'string',
              content: 'Family $20.00',
              confidence: 0.9,
            },
          },
        },
      ],
    };

    expect(analyzeResultToParsedData(result)).toEqual([
      {
        type: 'field',
        label: 'visionInsurance_carrierName',
        value: 'UnitedHealthcare',
        score: 0.6,
        source: { page: 1, box: [99, 40, 380, 70] },
      },
      {
        type: 'table',
        label: 'visionInsurance_benefitFrequency',
        cells: [
          {
            label: 'visionInsurance_benefitFrequency_class',
            value: 'Class 1',
            row: 0,
            col: 0,
            score: 0.5,
          },
          {
            label: 'visionInsurance_benefitFrequency_frame',
            value: 'Every 24 months',
            row: 1,
            col: 3,
            score: 0.9,
          },
        ],
      },
    ]);
  });

  it('gives nothing for a result without documents', () => {
    expect(analyzeResultToParsedData({})).toEqual([]);
  });
});
