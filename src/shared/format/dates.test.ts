import { describe, expect, it } from 'vitest';
import { formatListDate, formatTimestamp, INVALID_DATE } from './dates.ts';

describe('formatTimestamp (America/New_York, M/D/YY h:mm AM/PM)', () => {
  it.each([
    ['2026-01-05T15:04:00Z', '1/5/26 10:04 AM'],
    ['2026-07-04T03:30:00Z', '7/3/26 11:30 PM'],
    ['2026-12-31T17:00:00.000Z', '12/31/26 12:00 PM'],
    ['2026-03-08T06:59:00Z', '3/8/26 1:59 AM'],
    ['2026-03-08T07:00:00Z', '3/8/26 3:00 AM'],
  ])('%s → %s', (iso, expected) => {
    expect(formatTimestamp(iso)).toBe(expected);
  });

  it.each([['not a date'], [''], [null], [undefined]])('%j → Invalid date', (value) => {
    expect(formatTimestamp(value)).toBe(INVALID_DATE);
  });
});

describe('formatListDate', () => {
  it('uses the given locale', () => {
    expect(formatListDate('2026-01-05T15:04:00Z', 'en-US')).toMatch(/^1\/5\/2026$/);
  });
  it('says Invalid date for junk', () => {
    expect(formatListDate('junk')).toBe(INVALID_DATE);
  });
});
