import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/** Parses input with a zod schema or throws a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  // Our schemas give full sentences; zod's own messages get the field named in front.
  const where =
    issue.path.length && !issue.message.endsWith('.') ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${where}${issue.message}`, {
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export const uuidParam = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** PostgreSQL text cannot hold U+0000, so no input may carry it (a 400, never a failed write). */
export const nulMessage = (field?: string) =>
  `${field ? `The ${field} field` : 'The request'} holds a NUL character (U+0000), which cannot be stored; remove it and try again.`;
