/**
 * Validation of a whole billing document (the `classes[]` of a save): the schema with its bounds,
 * the consistency rules of spec §4 and the product catalogue's rules. Every issue names the
 * field by its path, e.g.
 * `classes[0].products[1].rate.ageBands[2]: Minimum age 70 is above maximum age 65`.
 */
import type { z } from 'zod';
import { billingParametersSchema, type Class } from './schema.ts';

export interface ValidationIssue {
  /** Where, e.g. `classes[0].products[1].rate.ageBands[2]`. */
  path: string;
  /** What is wrong, in words a broker can act on. */
  message: string;
}

export type ValidationResult =
  | { ok: true; value: Class[] }
  | { ok: false; issues: ValidationIssue[] };

/** `['classes', 0, 'products', 1, 'rate']` → `classes[0].products[1].rate`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** Zod issues as validation issues; `root` names the value the paths start from. */
export function toValidationIssues(
  issues: readonly z.core.$ZodIssue[],
  root: readonly PropertyKey[] = [],
): ValidationIssue[] {
  return issues.map((issue) => ({
    path: formatPath([...root, ...issue.path]),
    message: issue.message,
  }));
}

/** One line per issue: `path: message`. */
export function describeIssue(issue: ValidationIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

/** All issues in one sentence-like string, for an HTTP 400 `{error}` answer or a banner. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map(describeIssue).join('; ');
}

/** Checks a client's `classes[]` against the schema and the product catalogue. */
export function validateBillingParameters(classes: unknown): ValidationResult {
  const parsed = billingParametersSchema.safeParse(classes);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, issues: toValidationIssues(parsed.error.issues, ['classes']) };
}
