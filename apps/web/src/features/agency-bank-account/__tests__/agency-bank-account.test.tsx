import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyBankAccountResponse, BankAccount } from '@portal/contract/agency-bank-account';
import type { Approval } from '@portal/contract/approvals';
import type { DepositAccountResponse } from '@portal/contract/transactions';
import type { CurrentUser, UserRole } from '@portal/contract/users';
import { AgencyBankAccountScreen } from '@/features/agency-bank-account/components/agency-bank-account-screen';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { approvalOf, checker } from '@/testing/approvals';
import { depositAccount } from '@/testing/money';

type View = AgencyBankAccountResponse & {
  proposal: Approval | null;
  lastRejected: Approval | null;
};

const proposalOf = (from: BankAccount | null, to: BankAccount) =>
  approvalOf(
    { kind: 'agency_bank_account', agency, from, to },
    { requestedBy: { id: testUser.id, name: testUser.name } },
  );

afterEach(() => vi.restoreAllMocks());

const agency = {
  id: 'a0000000-0000-4000-8000-000000000001',
  code: 'SEOUL-01',
  name: 'Seoul Partners',
};

function answer(role: UserRole, deposit: DepositAccountResponse = depositAccount) {
  const user: CurrentUser = { ...testUser, role, agency: { code: agency.code, name: agency.name } };
  let current: View = { agency, account: deposit.account, proposal: null, lastRejected: null };
  const shown = deposit;
  const get = mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user }));
    if (url === '/deposit-account') return Promise.resolve(ok(shown));
    if (url === '/agency/bank-account') return Promise.resolve(ok(current));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const put = mockApi.put.mockImplementation((url: string, body: unknown) => {
    if (url !== '/agency/bank-account') return Promise.reject(new Error(`unexpected PUT ${url}`));
    // A new account waits for the operator's approval (docs/decisions/017): 202, nothing changes.
    const proposal = proposalOf(current.account, body as BankAccount);
    current = { ...current, proposal };
    return Promise.resolve(ok({ approval: proposal }, 202));
  });
  const post = mockApi.post.mockImplementation((url: string) => {
    if (!current.proposal || url !== `/approvals/${current.proposal.id}/withdraw`)
      return Promise.reject(new Error(`unexpected POST ${url}`));
    const withdrawn = { ...current.proposal, status: 'withdrawn' as const };
    current = { ...current, proposal: null };
    return Promise.resolve(ok({ approval: withdrawn }));
  });
  const set = (view: Partial<View>) => {
    current = { ...current, ...view };
  };
  return { get, put, post, set };
}

