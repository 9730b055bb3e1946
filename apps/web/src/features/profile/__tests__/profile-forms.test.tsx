import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { PersonalInfoForm } from '@/features/profile/components/personal-info-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
const change = (input: HTMLElement, value: string) =>
  fireEvent.change(input, { target: { value } });

beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: testUser }));
});
afterEach(() => vi.restoreAllMocks());

describe('personal information', () => {
  it('starts from the signed-in user and saves the changes', async () => {
    const put = mockApi.put.mockResolvedValue(
      ok({ user: { ...testUser, phone: '010-9999-0000' } }),
    );
    const { queryClient } = await renderApp(<PersonalInfoForm />);
    const phone = await screen.findByDisplayValue('010-1234-5678');
    change(phone, '010-9999-0000');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // The name was not changed: it is not sent, so a name stored before today's rules is kept.
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/profile', {
        email: 'minjun@example.com',
        phone: '010-9999-0000',
      }),
    );
    expect(await screen.findByText('Your personal information has been saved.')).toBeTruthy();
    expect(queryClient.getQueryData(['auth', 'me'])).toMatchObject({ phone: '010-9999-0000' });
  });

  it('keeps a name and phone stored before the rules, and checks what is typed anew', async () => {
    const stored = { ...testUser, name: 'Kim 2세', phone: '+1 212 555 0100' };
    mockApi.get.mockResolvedValue(ok({ user: stored }));
    const put = mockApi.put.mockResolvedValue(
      ok({ user: { ...stored, email: 'new@example.com' } }),
    );
    await renderApp(<PersonalInfoForm />);
    const email = await screen.findByDisplayValue('minjun@example.com');
    change(email, 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/profile', { email: 'new@example.com' }));

    const name = screen.getByDisplayValue('Kim 2세');
    change(name, '김민준😀');
    fireEvent.blur(name);
    await waitFor(() => expect(describedText(name)).toContain('Use only Hangul, Latin letters'));
    const phone = screen.getByDisplayValue('+1 212 555 0100');
    change(phone, '010-1234');
    fireEvent.blur(phone);
    await waitFor(() => expect(describedText(phone)).toContain('Enter a full Korean phone number'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(describedText(name)).toContain('Use only Hangul'));
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('puts "email taken" on the email input', async () => {
    mockApi.put.mockRejectedValue(apiFailure(409, 'EMAIL_TAKEN'));
    await renderApp(<PersonalInfoForm />);
    const email = await screen.findByDisplayValue('minjun@example.com');
    change(email, 'taken@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(describedText(email)).toContain('An account with this email already exists.'),
    );
  });
});

describe('change password', () => {
  const fields = () => ({
    current: screen.getByLabelText(/^Current password/),
    password: screen.getByLabelText(/^New password/),
    confirm: screen.getByLabelText(/^Confirm new password/),
  });

  it('puts a wrong current password on its input', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(400, 'CURRENT_PASSWORD_WRONG', {
        fields: { currentPassword: 'currentPasswordWrong' },
      }),
    );
    await renderApp(<ChangePasswordForm />);
    await screen.findByLabelText(/^Current password/);
    const { current, password, confirm } = fields();
    change(current, 'not my password');
    change(password, 'a much longer one');
    change(confirm, 'a much longer one');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(describedText(current)).toContain('Your current password is incorrect.'),
    );
  });

  it('clears the form once the password is changed', async () => {
    const post = mockApi.post.mockResolvedValue(ok('', 204));
    await renderApp(<ChangePasswordForm />);
    await screen.findByLabelText(/^Current password/);
    const { current, password, confirm } = fields();
    change(current, 'old password!');
    change(password, 'a much longer one');
    change(confirm, 'a much longer one');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your password has been changed.');
    expect(post).toHaveBeenCalledWith('/profile/password', {
      currentPassword: 'old password!',
      password: 'a much longer one',
      confirmPassword: 'a much longer one',
    });
    await waitFor(() => expect((fields().current as HTMLInputElement).value).toBe(''));
  });

  it('refuses a short new password with the product message', async () => {
    const post = mockApi.post;
    await renderApp(<ChangePasswordForm />);
    await screen.findByLabelText(/^New password/);
    const { password } = fields();
    change(password, 'short');
    fireEvent.blur(password);
    await waitFor(() =>
      expect(describedText(password)).toContain('Password must be more than 8 letter.'),
    );
    expect(post).not.toHaveBeenCalled();
  });
});
