import { describe, expect, it } from 'vitest';
import { encodeCursor, parsePageRequest } from './pagination.ts';

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const id = '8b0bc95a-0a57-4e97-904b-f5296d270725';

describe('parsePageRequest', () => {
  it('reads back the cursor it wrote', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    expect(parsePageRequest({ before: encodeCursor(at, id), limit: '5' })).toEqual({
      limit: 5,
      before: { createdOn: at, id },
    });
  });

  it.each([
    ['year 0, which PostgreSQL has no room for', cursor(['0000-12-31T23:59:59.999Z', id])],
    ['an extended year past 9999', cursor(['+010000-01-01T00:00:00.000Z', id])],
    ['a date without a time', cursor(['2026-03-01', id])],
    ['an invalid date', cursor(['2026-13-45T00:00:00.000Z', id])],
    ['a number', cursor([0, id])],
    ['an id that is no UUID', cursor(['2026-03-01T12:00:00.000Z', "x' or 1=1"])],
    ['an object', cursor({ a: 1 })],
    ['not base64 JSON', '%%%'],
  ])('refuses a cursor with %s (400)', (_what, before) => {
    expect(() => parsePageRequest({ before })).toThrow(/before cursor is not valid/);
  });
});
