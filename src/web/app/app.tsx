import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { fetchClients } from '../features/clients/clients-slice.ts';
import {
  fetchCarrierProposals,
  fetchPolicyCertificates,
} from '../features/documents/documents-slice.ts';
import { createRouter } from './router.tsx';
import type { AppStore } from './store.ts';

const router = createRouter();

/** On application start three things load (spec §2): the two document lists and the client list. */
export function startLoads(store: AppStore) {
  void store.dispatch(fetchCarrierProposals());
  void store.dispatch(fetchPolicyCertificates());
  void store.dispatch(fetchClients());
}

export function App({ store }: { store: AppStore }) {
  useEffect(() => startLoads(store), [store]);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
