/**
 * Turning the camelCase parts of an extraction label into words a broker reads
 * (spec §3: "The product name is the first label segment turned into words").
 */

/** Small words kept in lower case inside a title (`lensesOrContactLenses` → `Lenses or Contact Lenses`). */
const smallWords = new Set(['and', 'or', 'of', 'per', 'to', 'for', 'the']);

/**
 * `policyYearDeductibleIndividualInNetwork` → `Policy Year Deductible Individual In Network`;
 * `dentalInsurance` → `Dental Insurance`; `rateTier2026` → `Rate Tier 2026`.
 * Snake and kebab case are accepted too. An empty name gives an empty string.
 */
export function camelCaseToWords(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  return words
    .map((word, i) =>
      i > 0 && smallWords.has(word.toLowerCase())
        ? word.toLowerCase()
        : word[0]!.toUpperCase() + word.slice(1),
    )
    .join(' ');
}
