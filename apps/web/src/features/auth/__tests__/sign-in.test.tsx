import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

describe('two-factor sign-in', () => {
  const CHALLENGE = 'c'.repeat(43);
  const askForCode = () => ok({ secondFactor: { challenge: CHALLENGE, expiresInSeconds: 300 } });
  const describedText = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  it('asks for the code after the password, then signs in with it and the challenge', async () => {
    const post = mockApi.post.mockImplementation((path: string) =>
      Promise.resolve(path === '/auth/sign-in' ? askForCode() : ok({ user: testUser })),
    );
    const { router, queryClient } = await renderApp(<AuthDialogs />, {
      path: '/?auth=sign-in&next=%2Fapp%2Fprofile',
    });
    await screen.findByRole('dialog', { name: 'Sign in' });
    fill('minjun@example.com', 'whatever it is');
    await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    expect(
      screen.getByText(
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      ),
    ).toBeTruthy();
    // Not signed in yet: the password alone opened no session.
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
    const code = screen.getByLabelText(/^Code/);
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('text');
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
    expect(post).toHaveBeenLastCalledWith('/auth/sign-in/second-factor', {
      challenge: CHALLENGE,
      code: '123456',
      language: 'en',
    });
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(testUser);
    expect(await screen.findByText('Welcome back, 김민준.')).toBeTruthy();
  });

  it('takes a recovery code as typed, and says on the input when a code is wrong', async () => {
    mockApi.post.mockImplementation((path: string) =>
      path === '/auth/sign-in'
        ? Promise.resolve(askForCode())
        : Promise.reject(
            apiFailure(400, 'SECOND_FACTOR_INVALID', { fields: { code: 'secondFactorWrong' } }),
          ),
    );
    const { router } = await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    await screen.findByRole('dialog', { name: 'Sign in' });
    fill('minjun@example.com', 'whatever it is');
    const code = await screen.findByLabelText(/^Code/);
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(describedText(code)).toContain(
        'Enter the 6-digit code from your authenticator app, or a 16-character recovery code.',
      ),
    );
    expect(mockApi.post).toHaveBeenCalledTimes(1);
    fireEvent.change(code, { target: { value: 'abcd-efgh-ijkl-mnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(describedText(code)).toContain('This code is not right, or it was already used.'),
    );
    expect(mockApi.post).toHaveBeenLastCalledWith('/auth/sign-in/second-factor', {
      challenge: CHALLENGE,
      code: 'ABCDEFGHIJKLMNOP',
      language: 'en',
    });
    expect(screen.getByRole('dialog', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('starts again from the password when the sign-in has expired, in Korean', async () => {
    mockApi.post.mockImplementation((path: string) =>
      path === '/auth/sign-in'
        ? Promise.resolve(askForCode())
        : Promise.reject(apiFailure(401, 'SIGN_IN_CHALLENGE_INVALID')),
    );
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in', language: 'ko' });
    await screen.findByRole('dialog', { name: '로그인' });
    fireEvent.change(screen.getByLabelText(/^이메일/), {
      target: { value: 'minjun@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), {
      target: { value: 'whatever it is' },
    });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await screen.findByRole('dialog', { name: '2단계 인증' });
    expect(
      screen.getByText('인증 앱에 표시된 6자리 코드 또는 복구 코드 하나를 입력하세요.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^코드/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await screen.findByRole('dialog', { name: '로그인' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '로그인 시간이 초과되었거나 잘못된 코드를 너무 많이 입력했습니다. 이메일과 비밀번호를 다시 입력하세요.',
    );
    // The email is kept; the password is what is left to type.
    expect(screen.getByLabelText<HTMLInputElement>(/^이메일/).value).toBe('minjun@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText(/^비밀번호/, { selector: 'input' }));
  });

  it('goes back to the password step by choice', async () => {
    mockApi.post.mockResolvedValue(askForCode());
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    await screen.findByRole('dialog', { name: 'Sign in' });
    fill('minjun@example.com', 'whatever it is');
    await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to email and password' }));
    await screen.findByRole('dialog', { name: 'Sign in' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('minjun@example.com');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('sets up the authenticator app at a staff member’s first sign-in', async () => {
    const operator = { ...testUser, role: 'operator' as const };
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDEFGHJKLMNPQ${'RSTUVWXYZ2'[i]}`);
    const post = mockApi.post.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/auth/sign-in'
          ? ok({ secondFactorSetup: { challenge: CHALLENGE, expiresInSeconds: 600 } })
          : path === '/auth/sign-in/two-factor-setup'
            ? ok({
                secret: 'JBSWY3DPEHPK3PXP',
                otpauthUrl: 'otpauth://x',
                qrCode: 'data:image/png;base64,AA==',
              })
            : ok({ user: operator, recoveryCodes: codes }),
      ),
    );
    const { router, queryClient } = await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    await screen.findByRole('dialog', { name: 'Sign in' });
    fill('minjun@example.com', 'whatever it is');
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(post).toHaveBeenLastCalledWith('/auth/sign-in/two-factor-setup', {
      challenge: CHALLENGE,
    });
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Enter the 6-digit code the app shows/), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on and sign in' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(post).toHaveBeenLastCalledWith('/auth/sign-in/two-factor-confirm', {
      challenge: CHALLENGE,
      code: '123456',
      language: 'en',
    });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toBe('ABCD-EFGH-JKLM-NPQR');
    // The portal opens once the codes are saved, not before.
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(operator);
  });
});
