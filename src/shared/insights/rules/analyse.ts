import { type ParsedData, parsedItemSchema } from '../../proposals/parsed-data.ts';
import { classCoverageRule } from './class-coverage.ts';
import { coinsuranceRule } from './coinsurance.ts';
import { effectiveDateRule } from './effective-date.ts';
import { familyDeductibleRule } from './family-deductible.ts';
import { type Finding, finding, type Rule, type RuleContext, severities } from './finding.ts';
import { lowConfidenceRule } from './low-confidence.ts';
import { orthodonticMaximumRule } from './orthodontic-maximum.ts';
import { outOfNetworkRule } from './out-of-network.ts';
import { readProposal } from './proposal-view.ts';
import { rateGuaranteeRule } from './rate-guarantee.ts';
import { requiredFieldsRule } from './required-fields.ts';
import { tierRatesRule } from './tier-rates.ts';

/** Every rule, in the order their findings are listed within one severity. */
export const rules: Rule[] = [
  requiredFieldsRule,
  classCoverageRule,
  effectiveDateRule,
  rateGuaranteeRule,
  tierRatesRule,
  outOfNetworkRule,
  familyDeductibleRule,
  orthodonticMaximumRule,
  coinsuranceRule,
  lowConfidenceRule,
];

/** Most bullets one answer holds; beyond it the last bullet says how many were left out. */
export const maxFindings = 12;

export const noIssuesText = 'No issues found';
export const noDataText = 'No proposal data extracted';

/**
 * Runs every rule over a proposal: findings deduplicated, most severe first, at most
 * `maxFindings`; one 'No issues found' finding when nothing is wrong.
 */
export function analyseProposal(data: ParsedData, ctx: RuleContext): Finding[] {
  if (readProposal(data).products.length === 0) return [finding(noDataText, 'high')];
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const found of rule(data, ctx)) {
      const key = found.text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(found);
    }
  }
  if (findings.length === 0) return [finding(noIssuesText, 'low')];
  const rank = (f: Finding) => severities.indexOf(f.severity);
  findings.sort((a, b) => rank(a) - rank(b));
  if (findings.length <= maxFindings) return findings;
  const shown = findings.slice(0, maxFindings - 1);
  const more = findings.length - shown.length;
  return [...shown, finding(`${more} more findings`, 'low')];
}

/**
 * The parsed data in a proposal as the web app sends it: the parsed-data array itself, a JSON
 * string of it, or a proposal record whose `data` holds either. Items that are not parsed-data
 * items are left out; undefined when nothing in it is proposal data.
 */
export function readProposalData(value: unknown, depth = 0): ParsedData | undefined {
  if (depth > 3) return undefined;
  if (typeof value === 'string') {
    try {
      return readProposalData(JSON.parse(value), depth + 1);
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(value)) {
    const items = value.flatMap((item) => {
      const parsed = parsedItemSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    return items.length > 0 || value.length === 0 ? items : undefined;
  }
  if (value !== null && typeof value === 'object' && 'data' in value) {
    return readProposalData(value.data, depth + 1);
  }
  return undefined;
}
