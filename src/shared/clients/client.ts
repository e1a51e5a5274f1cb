/** A client as the API answers it (spec §3 Client; DESIGN.md §3). */
export interface Client {
  id: string;
  name: string;
  /** The logo's URL (/api/files/:id), or null. */
  logo: string | null;
  /** The billing parameters: classes[] exactly as last saved. */
  classes: unknown[];
  notes: string | null;
  /** ISO 8601. */
  createdOn: string;
  /** The saved version the classes are; saves name it (stale saves are refused). */
  revision: number;
}
