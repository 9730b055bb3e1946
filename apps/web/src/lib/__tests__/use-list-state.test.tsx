import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import fc from 'fast-check';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operatorUsersQuerySchema, USER_ROLES, USER_STATUSES } from '@portal/contract/users';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  transactionListQuerySchema,
} from '@portal/contract/transactions';
import {
  readListState,
  SEARCH_DELAY_MS,
  useListSearch,
  useListState,
  writeListState,
  type ListState,
} from '@/lib/use-list-state';

const users = operatorUsersQuerySchema.pick({ q: true, role: true, status: true, page: true });
const transactions = transactionListQuerySchema.pick({
  type: true,
  status: true,
  from: true,
  to: true,
  q: true,
  page: true,
});
const pageOnly = transactionListQuerySchema.pick({ page: true });

const params = (text: string) => new URLSearchParams(text);

describe('reading the address through the query schema', () => {
  it('fills in the defaults of an empty address', () => {
    expect(readListState(users, params(''))).toEqual({ page: 1 });
  });

  it('keeps what the schema accepts, as the API would read it', () => {
    expect(readListState(users, params('q=%20%ED%99%8D%20&role=agency&page=4'))).toEqual({
      q: '홍',
      role: 'agency',
      page: 4,
    });
    expect(readListState(transactions, params('status=Pending&status=Completed'))).toEqual({
      status: ['Pending', 'Completed'],
      page: 1,
    });
  });

  it.each([
    ['role=owner&status=disabled', { status: 'disabled', page: 1 }],
    ['page=0&role=client', { role: 'client', page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=100001', { page: 1 }],
    [`q=${'a'.repeat(101)}&page=2`, { page: 2 }],
    ['q=%3Cscript%3E&role=client', { role: 'client', page: 1 }],
    ['page=a&role=b&status=c&q=%00', { page: 1 }],
  ])('leaves out only what it refuses: %s', (address, expected) => {
    expect(readListState(users, params(address))).toEqual(expected);
  });

  it('ignores keys that are not the list’s (the print view, another list)', () => {
    expect(readListState(users, params('print=1&sort=name&payouts.page=3'))).toEqual({ page: 1 });
  });

  it('reads a list of several by its prefix', () => {
    const address = params('page=2&payoutsPending.page=3&payoutsRequested.page=x');
    expect(readListState(pageOnly, address)).toEqual({ page: 2 });
    expect(readListState(pageOnly, address, 'payoutsPending')).toEqual({ page: 3 });
    expect(readListState(pageOnly, address, 'payoutsRequested')).toEqual({ page: 1 });
  });
});

describe('writing the state into the address', () => {
  it('leaves out defaults, repeats a list and keeps the keys that are not the list’s', () => {
    const next = writeListState(
      transactions,
      { type: 'sell', status: ['Pending', 'Cancelled'], q: undefined, from: '', page: 1 },
      params('print=1&q=old&page=5'),
    );
    expect(next.toString()).toBe('print=1&type=sell&status=Pending&status=Cancelled');
  });

  it('writes a prefixed list beside the others', () => {
    const next = writeListState(
      pageOnly,
      { page: 2 },
      params('queue=payouts&page=4'),
      'payoutsPending',
    );
    expect(next.toString()).toBe('queue=payouts&page=4&payoutsPending.page=2');
  });

  it('reads back exactly what it wrote, for any state the list can be in', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    const state = fc.record(
      {
        type: fc.constantFrom(...TRANSACTION_TYPES),
        status: fc.oneof(
          fc.constantFrom(...TRANSACTION_STATUSES),
          fc.uniqueArray(fc.constantFrom(...TRANSACTION_STATUSES), { minLength: 2, maxLength: 4 }),
        ),
        from: day,
        to: day,
        q: fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
          .map((text) => text.trim())
          .filter((text) => transactions.shape.q.safeParse(text).success && text !== ''),
        page: fc.integer({ min: 1, max: 100_000 }),
      },
      { requiredKeys: ['page'] },
    );
    fc.assert(
      fc.property(state, (wanted) => {
        const address = writeListState(transactions, wanted, params('print=1'));
        const read = readListState(transactions, new URLSearchParams(address.toString()));
        expect(read).toEqual(transactions.parse(wanted));
        expect(address.get('print')).toBe('1');
      }),
      { numRuns: 200 },
    );
  });
});

function inRouter(path: string) {
  let location = { search: '' };
  function Probe({ children }: { children: ReactNode }) {
    location = useLocation();
    return <>{children}</>;
  }
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '*', element: <Probe>{children}</Probe> }], {
      initialEntries: [path],
    });
    routers.push(router);
    return <RouterProvider router={router} />;
  };
  const routers: ReturnType<typeof createMemoryRouter>[] = [];
  return { wrapper, search: () => location.search, router: () => routers.at(-1)! };
}

