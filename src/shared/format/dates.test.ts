import { describe, expect, it } from 'vitest';
import { formatListDate, formatTimestamp } from './dates.ts';

describe('dates (spec §9)', () => {
  it.each([
    ['2025-01-05T20:07:00Z', '1/5/25 3:07 PM'], // EST, UTC-5
    ['2025-07-04T16:30:00Z', '7/4/25 12:30 PM'], // EDT, UTC-4
    ['2025-07-04T04:05:00Z', '7/4/25 12:05 AM'],
    ['2026-12-31T23:59:59.999Z', '12/31/26 6:59 PM'],
    ['2025-03-09T07:00:00Z', '3/9/25 3:00 AM'], // just after the spring change
  ])(
    '"Display timestamps use the America/New_York zone, formatted M/D/YY h:mm AM/PM": %s → %s',
    (iso, text) => {
      expect(formatTimestamp(iso)).toBe(text);
    },
  );

  it.each(['', 'not a date', '2025-13-45', null, undefined])(
    '"Unparseable date" %j → Invalid date',
    (value) => {
      expect(formatTimestamp(value)).toBe('Invalid date');
      expect(formatListDate(value)).toBe('Invalid date');
    },
  );

  it('"List dates use the local date format"', () => {
    const date = new Date(2025, 0, 5, 12);
    expect(formatListDate(date.toISOString())).toBe(date.toLocaleDateString());
    expect(formatListDate(date, 'en-GB')).toBe('05/01/2025');
    expect(formatListDate(date, 'en-US')).toBe('1/5/2025');
  });
});
