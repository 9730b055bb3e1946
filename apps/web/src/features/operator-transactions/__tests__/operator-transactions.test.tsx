import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorTransaction } from '@portal/contract/transactions';
import { operatorTransactionsQueryKey } from '@/features/operator-transactions/api/get-operator-transactions';
import { OperatorTransactions } from '@/features/operator-transactions/components/operator-transactions';
import { LIVE_QUERY_PREFIXES } from '@/lib/transactions/use-live-updates';
import { approvalOf, transactionRef } from '@/testing/approvals';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { stubDownloads, exportFile } from '@/testing/downloads';

const base: OperatorTransaction = {
  id: '0b6f7c52-1d2e-4a8f-9f3b-000000000001',
  number: 'S00000001',
  type: 'sell',
  status: 'Requested',
  merchant: { id: 'm1', code: 'HANBIT', name: 'Hanbit Wallet', asset: 'USDT' },
  account: { id: 'a1', name: 'Hanbit main', accountNumber: '1002-3344-5566' },
  amount: '100.5',
  rateKrw: '1380',
  totalKrw: '138690',
  createdAt: '2026-03-02T01:00:00.000Z',
  updatedAt: '2026-03-02T01:00:00.000Z',
  expiresAt: null,
  completedAt: null,
  delayReason: null,
  payoutReference: null,
  creditStatus: 'not_applicable',
  depositInstructions: null,
  requested: null,
  payee: {
    bankCode: '088',
    bankName: 'Shinhan Bank',
    accountNumber: '110-234-567890',
    holderName: '홍길동',
  },
  debit: { sentAt: null, confirmedAt: null, failure: null },
  user: { id: 'u1', name: '홍길동', email: 'client@wonbridge.example' },
};
const requestedSell = base;
const pendingSell: OperatorTransaction = {
  ...base,
  id: '0b6f7c52-1d2e-4a8f-9f3b-000000000002',
  number: 'S00000002',
  status: 'Pending',
  debit: { sentAt: null, confirmedAt: '2026-03-02T02:00:00.000Z', failure: null },
};
const refusedSell: OperatorTransaction = {
  ...base,
  id: '0b6f7c52-1d2e-4a8f-9f3b-000000000005',
  number: 'S00000005',
  debit: { sentAt: null, confirmedAt: null, failure: 'insufficient_funds' },
};
const pendingBuy: OperatorTransaction = {
  ...base,
  id: '0b6f7c52-1d2e-4a8f-9f3b-000000000003',
  number: 'B00000003',
  type: 'buy',
  status: 'Pending',
  payee: null,
  debit: null,
  rateKrw: '1392.5',
  totalKrw: '139947',
  delayReason: 'name_differs',
  creditStatus: 'pending',
};

const creditFailedBuy: OperatorTransaction = {
  ...pendingBuy,
  id: '0b6f7c52-1d2e-4a8f-9f3b-000000000004',
  number: 'B00000004',
  status: 'Completed',
  delayReason: null,
  creditStatus: 'failed',
};

const page = (items: OperatorTransaction[]) =>
  ok({ items, total: items.length, page: 1, pageSize: 20 });

