import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParsedData } from '../../../shared/proposals/parsed-data.ts';
import { CarrierProposalDetail } from './carrier-proposal-detail.tsx';
import { buildProposal, renderRoute } from './test-support.tsx';
import type { CarrierProposal } from './use-carrier-proposal.ts';

const rates = 'dentalInsurance_rateTiers';
const data: ParsedData = [
  {
    type: 'field',
    label: 'dentalInsurance_carrierName',
    value: 'Acme Dental',
    score: 0.97,
    source: { page: 1, box: [10, 10, 90, 20] },
  },
  { type: 'field', label: 'dentalInsurance_effectiveDate', value: '01/01/2026', score: 0.5 },
  {
    type: 'table',
    label: rates,
    cells: [
      { label: `${rates}_class`, value: 'Class 1', row: 0, col: 0, score: 0.95 },
      { label: `${rates}_rateTier`, value: 'Employee', row: 0, col: 1, score: 0.3 },
      { label: `${rates}_carrierMonthlyRate`, value: '$38.92', row: 0, col: 2, score: 0.7 },
    ],
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A server for the review screen: GET answers the stored document; PUT …/data stores the data
 * as a new revision, or answers 409 when its revision is not the stored one.
 */
function serve(initial: CarrierProposal) {
  let stored = structuredClone(initial);
  const saves: Array<{ data: ParsedData; revision: number }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const base = `/api/documents/carrierProposals/${stored.id}`;
    if (url === base) return json(200, stored);
    if (url === `${base}/data` && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { data: ParsedData; revision: number };
      saves.push(body);
      if (body.revision !== stored.revision) {
        return json(409, { error: 'Someone saved a newer version of this document.' });
      }
      stored = { ...stored, data: body.data, revision: (stored.revision ?? 0) + 1 };
      return json(200, { revision: stored.revision });
    }
    return json(404, { error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    saves,
    /** Someone else saves: the stored revision moves on. */
    saveElsewhere(next: ParsedData) {
      stored = { ...stored, data: next, revision: (stored.revision ?? 0) + 1 };
    },
  };
}

function open(proposal: CarrierProposal) {
  renderRoute(
    '/documents/carrierProposals/:id',
    `/documents/carrierProposals/${proposal.id}`,
    <CarrierProposalDetail pollIntervalMs={10} />,
  );
}

const proposal = () =>
  buildProposal({ data: structuredClone(data), revision: 1, reviewed: false, pageCount: 0 });

const value = (key: string) =>
  document.querySelector<HTMLElement>(`.workspace-data [data-value-key="${key}"]`)!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the review screen', () => {
  it('selects a value by click or keyboard and says where it came from', async () => {
    serve(proposal());
    const user = userEvent.setup();
    open(proposal());
    await screen.findByText('Acme Dental');

    await user.click(value('field/dentalInsurance_carrierName'));
    expect(value('field/dentalInsurance_carrierName')).toHaveAttribute('aria-current', 'true');
    const card = screen.getByRole('region', { name: 'Selected value' });
    expect(card).toHaveTextContent('Dental Insurance · Carrier');
    expect(screen.getByTestId('value-origin')).toHaveTextContent('Read on page 1');

    value(`cell/${rates}/0/1`).focus();
    await user.keyboard('{Enter}');
    expect(value(`cell/${rates}/0/1`)).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('value-origin')).toHaveTextContent('not found in the document');

    // F2 edits the selected value in place; Escape keeps the old value.
    await user.keyboard('{F2}');
    const box = within(value(`cell/${rates}/0/1`)).getByRole('textbox', { name: 'Value' });
    expect(box).toHaveFocus();
    await user.keyboard('x{Escape}');
    expect(value(`cell/${rates}/0/1`)).toHaveTextContent('Employee');
    expect(value(`cell/${rates}/0/1`)).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('renames a class: its heading and the class of each of its rows; Escape keeps the name', async () => {
    const server = serve(proposal());
    const user = userEvent.setup();
    open(proposal());
    await user.click(await screen.findByRole('button', { name: 'Rename Class 1' }));
    const box = screen.getByRole('textbox', { name: 'Class name' });
    expect(box).toHaveFocus();
    await user.keyboard('Night shift{Escape}');
    expect(screen.getByRole('heading', { name: 'Class 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename Class 1' }));
    await user.keyboard('All Employees{Enter}');
    expect(screen.getByRole('heading', { name: /All Employees/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '💾 Save' }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const saved = server.saves[0]!.data.find((it) => it.type === 'table');
    expect(saved?.type === 'table' && saved.cells[0]).toMatchObject({
      label: `${rates}_class`,
      value: 'All Employees',
      review: { state: 'corrected' },
    });
  });

  it('edits in place, removes, adds, and saves the data with its revision', async () => {
    const server = serve(proposal());
    const user = userEvent.setup();
    open(proposal());
    await screen.findByText('Acme Dental');
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();

    await user.dblClick(value(`cell/${rates}/0/2`));
    const box = within(value(`cell/${rates}/0/2`)).getByRole('textbox', { name: 'Value' });
    await user.clear(box);
    await user.type(box, '$39.00{Enter}');
    expect(value(`cell/${rates}/0/2`)).toHaveTextContent('$39.00');
    expect(value(`cell/${rates}/0/2`)).toHaveAttribute('data-review', 'corrected');

    await user.click(value('field/dentalInsurance_effectiveDate'));
    await user.click(screen.getByRole('button', { name: '🗑️ Remove' }));
    expect(screen.queryByText('01/01/2026')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '➕ Add a value' }));
    await user.selectOptions(
      screen.getByLabelText('What is missing'),
      'visionInsurance_carrierName',
    );
    await user.type(screen.getByLabelText('Value'), 'Acme Vision');
    await user.click(screen.getByRole('button', { name: 'Add value' }));
    expect(value('field/visionInsurance_carrierName')).toHaveAttribute('data-review', 'added');
    expect(screen.getByRole('region', { name: 'Selected value' })).toHaveTextContent('Acme Vision');
    await user.click(value('field/visionInsurance_carrierName'));
    expect(screen.getByTestId('value-origin')).toHaveTextContent('typed by you');

    await user.click(screen.getByRole('button', { name: '💾 Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument(),
    );
    expect(server.saves).toHaveLength(1);
    const saved = server.saves[0]!;
    expect(saved.revision).toBe(1);
    expect(saved.data.map((i) => i.label)).toEqual([
      'dentalInsurance_carrierName',
      rates,
      'visionInsurance_carrierName',
    ]);
    const table = saved.data[1]!;
    expect(table.type === 'table' && table.cells[2]).toMatchObject({
      value: '$39.00',
      review: { state: 'corrected' },
    });
    expect(saved.data[2]).toMatchObject({ value: 'Acme Vision', review: { state: 'added' } });
  });

  it('removes a value emptied in place', async () => {
    serve(proposal());
    const user = userEvent.setup();
    open(proposal());
    await screen.findByText('Acme Dental');
    await user.dblClick(value('field/dentalInsurance_effectiveDate'));
    await user.keyboard('{Control>}a{/Control}{Backspace}{Enter}');
    expect(value('field/dentalInsurance_effectiveDate')).toBeNull();
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
  });

  it('answers a stale save with the 409 message and a Reload that shows the newer data', async () => {
    const server = serve(proposal());
    const user = userEvent.setup();
    open(proposal());
    await screen.findByText('Acme Dental');
    await user.dblClick(value('field/dentalInsurance_carrierName'));
    await user.keyboard('{Control>}a{/Control}Mine{Enter}');
    const theirs = structuredClone(data);
    Object.assign(theirs[0]!, { value: 'Theirs' });
    server.saveElsewhere(theirs);

    await user.click(screen.getByRole('button', { name: '💾 Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Update failed (409): Someone saved a newer version of this document.',
    );
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(value('field/dentalInsurance_carrierName')).toHaveTextContent('Theirs'),
    );
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('walks the values from the lowest score in review mode: Enter confirms, typing corrects, Tab moves', async () => {
    serve(proposal());
    const user = userEvent.setup();
    open(proposal());
    await screen.findByText('Acme Dental');
    const progress = screen.getByTestId('review-progress');
    expect(progress).toHaveTextContent('0 of 4 values reviewed');

    await user.click(screen.getByRole('button', { name: '▶ Review values' }));
    // Scores: Employee 0.3, effective date 0.5, $38.92 0.7, Acme Dental 0.97 (the class is a heading).
    expect(value(`cell/${rates}/0/1`)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(value(`cell/${rates}/0/1`)).toHaveAttribute('data-review', 'confirmed');
    expect(value('field/dentalInsurance_effectiveDate')).toHaveFocus();

    await user.keyboard('{Tab}');
    expect(value(`cell/${rates}/0/2`)).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(value('field/dentalInsurance_effectiveDate')).toHaveFocus();

    await user.keyboard('02/01/2026{Enter}');
    expect(value('field/dentalInsurance_effectiveDate')).toHaveTextContent('02/01/2026');
    expect(value('field/dentalInsurance_effectiveDate')).toHaveAttribute(
      'data-review',
      'corrected',
    );
    expect(value(`cell/${rates}/0/2`)).toHaveAttribute('aria-current', 'true');
    expect(progress).toHaveTextContent('2 of 4 values reviewed');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: '▶ Review values' })).toBeInTheDocument();
  });
});
