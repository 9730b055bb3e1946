import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyBankAccountResponse } from '@portal/contract/agency-bank-account';
import type { DepositAccountResponse } from '@portal/contract/transactions';
import type { CurrentUser, UserRole } from '@portal/contract/users';
import { AgencyBankAccountScreen } from '@/features/agency-bank-account/components/agency-bank-account-screen';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { depositAccount } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

const agency = {
  id: 'a0000000-0000-4000-8000-000000000001',
  code: 'SEOUL-01',
  name: 'Seoul Partners',
};

function answer(role: UserRole, deposit: DepositAccountResponse = depositAccount) {
  const user: CurrentUser = { ...testUser, role, agency: { code: agency.code, name: agency.name } };
  let current: AgencyBankAccountResponse = { agency, account: deposit.account };
  let shown = deposit;
  const get = mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user }));
    if (url === '/deposit-account') return Promise.resolve(ok(shown));
    if (url === '/agency/bank-account') return Promise.resolve(ok(current));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const put = mockApi.put.mockImplementation((url: string, body: unknown) => {
    if (url !== '/agency/bank-account') return Promise.reject(new Error(`unexpected PUT ${url}`));
    const account = body as NonNullable<AgencyBankAccountResponse['account']>;
    current = { agency, account };
    shown = { agencyName: agency.name, account };
    return Promise.resolve(ok(current));
  });
  return { get, put };
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
    answer('client', { agencyName: 'Seoul Partners', account: null });
    await renderApp(<AgencyBankAccountScreen />);
    expect(
      await screen.findByText(/Seoul Partners has not set up its bank account for deposits yet/),
    ).toBeTruthy();
  });

  it('lets an agency user edit its account, and shows the saved one', async () => {
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
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));

    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/agency/bank-account', {
        bankName: '신한은행',
        accountNumber: '110-222-333444',
        accountHolder: '서울파트너스',
      }),
    );
    expect(
      await screen.findByText(
        'The bank account has been saved. Your clients see the new account from now on.',
      ),
    ).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Partner Agency Bank Account' });
    expect(await within(card).findByText('110-222-333444')).toBeTruthy();
    expect(within(card).getByText('신한은행')).toBeTruthy();
  });

  it('checks the account number before sending, in English', async () => {
    const { put } = answer('agency');
    await renderApp(<AgencyBankAccountScreen />);
    const number = await screen.findByRole('textbox', { name: /Account number/ });
    fireEvent.change(number, { target: { value: '123-ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
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
    fireEvent.click(screen.getByRole('button', { name: '입금 계좌 저장' }));
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
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
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
