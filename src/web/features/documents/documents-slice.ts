import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { DocumentSummary } from '../../../shared/documents/document-types.ts';
import { getJson } from '../../lib/api.ts';

interface ListState {
  items: DocumentSummary[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
}

/** The documents state (spec §4): carrierProposals, policyCertificates, a loading flag and error per list. */
export interface DocumentsState {
  carrierProposals: ListState;
  policyCertificates: ListState;
}

const emptyList = (): ListState => ({ items: [], loaded: false, loading: false, error: null });

export const fetchCarrierProposals = createAsyncThunk('documents/fetchCarrierProposals', () =>
  getJson<DocumentSummary[]>('/api/documents/carrierProposals'),
);

export const fetchPolicyCertificates = createAsyncThunk('documents/fetchPolicyCertificates', () =>
  getJson<DocumentSummary[]>('/api/documents/policyCertificates'),
);

export const documentsSlice = createSlice({
  name: 'documents',
  initialState: (): DocumentsState => ({
    carrierProposals: emptyList(),
    policyCertificates: emptyList(),
  }),
  reducers: {},
  extraReducers: (builder) => {
    for (const [thunk, key] of [
      [fetchCarrierProposals, 'carrierProposals'],
      [fetchPolicyCertificates, 'policyCertificates'],
    ] as const) {
      builder
        .addCase(thunk.pending, (state) => {
          state[key].loading = true;
          state[key].error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state[key].loading = false;
          state[key].loaded = true;
          state[key].items = action.payload;
        })
        .addCase(thunk.rejected, (state, action) => {
          state[key].loading = false;
          state[key].error = action.error.message || 'Unknown Error';
        });
    }
  },
});
