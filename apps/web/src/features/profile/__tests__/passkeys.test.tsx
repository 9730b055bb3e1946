// Passkeys on Profile (docs/decisions/025): offered once the app is on; added through the
// browser's prompt (testing/webauthn.ts) with a name; removed after a confirmation; and offered
// by the step-up dialog instead of a code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Passkey } from '@portal/contract/passkeys';
import type { TwoFactorStatus } from '@portal/contract/two-factor';
import { StepUpDialog } from '@/components/ui/step-up-dialog';
import { Passkeys } from '@/features/profile/components/passkeys';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { PASSKEY_ID, promptClosed, stubPasskeyBrowser } from '@/testing/webauthn';

const ON: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-26T01:02:00.000Z',
  recoveryCodesLeft: 10,
};
const PHONE: Passkey = {
  id: '6f1c2a1e-8d2b-4f57-9a55-1f0a0f6b9c11',
  name: 'My phone',
  createdAt: '2026-12-01T01:00:00.000Z',
  lastUsedAt: null,
};
const OPTIONS = {
  challenge: 'd2ViYXV0aG4',
  rp: { id: 'localhost', name: 'WonBridge' },
  user: { id: 'dXNlcg', name: 'minjun@example.com', displayName: '홍길동' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};

let status: TwoFactorStatus;
let passkeys: Passkey[];
let browser: ReturnType<typeof stubPasskeyBrowser>;
beforeEach(() => {
  status = ON;
  passkeys = [];
  browser = stubPasskeyBrowser();
  mockApi.get.mockImplementation((path: string) =>
    Promise.resolve(
      path === '/profile/two-factor'
        ? ok(status)
        : path === '/profile/passkeys'
          ? ok({ passkeys })
          : ok({ user: testUser }),
    ),
  );
});

describe('passkeys on the Profile', () => {
  it('are not offered while the authenticator app is off', async () => {
    status = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    await renderApp(<Passkeys />);
    await waitFor(() => expect(mockApi.get).toHaveBeenCalledWith('/profile/two-factor'));
    expect(screen.queryByRole('heading', { name: 'Passkeys' })).toBeNull();
  });

  it('adds one with a name, in English', async () => {
    const post = mockApi.post.mockImplementation((path: string) => {
      if (path === '/profile/passkeys/options') return Promise.resolve(ok({ options: OPTIONS }));
      passkeys = [PHONE];
      return Promise.resolve(ok(PHONE, 201));
    });
    await renderApp(<Passkeys />);
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'My phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('My phone')).toBeTruthy();
    expect(browser.create).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/profile/passkeys', {
      credential: expect.objectContaining({ id: PASSKEY_ID }),
      name: 'My phone',
      language: 'en',
    });
    expect(screen.getByText(/not used yet/)).toBeTruthy();
  });

  it('says calmly that the prompt was closed, in Korean, and keeps the dialog open', async () => {
    mockApi.post.mockResolvedValue(ok({ options: OPTIONS }));
    browser.create.mockRejectedValue(promptClosed());
    await renderApp(<Passkeys />, { language: 'ko' });
    fireEvent.click(await screen.findByRole('button', { name: '패스키 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '패스키 추가' });
    fireEvent.click(within(dialog).getByRole('button', { name: '계속' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      '패스키를 사용하지 않았습니다. 준비되면 언제든 다시 시도하세요.',
    );
    expect(mockApi.post).not.toHaveBeenCalledWith('/profile/passkeys', expect.anything());
  });

  it('removes one after asking, in Korean', async () => {
    passkeys = [PHONE];
    const remove = mockApi.delete.mockImplementation(() => {
      passkeys = [];
      return Promise.resolve(ok(undefined, 204));
    });
    await renderApp(<Passkeys />, { language: 'ko' });
    expect(await screen.findByRole('heading', { name: '패스키' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '패스키 My phone 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '이 패스키를 삭제할까요?' });
    expect(dialog.textContent).toContain('이제 My phone으로 계정에 로그인할 수 없습니다.');
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('아직 패스키가 없습니다.')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith(`/profile/passkeys/${PHONE.id}`, {
      params: { language: 'ko' },
    });
  });
});

describe('step-up with a passkey', () => {
  it('offers the passkey instead of a code and sends the change again', async () => {
    passkeys = [PHONE];
    let proved = false;
    const post = mockApi.post.mockImplementation((path: string) => {
      if (path === '/auth/step-up/passkey-options') {
        return Promise.resolve(ok({ options: { challenge: 'c3RlcA', allowCredentials: [] } }));
      }
      if (path === '/auth/step-up/passkey') {
        proved = true;
        return Promise.resolve(ok(undefined, 204));
      }
      if (path === '/profile/passkeys/options') {
        return proved
          ? Promise.resolve(ok({ options: OPTIONS }))
          : Promise.reject(apiFailure(403, 'STEP_UP_REQUIRED'));
      }
      return Promise.resolve(ok({ ...PHONE, id: 'another' }, 201));
    });
    await renderApp(
      <>
        <Passkeys />
        <StepUpDialog />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const add = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.click(within(add).getByRole('button', { name: 'Continue' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your second factor' });
    fireEvent.click(await within(stepUp).findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/profile/passkeys', expect.anything()));
    expect(post).toHaveBeenCalledWith('/auth/step-up/passkey', {
      credential: expect.objectContaining({ id: PASSKEY_ID }),
    });
    // The passkey answered twice: the step-up, then the new passkey.
    expect(browser.get).toHaveBeenCalledTimes(1);
    expect(browser.create).toHaveBeenCalledTimes(1);
  });

  it('is not offered without a passkey (Korean)', async () => {
    mockApi.post.mockRejectedValue(apiFailure(403, 'STEP_UP_REQUIRED'));
    await renderApp(
      <>
        <Passkeys />
        <StepUpDialog />
      </>,
      { language: 'ko' },
    );
    fireEvent.click(await screen.findByRole('button', { name: '패스키 추가' }));
    const add = await screen.findByRole('dialog', { name: '패스키 추가' });
    fireEvent.click(within(add).getByRole('button', { name: '계속' }));
    const stepUp = await screen.findByRole('dialog', { name: /2단계/ });
    await waitFor(() => expect(mockApi.get).toHaveBeenCalledWith('/profile/passkeys'));
    expect(within(stepUp).queryByRole('button', { name: '패스키 사용' })).toBeNull();
  });
});