beforeEach(() => {
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/transactions') {
      const { type, status } = (config?.params ?? {}) as { type?: string; status?: string };
      const all = [requestedSell, refusedSell, pendingSell, pendingBuy];
      return Promise.resolve(
        page(all.filter((tx) => (!type || tx.type === type) && (!status || tx.status === status))),
      );
    }
    if (url === '/operator/merchant-credits') {
      return Promise.resolve(
        ok({
          items: [
            { transaction: creditFailedBuy, attempts: 20, lastError: 'link_invalid: relink' },
          ],
        }),
      );
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('operator transactions', () => {
  it('lists sells to pay out: payouts in progress and new requests, each with its action', async () => {
    await renderApp(<OperatorTransactions />);
    const inProgress = await screen.findByRole('table', {
      name: 'Transactions: Payout in progress',
    });
    expect(within(inProgress).getByText('S00000002')).toBeTruthy();
    expect(within(inProgress).getByText('138,690 KRW')).toBeTruthy();
    expect(within(inProgress).getByText('Pending')).toBeTruthy();
    const requested = await screen.findByRole('table', { name: 'Transactions: New sell requests' });
    expect(within(requested).getByRole('button', { name: 'Take (debit): S00000001' })).toBeTruthy();
    expect(within(requested).getByRole('button', { name: 'Cancel: S00000001' })).toBeTruthy();
    // The payee, each value with a copy button, and the debit state.
    const payee = within(requested).getByRole('group', { name: 'Payee of S00000001' });
    expect(within(payee).getByText('Shinhan Bank')).toBeTruthy();
    expect(within(payee).getByText('110-234-567890')).toBeTruthy();
    expect(within(payee).getByText('홍길동')).toBeTruthy();
    expect(within(payee).getAllByRole('button', { name: /^Copy/ })).toHaveLength(3);
    expect(within(requested).getAllByText('Not debited yet')).toHaveLength(1);
    // A refused debit: nobody can pay it out, only Cancel.
    expect(
      within(requested).getByText(
        'The merchant refused the debit: not enough balance. Nobody can pay this sale out; cancel it.',
      ),
    ).toBeTruthy();
    expect(within(requested).queryByRole('button', { name: /^Take.*S00000005/ })).toBeNull();
    expect(within(requested).getByRole('button', { name: 'Cancel: S00000005' })).toBeTruthy();
    expect(within(inProgress).getByText(/^Debit confirmed/)).toBeTruthy();
    expect(mockApi.get).toHaveBeenCalledWith(
      '/operator/transactions',
      expect.objectContaining({
        params: { type: 'sell', status: 'Pending', sort: 'oldest', page: '1', pageSize: '20' },
      }),
    );
  });

  it('completes a sell only with a payout reference, and sends it', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ ...pendingSell, status: 'Completed', payoutReference: 'KB-20260302-77' }),
    );
    await renderApp(<OperatorTransactions />);
    fireEvent.click(await screen.findByRole('button', { name: 'Complete payout: S00000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the payout of S00000002' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete payout' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Payout reference/ }), {
      target: { value: 'KB-20260302-77' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete payout' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe(`/operator/transactions/${pendingSell.id}/complete`);
    expect(JSON.parse(JSON.stringify(body))).toEqual({ payoutReference: 'KB-20260302-77' });
    expect(await screen.findByText('S00000002 completed: payout recorded.')).toBeTruthy();
  });

  it('shows the delay of a buy, and asks to cancel it only with a reason (four-eyes)', async () => {
    // Cancelling a buy waits for a second operator (docs/decisions/017): 202 { approval }.
    const post = mockApi.post.mockResolvedValue(
      ok(
        {
          approval: approvalOf({
            kind: 'buy_cancellation',
            transaction: { ...transactionRef, id: pendingBuy.id, number: pendingBuy.number },
            reason: 'The deposit came from someone else; returned to sender.',
          }),
        },
        202,
      ),
    );
    await renderApp(<OperatorTransactions />, { path: '/?queue=buys' });
    const table = await screen.findByRole('table', {
      name: 'Transactions: Buys waiting for a decision',
    });
    expect(within(table).getByText('Delayed: depositor name differs')).toBeTruthy();
    // A buy completes only from its deposit's screen.
    expect(within(table).queryByRole('button', { name: /Complete buy/ })).toBeNull();
    expect(
      within(table).getByRole('link', { name: 'Find its deposit: B00000003' }).getAttribute('href'),
    ).toBe('/app/operator/deposits?status=review');
    fireEvent.click(within(table).getByRole('button', { name: 'Cancel: B00000003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel B00000003' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transaction' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'The deposit came from someone else; returned to sender.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transaction' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/transactions/${pendingBuy.id}/cancel`, {
        reason: 'The deposit came from someone else; returned to sender.',
      }),
    );
    expect(
      await screen.findByText(
        'Sent for approval: another operator approves it before it is carried out.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('B00000003 cancelled.')).toBeNull();
  });

  it('lists the merchant credits that failed, and sends one again', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ ...creditFailedBuy, creditStatus: 'pending' }),
    );
    await renderApp(<OperatorTransactions />, { path: '/?queue=buys' });
    const list = await screen.findByRole('list', { name: 'Merchant credits that failed' });
    expect(
      within(list).getByText('Credit failed after 20 attempts: link_invalid: relink'),
    ).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Retry credit: B00000004' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send the credit of B00000004 again',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry credit' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `/operator/transactions/${creditFailedBuy.id}/retry-credit`,
        {},
      ),
    );
    expect(await screen.findByText('The credit of B00000004 is being sent again.')).toBeTruthy();
  });

  it('says why the server refused a move', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'TRANSITION_NOT_ALLOWED'));
    await renderApp(<OperatorTransactions />);
    fireEvent.click(await screen.findByRole('button', { name: 'Take (debit): S00000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take S00000001 for payout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Debit the merchant' }));
    expect(
      await within(dialog).findByText(
        'This transaction cannot be changed that way in its current status.',
      ),
    ).toBeTruthy();
  });

  it('cancels a Requested sell with a reason', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...requestedSell, status: 'Cancelled' }));
    await renderApp(<OperatorTransactions />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel: S00000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel S00000001' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Duplicate request' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transaction' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/transactions/${requestedSell.id}/cancel`, {
        reason: 'Duplicate request',
      }),
    );
  });

  it('reads in Korean, with the product status words', async () => {
    await renderApp(<OperatorTransactions />, { language: 'ko', path: '/?queue=all' });
    const table = await screen.findByRole('table', { name: '거래: 전체 거래' });
    expect(within(table).getAllByText('요청됨')).toHaveLength(2);
    expect(within(table).getAllByText('처리 중')).toHaveLength(2);
    expect(within(table).getByText('지연 사유: 입금자명 불일치')).toBeTruthy();
  });

  it('keeps the queue, the filters and each queue’s page in the address, and Back undoes a filter', async () => {
    const { router } = await renderApp(<OperatorTransactions />, {
      path: '/?queue=all&type=sell&page=2&payoutsPending.page=3',
    });
    await screen.findByRole('table', { name: 'Transactions: All transactions' });
    expect(mockApi.get).toHaveBeenCalledWith(
      '/operator/transactions',
      expect.objectContaining({
        params: { type: 'sell', sort: 'newest', page: '2', pageSize: '20' },
      }),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending', hidden: true }));
    // A new filter starts again at page 1; the fixed queues keep theirs.
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?queue=all&payoutsPending.page=3&type=sell&status=Pending',
      ),
    );
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/transactions',
        expect.objectContaining({
          params: { type: 'sell', status: 'Pending', sort: 'newest', page: '1', pageSize: '20' },
        }),
      ),
    );
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?queue=all&type=sell&page=2&payoutsPending.page=3');

    // The payouts tab opens each of its queues at its own page.
    fireEvent.click(screen.getByRole('tab', { name: 'Sells to pay out' }));
    await screen.findByRole('table', { name: 'Transactions: Payout in progress' });
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/transactions',
        expect.objectContaining({
          params: { type: 'sell', status: 'Pending', sort: 'oldest', page: '3', pageSize: '20' },
        }),
      ),
    );
  });

  it('shows how long each open request has waited, and marks those past the warning', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-02T04:05:00.000Z') });
    try {
      const fresh = { ...pendingSell, createdAt: '2026-03-02T03:53:00.000Z' };
      mockApi.get.mockImplementation((url: string) => {
        if (url === '/auth/me')
          return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
        if (url === '/operator/transactions')
          return Promise.resolve(page([fresh, requestedSell, creditFailedBuy]));
        return Promise.reject(new Error(`unexpected GET ${url}`));
      });
      await renderApp(<OperatorTransactions />, { path: '/?queue=all' });
      const table = await screen.findByRole('table', { name: 'Transactions: All transactions' });
      const rows = within(table).getAllByRole('row');
      const rowOf = (number: string) => rows.find((row) => row.textContent?.includes(number))!;
      expect(rowOf('S00000002').textContent).toContain('12 min');
      expect(rowOf('S00000002').hasAttribute('data-waited-long')).toBe(false);
      // Requested at 01:00, now 04:05: past the 30 minutes, marked in words too.
      expect(rowOf('S00000001').textContent).toContain('3 h 5 min (waiting over 30 minutes)');
      expect(rowOf('S00000001').hasAttribute('data-waited-long')).toBe(true);
      // A completed one waits no more.
      expect(rowOf('B00000004').hasAttribute('data-waited-long')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches, orders and exports the All list through the address', async () => {
    stubDownloads();
    const answer = mockApi.get.getMockImplementation()!;
    mockApi.get.mockImplementation((url, config) => {
      if (url === '/operator/transactions/export.csv') {
        const file = `2026-11-26.csv`;
        return Promise.resolve(exportFile(`all-transactions-${file}`, `전체거래내역_${file}`));
      }
      return answer(url, config);
    });
    const { router } = await renderApp(<OperatorTransactions />, {
      language: 'ko',
      path: '/?queue=all&from=2026-03-01&to=2026-03-02',
    });
    await screen.findByRole('table', { name: '거래: 전체 거래' });
    fireEvent.change(screen.getByRole('searchbox', { name: '검색' }), {
      target: { value: '1,234,000' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?queue=all&q=${encodeURIComponent('1,234,000')}&from=2026-03-01&to=2026-03-02`,
      ),
    );
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/transactions',
        expect.objectContaining({
          params: {
            q: '1,234,000',
            from: '2026-03-01',
            to: '2026-03-02',
            sort: 'newest',
            page: '1',
            pageSize: '20',
          },
        }),
      ),
    );
    fireEvent.click(screen.getByRole('combobox', { name: '정렬' }));
    fireEvent.click(await screen.findByRole('option', { name: '금액 높은순', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=amount_desc'));
    fireEvent.click(screen.getByRole('button', { name: 'CSV 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/operator/transactions/export.csv', {
        params: { q: '1,234,000', from: '2026-03-01', to: '2026-03-02', lang: 'ko' },
      }),
    );
    expect(
      await screen.findByText('전체거래내역_2026-11-26.csv 파일을 내려받았습니다.'),
    ).toBeTruthy();
  });

  it('searches a queue tab across its sections, back at their first pages, and exports what they hold', async () => {
    stubDownloads();
    const answer = mockApi.get.getMockImplementation()!;
    mockApi.get.mockImplementation((url, config) => {
      if (url === '/operator/transactions/export.xlsx') {
        return Promise.resolve(exportFile('transactions-2026-11-26.xlsx'));
      }
      return answer(url, config);
    });
    const { router } = await renderApp(<OperatorTransactions />, {
      path: '/?queue=payouts&payoutsRequested.page=2',
    });
    const filters = await screen.findByRole('region', { name: 'Filters: Sells to pay out' });
    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Search' }), {
      target: { value: '홍길동' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?queue=payouts&payouts.q=${encodeURIComponent('홍길동')}`,
      ),
    );
    for (const status of ['Pending', 'Requested']) {
      await waitFor(() =>
        expect(mockApi.get).toHaveBeenCalledWith(
          '/operator/transactions',
          expect.objectContaining({
            params: {
              type: 'sell',
              status,
              q: '홍길동',
              sort: 'oldest',
              page: '1',
              pageSize: '20',
            },
          }),
        ),
      );
    }
    fireEvent.click(within(filters).getByRole('button', { name: 'Export Excel' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/operator/transactions/export.xlsx', {
        params: { type: 'sell', status: ['Pending', 'Requested'], q: '홍길동', lang: 'en' },
      }),
    );
    expect(await screen.findByText('Downloaded transactions-2026-11-26.xlsx.')).toBeTruthy();
    // Clearing the filters gives the queue its own words for an empty list back.
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?queue=payouts'));
  });

  it('refreshes on live events: its queries are under a key a transaction change makes stale', () => {
    expect(LIVE_QUERY_PREFIXES).toContainEqual(operatorTransactionsQueryKey);
  });
});
