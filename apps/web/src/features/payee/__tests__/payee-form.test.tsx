import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/ui/step-up-dialog';
import { PayeeForm } from '@/features/payee/components/payee-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { twoFactorStatus } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

function answer(payee: unknown, twoFactor = true) {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: testUser }));
    if (url === '/payee') return Promise.resolve(ok(payee));
    if (url === '/profile/two-factor') return Promise.resolve(ok(twoFactorStatus(twoFactor)));
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

  it('asks for a second factor in Korean before a change, then saves it', async () => {
    const saved = {
      bankCode: '088',
      bankName: 'Shinhan Bank',
      accountNumber: '110-234-567890',
      holderName: testUser.name,
      updatedAt: '2026-03-02T00:00:00.000Z',
    };
    answer(saved);
    const put = mockApi.put
      .mockRejectedValueOnce(apiFailure(403, 'STEP_UP_REQUIRED'))
      .mockResolvedValueOnce(ok({ ...saved, accountNumber: '110-234-567891' }));
    const stepUp = mockApi.post.mockResolvedValue(ok(undefined, 204));
    await renderApp(
      <>
        <PayeeForm />
        <StepUpDialog />
      </>,
      { language: 'ko' },
    );
    fireEvent.change(await screen.findByDisplayValue('110-234-567890'), {
      target: { value: '110-234-567891' },
    });
    fireEvent.click(screen.getByRole('button', { name: '대금 계좌 저장' }));

    const dialog = await screen.findByRole('dialog', { name: '2단계 인증으로 확인' });
    expect(
      await within(dialog).findByText(
        '이 변경을 하려면 인증 앱에 표시된 6자리 코드 또는 복구 코드를 입력하세요.',
      ),
    ).toBeTruthy();
    // A recovery code typed in lower case with dashes goes as the contract reads it.
    fireEvent.change(within(dialog).getByLabelText(/^인증 앱의 코드 또는 복구 코드/), {
      target: { value: 'abcd-efgh-ijkl-mnop' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));

    expect(await screen.findByText('판매 대금 받을 계좌를 저장했습니다.')).toBeTruthy();
    expect(stepUp.mock.calls).toEqual([['/auth/step-up', { code: 'ABCDEFGHIJKLMNOP' }]]);
    const body = { bankCode: '088', accountNumber: '110-234-567891', language: 'ko' };
    expect(put.mock.calls).toEqual([
      ['/payee', body],
      ['/payee', body],
    ]);
  });
});
