import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProposalFixtures } from '../../../../tests/support/proposal-fixtures.ts';
import { CarrierProposalDetail } from './carrier-proposal-detail.tsx';
import { buildProposal, later, renderRoute, stubProposalFetch } from './test-support.tsx';
import type { CarrierProposal } from './use-carrier-proposal.ts';

const route = '/documents/carrierProposals/:id';

function open(proposalId: string, pollIntervalMs = 10) {
  return renderRoute(
    route,
    `/documents/carrierProposals/${proposalId}`,
    <CarrierProposalDetail pollIntervalMs={pollIntervalMs} />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface TruthCell {
  label: string;
  value: string;
  row: number;
  score: number;
}
type TruthItem =
  | { type: 'field'; label: string; value: string; score: number }
  | { type: 'table'; label: string; cells: TruthCell[] };

const fixture = loadProposalFixtures().find((f) => f.id.startsWith('dev02'))!;
const truth = fixture.truth as TruthItem[];

/** Distinct values of one column of one table in the truth, in document order. */
function column(table: string, name: string): string[] {
  const values = truth.flatMap((item) =>
    item.type === 'table' && item.label === table
      ? item.cells.filter((c) => c.label === `${table}_${name}`).map((c) => c.value)
      : [],
  );
  return [...new Set(values)];
}

describe('CarrierProposalDetail', () => {
  it('says it is loading, then shows a fixture proposal by product and class', async () => {
    const proposal = buildProposal({
      id: fixture.id,
      name: 'Lincoln dental and vision',
      data: truth,
    });
    const fetch = stubProposalFetch(proposal);
    open(proposal.id);
    expect(screen.getByText('Loading Carrier Proposal...')).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lincoln dental and vision' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading Carrier Proposal...')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      `/api/documents/carrierProposals/${proposal.id}`,
      expect.anything(),
    );

    const products = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(products).toEqual(['Dental Insurance', 'Vision Insurance']);

    for (const productName of ['Dental Insurance', 'Vision Insurance']) {
      const product = screen.getByRole('region', { name: productName });
      const key = productName === 'Dental Insurance' ? 'dentalInsurance' : 'visionInsurance';
      const classes = column(`${key}_rateTiers`, 'class');
      expect(classes.length).toBeGreaterThan(0);
      expect(
        within(product)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(classes);

      // The product's own fields: the value above its label.
      const carrier = truth.find((i) => i.type === 'field' && i.label === `${key}_carrierName`)!;
      const label = within(product).getByText('Carrier');
      const value = label.previousElementSibling!;
      expect(value).toHaveTextContent((carrier as { value: string }).value);
      expect(value).toHaveClass('score-100', 'confidence-high');

      // Every class shows its rates, each a shaded cell.
      for (const className of classes) {
        const section = within(product).getByRole('region', { name: className });
        const rates = truth.flatMap((item) => {
          if (item.type !== 'table' || item.label !== `${key}_rateTiers`) return [];
          const rows = new Set(
            item.cells
              .filter((c) => c.label.endsWith('_class') && c.value === className)
              .map((c) => c.row),
          );
          return item.cells.filter(
            (c) => rows.has(c.row) && c.label.endsWith('_carrierMonthlyRate'),
          );
        });
        expect(rates.length).toBeGreaterThan(0);
        for (const rate of rates) {
          const cell = within(section).getByText(rate.value, { selector: 'td' });
          expect(cell).toHaveClass(`score-${Math.floor(rate.score * 100)}`);
        }
      }
    }

    const dental = screen.getByRole('region', { name: 'Dental Insurance' });
    const [network] = within(dental)
      .getAllByRole('table')
      .filter((t) => within(t).queryByRole('columnheader', { name: 'In-Network' }));
    const [head, ...parts] = within(network!).getAllByRole('rowgroup');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Benefit', 'In-Network', 'Out-of-Network']);
    // Sub-tables are titled bands of the one grid; orthodontic rows have their own.
    expect(parts.map((part) => within(part).getAllByRole('row')[0]!.textContent)).toContain(
      'Orthodontics',
    );

    const vision = screen.getByRole('region', { name: 'Vision Insurance' });
    expect(
      within(vision).getAllByRole('columnheader', { name: 'Services & Materials' }).length,
    ).toBe(column('visionInsurance_benefitSummary', 'class').length);
  });

  it('links back to the list, to the debug view and to the original file, and offers insights', async () => {
    const proposal = buildProposal({ data: truth });
    stubProposalFetch(proposal);
    open(proposal.id);
    expect(await screen.findByRole('button', { name: 'Generate Insights' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Carrier Proposals' })).toHaveAttribute(
      'href',
      '/documents/carrierProposals',
    );
    expect(screen.getByRole('link', { name: /debug view/ })).toHaveAttribute(
      'href',
      `/documents/carrierProposals/${proposal.id}/debug`,
    );
    expect(screen.getByRole('link', { name: 'Open original file' })).toHaveAttribute(
      'href',
      proposal.url,
    );
    expect(screen.getByRole('complementary', { name: 'Confidence shading' })).toHaveTextContent(
      /High confidence.*Medium confidence.*Low confidence/,
    );
  });

  it('shows a multi-line value as a bullet list and shades each value by its score', async () => {
    const data = [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 0.29 },
      { type: 'field', label: 'dentalInsurance_effectiveDate', value: '01/01/2026', score: 0.75 },
      {
        type: 'table',
        label: 'dentalInsurance_planInformation',
        cells: [
          {
            label: 'dentalInsurance_planInformation_class',
            value: 'Class 1',
            row: 0,
            col: 0,
            score: 1,
          },
          {
            label: 'dentalInsurance_planInformation_classDefinition',
            value: 'Full-time employees\nPart-time employees over 20 hours\nRetirees',
            row: 0,
            col: 1,
            score: 0.93,
          },
        ],
      },
    ];
    stubProposalFetch(buildProposal({ data }));
    open('p1');

    const carrier = (await screen.findByText('Acme Dental')).closest('.cell')!;
    expect(carrier).toHaveClass('score-29', 'confidence-low');
    expect(screen.getByText('01/01/2026').closest('.cell')).toHaveClass(
      'score-75',
      'confidence-medium',
    );
    const items = within(screen.getByText('Retirees').closest('ul')!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Full-time employees',
      'Part-time employees over 20 hours',
      'Retirees',
    ]);
    expect(screen.getByText('Retirees').closest('.cell')).toHaveClass(
      'score-93',
      'confidence-high',
    );
  });

  it("logs 'Could not find class for table row' and leaves that row out", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const data = [
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          { label: 'dentalInsurance_rateTiers_class', value: 'Class 1', row: 0, col: 0, score: 1 },
          {
            label: 'dentalInsurance_rateTiers_rateTier',
            value: 'Employee',
            row: 0,
            col: 1,
            score: 1,
          },
          {
            label: 'dentalInsurance_rateTiers_rateTier',
            value: 'Orphan tier',
            row: 1,
            col: 1,
            score: 1,
          },
        ],
      },
    ];
    stubProposalFetch(buildProposal({ data }));
    open('p1');
    expect(await screen.findByText('Employee')).toBeInTheDocument();
    expect(screen.queryByText('Orphan tier')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not find class for table row');
  });

  it('says the document is being read, then shows it when extraction is done', async () => {
    const reading = later<CarrierProposal>();
    const done = later<CarrierProposal>();
    const fetch = stubProposalFetch(
      buildProposal({ status: 'queued', data: null }),
      reading.promise,
      done.promise,
    );
    open('p1');
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting to read the document…');
    reading.resolve(buildProposal({ status: 'processing', data: null }));
    expect(await screen.findByText(/Reading the document…/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dental Insurance' })).not.toBeInTheDocument();
    done.resolve(buildProposal({ data: truth }));
    expect(await screen.findByRole('heading', { name: 'Dental Insurance' })).toBeInTheDocument();
    expect(screen.queryByText(/Reading the document/)).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch).toHaveBeenCalledTimes(3); // no more reads once it is done
  });

  it('shows why extraction failed', async () => {
    stubProposalFetch(
      buildProposal({ status: 'failed', data: null, error: 'The file has no readable text.' }),
    );
    open('p1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The document could not be read: The file has no readable text.',
    );
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Insights' })).not.toBeInTheDocument();
  });

  it('shows no name and no products for a missing proposal, and says it was not found', async () => {
    stubProposalFetch(null);
    open('missing');
    expect(await screen.findByText(/Carrier proposal not found/)).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Carrier Proposals' })).toBeInTheDocument();
  });

  it('shows the error of a failed load', async () => {
    stubProposalFetch(new Error('The database is not available.'));
    open('p1');
    expect(await screen.findByText('Error: The database is not available.')).toBeInTheDocument();
  });

  it('keeps the proposal on screen when a re-fetch fails while it is being read', async () => {
    const reading = buildProposal({ status: 'processing', data: null });
    const fetch = stubProposalFetch(
      reading,
      new Error('Gateway hiccup'),
      buildProposal({ data: truth }),
    );
    open(reading.id);
    expect(await screen.findByRole('heading', { name: 'Dental Insurance' })).toBeInTheDocument();
    expect(fetch.mock.calls.length).toBe(3);
    await waitFor(() => expect(screen.queryByText(/Gateway hiccup/)).not.toBeInTheDocument());
  });
});
