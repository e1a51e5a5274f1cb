import { z } from 'zod';
import { badRequest } from '../errors.ts';

/** Lists page newest first with `?limit=N&before=CURSOR` (DESIGN.md §3). */
export interface PageRequest {
  limit: number;
  before: { createdOn: Date; id: string } | undefined;
}

export const DEFAULT_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 1000;

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  before: z.string().max(200).optional(),
});

export function encodeCursor(createdOn: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdOn.toISOString(), id])).toString('base64url');
}

export function parsePageRequest(query: unknown): PageRequest {
  const parsed = querySchema.safeParse(query ?? {});
  if (!parsed.success) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  }
  const { limit, before } = parsed.data;
  if (before === undefined) return { limit, before: undefined };
  try {
    const [iso, id] = JSON.parse(Buffer.from(before, 'base64url').toString('utf8')) as unknown[];
    // Only instants PostgreSQL can compare with (years 1 to 9999), written as toISOString does.
    if (typeof iso !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso))
      throw new Error();
    const createdOn = new Date(iso);
    const year = createdOn.getUTCFullYear();
    if (Number.isNaN(createdOn.getTime()) || year < 1 || !z.uuid().safeParse(id).success)
      throw new Error();
    return { limit, before: { createdOn, id: String(id) } };
  } catch {
    throw badRequest('The before cursor is not valid; use the X-Next-Cursor of a previous page.');
  }
}

/**
 * SQL for one page: appends the cursor condition and order to a query over a table with
 * created_on and id columns. `params` gets the cursor values pushed onto it.
 */
export function pageClause(page: PageRequest, params: unknown[], alias = ''): string {
  const p = alias ? `${alias}.` : '';
  let where = '';
  if (page.before) {
    params.push(page.before.createdOn, page.before.id);
    where = `(${p}created_on, ${p}id) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(page.limit + 1);
  return `${where ? `${where} ` : 'true '}order by ${p}created_on desc, ${p}id desc limit $${params.length}`;
}

/** Splits the extra row fetched by pageClause off into the next cursor. */
export function toPage<T extends { createdOn: Date; id: string }>(
  rows: T[],
  page: PageRequest,
): { items: T[]; nextCursor: string | undefined } {
  if (rows.length <= page.limit) return { items: rows, nextCursor: undefined };
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1]!;
  return { items, nextCursor: encodeCursor(last.createdOn, last.id) };
}
