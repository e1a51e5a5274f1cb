import { byClass, type Finding, finding, type Rule, subject } from './finding.ts';
import { cellValue, type Row, readProposal } from './proposal-view.ts';
import { parseCoverage, type ServiceCategory, serviceCategory } from './values.ts';

const networks = ['InNetwork', 'OutOfNetwork'] as const;

function categoryOf(row: Row): ServiceCategory | undefined {
  return serviceCategory(
    `${cellValue(row, 'serviceTypeTitle') ?? ''} ${cellValue(row, 'serviceTypeLabel') ?? ''}`,
  );
}

/** Pairs that should not be inverted: the first is normally covered at least as well. */
const expectedOrder: Array<[ServiceCategory, ServiceCategory]> = [
  ['preventive', 'basic'],
  ['basic', 'major'],
  ['preventive', 'major'],
];

/**
 * Dental coinsurance outside 0–100%, or covered in the wrong order within a class and network:
 * preventive below basic, basic below major. A category printed on several rows is left out.
 */
export const coinsuranceRule: Rule = (data) => {
  const view = readProposal(data);
  const findings = new Map<string, Finding>();
  const add = (text: string, severity: 'high' | 'medium', label: string) => {
    if (!findings.has(text)) findings.set(text, finding(text, severity, label));
  };
  for (const rows of byClass(view.rows('dentalInsurance', 'coveredServices')).values()) {
    const who = subject(view, 'dentalInsurance', rows[0]?.className);
    for (const network of networks) {
      const label = `dentalInsurance_coveredServices_coverageLevel${network}`;
      const levels = new Map<ServiceCategory, number[]>();
      for (const row of rows) {
        const value = cellValue(row, `coverageLevel${network}`);
        const level = value === undefined ? undefined : parseCoverage(value);
        if (level === undefined) continue;
        if (level < 0 || level > 100) add(`${who} coinsurance out of range`, 'high', label);
        const category = categoryOf(row);
        if (category) levels.set(category, [...(levels.get(category) ?? []), level]);
      }
      for (const [better, worse] of expectedOrder) {
        const high = levels.get(better);
        const low = levels.get(worse);
        if (high?.length !== 1 || low?.length !== 1) continue;
        if (high[0]! < low[0]!) {
          add(`${who} ${better} below ${worse}`, 'medium', label);
          break;
        }
      }
    }
  }
  return [...findings.values()];
};
