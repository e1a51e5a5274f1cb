import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadProposalFixtures } from '../../../../tests/support/proposal-fixtures.ts';
import { buildComparison } from '../../../shared/comparisons/model.ts';
import { ComparisonTable } from './comparison-table.tsx';

const fixtures = loadProposalFixtures();
const truth = (id: string) => fixtures.find((f) => f.id === id)!.truth;

describe('ComparisonTable', () => {
  const comparison = buildComparison(
    [
      { id: 'a', name: 'Ameritas 2026', data: truth('dev01-ameritas-dental-proposal') },
      { id: 'm', name: 'Mutual renewal', data: truth('dev08-mutual-dental-renewal') },
    ],
    { baselineId: 'm' },
  );
  const group = comparison.products[0]!.groups[0]!;

  it('heads each column with carrier, plan and class, and marks the baseline', () => {
    render(<ComparisonTable group={group} baselineId="m" />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Class: All Eligible Employees',
      'AmeritasAmeritas PPO 1750All Eligible Employees',
      'Mutual of OmahaDental PPO 1500All Full-Time EmployeesBaseline',
    ]);
  });

  it('shows monthly, annual, to-lowest and to-baseline lines, and the best value', () => {
    render(<ComparisonTable group={group} baselineId="m" />);
    const row = screen.getByRole('row', { name: /^Employee Only/ });
    const [ameritas, mutual] = within(row).getAllByRole('cell');
    expect(ameritas).toHaveTextContent(
      '$34.18 ★ (best)$410.16 a year= lowest−$9.39 (−21.6%) vs baseline',
    );
    expect(mutual).toHaveTextContent('$43.57$522.84 a year+$9.39 (+27.5%) vs lowest');
    const max = screen.getByRole('row', { name: /^Annual maximum \(in-network\)/ });
    expect(within(max).getAllByRole('cell')[0]).toHaveTextContent('$1,750 ★ (best)');
  });

  it('flags an unreviewed low-confidence value', () => {
    const data = [
      { type: 'field', label: 'dentalInsurance_carrierName', value: 'Acme', score: 1 },
      {
        type: 'table',
        label: 'dentalInsurance_rateTiers',
        cells: [
          { label: 'dentalInsurance_rateTiers_rateTier', value: 'EE', row: 0, col: 0, score: 1 },
          {
            label: 'dentalInsurance_rateTiers_carrierMonthlyRate',
            value: '$12.00',
            row: 0,
            col: 1,
            score: 0.3,
          },
        ],
      },
    ];
    const c = buildComparison([
      { id: 'x', name: 'X', data },
      { id: 'y', name: 'Y', data },
    ]);
    render(<ComparisonTable group={c.products[0]!.groups[0]!} baselineId={null} />);
    const flagged = screen.getAllByTitle(/check it against the document/);
    expect(flagged).toHaveLength(2);
    expect(flagged[0]).toHaveTextContent('$12.00 ⚠ (check against the document)');
  });
});
