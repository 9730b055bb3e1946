import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp } from '@/testing/app';

const TOKEN = 'A'.repeat(21) + '_-' + 'b'.repeat(20);

function setPasswords(first: string, second = first) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: first } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: second } });
  fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
}

beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: null }));
});
afterEach(() => vi.restoreAllMocks());

describe('forgot password', () => {
  it('is offered under the sign-in form and asks for a link in the page’s language', async () => {
    const post = mockApi.post.mockResolvedValue(ok(undefined, 202));
    const { router } = await renderApp(<AuthDialogs />, { path: '/?auth=sign-in&next=/app/sell' });
    await screen.findByRole('dialog', { name: 'Sign in' });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('dialog', { name: 'Forgot your password?' });
    expect(router.state.location.search).toBe('?auth=forgot-password&next=%2Fapp%2Fsell');

    fireEvent.change(screen.getByLabelText(/^Email/), {
      target: { value: 'Minjun@Example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account uses minjun@example.com, we have sent it a link to set a new password. The link works for 30 minutes. If no mail arrives, check your spam folder.',
    );
    expect(post).toHaveBeenCalledWith('/auth/password-reset', {
      email: 'minjun@example.com',
      language: 'en',
    });
  });

  it('asks for the mail in Korean from a Korean page, and says so in Korean', async () => {
    const post = mockApi.post.mockResolvedValue(ok(undefined, 202));
    await renderApp(<AuthDialogs />, { path: '/?auth=forgot-password', language: 'ko' });
    await screen.findByRole('dialog', { name: '비밀번호를 잊으셨나요?' });
    fireEvent.change(screen.getByLabelText(/^이메일/), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '링크 보내기' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'a@example.com을 쓰는 계정이 있다면 새 비밀번호를 정하는 링크를 보냈습니다.',
    );
    expect(post).toHaveBeenCalledWith('/auth/password-reset', {
      email: 'a@example.com',
      language: 'ko',
    });
  });
});

describe('reset link', () => {
  it('sets the new password, drops the token from the address and opens sign-in', async () => {
    const post = mockApi.post.mockResolvedValue(ok(undefined, 204));
    const { router } = await renderApp(<AuthDialogs />, {
      path: `/?auth=reset-password#token=${TOKEN}`,
    });
    await screen.findByRole('dialog', { name: 'Set a new password' });
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    setPasswords('a brand new passphrase');
    await waitFor(() => expect(router.state.location.search).toBe('?auth=sign-in'));
    expect(post).toHaveBeenCalledWith('/auth/password-reset/confirm', {
      token: TOKEN,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(
      await screen.findByText(
        'Your password has been changed, and you have been signed out everywhere. Sign in with the new password.',
      ),
    ).toBeTruthy();
  });

  it('says when a link no longer works and offers a new one', async () => {
    mockApi.post.mockRejectedValue(apiFailure(400, 'RESET_LINK_INVALID'));
    const { router } = await renderApp(<AuthDialogs />, {
      path: `/?auth=reset-password#token=${TOKEN}`,
    });
    await screen.findByRole('dialog', { name: 'Set a new password' });
    setPasswords('a brand new passphrase');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link no longer works: it was already used, a newer one was sent, or it is more than 30 minutes old. Ask for a new one.',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Send me a new link' }));
    await waitFor(() => expect(router.state.location.search).toBe('?auth=forgot-password'));
  });

  it('shows a cut-short link as not working, in Korean too, without a form', async () => {
    await renderApp(<AuthDialogs />, {
      path: '/?auth=reset-password#token=abc',
      language: 'ko',
    });
    await screen.findByRole('dialog', { name: '새 비밀번호 정하기' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      '이 재설정 링크는 더 이상 쓸 수 없습니다.',
    );
    expect(screen.getByRole('link', { name: '새 링크 받기' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '새 비밀번호 저장' })).toBeNull();
  });

  it('puts a common password’s refusal under the password', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(400, 'VALIDATION_FAILED', { fields: { password: 'passwordCommon' } }),
    );
    await renderApp(<AuthDialogs />, { path: `/?auth=reset-password#token=${TOKEN}` });
    await screen.findByRole('dialog', { name: 'Set a new password' });
    setPasswords('qwertyuiop');
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(
      screen.getByText(
        'This password is too common or has appeared in a data breach. Choose one that is harder to guess.',
      ),
    ).toBeTruthy();
  });
});
