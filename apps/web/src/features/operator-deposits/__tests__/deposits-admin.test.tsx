import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deposit } from '@portal/contract/transactions';
import { operatorDepositsQueryKey } from '@/features/operator-deposits/api/get-deposits';
import { DepositsAdmin } from '@/features/operator-deposits/components/deposits-admin';
import { LIVE_QUERY_PREFIXES } from '@/lib/transactions/use-live-updates';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { stubDownloads, exportFile } from '@/testing/downloads';

const deposit = (overrides: Partial<Deposit>): Deposit => ({
  id: '5d1f0c9a-0000-4000-8000-000000000001',
  bankReference: 'TX20260302-0001',
  depositorName: '홍길 동',
  amountKrw: '1392500',
  receivedAt: '2026-03-02T01:15:00.000Z',
  receivingAccount: '110-123-456789',
  source: 'webhook',
  status: 'review',
  reviewReason: 'name_differs',
  matchedTransaction: null,
  relatedTransactions: [{ id: 't1', number: 'B00000007' }],
  resolution: null,
  refundReason: null,
  refundTransaction: null,
  refundBankReference: null,
  refundedAt: null,
  writeOffReason: null,
  decidedAt: null,
  createdAt: '2026-03-02T01:15:01.000Z',
  ...overrides,
});
const nameDiffers = deposit({});
const noRequest = deposit({
  id: '5d1f0c9a-0000-4000-8000-000000000002',
  bankReference: 'TX20260302-0002',
  depositorName: '김철수',
  amountKrw: '500000',
  source: 'statement',
  reviewReason: 'no_prior_request',
  relatedTransactions: [],
});

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/deposits') {
      return Promise.resolve(
        ok({ items: [nameDiffers, noRequest], total: 2, page: 1, pageSize: 20 }),
      );
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('deposits (operator)', () => {
  it('shows the review queue with amounts, sources, related requests and reasons', async () => {
    await renderApp(<DepositsAdmin />);
    const table = await screen.findByRole('table', { name: 'Deposits: To review' });
    expect(mockApi.get).toHaveBeenCalledWith(
      '/operator/deposits',
      expect.objectContaining({
        params: { status: 'review', sort: 'newest', page: '1', pageSize: '20' },
      }),
    );
    expect(within(table).getByText('1,392,500 KRW')).toBeTruthy();
    expect(within(table).getByText('Statement import')).toBeTruthy();
    expect(within(table).getByText('Related: B00000007')).toBeTruthy();
    expect(
      within(table).getByText(/The depositor's name is not the registered name of the user/),
    ).toBeTruthy();
    expect(
      within(table).getByText(/No buy request had been made before this deposit/),
    ).toBeTruthy();
  });

  it('shows the reasons in Korean', async () => {
    await renderApp(<DepositsAdmin />, { language: 'ko' });
    const table = await screen.findByRole('table', { name: '입금: 확인 필요' });
    expect(within(table).getByText('1,392,500원')).toBeTruthy();
    expect(
      within(table).getByText(/입금자명이 일치하는 요청을 한 이용자의 등록 이름과 다릅니다/),
    ).toBeTruthy();
    expect(
      within(table).getByText(/이 입금이 들어오기 전에 접수된 구매 요청이 없습니다/),
    ).toBeTruthy();
  });

  it('matches a deposit to a buy only once a differing amount is accepted', async () => {
    const candidate = {
      id: '9d0f3c1a-1111-4111-8111-000000000007',
      number: 'B00000007',
      status: 'Pending' as const,
      userName: '홍길동',
      userEmail: 'hong@example.com',
      amount: '1',
      asset: 'USDT',
      rateKrw: '1392501',
      totalKrw: '1392501',
      createdAt: '2026-03-02T01:00:00.000Z',
      expiresAt: '2026-03-03T01:00:00.000Z',
      depositAccountNumber: '110-123-456789',
      depositBankName: '국민은행',
      differenceKrw: '-1',
      amountAtDeposit: '0.99999928',
      matchable: true,
    };
    vi.mocked(mockApi.get).mockImplementation((url: string) => {
      if (url === '/auth/me')
        return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
      if (url === '/operator/deposits') {
        return Promise.resolve(ok({ items: [nameDiffers], total: 1, page: 1, pageSize: 20 }));
      }
      if (url === `/operator/deposits/${nameDiffers.id}`) {
        return Promise.resolve(ok({ deposit: nameDiffers, candidates: [candidate] }));
      }
      return Promise.reject(new Error(`unexpected GET ${url}`));
    });
    const post = mockApi.post.mockResolvedValue(
      ok({ ...nameDiffers, status: 'settled', matchedTransaction: candidate }),
    );
    await renderApp(<DepositsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open deposit TX20260302-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit TX20260302-0001' });
    const card = await within(dialog).findByLabelText('Buy B00000007');
    expect(within(card).getByText('hong@example.com')).toBeTruthy();
    expect(within(card).getByText('Difference: -1 KRW')).toBeTruthy();
    const match = within(card).getByRole('button', {
      name: 'Match deposit TX20260302-0001 to buy B00000007',
    });
    expect((match as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(card).getByRole('checkbox', { name: /Complete at the deposited amount/ }),
    );
    fireEvent.click(match);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/deposits/${nameDiffers.id}/match`, {
        transactionId: candidate.id,
        acceptAmountDifference: true,
      }),
    );
    expect(await screen.findByText('Deposit TX20260302-0001 paid B00000007.')).toBeTruthy();
  });

  it('refunds a deposit only with a reason', async () => {
    vi.mocked(mockApi.get).mockImplementation((url: string) => {
      if (url === '/auth/me')
        return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
      if (url === '/operator/deposits') {
        return Promise.resolve(ok({ items: [noRequest], total: 1, page: 1, pageSize: 20 }));
      }
      if (url === `/operator/deposits/${noRequest.id}`) {
        return Promise.resolve(ok({ deposit: noRequest, candidates: [] }));
      }
      return Promise.reject(new Error(`unexpected GET ${url}`));
    });
    const post = mockApi.post.mockResolvedValue(
      ok({ ...noRequest, status: 'refund_due', refundReason: 'no_request' }),
    );
    await renderApp(<DepositsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open deposit TX20260302-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit TX20260302-0002' });
    expect(
      await within(dialog).findByText('No open buy request fits this deposit by amount or name.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund this deposit' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Why/ }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Nobody asked for it', hidden: true }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund this deposit' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/deposits/${noRequest.id}/refund`, {
        reason: 'no_request',
      }),
    );
    expect(await screen.findByText('Deposit TX20260302-0002 is to be returned.')).toBeTruthy();
  });

  it('records a deposit by hand with its time in ISO 8601 with the Korean offset', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok(
        {
          deposit: deposit({
            bankReference: 'TX-9',
            source: 'manual',
            status: 'settled',
            reviewReason: null,
            matchedTransaction: { id: 't9', number: 'B00000009' },
          }),
          duplicate: false,
        },
        201,
      ),
    );
    await renderApp(<DepositsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a deposit' });
    const input = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    fireEvent.change(input(/Bank reference/), { target: { value: 'TX-9' } });
    fireEvent.change(input(/Depositor name/), { target: { value: '홍길동' } });
    fireEvent.change(input(/Amount/), { target: { value: '1,392,500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe('/operator/deposits');
    const sent = body as Record<string, string>;
    expect(sent).toMatchObject({
      bankReference: 'TX-9',
      depositorName: '홍길동',
      amountKrw: '1392500',
    });
    expect(sent.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(Math.abs(Date.parse(sent.receivedAt!) - Date.now())).toBeLessThan(120_000);
    expect(sent.receivingAccount).toBeUndefined();
    expect(await screen.findByText('Deposit TX-9 recorded: it completed B00000009.')).toBeTruthy();
  });

  it('reads won as they are typed: a won sign is dropped, a comma out of place refused', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ deposit: deposit({ bankReference: 'TX-10', source: 'manual' }), duplicate: false }, 201),
    );
    await renderApp(<DepositsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a deposit' });
    const input = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    fireEvent.change(input(/Bank reference/), { target: { value: 'TX-10' } });
    fireEvent.change(input(/Depositor name/), { target: { value: '홍길동' } });
    fireEvent.change(input(/Amount/), { target: { value: '1,00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(
      await within(dialog).findByText(
        'Put commas only between groups of three digits, as in 1,000 or 1,000,000.',
      ),
    ).toBeTruthy();
    fireEvent.change(input(/Amount/), { target: { value: '1000.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(await within(dialog).findByText('Enter whole won, without decimals.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(input(/Amount/), { target: { value: '1,392,500원' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ amountKrw: '1392500' });
  });

  it('says so on the bank reference when the deposit is already recorded', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'DEPOSIT_ALREADY_RECORDED'));
    await renderApp(<DepositsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a deposit' });
    const input = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    fireEvent.change(input(/Bank reference/), { target: { value: 'TX20260302-0001' } });
    fireEvent.change(input(/Depositor name/), { target: { value: '홍길동' } });
    fireEvent.change(input(/Amount/), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(
      await within(dialog).findByText('A deposit with this bank reference is already recorded.'),
    ).toBeTruthy();
  });

  it('refreshes on live events: a deposit that settles a buy leaves the review list', () => {
    expect(LIVE_QUERY_PREFIXES).toContainEqual(operatorDepositsQueryKey);
  });

  it('shows how long a deposit in review has waited, marking those past the warning', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-02T01:27:01.000Z') });
    try {
      // Recorded 01:15:01 and 00:30:00: 12 minutes and 57 minutes ago.
      const old = { ...noRequest, createdAt: '2026-03-02T00:30:00.000Z' };
      mockApi.get.mockImplementation((url: string) => {
        if (url === '/auth/me')
          return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
        if (url === '/operator/deposits')
          return Promise.resolve(
            ok({ items: [nameDiffers, old], total: 2, page: 1, pageSize: 20 }),
          );
        return Promise.reject(new Error(`unexpected GET ${url}`));
      });
      await renderApp(<DepositsAdmin />);
      const table = await screen.findByRole('table', { name: 'Deposits: To review' });
      const rows = within(table).getAllByRole('row');
      const rowOf = (reference: string) =>
        rows.find((row) => row.textContent?.includes(reference))!;
      expect(rowOf('TX20260302-0001').textContent).toContain('12 min');
      expect(rowOf('TX20260302-0001').hasAttribute('data-waited-long')).toBe(false);
      expect(rowOf('TX20260302-0002').textContent).toContain('57 min (waiting over 30 minutes)');
      expect(rowOf('TX20260302-0002').hasAttribute('data-waited-long')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches, orders and exports the queue through the address (ko)', async () => {
    stubDownloads();
    const answer = mockApi.get.getMockImplementation()!;
    mockApi.get.mockImplementation((url, config) => {
      if (url === '/operator/deposits/export.xlsx') {
        const file = '2026-11-26.xlsx';
        return Promise.resolve(exportFile(`deposits-${file}`, `입금내역_${file}`));
      }
      return answer(url, config);
    });
    const { router } = await renderApp(<DepositsAdmin />, {
      language: 'ko',
      path: '/?from=2026-03-01&to=2026-03-02',
    });
    await screen.findByRole('table', { name: '입금: 확인 필요' });
    fireEvent.change(screen.getByRole('searchbox', { name: '검색' }), {
      target: { value: '1,392,500' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?q=${encodeURIComponent('1,392,500')}&from=2026-03-01&to=2026-03-02`,
      ),
    );
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/deposits',
        expect.objectContaining({
          params: {
            status: 'review',
            q: '1,392,500',
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
    fireEvent.click(await screen.findByRole('option', { name: '오래된순', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=oldest'));
    fireEvent.click(screen.getByRole('button', { name: '엑셀 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/operator/deposits/export.xlsx', {
        params: {
          status: 'review',
          q: '1,392,500',
          from: '2026-03-01',
          to: '2026-03-02',
          lang: 'ko',
        },
      }),
    );
    expect(await screen.findByText('입금내역_2026-11-26.xlsx 파일을 내려받았습니다.')).toBeTruthy();
  });
});
