// Step-up on Profile (docs/SECURITY.md "Two-factor sign-in"): a change the API refuses with
// STEP_UP_REQUIRED opens the one dialog the signed-in frame mounts; the forms know nothing of it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StepUpDialog } from '@/components/ui/step-up-dialog';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { PersonalInfoForm } from '@/features/profile/components/personal-info-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const change = (input: HTMLElement, value: string) =>
  fireEvent.change(input, { target: { value } });
const passwordBody = {
  currentPassword: 'old password!',
  password: 'a much longer one',
  confirmPassword: 'a much longer one',
};

beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: testUser }));
});

/** The password change is refused for a step-up until a code was accepted. */
function answerStepUp({ wrongCodes = [] as string[] } = {}) {
  let proved = false;
  return mockApi.post.mockImplementation((path: string, body?: unknown) => {
    if (path === '/auth/step-up') {
      const { code } = body as { code: string };
      if (wrongCodes.includes(code)) {
        return Promise.reject(
          apiFailure(400, 'SECOND_FACTOR_INVALID', { fields: { code: 'secondFactorWrong' } }),
        );
      }
      proved = true;
      return Promise.resolve(ok(undefined, 204));
    }
    if (path === '/profile/password') {
      return proved
        ? Promise.resolve(ok(undefined, 204))
        : Promise.reject(apiFailure(403, 'STEP_UP_REQUIRED'));
    }
    return Promise.reject(new Error(`unexpected POST ${path}`));
  });
}

async function changePassword() {
  await renderApp(
    <>
      <ChangePasswordForm />
      <StepUpDialog />
    </>,
  );
  change(await screen.findByLabelText(/^Current password/), passwordBody.currentPassword);
  change(screen.getByLabelText(/^New password/), passwordBody.password);
  change(screen.getByLabelText(/^Confirm new password/), passwordBody.confirmPassword);
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Confirm with your second factor' });
}

describe('a change that needs a recent second factor', () => {
  it('asks for a code, proves it, then sends the change again as if nothing happened', async () => {
    const post = answerStepUp();
    const dialog = await changePassword();
    expect(
      await within(dialog).findByText(
        'For this change, enter the 6-digit code from your authenticator app, or a recovery code.',
      ),
    ).toBeTruthy();
    change(await within(dialog).findByLabelText(/^Code from your authenticator app/), '123 456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(post.mock.calls).toEqual([
      ['/profile/password', passwordBody],
      ['/auth/step-up', { code: '123456' }],
      ['/profile/password', passwordBody],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a wrong code on its input and keeps the dialog open', async () => {
    const post = answerStepUp({ wrongCodes: ['111111'] });
    const dialog = await changePassword();
    const code = await within(dialog).findByLabelText(/^Code from your authenticator app/);
    change(code, '111111');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText(
        'This code is not right, or it was already used. Try the next code your app shows.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Confirm with your second factor' })).toBe(dialog);
    expect(post.mock.calls.filter(([path]) => path === '/profile/password')).toHaveLength(1);

    change(code, '222222');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
  });

  it('gives the form its original refusal when the person cancels', async () => {
    const post = answerStepUp();
    const dialog = await changePassword();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(
        'For this change, enter a code from your authenticator app (or a recovery code) again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('asks once for two changes refused at once, and sends both again', async () => {
    const post = answerStepUp();
    const put = mockApi.put
      .mockRejectedValueOnce(apiFailure(403, 'STEP_UP_REQUIRED'))
      .mockResolvedValueOnce(ok({ user: { ...testUser, email: 'new@example.com' } }));
    await renderApp(
      <>
        <PersonalInfoForm />
        <ChangePasswordForm />
        <StepUpDialog />
      </>,
    );
    change(await screen.findByDisplayValue('minjun@example.com'), 'new@example.com');
    change(screen.getByLabelText(/^Current password/), passwordBody.currentPassword);
    change(screen.getByLabelText(/^New password/), passwordBody.password);
    change(screen.getByLabelText(/^Confirm new password/), passwordBody.confirmPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your second factor' });
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    change(await within(dialog).findByLabelText(/^Code from your authenticator app/), '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(await screen.findByText('Your personal information has been saved.')).toBeTruthy();
    expect(post.mock.calls.filter(([path]) => path === '/auth/step-up')).toHaveLength(1);
    expect(put.mock.calls).toEqual([
      ['/profile', { email: 'new@example.com' }],
      ['/profile', { email: 'new@example.com' }],
    ]);
  });
});
