import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Full screens with Mantine in jsdom take a few seconds each.
vi.setConfig({ testTimeout: 20_000 });
import type { AgencyTransaction, Transaction } from '@portal/contract/transactions';
import { TransactionList } from '@/features/transaction-list/components/transaction-list';
import { transactionListState } from '@/features/transaction-list/list-params';
import { readListState, writeListState } from '@/lib/use-list-state';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';
import { stubDownloads } from '@/testing/downloads';

const row = (n: number): AgencyTransaction => ({
  id: `0b6f7c52-1d2e-4a8f-9f3b-${String(n).padStart(12, '0')}`,
  number: `B${String(n).padStart(8, '0')}`,
  type: 'buy',
  status: 'Requested',
  merchant: { id: 'm1', code: 'HANBIT', name: 'Hanbit Wallet', asset: 'USDT' },
  account: { id: 'a1', name: 'Hanbit main', accountNumber: '1002-3344-5566' },
  amount: '100.5',
  rateKrw: '1392.5',
  totalKrw: '139946',
  createdAt: '2026-03-02T01:00:00.000Z',
  updatedAt: '2026-03-02T01:00:00.000Z',
  expiresAt: null,
  completedAt: null,
  delayReason: null,
  payoutReference: null,
  payee: null,
  debit: null,
  requested: null,
  creditStatus: 'not_applicable',
  depositInstructions: null,
  client: { id: 'c1', name: '홍길동', email: 'client@wonbridge.example' },
});

const TOTAL = 45;
type Params = Record<string, unknown> & { page?: number; pageSize?: number; after?: string };
let role: 'client' | 'agency' = 'client';

