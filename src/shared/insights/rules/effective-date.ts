import { type Finding, finding, productWord, type Rule } from './finding.ts';
import { readProposal } from './proposal-view.ts';
import { parseDate } from './values.ts';

/** An effective date that cannot be read as a calendar date (it would show as 'Invalid date'). */
export const effectiveDateRule: Rule = (data) => {
  const view = readProposal(data);
  const findings: Finding[] = [];
  for (const product of view.products) {
    const value = view.field(product, 'effectiveDate')?.value;
    if (value && !parseDate(value)) {
      findings.push(
        finding(
          `${productWord(product)} effective date unreadable`,
          'high',
          `${product}_effectiveDate`,
        ),
      );
    }
  }
  return findings;
};
