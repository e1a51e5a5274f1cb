import { tableDefinitions } from '../../fields/catalogue.ts';
import { type Finding, finding, productWord, type Rule } from './finding.ts';
import { sectionNoun } from './names.ts';
import { classKey, readProposal } from './proposal-view.ts';

/**
 * A class present in one of a product's tables but missing from another that lists classes,
 * e.g. 'Class 2 dental rates missing'. Tables with no rows, or no class on any row, are left
 * out: their absence is another rule's business.
 */
export const classCoverageRule: Rule = (data) => {
  const view = readProposal(data);
  const findings: Finding[] = [];
  for (const product of view.products) {
    const tables = tableDefinitions
      .filter((table) => table.productKey === product && table.columns.includes('class'))
      .map((table) => ({
        table,
        classes: new Set(view.rows(product, table.section).map((row) => classKey(row.className))),
      }))
      .map(({ table, classes }) => {
        classes.delete('');
        return { table, classes };
      })
      .filter(({ classes }) => classes.size > 0);
    if (tables.length < 2) continue;
    for (const name of view.classes(product)) {
      const key = classKey(name);
      for (const { table, classes } of tables) {
        if (classes.has(key)) continue;
        findings.push(
          finding(
            `${name} ${productWord(product)} ${sectionNoun(table.section)} missing`,
            'high',
            table.label,
          ),
        );
      }
    }
  }
  return findings;
};
