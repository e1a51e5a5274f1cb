import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Class } from '../../../shared/billing/schema.ts';
import { buildClass, buildProduct } from '../../../shared/billing/testing/factories.ts';
import type { Client } from '../../../shared/clients/client.ts';
import { createStore } from '../../app/store.ts';
import { ClientDetail } from '../clients/client-detail.tsx';
import { clientUpserted } from '../clients/clients-slice.ts';

const clientId = '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e00aa';

function buildClient(overrides: Partial<Client> = {}): Client {
  return {
    id: clientId,
    name: 'Acme Manufacturing',
    logo: null,
    classes: [],
    notes: null,
    createdOn: '2026-11-20T15:00:00.000Z',
    revision: 0,
    ...overrides,
  };
}

/** One class holding a Dental product with two tiers. */
function dentalClasses(rate = 40): Class[] {
  return [
    buildClass({
      className: 'Salaried',
      classID: 'S1',
      products: [
        buildProduct({
          productCode: 'Dental',
          productId: '6f0d3c52-8a1e-4b8e-9d55-3f1c2b9e0001',
          effectiveDate: '01/01/2027',
          rate: {
            type: 'tiered',
            rateTiers: [
              { tierName: 'Employee', rate },
              { tierName: 'Family', rate: 120 },
            ],
          },
        }),
      ],
    }),
  ];
}

interface Answer {
  status: number;
  body?: unknown;
  text?: string;
}

/** A fetch that records requests and answers each from the test's queue, in order. */
function fakeFetch() {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const answers: (Answer | Promise<Answer> | Error)[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    // The client page's other sections (its documents, saved comparisons, the upload area's
    // settings) read in the background: answered empty, not recorded.
    const url = String(input);
    if (/^\/api\/(documents\/\w+\?clientId=|comparisons\?clientId=|config$)/.test(url)) {
      return new Response(url.endsWith('/config') ? '{}' : '[]', {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const next = answers.shift();
    if (next === undefined) throw new Error(`unexpected request ${String(input)}`);
    if (next instanceof Error) throw next;
    const a = await next;
    return new Response(a.text ?? JSON.stringify(a.body ?? {}), {
      status: a.status,
      headers: { 'Content-Type': a.text === undefined ? 'application/json' : 'text/plain' },
    });
  });
  return { fetch, requests, answers };
}

function setup(client: Client = buildClient()) {
  const store = createStore();
  store.dispatch(clientUpserted(client));
  const router = createMemoryRouter(
    [
      { path: '/clients/:id', element: <ClientDetail /> },
      { path: '/clients', element: <p>The client list</p> },
    ],
    { initialEntries: [`/clients/${client.id}`] },
  );
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const storedClient = () => store.getState().clients.list.find((c) => c.id === client.id)!;
  return { store, router, user, storedClient };
}

const saveButton = () => screen.queryByRole('button', { name: '💾 Save' });
const revertButton = () => screen.getByRole('button', { name: '↪️ Revert' });
const productCard = (name: string | RegExp) => screen.getByRole('listitem', { name });

let net: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  net = fakeFetch();
  vi.stubGlobal('fetch', net.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('BillingEditor: sections, cards and the save bar', () => {
  it('shows the empty sections and no save bar for a client without billing parameters', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Billing Parameters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Classes' })).toBeInTheDocument();
    expect(screen.getByText('No classes yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByText('No products yet.')).toBeInTheDocument();
    expect(saveButton()).not.toBeInTheDocument();
  });

  it('shows the save bar only while there are unsaved changes; Revert restores the saved state', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '+ Add Class' }));
    expect(screen.getByRole('heading', { name: 'Class #1' })).toBeInTheDocument();
    expect(saveButton()).toBeInTheDocument();

    await user.type(screen.getByLabelText('Class Name'), 'Executives');
    expect(screen.getByRole('heading', { name: 'Executives' })).toBeInTheDocument();
    await user.click(revertButton());
    expect(screen.getByText('No classes yet.')).toBeInTheDocument();
    expect(saveButton()).not.toBeInTheDocument();

    // Editing back to the saved data is clean again, without a revert.
    await user.click(screen.getByRole('button', { name: '+ Add Class' }));
    await user.click(screen.getByRole('button', { name: 'Delete Class' }));
    expect(saveButton()).not.toBeInTheDocument();
  });

  it('trims text fields on blur', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '+ Add Class' }));
    const name = screen.getByLabelText('Class Name');
    await user.type(name, '  Hourly  ');
    expect(name).toHaveValue('  Hourly  ');
    await user.tab();
    expect(name).toHaveValue('Hourly');
  });

  it('deleting a class removes it from every product that it held', async () => {
    const { user } = setup(buildClient({ classes: dentalClasses() }));
    const card = productCard('Dental');
    expect(within(card).getByRole('list', { name: 'Held by classes' })).toHaveTextContent(
      'Salaried',
    );
    await user.click(screen.getByRole('button', { name: 'Delete Class' }));
    expect(within(card).getByText('In no class — not saved')).toBeInTheDocument();
  });
});

