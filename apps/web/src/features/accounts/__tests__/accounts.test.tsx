import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account, VerifyAccountResponse } from '@portal/contract/accounts';
import type { Merchant } from '@portal/contract/merchants';
import { AccountsList } from '@/features/accounts/components/accounts-list';
import { AddAccountForm } from '@/features/accounts/components/add-account-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const hanbit: Merchant = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'HANBIT',
  name: 'Hanbit Wallet',
  asset: 'USDT',
  minPerRequest: '10',
  maxPerRequest: '50000',
  sandbox: false,
};
const verification: VerifyAccountResponse = {
  verificationId: '3b241101-e2bb-4255-8caf-4136c566a962',
  holderName: '홍길동',
  accountNumber: '1002-3344-5566',
  merchantId: hanbit.id,
  expiresAt: '2026-03-02T01:12:03.000Z',
};
const account = (overrides: Partial<Account>): Account => ({
  id: '0b6c7c5e-2222-4222-8222-000000000001',
  merchant: { id: hanbit.id, code: hanbit.code, name: hanbit.name, asset: hanbit.asset },
  accountNumber: '1002-3344-5566',
  holderName: '홍길동',
  name: 'Main wallet',
  isDefault: true,
  createdAt: '2026-03-02T01:02:03.000Z',
  ...overrides,
});
const main = account({});
const spare = account({
  id: '0b6c7c5e-2222-4222-8222-000000000002',
  accountNumber: 'DP-778812',
  name: 'Spare',
  isDefault: false,
});

function answerApi(accounts: Account[] = [main, spare]) {
  return mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: testUser }));
    if (url === '/merchants') return Promise.resolve(ok({ items: [hanbit] }));
    if (url === '/accounts') return Promise.resolve(ok({ items: accounts }));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

async function pickMerchant(form: HTMLElement, label: RegExp) {
  const merchant = within(form).getByRole('combobox', { name: label });
  await waitFor(() => expect(merchant.getAttribute('placeholder')).not.toMatch(/…$/));
  fireEvent.click(merchant);
  fireEvent.click(
    await screen.findByRole('option', { name: 'Hanbit Wallet (USDT)', hidden: true }),
  );
}

