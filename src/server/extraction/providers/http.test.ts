import { describe, expect, it } from 'vitest';
import { errorDetail, retryAfterMs, statusError } from './http.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-05T10:00:00Z');

  it.each([
    [{}, undefined],
    [{ 'Retry-After': '2' }, 2000],
    [{ 'Retry-After': '0' }, 0],
    [{ 'Retry-After': 'Mon, 05 Jan 2026 10:00:03 GMT' }, 3000],
    [{ 'Retry-After': 'Mon, 05 Jan 2026 09:00:00 GMT' }, 0],
    [{ 'Retry-After': 'soon' }, undefined],
    [{ 'retry-after-ms': '250', 'Retry-After': '2' }, 250],
    [{ 'x-ms-retry-after-ms': '40' }, 40],
    [{ 'retry-after-ms': 'x', 'Retry-After': '1' }, 1000],
  ])('%j → %j', (headers, expected) => {
    expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
  });
});

describe('errorDetail', () => {
  it.each([
    ['{"error":{"code":"401","message":"Access denied."}}', 'Access denied.'],
    [
      '{"error":{"code":"InvalidRequest","message":"Invalid request.","innererror":{"code":"InvalidContent","message":"The file is corrupted."}}}',
      'The file is corrupted.',
    ],
    ['{"error":"model not found"}', 'model not found'],
    ['{"message":"Bad gateway"}', 'Bad gateway'],
    ['upstream exploded', 'upstream exploded'],
    ['', undefined],
  ])('%s → %j', async (body, expected) => {
    expect(await errorDetail(new Response(body, { status: 500 }))).toBe(expected);
  });

  it('shortens a long body', async () => {
    const detail = await errorDetail(new Response('x'.repeat(1000), { status: 502 }));
    expect(detail).toHaveLength(301);
  });
});

describe('statusError', () => {
  const hints = { credentials: 'AZURE_DI_KEY', notFound: 'has no model "m"' };

  it.each([
    [401, false, 'refused the credentials (HTTP 401); check AZURE_DI_KEY.'],
    [403, false, 'refused the credentials (HTTP 403)'],
    [404, false, 'has no model "m" (HTTP 404).'],
    [400, false, 'rejected the request (HTTP 400).'],
    [413, false, 'rejected the request (HTTP 413).'],
    [408, true, 'failed (HTTP 408)'],
    [429, true, 'is busy (HTTP 429)'],
    [500, true, 'failed (HTTP 500)'],
    [503, true, 'failed (HTTP 503)'],
  ])('HTTP %i → retryable %s', (status, retryable, message) => {
    const error = statusError(status, undefined, hints);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toContain(message);
  });
});
