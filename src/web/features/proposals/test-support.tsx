import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CarrierProposal } from './use-carrier-proposal.ts';

/** A stored carrier proposal as GET /api/documents/carrierProposals/:id answers it. */
export function buildProposal(overrides: Partial<CarrierProposal> = {}): CarrierProposal {
  return {
    id: '7d4c2a1e-3b5f-4c6d-8e9f-0a1b2c3d4e5f',
    name: 'Lincoln 2026 renewal',
    data: [],
    url: '/api/files/4b0a1c2d-0000-4000-8000-000000000001',
    createdOn: '2026-01-15T15:30:00.000Z',
    status: 'done',
    error: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = CarrierProposal | null | Error;

/**
 * Stubs the global fetch for GET /api/documents/carrierProposals/:id: each call answers with the
 * next of `answers` (the last one repeats); `null` answers 404, an Error a 500. An answer given
 * as a promise is sent when it settles, so a test can hold a state on screen for as long as it
 * looks at it. Returns the mock to inspect.
 */
export function stubProposalFetch(...answers: Array<Answer | Promise<Answer>>) {
  let call = 0;
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const answer = await answers[Math.min(call++, answers.length - 1)];
    const url = String(input);
    if (!url.startsWith('/api/documents/carrierProposals/')) {
      throw new Error(`unexpected request ${url}`);
    }
    // The review screen also asks for pages and revisions: these documents have none.
    if (url.split('/').length > 5) return json(404, { error: 'Not found.' });
    if (answer instanceof Error) return json(500, { error: answer.message });
    if (answer === null) return json(404, { error: 'Carrier proposal not found.' });
    return json(200, answer);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A promise the test settles when it chooses. */
export function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Renders `element` as the screen of `routePath`, opened at `url`. */
export function renderRoute(routePath: string, url: string, element: ReactElement) {
  // A data router, as the app's: the review screen asks before leaving with unsaved changes.
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}
