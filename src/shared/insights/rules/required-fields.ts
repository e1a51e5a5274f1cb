import { byClass, type Finding, finding, productWord, type Rule, subject } from './finding.ts';
import { cellValue, readProposal } from './proposal-view.ts';

/**
 * Required values left blank: a product's carrier name, effective date and rates; a dental
 * service type's coverage level and a dental class's annual maximum; the vision benefits.
 */
export const requiredFieldsRule: Rule = (data) => {
  const view = readProposal(data);
  const findings: Finding[] = [];
  for (const product of view.products) {
    const word = productWord(product);
    for (const [name, words] of [
      ['carrierName', 'carrier name'],
      ['effectiveDate', 'effective date'],
    ] as const) {
      if (!view.field(product, name)?.value) {
        findings.push(finding(`${word} ${words} missing`, 'high', `${product}_${name}`));
      }
    }

    const rates = view.rows(product, 'rateTiers');
    const ratesLabel = `${product}_rateTiers_carrierMonthlyRate`;
    if (rates.length === 0) {
      findings.push(finding(`${word} rates missing`, 'high', `${product}_rateTiers`));
    }
    for (const rows of byClass(rates).values()) {
      const blank = rows.filter((row) => !cellValue(row, 'carrierMonthlyRate'));
      const who = subject(view, product, rows[0]?.className);
      if (blank.length === rows.length) {
        findings.push(finding(`${who} rates missing`, 'high', ratesLabel));
        continue;
      }
      for (const row of blank) {
        const tier = cellValue(row, 'rateTier') ?? 'tier';
        findings.push(finding(`${who} ${tier} rate missing`, 'high', ratesLabel));
      }
    }

    if (product === 'dentalInsurance') {
      const services = view.rows(product, 'coveredServices');
      if (services.length === 0) {
        findings.push(
          finding(`${word} covered services missing`, 'high', `${product}_coveredServices`),
        );
      }
      for (const rows of byClass(services).values()) {
        const who = subject(view, product, rows[0]?.className);
        for (const row of rows) {
          if (
            cellValue(row, 'coverageLevelInNetwork') ||
            cellValue(row, 'coverageLevelOutOfNetwork')
          ) {
            continue;
          }
          const service = cellValue(row, 'serviceTypeTitle') ?? cellValue(row, 'serviceTypeLabel');
          findings.push(
            finding(
              `${who} ${service ?? 'service'} coverage missing`,
              'high',
              `${product}_coveredServices_coverageLevelInNetwork`,
            ),
          );
        }
        const hasMaximum = rows.some(
          (row) =>
            cellValue(row, 'policyYearMaximumInNetwork') ||
            cellValue(row, 'policyYearMaximumOutOfNetwork'),
        );
        if (!hasMaximum) {
          findings.push(
            finding(
              `${who} annual maximum missing`,
              'medium',
              `${product}_coveredServices_policyYearMaximumInNetwork`,
            ),
          );
        }
      }
    }

    if (product === 'visionInsurance' && view.rows(product, 'benefitSummary').length === 0) {
      findings.push(finding(`${word} benefits missing`, 'high', `${product}_benefitSummary`));
    }
  }
  return findings;
};
