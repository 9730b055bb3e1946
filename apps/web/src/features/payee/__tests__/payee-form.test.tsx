import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayeeForm } from '@/features/payee/components/payee-form';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

afterEach(() => vi.restoreAllMocks());

function answer(payee: unknown) {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: testUser }));
    if (url === '/payee') return Promise.resolve(ok(payee));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

describe('Profile: payout bank account', () => {
  it('registers one: bank from the list, account number checked, holder is your name', async () => {
    answer(null);
    const put = mockApi.put.mockResolvedValue(
      ok({
        bankCode: '090',
        bankName: 'KakaoBank',
        accountNumber: '3333-01-2345678',
        holderName: testUser.name,
        updatedAt: '2026-03-02T00:00:00.000Z',
      }),
    );
    await renderApp(<PayeeForm />);
    expect(await screen.findByRole('heading', { name: 'Payout bank account' })).toBeTruthy();
    const holder = (await screen.findByRole('textbox', {
      name: /Account holder/,
    })) as HTMLInputElement;
    expect(holder.value).toBe(testUser.name);
    expect(holder.readOnly).toBe(true);

    const account = screen.getByRole('textbox', { name: /Account number/ });
    fireEvent.change(account, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('Choose a bank from the list.')).toBeTruthy();
    expect(
      await screen.findByText('An account number has 10 to 16 digits, with or without dashes.'),
    ).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('combobox', { name: /Bank/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'KakaoBank', hidden: true }));
    fireEvent.change(account, { target: { value: '3333-01-2345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/payee', {
        bankCode: '090',
        accountNumber: '3333-01-2345678',
        language: 'en',
      }),
    );
    expect(await screen.findByText('Your payout bank account has been saved.')).toBeTruthy();
  });

  it('shows the registered one, with bank names in Korean', async () => {
    answer({
      bankCode: '088',
      bankName: 'Shinhan Bank',
      accountNumber: '110-234-567890',
      holderName: testUser.name,
      updatedAt: '2026-03-02T00:00:00.000Z',
    });
    await renderApp(<PayeeForm />, { language: 'ko' });
    expect(await screen.findByRole('heading', { name: '판매 대금 받을 계좌' })).toBeTruthy();
    expect(await screen.findByDisplayValue('신한은행')).toBeTruthy();
    expect(screen.getByDisplayValue('110-234-567890')).toBeTruthy();
  });
});
