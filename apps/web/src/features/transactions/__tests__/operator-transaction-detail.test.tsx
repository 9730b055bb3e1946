import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorTransactionDetail } from '@portal/contract/operator-workbench';
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';
import { approvalOf, checker, depositRef, maker, transactionRef } from '@/testing/approvals';
import { transaction } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

const owner = { id: 'u-1', name: '김민준', email: 'minjun@example.test' };

function detail(): OperatorTransactionDetail {
  const base = transaction({ status: 'Pending', depositInstructions: null });
  return {
    ...base,
    user: owner,
    events: [
      {
        move: 'create',
        from: null,
        to: 'Requested',
        actorKind: 'user',
        at: base.createdAt,
        reason: null,
        note: null,
        actor: { id: owner.id, name: owner.name },
      },
      {
        move: 'deposit_review',
        from: 'Requested',
        to: 'Pending',
        actorKind: 'operator',
        at: base.updatedAt,
        reason: null,
        note: 'Checked by phone.',
        actor: { id: 'op-1', name: 'Operator Park' },
      },
    ],
    deposits: [
      {
        id: 'd-1',
        relation: 'review',
        bankReference: 'KB-20261126-0001',
        depositorName: '김민준',
        amountKrw: '1720',
        receivedAt: '2026-11-26T01:00:00.000Z',
        status: 'review',
      },
    ],
    approvals: [
      approvalOf({
        kind: 'deposit_match',
        deposit: depositRef,
        transaction: { ...transactionRef, id: base.id, number: base.number },
        differenceKrw: '-2500',
        note: null,
      }),
      approvalOf(
        {
          kind: 'buy_cancellation',
          transaction: { ...transactionRef, id: base.id, number: base.number },
          reason: 'Asked twice by mistake.',
        },
        {
          status: 'rejected',
          decidedBy: checker,
          decidedAt: '2026-11-26T02:00:00.000Z',
          rejectionReason: 'The deposit arrived.',
        },
      ),
    ],
  };
}

async function show(language: 'en' | 'ko') {
  const answer = detail();
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === `/operator/transactions/${answer.id}`) return Promise.resolve(ok(answer));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  await renderApp(<TransactionDetailScreen id={answer.id} scope="operator" />, { language });
  const title = language === 'en' ? `Transaction ${answer.number}` : `거래 ${answer.number}`;
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
}

describe('operator transaction detail', () => {
  it('shows the user with a link, who took each step, and the linked deposit', async () => {
    await show('en');
    const user = screen.getByRole('link', { name: `${owner.name} (${owner.email})` });
    // The user's own page (docs/decisions/021).
    expect(user.getAttribute('href')).toBe(`/app/operator/users/${owner.id}`);
    expect(screen.getByText(/By 김민준 \(user\)/)).toBeTruthy();
    expect(screen.getByText(/By Operator Park \(operator\)/)).toBeTruthy();
    expect(screen.getByText('Checked by phone.')).toBeTruthy();
    const deposits = screen.getByRole('table', { name: 'Deposits' });
    expect(within(deposits).getByText('KB-20261126-0001')).toBeTruthy();
    expect(within(deposits).getByText('1,720 KRW')).toBeTruthy();
    // It opens on the Deposits screen as the one row, where it is matched.
    const open = within(deposits).getByRole('link', {
      name: 'To review: open deposit KB-20261126-0001 on the Deposits screen',
    });
    expect(open.textContent).toBe('To review');
    expect(open.getAttribute('href')).toBe(
      '/app/operator/deposits?status=review&q=KB-20261126-0001',
    );
    // Its approvals: who asked, who decided, how (docs/decisions/017).
    const approvals = screen.getByRole('table', { name: 'Approvals' });
    expect(within(approvals).getByText('Deposit match')).toBeTruthy();
    expect(within(approvals).getByText('Pending approval')).toBeTruthy();
    expect(within(approvals).getByText('Buy cancellation')).toBeTruthy();
    expect(within(approvals).getByText('Rejected')).toBeTruthy();
    expect(within(approvals).getAllByText(new RegExp(maker.name))).toHaveLength(2);
    expect(within(approvals).getByText(new RegExp(checker.name))).toBeTruthy();
    expect(within(approvals).getByText('Reason: The deposit arrived.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the approvals queue' })).toBeTruthy();
    // Read-only: the operator acts from the queues.
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Transactions/ })).toBeTruthy();
  });

  it('reads in Korean', async () => {
    await show('ko');
    expect(screen.getByText(/Operator Park \(담당자\)/)).toBeTruthy();
    const deposits = screen.getByRole('table', { name: '입금 내역' });
    expect(within(deposits).getByText('1,720원')).toBeTruthy();
    expect(within(deposits).getByText('확인 중')).toBeTruthy();
    const approvals = screen.getByRole('table', { name: '승인' });
    expect(within(approvals).getByText('승인 대기')).toBeTruthy();
    expect(within(approvals).getByText('거절됨')).toBeTruthy();
    expect(within(approvals).getByText('거절 사유: The deposit arrived.')).toBeTruthy();
  });
});