/** An API with 45 transactions, paged as asked. */
function answerTransactions() {
  mockApi.get.mockImplementation((url, config) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role } }));
    if (url === '/transactions' || url === '/agency/transactions') {
      const params = config?.params ?? {};
      const page = Number(params.page ?? 1);
      const pageSize = Number(params.pageSize ?? 20);
      const after = params.after as string | undefined;
      const start = (page - 1) * pageSize;
      // A cursor names the row before the page: it must be the one the page number implies.
      if (after !== undefined && after !== `after-${start}`) {
        return Promise.reject(new Error(`cursor ${after} for page ${page}`));
      }
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - start)) }, (_, i) =>
        row(start + i + 1),
      ).map((item) => {
        if (url === '/agency/transactions') return item;
        const { client: _client, ...own } = item;
        return own satisfies Transaction;
      });
      const end = start + items.length;
      const nextCursor = end < TOTAL ? `after-${end}` : null;
      return Promise.resolve(ok({ items, total: TOTAL, page, pageSize, nextCursor }));
    }
    if (url.includes('/export.')) {
      // As the server names it: a Korean name as filename*, the English one as the fallback.
      const file = `2026-11-21.${url.endsWith('.csv') ? 'csv' : 'xlsx'}`;
      const disposition =
        config?.params?.lang === 'ko'
          ? `attachment; filename=transactions-${file}; filename*=UTF-8''${encodeURIComponent(`거래내역_${file}`)}`
          : `attachment; filename=transactions-${file}`;
      return Promise.resolve(ok(new Blob(['x']), 200, { 'content-disposition': disposition }));
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

const listCalls = () =>
  vi
    .mocked(mockApi.get)
    .mock.calls.filter(([url]) => url === '/transactions' || url === '/agency/transactions');
const lastListParams = () => listCalls().at(-1)?.[1]?.params as Params;

beforeEach(() => {
  role = 'client';
  answerTransactions();
  stubDownloads();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const render = (path: string, language: 'en' | 'ko' = 'en', scope: 'own' | 'agency' = 'own') =>
  renderApp(<TransactionList scope={scope} title="My Transactions" />, { path, language });

describe('the address holds the view', () => {
  it('reads and writes filters and page through the list schema, leaving out what it refuses', () => {
    const view = readListState(
      transactionListState,
      new URLSearchParams(
        'type=sell&status=Pending&status=Cancelled&from=2026-03-01&to=nope&q=%20ab%26c%20&page=3&print=1',
      ),
    );
    expect(view).toEqual({
      type: 'sell',
      status: ['Pending', 'Cancelled'],
      from: '2026-03-01',
      q: 'ab&c',
      page: 3,
    });
    expect(
      writeListState(transactionListState, view, new URLSearchParams('print=1')).toString(),
    ).toBe('print=1&type=sell&status=Pending&status=Cancelled&from=2026-03-01&q=ab%26c&page=3');
    // A status the list does not know drops the status filter, not the rest.
    expect(
      readListState(
        transactionListState,
        new URLSearchParams('status=Bogus&status=Pending&page=0&type=buy'),
      ),
    ).toEqual({ type: 'buy', page: 1 });
  });

  it('asks the API for exactly the view in the address', async () => {
    await render(
      '/?type=sell&status=Pending&status=Cancelled&from=2026-03-01&to=2026-03-05&q=abc&page=2',
    );
    await screen.findByRole('table', { name: 'My transactions' });
    expect(lastListParams()).toEqual({
      type: 'sell',
      status: ['Pending', 'Cancelled'],
      from: '2026-03-01',
      to: '2026-03-05',
      q: 'abc',
      page: '2',
      pageSize: '20',
    });
  });

  it('asks for the next page by cursor, and for a page opened by its number by number', async () => {
    await render('/?status=Requested');
    await screen.findByText('Showing 1 to 20 of 45');
    expect(lastListParams().after).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 21 to 40 of 45');
    expect(lastListParams()).toMatchObject({ status: 'Requested', page: '2', after: 'after-20' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 41 to 45 of 45');
    expect(lastListParams()).toMatchObject({ page: '3', after: 'after-40' });
  });

  it('opens a page by its number when the page before it was never shown', async () => {
    await render('/?page=3');
    await screen.findByText('Showing 41 to 45 of 45');
    expect(lastListParams()).toMatchObject({ page: '3' });
    expect(lastListParams().after).toBeUndefined();
  });

  it('puts a new filter in the address, back at page 1, and Back returns to the last view', async () => {
    const { router } = await render('/?page=2');
    await screen.findByText('Showing 21 to 40 of 45');
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sell', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=sell'));
    await waitFor(() => expect(lastListParams()).toMatchObject({ type: 'sell', page: '1' }));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    // The earlier view again (from the cache): page 2, any type.
    await screen.findByText('Showing 21 to 40 of 45');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe(
      'All types',
    );
  });

  it('searches after typing stops', async () => {
    const { router } = await render('/');
    await screen.findByRole('table', { name: 'My transactions' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'Hanbit' },
    });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Hanbit'), { timeout: 2000 });
    await waitFor(() => expect(lastListParams()).toMatchObject({ q: 'Hanbit', page: '1' }));
  });

  it('pages through the server with the page buttons', async () => {
    const { router } = await render('/');
    await screen.findByText('Showing 1 to 20 of 45');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 41 to 45 of 45');
    expect(router.state.location.search).toBe('?page=3');
  });
});

describe('the date range', () => {
  const pick = async (from: string, to: string) => {
    fireEvent.click(await screen.findByTestId('date-range-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date range', hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: from, hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: to, hidden: true }));
    return dialog;
  };

  it('Cancel leaves the applied range as it was; Apply applies', async () => {
    const { router } = await render('/?from=2026-03-10&to=2026-03-12');
    await screen.findByRole('button', { name: /10 March 2026 – 12 March 2026/ });

    let dialog = await pick('2 March 2026', '6 March 2026');
    expect(within(dialog).getByText('Selected: 2 March 2026 – 6 March 2026')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Choose a date range', hidden: true }),
      ).toBeNull(),
    );
    expect(router.state.location.search).toBe('?from=2026-03-10&to=2026-03-12');
    expect(screen.getByTestId('date-range-button').textContent).toContain(
      '10 March 2026 – 12 March 2026',
    );
    expect(lastListParams()).toMatchObject({ from: '2026-03-10', to: '2026-03-12' });

    // Reopened, the calendar shows the applied range again, not the cancelled draft.
    dialog = await pick('2 March 2026', '6 March 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply', hidden: true }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-03-02&to=2026-03-06'),
    );
    await waitFor(() =>
      expect(lastListParams()).toMatchObject({ from: '2026-03-02', to: '2026-03-06', page: '1' }),
    );
  });

  it.each([
    ['ko', '2026년 11월', ['일', '월', '화', '수', '목', '금', '토']],
    ['en', 'November 2026', ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']],
  ] as const)(
    'reads as a calendar of its language, weeks from Sunday (%s)',
    async (language, month, weekdays) => {
      await render('/?from=2026-11-10&to=2026-11-12', language);
      fireEvent.click(await screen.findByTestId('date-range-button'));
      const dialog = await screen.findByRole('dialog', {
        name: language === 'ko' ? '기간 선택' : 'Choose a date range',
        hidden: true,
      });
      const monthControl = within(dialog).getByRole('button', {
        name: language === 'ko' ? '월 선택' : 'Choose a month',
        hidden: true,
      });
      expect(monthControl.textContent).toBe(month);
      const table = within(dialog).getByRole('table', { hidden: true });
      const headers = within(table).getAllByRole('columnheader', { hidden: true });
      expect(headers.map((header) => header.textContent)).toEqual(weekdays);
      // 1 November 2026 is a Sunday: the first day of the first week.
      const firstWeek = within(table).getAllByRole('row', { hidden: true })[1]!;
      const firstDay = within(firstWeek).getAllByRole('button', { hidden: true })[0]!;
      expect(firstDay.getAttribute('aria-label')).toBe(
        language === 'ko' ? '2026년 11월 1일' : '1 November 2026',
      );
    },
  );

  it('Apply with one day picked filters that single day', async () => {
    const { router } = await render('/?from=2026-03-10&to=2026-03-12');
    fireEvent.click(await screen.findByTestId('date-range-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date range', hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: '4 March 2026', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply', hidden: true }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-03-04&to=2026-03-04'),
    );
  });
});

