import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentArb } from '../shared/billing/testing/arbitraries.ts';
import { hashPassword } from './auth/secrets.ts';
import { checkIntegrity } from './services/integrity.ts';
import { LAYOUTS_FILE_FORMAT } from './services/learned-layouts.ts';
import { createTestApp, type TestContext, testBackends } from './test/backends.ts';
import { fixtureTruth, proposalFixture, storeReadDocument } from './test/documents.ts';
import {
  deepJson,
  expectSafeAnswer,
  minimalPdf,
  oddFileBytes,
  oddIdSegment,
  oddQuery,
  oddText,
  type RawPart,
  rawMultipart,
} from './test/hostile.ts';
import { multipartBody, tinyPng } from './test/multipart.ts';

/**
 * Every endpoint, fed malformed and oversized bodies, wrong content types, truncated multipart
 * streams, deep and huge JSON, invalid ids and odd Unicode: never a 5xx, never a stack trace or
 * a path in an answer, the security headers on every answer, and afterwards nothing half
 * written (every record whole, no staged bytes left behind).
 *
 * To fuzz a new endpoint, add it to `endpoints` below (one entry: its method, path and the
 * bodies worth sending it).
 */

const RUNS = Number(process.env.BD_FUZZ_RUNS ?? 150);
const MB = 1024 * 1024;

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Ids that exist once the run has created a few rows, so reads hit real rows too. */
const known = {
  clientIds: [] as string[],
  fileIds: [] as string[],
  documentIds: [] as string[],
  comparisonIds: [] as string[],
  /** Documents read (status done, revision ≥ 1): corrections reach storage on these. */
  readIds: [] as string[],
  /** The revision the read document is at (as the last accepted save answered). */
  revision: 1,
  layoutsImported: 0,
};
const knownId = (pick: () => string[]) =>
  fc.nat().map((n) => pick()[n % Math.max(1, pick().length)] ?? randomUUID());

const idSegment = (pick: () => string[]) => fc.oneof(oddIdSegment, knownId(pick));

const typeHeader = (type: string): Record<string, string> => (type ? { 'content-type': type } : {});

const jsonTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json\u0000',
  '',
  ';;;',
);

/** JSON-ish bodies: valid values, deep, huge, malformed, not UTF-8. */
const jsonPayload = (shaped: fc.Arbitrary<unknown>): fc.Arbitrary<string | Buffer> =>
  fc.oneof(
    { weight: 4, arbitrary: shaped.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 50, max: 200_000 }),
          fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
        )
        .map(([depth, kind]) => deepJson(depth, kind)),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(0.9, 1.1, 4.5)
        .map((mb) =>
          JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(mb * MB) }] }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        shaped.chain((v) => {
          const text = JSON.stringify(v) ?? 'null';
          return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut));
        }),
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          'NaN',
          '\uFEFF{}',
          '[1,]',
          '{"__proto__":{"x":1}}',
          'null',
          '"',
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from([0xff, 0xfe, ...a])),
    },
  );

const jsonRequests = (
  url: fc.Arbitrary<string>,
  shaped: fc.Arbitrary<unknown>,
): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    method: fc.constant('POST' as const),
    url,
    headers: fc.oneof(
      { weight: 3, arbitrary: fc.constant(typeHeader('application/json')) },
      { weight: 1, arbitrary: jsonTypes.map(typeHeader) },
    ),
    payload: jsonPayload(shaped),
  });

const boundaryArb = fc.oneof(
  fc.constant('----fuzzBoundary7MA4YWxk'),
  fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/),
);

/**
 * Multipart bodies built from `fields` (text) and an optional file part, then maybe broken:
 * cut short, announced with another boundary or none, a second file, too many or too long fields.
 */
