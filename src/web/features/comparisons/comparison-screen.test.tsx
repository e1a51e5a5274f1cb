import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProposalFixtures } from '../../../../tests/support/proposal-fixtures.ts';
import { createStore } from '../../app/store.ts';
import { ComparisonScreen } from './comparison-screen.tsx';

const fixtures = loadProposalFixtures();
const docs: Record<string, { id: string; name: string; data: unknown; clientId: string | null }> = {
  a: {
    id: 'a',
    name: 'Ameritas 2026',
    data: fixtures.find((f) => f.id === 'dev01-ameritas-dental-proposal')!.truth,
    clientId: 'c1',
  },
  u: {
    id: 'u',
    name: 'UHC three classes',
    data: fixtures.find((f) => f.id === 'dev05-uhc-dental-3class')!.truth,
    clientId: 'c1',
  },
};

function serve() {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url === '/api/clients')
        return json([
          {
            id: 'c1',
            name: 'Acme',
            logo: null,
            classes: [],
            notes: null,
            createdOn: '2026-01-01T00:00:00.000Z',
            revision: 0,
          },
        ]);
      const doc = /^\/api\/documents\/carrierProposals\/(\w+)$/.exec(url);
      if (doc) return json(docs[doc[1]!]);
      if (url === '/api/comparisons' && init.method === 'POST')
        return json({ id: 's1', ...(sent.at(-1)!.body as object) }, 201);
      throw new Error(`unexpected request ${url}`);
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('ComparisonScreen', () => {
  it('compares, re-matches a class by hand, changes the baseline, downloads with both, and saves', async () => {
    const sent = serve();
    const user = userEvent.setup();
    render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={['/comparisons?ids=a,u&client=c1']}>
          <Routes>
            <Route path="/comparisons" element={<ComparisonScreen />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    const first = await screen.findByRole('region', { name: 'Class All Eligible Employees' });
    expect(within(first).getAllByRole('columnheader')[2]).toHaveTextContent('no matching class');
    // UHC's Class 2 beside Ameritas's one class
    await user.click(screen.getByText('Match classes by hand'));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Compare Class 2 of UHC three classes with' }),
      'All Eligible Employees',
    );
    const matched = screen.getByRole('region', { name: 'Class All Eligible Employees' });
    expect(within(matched).getAllByRole('columnheader')[2]).toHaveTextContent(
      'UnitedHealthcareUHC Dental PPO P1500Class 2',
    );
    expect(
      within(within(matched).getByRole('row', { name: /^Employee Only/ })).getAllByRole('cell')[1],
    ).toHaveTextContent('$33.06');
    // the baseline: Ameritas
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Baseline (the current plan)' }),
      'a',
    );
    expect(within(matched).getByRole('row', { name: /^Employee Only/ })).toHaveTextContent(
      'vs baseline',
    );
    const xlsx = screen.getByRole('link', { name: /Excel/ }).getAttribute('href')!;
    const query = new URLSearchParams(xlsx.split('?')[1]);
    expect(query.get('ids')).toBe('a,u');
    expect(query.get('baseline')).toBe('a');
    expect(JSON.parse(query.get('matching')!)).toEqual({
      u: { 'Class 2': 'All Eligible Employees' },
    });

    await user.type(screen.getByRole('textbox', { name: 'Comparison name' }), 'Renewal');
    await user.click(screen.getByRole('button', { name: 'Save comparison' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved on Acme.');
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'Renewal',
      clientId: 'c1',
      documentIds: ['a', 'u'],
      baselineId: 'a',
      classMatching: { u: { 'Class 2': 'All Eligible Employees' } },
    });
  });
});
