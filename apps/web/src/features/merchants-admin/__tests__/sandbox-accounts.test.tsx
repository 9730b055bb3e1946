import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorMerchant } from '@portal/contract/merchants';
import type { OperatorSandboxAccount } from '@portal/contract/sandbox';
import { MerchantsAdmin } from '@/features/merchants-admin/components/merchants-admin';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

const hanbit: OperatorMerchant = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'HANBIT',
  name: 'Hanbit Wallet',
  asset: 'USDT',
  minPerRequest: '10',
  maxPerRequest: '50000',
  sandbox: true,
  status: 'active',
  connection: 'sandbox',
  baseUrl: null,
  keyId: null,
  hasSecret: false,
  createdAt: '2026-03-02T01:02:03.000Z',
  updatedAt: '2026-03-02T01:02:03.000Z',
};
const remote: OperatorMerchant = {
  ...hanbit,
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
  code: 'REMOTE',
  name: 'Remote Pay',
  sandbox: false,
  connection: 'http',
  baseUrl: 'https://api.remote.example',
  keyId: 'key-1',
  hasSecret: true,
};
const account: OperatorSandboxAccount = {
  accountNumber: 'SBX-1234-5678',
  holderName: '김새봄',
  balance: '1000',
  openedBy: { id: 'u1', name: '김새봄', email: 'saebom@example.test' },
  openedAt: '2026-03-02T01:02:03.000Z',
  closedAt: null,
};
const base = `/operator/merchants/${hanbit.id}/sandbox-accounts`;

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/merchants') return Promise.resolve(ok({ items: [hanbit, remote] }));
    if (url === base) return Promise.resolve(ok({ items: [account] }));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

async function openAccounts() {
  await renderApp(<MerchantsAdmin />);
  expect(screen.queryByRole('button', { name: 'Sandbox accounts of Remote Pay' })).toBeNull();
  fireEvent.click(await screen.findByRole('button', { name: 'Sandbox accounts of Hanbit Wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sandbox accounts: Hanbit Wallet' });
  expect(await within(dialog).findByText('SBX-1234-5678')).toBeTruthy();
  return dialog;
}

describe('a sandbox merchant’s accounts', () => {
  it('lists them and tops one up with an amount', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...account, balance: '1250.5' }));
    const dialog = await openAccounts();
    expect(within(dialog).getByText(/saebom@example.test/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up SBX-1234-5678' }));
    const topUp = await screen.findByRole('dialog', { name: 'Top up SBX-1234-5678' });
    const amount = within(topUp).getByRole('textbox', { name: /Amount/ });
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(topUp).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '250.5' } });
    fireEvent.click(within(topUp).getByRole('button', { name: 'Top up' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${base}/SBX-1234-5678/top-up`, { amount: '250.5' }),
    );
    expect(
      await screen.findByText('SBX-1234-5678 topped up: the balance is now 1,250.5 USDT.'),
    ).toBeTruthy();
  });

  it('closes one after asking', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ ...account, closedAt: '2026-03-03T01:02:03.000Z' }),
    );
    const dialog = await openAccounts();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close SBX-1234-5678' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close SBX-1234-5678?' });
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close account' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${base}/SBX-1234-5678/close`, {}));
    expect(await screen.findByText('SBX-1234-5678 is closed.')).toBeTruthy();
  });
});
