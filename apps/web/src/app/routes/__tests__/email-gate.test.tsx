import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyForm } from '@/features/buy/components/buy-form';
import { SellForm } from '@/features/sell/components/sell-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp } from '@/testing/app';
import { answerMoneyApi } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

/** Buy and Sell wait for a confirmed email (EMAIL_NOT_VERIFIED, docs/decisions/027). */
describe('Buy and Sell before the email is confirmed', () => {
  it.each([
    ['buy', 'en', 'Confirm your email', 'Send the link again', 'Request'],
    ['sell', 'en', 'Confirm your email', 'Send the link again', 'Request'],
    ['buy', 'ko', '이메일을 확인하세요', '링크 다시 받기', '신청'],
    ['sell', 'ko', '이메일을 확인하세요', '링크 다시 받기', '신청'],
  ] as const)(
    '%s (%s): says so before anything is typed, offers the link again, and no Request',
    async (side, language, title, resend, request) => {
      answerMoneyApi({ emailVerified: false, verified: false });
      await renderApp(side === 'buy' ? <BuyForm /> : <SellForm />, { language });
      expect(await screen.findByText(title, undefined, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole('button', { name: resend })).toBeTruthy();
      // Each requirement says itself: an unchecked identity is told at the same time.
      expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(2);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: request }).hasAttribute('disabled')).toBe(true),
      );
    },
  );

  it('sends the link again in the page language and says where it went', async () => {
    answerMoneyApi({ emailVerified: false });
    const post = mockApi.post.mockResolvedValue(ok(undefined, 202));
    await renderApp(<BuyForm />, { language: 'ko' });
    fireEvent.click(
      await screen.findByRole('button', { name: '링크 다시 받기' }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText(
        'minjun@example.com 주소로 새 링크를 보냈습니다. 24시간 동안 쓸 수 있습니다.',
      ),
    ).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/email-verification/resend', { language: 'ko' });
  });

  it('says to wait when a link was sent less than a minute ago', async () => {
    answerMoneyApi({ emailVerified: false });
    mockApi.post.mockRejectedValue(apiFailure(429, 'RATE_LIMITED'));
    await renderApp(<SellForm />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send the link again' }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText(
        'A link was sent less than a minute ago. Check your mailbox, or try again in a minute.',
      ),
    ).toBeTruthy();
  });

  it('a confirmed user is not told to confirm', async () => {
    answerMoneyApi();
    await renderApp(<BuyForm />);
    expect(
      await screen.findByText('1,392.5 KRW', { exact: false }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Confirm your email')).toBeNull();
  });
});
