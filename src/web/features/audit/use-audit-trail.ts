import { useCallback, useEffect, useState } from 'react';
import { type AuditFilter, type AuditRecord, fetchAuditPage } from './audit-api.ts';

export interface AuditTrail {
  records: AuditRecord[];
  loading: boolean;
  error: string | undefined;
  /** True while older records are left to show. */
  more: boolean;
  showMore: () => void;
}

/**
 * Pages of the audit trail for a filter, newest first: the first page on mount (and again when
 * the filter or `refreshKey` changes), older ones on `showMore`.
 */
export function useAuditTrail(
  filter: AuditFilter,
  pageSize: number,
  refreshKey?: unknown,
): AuditTrail {
  const { clientId, documentId, userId } = filter;
  const [records, setRecords] = useState<AuditRecord[]>([]);
  const [next, setNext] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a fresh first page.
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(undefined);
    fetchAuditPage({ clientId, documentId, userId }, pageSize).then(
      (page) => {
        if (!live) return;
        setRecords(page.items);
        setNext(page.next);
        setLoading(false);
      },
      (e: Error) => {
        if (!live) return;
        setError(e.message);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [clientId, documentId, userId, pageSize, refreshKey]);

  const showMore = useCallback(() => {
    if (!next) return;
    setLoading(true);
    fetchAuditPage({ clientId, documentId, userId }, pageSize, next).then(
      (page) => {
        setRecords((prev) => [
          ...prev,
          ...page.items.filter((r) => !prev.some((p) => p.id === r.id)),
        ]);
        setNext(page.next);
        setLoading(false);
      },
      (e: Error) => {
        setError(e.message);
        setLoading(false);
      },
    );
  }, [clientId, documentId, userId, pageSize, next]);

  return { records, loading, error, more: next !== undefined, showMore };
}
