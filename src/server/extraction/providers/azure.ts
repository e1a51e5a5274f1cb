import { z } from 'zod';
import type { DocumentType } from '../../../shared/documents/document-types.ts';
import {
  fieldDefinition,
  fieldDefinitions,
  tableDefinition,
  tableDefinitions,
} from '../../../shared/fields/catalogue.ts';
import {
  buildFieldItem,
  buildTableItem,
  type ExtractedRow,
  type ExtractedValue,
} from '../../../shared/fields/catalogue-output.ts';
import type { ParsedData, ParsedField, Source } from '../../../shared/proposals/parsed-data.ts';
import { ExtractionError, type ExtractionInput, type ExtractionProvider } from '../provider.ts';
import {
  type Deadline,
  discard,
  errorDetail,
  type Fetch,
  retryAfterMs,
  startDeadline,
  statusError,
  underDeadline,
  wait,
} from './http.ts';

/**
 * Azure Document Intelligence (REST API v4) behind the extraction provider interface.
 *
 * The document's bytes are submitted to a custom extraction model, whose result is polled at the
 * Operation-Location the service answers with (honouring Retry-After) until it has succeeded or
 * failed. The model's fields are named after the catalogue: a field named as a single-field label
 * (`dentalInsurance_carrierName`) becomes a field item; an array field named as a table label
 * (`dentalInsurance_rateTiers`) whose items are objects keyed by column names becomes a table
 * item. See docs/decisions/0012-hosted-extraction.md.
 */

export const azureApiVersion = '2024-11-30';

export interface AzureExtractionOptions {
  /** AZURE_DI_ENDPOINT, e.g. https://my-resource.cognitiveservices.azure.com */
  endpoint: string;
  /** AZURE_DI_KEY */
  key: string;
  /** PROPOSAL_MODEL_ID: used for carrier proposals uploaded without a model id. */
  proposalModelId?: string;
  /** CERTIFICATE_MODEL_ID: used for policy certificates uploaded without a model id. */
  certificateModelId?: string;
  fetch?: Fetch;
  /** Wait between polls when the service gives no Retry-After (default 1 s). */
  pollIntervalMs?: number;
  /** Time allowed for one document, submission and polling together (default 5 min). */
  timeoutMs?: number;
}

/** Score of a value whose field carries no confidence. */
const unknownConfidence = 0.5;

const modelIdPattern = /^[a-zA-Z0-9][a-zA-Z0-9._~-]{1,63}$/u;

/** A field of an analysed document (AnalyzeResult.documents[].fields). */
export interface AzureDocumentField {
  type?: string | undefined;
  content?: string | undefined;
  valueString?: string | undefined;
  valueNumber?: number | undefined;
  valueInteger?: number | undefined;
  confidence?: number | undefined;
  boundingRegions?: Array<{ pageNumber: number; polygon?: number[] | undefined }> | undefined;
  valueArray?: AzureDocumentField[] | undefined;
  valueObject?: Record<string, AzureDocumentField> | undefined;
}

const documentFieldSchema: z.ZodType<AzureDocumentField> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    content: z.string().optional(),
    valueString: z.string().optional(),
    valueNumber: z.number().optional(),
    valueInteger: z.number().optional(),
    confidence: z.number().optional(),
    boundingRegions: z
      .array(z.object({ pageNumber: z.number(), polygon: z.array(z.number()).optional() }))
      .optional(),
    valueArray: z.array(documentFieldSchema).optional(),
    valueObject: z.record(z.string(), documentFieldSchema).optional(),
  }),
);

const analyzeResultSchema = z.object({
  pages: z
    .array(z.object({ pageNumber: z.number(), unit: z.string().optional() }))
    .optional()
    .default([]),
  documents: z
    .array(z.object({ fields: z.record(z.string(), documentFieldSchema).optional() }))
    .optional()
    .default([]),
});
export type AzureAnalyzeResult = z.input<typeof analyzeResultSchema>;

