/**
 * Readers for values as printed in a proposal ("$1,500", "80%", "You pay 20%", "January 1, 2026").
 * Each returns undefined for anything it cannot read with confidence: a rule that cannot read a
 * value stays silent rather than raise a false alarm.
 */

import { durationNumberWords } from '../../format/number-words.ts';

/** Footnote marks at either end of a value (`*`, `**`, `†`, `‡`, `¹`…), which are not part of it. */
const footnoteMarks = /^[\s*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+|[\s*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+$/g;

/** Trims, drops footnote marks, unifies dashes and spaces, lower-cases. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFKC')
    .replace(footnoteMarks, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const moneyPattern = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/g;

function moneyAmount(match: RegExpMatchArray): number {
  const whole = Number((match[1] ?? '').replaceAll(',', ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) / 100 : 0;
  return whole + cents;
}

/**
 * A single dollar amount: "$1,500", "$34.18", "$1,000 per person", "$1,500 lifetime".
 * Undefined when the text holds no amount, several amounts, a percentage or other figures
 * ("$50 individual / $150 family", "$50 after 3 months").
 */
export function parseMoney(value: string): number | undefined {
  const text = normalizeText(value);
  const matches = [...text.matchAll(moneyPattern)];
  if (matches.length !== 1) return undefined;
  const match = matches[0]!;
  const rest = text.replace(match[0], ' ');
  if (/[\d%]/.test(rest)) return undefined;
  return moneyAmount(match);
}

/** A deductible: a dollar amount, or 0 for "None", "Waived", "$0". */
export function parseDeductible(value: string): number | undefined {
  const text = normalizeText(value);
  if (/^(?:none|waived|no deductible|\$?0(?:\.00)?)$/.test(text)) return 0;
  return parseMoney(text);
}

/** A benefit maximum: a dollar amount, or Infinity for "Unlimited", "No maximum", "None". */
export function parseMaximum(value: string): number | undefined {
  const text = normalizeText(value);
  if (/^(?:none|unlimited|no (?:annual |lifetime )?max(?:imum)?)$/.test(text)) {
    return Number.POSITIVE_INFINITY;
  }
  return parseMoney(text);
}

const percentNumber = '(-?\\d+(?:\\.\\d+)?)\\s?%';
const deductibleNote =
  '(?:,?\\s*(?:after (?:the )?deductible|\\(?deductible waived\\)?|\\(?no deductible\\)?|\\(after deductible\\)))?';
const planPaysPattern = new RegExp(
  `^(?:plan pays |covered at |paid at )?${percentNumber}(?: covered| paid| paid by (?:the )?plan)?${deductibleNote}$`,
);
const memberPaysPattern = new RegExp(
  `^(?:you|member|members|employee|employees|patient|insured) pays? ${percentNumber}${deductibleNote}$`,
);

/**
 * The share of the cost the plan pays, in percent, from a printed coverage level:
 * "80%" → 80, "80% after deductible" → 80, "You pay 20%" → 80 (a member-perspective value),
 * "Covered in full" → 100, "Not covered" → 0. Out-of-range figures are returned as read
 * ("120%" → 120) so a rule can flag them. Undefined for anything else ("$25 copay",
 * "50% after 12 months", "20% coinsurance", whose perspective is unclear).
 */
export function parseCoverage(value: string): number | undefined {
  const text = normalizeText(value);
  if (/^(?:covered in full|paid in full|covered at 100%|no charge|100% covered)$/.test(text)) {
    return 100;
  }
  if (/^(?:not covered|no coverage|not a covered (?:benefit|service)|excluded)$/.test(text)) {
    return 0;
  }
  const planPays = planPaysPattern.exec(text);
  if (planPays) return Number(planPays[1]);
  const memberPays = memberPaysPattern.exec(text);
  if (memberPays) return 100 - Number(memberPays[1]);
  return undefined;
}

/** A printed allowance in network: "$130 allowance", "$150 retail allowance; 20% off balance". */
export function parseAllowance(value: string): number | undefined {
  const text = normalizeText(value);
  const matches = [
    ...text.matchAll(/\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s+(?:retail\s+)?allowance/g),
  ];
  if (matches.length !== 1) return undefined;
  return moneyAmount(matches[0]!);
}

/** An out-of-network reimbursement: "Up to $45", "$45 reimbursement", "Reimbursed up to $45". */
export function parseReimbursement(value: string): number | undefined {
  const text = normalizeText(value);
  if (/^(?:(?:reimbursed )?up to \$[\d,.]+|\$[\d,.]+ (?:reimbursement|allowance))$/.test(text)) {
    return parseMoney(text);
  }
  return undefined;
}

/** A calendar date (no time zone). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const monthNames = new Map<string, number>(
  Object.entries({
    january: 1,
    jan: 1,
    february: 2,
    feb: 2,
    march: 3,
    mar: 3,
    april: 4,
    apr: 4,
    may: 5,
    june: 6,
    jun: 6,
    july: 7,
    jul: 7,
    august: 8,
    aug: 8,
    september: 9,
    sept: 9,
    sep: 9,
    october: 10,
    oct: 10,
    november: 11,
    nov: 11,
    december: 12,
    dec: 12,
  }),
);

function monthFromName(name: string): number | undefined {
  return monthNames.get(name.replace(/\.$/, ''));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function makeDate(year: number, month: number, day: number): CalendarDate | undefined {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) return undefined;
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

/**
 * A date as proposals print it: "01/01/2026", "1/1/26", "2026-01-01", "January 1, 2026",
 * "Jan. 1st, 2026", "1 January 2026", "January 2026" (the first of the month).
 * Undefined for anything else, or for a day that does not exist ("02/30/2026").
 */
export function parseDate(value: string): CalendarDate | undefined {
  const text = normalizeText(value).replace(/\s*,\s*/g, ', ');
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text);
  if (match) return makeDate(fullYear(match[3]!), Number(match[1]), Number(match[2]));
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return makeDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (match) {
    const month = monthFromName(match[1]!);
    return month ? makeDate(Number(match[3]), month, Number(match[2])) : undefined;
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+\.?),? (\d{4})$/.exec(text);
  if (match) {
    const month = monthFromName(match[2]!);
    return month ? makeDate(Number(match[3]), month, Number(match[1])) : undefined;
  }
  match = /^([a-z]+\.?),? (\d{4})$/.exec(text);
  if (match) {
    const month = monthFromName(match[1]!);
    return month ? makeDate(Number(match[2]), month, 1) : undefined;
  }
  return undefined;
}

/** Days since 1970-01-01 of a calendar date, to compare and subtract dates. */
export function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

/** The calendar date of an instant, in UTC. */
export function calendarDateOf(instant: Date): CalendarDate {
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
}

/** The day before the same date `months` later: the last day of a term of `months` months. */
export function endOfTerm(start: CalendarDate, months: number): CalendarDate {
  const end = new Date(Date.UTC(start.year, start.month - 1 + months, start.day - 1));
  return calendarDateOf(end);
}

/** A duration in months: "24 months", "2 years", "3-year", "Two years", "12 mos." */
export function parseDurationMonths(value: string): number | undefined {
  const text = normalizeText(value);
  const match = /^(\d+|[a-z-]+)[\s-]?(months?|mos?\.?|years?|yrs?\.?)$/.exec(text);
  if (!match) return undefined;
  const count = /^\d+$/.test(match[1]!) ? Number(match[1]) : durationNumberWords.get(match[1]!);
  if (count === undefined || count <= 0) return undefined;
  return match[2]!.startsWith('y') ? count * 12 : count;
}

/**
 * The rank of a coverage tier: 0 the employee alone, 1 the employee with one kind of dependant
 * (spouse, child or children, "+1"), 2 the family ("Family", "+2 or more", "Dependents").
 * Undefined for a tier it does not recognise.
 */
export function tierRank(name: string): 0 | 1 | 2 | undefined {
  const text = normalizeText(name)
    .replace(/&| and | with |\//g, ' + ')
    .replace(/\s*\+\s*/g, ' + ')
    .replace(/\b(?:only|coverage|tier)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (
    /\bfam(?:ily|ilies)?\b|\b(?:2|two) or more\b|\+ ?(?:2|two)\b|\bdependents?\b|\bdeps\b/.test(
      text,
    )
  ) {
    return 2;
  }
  if (/^(?:employee|ee|single|individual|subscriber|member|emp)$/.test(text)) return 0;
  if (
    /\b(?:spouse|sp|partner|domestic partner|dp|child|children|child\(ren\)|ch|kids?)\b|\+ ?(?:1|one)\b/.test(
      text,
    )
  ) {
    return 1;
  }
  return undefined;
}

/** The kind of a dental service type, from its title or label. */
export type ServiceCategory = 'preventive' | 'basic' | 'major' | 'orthodontic';

export function serviceCategory(title: string): ServiceCategory | undefined {
  const text = normalizeText(title);
  if (/orthodon/.test(text)) return 'orthodontic';
  if (/\bmajor\b/.test(text)) return 'major';
  if (/\b(?:basic|minor)\b/.test(text)) return 'basic';
  if (/\b(?:preventive|preventative|diagnostic)\b/.test(text)) return 'preventive';
  return undefined;
}
