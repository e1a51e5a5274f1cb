import { ApiError, apiFetch, errorMessage } from '../../lib/api.ts';

export type { AuditFilter, AuditRecord } from '../../../shared/auth/roles.ts';

import type { AuditFilter, AuditRecord } from '../../../shared/auth/roles.ts';

export interface AuditPage {
  items: AuditRecord[];
  /** The `before` of the next (older) page; undefined on the last page. */
  next: string | undefined;
}

export function auditQuery(filter: AuditFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) {
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/audit with the filter, one page of `limit` records before the cursor. */
export async function fetchAuditPage(
  filter: AuditFilter,
  limit: number,
  before?: string,
): Promise<AuditPage> {
  const url = `/api/audit${auditQuery(filter, { limit: String(limit), ...(before ? { before } : {}) })}`;
  const response = await apiFetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new ApiError(response.status, await errorMessage(response, 'Could not read the history'));
  }
  const items = (await response.json()) as AuditRecord[];
  return { items, next: response.headers.get('X-Next-Cursor') ?? undefined };
}
