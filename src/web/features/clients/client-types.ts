/** A client as GET /api/clients answers it (spec §3 Client). */
export interface Client {
  id: string;
  name: string;
  logo: string | null;
  classes: unknown[];
  notes: string | null;
  createdOn: string;
  revision: number;
}
