import { configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { clientsSlice } from '../features/clients/clients-slice.ts';
import { documentsSlice } from '../features/documents/documents-slice.ts';

export function createStore() {
  return configureStore({
    reducer: {
      clients: clientsSlice.reducer,
      documents: documentsSlice.reducer,
    },
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