describe('the Showing line', () => {
  it.each([
    ['en', 'No transactions to show'],
    ['ko', '표시할 거래가 없습니다'],
  ] as const)(
    'of an empty list says there is nothing, not "0 to 0" (%s)',
    async (language, line) => {
      mockApi.get.mockImplementation((url) => {
        if (url === '/auth/me') return Promise.resolve(ok({ user: testUser }));
        if (url === '/transactions')
          return Promise.resolve(
            ok({ items: [], total: 0, page: 1, pageSize: 20, nextCursor: null }),
          );
        return Promise.reject(new Error(`unexpected GET ${url}`));
      });
      await render('/?q=nothing', language);
      expect((await screen.findByTestId('showing-line')).textContent).toBe(line);
      expect(screen.queryByText(/\b0\s*(-|–|to)\s*0\b/)).toBeNull();
    },
  );

  it('in English', async () => {
    await render('/?page=2');
    expect((await screen.findByTestId('showing-line')).textContent).toBe('Showing 21 to 40 of 45');
  });

  it('in Korean', async () => {
    await render('/?page=3', 'ko');
    expect((await screen.findByTestId('showing-line')).textContent).toBe(
      '전체 45건 중 41-45건 표시',
    );
    expect(screen.getByRole('table', { name: '내 거래 내역' })).toBeTruthy();
  });
});

/** The names the page gave the files it downloaded (the link's `download`). */
function downloadedNames(): string[] {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

describe('exports', () => {
  it('downloads CSV and Excel of the current filters, in the reader language, under a Korean name', async () => {
    const names = downloadedNames();
    await render('/?type=buy&status=Requested&q=han&page=2', 'ko');
    await screen.findByTestId('showing-line');
    fireEvent.click(screen.getByRole('button', { name: 'CSV 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/transactions/export.csv', {
        params: { type: 'buy', status: 'Requested', q: 'han', lang: 'ko' },
      }),
    );
    await screen.findByText('거래내역_2026-11-21.csv 파일을 내려받았습니다.');
    fireEvent.click(screen.getByRole('button', { name: '엑셀 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/transactions/export.xlsx', expect.anything()),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    expect(names).toEqual(['거래내역_2026-11-21.csv', '거래내역_2026-11-21.xlsx']);
  });

  it('says what each button gives, with the spec words in English', async () => {
    const names = downloadedNames();
    await render('/');
    await screen.findByTestId('showing-line');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await screen.findByText('Downloaded transactions-2026-11-21.xlsx.');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Downloaded transactions-2026-11-21.csv.');
    expect(names).toEqual(['transactions-2026-11-21.xlsx', 'transactions-2026-11-21.csv']);
  });

  it('prints every filtered row, fetched page by page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { router } = await render('/?type=buy');
    await screen.findByTestId('showing-line');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(router.state.location.search).toBe('?type=buy&print=1');
    await screen.findByText('45 transactions');
    const sheet = screen.getByRole('dialog', { name: 'My Transactions' });
    expect(within(sheet).getAllByRole('row')).toHaveLength(46);
    expect(lastListParams()).toMatchObject({ type: 'buy', pageSize: '100', page: '1' });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('?type=buy');
  });

  it.each([
    [
      'en',
      'Won Bridge',
      [
        'Printed by',
        '김민준',
        'Printed at',
        '26 Nov 2026, 14:03 (Korea time)',
        'Filters',
        'Buy · Requested',
      ],
    ],
    [
      'ko',
      '원브릿지',
      ['인쇄한 사람', '김민준', '인쇄 일시', '2026. 11. 26.', '필터', '구매 · 요청됨'],
    ],
  ] as const)(
    'heads the printout with the portal, who printed it, when (Korea time) and the filters (%s)',
    async (language, portal, meta) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T05:03:00Z')); // 14:03 in Korea
      vi.spyOn(window, 'print').mockImplementation(() => {});
      await render('/?type=buy&status=Requested&print=1', language);
      const sheet = await screen.findByRole('dialog', { name: 'My Transactions' });
      expect(within(sheet).getByTestId('print-portal').textContent).toBe(portal);
      await within(sheet).findByText(testUser.name); // the signed-in user, once known
      const printed = within(sheet).getByTestId('print-meta').textContent ?? '';
      let rest = printed;
      for (const part of meta) {
        expect(rest, printed).toContain(part);
        rest = rest.slice(rest.indexOf(part) + part.length);
      }
    },
  );
});

describe('client transactions', () => {
  it("lists the agency's clients with the client column", async () => {
    role = 'agency';
    await render('/', 'en', 'agency');
    const table = await screen.findByRole('table', { name: 'Client transactions' });
    expect(within(table).getByRole('columnheader', { name: 'Client' })).toBeTruthy();
    expect(within(table).getAllByText('홍길동').length).toBe(20);
    expect(listCalls()[0]?.[0]).toBe('/agency/transactions');
  });
});