const operationSchema = z.object({
  status: z.string(),
  error: z
    .object({
      code: z.string().optional(),
      message: z.string().optional(),
      innererror: z
        .object({ code: z.string().optional(), message: z.string().optional() })
        .optional(),
    })
    .optional(),
  analyzeResult: analyzeResultSchema.optional(),
});

/** Error codes of a failed analysis that may pass when tried again. */
const transientCodes = /InternalServerError|ServiceUnavailable|Timeout|TooManyRequests/iu;

export function createAzureExtractionProvider(options: AzureExtractionOptions): ExtractionProvider {
  const fetchImpl = options.fetch ?? fetch;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const endpoint = options.endpoint.replace(/\/+$/u, '');
  const hints = { credentials: 'AZURE_DI_KEY and AZURE_DI_ENDPOINT' };

  function modelIdFor(input: ExtractionInput): string {
    const chosen = input.modelId?.trim() || configuredModelId(input.documentType);
    if (!chosen) {
      const variable =
        input.documentType === 'carrierProposal' ? 'PROPOSAL_MODEL_ID' : 'CERTIFICATE_MODEL_ID';
      throw new ExtractionError(`No extraction model is configured: set ${variable}.`);
    }
    if (!modelIdPattern.test(chosen)) {
      throw new ExtractionError(`"${chosen}" is not a valid Document Intelligence model id.`);
    }
    return chosen;
  }

  function configuredModelId(documentType: DocumentType): string | undefined {
    return documentType === 'carrierProposal'
      ? options.proposalModelId
      : options.certificateModelId;
  }

  async function submit(input: ExtractionInput, modelId: string, deadline: Deadline) {
    const url = `${endpoint}/documentintelligence/documentModels/${encodeURIComponent(modelId)}:analyze?api-version=${azureApiVersion}`;
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': options.key,
        'Content-Type': input.contentType || 'application/octet-stream',
      },
      // Uint8Array over a plain ArrayBuffer (fetch does not take SharedArrayBuffer views)
      body: input.bytes as Uint8Array<ArrayBuffer>,
      signal: deadline.signal,
    });
    if (!response.ok) {
      throw statusError(response.status, await errorDetail(response), {
        ...hints,
        notFound: `has no model "${modelId}"; check PROPOSAL_MODEL_ID, CERTIFICATE_MODEL_ID or the model id sent with the upload`,
      });
    }
    await discard(response);
    const location = response.headers.get('operation-location');
    if (!location) {
      throw new ExtractionError(
        'The extraction service accepted the document but did not say where to find the result (no Operation-Location); try again later.',
        { retryable: true },
      );
    }
    return { location, retryAfter: retryAfterMs(response.headers) };
  }

  async function poll(location: string, firstWait: number | undefined, deadline: Deadline) {
    let delay = firstWait ?? pollIntervalMs;
    for (;;) {
      await wait(delay, deadline.signal);
      const response = await fetchImpl(location, {
        headers: { 'Ocp-Apim-Subscription-Key': options.key },
        signal: deadline.signal,
      });
      delay = retryAfterMs(response.headers) ?? pollIntervalMs;
      if (response.status === 429) {
        await discard(response);
        continue;
      }
      if (!response.ok) throw statusError(response.status, await errorDetail(response), hints);
      const parsed = operationSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new ExtractionError(
          'The extraction service sent a result this app cannot read; try again later.',
          { retryable: true, cause: parsed.error },
        );
      }
      const operation = parsed.data;
      switch (operation.status) {
        case 'notStarted':
        case 'running':
          continue;
        case 'succeeded':
          return analyzeResultToParsedData(operation.analyzeResult ?? {});
        case 'failed': {
          const error = operation.error;
          const reason = error?.innererror?.message ?? error?.message ?? 'no reason given';
          const code = `${error?.code ?? ''} ${error?.innererror?.code ?? ''}`;
          throw new ExtractionError(
            `The extraction service could not read the document: ${reason}`,
            {
              retryable: transientCodes.test(code),
            },
          );
        }
        default:
          throw new ExtractionError(
            `The extraction service stopped the analysis (status ${operation.status}); try again later.`,
            { retryable: true },
          );
      }
    }
  }

  return {
    name: 'azure',
    async extract(input) {
      input.signal?.throwIfAborted();
      const modelId = modelIdFor(input);
      const deadline = startDeadline(timeoutMs, input.signal);
      return underDeadline(deadline, async () => {
        const { location, retryAfter } = await submit(input, modelId, deadline);
        return poll(location, retryAfter, deadline);
      });
    },
  };
}

