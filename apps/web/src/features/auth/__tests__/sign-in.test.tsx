import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: null }));
});
afterEach(() => vi.restoreAllMocks());

describe('sign-in dialog', () => {
  it('signs in and goes to the dashboard when `next` leads off the portal', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ user: testUser }));
    const { router, queryClient } = await renderApp(<AuthDialogs />, {
      path: '/?auth=sign-in&next=https%3A%2F%2Fevil.example%2Fapp',
    });
    await screen.findByRole('dialog', { name: 'Sign in' });
    fill('minjun@example.com', 'whatever it is');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    // With the page's language, for the mail about a sign-in from a new device.
    expect(post).toHaveBeenCalledWith('/auth/sign-in', {
      email: 'minjun@example.com',
      password: 'whatever it is',
      language: 'en',
    });
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(testUser);
  });

  it('shows one generic message for a wrong email or password', async () => {
    mockApi.post.mockRejectedValue(apiFailure(401, 'INVALID_CREDENTIALS'));
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    await screen.findByRole('dialog');
    fill('minjun@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The email or password is incorrect.',
    );
  });

  it('tells how many minutes to wait when rate limited', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(429, 'RATE_LIMITED', { headers: { 'retry-after': '90' } }),
    );
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in', language: 'ko' });
    await screen.findByRole('dialog', { name: '로그인' });
    fireEvent.change(screen.getByLabelText(/^이메일/), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), {
      target: { value: 'x' },
    });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '로그인 시도가 너무 많습니다. 2분 후에 다시 시도해 주세요.',
    );
  });

  it('closes by removing the parameters', async () => {
    const { router } = await renderApp(<AuthDialogs />, {
      path: '/?auth=sign-in&next=%2Fapp&lang=x',
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?lang=x'));
  });
});
