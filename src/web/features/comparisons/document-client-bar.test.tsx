import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { DocumentClientBar } from './document-client-bar.tsx';

const acme = {
  id: 'c-acme',
  name: 'Acme Manufacturing',
  logo: null,
  classes: [],
  notes: null,
  createdOn: '2026-01-01T00:00:00.000Z',
  revision: 0,
};
const zenith = { ...acme, id: 'c-zenith', name: 'Zenith Logistics' };

/** The server: clients, a suggestion, and PATCH answering the new link. */
function serve() {
  const patches: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url === '/api/clients') return json([acme, zenith]);
    if (url.endsWith('/client-suggestion'))
      return json({
        employerName: 'ACME MANUFACTURING, INC.',
        client: { id: acme.id, name: acme.name },
      });
    if (init.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      patches.push(body);
      return json({ id: 'd1', ...body });
    }
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return patches;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('DocumentClientBar', () => {
  it('suggests the client the document names, links it in one click, unlinks and relinks', async () => {
    const patches = serve();
    const user = userEvent.setup();
    render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={['/documents/carrierProposals/d1']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <DocumentClientBar
                    collection="carrierProposals"
                    document={{ id: 'd1', status: 'done', clientId: null, products: ['dental'] }}
                  />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText(/It is for “ACME MANUFACTURING, INC\.”/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link to Acme Manufacturing' }));
    expect(await screen.findByRole('link', { name: 'Acme Manufacturing' })).toHaveAttribute(
      'href',
      '/clients/c-acme',
    );
    expect(patches).toEqual([{ clientId: 'c-acme' }]);

    await user.click(screen.getByRole('button', { name: 'Link to another client' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Choose the client' }),
      'Zenith Logistics',
    );
    expect(await screen.findByRole('link', { name: 'Zenith Logistics' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use for billing' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/clients/c-zenith?useForBilling=d1&product=dental',
    );

    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Not linked to a client.')).toBeInTheDocument();
    expect(patches).toEqual([{ clientId: 'c-acme' }, { clientId: 'c-zenith' }, { clientId: null }]);
  });
});
