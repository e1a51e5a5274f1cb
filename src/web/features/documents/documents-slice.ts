import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { DocumentSummary } from '../../../shared/documents/document-types.ts';
import { getPage } from '../../lib/api.ts';

interface ListState {
  items: DocumentSummary[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  /** The filters and page the items answer (issue 14), as a query string; '' for the first page of all. */
  query: string;
  /** The cursor of the next page, when there is one. */
  nextCursor: string | null;
}

/** The documents state (spec §4): carrierProposals, policyCertificates, a loading flag and error per list. */
export interface DocumentsState {
  carrierProposals: ListState;
  policyCertificates: ListState;
}

const emptyList = (): ListState => ({
  items: [],
  loaded: false,
  loading: false,
  error: null,
  query: '',
  nextCursor: null,
});

const listUrl = (collection: string, query: string) =>
  `/api/documents/${collection}${query ? `?${query}` : ''}`;

/** A list's page; `query` is `clientId=…&carrier=…&product=…&q=…&before=…` or '' (issue 14). */
export const fetchCarrierProposals = createAsyncThunk(
  'documents/fetchCarrierProposals',
  async (query: string | undefined = '') => ({
    ...(await getPage<DocumentSummary>(listUrl('carrierProposals', query))),
    query,
  }),
);

export const fetchPolicyCertificates = createAsyncThunk(
  'documents/fetchPolicyCertificates',
  async (query: string | undefined = '') => ({
    ...(await getPage<DocumentSummary>(listUrl('policyCertificates', query))),
    query,
  }),
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
          state[key].items = action.payload.items;
          state[key].nextCursor = action.payload.nextCursor;
          state[key].query = action.payload.query;
        })
        .addCase(thunk.rejected, (state, action) => {
          state[key].loading = false;
          state[key].error = action.error.message || 'Unknown Error';
        });
    }
  },
});