/** Points per inch: PDF pages are measured in inches, parsed data in points. */
const pointsPerInch = 72;

function sourceOf(field: AzureDocumentField, units: Map<number, string>): Source | undefined {
  const region = field.boundingRegions?.[0];
  if (!region || !Number.isInteger(region.pageNumber) || region.pageNumber < 1) return undefined;
  const polygon = region.polygon ?? [];
  if (polygon.length < 4 || polygon.length % 2 !== 0) return { page: region.pageNumber };
  // Images are measured in pixels, which are kept as they are.
  const scale = units.get(region.pageNumber) === 'inch' ? pointsPerInch : 1;
  const xs = polygon.filter((_, i) => i % 2 === 0).map((x) => x * scale);
  const ys = polygon.filter((_, i) => i % 2 === 1).map((y) => y * scale);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    page: region.pageNumber,
    box: [
      round(Math.min(...xs)),
      round(Math.min(...ys)),
      round(Math.max(...xs)),
      round(Math.max(...ys)),
    ],
  };
}

/** The value as printed (`content`), else the typed value. */
function textOf(field: AzureDocumentField): string | undefined {
  if (field.content !== undefined) return field.content;
  if (field.valueString !== undefined) return field.valueString;
  const number = field.valueNumber ?? field.valueInteger;
  return number === undefined ? undefined : String(number);
}

function readValue(
  field: AzureDocumentField,
  units: Map<number, string>,
  fallbackScore = unknownConfidence,
): ExtractedValue | undefined {
  if (field.type === 'array' || field.type === 'object') return undefined;
  const value = textOf(field);
  if (value === undefined) return undefined;
  const source = sourceOf(field, units);
  return { value, score: field.confidence ?? fallbackScore, ...(source ? { source } : {}) };
}

/** Parsed data from a succeeded analysis: catalogue-named fields and tables, the rest ignored. */
export function analyzeResultToParsedData(result: AzureAnalyzeResult): ParsedData {
  const { pages, documents } = analyzeResultSchema.parse(result);
  const units = new Map(pages.map((p) => [p.pageNumber, p.unit ?? 'inch']));
  const bestFields = new Map<string, ParsedField>();
  const rowsByTable = new Map<string, ExtractedRow[]>();

  for (const document of documents) {
    for (const [name, field] of Object.entries(document.fields ?? {})) {
      if (fieldDefinition(name)?.kind === 'field') {
        const read = readValue(field, units);
        const item = read ? buildFieldItem(name, read) : null;
        const best = bestFields.get(name);
        if (item && (!best || item.score > best.score)) bestFields.set(name, item);
      } else if (tableDefinition(name) && field.type === 'array') {
        const rows = rowsByTable.get(name) ?? [];
        for (const row of field.valueArray ?? []) {
          const cells: ExtractedRow = {};
          for (const [column, cell] of Object.entries(row.valueObject ?? {})) {
            const read = readValue(cell, units, row.confidence ?? unknownConfidence);
            if (read) cells[column] = read;
          }
          rows.push(cells);
        }
        rowsByTable.set(name, rows);
      }
    }
  }

  const data: ParsedData = [];
  for (const field of fieldDefinitions) {
    const item = bestFields.get(field.label);
    if (item) data.push(item);
  }
  for (const table of tableDefinitions) {
    const item = buildTableItem(table, rowsByTable.get(table.label) ?? []);
    if (item) data.push(item);
  }
  return data;
}
