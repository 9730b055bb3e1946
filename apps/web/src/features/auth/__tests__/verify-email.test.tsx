import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp } from '@/testing/app';

const TOKEN = 'A'.repeat(21) + '_-' + 'b'.repeat(20);

beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: null }));
});
afterEach(() => vi.restoreAllMocks());

/** The email confirmation link's dialog (docs/decisions/027). */
describe('email confirmation link', () => {
  it.each([
    [
      'en',
      'Confirm your email',
      'Your email is confirmed. You can now buy, sell and add a payout account.',
      'Sign in',
    ],
    [
      'ko',
      '이메일 확인',
      '이메일이 확인되었습니다. 이제 구매·판매와 지급 계좌 등록을 할 수 있습니다.',
      '로그인',
    ],
  ] as const)(
    '(%s) confirms the email once, drops the token from the address and offers sign-in',
    async (language, title, done, signIn) => {
      const post = mockApi.post.mockResolvedValue(ok(undefined, 204));
      const { router } = await renderApp(<AuthDialogs />, {
        path: `/?auth=verify-email#token=${TOKEN}`,
        language,
      });
      await screen.findByRole('dialog', { name: title });
      expect(await screen.findByText(done)).toBeTruthy();
      expect(post).toHaveBeenCalledTimes(1);
      expect(post).toHaveBeenCalledWith('/email-verification/confirm', { token: TOKEN });
      await waitFor(() => expect(router.state.location.hash).toBe(''));
      expect(screen.getByRole('link', { name: signIn }).getAttribute('href')).toBe(
        '/?auth=sign-in',
      );
    },
  );

  it('says a used or expired link no longer works', async () => {
    mockApi.post.mockRejectedValue(apiFailure(400, 'VERIFY_LINK_INVALID'));
    await renderApp(<AuthDialogs />, { path: `/?auth=verify-email#token=${TOKEN}` });
    expect(
      await screen.findByText(/This confirmation link no longer works/, undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
  });

  it('sends nothing for a token cut short on its way', async () => {
    const post = mockApi.post.mockResolvedValue(ok(undefined, 204));
    await renderApp(<AuthDialogs />, { path: '/?auth=verify-email#token=short', language: 'ko' });
    expect(await screen.findByText(/이 확인 링크는 더 이상 쓸 수 없습니다/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('opens for a signed-in user too, and offers the portal', async () => {
    mockApi.get.mockResolvedValue(
      ok({
        user: {
          id: 'u1',
          name: '김민준',
          email: 'minjun@example.com',
          phone: '010-1234-5678',
          role: 'client',
          agency: null,
          emailVerified: false,
        },
      }),
    );
    mockApi.post.mockResolvedValue(ok(undefined, 204));
    await renderApp(<AuthDialogs />, { path: `/?auth=verify-email#token=${TOKEN}` });
    expect(await screen.findByText(/Your email is confirmed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the portal' }).getAttribute('href')).toBe(
      '/app/buy',
    );
  });
});
