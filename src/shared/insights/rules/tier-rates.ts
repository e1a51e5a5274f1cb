import type { ProductKey } from '../../fields/catalogue.ts';
import { byClass, type Finding, finding, type Rule, subject } from './finding.ts';
import { cellValue, readProposal } from './proposal-view.ts';
import { parseMoney, tierRank } from './values.ts';

/**
 * Rates that do not rise with the tier: within a class, a tier covering more people (employee
 * alone, then with spouse or children, then family) priced at or below a smaller one.
 */
export const tierRatesRule: Rule = (data) => {
  const view = readProposal(data);
  const findings: Finding[] = [];
  for (const product of ['dentalInsurance', 'visionInsurance'] as ProductKey[]) {
    for (const rows of byClass(view.rows(product, 'rateTiers')).values()) {
      const tiers: Array<{ rank: number; rate: number }> = [];
      for (const row of rows) {
        const name = cellValue(row, 'rateTier');
        const rate = cellValue(row, 'carrierMonthlyRate');
        const rank = name === undefined ? undefined : tierRank(name);
        const amount = rate === undefined ? undefined : parseMoney(rate);
        if (rank !== undefined && amount !== undefined) tiers.push({ rank, rate: amount });
      }
      const inverted = tiers.some((larger) =>
        tiers.some((smaller) => smaller.rank < larger.rank && larger.rate <= smaller.rate),
      );
      if (!inverted) continue;
      findings.push(
        finding(
          `${subject(view, product, rows[0]?.className)} rates not rising by tier`,
          'medium',
          `${product}_rateTiers_carrierMonthlyRate`,
        ),
      );
    }
  }
  return findings;
};