const multipartRequests = (
  url: string,
  fields: fc.Arbitrary<Record<string, string>>,
  fileField: string,
  goodFile: Buffer,
) =>
  fc
    .record({
      fields,
      file: fc.option(
        fc.record({
          bytes: fc.oneof(
            { weight: 3, arbitrary: fc.constant({ data: goodFile, what: 'good' }) },
            { weight: 2, arbitrary: oddFileBytes },
          ),
          filename: fc.oneof(
            fc.constantFrom(
              'proposal.pdf',
              'logo.png',
              'x.docx',
              '../../etc/passwd',
              'a"b.pdf',
              '',
            ),
            oddText.map((s) => s.replace(/[\r\n"]/g, '').slice(0, 300)),
          ),
          contentType: fc.constantFrom(
            'application/pdf',
            'image/png',
            'text/html',
            'image/svg+xml',
            '',
          ),
          name: fc.oneof(
            { weight: 5, arbitrary: fc.constant(fileField) },
            { weight: 1, arbitrary: fc.constantFrom('other', 'file', 'logo', '') },
          ),
        }),
        { freq: 3 },
      ),
      boundary: boundaryArb,
      breakage: fc.constantFrom(
        'none',
        'none',
        'none',
        'none',
        'none',
        'none',
        'truncate',
        'wrong-boundary',
        'no-boundary',
        'second-file',
        'many-fields',
        'long-field',
        'garbage',
      ),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ fields: values, file, boundary, breakage, cut }): FuzzRequest => {
      const parts: RawPart[] = Object.entries(values).map(([name, value]) => ({
        name,
        data: Buffer.from(value),
      }));
      if (file) {
        parts.push({
          name: file.name,
          filename: file.filename,
          contentType: file.contentType,
          data: file.bytes.data,
        });
      }
      if (breakage === 'second-file') {
        parts.push({
          name: fileField,
          filename: 'again.png',
          contentType: 'image/png',
          data: tinyPng,
        });
      }
      if (breakage === 'many-fields') {
        for (let i = 0; i < 30; i++) parts.push({ name: `f${i}`, data: Buffer.from('x') });
      }
      if (breakage === 'long-field')
        parts.push({ name: 'notes', data: Buffer.alloc(70_000, 0x61) });
      let payload = rawMultipart(parts, boundary);
      if (breakage === 'truncate') payload = payload.subarray(0, Math.floor(payload.length * cut));
      if (breakage === 'garbage') payload = Buffer.from(`--${boundary}\r\n\u0000\u0000garbage`);
      const contentType =
        breakage === 'no-boundary'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${breakage === 'wrong-boundary' ? 'not-the-boundary' : boundary}`;
      return { method: 'POST', url, headers: { 'content-type': contentType }, payload };
    });

/** Non-JSON, non-multipart junk any POST may get. */
const junkRequests = (url: string): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constant(url),
    headers: jsonTypes.map(typeHeader),
    payload: fc.oneof(
      fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
      oddText,
      fc.constant(Buffer.alloc(2 * MB, 0x41)),
    ),
  });

const getRequests = (url: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    method: fc.constantFrom('GET' as const, 'HEAD' as const),
    url,
    headers: fc.constantFrom<Record<string, string>>(
      {},
      { accept: 'text/html' },
      { 'content-type': 'application/json' },
      { range: 'bytes=0-1' },
      { 'if-none-match': '*' },
    ),
  });

/** Other methods on a path: answered 404 or 405, never 5xx. */
const otherMethods = (url: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    method: fc.constantFrom(
      'PUT' as const,
      'DELETE' as const,
      'PATCH' as const,
      'OPTIONS' as const,
    ),
    url,
    headers: fc.constant(typeHeader('application/json')),
    payload: fc.constant('{}'),
  });

/**
 * Fields that are valid but for at most one: it is dropped or given odd text. Bodies that are
 * almost right reach deepest (past validation, into storage).
 */
function withOneOdd(valid: Record<string, fc.Arbitrary<string>>) {
  const names = Object.keys(valid);
  return fc
    .record({
      base: fc.record(valid),
      odd: fc.option(fc.tuple(fc.constantFrom(...names), fc.option(oddText, { freq: 5 })), {
        freq: 2,
      }),
    })
    .map(({ base, odd }) => {
      const fields: Record<string, string> = { ...base };
      if (odd) {
        const [name, value] = odd;
        if (value === null) delete fields[name];
        else fields[name] = value;
      }
      return fields;
    });
}

const uploadFields = withOneOdd({
  name: fc.constantFrom('Ameritas Dental', '  Lincoln 2026 ', 'Ωmega Δental'),
  documentType: fc.constantFrom('carrierProposal', 'policyCertificate'),
  modelId: fc.constantFrom('model-1', 'prebuilt-layout', ''),
  clientId: fc.oneof(
    fc.constant(''),
    knownId(() => known.clientIds),
    fc.uuid(),
  ),
});

/** Issue 14: ids lists for the comparison export, mostly of real proposals. */
const idsQuery = fc
  .record({
    ids: fc.array(
      fc.oneof(
        knownId(() => known.documentIds),
        fc.uuid(),
        oddText,
      ),
      { maxLength: 10 },
    ),
    baseline: fc.option(
      fc.oneof(
        knownId(() => known.documentIds),
        oddText,
      ),
    ),
    matching: fc.option(
      fc.oneof(
        fc.jsonValue().map((v) => JSON.stringify(v)),
        oddText,
      ),
    ),
    odd: fc.option(oddQuery),
  })
  .map(({ ids, baseline, matching, odd }) => {
    const q = new URLSearchParams({ ids: ids.join(',') });
    if (baseline !== null) q.set('baseline', baseline);
    if (matching !== null) q.set('matching', matching);
    return odd ? `${q.toString()}&${odd}` : q.toString();
  });

const comparisonBody = fc.oneof(
  fc.record(
    {
      name: fc.oneof(fc.constantFrom('Renewal 2026', '  '), oddText),
      clientId: fc.oneof(
        knownId(() => known.clientIds),
        fc.uuid(),
        oddText,
      ),
      documentIds: fc.oneof(
        fc.constant(null).map(() => known.documentIds.slice(0, 2)),
        fc.array(
          fc.oneof(
            knownId(() => known.documentIds),
            fc.uuid(),
            oddText,
          ),
          { maxLength: 10 },
        ),
      ),
      baselineId: fc.oneof(
        fc.constant(null),
        knownId(() => known.documentIds),
        oddText,
      ),
      classMatching: fc.oneof(
        fc.constant({}),
        fc.jsonValue(),
        knownId(() => known.documentIds).map((id) => ({ [id]: { 'Class 1': 'Class 2' } })),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

const documentLink = fc.oneof(
  fc.record({
    clientId: fc.oneof(
      knownId(() => known.clientIds),
      fc.uuid(),
      fc.constant(null),
    ),
  }),
  fc.record({ clientId: fc.oneof(oddText, fc.jsonValue()) }),
  fc.jsonValue(),
);

const clientFields = withOneOdd({
  name: fc.constantFrom('Acme Corp', 'Initech', 'Société Générale'),
  notes: fc.constantFrom('', 'Renewal in March', 'Line one\nLine two'),
});

const signInFields = withOneOdd({
  email: fc.constantFrom('admin@fuzz.example', 'nobody@fuzz.example', 'not an email'),
  password: fc.constantFrom('wrong password!', 'short', ''),
});
const inviteFields = withOneOdd({
  email: fc.constantFrom('new@fuzz.example', 'admin@fuzz.example', 'nope'),
  name: fc.constantFrom('New Person', ''),
  role: fc.constantFrom('broker', 'viewer', 'owner'),
});
const userChange = fc.oneof(
  fc.record({ role: fc.constantFrom('broker', 'viewer', 'root') }, { requiredKeys: [] }),
  fc.record({ disabled: fc.oneof(fc.boolean(), oddText) }, { requiredKeys: [] }),
  fc.jsonValue(),
);
const linkFields = withOneOdd({ password: fc.constantFrom('long enough password', 'short') });
/** A query value as a browser would send it (a lone surrogate goes as its raw UTF-8 bytes). */
const queryValue = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};
const asMethod =
  (method: FuzzRequest['method']) =>
  (request: FuzzRequest): FuzzRequest => ({ ...request, method });

const aiBody = fc.oneof(
  fc
    .tuple(
      fc.array(
        fc.record({
          role: fc.constantFrom('system', 'user', 'assistant'),
          content: fc.oneof(
            fc.constant('Review this proposal'),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      fc.option(
        fc.record({
          at: fc.nat(),
          field: fc.constantFrom('role', 'content'),
          value: fc.oneof(oddText, fc.jsonValue()),
        }),
        { freq: 3 },
      ),
    )
    .map(([messages, odd]) => {
      if (odd) {
        const message = messages[odd.at % messages.length] as Record<string, unknown>;
        message[odd.field] = odd.value;
      }
      return { messages };
    }),
  fc.record({ messages: fc.jsonValue() }),
  fc
    .array(fc.constant({ role: 'user', content: 'x' }), { minLength: 51, maxLength: 60 })
    .map((messages) => ({ messages })),
);

/** Billing saves: valid documents for real clients, with one part made odd, or junk. */
const billingBody = fc.oneof(
  fc.record(
    {
      clientId: fc.oneof(
        { weight: 3, arbitrary: knownId(() => known.clientIds) },
        { weight: 1, arbitrary: fc.oneof(fc.uuid(), oddText) },
      ),
      classes: fc.oneof(
        { weight: 3, arbitrary: billingDocumentArb as fc.Arbitrary<unknown> },
        { weight: 1, arbitrary: fc.jsonValue() },
        {
          weight: 1,
          arbitrary: billingDocumentArb.chain((classes) =>
            fc
              .record({ path: fc.nat(), value: fc.oneof(oddText, fc.jsonValue()) })
              .map(({ path, value }) => {
                // One value somewhere inside the document replaced by an odd one.
                const copy = JSON.parse(JSON.stringify(classes));
                const holders: Array<Record<string, unknown>> = [];
                const walk = (v: unknown) => {
                  if (v && typeof v === 'object') {
                    holders.push(v as Record<string, unknown>);
                    for (const child of Object.values(v)) walk(child);
                  }
                };
                walk(copy);
                const holder = holders[path % Math.max(1, holders.length)];
                const keys = holder ? Object.keys(holder) : [];
                if (holder && keys.length) holder[keys[path % keys.length]!] = value;
                return copy;
              }),
          ),
        },
        { weight: 1, arbitrary: fc.constant(Array.from({ length: 30_000 }, () => ({}))) },
      ),
      revision: fc.oneof(
        { weight: 4, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.nat({ max: 3 }) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, 2 ** 53, '1', null) },
      ),
    },
    { requiredKeys: ['clientId', 'classes'] },
  ),
  fc.jsonValue(),
);

/** A document's data with one value made odd, or junk: corrections that reach the checks. */
const truth = fixtureTruth('dev01-ameritas-dental-proposal.pdf');
const correctionsBody = fc.oneof(
  fc.record(
    {
      data: fc.oneof(
        { weight: 3, arbitrary: fc.constant(truth as unknown) },
        { weight: 1, arbitrary: fc.jsonValue() },
        {
          weight: 2,
          arbitrary: fc
            .record({ path: fc.nat(), value: fc.oneof(oddText, fc.jsonValue()) })
            .map(({ path, value }) => {
              const copy = JSON.parse(JSON.stringify(truth));
              const holders: Array<Record<string, unknown>> = [];
              const walk = (v: unknown) => {
                if (v && typeof v === 'object') {
                  holders.push(v as Record<string, unknown>);
                  for (const child of Object.values(v)) walk(child);
                }
              };
              walk(copy);
              const holder = holders[path % Math.max(1, holders.length)];
              const keys = holder ? Object.keys(holder) : [];
              if (holder && keys.length) holder[keys[path % keys.length]!] = value;
              return copy;
            }),
        },
      ),
      revision: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0).map(() => known.revision) },
        { weight: 1, arbitrary: fc.nat({ max: 6 }) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, 2 ** 53, '1', null) },
      ),
    },
    { requiredKeys: ['data'] },
  ),
  fc.jsonValue(),
);

/** A valid learned layout (the smallest the import accepts), among junk ones. */
const smallTemplate = {
  version: 1,
  documentType: 'carrierProposal',
  format: 'pdf',
  name: 'Acme Dental — Proposal',
  fingerprint: { shapes: { 'plan summary': 1 }, tokens: { plan: 1, summary: 1 } },
  fields: [{ label: 'dentalInsurance_carrierName', value: 'Acme Dental' }],
  tables: [],
  removedFields: [],
};
const layoutsFileBody = fc.oneof(
  fc.record(
    {
      format: fc.constantFrom(LAYOUTS_FILE_FORMAT, 'benefits-desk/other', ''),
      version: fc.constantFrom(1, 2, '1', null),
      layouts: fc.array(
        fc.record(
          {
            name: fc.oneof(fc.constant('Acme layout'), fc.string({ maxLength: 20 })),
            taughtFrom: fc.string({ maxLength: 20 }),
            template: fc.oneof(
              { weight: 2, arbitrary: fc.constant(smallTemplate) },
              {
                weight: 1,
                arbitrary: fc
                  .constantFrom('version', 'documentType', 'fingerprint', 'fields', 'name')
                  .chain((key) => fc.jsonValue().map((v) => ({ ...smallTemplate, [key]: v }))),
              },
              { weight: 1, arbitrary: fc.jsonValue() },
            ),
          },
          { requiredKeys: ['template'] },
        ),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: ['format'] },
  ),
  fc.jsonValue(),
);

const documentPath = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant('carrierProposals') },
      { weight: 1, arbitrary: fc.constant('policyCertificates') },
    ),
    fc.oneof(
      { weight: 3, arbitrary: knownId(() => known.readIds) },
      { weight: 1, arbitrary: idSegment(() => known.documentIds) },
    ),
  )
  .map(([collection, id]) => `/api/documents/${collection}/${id}`);

/** A page or revision segment: a likely number, or odd text. */
const numberSegment = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 4 }).map(String) },
  { weight: 1, arbitrary: oddIdSegment },
);

interface Endpoint {
  name: string;
  requests: fc.Arbitrary<FuzzRequest>;
}

const lists = [
  '/api/clients',
  '/api/documents/carrierProposals',
  '/api/documents/policyCertificates',
  '/api/comparisons',
];

const withMethod =
  (method: FuzzRequest['method']) =>
  (request: FuzzRequest): FuzzRequest => ({ ...request, method });

const endpoints: Endpoint[] = [
  { name: 'GET /api/health', requests: getRequests(fc.constant('/api/health')) },
  { name: 'GET /api/config', requests: getRequests(fc.constant('/api/config')) },
  ...lists.map((list) => ({
    name: `GET ${list}`,
    requests: getRequests(oddQuery.map((q) => (q ? `${list}?${q}` : list))),
  })),
  {
    name: 'GET /api/clients/:id',
    requests: getRequests(idSegment(() => known.clientIds).map((id) => `/api/clients/${id}`)),
  },
  ...lists.slice(1, 3).map((list) => ({
    name: `GET ${list}/:id`,
    requests: getRequests(idSegment(() => known.documentIds).map((id) => `${list}/${id}`)),
  })),
  ...lists.slice(1, 3).map((list) => ({
    name: `PATCH ${list}/:id`,
    requests: jsonRequests(
      idSegment(() => known.documentIds).map((id) => `${list}/${id}`),
      documentLink,
    ).map(withMethod('PATCH')),
  })),
  ...lists.slice(1, 3).map((list) => ({
    name: `GET ${list}/:id/client-suggestion`,
    requests: getRequests(
      idSegment(() => known.documentIds).map((id) => `${list}/${id}/client-suggestion`),
    ),
  })),
  ...['xlsx', 'csv'].map((format) => ({
    name: `GET /api/comparisons/export.${format}`,
    requests: getRequests(idsQuery.map((q) => `/api/comparisons/export.${format}?${q}`)),
  })),
  {
    name: 'GET /api/comparisons/:id',
    requests: getRequests(
      idSegment(() => known.comparisonIds).map((id) => `/api/comparisons/${id}`),
    ),
  },
  {
    name: 'POST /api/comparisons',
    requests: fc.oneof(
      { weight: 4, arbitrary: jsonRequests(fc.constant('/api/comparisons'), comparisonBody) },
      { weight: 1, arbitrary: junkRequests('/api/comparisons') },
    ),
  },
  {
    name: 'PUT /api/comparisons/:id',
    requests: jsonRequests(
      idSegment(() => known.comparisonIds).map((id) => `/api/comparisons/${id}`),
      comparisonBody,
    ).map(withMethod('PUT')),
  },
  {
    name: 'DELETE /api/comparisons/:id',
    requests: fc.record({
      method: fc.constant('DELETE' as const),
      url: idSegment(() => known.comparisonIds).map((id) => `/api/comparisons/${id}`),
      headers: fc.constantFrom<Record<string, string>>({}, typeHeader('application/json')),
    }),
  },
  {
    name: 'GET /api/files/:id',
    requests: getRequests(idSegment(() => known.fileIds).map((id) => `/api/files/${id}`)),
  },
  {
    name: 'POST /api/clients/createClient',
    requests: fc.oneof(
      {
        weight: 4,
        arbitrary: multipartRequests('/api/clients/createClient', clientFields, 'logo', tinyPng),
      },
      {
        weight: 1,
        arbitrary: jsonRequests(fc.constant('/api/clients/createClient'), clientFields),
      },
      { weight: 1, arbitrary: junkRequests('/api/clients/createClient') },
    ),
  },
  {
    name: 'POST /api/upload-document',
    requests: fc.oneof(
      {
        weight: 4,
        arbitrary: multipartRequests('/api/upload-document', uploadFields, 'file', minimalPdf()),
      },
      { weight: 1, arbitrary: jsonRequests(fc.constant('/api/upload-document'), uploadFields) },
      { weight: 1, arbitrary: junkRequests('/api/upload-document') },
    ),
  },
  {
    name: 'POST /api/ai',
    requests: fc.oneof(
      { weight: 4, arbitrary: jsonRequests(fc.constant('/api/ai'), aiBody) },
      { weight: 1, arbitrary: junkRequests('/api/ai') },
    ),
  },
  {
    name: 'POST /api/clients/updateBillingParameters',
    requests: fc.oneof(
      {
        weight: 4,
        arbitrary: jsonRequests(fc.constant('/api/clients/updateBillingParameters'), billingBody),
      },
      { weight: 1, arbitrary: junkRequests('/api/clients/updateBillingParameters') },
    ),
  },
  ...['/api/session', '/api/users', '/api/audit/export.csv'].map((url) => ({
    name: `GET ${url}`,
    requests: getRequests(oddQuery.map((q) => (q ? `${url}?${q}` : url))),
  })),
  {
    name: 'GET /api/audit',
    requests: getRequests(
      fc
        .tuple(fc.constantFrom('clientId', 'documentId', 'userId', 'limit', 'before'), oddText)
        .map(([k, v]) => `/api/audit?${k}=${queryValue(v)}`),
    ),
  },
  {
    name: 'POST /api/session (sign-in)',
    requests: fc.oneof(
      { weight: 4, arbitrary: jsonRequests(fc.constant('/api/session'), signInFields) },
      { weight: 1, arbitrary: junkRequests('/api/session') },
    ),
  },
  {
    name: 'GET and POST /api/links/:token',
    requests: fc.oneof(
      getRequests(oddIdSegment.map((t) => `/api/links/${t}`)),
      jsonRequests(
        oddIdSegment.map((t) => `/api/links/${t}`),
        linkFields,
      ),
    ),
  },
  {
    name: 'POST /api/users, PATCH /api/users/:id, POST /api/users/:id/reset',
    requests: fc.oneof(
      jsonRequests(fc.constant('/api/users'), inviteFields),
      jsonRequests(
        oddIdSegment.map((id) => `/api/users/${id}`),
        userChange,
      ).map(asMethod('PATCH')),
      jsonRequests(
        oddIdSegment.map((id) => `/api/users/${id}/reset`),
        fc.jsonValue(),
      ),
      junkRequests('/api/users'),
    ),
  },
  {
    name: 'GET /api/auth/oidc/* (not set up)',
    requests: getRequests(
      oddQuery.map((q) => `/api/auth/oidc/${q.length % 2 ? 'start' : 'callback'}?${q}`),
    ),
  },
  {
    name: 'PUT /api/documents/{type}/:id/data',
    requests: fc.oneof(
      {
        weight: 4,
        arbitrary: jsonRequests(
          documentPath.map((p) => `${p}/data`),
          correctionsBody,
        ).map(asMethod('PUT')),
      },
      {
        weight: 1,
        arbitrary: junkRequests('/api/documents/carrierProposals/x/data').map(asMethod('PUT')),
      },
    ),
  },
  {
    name: 'PUT /api/documents/{type}/:id/reviewed',
    requests: jsonRequests(
      documentPath.map((p) => `${p}/reviewed`),
      fc.oneof(fc.record({ reviewed: fc.oneof(fc.boolean(), fc.jsonValue()) }), fc.jsonValue()),
    ).map(asMethod('PUT')),
  },
  {
    name: 'GET /api/documents/{type}/:id/revisions[/:revision]',
    requests: getRequests(
      fc
        .tuple(documentPath, fc.option(numberSegment))
        .map(([p, n]) => (n === null ? `${p}/revisions` : `${p}/revisions/${n}`)),
    ),
  },
  {
    name: 'POST /api/documents/{type}/:id/revisions/:revision/restore',
    requests: jsonRequests(
      fc.tuple(documentPath, numberSegment).map(([p, n]) => `${p}/revisions/${n}/restore`),
      fc.oneof(
        fc.record({ revision: fc.oneof(fc.nat({ max: 6 }), fc.jsonValue()) }),
        fc.jsonValue(),
      ),
    ),
  },
  {
    name: 'POST /api/documents/{type}/:id/read-again',
    requests: jsonRequests(
      documentPath.map((p) => `${p}/read-again`),
      fc.jsonValue(),
    ),
  },
  {
    name: 'GET /api/documents/{type}/:id/pages[/:n.png|/:n/words]',
    requests: getRequests(
      fc
        .tuple(
          documentPath,
          fc.option(fc.tuple(numberSegment, fc.constantFrom('.png', '/words', '.jpg', ''))),
        )
        .map(([p, page]) => (page ? `${p}/pages/${page[0]}${page[1]}` : `${p}/pages`)),
    ),
  },
  {
    name: 'GET /api/layouts',
    requests: getRequests(fc.constantFrom('/api/layouts', '/api/layouts/export')),
  },
  {
    name: 'DELETE /api/layouts/:id',
    requests: fc.record({
      method: fc.constant('DELETE' as const),
      url: fc.oneof(oddIdSegment, fc.uuid()).map((id) => `/api/layouts/${id}`),
      headers: fc.constantFrom<Record<string, string>>({}, typeHeader('application/json')),
    }),
  },
  {
    name: 'POST /api/layouts/import',
    requests: fc.oneof(
      { weight: 4, arbitrary: jsonRequests(fc.constant('/api/layouts/import'), layoutsFileBody) },
      { weight: 1, arbitrary: junkRequests('/api/layouts/import') },
    ),
  },
  {
    name: 'other methods and paths',
    requests: otherMethods(
      fc.oneof(
        fc.constantFrom(...lists, '/api/health', '/api/ai', '/api/upload-document', '/api/files/x'),
        oddIdSegment.map((s) => `/api/${s}`),
      ),
    ),
  },
];

/** Sends the first `sendBytes` of a multipart body (announced whole) and closes the socket. */
async function sendAndHangUp(
  port: number,
  url: string,
  boundary: string,
  body: Buffer,
  sendBytes: number,
  cookie: string,
): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, Math.min(sendBytes, body.length - 1)));
  await new Promise((r) => setTimeout(r, 20));
  socket.destroy();
}

const FUZZ_PASSWORD = 'a fuzzing admin password';

describe.each(testBackends())('every endpoint under hostile input, on $name', (backend) => {
  let t: TestContext;
  const session = { cookie: '' };
  const tally = {
    requests: 0,
    billingSaves: 0,
    corrections: 0,
    byStatus: new Map<number, number>(),
  };
  let lastError: unknown;
  beforeAll(async () => {
    known.clientIds = [];
    known.fileIds = [];
    known.documentIds = [];
    known.comparisonIds = [];
    known.readIds = [];
    known.revision = 1;
    known.layoutsImported = 0;
    // Sign-in is on (AUTH=local): every request carries an admin's session, so every route is
    // reached past the guard (and the sign-in routes themselves are fuzzed).
    t = await createTestApp(backend, {
      maxUploadBytes: 1 * MB,
      extraction: {},
      auth: { mode: 'local', times: { idleMs: 3_600_000, maxMs: 86_400_000 } },
    });
    // What failed inside, to name it when an answer is a 5xx.
    t.app.addHook('onError', async (_request, _reply, error) => {
      lastError = error;
    });
    await t.db.query(
      `insert into users (id, email, name, role, password_hash)
       values (gen_random_uuid(), 'admin@fuzz.example', 'Fuzz Admin', 'admin', $1)`,
      [await hashPassword(FUZZ_PASSWORD)],
    );
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'admin@fuzz.example', password: FUZZ_PASSWORD },
    });
    session.cookie = `bd_session=${signedIn.cookies.find((c) => c.name === 'bd_session')?.value}`;
    // A few real rows, so id routes are also fuzzed against things that exist.
    const png = await multipartBody({
      name: 'Seed client',
      logo: { fileName: 'logo.png', type: 'image/png', data: tinyPng },
    });
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/clients/createClient',
      ...png,
      headers: { ...png.headers, cookie: session.cookie },
    });
    known.clientIds.push(client.json().sanityId);
    for (let i = 0; i < 2; i++) {
      const pdf = await multipartBody({
        name: `Seed proposal ${i + 1}`,
        documentType: 'carrierProposal',
        file: { fileName: 'p.pdf', type: 'application/pdf', data: minimalPdf() },
      });
      const doc = await t.app.inject({
        method: 'POST',
        url: '/api/upload-document',
        ...pdf,
        headers: { ...pdf.headers, cookie: session.cookie },
      });
      known.documentIds.push(doc.json().id);
    }
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/comparisons',
      headers: { cookie: session.cookie },
      payload: {
        name: 'Seed comparison',
        clientId: known.clientIds[0],
        documentIds: known.documentIds.slice(0, 2),
      },
    });
    known.comparisonIds.push(saved.json().id);
    const read = await storeReadDocument(t.db, t.files, {
      bytes: proposalFixture('dev01-ameritas-dental-proposal.pdf'),
      data: truth,
    });
    known.documentIds.push(read);
    known.readIds.push(read);
    const { rows } = await t.db.query<{ id: string }>('select id from files');
    known.fileIds.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    console.info(
      `[fuzz on ${backend.name}] ${tally.requests} requests (${tally.billingSaves} billing saves and ${tally.corrections} corrections accepted); statuses ${JSON.stringify(Object.fromEntries([...tally.byStatus].sort()))}`,
    );
    await t.close();
  });

  async function send(request: FuzzRequest) {
    const res = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, cookie: session.cookie },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    tally.requests += 1;
    tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
    const inside =
      res.statusCode >= 500
        ? ` [inside: ${String((lastError as Error)?.stack ?? lastError).slice(0, 600)}]`
        : '';
    lastError = undefined;
    const what = `${request.method} ${request.url.slice(0, 120)} (${request.headers['content-type'] ?? 'no type'}, ${request.payload?.length ?? 0} bytes)${inside}`;
    expectSafeAnswer(res, what, request.method);
    if (res.statusCode === 201 && request.url === '/api/clients/createClient') {
      known.clientIds.push(res.json().sanityId);
    }
    if (res.statusCode === 200 && request.url === '/api/clients/updateBillingParameters') {
      tally.billingSaves += 1;
    }
    if (res.statusCode === 200 && request.method === 'PUT' && request.url.endsWith('/data')) {
      tally.corrections += 1;
      known.revision = Math.max(known.revision, res.json().revision);
    }
    if (res.statusCode === 200 && request.url.endsWith('/restore')) {
      known.revision = Math.max(known.revision, res.json().revision);
    }
    if (res.statusCode === 201 && request.url === '/api/upload-document') {
      known.documentIds.push(res.json().id);
    }
    if (res.statusCode === 201 && request.url === '/api/comparisons') {
      known.comparisonIds.push(res.json().id);
    }
    if (res.statusCode === 200 && request.url === '/api/layouts/import') {
      known.layoutsImported += res.json().imported;
    }
    return res;
  }

  it.each(endpoints)('$name', async ({ requests }) => {
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        await send(request);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps nothing of uploads whose client hangs up midway', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await checkIntegrity(t.db, t.files);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/upload-document', '/api/clients/createClient'),
        fc.integer({ min: 1, max: 400_000 }),
        async (url, sendBytes) => {
          const boundary = 'hangUpBoundary';
          const file = Buffer.concat([minimalPdf(), Buffer.alloc(500_000, 0x20)]);
          const body = rawMultipart(
            [
              { name: 'name', data: Buffer.from('Cut short') },
              { name: 'documentType', data: Buffer.from('carrierProposal') },
              {
                name: url.endsWith('createClient') ? 'logo' : 'file',
                filename: 'cut.pdf',
                contentType: 'application/pdf',
                data: file,
              },
            ],
            boundary,
          );
          await sendAndHangUp(Number(port), url, boundary, body, sendBytes, session.cookie);
        },
      ),
      { numRuns: 12 },
    );
    // The server has noticed every hang-up once the staged files are gone.
    const tmp = path.join(t.filesDir, 'tmp');
    for (let i = 0; i < 50 && readdirSync(tmp).length; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(tmp)).toEqual([]);
    const after = await checkIntegrity(t.db, t.files);
    expect(after.counts).toEqual(before.counts);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('leaves nothing half written', async () => {
    const report = await checkIntegrity(t.db, t.files, { verifyBytes: true, checkJobs: true });
    expect(report.problems).toEqual([]);
    // Every file record belongs to a document or a client logo: none is left over by a refusal.
    const { rows: orphans } = await t.db.query(
      `select f.id from files f
       where not exists (select 1 from documents d where d.file_id = f.id)
         and not exists (select 1 from clients c where c.logo_file_id = f.id)`,
    );
    expect(orphans).toEqual([]);
    // Every created row was answered 201 (and the other way round).
    expect(report.counts.clients).toBe(known.clientIds.length);
    expect(report.counts.documents).toBe(known.documentIds.length);
    // Every learned layout stored came from an import answered 200.
    const { rows: layouts } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from learned_layouts',
    );
    expect(layouts[0]!.n).toBe(known.layoutsImported);
    // No staged upload was left behind.
    expect(readdirSync(path.join(t.filesDir, 'tmp'))).toEqual([]);
  });
});
