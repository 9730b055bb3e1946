import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyForm } from '@/features/buy/components/buy-form';
import { SellForm } from '@/features/sell/components/sell-form';
import { renderApp } from '@/testing/app';
import { answerMoneyApi } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

/** Buy and Sell wait for a verified identity (KYC_REQUIRED, docs/decisions/010). */
describe('Buy and Sell before identity is verified', () => {
  it.each([
    ['buy', 'en', 'Verify your identity first', 'Go to Profile', 'Request'],
    ['sell', 'en', 'Verify your identity first', 'Go to Profile', 'Request'],
    ['buy', 'ko', '먼저 본인 확인을 받으세요', '프로필로 이동', '신청'],
    ['sell', 'ko', '먼저 본인 확인을 받으세요', '프로필로 이동', '신청'],
  ] as const)(
    '%s (%s): says why, links to Profile, and no Request',
    async (side, language, title, link, request) => {
      answerMoneyApi({ verified: false });
      await renderApp(side === 'buy' ? <BuyForm /> : <SellForm />, { language });
      expect(await screen.findByText(title, undefined, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/app/profile');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: request }).hasAttribute('disabled')).toBe(true),
      );
    },
  );

  it('a verified user is not told to verify', async () => {
    answerMoneyApi();
    await renderApp(<BuyForm />);
    expect(
      await screen.findByText('1,392.5 KRW', { exact: false }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Verify your identity first')).toBeNull();
  });
});
