import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { fetchClients } from '../features/clients/clients-slice.ts';
import {
  fetchCarrierProposals,
  fetchPolicyCertificates,
} from '../features/documents/documents-slice.ts';
import { createRouter } from './router.tsx';
import { SessionProvider, useSession } from './session.tsx';
import type { AppStore } from './store.ts';

/** On application start three things load (spec §2): the two document lists and the client list. */
export function startLoads(store: AppStore) {
  void store.dispatch(fetchCarrierProposals());
  void store.dispatch(fetchPolicyCertificates());
  void store.dispatch(fetchClients());
}

/** The start loads run once someone is signed in (at once with AUTH=none), and again for each sign-in. */
export function LoadWhenSignedIn({ store }: { store: AppStore }) {
  const { state } = useSession();
  const who = state.status === 'signedIn' ? state.info.user.email : undefined;
  useEffect(() => {
    if (who !== undefined) startLoads(store);
  }, [store, who]);
  return null;
}

export function App({ store }: { store: AppStore }) {
  const [router] = useState(createRouter);
  return (
    <Provider store={store}>
      <SessionProvider>
        <LoadWhenSignedIn store={store} />
        <RouterProvider router={router} />
      </SessionProvider>
    </Provider>
  );
}
