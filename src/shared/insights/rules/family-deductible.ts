import { type Finding, finding, type Rule, subject } from './finding.ts';
import { cellValue, readProposal } from './proposal-view.ts';
import { parseDeductible } from './values.ts';

/** A family deductible below the individual one, in either network. */
export const familyDeductibleRule: Rule = (data) => {
  const view = readProposal(data);
  const findings = new Map<string, Finding>();
  for (const row of view.rows('dentalInsurance', 'coveredServices')) {
    for (const network of ['InNetwork', 'OutOfNetwork'] as const) {
      const individual = cellValue(row, `policyYearDeductibleIndividual${network}`);
      const family = cellValue(row, `policyYearDeductibleFamily${network}`);
      if (individual === undefined || family === undefined) continue;
      const individualAmount = parseDeductible(individual);
      const familyAmount = parseDeductible(family);
      if (individualAmount === undefined || familyAmount === undefined) continue;
      if (familyAmount >= individualAmount) continue;
      const text = `${subject(view, 'dentalInsurance', row.className)} family deductible below individual`;
      if (!findings.has(text)) {
        findings.set(
          text,
          finding(
            text,
            'medium',
            `dentalInsurance_coveredServices_policyYearDeductibleFamily${network}`,
          ),
        );
      }
    }
  }
  return [...findings.values()];
};
