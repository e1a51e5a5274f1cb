/**
 * Display dates (spec §9): timestamps in America/New_York as M/D/YY h:mm AM/PM; list dates in
 * the browser's local date format. A date that cannot be parsed shows as 'Invalid date'.
 */
export const INVALID_DATE = 'Invalid date';

const timestampFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: '2-digit',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** '2026-01-05T15:04:00Z' → '1/5/26 10:04 AM' (America/New_York). */
export function formatTimestamp(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const parts = Object.fromEntries(
    timestampFormat.formatToParts(date).map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** A list date in the local date format (the browser's locale unless one is given). */
export function formatListDate(
  value: string | number | Date | null | undefined,
  locale?: string,
): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(locale) : INVALID_DATE;
}
