import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { renderWithProviders } from '@/testing/render';

type Row = { id: string; name: string; amount: string; note: string | null };
const rows: Row[] = [
  { id: 'a', name: '김민준', amount: '1,000', note: null },
  { id: 'b', name: 'Lee', amount: '25', note: 'Payee: 국민은행' },
];

const list = (
  <ResponsiveList
    items={rows}
    label="Things"
    itemKey={(row) => row.id}
    minWidth={600}
    columns={[
      { header: 'Name', cell: (row) => row.name },
      { header: 'Amount', align: 'right', cell: (row) => row.amount },
    ]}
    rowDetail={(row) => row.note}
    card={(row) => `${row.name} · ${row.amount}`}
  />
);

const matchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = matchMedia;
});

describe('ResponsiveList', () => {
  it('is a table with scoped column headers on a desktop, details in a row of their own', () => {
    renderWithProviders(list);
    const table = screen.getByRole('table', { name: 'Things' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Amount']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]?.style.textAlign).toBe('right');
    // Header, two items, one detail row for the item that has one.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Payee: 국민은행').closest('td')?.colSpan).toBe(1);
  });

  it('is a list of cards with the same name on a phone', () => {
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
    renderWithProviders(list);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['김민준 · 1,000', 'Lee · 25']);
  });
});
