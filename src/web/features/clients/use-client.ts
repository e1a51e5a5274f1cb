import { useEffect, useState } from 'react';
import type { Client } from '../../../shared/clients/client.ts';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { ApiError, getJson } from '../../lib/api.ts';
import { clientUpserted, fetchClients } from './clients-slice.ts';

export type ClientLookup =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string }
  | { state: 'found'; client: Client };

/**
 * One client for the detail screen. The client list is fetched when no clients are loaded and
 * no load or error is in progress (spec §2); a client not in the loaded list (a newer one, or
 * one past the first page) is fetched on its own.
 */
export function useClient(id: string): ClientLookup {
  const dispatch = useAppDispatch();
  const { list, loaded, loading, error } = useAppSelector((s) => s.clients);
  const client = list.find((c) => c.id === id);
  // The lookup of one client by id, remembered with the id it was for.
  const [single, setSingle] = useState<{
    id: string;
    state: 'loading' | 'notFound' | 'error';
    message?: string;
  }>();
  const singleState = single?.id === id ? single.state : 'idle';

  useEffect(() => {
    if (list.length === 0 && !loaded && !loading && !error) void dispatch(fetchClients());
  }, [dispatch, list.length, loaded, loading, error]);

  useEffect(() => {
    if (client || !loaded || loading || singleState !== 'idle') return;
    setSingle({ id, state: 'loading' });
    getJson<Client>(`/api/clients/${encodeURIComponent(id)}`)
      .then((c) => {
        dispatch(clientUpserted(c));
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) setSingle({ id, state: 'notFound' });
        else setSingle({ id, state: 'error', message: (err as Error).message });
      });
  }, [client, loaded, loading, singleState, id, dispatch]);

  if (client) return { state: 'found', client };
  if (singleState === 'notFound') return { state: 'notFound' };
  if (singleState === 'error')
    return { state: 'error', message: single?.message ?? 'Unknown Error' };
  if (error && !loaded) return { state: 'error', message: error };
  return { state: 'loading' };
}
