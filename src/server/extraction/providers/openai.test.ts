import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueJsonSchema, extractionRules } from '../../../shared/fields/catalogue-schema.ts';
import { parsedDataSchema } from '../../../shared/proposals/parsed-data.ts';
import { ExtractionError, type ExtractionInput } from '../provider.ts';
import {
  createOpenAIExtractionProvider,
  foundScore,
  normaliseText,
  notFoundScore,
} from './openai.ts';
import {
  type RecordedRequest,
  sendJson,
  startTestServer,
  type TestServer,
} from './test-http-server.ts';

const documentText = `Ameritas Group Dental Proposal
Prepared for: Lakeside Veterinary Group     Effective Date: January 1, 2026
Eligibility: All full-time employees working a minimum of 30 hours per week
Monthly Rates            Employee Only   $34.18
                         Family          $101.50
Rate guarantee: 24 months
Preventive (Type 1) – Exams, cleanings, X-rays     100%     100%`;

const answer = {
  dentalInsurance_carrierName: 'Ameritas',
  dentalInsurance_effectiveDate: 'January 1, 2026',
  visionInsurance_carrierName: '',
  visionInsurance_effectiveDate: '',
  dentalInsurance_planInformation: [
    {
      class: 'All Employees',
      classDefinition: 'All full-time employees working a minimum of 30 hours per week',
      contributionStructure: '',
      minimumHoursPerWeek: '30',
      planName: '',
      planType: '',
      contributionType: '',
      payCycle: '',
    },
  ],
  dentalInsurance_rateTiers: [
    {
      class: 'All Employees',
      rateTier: 'Employee Only',
      carrierMonthlyRate: '$34.18',
      rateGuaranteeTime: '24 months',
    },
    {
      class: 'All Employees',
      rateTier: 'Family',
      carrierMonthlyRate: '$101.50',
      rateGuaranteeTime: '24 months',
    },
  ],
  dentalInsurance_coveredServices: [],
  visionInsurance_planInformation: [],
  visionInsurance_benefitSummary: [],
  visionInsurance_benefitFrequency: [],
  visionInsurance_rateTiers: [],
};

const input: ExtractionInput = {
  bytes: new TextEncoder().encode('%PDF-1.7'),
  contentType: 'application/pdf',
  documentType: 'carrierProposal',
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Handler = (request: RecordedRequest, response: ServerResponse) => void;

async function startService(handler: Handler): Promise<TestServer> {
  server = await startTestServer(handler);
  return server;
}

function completion(content: string | null, extra: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-123',
    object: 'chat.completion',
    created: 1767225600,
    model: 'gpt-4.1-mini',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, ...extra },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 5200, completion_tokens: 300, total_tokens: 5500 },
  };
}

const answering =
  (content: string | null, extra?: Record<string, unknown>): Handler =>
  (_request, response) =>
    sendJson(response, 200, completion(content, extra));