describe('BillingEditor: the product-type picker', () => {
  async function newProduct() {
    const view = setup();
    await view.user.click(screen.getByRole('button', { name: '+ Add Product' }));
    return { ...view, input: screen.getByRole('combobox', { name: 'Product Type' }) };
  }

  it('filters by name or code as the broker types, and Enter commits the highlighted type', async () => {
    const { user, input } = await newProduct();
    expect(screen.getByRole('listitem', { name: 'Product #1' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.type(input, 'vtl/');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Voluntary Term Life with AD&DVTL/AD&D',
    ]);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Voluntary Term Life with AD&D');
    expect(
      screen.getByRole('button', { name: /Voluntary Term Life with AD&D - VTL\/AD&D/ }),
    ).toBeInTheDocument();
  });

  it('puts the type an entry names exactly first, ignoring case', async () => {
    const { user, input } = await newProduct();
    await user.type(input, 'LIFE');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options[0]).toBe('Life');
    expect(options).toContain('Voluntary Term LifeVTL');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Life and AD&D');
    expect(screen.getByRole('button', { name: 'Life and AD&D - Life/AD&D' })).toBeInTheDocument();
  });

  it('reverts an unmatched entry on blur, and commits an entry that names a type', async () => {
    const { user, input } = await newProduct();
    await user.type(input, 'dental{Enter}');
    expect(input).toHaveValue('Dental');

    await user.clear(input);
    await user.type(input, 'denta');
    await user.tab();
    expect(input).toHaveValue('Dental');
    expect(screen.getByRole('button', { name: 'Dental' })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'ltd');
    await user.tab();
    expect(input).toHaveValue('Long Term Disability');
    expect(screen.getByRole('button', { name: /Long Term Disability - LTD/ })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'nothing like it');
    expect(screen.getByText('No product type matches this entry.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('Long Term Disability');
  });

  it('shows only what the chosen type supports', async () => {
    const { user, input } = await newProduct();
    expect(screen.queryByLabelText('Effective Date')).not.toBeInTheDocument();
    expect(screen.getByText(/Choose a product type/)).toBeInTheDocument();
    await user.type(input, 'dental{Enter}');
    expect(screen.getByLabelText('Effective Date')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(screen.getByLabelText('Price Rate Basis')).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('Dental Notes:')).toHaveAttribute('rows', '2');
    for (const absent of [
      'Smoker Indicator',
      'Spouse Admin On EE',
      'Matched AD&D',
      'Volume Type',
      'Reduction Type',
      'Anchor',
    ])
      expect(screen.queryByLabelText(absent)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rate tiers' })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'Life and AD&D{Enter}');
    for (const present of ['Matched AD&D', 'Volume Type', 'Reduction Type', 'Static Rate'])
      expect(screen.getByLabelText(present)).toBeInTheDocument();
    expect(screen.queryByLabelText('Smoker Indicator')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Anchor')).not.toBeInTheDocument();
  });
});

describe('BillingEditor: rate, age-band and age-reduction editors', () => {
  async function productOfType(type: string) {
    const view = setup();
    await view.user.click(screen.getByRole('button', { name: '+ Add Product' }));
    await view.user.type(screen.getByRole('combobox', { name: 'Product Type' }), `${type}{Enter}`);
    return view;
  }

  it('shows the tobacco rate column only while the smoker indicator is on', async () => {
    const { user } = await productOfType('VTL');
    await user.click(screen.getByRole('button', { name: 'Add Age Band' }));
    const bands = screen.getByRole('table', { name: 'Age bands' });
    expect(within(bands).queryByText('Tobacco Rate')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Spouse Smoker On EE')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Smoker Indicator'));
    expect(within(bands).getByText('Tobacco Rate')).toBeInTheDocument();
    expect(screen.getByLabelText('Spouse Smoker On EE')).toBeInTheDocument();
    const tobacco = screen.getByLabelText('Band 1 tobacco rate');
    await user.type(tobacco, '0.5{Enter}');
    expect(tobacco).toHaveValue(0.5);

    await user.click(screen.getByLabelText('Smoker Indicator'));
    expect(within(bands).queryByText('Tobacco Rate')).not.toBeInTheDocument();
    // Turning smoker back on shows the column empty: turning it off removed the tobacco rates.
    await user.click(screen.getByLabelText('Smoker Indicator'));
    expect(screen.getByLabelText('Band 1 tobacco rate')).toHaveValue(null);
  });

  it('edits tiered age bands of a product that allows both modes', async () => {
    const { user } = await productOfType('CI');
    await user.selectOptions(screen.getByLabelText('Age Band Mode'), 'tiered');
    await user.click(screen.getByRole('button', { name: 'Add Age Band' }));
    expect(screen.getByRole('table', { name: 'Band 1 rate tiers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Age Band' }));
    expect(screen.getByRole('table', { name: 'Band 2 rate tiers' })).toBeInTheDocument();
    // Switching the mode converts every band.
    await user.selectOptions(screen.getByLabelText('Age Band Mode'), 'static');
    expect(screen.getByRole('table', { name: 'Age bands' })).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Band \d rate$/)).toHaveLength(2);
  });

  it('clamps a number on blur, commits on Enter, and restores the previous value for a refused entry', async () => {
    const { user } = await productOfType('VTL');
    await user.click(screen.getByRole('button', { name: 'Add Age Band' }));
    const min = screen.getByLabelText('Band 1 minimum age');
    const max = screen.getByLabelText('Band 1 maximum age');
    const rate = screen.getByLabelText('Band 1 rate');
    await user.type(max, '40{Enter}');
    expect(max).toHaveValue(40);
    await user.clear(min);
    await user.type(min, '200');
    await user.tab();
    expect(min).toHaveValue(130);
    expect(max).toHaveValue(130); // raising the minimum above the maximum raises the maximum
    await user.clear(rate);
    await user.type(rate, '12000{Enter}');
    expect(rate).toHaveValue(9999);
    // An empty static band rate is ignored: the previous value shows again.
    await user.clear(rate);
    await user.tab();
    expect(rate).toHaveValue(9999);
  });

  it('disables Add Age Reduction with "Select a type first" until a type is chosen', async () => {
    const { user } = await productOfType('Life');
    const add = screen.getByRole('button', { name: 'Add Age Reduction' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Select a type first');
    await user.selectOptions(screen.getByLabelText('Reduction Type'), 'percentage');
    expect(add).toBeEnabled();
    expect(screen.queryByText('Select a type first')).not.toBeInTheDocument();
    await user.click(add);
    expect(screen.getByLabelText('Reduction 1 age')).toHaveValue(0);
    expect(screen.getByLabelText('Reduction 1 increment')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reduction Type'), 'amount');
    expect(screen.queryByLabelText('Reduction 1 increment')).not.toBeInTheDocument();
    // Emptying the list sets the age reduction back to unset: a type must be chosen again.
    await user.click(screen.getByRole('button', { name: 'Delete reduction 1' }));
    expect(screen.getByRole('button', { name: 'Add Age Reduction' })).toBeDisabled();
  });

  it('shows Invalid date beside an effective date that is not a date, once the broker leaves it', async () => {
    const { user } = await productOfType('Dental');
    const date = screen.getByLabelText('Effective Date');
    await user.type(date, 'next spring');
    expect(screen.queryByText('Invalid date')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Invalid date')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '07/01/2027');
    await user.tab();
    expect(screen.queryByText('Invalid date')).not.toBeInTheDocument();
  });
});

describe('BillingEditor: saving', () => {
  async function editedDental() {
    const view = setup(buildClient({ classes: dentalClasses(), revision: 3 }));
    await view.user.click(screen.getByRole('button', { name: /Dental/ }));
    const rate = screen.getByLabelText('Tier 1 rate');
    await view.user.clear(rate);
    await view.user.type(rate, '55{Enter}');
    return view;
  }

  it('posts {clientId, classes, revision}, shows Saving… while busy, then is clean with the new revision', async () => {
    const { user, storedClient } = await editedDental();
    let answer!: (a: Answer) => void;
    net.answers.push(new Promise<Answer>((r) => (answer = r)));
    await user.click(saveButton()!);
    expect(screen.getByRole('button', { name: '⌛ Saving…' })).toBeDisabled();
    expect(net.requests[0]).toEqual({
      url: '/api/clients/updateBillingParameters',
      method: 'POST',
      body: { clientId, classes: dentalClasses(55), revision: 3 },
    });
    await act(async () => answer({ status: 200, body: { revision: 4 } }));
    await waitFor(() => expect(saveButton()).not.toBeInTheDocument());
    expect(storedClient()).toMatchObject({ revision: 4, classes: dentalClasses(55) });
    // The editor stays as it is (cards open, no reload) and the next save is based on revision 4.
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(55);
    await user.type(screen.getByLabelText('Tier 2 name'), '!');
    net.answers.push({ status: 200, body: { revision: 5 } });
    await user.click(saveButton()!);
    await waitFor(() => expect(saveButton()).not.toBeInTheDocument());
    expect((net.requests[1]!.body as { revision: number }).revision).toBe(4);
  });

  it('shows a refusal as Error: Update failed ({status}): {message}, and keeps the edits', async () => {
    const { user } = await editedDental();
    net.answers.push({
      status: 400,
      body: {
        error: 'classes[0].products[0].rate.rateTiers[1].rate: Rate -5 is below the minimum 0',
      },
    });
    await user.click(saveButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Update failed (400): classes[0].products[0].rate.rateTiers[1].rate: Rate -5 is below the minimum 0',
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(55);
    await user.click(revertButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a body that is not JSON as it is, and a network failure as the fallback message', async () => {
    const { user } = await editedDental();
    net.answers.push({ status: 502, text: 'Bad gateway upstream' });
    await user.click(saveButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Update failed (502): Bad gateway upstream',
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    net.answers.push(new TypeError('Failed to fetch'));
    await user.click(saveButton()!);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Error: Failed to save billing parameters',
      ),
    );
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  const conflict = {
    status: 409,
    body: {
      error:
        'This client was changed by someone else since you opened it. Reload to see the latest version.',
      revision: 4,
    },
  };
  const theirs = { status: 200, body: buildClient({ classes: dentalClasses(77), revision: 4 }) };

  it('says so when someone else saved first, and Reload shows their version', async () => {
    const { user, storedClient } = await editedDental();
    // The 409, then the newer version fetched at once, then the broker's Reload.
    net.answers.push(conflict, theirs, theirs);
    await user.click(saveButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Update failed (409): This client was changed by someone else since you opened it. Reload to see the latest version.',
    );
    await waitFor(() => expect(storedClient().revision).toBe(4));
    // Nothing is discarded until the broker asks.
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(55);

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(saveButton()).not.toBeInTheDocument());
    expect(net.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/clients/updateBillingParameters',
      `GET /api/clients/${clientId}`,
      `GET /api/clients/${clientId}`,
    ]);
    // The card the broker had open stays open.
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(77);
    expect(storedClient().revision).toBe(4);
  });
});

describe('BillingEditor: after a conflict', () => {
  it('Revert lands on the newer version, not on the stale one', async () => {
    const view = setup(buildClient({ classes: dentalClasses(), revision: 3 }));
    await view.user.click(screen.getByRole('button', { name: /Dental/ }));
    await view.user.type(screen.getByLabelText('Tier 2 name'), '!');
    net.answers.push(
      {
        status: 409,
        body: { error: 'This client was changed by someone else.', revision: 4 },
      },
      { status: 200, body: buildClient({ classes: dentalClasses(77), revision: 4 }) },
    );
    await view.user.click(saveButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed (409)');
    await waitFor(() => expect(view.storedClient().revision).toBe(4));
    expect(screen.getByLabelText('Tier 2 name')).toHaveValue('Family!');
    await view.user.click(revertButton());
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(77);
    expect(screen.getByLabelText('Tier 2 name')).toHaveValue('Family');
    expect(saveButton()).not.toBeInTheDocument();
  });
});

describe('BillingEditor: incoming client data', () => {
  it('resets to a newer version when clean, and keeps unsaved edits when dirty', async () => {
    const { user, store } = setup(buildClient({ classes: dentalClasses(), revision: 1 }));
    act(() => {
      store.dispatch(clientUpserted(buildClient({ classes: dentalClasses(60), revision: 2 })));
    });
    await user.click(screen.getByRole('button', { name: /Dental/ }));
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(60);

    await user.type(screen.getByLabelText('Class Name'), ' Staff');
    act(() => {
      store.dispatch(clientUpserted(buildClient({ classes: dentalClasses(70), revision: 3 })));
    });
    expect(screen.getByLabelText('Class Name')).toHaveValue('Salaried Staff');
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(60);
    expect(screen.getByRole('status')).toHaveTextContent(/newer version/);
    // Reverting makes the editor clean, so it takes the newer version.
    await user.click(revertButton());
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(70);
    // An older copy (e.g. a list fetched before a save landed) is never applied.
    act(() => {
      store.dispatch(clientUpserted(buildClient({ classes: dentalClasses(10), revision: 2 })));
    });
    expect(screen.getByLabelText('Tier 1 rate')).toHaveValue(70);
  });

  it('asks before leaving the page with unsaved changes', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: '+ Add Class' }));
    await user.click(screen.getByRole('link', { name: '← Back to Clients' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Leave without saving?');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(`/clients/${clientId}`);
    await user.click(screen.getByRole('link', { name: '← Back to Clients' }));
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The client list')).toBeInTheDocument();
  });
});
