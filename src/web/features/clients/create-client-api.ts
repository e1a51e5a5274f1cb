import { apiFetch, errorMessage } from '../../lib/api.ts';

export interface CreateClientInput {
  name: string;
  notes: string;
  logo: File | null;
}

/** POST /api/clients/createClient (spec §7). Resolves to the new client's id. */
export async function createClientRequest(input: CreateClientInput): Promise<string> {
  const form = new FormData();
  form.append('name', input.name.trim());
  if (input.notes.trim()) form.append('notes', input.notes.trim());
  if (input.logo) form.append('logo', input.logo);
  const response = await apiFetch('/api/clients/createClient', { method: 'POST', body: form });
  if (!response.ok) throw new Error(await errorMessage(response, 'Failed to create client'));
  const body = (await response.json().catch(() => ({}))) as { sanityId?: unknown };
  if (typeof body.sanityId !== 'string' || !body.sanityId) {
    throw new Error('Missing client ID from server');
  }
  return body.sanityId;
}
