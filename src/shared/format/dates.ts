/**
 * Dates as the spec shows them (§9): display timestamps in the America/New_York zone as
 * 'M/D/YY h:mm AM/PM'; list dates in the local date format; 'Invalid date' when unparseable.
 */

export const invalidDate = 'Invalid date';
export const displayTimeZone = 'America/New_York';

const timestampFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: displayTimeZone,
  year: '2-digit',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function parse(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** '1/5/25 3:07 PM' (America/New_York), or 'Invalid date'. */
export function formatTimestamp(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (date === undefined) return invalidDate;
  const parts = timestampFormat.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')} ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}

/** A list date in the local (or given) locale's date format, or 'Invalid date'. */
export function formatListDate(
  value: string | number | Date | null | undefined,
  locale?: string | string[],
): string {
  const date = parse(value);
  return date === undefined ? invalidDate : date.toLocaleDateString(locale);
}
