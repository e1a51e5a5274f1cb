import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Client } from '../../../shared/clients/client.ts';
import { getJson } from '../../lib/api.ts';

/** Fetch state of the client list (spec §4): list, loading flag, error. */
export interface ClientsState {
  list: Client[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
}

const initialState: ClientsState = { list: [], loaded: false, loading: false, error: null };

export const fetchClients = createAsyncThunk('clients/fetch', async () => {
  try {
    return await getJson<Client[]>('/api/clients');
  } catch (error) {
    throw new Error((error as Error).message || 'Failed to fetch clients');
  }
});

export const clientsSlice = createSlice({
  name: 'clients',
  initialState,
  reducers: {
    /** Puts one client (fetched or just saved) into the list, replacing any older copy. */
    clientUpserted(state, action: PayloadAction<Client>) {
      const index = state.list.findIndex((c) => c.id === action.payload.id);
      if (index >= 0) state.list[index] = action.payload;
      else state.list.unshift(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchClients.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchClients.fulfilled, (state, action) => {
        state.loading = false;
        state.loaded = true;
        state.list = action.payload;
      })
      .addCase(fetchClients.rejected, (state, action) => {
        state.loading = false;
        state.error = action.error.message || 'Unknown Error';
      });
  },
});

export const { clientUpserted } = clientsSlice.actions;
