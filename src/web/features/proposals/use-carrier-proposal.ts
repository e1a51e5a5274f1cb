import { useEffect, useState } from 'react';
import type { DocumentStatus } from '../../../shared/documents/document-types.ts';
import { ApiError, getJson } from '../../lib/api.ts';

/** GET /api/documents/carrierProposals/:id (DESIGN.md §3). */
export interface CarrierProposal {
  id: string;
  name: string;
  /** The parsed data (spec §3); null while the document is queued or being read. */
  data: unknown;
  /** The original file, when it is stored. */
  url: string | null;
  createdOn: string;
  status: DocumentStatus;
  /** Why extraction failed, when it did. */
  error?: string | null;
  /** The data's revision (issue 12): 0 before the engine's first reading; each save +1. */
  revision?: number;
  /** A broker marked the proposal reviewed. */
  reviewed?: boolean;
  /** Pages of the document; null when they cannot be drawn. */
  pageCount?: number | null;
}

export type ProposalLookup =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string }
  | { state: 'found'; proposal: CarrierProposal };

/** The detail screen of a proposal. */
export const proposalPath = (id: string) => `/documents/carrierProposals/${encodeURIComponent(id)}`;

/** Queued or processing: the extraction has not finished yet. */
export function isBeingRead(status: DocumentStatus): boolean {
  return status === 'queued' || status === 'processing';
}

export const defaultPollIntervalMs = 2000;

/**
 * One carrier proposal. While its document is still being read the proposal is fetched again
 * every `pollIntervalMs`, so the screen updates by itself when extraction finishes or fails. A
 * failed re-fetch keeps what is shown and tries again; only a first load that fails is an error.
 */
export function useCarrierProposal(
  id: string,
  {
    pollIntervalMs = defaultPollIntervalMs,
    version = 0,
  }: {
    pollIntervalMs?: number;
    /** Raise it to fetch again now (after "Read again" or a restore); what is shown stays. */
    version?: number;
  } = {},
): ProposalLookup {
  const [lookup, setLookup] = useState<{ id: string; result: ProposalLookup }>();

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = version > 0;
    const url = `/api/documents/carrierProposals/${encodeURIComponent(id)}`;
    const again = () => {
      timer = setTimeout(() => void load(), pollIntervalMs);
    };
    const load = async () => {
      try {
        const proposal = await getJson<CarrierProposal>(url, { signal: controller.signal });
        if (controller.signal.aborted) return;
        shown = true;
        setLookup({ id, result: { state: 'found', proposal } });
        if (isBeingRead(proposal.status)) again();
      } catch (err) {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) {
          setLookup({ id, result: { state: 'notFound' } });
        } else if (shown) {
          again();
        } else {
          setLookup({ id, result: { state: 'error', message: (err as Error).message } });
        }
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, pollIntervalMs, version]);

  return lookup?.id === id ? lookup.result : { state: 'loading' };
}
