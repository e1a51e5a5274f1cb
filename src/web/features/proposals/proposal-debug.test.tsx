import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldDefinitions } from '../../../shared/fields/catalogue.ts';
import { expectedLabels } from '../../../shared/proposals/field-analysis.ts';
import { ProposalDebug } from './proposal-debug.tsx';
import { buildProposal, later, renderRoute, stubProposalFetch } from './test-support.tsx';
import type { CarrierProposal } from './use-carrier-proposal.ts';

const route = '/documents/carrierProposals/:id/debug';
const open = (id: string) =>
  renderRoute(
    route,
    `/documents/carrierProposals/${id}/debug`,
    <ProposalDebug pollIntervalMs={10} />,
  );

afterEach(() => vi.unstubAllGlobals());

/** The state the row of `label` shows. */
function stateOf(label: string): string {
  const row = screen.getByText(label, { selector: 'code' }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .at(-2)!
    .textContent!.replace(/^[✓–✕?]/, '');
}

const data = [
  { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme Dental', score: 0.97 },
  { type: 'field', label: 'dentalInsurance_effectiveDate', value: '  ', score: 0.4 },
  {
    type: 'table',
    label: 'dentalInsurance_rateTiers',
    cells: [
      { label: 'dentalInsurance_rateTiers_class', value: 'Class 1', row: 0, col: 0, score: 1 },
      { label: 'dentalInsurance_rateTiers_rateTier', value: 'Employee', row: 0, col: 1, score: 1 },
      { label: 'dentalInsurance_rateTiers_policyYear', value: '', row: 0, col: 5, score: 1 },
    ],
  },
  { type: 'field', label: 'dentalInsurance_brokerFee', value: '2%', score: 0.5 },
];

describe('ProposalDebug', () => {
  it('explains the three states and marks every expected label with its state', async () => {
    const proposal = buildProposal({ name: 'Acme dental quote', data });
    stubProposalFetch(proposal);
    open(proposal.id);

    expect(await screen.findByRole('heading', { name: 'Key' })).toBeInTheDocument();
    const key = screen.getByRole('region', { name: 'Key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Returned with data'),
      expect.stringContaining('Returned without data'),
      expect.stringContaining('Missing from response'),
    ]);
    expect(screen.getByText('Acme dental quote')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Proposal' })).toHaveAttribute(
      'href',
      `/documents/carrierProposals/${proposal.id}`,
    );

    // Every catalogue label is listed once.
    for (const field of fieldDefinitions) {
      expect(screen.getAllByText(field.label, { selector: 'code' })).toHaveLength(1);
    }
    expect(stateOf('dentalInsurance_carrierName')).toBe('Returned with data');
    expect(stateOf('dentalInsurance_rateTiers_rateTier')).toBe('Returned with data');
    expect(stateOf('dentalInsurance_effectiveDate')).toBe('Returned without data');
    expect(stateOf('dentalInsurance_rateTiers_policyYear')).toBe('Returned without data');
    // The table came back, this column held nothing.
    expect(stateOf('dentalInsurance_rateTiers_carrierMonthlyRate')).toBe('Returned without data');
    expect(stateOf('dentalInsurance_planInformation_planName')).toBe('Missing from response');
    expect(stateOf('visionInsurance_carrierName')).toBe('Missing from response');

    // Grouped by product, with what came back unasked listed after.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Key',
      'Dental Insurance',
      'Vision Insurance',
      'Returned but not expected',
    ]);
    expect(stateOf('dentalInsurance_brokerFee')).toBe('Returned but not expected');
    expect(within(key).getByText('Returned with data').closest('li')).toHaveTextContent(
      `4 of ${expectedLabels().length}`,
    );
  });

  it('lists the seven tables with their state and marks the values a broker corrected', async () => {
    const corrected = structuredClone(data) as typeof data;
    Object.assign(corrected[0]!, { value: 'Acme Dental Co', review: { state: 'corrected' } });
    stubProposalFetch(buildProposal({ data: corrected }));
    open('p1');
    await screen.findByText('dentalInsurance_brokerFee');
    expect(stateOf('dentalInsurance_rateTiers')).toBe('Returned with data');
    expect(stateOf('visionInsurance_rateTiers')).toBe('Missing from response');
    const row = screen
      .getByText('dentalInsurance_carrierName', { selector: 'code' })
      .closest('tr')!;
    expect(row).toHaveTextContent('✎ 1 value corrected');
    const other = screen.getByText('dentalInsurance_effectiveDate', { selector: 'code' });
    expect(other.closest('tr')).not.toHaveTextContent('corrected');
  });

  it('lists every label as missing for a proposal that does not exist', async () => {
    stubProposalFetch(null);
    open('gone');
    expect(await screen.findByText(/Carrier proposal not found/)).toBeInTheDocument();
    for (const { label } of expectedLabels()) expect(stateOf(label)).toBe('Missing from response');
  });

  it('waits for the document to be read', async () => {
    const done = later<CarrierProposal>();
    stubProposalFetch(buildProposal({ status: 'processing', data: null }), done.promise);
    open('p1');
    expect(await screen.findByText(/Reading the document…/)).toBeInTheDocument();
    done.resolve(buildProposal({ data }));
    expect(await screen.findByText('dentalInsurance_brokerFee')).toBeInTheDocument();
    expect(screen.queryByText(/Reading the document…/)).not.toBeInTheDocument();
    expect(stateOf('dentalInsurance_carrierName')).toBe('Returned with data');
  });
});
