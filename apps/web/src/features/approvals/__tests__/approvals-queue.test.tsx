import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '@portal/contract/approvals';
import { ApprovalsQueue } from '@/features/approvals/components/approvals-queue';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { approvalOf, checker, depositRef, maker, transactionRef } from '@/testing/approvals';

/** The signed-in operator is the checker; the maker's items get Approve and Reject. */
const me = { ...testUser, id: checker.id, name: checker.name, role: 'operator' as const };

const rateChange = approvalOf({
  kind: 'rate_change',
  asset: 'USDT',
  from: { buyRateKrw: '1392.5', sellRateKrw: '1380' },
  to: { buyRateKrw: '139250', sellRateKrw: '1380' },
});
const match = approvalOf({
  kind: 'deposit_match',
  deposit: depositRef,
  transaction: transactionRef,
  differenceKrw: '-2500',
  note: null,
});
const bankAccount = approvalOf({
  kind: 'agency_bank_account',
  agency: { id: 'a-1', code: 'SEOUL-01', name: 'Seoul Partners' },
  from: { bankName: '국민은행', accountNumber: '123-456-789012', accountHolder: '서울파트너스' },
  to: { bankName: '신한은행', accountNumber: '110-222-333444', accountHolder: '서울파트너스' },
});
/** Asked by the signed-in operator: waits for another one. */
const mine = approvalOf(
  {
    kind: 'operator_role',
    user: { id: 'u-9', name: '이서연', email: 'seoyeon@example.com' },
    fromRole: 'client',
    toRole: 'operator',
  },
  { requestedBy: checker },
);
const rejected = approvalOf(
  { kind: 'buy_cancellation', transaction: transactionRef, reason: 'Asked twice.' },
  {
    status: 'rejected',
    decidedBy: checker,
    decidedAt: '2026-11-26T02:00:00.000Z',
    rejectionReason: 'The deposit arrived.',
  },
);

let pending: Approval[] = [];

beforeEach(() => {
  pending = [rateChange, match, bankAccount, mine];
  mockApi.get.mockImplementation((url: string, options?: { params: Record<string, unknown> }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: me }));
    if (url === '/operator/approvals') {
      const decided = options?.params.view === 'decided';
      const items = decided ? [rejected] : pending;
      return Promise.resolve(ok({ items, total: items.length, page: 1, pageSize: 20 }));
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('approvals queue', () => {
  it('lists what waits with the change old -> new, who asked and how long it waited', async () => {
    await renderApp(<ApprovalsQueue />);
    const table = await screen.findByRole('table', { name: 'Approvals: Pending' });
    expect(screen.getByText('4 approvals')).toBeTruthy();

    const rate = rowOf(table, 'Rate change');
    expect(within(rate).getByText('USDT rates, KRW per unit')).toBeTruthy();
    expect(within(rate).getByText('1,392.5')).toBeTruthy();
    expect(within(rate).getByText('139,250')).toBeTruthy();
    expect(within(rate).getByText('(+9,900.00%)')).toBeTruthy();
    expect(within(rate).getByText(maker.name)).toBeTruthy();

    const deposit = rowOf(table, 'Deposit match');
    expect(within(deposit).getByText('Difference: -2,500 KRW')).toBeTruthy();
    expect(
      within(deposit)
        .getByRole('link', { name: `Open transaction ${transactionRef.number}` })
        .getAttribute('href'),
    ).toBe(`/app/operator/transactions/${transactionRef.id}`);

    const account = rowOf(table, 'Agency bank account');
    expect(within(account).getByText('국민은행 123-456-789012 (서울파트너스)')).toBeTruthy();
    expect(within(account).getByText('신한은행 110-222-333444 (서울파트너스)')).toBeTruthy();

    // One's own: no Approve, says it waits for another operator, and may be withdrawn.
    const own = rowOf(table, 'Operator role');
    expect(within(own).getByText('Waiting for another operator')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(
      within(own).getByRole('button', { name: 'Withdraw your request: Operator role' }),
    ).toBeTruthy();
  });

  it('approves after showing the change, then refreshes the queue', async () => {
    const post = mockApi.post.mockImplementation(() => {
      pending = pending.filter((approval) => approval.id !== rateChange.id);
      return Promise.resolve(ok({ ...rateChange, status: 'approved', decidedBy: checker }));
    });
    await renderApp(<ApprovalsQueue />);
    fireEvent.click(
      await screen.findByRole('button', { name: `Approve: Rate change asked by ${maker.name}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve: Rate change' });
    expect(within(dialog).getByText('(+9,900.00%)')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and carry out' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/approvals/${rateChange.id}/approve`),
    );
    expect(await screen.findByText('Approved and carried out: Rate change.')).toBeTruthy();
    expect(await screen.findByText('3 approvals')).toBeTruthy();
  });

  it('says so when someone else decided first', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'APPROVAL_ALREADY_DECIDED'));
    await renderApp(<ApprovalsQueue />, { language: 'ko' });
    fireEvent.click(
      await screen.findByRole('button', { name: `승인: ${maker.name}님이 요청한 환율 변경` }),
    );
    const dialog = await screen.findByRole('dialog', { name: '승인: 환율 변경' });
    fireEvent.click(within(dialog).getByRole('button', { name: '승인하고 실행' }));
    expect(
      await screen.findByText(
        '이미 승인, 거절 또는 철회된 작업입니다. 새로 고침해서 결과를 확인해 주세요.',
      ),
    ).toBeTruthy();
  });

  it('rejects only with a reason, in Korean', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...match, status: 'rejected' }));
    await renderApp(<ApprovalsQueue />, { language: 'ko' });
    const table = await screen.findByRole('table', { name: '승인: 승인 대기' });
    expect(within(rowOf(table, '입금 연결')).getByText('차액: -2,500원')).toBeTruthy();
    expect(
      within(rowOf(table, '운영자 역할')).getByText('다른 운영자의 승인을 기다리는 중'),
    ).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: `거절: ${maker.name}님이 요청한 입금 연결` }),
    );
    const dialog = await screen.findByRole('dialog', { name: '거절: 입금 연결' });
    fireEvent.click(within(dialog).getByRole('button', { name: '거절' }));
    expect(await within(dialog).findByText('필수 입력 항목입니다.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^거절 사유/), {
      target: { value: '입금자명이 다릅니다.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '거절' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/approvals/${match.id}/reject`, {
        reason: '입금자명이 다릅니다.',
      }),
    );
    expect(
      await screen.findByText('거절했습니다: 입금 연결. 아무것도 실행되지 않았습니다.'),
    ).toBeTruthy();
  });

  it('withdraws one of its own', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...mine, status: 'withdrawn' }));
    await renderApp(<ApprovalsQueue />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Withdraw your request: Operator role' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw: Operator role' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/approvals/${mine.id}/withdraw`));
  });

  it('shows the decided ones with who decided and why, the tab in the address', async () => {
    const { router } = await renderApp(<ApprovalsQueue />, { path: '/?view=decided' });
    const table = await screen.findByRole('table', { name: 'Approvals: Decided' });
    const row = rowOf(table, 'Buy cancellation');
    expect(within(row).getByText('Rejected')).toBeTruthy();
    expect(within(row).getByText(new RegExp(`By ${checker.name}`))).toBeTruthy();
    expect(within(row).getByText('Reason: The deposit arrived.')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table', { name: 'Approvals: Pending' })).toBeTruthy();
  });
});
