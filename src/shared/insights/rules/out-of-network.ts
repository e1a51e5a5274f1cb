import { type Finding, finding, type Rule, subject } from './finding.ts';
import { cellValue, type Row, readProposal } from './proposal-view.ts';
import {
  parseAllowance,
  parseCoverage,
  parseDeductible,
  parseMaximum,
  parseReimbursement,
} from './values.ts';

type Compare = 'higher' | 'lower';

/** Dental columns where out-of-network should not beat in-network, and what "beat" means. */
const dentalChecks: Array<{
  column: string;
  parse: (value: string) => number | undefined;
  worse: Compare;
  words: string;
}> = [
  { column: 'coverageLevel', parse: parseCoverage, worse: 'higher', words: 'coverage higher' },
  {
    column: 'policyYearDeductibleIndividual',
    parse: parseDeductible,
    worse: 'lower',
    words: 'deductible lower',
  },
  {
    column: 'policyYearDeductibleFamily',
    parse: parseDeductible,
    worse: 'lower',
    words: 'deductible lower',
  },
  { column: 'policyYearMaximum', parse: parseMaximum, worse: 'higher', words: 'maximum higher' },
  {
    column: 'orthodonticLifetimeMaximum',
    parse: parseMaximum,
    worse: 'higher',
    words: 'ortho maximum higher',
  },
];

function read(row: Row, column: string, parse: (value: string) => number | undefined) {
  const value = cellValue(row, column);
  return value === undefined ? undefined : parse(value);
}

/**
 * Out-of-network better than in-network: a higher dental coverage level or maximum, a lower
 * deductible, or a vision reimbursement above the in-network allowance for the same item.
 * Only values both read with confidence are compared.
 */
export const outOfNetworkRule: Rule = (data) => {
  const view = readProposal(data);
  const findings = new Map<string, Finding>();
  const add = (text: string, label: string) => {
    if (!findings.has(text)) findings.set(text, finding(text, 'medium', label));
  };

  for (const row of view.rows('dentalInsurance', 'coveredServices')) {
    for (const check of dentalChecks) {
      const inNetwork = read(row, `${check.column}InNetwork`, check.parse);
      const outOfNetwork = read(row, `${check.column}OutOfNetwork`, check.parse);
      if (inNetwork === undefined || outOfNetwork === undefined) continue;
      const beats = check.worse === 'higher' ? outOfNetwork > inNetwork : outOfNetwork < inNetwork;
      if (!beats) continue;
      const who = subject(view, 'dentalInsurance', row.className);
      add(
        `${who} out-of-network ${check.words}`,
        `dentalInsurance_coveredServices_${check.column}OutOfNetwork`,
      );
    }
  }

  for (const row of view.rows('visionInsurance', 'benefitSummary')) {
    const allowance = read(row, 'inNetworkCost', parseAllowance);
    const reimbursement = read(row, 'outOfNetworkReimbursement', parseReimbursement);
    if (allowance === undefined || reimbursement === undefined) continue;
    if (reimbursement <= allowance) continue;
    add(
      `${subject(view, 'visionInsurance', row.className)} out-of-network allowance higher`,
      'visionInsurance_benefitSummary_outOfNetworkReimbursement',
    );
  }
  return [...findings.values()];
};
