import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyDashboard } from '@portal/contract/agency-dashboard';
import type { FailedCredit } from '@portal/contract/merchant-credits';
import type { Transaction, TransactionList } from '@portal/contract/transactions';
import type { CurrentUser } from '@portal/contract/users';
import { paths } from '@/config/paths';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { mainAccount, position, transaction } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

const page = (items: Transaction[], total = items.length): TransactionList => ({
  items,
  total,
  page: 1,
  pageSize: 5,
  nextCursor: null,
});

const completedBuy = transaction({ id: 'a-1', number: 'B00000031', status: 'Completed' });
const requestedBuy = transaction({
  id: 'a-2',
  number: 'B00000032',
  createdAt: '2026-03-03T01:00:00.000Z',
});
const pendingSell = transaction({
  id: 'a-3',
  number: 'S00000007',
  type: 'sell',
  status: 'Pending',
  createdAt: '2026-03-04T01:00:00.000Z',
});

const failedCredit: FailedCredit = {
  transaction: {
    ...completedBuy,
    creditStatus: 'failed',
    user: { id: 'u-9', name: '홍길동', email: 'client@wonbridge.example' },
  },
  attempts: 20,
  lastError: 'unavailable: timeout',
};

const agencyFigures: AgencyDashboard = {
  clients: 8,
  verifiedClients: 6,
  completedKrw: '12345000',
  months: Array.from({ length: 12 }, (_, index) => ({
    month: `${index < 2 ? 2025 : 2026}-${String(((index + 10) % 12) + 1).padStart(2, '0')}`,
    counts: {
      Requested: index === 11 ? 2 : 0,
      Pending: 0,
      Completed: index === 11 ? 3 : 0,
      Cancelled: 0,
    },
    completedKrw: index === 11 ? '12345000' : '0',
  })),
};

interface Answers {
  user?: CurrentUser;
  last?: () => Promise<unknown>;
  requested?: TransactionList;
  pending?: TransactionList;
  accounts?: unknown[];
  work?: Record<string, number>;
}