function provider(
  url: string,
  overrides: Partial<Parameters<typeof createOpenAIExtractionProvider>[0]> = {},
) {
  return createOpenAIExtractionProvider({
    baseUrl: `${url}/v1/`,
    apiKey: 'sk-test',
    model: 'gpt-4.1-mini',
    readText: async () => documentText,
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

describe('OpenAI-compatible provider', () => {
  it('asks for JSON matching the catalogue schema and maps the answer to parsed data', async () => {
    const service = await startService(answering(JSON.stringify(answer)));
    const reads: ExtractionInput[] = [];

    const data = await provider(service.url, {
      readText: async (given) => {
        reads.push(given);
        return documentText;
      },
    }).extract(input);

    expect(reads).toEqual([input]);
    const [request] = service.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request?.body.toString('utf8') ?? '{}');
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'benefits_document_extraction',
        strict: true,
        schema: catalogueJsonSchema(),
      },
    });
    const [system, user] = body.messages;
    expect(system.role).toBe('system');
    for (const rule of extractionRules) expect(system.content).toContain(rule);
    expect(user.role).toBe('user');
    expect(user.content).toContain('Document type: carrier proposal.');
    expect(user.content).toContain(documentText);

    const found = foundScore;
    const invented = notFoundScore;
    expect(data).toEqual([
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Ameritas', score: found },
      {
        type: 'field',
        label: 'dentalInsurance_effectiveDate',
        value: 'January 1, 2026',
        score: found,
      },
      {
        type: 'table',
        label: 'dentalInsurance_planInformation',
        cells: [
          {
            label: 'dentalInsurance_planInformation_class',
            value: 'All Employees',
            row: 0,
            col: 0,
            score: invented,
          },
          {
            label: 'dentalInsurance_planInformation_classDefinition',
            value: 'All full-time employees working a minimum of 30 hours per week',
            row: 0,
            col: 1,
            score: found,
          },
          {
            label: 'dentalInsurance_planInformation_minimumHoursPerWeek',
            value: '30',
            row: 0,
            col: 3,
            score: found,
          },
        ],
      },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          {
            label: 'dentalInsurance_rateTiers_class',
            value: 'All Employees',
            row: 0,
            col: 0,
            score: invented,
          },
          {
            label: 'dentalInsurance_rateTiers_rateTier',
            value: 'Employee Only',
            row: 0,
            col: 1,
            score: found,
          },
          {
            label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
            value: '$34.18',
            row: 0,
            col: 2,
            score: found,
          },
          {
            label: 'dentalInsurance_rateTiers_rateGuaranteeTime',
            value: '24 months',
            row: 0,
            col: 4,
            score: found,
          },
          {
            label: 'dentalInsurance_rateTiers_class',
            value: 'All Employees',
            row: 1,
            col: 0,
            score: invented,
          },
          {
            label: 'dentalInsurance_rateTiers_rateTier',
            value: 'Family',
            row: 1,
            col: 1,
            score: found,
          },
          {
            label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
            value: '$101.50',
            row: 1,
            col: 2,
            score: found,
          },
          {
            label: 'dentalInsurance_rateTiers_rateGuaranteeTime',
            value: '24 months',
            row: 1,
            col: 4,
            score: found,
          },
        ],
      },
    ]);
    expect(parsedDataSchema.parse(data)).toEqual(data);
  });

  it('sends no Authorization header without a key and names the certificate type', async () => {
    const service = await startService(answering(JSON.stringify(answer)));

    await provider(service.url, { apiKey: undefined }).extract({
      ...input,
      documentType: 'policyCertificate',
    });

    const [request] = service.requests;
    expect(request?.headers.authorization).toBeUndefined();
    expect(JSON.parse(request?.body.toString('utf8') ?? '{}').messages[1].content).toContain(
      'Document type: policy certificate.',
    );
  });

  it('accepts an answer wrapped in a Markdown code fence', async () => {
    const service = await startService(answering(`\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``));
    const data = await provider(service.url).extract(input);
    expect(data.map((item) => item.label)).toContain('dentalInsurance_rateTiers');
  });

  it.each([
    {
      name: 'content that is not JSON',
      handler: answering('Here are the details: carrier Ameritas'),
      message: 'The extraction model’s answer is not valid JSON; try again later.',
      retryable: true,
    },
    {
      name: 'JSON that does not match the schema',
      handler: answering(
        JSON.stringify({ ...answer, dentalInsurance_rateTiers: 'Employee Only $34.18' }),
      ),
      message:
        'The extraction model’s answer does not match the extraction schema (dentalInsurance_rateTiers:',
      retryable: true,
    },
    {
      name: 'a refusal',
      handler: answering(null, { refusal: 'I cannot help with that.' }),
      message: 'The extraction model refused: I cannot help with that.',
      retryable: false,
    },
    {
      name: 'an empty answer',
      handler: answering(''),
      message: 'The extraction model gave an empty answer',
      retryable: true,
    },
    {
      name: 'an answer cut off at the length limit',
      handler: (_request: RecordedRequest, response: ServerResponse) => {
        const body = completion('{"dentalInsurance_carrierName": "Amer');
        sendJson(response, 200, {
          ...body,
          choices: [{ ...body.choices[0], finish_reason: 'length' }],
        });
      },
      message: 'cut off at its length limit',
      retryable: false,
    },
    {
      name: 'a body that is not a chat completion',
      handler: (_request: RecordedRequest, response: ServerResponse) =>
        sendJson(response, 200, { result: 'ok' }),
      message: 'not a chat completion',
      retryable: true,
    },
    {
      name: 'HTTP 401',
      handler: (_request: RecordedRequest, response: ServerResponse) =>
        sendJson(response, 401, {
          error: {
            message: 'Incorrect API key provided: sk-test.',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        }),
      message:
        'The extraction service refused the credentials (HTTP 401); check OPENAI_API_KEY and OPENAI_BASE_URL. The service said: Incorrect API key provided: sk-test.',
      retryable: false,
    },
    {
      name: 'HTTP 404 (unknown model)',
      handler: (_request: RecordedRequest, response: ServerResponse) =>
        sendJson(response, 404, {
          error: {
            message: 'The model `gpt-4.1-mini` does not exist.',
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        }),
      message: 'has no model "gpt-4.1-mini"',
      retryable: false,
    },
    {
      name: 'HTTP 400 (context too long)',
      handler: (_request: RecordedRequest, response: ServerResponse) =>
        sendJson(response, 400, {
          error: {
            message: "This model's maximum context length is 8192 tokens.",
            type: 'invalid_request_error',
            code: 'context_length_exceeded',
          },
        }),
      message:
        "rejected the request (HTTP 400). The service said: This model's maximum context length is 8192 tokens.",
      retryable: false,
    },
    {
      name: 'HTTP 429',
      handler: (_request: RecordedRequest, response: ServerResponse) =>
        sendJson(
          response,
          429,
          { error: { message: 'Rate limit reached.', type: 'requests' } },
          { 'Retry-After': '20' },
        ),
      message: 'The extraction service is busy (HTTP 429); try again later.',
      retryable: true,
    },
    {
      name: 'HTTP 500',
      handler: (_request: RecordedRequest, response: ServerResponse) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end('upstream exploded');
      },
      message:
        'The extraction service failed (HTTP 500); try again later. The service said: upstream exploded',
      retryable: true,
    },
  ])('fails on $name', async ({ handler, message, retryable }) => {
    const service = await startService(handler);

    const error = await failure(provider(service.url).extract(input));

    expect(error.message).toContain(message);
    expect(error.retryable).toBe(retryable);
  });

  it('gives up retryably when the model answers too slowly', async () => {
    const service = await startService((_request, response) => {
      setTimeout(() => sendJson(response, 200, completion(JSON.stringify(answer))), 1000);
    });

    const started = performance.now();
    const error = await failure(provider(service.url, { timeoutMs: 150 }).extract(input));

    expect(error.message).toBe(
      'The extraction service did not finish within 0.15 seconds; try again later.',
    );
    expect(error.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('stops the request when the caller aborts', async () => {
    const controller = new AbortController();
    const service = await startService(() => {
      controller.abort();
      // never answers
    });

    const error = await provider(service.url)
      .extract({ ...input, signal: controller.signal })
      .catch((e: unknown) => e);

    expect((error as DOMException).name).toBe('AbortError');
    expect(service.requests).toHaveLength(1);
  });

  it('sends nothing for a document without text, and lets the reader’s error through', async () => {
    const service = await startService(answering(JSON.stringify(answer)));

    const blank = await failure(
      provider(service.url, { readText: async () => ' \n ' }).extract(input),
    );
    expect(blank.message).toBe('No text found in this document.');
    expect(blank.retryable).toBe(false);

    const locked = new ExtractionError('This PDF is password-protected');
    const thrown = await provider(service.url, {
      readText: async () => {
        throw locked;
      },
    })
      .extract(input)
      .catch((e: unknown) => e);
    expect(thrown).toBe(locked);
    expect(service.requests).toHaveLength(0);
  });
});

describe('normaliseText', () => {
  it.each([
    ['Employee  +\nSpouse', 'employee + spouse'],
    ['2026–2027', '2026-2027'],
    ['“Covered in full”', '"covered in full"'],
    ['Employee’s share', "employee's share"],
    ['ﬁfty', 'fifty'],
  ])('%j → %j', (text, expected) => {
    expect(normaliseText(text)).toBe(expected);
  });
});
