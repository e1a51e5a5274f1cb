import type { ClassMatching } from '../../../shared/comparisons/model.ts';

/** A comparison saved on a client, as /api/comparisons answers it. */
export interface SavedComparison {
  id: string;
  clientId: string;
  name: string;
  documentIds: string[];
  baselineId: string | null;
  classMatching: ClassMatching;
  createdOn: string;
  updatedOn: string;
}