async function fillAndVerify() {
  const form = await screen.findByRole('form', { name: 'Add a new account' });
  await pickMerchant(form, /Merchant/);
  fireEvent.change(within(form).getByRole('textbox', { name: /Account number/ }), {
    target: { value: '1002-3344-5566' },
  });
  fireEvent.change(within(form).getByLabelText(/Account password/), {
    target: { value: 'hanbit-demo-1' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Verify' }));
  return form;
}

beforeEach(() => {
  answerApi();
});
afterEach(() => vi.restoreAllMocks());

describe('adding an account', () => {
  it('verifies with the merchant, shows the holder, and saves with Submit', async () => {
    const post = mockApi.post.mockImplementation((url: string) => {
      if (url === '/accounts/verify') return Promise.resolve(ok(verification));
      if (url === '/accounts') return Promise.resolve(ok(account({ name: 'My Hanbit' }), 201));
      return Promise.reject(new Error(`unexpected POST ${url}`));
    });
    await renderApp(<AddAccountForm />);
    const form = await fillAndVerify();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/accounts/verify', {
        merchantId: hanbit.id,
        accountNumber: '1002-3344-5566',
        password: 'hanbit-demo-1',
      }),
    );
    const panel = await screen.findByRole('status');
    expect(within(panel).getByText('홍길동')).toBeTruthy();
    expect(within(panel).getByText('1002-3344-5566')).toBeTruthy();

    const save = screen.getByRole('form', { name: 'Save the verified account' });
    const name = within(save).getByRole('textbox', { name: 'Display name' });
    expect((name as HTMLInputElement).value).toBe('홍길동');
    fireEvent.change(name, { target: { value: 'My Hanbit' } });
    const submit = within(save).getByRole('button', { name: 'Submit' });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/accounts', {
        verificationId: verification.verificationId,
        name: 'My Hanbit',
      }),
    );
    expect(await screen.findByText('Account saved: My Hanbit.')).toBeTruthy();
    // The form starts over, with nothing of the password left in it.
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Save the verified account' })).toBeNull(),
    );
    expect((within(form).getByLabelText(/Account password/) as HTMLInputElement).value).toBe('');
  });

  it('drops the verification when the account number changes', async () => {
    mockApi.post.mockResolvedValue(ok(verification));
    await renderApp(<AddAccountForm />);
    const form = await fillAndVerify();
    await screen.findByRole('form', { name: 'Save the verified account' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Account number/ }), {
      target: { value: '1002-3344-5567' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Save the verified account' })).toBeNull(),
    );
    expect(within(form).getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('shows a rejection by the merchant, translated, on the password', async () => {
    mockApi.post.mockRejectedValue(apiFailure(400, 'MERCHANT_ACCOUNT_REJECTED'));
    await renderApp(<AddAccountForm />);
    await fillAndVerify();
    expect(
      await screen.findByText('The merchant did not accept this account number and password.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Save the verified account' })).toBeNull();
  });

  it('shows a rejection in Korean', async () => {
    mockApi.post.mockRejectedValue(apiFailure(400, 'MERCHANT_ACCOUNT_REJECTED'));
    await renderApp(<AddAccountForm />, { language: 'ko' });
    const form = await screen.findByRole('form', { name: '새 계정 추가' });
    await pickMerchant(form, /머천트/);
    fireEvent.change(within(form).getByRole('textbox', { name: /계정 번호/ }), {
      target: { value: '1002-3344-5566' },
    });
    fireEvent.change(within(form).getByLabelText(/계정 비밀번호/), {
      target: { value: 'wrong' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '인증하기' }));
    expect(
      await screen.findByText('머천트가 이 계정 번호와 비밀번호를 확인해 주지 않았습니다.'),
    ).toBeTruthy();
  });

  it('checks the fields before asking the merchant', async () => {
    const post = mockApi.post;
    await renderApp(<AddAccountForm />);
    const form = await screen.findByRole('form', { name: 'Add a new account' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Account number/ }), {
      target: { value: '12 34' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('An account number has only letters, digits and dashes.'),
    ).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('saved accounts', () => {
  it('lists the accounts with the default marked, and says so when there are none', async () => {
    await renderApp(<AccountsList />);
    const table = await screen.findByRole('table', { name: 'Your accounts' });
    expect(within(table).getByText('Main wallet')).toBeTruthy();
    expect(within(table).getByText('Default')).toBeTruthy();
    // The default account has no "Make default".
    expect(
      screen.queryByRole('button', { name: 'Make Main wallet the default account' }),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Make Spare the default account' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    answerApi([]);
    await renderApp(<AccountsList />);
    expect(await screen.findByText('No accounts yet…')).toBeTruthy();
  });

  it('makes an account the default', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ items: [] }));
    await renderApp(<AccountsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Spare the default account' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/accounts/${spare.id}/default`));
    expect(await screen.findByText('Spare is now your default account.')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    const remove = mockApi.delete.mockResolvedValue(ok('', 204));
    await renderApp(<AccountsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spare' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Would you like to delete this account?',
    });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`/accounts/${spare.id}`));
  });

  it('asks in Korean too', async () => {
    await renderApp(<AccountsList />, { language: 'ko' });
    fireEvent.click(await screen.findByRole('button', { name: 'Spare 삭제' }));
    expect(await screen.findByRole('dialog', { name: '이 계정을 삭제하시겠습니까?' })).toBeTruthy();
  });

  it('explains why an account with open requests cannot be deleted', async () => {
    mockApi.delete.mockRejectedValue(apiFailure(409, 'ACCOUNT_HAS_OPEN_REQUESTS'));
    await renderApp(<AccountsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Main wallet' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Would you like to delete this account?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This account has open buy or sell requests\./,
    );
  });

  it('renames with the same rule as the server', async () => {
    const patch = mockApi.patch.mockResolvedValue(ok(account({ name: 'Savings' })));
    await renderApp(<AccountsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Main wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename account' });
    const name = within(dialog).getByRole('textbox', { name: /Display name/ });
    fireEvent.change(name, { target: { value: '<script>x</script>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(
      await within(dialog).findByText('Text that looks like a script or markup is not allowed.'),
    ).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Savings' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`/accounts/${main.id}`, { name: 'Savings' }),
    );
    expect(await screen.findByText('Account renamed: Savings.')).toBeTruthy();
  });
});
