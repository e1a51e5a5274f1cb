import type { ProductKey } from '../../fields/catalogue.ts';
import type { ParsedData } from '../../proposals/parsed-data.ts';
import { classKey, type ProposalView } from './proposal-view.ts';

/**
 * How much a finding matters: `high` a value the proposal cannot be used without (blank,
 * unreadable, expired), `medium` a value that looks wrong, `low` a point to confirm.
 */
export const severities = ['high', 'medium', 'low'] as const;
export type Severity = (typeof severities)[number];

/** One bullet of the insights: a few words a broker can act on. */
export interface Finding {
  /** Three or four words, e.g. 'Vision carrier name missing', 'Class 2 dental rates missing'. */
  text: string;
  severity: Severity;
  /** The field or table label the finding is about, when there is one. */
  label?: string;
}

export interface RuleContext {
  /** Today, for dates that may have passed. */
  today: Date;
}

/** A rule reads the proposal and returns what it can justify from the data, or nothing. */
export type Rule = (proposal: ParsedData, ctx: RuleContext) => Finding[];

const productWords: Record<ProductKey, string> = {
  dentalInsurance: 'dental',
  visionInsurance: 'vision',
};

/** The product as one lower-case word: 'dental', 'vision'. */
export function productWord(product: ProductKey): string {
  return productWords[product];
}

/**
 * What a finding is about: 'dental', or 'Class 2 dental' when the product has several classes
 * and the finding concerns one of them.
 */
export function subject(view: ProposalView, product: ProductKey, className?: string): string {
  const word = productWord(product);
  if (!className || !classKey(className)) return word;
  return view.classes(product).length > 1 ? `${className} ${word}` : word;
}

/** A finding whose text starts with a capital letter. */
export function finding(text: string, severity: Severity, label?: string): Finding {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return label === undefined
    ? { text: capitalized, severity }
    : { text: capitalized, severity, label };
}

/** Rows grouped by class (by class key), in order of appearance. */
export function byClass<T extends { className: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = classKey(row.className);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}
