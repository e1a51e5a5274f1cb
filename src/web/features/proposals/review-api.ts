import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { errorMessage, getJson } from '../../lib/api.ts';

/**
 * The corrections API of a document (issue 12, CONTRACT.md): saving its data as a new revision,
 * marking it reviewed, its revisions, its pages drawn as images and the words read on them.
 */
export type ReviewedDocumentType = 'carrierProposals' | 'policyCertificates';

/** A page's size in points: the coordinate space of a value's `source.box`. */
export interface PageSize {
  page: number;
  width: number;
  height: number;
}

export interface PageWord {
  text: string;
  box: [number, number, number, number];
}

export interface RevisionSummary {
  revision: number;
  savedOn: string;
  savedBy: string;
  kind: 'engine' | 'correction' | 'restore';
  changed: number;
}

export interface RevisionDetail extends Omit<RevisionSummary, 'changed'> {
  data: ParsedData;
}

/** A save or other change the server refused; `conflict` when it was based on a stale revision. */
export class ReviewRequestError extends Error {
  readonly status: number;
  constructor(status: number, detail: string) {
    super(`Update failed (${status}): ${detail}`);
    this.name = 'ReviewRequestError';
    this.status = status;
  }
  get conflict(): boolean {
    return this.status === 409;
  }
}

export const documentApiPath = (type: ReviewedDocumentType, id: string) =>
  `/api/documents/${type}/${encodeURIComponent(id)}`;

export const pageImageUrl = (type: ReviewedDocumentType, id: string, page: number) =>
  `${documentApiPath(type, id)}/pages/${page}.png`;

async function send<T>(method: 'PUT' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) {
    throw new ReviewRequestError(
      response.status,
      await errorMessage(response, 'the server gave no reason'),
    );
  }
  return (await response.json()) as T;
}

export function saveDocumentData(
  type: ReviewedDocumentType,
  id: string,
  data: ParsedData,
  revision: number,
): Promise<{ revision: number }> {
  return send('PUT', `${documentApiPath(type, id)}/data`, { data, revision });
}

export function markReviewed(type: ReviewedDocumentType, id: string, reviewed: boolean) {
  return send<{ reviewed: boolean }>('PUT', `${documentApiPath(type, id)}/reviewed`, { reviewed });
}

export function listRevisions(type: ReviewedDocumentType, id: string) {
  return getJson<RevisionSummary[]>(`${documentApiPath(type, id)}/revisions`);
}

export function getRevision(type: ReviewedDocumentType, id: string, revision: number) {
  return getJson<RevisionDetail>(`${documentApiPath(type, id)}/revisions/${revision}`);
}

export function restoreRevision(
  type: ReviewedDocumentType,
  id: string,
  revision: number,
  current: number,
) {
  return send<{ revision: number }>(
    'POST',
    `${documentApiPath(type, id)}/revisions/${revision}/restore`,
    { revision: current },
  );
}

export function readAgain(type: ReviewedDocumentType, id: string) {
  return send<{ status: string }>('POST', `${documentApiPath(type, id)}/read-again`);
}

export function listPages(type: ReviewedDocumentType, id: string) {
  return getJson<PageSize[]>(`${documentApiPath(type, id)}/pages`);
}

export function listWords(type: ReviewedDocumentType, id: string, page: number) {
  return getJson<PageWord[]>(`${documentApiPath(type, id)}/pages/${page}/words`);
}

/** The banner text of a failed save or restore. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ReviewRequestError) return error.message;
  return (error as Error)?.message || fallback;
}
