/**
 * Effective Date is free text with the hint MM/DD/YYYY (spec §5: its validation is not shown).
 * The editor keeps whatever the broker typed and, when the text is not a date, shows
 * 'Invalid date' beside it (spec §5, §8 "Unparseable date").
 */
import { INVALID_DATE } from '../format/dates.ts';

export { INVALID_DATE };

const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function calendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * True when `text` is a calendar date written MM/DD/YYYY (M/D/YYYY too) or YYYY-MM-DD.
 * '02/30/2027' is not a date.
 */
export function isEffectiveDate(text: string): boolean {
  const t = text.trim();
  const us = usDate.exec(t);
  if (us) return calendarDate(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = isoDate.exec(t);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return false;
}

/** The hint beside an Effective Date input: 'Invalid date' for text that is not a date. */
export function effectiveDateHint(text: string): string | undefined {
  return text.trim() === '' || isEffectiveDate(text) ? undefined : INVALID_DATE;
}
