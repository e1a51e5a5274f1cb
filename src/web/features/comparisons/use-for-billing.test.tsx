import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProposalFixtures } from '../../../../tests/support/proposal-fixtures.ts';
import type { Class } from '../../../shared/billing/schema.ts';
import type { Client } from '../../../shared/clients/client.ts';
import { createStore } from '../../app/store.ts';
import { ClientDetail } from '../clients/client-detail.tsx';
import { clientUpserted } from '../clients/clients-slice.ts';

const uhc = loadProposalFixtures().find((f) => f.id === 'dev05-uhc-dental-3class')!.truth;
const client = (classes: Class[]): Client => ({
  id: 'c1',
  name: 'Summit Ridge Engineering',
  logo: null,
  classes,
  notes: null,
  createdOn: '2026-01-01T00:00:00.000Z',
  revision: 3,
});

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url === '/api/documents/carrierProposals/d1')
        return json({ id: 'd1', name: 'UHC 2026', data: uhc, clientId: 'c1', status: 'done' });
      if (/^\/api\/(documents\/\w+\?clientId=|comparisons\?clientId=)/.test(url)) return json([]);
      if (url === '/api/config') return json({});
      throw new Error(`unexpected request ${url}`);
    }),
  );
}

function open(classes: Class[]) {
  const store = createStore();
  store.dispatch(clientUpserted(client(classes)));
  const router = createMemoryRouter([{ path: '/clients/:id', element: <ClientDetail /> }], {
    initialEntries: ['/clients/c1?useForBilling=d1&product=dental'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('Use for billing on the client page', () => {
  it('puts the rates straight in when every class matches by name, as unsaved edits', async () => {
    serve();
    const router = open(
      ['Class 1', 'Class 2', 'Class 3'].map((className, i) => ({
        className,
        classID: `C${i + 1}`,
        products: [],
      })),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The Dental rates of “UHC 2026” are in the editor as unsaved changes.',
    );
    // the address no longer asks for it: a reload would not put them in twice
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    const products = screen.getAllByRole('listitem', { name: /Dental/ });
    expect(products).toHaveLength(3);
    const first = products[0]!;
    expect(within(first).getByRole('textbox', { name: 'Tier 1 name' })).toHaveValue('EE');
    expect(within(first).getByRole('spinbutton', { name: 'Tier 1 rate' })).toHaveValue(49.37);
    expect(within(first).getByLabelText('Effective Date')).toHaveValue('01/01/2026');
  });

  it('asks which class gets the rates when none matches, then puts them in', async () => {
    serve();
    const user = userEvent.setup();
    open([{ className: 'Salaried', classID: 'S', products: [] }]);
    const form = await screen.findByRole('form', { name: 'Use for billing' });
    const picks = within(form).getAllByRole('combobox');
    expect(picks).toHaveLength(3);
    await user.selectOptions(picks[0]!, 'Salaried');
    await user.click(within(form).getByRole('button', { name: 'Put the rates in the editor' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'are in the editor as unsaved changes',
    );
    // Class 2 and Class 3 became new classes beside Salaried
    expect(
      screen
        .getAllByRole('textbox', { name: 'Class Name' })
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Salaried', 'Class 2', 'Class 3']);
  });
});
