import { type Finding, finding, productWord, type Rule } from './finding.ts';
import { cellValue, readProposal } from './proposal-view.ts';
import { calendarDateOf, dayNumber, endOfTerm, parseDate, parseDurationMonths } from './values.ts';

/** How far a printed guarantee date may sit from the effective date plus the term, in days. */
const termToleranceDays = 31;

/**
 * The rate guarantee of each product: expired, unreadable, ending before coverage starts,
 * at odds with its stated term, stated as a term with no end date, or not stated at all.
 */
export const rateGuaranteeRule: Rule = (data, ctx) => {
  const view = readProposal(data);
  const today = dayNumber(calendarDateOf(ctx.today));
  const findings: Finding[] = [];
  for (const product of view.products) {
    const rows = view.rows(product, 'rateTiers');
    if (rows.length === 0) continue;
    const word = productWord(product);
    const dateLabel = `${product}_rateTiers_rateGuaranteeDate`;
    const effectiveValue = view.field(product, 'effectiveDate')?.value;
    const effective = effectiveValue ? parseDate(effectiveValue) : undefined;

    const pairs = new Map<string, { time?: string; date?: string }>();
    for (const row of rows) {
      const time = cellValue(row, 'rateGuaranteeTime');
      const date = cellValue(row, 'rateGuaranteeDate');
      if (time !== undefined || date !== undefined)
        pairs.set(`${time}\u0000${date}`, { time, date });
    }
    const dates = new Set([...pairs.values()].flatMap(({ date }) => (date ? [date] : [])));

    if (pairs.size === 0) {
      findings.push(finding(`${word} rate guarantee missing`, 'low', dateLabel));
      continue;
    }
    if (dates.size === 0) {
      findings.push(finding(`${word} guarantee date missing`, 'low', dateLabel));
    }
    for (const value of dates) {
      const date = parseDate(value);
      if (!date) {
        findings.push(finding(`${word} guarantee date unreadable`, 'high', dateLabel));
      } else if (dayNumber(date) < today) {
        findings.push(finding(`${word} rate guarantee expired`, 'high', dateLabel));
      } else if (effective && dayNumber(date) < dayNumber(effective)) {
        findings.push(finding(`${word} guarantee ends before effective`, 'medium', dateLabel));
      }
    }
    if (effective) {
      for (const { time, date } of pairs.values()) {
        const months = time === undefined ? undefined : parseDurationMonths(time);
        const end = date === undefined ? undefined : parseDate(date);
        if (months === undefined || end === undefined) continue;
        const expected = dayNumber(endOfTerm(effective, months));
        if (Math.abs(dayNumber(end) - expected) > termToleranceDays) {
          findings.push(finding(`${word} guarantee term mismatch`, 'medium', dateLabel));
        }
      }
    }
  }
  return dedupe(findings);
};

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter(({ text }) => !seen.has(text) && seen.add(text) !== undefined);
}
