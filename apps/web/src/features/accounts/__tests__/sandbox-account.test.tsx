import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Merchant } from '@portal/contract/merchants';
import type { OpenedSandboxAccount } from '@portal/contract/sandbox';
import { AddAccountForm } from '@/features/accounts/components/add-account-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const sandbox: Merchant = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'HANBIT',
  name: 'Hanbit Wallet',
  asset: 'USDT',
  minPerRequest: '10',
  maxPerRequest: '50000',
  sandbox: true,
};
const live: Merchant = {
  ...sandbox,
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
  code: 'LIVE',
  name: 'Live Pay',
  sandbox: false,
};
const opened: OpenedSandboxAccount = {
  merchant: { id: sandbox.id, name: sandbox.name, asset: 'USDT' },
  accountNumber: 'SBX-1234-5678',
  password: 'Kp7mQx2RtW9z',
  holderName: '홍길동',
  balance: '1000',
};

function answerMerchants(items: Merchant[]) {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: testUser }));
    if (url === '/merchants') return Promise.resolve(ok({ items }));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open a sandbox account' }));
  return screen.findByRole('dialog', { name: 'Open a sandbox account' });
}

beforeEach(() => answerMerchants([sandbox, live]));
afterEach(() => vi.restoreAllMocks());

describe('opening a sandbox account', () => {
  it('is offered only when a sandbox merchant is available', async () => {
    answerMerchants([live]);
    await renderApp(<AddAccountForm />);
    await screen.findByRole('form', { name: 'Add a new account' });
    await waitFor(() => expect(mockApi.get).toHaveBeenCalledWith('/merchants'));
    expect(screen.queryByRole('button', { name: 'Open a sandbox account' })).toBeNull();
  });

  it('shows the number and password once, then fills the add-account form to verify', async () => {
    const post = mockApi.post.mockImplementation((url: string) => {
      if (url === '/sandbox/accounts') return Promise.resolve(ok(opened, 201));
      return Promise.reject(new Error(`unexpected POST ${url}`));
    });
    await renderApp(<AddAccountForm />);
    const dialog = await openDialog();
    // The only sandbox merchant is already chosen; the live one is not offered.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sandbox/accounts', { merchantId: sandbox.id }),
    );
    expect(await within(dialog).findByText('SBX-1234-5678')).toBeTruthy();
    expect(within(dialog).getByText('Kp7mQx2RtW9z')).toBeTruthy();
    expect(within(dialog).getByText('1,000 USDT')).toBeTruthy();
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the Account number' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the Account password' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Link this account' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Open a sandbox account' })).toBeNull(),
    );
    const form = screen.getByRole('form', { name: 'Add a new account' });
    expect(
      (within(form).getByRole('textbox', { name: /Account number/ }) as HTMLInputElement).value,
    ).toBe('SBX-1234-5678');
    expect((within(form).getByLabelText(/Account password/) as HTMLInputElement).value).toBe(
      'Kp7mQx2RtW9z',
    );
    expect(
      (within(form).getByRole('combobox', { name: /Merchant/ }) as HTMLInputElement).value,
    ).toBe('Hanbit Wallet (USDT)');
    // Nothing was verified or saved: the user presses Verify, then Submit.
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('explains the limit in the user’s language', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'SANDBOX_ACCOUNT_LIMIT'));
    await renderApp(<AddAccountForm />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(
      await within(dialog).findByText(/You already have as many sandbox accounts/),
    ).toBeTruthy();
  });
});
