// A passkey in the sign-in dialog (docs/decisions/025): on its own below the password form, and
// instead of the code after the password. @simplewebauthn/browser runs on a stood-in WebAuthn
// (testing/webauthn.ts); the API is the one HTTP client's mock.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { PASSKEY_ID, promptClosed, stubPasskeyBrowser } from '@/testing/webauthn';

const CHALLENGE = 'c'.repeat(43);
const OPTIONS = { challenge: 'd2ViYXV0aG4', allowCredentials: [], userVerification: 'required' };
const ANSWER = expect.objectContaining({ id: PASSKEY_ID, type: 'public-key' });

let browser: ReturnType<typeof stubPasskeyBrowser>;
beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: null }));
  browser = stubPasskeyBrowser();
});

function answerPosts(routes: Record<string, () => unknown>) {
  return mockApi.post.mockImplementation((path: string) => {
    const answer = routes[path];
    if (!answer) return Promise.reject(new Error(`unexpected POST ${path}`));
    try {
      return Promise.resolve(answer());
    } catch (error) {
      return Promise.reject(error);
    }
  });
}

describe('signing in with a passkey alone', () => {
  it('asks the browser with the server’s options and signs in, in English', async () => {
    const post = answerPosts({
      '/auth/sign-in/passkey-options': () => ok({ options: OPTIONS }),
      '/auth/sign-in/passkey': () => ok({ user: testUser }),
    });
    const { router } = await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(browser.get).toHaveBeenCalledWith(
      expect.objectContaining({
        publicKey: expect.objectContaining({ userVerification: 'required' }),
      }),
    );
    expect(post).toHaveBeenCalledWith('/auth/sign-in/passkey-options', { challenge: undefined });
    expect(post).toHaveBeenCalledWith('/auth/sign-in/passkey', {
      credential: ANSWER,
      language: 'en',
    });
  });

  it('says calmly that the prompt was closed, in Korean, and stays', async () => {
    answerPosts({ '/auth/sign-in/passkey-options': () => ok({ options: OPTIONS }) });
    browser.get.mockRejectedValue(promptClosed());
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in', language: 'ko' });
    fireEvent.click(await screen.findByRole('button', { name: '패스키로 로그인' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      '패스키를 사용하지 않았습니다. 준비되면 언제든 다시 시도하세요.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: '로그인' })).toBeTruthy();
  });

  it('says a passkey the account does not know as the API’s refusal', async () => {
    answerPosts({
      '/auth/sign-in/passkey-options': () => ok({ options: OPTIONS }),
      '/auth/sign-in/passkey': () => {
        throw apiFailure(401, 'PASSKEY_UNKNOWN');
      },
    });
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This passkey is not one of your account’s, or it was removed. Sign in with your email and password.',
    );
  });

  it('is not offered in a browser without passkeys', async () => {
    vi.unstubAllGlobals();
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-in' });
    await screen.findByRole('dialog', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('a passkey instead of the code', () => {
  async function passwordStep(passkey: boolean, language: 'en' | 'ko' = 'en') {
    const post = answerPosts({
      '/auth/sign-in': () =>
        ok({ secondFactor: { challenge: CHALLENGE, expiresInSeconds: 600, passkey } }),
      '/auth/sign-in/passkey-options': () => ok({ options: OPTIONS }),
      '/auth/sign-in/second-factor/passkey': () => ok({ user: testUser }),
    });
    const rendered = await renderApp(<AuthDialogs />, { path: '/?auth=sign-in', language });
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText(language === 'en' ? /^Email/ : /^이메일/), {
      target: { value: 'minjun@example.com' },
    });
    fireEvent.change(
      screen.getByLabelText(language === 'en' ? /^Password/ : /^비밀번호/, { selector: 'input' }),
      { target: { value: 'whatever it is' } },
    );
    fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Sign in' : '로그인' }));
    await screen.findByRole('dialog', {
      name: language === 'en' ? 'Two-factor sign-in' : '2단계 인증',
    });
    return { post, ...rendered };
  }

  it('is offered when the account has a passkey, with that sign-in’s challenge', async () => {
    const { post, router } = await passwordStep(true);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(post).toHaveBeenCalledWith('/auth/sign-in/passkey-options', { challenge: CHALLENGE });
    expect(post).toHaveBeenCalledWith('/auth/sign-in/second-factor/passkey', {
      challenge: CHALLENGE,
      credential: ANSWER,
      language: 'en',
    });
  });

  it('is not offered without one (Korean)', async () => {
    await passwordStep(false, 'ko');
    expect(screen.queryByRole('button', { name: '대신 패스키 사용' })).toBeNull();
    expect(screen.queryByRole('button', { name: '패스키로 로그인' })).toBeNull();
  });

  it('is offered in Korean', async () => {
    await passwordStep(true, 'ko');
    expect(screen.getByRole('button', { name: '대신 패스키 사용' })).toBeTruthy();
  });
});