describe('useListState', () => {
  it('starts again at page 1 on any change but the page, and Back undoes a change', async () => {
    const { wrapper, search, router } = inRouter('/?role=client&page=3');
    const { result } = renderHook(() => useListState(users), { wrapper });
    expect(result.current.query).toEqual({ role: 'client', page: 3 });

    act(() => result.current.change({ status: 'disabled' }));
    expect(search()).toBe('?role=client&status=disabled');
    expect(result.current.query).toEqual({ role: 'client', status: 'disabled', page: 1 });

    act(() => result.current.change({ page: 2 }));
    expect(search()).toBe('?role=client&status=disabled&page=2');

    await act(() => router().navigate(-1));
    expect(result.current.query.page).toBe(1);
    await act(() => router().navigate(-1));
    expect(result.current.query).toEqual({ role: 'client', page: 3 });
  });

  it('returns every key to its default on reset, and leaves other keys', () => {
    const { wrapper, search } = inRouter('/?queue=all&role=client&q=kim&page=3');
    const { result } = renderHook(() => useListState(users), { wrapper });
    act(() => result.current.reset());
    expect(search()).toBe('?queue=all');
  });

  it('keeps two lists on one screen apart by prefix', () => {
    const { wrapper, search } = inRouter('/?queue=payouts');
    const { result } = renderHook(
      () => ({
        pending: useListState(pageOnly, { prefix: 'payoutsPending' }),
        requested: useListState(pageOnly, { prefix: 'payoutsRequested' }),
      }),
      { wrapper },
    );
    act(() => result.current.requested.change({ page: 4 }));
    act(() => result.current.pending.change({ page: 2 }));
    expect(search()).toBe('?queue=payouts&payoutsRequested.page=4&payoutsPending.page=2');
    expect(result.current.requested.query.page).toBe(4);
  });
});

describe('useListSearch', () => {
  afterEach(() => vi.useRealTimers());

  function SearchBox({ onList }: { onList?: (list: ListState<typeof users>) => void }) {
    const view = useListState(users);
    const search = useListSearch(view);
    onList?.(view);
    const { clear: _clear, ...input } = search;
    return <input aria-label="Search" {...input} />;
  }

  function renderSearch(path: string) {
    const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }], {
      initialEntries: [path],
    });
    render(<RouterProvider router={router} />);
    return { router, box: screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement };
  }

  it('writes what is typed once typing pauses, replacing the entry, at page 1', async () => {
    vi.useFakeTimers();
    const { router, box } = renderSearch('/?role=client&page=2');
    fireEvent.change(box, { target: { value: 'ki' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 50));
    fireEvent.change(box, { target: { value: 'kim ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 50));
    expect(router.state.location.search).toBe('?role=client&page=2');
    act(() => vi.advanceTimersByTime(60));
    // The list's keys are written in its schema's order, so one view has one address.
    expect(router.state.location.search).toBe('?q=kim&role=client');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(box.value).toBe('kim ');
  });

  it('searches at once on Enter', () => {
    vi.useFakeTimers();
    const { router, box } = renderSearch('/');
    fireEvent.change(box, { target: { value: '010-1234' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(router.state.location.search).toBe('?q=010-1234');
  });

  it('follows the address when it changes from elsewhere', async () => {
    const { router, box } = renderSearch('/?q=kim');
    expect(box.value).toBe('kim');
    await act(() => router.navigate('/?q=lee'));
    expect(box.value).toBe('lee');
    await act(() => router.navigate('/'));
    expect(box.value).toBe('');
  });

  it('does not write again when the text comes back to the search in effect', () => {
    vi.useFakeTimers();
    const { router, box } = renderSearch('/?q=kim&page=3');
    fireEvent.change(box, { target: { value: 'kimm' } });
    fireEvent.change(box, { target: { value: 'kim' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS + 10));
    expect(router.state.location.search).toBe('?q=kim&page=3');
  });
});

// The roles and statuses the list filters by are the contract's.
it('knows every role and status as a filter', () => {
  for (const role of USER_ROLES)
    expect(readListState(users, params(`role=${role}`)).role).toBe(role);
  for (const status of USER_STATUSES)
    expect(readListState(users, params(`status=${status}`)).status).toBe(status);
});
