import { byClass, type Finding, finding, type Rule, subject } from './finding.ts';
import { cellValue, type Row, readProposal } from './proposal-view.ts';
import { parseMaximum, serviceCategory } from './values.ts';

/** The class's annual maximum in a network: the value its rows agree on, if they agree. */
function annualMaximum(rows: Row[], network: string): number | undefined {
  const amounts = new Set<number>();
  for (const row of rows) {
    const value = cellValue(row, `policyYearMaximum${network}`);
    if (value === undefined) continue;
    const amount = parseMaximum(value);
    if (amount === undefined) return undefined;
    amounts.add(amount);
  }
  return amounts.size === 1 ? [...amounts][0] : undefined;
}

function isOrthodontic(row: Row): boolean {
  const title = `${cellValue(row, 'serviceTypeTitle') ?? ''} ${cellValue(row, 'serviceTypeLabel') ?? ''}`;
  return serviceCategory(title) === 'orthodontic';
}

/** An orthodontic lifetime maximum above the class's annual maximum in the same network. */
export const orthodonticMaximumRule: Rule = (data) => {
  const view = readProposal(data);
  const findings: Finding[] = [];
  for (const rows of byClass(view.rows('dentalInsurance', 'coveredServices')).values()) {
    for (const network of ['InNetwork', 'OutOfNetwork'] as const) {
      const orthoRows = rows.filter(
        (row) => cellValue(row, `orthodonticLifetimeMaximum${network}`) !== undefined,
      );
      if (orthoRows.length === 0) continue;
      // The orthodontic row's own annual maximum, else the one the other rows agree on.
      const orthoRow = orthoRows.find(isOrthodontic) ?? orthoRows[0]!;
      const own = cellValue(orthoRow, `policyYearMaximum${network}`);
      const annual = own === undefined ? annualMaximum(rows, network) : parseMaximum(own);
      const ortho = parseMaximum(cellValue(orthoRow, `orthodonticLifetimeMaximum${network}`)!);
      if (annual === undefined || ortho === undefined) continue;
      if (!Number.isFinite(annual) || !Number.isFinite(ortho) || ortho <= annual) continue;
      findings.push(
        finding(
          `${subject(view, 'dentalInsurance', orthoRow.className)} ortho maximum above annual`,
          'medium',
          `dentalInsurance_coveredServices_orthodonticLifetimeMaximum${network}`,
        ),
      );
      break;
    }
  }
  return findings;
};