describe('Partner Agency Bank Account', () => {
  it('shows a client the account to deposit to, each value with a copy button', async () => {
    const { get } = answer('client');
    await renderApp(<AgencyBankAccountScreen />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Partner Agency Bank Account' }),
    ).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'Partner Agency Bank Account' });
    expect(await within(card).findByText('국민은행')).toBeTruthy();
    expect(within(card).getByText('123-456-789012')).toBeTruthy();
    expect(within(card).getByText('서울파트너스')).toBeTruthy();
    for (const label of ['Bank', 'Account number', 'Account holder']) {
      expect(within(card).getByRole('button', { name: `Copy ${label}` })).toBeTruthy();
    }
    expect(screen.getByText('Conditions for automatic deposit processing')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(get.mock.calls.map(([url]) => url)).not.toContain('/agency/bank-account');
  });

  it('tells a client whose agency has no account yet to contact support', async () => {
    answer('client', { agencyName: 'Seoul Partners', takingBuys: true, account: null });
    await renderApp(<AgencyBankAccountScreen />);
    expect(
      await screen.findByText(/Seoul Partners has not set up its bank account for deposits yet/),
    ).toBeTruthy();
  });

  it('sends a new account for approval: the old one stays in force, the new one waits', async () => {
    const { put } = answer('agency');
    await renderApp(<AgencyBankAccountScreen />);
    const form = await screen.findByRole('region', { name: "Edit your agency's bank account" });
    expect(await within(form).findByText('Seoul Partners (agency code SEOUL-01)')).toBeTruthy();
    const number = await within(form).findByRole('textbox', { name: /Account number/ });
    expect((number as HTMLInputElement).value).toBe('123-456-789012');

    fireEvent.change(within(form).getByRole('textbox', { name: /Bank/ }), {
      target: { value: '신한은행' },
    });
    fireEvent.change(number, { target: { value: '110-222-333444' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));

    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/agency/bank-account', {
        bankName: '신한은행',
        accountNumber: '110-222-333444',
        accountHolder: '서울파트너스',
      }),
    );
    // Said as sent, never as saved.
    expect(
      await screen.findByText(
        'Sent for approval: an operator approves it before it is carried out.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/has been saved/)).toBeNull();
    const waiting = await within(form).findByRole('status');
    expect(within(waiting).getByText("Waiting for the operator's approval")).toBeTruthy();
    expect(within(waiting).getByText('신한은행 110-222-333444')).toBeTruthy();
    expect(within(waiting).getByText(/Asked for by 김민준/)).toBeTruthy();
    // The account in force is still the old one.
    const card = screen.getByRole('region', { name: 'Partner Agency Bank Account' });
    expect(within(card).getByText('123-456-789012')).toBeTruthy();
    expect(within(card).getByText('국민은행')).toBeTruthy();
    const fresh = within(form).getByRole('textbox', { name: /Account number/ });
    expect((fresh as HTMLInputElement).value).toBe('123-456-789012');
  });

  it('withdraws the account waiting for approval', async () => {
    const { set, post } = answer('agency');
    set({
      proposal: proposalOf(depositAccount.account, {
        bankName: '신한은행',
        accountNumber: '110-222-333444',
        accountHolder: '서울파트너스',
      }),
    });
    await renderApp(<AgencyBankAccountScreen />, { language: 'ko' });
    expect(await screen.findByText('운영자 승인 대기 중')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '철회' }));
    const dialog = await screen.findByRole('dialog', { name: '새 계좌 요청을 철회할까요?' });
    fireEvent.click(within(dialog).getByRole('button', { name: '철회' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText(
        '새 계좌 요청을 철회했습니다. 지금 사용 중인 계좌가 그대로 유지됩니다.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('운영자 승인 대기 중')).toBeNull());
  });

  it('says why the last new account was rejected', async () => {
    const { set } = answer('agency');
    set({
      lastRejected: approvalOf(
        {
          kind: 'agency_bank_account',
          agency,
          from: depositAccount.account,
          to: { bankName: '신한은행', accountNumber: '110-222-333444', accountHolder: '다른이름' },
        },
        {
          status: 'rejected',
          decidedBy: checker,
          decidedAt: '2026-11-26T02:00:00.000Z',
          rejectionReason: 'The holder is not the agency.',
        },
      ),
    });
    await renderApp(<AgencyBankAccountScreen />);
    expect(await screen.findByText('The operator rejected the last new account')).toBeTruthy();
    expect(screen.getByText('Reason: The holder is not the agency.')).toBeTruthy();
  });

  it('checks the account number before sending, in English', async () => {
    const { put } = answer('agency');
    await renderApp(<AgencyBankAccountScreen />);
    const number = await screen.findByRole('textbox', { name: /Account number/ });
    fireEvent.change(number, { target: { value: '123-ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(
      await screen.findByText('A bank account number has 6 to 30 digits and dashes.'),
    ).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('checks the fields in Korean too', async () => {
    const { put } = answer('agency');
    await renderApp(<AgencyBankAccountScreen />, { language: 'ko' });
    expect(
      await screen.findByRole('heading', { level: 1, name: '제휴 대행사 입금 계좌' }),
    ).toBeTruthy();
    const number = await screen.findByRole('textbox', { name: /계좌번호/ });
    fireEvent.change(number, { target: { value: '12-34' } });
    fireEvent.change(screen.getByRole('textbox', { name: /예금주/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '승인 요청' }));
    expect(
      await screen.findByText('은행 계좌번호는 숫자와 하이픈(-)으로 6~30자입니다.'),
    ).toBeTruthy();
    expect(screen.getByText('필수 입력 항목입니다.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on the inputs", async () => {
    const { put } = answer('agency');
    put.mockRejectedValueOnce(
      apiFailure(400, 'VALIDATION_FAILED', { fields: { accountHolder: 'scriptLike' } }),
    );
    await renderApp(<AgencyBankAccountScreen />);
    const holder = await screen.findByRole('textbox', { name: /Account holder/ });
    fireEvent.change(holder, { target: { value: '서울 파트너스' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(
      await screen.findByText('Text that looks like a script or markup is not allowed.'),
    ).toBeTruthy();
  });

  it('tells an operator that agencies keep their own accounts', async () => {
    answer('operator');
    await renderApp(<AgencyBankAccountScreen />);
    expect(await screen.findByText(/Operators do not pay into an agency account/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
