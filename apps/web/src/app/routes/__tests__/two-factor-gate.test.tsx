import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyForm } from '@/features/buy/components/buy-form';
import { PayeeForm } from '@/features/payee/components/payee-form';
import { SellForm } from '@/features/sell/components/sell-form';
import { renderApp } from '@/testing/app';
import { answerMoneyApi } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

const SAID = {
  en: { title: 'Turn on two-factor sign-in first', link: 'Turn on two-factor sign-in' },
  ko: { title: '먼저 2단계 인증을 켜세요', link: '2단계 인증 켜기' },
} as const;

/** Sell and the payout account wait for two-factor sign-in (TWO_FACTOR_REQUIRED, docs/decisions/026). */
describe('Sell and the payout account before two-factor is on', () => {
  it.each([
    ['en', 'Request'],
    ['ko', '신청'],
  ] as const)(
    'Sell (%s): says why, links to Profile’s two-factor card, and no Request',
    async (language, request) => {
      answerMoneyApi({ twoFactor: false });
      await renderApp(<SellForm />, { language });
      expect(
        await screen.findByText(SAID[language].title, undefined, { timeout: 5000 }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: SAID[language].link }).getAttribute('href')).toBe(
        '/app/profile#two-factor',
      );
      await waitFor(() =>
        expect(screen.getByRole('button', { name: request }).hasAttribute('disabled')).toBe(true),
      );
    },
  );

  it.each([
    ['en', /Account number/, 'Save payout account'],
    ['ko', /계좌번호/, '대금 계좌 저장'],
  ] as const)(
    'the payout account (%s): says why, and its fields wait',
    async (language, field, save) => {
      answerMoneyApi({ twoFactor: false, payee: null });
      await renderApp(<PayeeForm />, { language });
      expect(
        await screen.findByText(SAID[language].title, undefined, { timeout: 5000 }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: SAID[language].link }).getAttribute('href')).toBe(
        '/app/profile#two-factor',
      );
      expect(screen.getByRole('textbox', { name: field }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: save }).hasAttribute('disabled')).toBe(true);
    },
  );

  it('buying is not gated, and a user with the app on is not told', async () => {
    answerMoneyApi({ twoFactor: false });
    await renderApp(<BuyForm />);
    expect(
      await screen.findByText('1,392.5 KRW', { exact: false }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(SAID.en.title)).toBeNull();
    vi.restoreAllMocks();
    answerMoneyApi();
    await renderApp(<SellForm />);
    expect(await screen.findByText('1,380 KRW', { exact: false }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(SAID.en.title)).toBeNull();
  });
});
