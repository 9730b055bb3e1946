import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SellForm } from '@/features/sell/components/sell-form';
import { mockApi } from '@/testing/api';
import { apiFailure, renderApp } from '@/testing/app';
import { answerMoneyApi, quote } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

async function ready(language: 'en' | 'ko' = 'en') {
  const rendered = await renderApp(<SellForm />, { language });
  expect(await screen.findByText('1,250.5 USDT', undefined, { timeout: 5000 })).toBeTruthy();
  return rendered;
}

describe('Sell: where the won is paid', () => {
  it.each([
    ['en', 'Register your payout bank account first', 'Register it in Profile', 'Request'],
    ['ko', '먼저 판매 대금 받을 계좌를 등록하세요', '프로필에서 등록하기', '신청'],
  ] as const)(
    'without a payee: an alert linking to Profile, and no Request (%s)',
    async (language, title, link, request) => {
      answerMoneyApi({ payee: null });
      await ready(language);
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/app/profile');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: request }).hasAttribute('disabled')).toBe(true),
      );
    },
  );

  it.each([
    ['en', 'The won will be paid to Shinhan Bank 110-234-567890 (김민준).'],
    ['ko', '판매 대금은 신한은행 110-234-567890 (김민준) 계좌로 입금됩니다.'],
  ] as const)('with a payee: says where the won goes (%s)', async (language, text) => {
    answerMoneyApi();
    await ready(language);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('a quote whose rate changed: shows the new rate and keeps the amount', async () => {
    let rate = '1380';
    answerMoneyApi({ quotes: { sell: () => Promise.resolve(quote('sell', rate)) } });
    mockApi.post.mockImplementation(() => {
      rate = '1370';
      return Promise.reject(apiFailure(409, 'QUOTE_RATE_CHANGED'));
    });
    await ready();
    await screen.findByText('1,380 KRW per USDT');
    const amount = screen.getByRole('textbox', { name: /Amount to sell/ });
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(
      await screen.findByText(
        'The rate changed. The new rate is 1,370 KRW per USDT. Check the total and send again.',
      ),
    ).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('10');
  });
});
