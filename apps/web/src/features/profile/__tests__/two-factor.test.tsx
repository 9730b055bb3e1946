import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorStatus } from '@portal/contract/two-factor';
import { TwoFactorSignIn } from '@/features/profile/components/two-factor-sign-in';
import { mockApi } from '@/testing/api';
import { stubDownloads } from '@/testing/downloads';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-26T01:02:00.000Z',
  recoveryCodesLeft: 10,
};
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Won%20Bridge:minjun%40example.com?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, index) => `ABCDEFGHJKLMNP${'QRSTUVWXYZ'[index]}2`);

let status: TwoFactorStatus;
beforeEach(() => {
  status = OFF;
  mockApi.get.mockImplementation((path: string) =>
    Promise.resolve(path === '/profile/two-factor' ? ok(status) : ok({ user: testUser })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const passwordIn = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText(label, { selector: 'input' });
/** A Blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
const statusReads = () => mockApi.get.mock.calls.filter(([path]) => path === '/profile/two-factor');

describe('two-factor sign-in on the Profile', () => {
  it('turns on in three steps and shows the recovery codes once', async () => {
    stubDownloads();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const post = mockApi.post.mockImplementation((path: string) => {
      if (path === '/profile/two-factor/setup') return Promise.resolve(ok(SETUP));
      status = ON;
      return Promise.resolve(ok({ recoveryCodes: CODES }));
    });
    const { queryClient } = await renderApp(<TwoFactorSignIn />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(
      await screen.findByText('Only your password is asked for when you sign in.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    // 1: the password.
    let dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(within(dialog).getByText('Step 1 of 3')).toBeTruthy();
    type(passwordIn(dialog, /^Current password/), 'my password 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // 2: the QR code, the key to type, and a code from the app.
    const qr = await within(dialog).findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(post).toHaveBeenCalledWith('/profile/two-factor/setup', {
      currentPassword: 'my password 1',
    });
    expect(qr.getAttribute('src')).toBe(SETUP.qrCode);
    expect(within(dialog).getByText('Step 2 of 3')).toBeTruthy();
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const code = within(dialog).getByLabelText(/^Enter the 6-digit code the app shows/);
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    type(code, 'ABCD');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(describedText(code)).toContain('Enter the 6-digit code your authenticator app shows.'),
    );
    type(code, '123 456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    // 3: the recovery codes, shown once.
    dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(post).toHaveBeenLastCalledWith('/profile/two-factor/confirm', {
      code: '123456',
      language: 'en',
    });
    expect(post).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByText('Step 3 of 3')).toBeTruthy();
    expect(
      within(dialog).getByText('Save these codes now: they are shown only once.'),
    ).toBeTruthy();
    const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
    const shown = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual(
      CODES.map((c) => `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8, 12)}-${c.slice(12)}`),
    );
    // Only "I have saved them" closes it.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(shown.join('\n')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download (.txt)' }));
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    const file = await textOf(blob);
    expect(file).toContain('Won Bridge recovery codes for minjun@example.com');
    expect(file).toContain(shown.join('\n'));

    expect(
      await screen.findByText('Two-factor sign-in is on. Your other devices have been signed out.'),
    ).toBeTruthy();
    // The other sessions ended on the server: the devices list is read again too.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['profile', 'devices'] });
    // The state was read again, and the codes stayed on screen meanwhile.
    await waitFor(() => expect(statusReads().length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('On since 26 Nov 2026, 10:02')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left.')).toBeTruthy();
  });

  it('says a wrong password and a wrong code on their inputs', async () => {
    mockApi.post.mockImplementation((path: string) =>
      Promise.reject(
        path === '/profile/two-factor/setup'
          ? apiFailure(400, 'CURRENT_PASSWORD_WRONG', { fields: { currentPassword: 'invalid' } })
          : apiFailure(400, 'SECOND_FACTOR_INVALID', { fields: { code: 'secondFactorWrong' } }),
      ),
    );
    await renderApp(<TwoFactorSignIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const password = passwordIn(dialog, /^Current password/);
    type(password, 'not it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(describedText(password)).toContain('Your current password is incorrect.'),
    );

    mockApi.post.mockImplementation((path: string) =>
      path === '/profile/two-factor/setup'
        ? Promise.resolve(ok(SETUP))
        : Promise.reject(
            apiFailure(400, 'SECOND_FACTOR_INVALID', { fields: { code: 'secondFactorWrong' } }),
          ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const code = await within(dialog).findByLabelText(/^Enter the 6-digit code/);
    type(code, '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(describedText(code)).toContain('This code is not right, or it was already used.'),
    );
  });

  it('gives a new set of recovery codes for a code', async () => {
    status = ON;
    const post = mockApi.post.mockResolvedValue(ok({ recoveryCodes: CODES }));
    await renderApp(<TwoFactorSignIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    type(
      within(dialog).getByLabelText(/^Code from your authenticator app, or a recovery code/),
      'abcd-efgh-ijkl-mnop',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get new codes' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(post).toHaveBeenCalledWith('/profile/two-factor/recovery-codes', {
      code: 'ABCDEFGHIJKLMNOP',
      language: 'en',
    });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusReads().length).toBeGreaterThanOrEqual(2);
  });

  it('shows the state in Korean, warns of few codes left, and turns off', async () => {
    status = { ...ON, recoveryCodesLeft: 3 };
    const post = mockApi.post.mockImplementation(() => {
      status = OFF;
      return Promise.resolve(ok(undefined, 204));
    });
    await renderApp(<TwoFactorSignIn />, { language: 'ko' });
    expect(await screen.findByText('사용 중')).toBeTruthy();
    // Korea's time, as the runtime's ICU writes the morning (오전, or AM with less locale data).
    expect(screen.getByText(/^2026\. 11\. 26\. \S+ 10:02부터 사용 중$/)).toBeTruthy();
    expect(
      screen.getByText(
        '복구 코드가 3개만 남았습니다. 휴대폰을 잃어버려도 로그인할 수 있도록 새 복구 코드를 받아 두세요.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '사용 해제' }));
    const dialog = await screen.findByRole('dialog', { name: '2단계 인증을 해제할까요?' });
    type(passwordIn(dialog, /^현재 비밀번호/), 'my password 1');
    type(within(dialog).getByLabelText(/^인증 앱의 코드 또는 복구 코드/), '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: '2단계 인증 해제' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/profile/two-factor/disable', {
        currentPassword: 'my password 1',
        code: '123456',
        language: 'ko',
      }),
    );
    expect(await screen.findByText('2단계 인증을 해제했습니다.')).toBeTruthy();
    expect(await screen.findByText('사용 안 함')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '사용 설정' })).toBeTruthy();
  });

  it('offers staff no way to turn it off', async () => {
    status = ON;
    mockApi.get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/profile/two-factor' ? ok(status) : ok({ user: { ...testUser, role: 'agency' } }),
      ),
    );
    await renderApp(<TwoFactorSignIn />);
    expect(
      await screen.findByText('Operator and agency accounts keep two-factor sign-in on.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });
});
