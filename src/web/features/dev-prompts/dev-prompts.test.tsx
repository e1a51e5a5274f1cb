import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commonSuffix, fieldsOfProduct } from '../../../shared/fields/catalogue.ts';
import { DevPrompts } from './dev-prompts.tsx';
import { openSectionStorageKey } from './use-open-section.ts';

const toggle = (name: 'Dental' | 'Vision') =>
  screen.getByRole('button', { name: new RegExp(`^${name}\\b`) });
const openSections = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-expanded') === 'true')
    .map((b) => b.textContent!.replace(/^▸/, '').replace(/ \d+ fields$/, ''));

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('DevPrompts', () => {
  it('shows the heading and the Dental and Vision sections, both closed at first', () => {
    render(<DevPrompts />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Carrier Proposal Fields' }),
    ).toBeInTheDocument();
    expect(toggle('Dental')).toHaveAttribute('aria-expanded', 'false');
    expect(toggle('Vision')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('opens one section at a time, closes the open one on a click, and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<DevPrompts />);
    await user.click(toggle('Dental'));
    expect(openSections()).toEqual(['Dental']);
    expect(localStorage.getItem(openSectionStorageKey)).toBe('Dental');

    await user.click(toggle('Vision'));
    expect(openSections()).toEqual(['Vision']);
    expect(localStorage.getItem(openSectionStorageKey)).toBe('Vision');

    await user.click(toggle('Vision'));
    expect(openSections()).toEqual([]);
    expect(localStorage.getItem(openSectionStorageKey)).toBeNull();
  });

  it('opens the section remembered from an earlier visit', () => {
    localStorage.setItem(openSectionStorageKey, 'Vision');
    render(<DevPrompts />);
    expect(openSections()).toEqual(['Vision']);
  });

  it('ignores a remembered value that is not a section', () => {
    localStorage.setItem(openSectionStorageKey, 'Medical');
    render(<DevPrompts />);
    expect(openSections()).toEqual([]);
  });

  it('lists each field: its label in styled parts, its description, then the common suffix', async () => {
    const user = userEvent.setup();
    render(<DevPrompts />);
    await user.click(toggle('Dental'));
    const list = screen.getByRole('list');
    const dental = fieldsOfProduct('Dental Insurance');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(dental.length);

    for (const [i, field] of dental.entries()) {
      const item = items[i]!;
      const label = item.querySelector('code')!;
      expect(label).toHaveTextContent(field.label);
      expect(item).toHaveTextContent(`${field.description} ${commonSuffix}`);
    }
    const coverage = items.find((item) =>
      item.textContent!.startsWith('dentalInsurance_coveredServices_coverageLevelInNetwork'),
    )!;
    const parts = [...coverage.querySelectorAll('.label-part')].map(
      (part) => `${part.className.replace('label-part ', '')}:${part.textContent}`,
    );
    expect(parts).toEqual([
      'label-product:dentalInsurance',
      'label-table:coveredServices',
      'label-field:coverageLevelInNetwork',
    ]);
    expect(within(coverage).getByText(commonSuffix)).toHaveClass('prompt-suffix');
  });
});