function answer({
  user = testUser,
  last = () => Promise.resolve(ok(page([pendingSell, requestedBuy, completedBuy]))),
  requested = page([requestedBuy]),
  pending = page([pendingSell], 3),
  accounts = [mainAccount],
  work = {},
}: Answers = {}) {
  return mockApi.get.mockImplementation((url, config) => {
    const params = (config?.params ?? {}) as Record<string, unknown>;
    if (url === '/auth/me') return Promise.resolve(ok({ user }));
    if (url === '/transactions') {
      // Open requests: both statuses in one call, newest first, as the server answers.
      if (Array.isArray(params.status)) {
        const items = [...requested.items, ...pending.items]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .slice(0, Number(params.pageSize));
        return Promise.resolve(ok({ ...page(items), total: requested.total + pending.total }));
      }
      return last();
    }
    if (url === '/accounts') return Promise.resolve(ok({ items: accounts }));
    if (url === `/accounts/${mainAccount.id}/position`) return Promise.resolve(ok(position));
    if (url === '/operator/transactions') {
      const key = `${String(params.type)}-${String(params.status)}`;
      return Promise.resolve(ok({ items: [], total: work[key] ?? 0, page: 1, pageSize: 1 }));
    }
    if (url === '/operator/merchant-credits') {
      return Promise.resolve(
        ok({ items: Array.from({ length: work.creditsFailed ?? 0 }, () => failedCredit) }),
      );
    }
    if (url === '/agency/dashboard') return Promise.resolve(ok(agencyFigures));
    if (url === '/operator/deposits') {
      return Promise.resolve(ok({ items: [], total: work.review ?? 0, page: 1, pageSize: 1 }));
    }
    if (url === '/operator/figures') {
      return Promise.resolve(
        ok({
          day: '2026-11-26',
          buys: { count: 12, totalKrw: '3450000' },
          sells: { count: 1, totalKrw: '990000' },
          completedKrw: '2100000',
          depositsReceived: { count: 9, totalKrw: '2800000' },
          depositsInReview: work.review ?? 0,
          payoutsWaiting: 3,
          buysWaiting: 4,
        }),
      );
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

async function show(language: 'en' | 'ko' = 'en') {
  const rendered = await renderApp(<DashboardScreen />, { language, path: paths.app.dashboard });
  return rendered;
}

describe('dashboard', () => {
  it('greets the user by name and shows the last and the requested transactions', async () => {
    const get = answer();
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Hello, 김민준')).toBeTruthy();

    const last = await screen.findByRole('table', { name: 'Last transactions' });
    const headers = within(last)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // The spec's four columns, then the amount and the date (in Korea's time).
    expect(headers).toEqual(['No.', 'Type', 'Merchant', 'Status', 'Amount', 'Date']);
    const rows = within(last)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['S00000007', 'Sell', 'Hanbit Wallet', 'Pending', '1.23456789 USDT', '4 Mar 2026, 10:00'],
      ['B00000032', 'Buy', 'Hanbit Wallet', 'Requested', '1.23456789 USDT', '3 Mar 2026, 10:00'],
      ['B00000031', 'Buy', 'Hanbit Wallet', 'Completed', '1.23456789 USDT', '2 Mar 2026, 10:02'],
    ]);
    expect(
      within(last).getByRole('link', { name: 'Open transaction S00000007' }).getAttribute('href'),
    ).toBe('/app/transactions/a-3');

    // Requested and Pending together, newest first; the rest are counted.
    const open = await screen.findByRole('table', { name: 'Requested transactions' });
    await waitFor(() => expect(within(open).getAllByRole('row')).toHaveLength(3));
    const openNumbers = within(open)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(openNumbers).toEqual(['S00000007', 'B00000032']);
    expect(screen.getByText('+2 more in My Transactions')).toBeTruthy();

    expect(get).toHaveBeenCalledWith(
      '/transactions',
      expect.objectContaining({ params: { pageSize: '5' } }),
    );
    expect(get).toHaveBeenCalledWith(
      '/transactions',
      expect.objectContaining({ params: { status: ['Requested', 'Pending'], pageSize: '5' } }),
    );
    expect(screen.getByText(/updates every several minutes/)).toBeTruthy();
  });

  it('shows the amount and the date on a phone too', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    answer();
    await show();
    const cards = await screen.findByRole('list', { name: 'Last transactions' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('1.23456789 USDT')).toBeTruthy();
    expect(within(first).getByText('4 Mar 2026, 10:00')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('links View All to My Transactions', async () => {
    answer();
    const { router } = await show();
    const viewAll = await screen.findByRole('link', { name: 'View All' });
    expect(viewAll.getAttribute('href')).toBe(paths.app.transactions);
    viewAll.click();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.app.transactions));
  });

  it('shows balance and open position of the default account, with Buy and Sell', async () => {
    answer();
    await show();
    const summary = await screen.findByRole('region', { name: 'Balance and open position' });
    expect(await within(summary).findByText('1,250.5 USDT')).toBeTruthy();
    expect(within(summary).getByText('200 USDT')).toBeTruthy();
    expect(within(summary).getByText('1,050.5 USDT')).toBeTruthy();
    expect(within(summary).getByText(/Default account: Hanbit main/)).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      paths.app.buy,
    );
    expect(within(summary).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe(
      paths.app.sell,
    );
  });

  it('says so when there is nothing yet, and offers to add an account', async () => {
    answer({
      last: () => Promise.resolve(ok(page([]))),
      requested: page([]),
      pending: page([]),
      accounts: [],
    });
    await show();
    expect(await screen.findByText('You have no transactions yet.')).toBeTruthy();
    expect(await screen.findByText('No request is waiting.')).toBeTruthy();
    expect(await screen.findByText('You have no merchant account yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add an account' }).getAttribute('href')).toBe(
      paths.app.accounts,
    );
  });

  it('shows an error with a retry when the list cannot load', async () => {
    answer({ last: () => Promise.reject(apiFailure(404, 'NOT_FOUND')) });
    await show();
    const section = await screen.findByRole('region', { name: 'Last transactions' });
    expect(await within(section).findByRole('alert')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Korean', async () => {
    answer();
    await show('ko');
    expect(await screen.findByText('김민준님, 안녕하세요')).toBeTruthy();
    const last = await screen.findByRole('table', { name: '최근 거래' });
    expect(
      within(last)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['번호', '유형', '머천트', '상태', '수량', '일시']);
    expect(within(last).getAllByText('처리 중').length).toBeGreaterThan(0);
    // Amount, then the day in Korean order (the hour's words depend on the runtime's ICU data).
    expect(within(last).getAllByRole('row')[1]!.textContent).toMatch(
      /1\.23456789 USDT2026\. 3\. 4\. .*10:00$/,
    );
    expect(await screen.findByRole('table', { name: '요청된 거래' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '전체 보기' })).toBeTruthy();
    expect(screen.getByText(/몇 분마다 갱신/)).toBeTruthy();
  });

  it('shows the operator the work waiting, linking to its screens', async () => {
    const get = answer({
      user: { ...testUser, name: '운영자', role: 'operator' },
      work: {
        'sell-Requested': 2,
        'sell-Pending': 1,
        'buy-Pending': 4,
        review: 3,
        creditsFailed: 1,
      },
    });
    await show();
    expect(await screen.findByText('Hello, 운영자')).toBeTruthy();
    const payouts = await screen.findByRole('region', { name: 'Sells to pay out' });
    expect(within(payouts).getByLabelText('3 waiting')).toBeTruthy();
    expect(within(payouts).getByText('2 new, 1 being paid out.')).toBeTruthy();
    expect(within(payouts).getByRole('link').getAttribute('href')).toBe(
      `${paths.app.operatorTransactions}?queue=payouts`,
    );
    const buys = screen.getByRole('region', { name: 'Buys to resolve' });
    expect(within(buys).getByLabelText('5 waiting')).toBeTruthy();
    expect(
      within(buys).getByText(
        '4 need a decision on their deposit; 1 merchant credits failed and wait for a retry.',
      ),
    ).toBeTruthy();
    const deposits = screen.getByRole('region', { name: 'Deposits in review' });
    expect(within(deposits).getByLabelText('3 waiting')).toBeTruthy();
    expect(within(deposits).getByRole('link').getAttribute('href')).toBe(
      `${paths.app.depositsAdmin}?status=review`,
    );
    expect(get.mock.calls.map(([url]) => url)).not.toContain('/transactions');
    expect(screen.queryByRole('table')).toBeNull();
    // Today's figures, in Korea's day.
    const today = await screen.findByRole('region', { name: 'Today, 26 November 2026 (KST)' });
    expect(within(today).getByText('3,450,000 KRW')).toBeTruthy();
    expect(within(today).getByText('12 requests, not cancelled')).toBeTruthy();
    expect(within(today).getByText('1 request, not cancelled')).toBeTruthy();
    expect(within(today).getByText('9 deposits')).toBeTruthy();
  });

  it('shows the operator today’s figures in Korean', async () => {
    answer({ user: { ...testUser, name: '운영자', role: 'operator' }, work: {} });
    await show('ko');
    const today = await screen.findByRole('region', { name: '오늘 2026년 11월 26일 (KST)' });
    expect(within(today).getByText('3,450,000원')).toBeTruthy();
    expect(within(today).getByText('구매 요청')).toBeTruthy();
    expect(within(today).getByText('12건 (취소 제외)')).toBeTruthy();
  });

  it.each(['en', 'ko'] as const)(
    "shows an agency user the agency's own figures, not a client's balance (%s)",
    async (language) => {
      const get = answer({ user: { ...testUser, name: '이대행', role: 'agency' } });
      await show(language);
      const ko = language === 'ko';
      const clients = await screen.findByRole('region', { name: ko ? '고객' : 'Clients' });
      expect(within(clients).getByText('8')).toBeTruthy();
      const verified = screen.getByRole('region', {
        name: ko ? '본인 확인 완료 고객' : 'Verified clients',
      });
      expect(within(verified).getByText('6')).toBeTruthy();
      expect(within(verified).getByText(/75%/)).toBeTruthy();
      const volume = screen.getByRole('region', {
        name: ko ? '완료 거래 금액' : 'Completed volume',
      });
      expect(within(volume).getByText(ko ? '12,345,000원' : '12,345,000 KRW')).toBeTruthy();
      const months = screen.getByRole('table', { name: ko ? '최근 12개월' : 'The last 12 months' });
      // Newest month first.
      const rows = within(months).getAllByRole('row');
      expect(rows).toHaveLength(13);
      expect(within(rows[1]!).getByText(ko ? '2026년 10월' : 'Oct 2026')).toBeTruthy();
      const urls = get.mock.calls.map(([url]) => url);
      expect(urls).toContain('/agency/dashboard');
      expect(urls).not.toContain('/accounts');
      expect(urls).not.toContain('/transactions');
    },
  );
});
