import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { commentaryPrompt } from '../../../shared/insights/prompt.ts';
import { InsightsPanel } from './insights-panel.tsx';
import { streamingFetch } from './test-fetch.ts';

const proposalData = [
  { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 0.97 },
];

function setup(fetch: typeof globalThis.fetch) {
  const user = userEvent.setup();
  const view = render(<InsightsPanel proposalData={proposalData} fetch={fetch} />);
  const generate = () => user.click(screen.getByRole('button', { name: 'Generate Insights' }));
  return { ...view, generate };
}

describe('InsightsPanel', () => {
  it('shows nothing but the button until asked', () => {
    const { fetch, requests } = streamingFetch();
    setup(fetch);
    expect(screen.getByRole('button', { name: 'Generate Insights' })).toBeInTheDocument();
    expect(screen.queryByText('Insights')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('posts the commentary prompt and the full proposal to /api/ai', async () => {
    const { fetch, requests } = streamingFetch();
    const { generate } = setup(fetch);
    await generate();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe('/api/ai');
    expect(request!.init.method).toBe('POST');
    expect(new Headers(request!.init.headers).get('content-type')).toBe('application/json');
    const { messages } = request!.body;
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(messages[0]!.content).toBe(commentaryPrompt);
    expect(JSON.parse(messages[2]!.content)).toEqual(proposalData);
  });

  it("shows 'Generating insights...' until the first chunk, then appends chunks as Markdown", async () => {
    const { fetch, requests } = streamingFetch();
    const { generate } = setup(fetch);
    await generate();
    expect(screen.getByRole('heading', { name: 'Insights' })).toBeInTheDocument();
    expect(screen.getByText('Generating insights...')).toBeInTheDocument();

    requests[0]!.push('- Dental carrier ');
    expect(await screen.findByText('Dental carrier')).toBeInTheDocument();
    expect(screen.queryByText('Generating insights...')).not.toBeInTheDocument();

    requests[0]!.push('name missing\n- **Verify** rates\n');
    const items = await screen.findAllByRole('listitem');
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Dental carrier name missing',
        'Verify rates',
      ]),
    );
    expect(items.length).toBeGreaterThan(0);
    expect(screen.getByText('Verify').tagName).toBe('STRONG');
    requests[0]!.end();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Insights' })).toHaveAttribute(
        'aria-busy',
        'false',
      ),
    );
  });

  it('decodes UTF-8 split across chunks', async () => {
    const { fetch, requests } = streamingFetch();
    const { generate } = setup(fetch);
    await generate();
    const bytes = new TextEncoder().encode('Résumé ✓');
    requests[0]!.push(bytes.slice(0, 2));
    requests[0]!.push(bytes.slice(2, 9));
    requests[0]!.push(bytes.slice(9));
    requests[0]!.end();
    expect(await screen.findByText('Résumé ✓')).toBeInTheDocument();
  });

  it.each([
    ['a non-OK answer', streamingFetch({ status: 500 }).fetch, 'Failed to fetch AI response'],
    [
      'an answer without a stream',
      streamingFetch({ withoutBody: true }).fetch,
      'ReadableStream not supported',
    ],
    [
      'a network failure',
      (async () => {
        throw new TypeError('NetworkError when attempting to fetch resource.');
      }) as typeof fetch,
      'NetworkError when attempting to fetch resource.',
    ],
    [
      'a failure with no message',
      (async () => {
        throw 'nope';
      }) as typeof fetch,
      'Unknown error',
    ],
  ])('shows the spec message for %s', async (_what, fetch, message) => {
    const { generate } = setup(fetch);
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Generating insights...')).not.toBeInTheDocument();
  });

  it('aborts the earlier request when asked again, without an error', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { fetch, requests } = streamingFetch();
    const { generate } = setup(fetch);
    await generate();
    requests[0]!.push('- Old answer\n');
    expect(await screen.findByText('Old answer')).toBeInTheDocument();

    await generate();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.aborted).toBe(true);
    expect(screen.getByText('Generating insights...')).toBeInTheDocument();
    expect(screen.queryByText('Old answer')).not.toBeInTheDocument();

    requests[1]!.push('- New answer\n');
    requests[1]!.end();
    expect(await screen.findByText('New answer')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Old answer')).not.toBeInTheDocument();
    expect(info).toHaveBeenCalledWith('Insights request aborted');
    info.mockRestore();
  });

  it('aborts the request in flight when the screen goes away', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { fetch, requests } = streamingFetch();
    const { generate, unmount } = setup(fetch);
    await generate();
    unmount();
    expect(requests[0]!.aborted).toBe(true);
    vi.restoreAllMocks();
  });
});
