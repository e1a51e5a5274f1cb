import { type Finding, finding, type Rule, subject } from './finding.ts';
import { columnNoun } from './names.ts';
import { readProposal } from './proposal-view.ts';

/** Below this score a value is more likely wrong than a reader should accept unchecked. */
export const lowConfidenceScore = 0.6;

/** Values read with low confidence: one finding per product, class and kind of value. */
export const lowConfidenceRule: Rule = (data) => {
  const view = readProposal(data);
  const findings = new Map<string, Finding>();
  for (const { product, row, cell } of view.allCells()) {
    if (!cell.value || cell.score >= lowConfidenceScore) continue;
    const column = cell.label.slice(cell.label.lastIndexOf('_') + 1);
    const text = `verify ${subject(view, product, row?.className)} ${columnNoun(column)}`;
    if (!findings.has(text)) findings.set(text, finding(text, 'medium', cell.label));
  }
  return [...findings.values()];
};
