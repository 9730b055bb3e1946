import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransactionDetail } from '@portal/contract/transactions';
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp } from '@/testing/app';
import { answerMoneyApi, transaction } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

/** Renders the detail of `detail` and waits for it; `change` sets what the API answers next. */
async function show(detail: TransactionDetail, language: 'en' | 'ko' = 'en') {
  let current = detail;
  const get = answerMoneyApi({ detail: () => Promise.resolve(current) });
  const rendered = await renderApp(<TransactionDetailScreen id={detail.id} />, { language });
  const title = language === 'en' ? `Transaction ${detail.number}` : `거래 ${detail.number}`;
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
  return {
    get,
    queryClient: rendered.queryClient,
    change: (next: TransactionDetail) => {
      current = next;
    },
  };
}

describe('transaction detail', () => {
  it('tells of won to be returned, then of the day they were returned', async () => {
    const cancelled = transaction({ status: 'Cancelled', depositInstructions: null });
    const { change, queryClient } = await show({
      ...cancelled,
      refunds: [{ amountKrw: '17482', status: 'refund_due', refundedAt: null }],
    });
    const due = await screen.findByRole('status');
    expect(due.textContent).toContain('Money to be returned');
    expect(due.textContent).toContain('17,482 won will be returned to the account it came from.');

    change({
      ...cancelled,
      refunds: [{ amountKrw: '17482', status: 'refunded', refundedAt: '2026-11-24T15:30:00.000Z' }],
    });
    await act(() => queryClient.invalidateQueries());
    const returned = await screen.findByText(/was returned to the account it came from on/);
    expect(returned.textContent).toBe(
      '17,482 won was returned to the account it came from on Nov 25, 2026.',
    );
    expect(screen.getByText('Money returned to you')).toBeTruthy();
  });

  it('shows a buy completed at the deposited amount beside what was asked', async () => {
    await show(
      transaction({
        status: 'Completed',
        depositInstructions: null,
        requested: { amount: '12.62967', totalKrw: '17587' },
      }),
      'ko',
    );
    expect(
      await screen.findByText(
        '입금하신 금액으로 완료되었습니다. 처음 요청은 17,587원에 12.62967 USDT였습니다.',
      ),
    ).toBeTruthy();
  });

  it('shows an open buy with its deposit instructions to copy', async () => {
    await show(transaction());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transaction B00000012' }),
    ).toBeTruthy();
    expect(screen.getAllByText('Requested').length).toBeGreaterThan(0);
    const instructions = screen.getByRole('region', { name: 'How to pay for this buy' });
    expect(within(instructions).getByText('1,720 KRW')).toBeTruthy();
    expect(within(instructions).getByText('김민준')).toBeTruthy();
    expect(within(instructions).getByText('123-456-789012')).toBeTruthy();
    expect(within(instructions).getByText('서울파트너스')).toBeTruthy();
    expect(
      within(instructions).getByRole('button', { name: 'Copy Exact amount to deposit' }),
    ).toBeTruthy();
    expect(within(instructions).getByText(/^Deposit before /)).toBeTruthy();
    expect(screen.getByText('1,392.5 KRW per USDT')).toBeTruthy();
  });

  it('says clearly why processing is delayed, in both languages', async () => {
    const delayed = transaction({
      status: 'Pending',
      delayReason: 'amount_differs',
      depositInstructions: null,
    });
    await show(delayed);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Processing is delayed');
    expect(alert.textContent).toContain(
      'The deposit amount does not match the requested amount. An operator is checking it.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('shows what was received and what happens next, in both languages', async () => {
    const delayed = transaction({
      status: 'Pending',
      delayReason: 'amount_differs',
      depositInstructions: null,
      depositsInReview: [{ amountKrw: '17000', receivedAt: '2026-11-24T02:35:00.000Z' }],
    });
    await show(delayed);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Received: 17,000 KRW on 24 Nov 2026, 11:35.')).toBeTruthy();
    expect(
      within(alert).getByText(
        'An operator will either complete your buy for the amount received or return the deposit to you. Please do not send the difference or deposit again.',
      ),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Contact Support' })).toBeTruthy();
    cleanup();

    await show(delayed, 'ko');
    const ko = await screen.findByRole('alert');
    expect(within(ko).getByText(/^받은 입금: 2026\. 11\. 24\. .*11:35, 17,000원$/)).toBeTruthy();
    expect(
      within(ko).getByText(
        '담당자가 받은 금액으로 구매를 완료하거나 입금액을 돌려드립니다. 차액을 보내거나 다시 입금하지 마세요.',
      ),
    ).toBeTruthy();
    expect(within(ko).getByRole('link', { name: '고객 지원에 문의하기' })).toBeTruthy();
  });

  it('tells of a deposit that came after the request expired, but not of finished ones', async () => {
    await show(
      transaction({
        status: 'Cancelled',
        delayReason: 'request_expired',
        depositInstructions: null,
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The deposit arrived after the request had expired.',
    );
  });

  it('says nothing of a delay once a request is completed', async () => {
    await show(
      transaction({
        status: 'Completed',
        delayReason: 'amount_differs',
        depositInstructions: null,
      }),
    );
    await screen.findAllByText('Completed');
    expect(screen.queryByText('Processing is delayed')).toBeNull();
  });

  it('says it in Korean with the Korean status', async () => {
    await show(transaction({ status: 'Pending', delayReason: 'name_differs' }), 'ko');
    expect(await screen.findByText(/입금자명이 등록된 회원 이름과 다릅니다/)).toBeTruthy();
    expect(screen.getAllByText('처리 중').length).toBeGreaterThan(0);
  });

  it('shows the payout reference of a completed sell and a credit still on its way', async () => {
    await show(
      transaction({
        type: 'sell',
        number: 'S00000007',
        status: 'Completed',
        payoutReference: 'KB-20260302-0001',
        completedAt: '2026-03-02T03:00:00.000Z',
        creditStatus: 'pending',
        depositInstructions: null,
      }),
    );
    expect(await screen.findByText('KB-20260302-0001')).toBeTruthy();
    expect(screen.getByText(/Being credited to your merchant account/)).toBeTruthy();
  });

  it('tells the buyer that a credit the merchant refused is in hand, in both languages', async () => {
    const refused = transaction({
      status: 'Completed',
      completedAt: '2026-03-02T03:00:00.000Z',
      creditStatus: 'failed',
      depositInstructions: null,
    });
    await show(refused);
    expect(await screen.findByText(/The merchant has not accepted the transfer/)).toBeTruthy();
    cleanup();
    await show(refused, 'ko');
    expect(await screen.findByText(/머천트가 아직 자산 입고를 받지 않았습니다/)).toBeTruthy();
  });

  it('cancels a Requested request after asking', async () => {
    const requested = transaction();
    const cancelled = transaction({
      status: 'Cancelled',
      depositInstructions: null,
      events: [
        ...requested.events,
        {
          move: 'cancel',
          from: 'Requested',
          to: 'Cancelled',
          actorKind: 'user',
          at: '2026-03-02T01:10:00.000Z',
          reason: 'Changed my mind',
          note: null,
        },
      ],
    });
    const { change } = await show(requested);
    const post = mockApi.post.mockImplementation(() => {
      change(cancelled);
      return Promise.resolve(ok(cancelled));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Would you like to cancel this request?',
    });
    expect(post).not.toHaveBeenCalled();
    // The two buttons say what each does: one keeps the request, one cancels it.
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/transactions/${requested.id}/cancel`, {}),
    );
    expect(await screen.findByText('Request B00000012 has been cancelled.')).toBeTruthy();
    expect((await screen.findAllByText('Cancelled')).length).toBeGreaterThan(0);
    expect(screen.getByText('Requested → Cancelled')).toBeTruthy();
    expect(screen.getByText('Reason: Changed my mind')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull(),
    );
  });

  it('asks in Korean with 돌아가기 and 요청 취소, and 돌아가기 keeps the request', async () => {
    await show(transaction(), 'ko');
    fireEvent.click(await screen.findByRole('button', { name: '요청 취소' }));
    const dialog = await screen.findByRole('dialog', { name: '이 요청을 취소하시겠습니까?' });
    expect(within(dialog).getByRole('button', { name: '요청 취소' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '돌아가기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockApi.post).not.toHaveBeenCalled();
  });

  it('explains a cancel the server refused', async () => {
    await show(transaction());
    mockApi.post.mockRejectedValue(apiFailure(409, 'TRANSITION_NOT_ALLOWED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(
      await screen.findByText('This transaction cannot be changed that way in its current status.'),
    ).toBeTruthy();
  });

  it('updates when the transaction queries are invalidated (as a live event does)', async () => {
    const { change, queryClient } = await show(transaction());
    change(
      transaction({ status: 'Completed', depositInstructions: null, creditStatus: 'delivered' }),
    );
    await act(() => queryClient.invalidateQueries({ queryKey: ['transactions'] }));
    expect((await screen.findAllByText('Completed')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'How to pay for this buy' })).toBeNull();
  });

  it.each([
    ['en', 'Cancelled by the operator: Duplicate request'],
    ['ko', '운영자가 취소했습니다: Duplicate request'],
  ] as const)('says why the operator cancelled a request (%s)', async (language, text) => {
    const base = transaction({ depositInstructions: null });
    await show(
      transaction({
        status: 'Cancelled',
        depositInstructions: null,
        events: [
          ...base.events,
          {
            move: 'operator_cancel_request',
            from: 'Requested',
            to: 'Cancelled',
            actorKind: 'operator',
            at: '2026-03-02T02:00:00.000Z',
            reason: 'Duplicate request',
            note: null,
          },
        ],
      }),
      language,
    );
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('shows the payee of a sell and a debit the merchant refused', async () => {
    await show(
      transaction({
        type: 'sell',
        number: 'S00000009',
        depositInstructions: null,
        payee: {
          bankCode: '004',
          bankName: 'KB Kookmin Bank',
          accountNumber: '123401-04-567890',
          holderName: '김민준',
        },
        debit: { sentAt: null, confirmedAt: null, failure: 'insufficient_funds' },
      }),
    );
    expect(
      await screen.findByText(/The merchant refused the debit: not enough balance\./),
    ).toBeTruthy();
    expect(screen.getByText('KB Kookmin Bank')).toBeTruthy();
    expect(screen.getByText('123401-04-567890')).toBeTruthy();
  });
});
