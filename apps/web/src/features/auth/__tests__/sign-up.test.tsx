import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES_EN } from '@portal/contract/validation';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

/** The texts an input is described by (its hint and its error), as a screen reader hears them. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const field = {
  name: () => screen.getByLabelText(/^Name/),
  email: () => screen.getByLabelText(/^Email/),
  phone: () => screen.getByLabelText(/^Phone number/),
  password: () => screen.getByLabelText(/^Password/),
  confirm: () => screen.getByLabelText(/^Confirm password/),
  agency: () => screen.getByLabelText(/^Agency code/),
};

function fillValidForm() {
  type(field.name(), '김민준');
  type(field.email(), 'Minjun@Example.com');
  type(field.phone(), '010-1234-5678');
  type(field.password(), 'correct horse battery');
  type(field.confirm(), 'correct horse battery');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

beforeEach(() => {
  mockApi.get.mockResolvedValue(ok({ user: null }));
});
afterEach(() => vi.restoreAllMocks());

describe('sign-up dialog', () => {
  it('opens over Home from ?auth=sign-up and explains the name and agency code', async () => {
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
    expect(describedText(field.name())).toContain('exactly as it appears on your bank account');
    expect(describedText(field.agency())).toContain('partner agency');
  });

  it('says "Password must be more than 8 letter." for 8 characters, on blur', async () => {
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    await screen.findByRole('dialog');
    type(field.password(), '12345678');
    await waitFor(() =>
      expect(describedText(field.password())).toContain('Password must be more than 8 letter.'),
    );
    expect(field.password().getAttribute('aria-invalid')).toBe('true');
    expect(VALIDATION_MESSAGES_EN.passwordTooShort).toBe('Password must be more than 8 letter.');
  });

  it('says it in Korean in Korean', async () => {
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up', language: 'ko' });
    await screen.findByRole('dialog', { name: '회원가입' });
    const [password] = screen.getAllByLabelText(/^비밀번호/);
    if (!password) throw new Error('no password input');
    type(password, 'short');
    await waitFor(() =>
      expect(describedText(password)).toContain('비밀번호는 8자보다 길어야 합니다.'),
    );
  });

  it('checks every field on submit and the confirmation against the password', async () => {
    const post = mockApi.post;
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    await screen.findByRole('dialog');
    submit();
    await waitFor(() => expect(describedText(field.name())).toContain('This field is required.'));
    expect(describedText(field.email())).toContain('This field is required.');

    fillValidForm();
    type(field.confirm(), 'correct horse battery!');
    submit();
    await waitFor(() =>
      expect(describedText(field.confirm())).toContain('The passwords do not match.'),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('puts the API field errors on their inputs', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(400, 'VALIDATION_FAILED', {
        fields: { phone: 'phoneInvalid', name: 'scriptLike', agencyCode: 'agencyCodeUnknown' },
      }),
    );
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    await screen.findByRole('dialog');
    fillValidForm();
    submit();
    await waitFor(() =>
      expect(describedText(field.phone())).toContain(
        'Enter a full Korean phone number, such as 010-1234-5678 or 02-123-4567.',
      ),
    );
    expect(describedText(field.name())).toContain('Text that looks like a script');
    // A field key the web does not know falls back to the message of the error's code.
    expect(describedText(field.agency())).toContain('Some fields need your attention.');
    expect(describedText(field.email())).not.toContain('attention');
  });

  it('says under the password when the API finds it too common, in both languages', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(400, 'VALIDATION_FAILED', { fields: { password: 'passwordCommon' } }),
    );
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    await screen.findByRole('dialog');
    fillValidForm();
    submit();
    await waitFor(() =>
      expect(describedText(field.password())).toContain(
        'This password is too common or has appeared in a data breach. Choose one that is harder to guess.',
      ),
    );
    expect(field.password().getAttribute('aria-invalid')).toBe('true');
  });

  it('says it in Korean too', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(400, 'VALIDATION_FAILED', { fields: { password: 'passwordCommon' } }),
    );
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up', language: 'ko' });
    await screen.findByRole('dialog', { name: '회원가입' });
    const input = (label: RegExp) => screen.getAllByLabelText(label)[0]!;
    type(input(/^이름/), '김민준');
    type(input(/^이메일/), 'minjun@example.com');
    type(input(/^전화번호/), '010-1234-5678');
    type(input(/^비밀번호(?! 확인)/), 'qwertyuiop');
    type(input(/^비밀번호 확인/), 'qwertyuiop');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() =>
      expect(describedText(input(/^비밀번호(?! 확인)/))).toContain(
        '너무 흔하거나 유출된 적이 있는 비밀번호입니다.',
      ),
    );
  });

  it('puts "email taken" and an unknown agency code on their inputs', async () => {
    const post = mockApi.post
      .mockRejectedValueOnce(apiFailure(409, 'EMAIL_TAKEN'))
      .mockRejectedValueOnce(
        apiFailure(400, 'AGENCY_CODE_UNKNOWN', { fields: { agencyCode: 'agencyCodeUnknown' } }),
      );
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    await screen.findByRole('dialog');
    fillValidForm();
    type(field.agency(), 'seoul-99');
    submit();
    await waitFor(() =>
      expect(describedText(field.email())).toContain('An account with this email already exists.'),
    );
    submit();
    await waitFor(() =>
      expect(describedText(field.agency())).toContain('No partner agency has this code.'),
    );
    // What was sent is what the server's schema makes of the input.
    expect(post).toHaveBeenLastCalledWith('/auth/sign-up', {
      name: '김민준',
      email: 'minjun@example.com',
      phone: '010-1234-5678',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      // The page's language, for the email confirmation mail (docs/decisions/027).
      language: 'en',
      agencyCode: 'SEOUL-99',
    });
  });

  it('signs the new user in and goes to a safe `next`', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ user: testUser }, 201));
    const { router } = await renderApp(<AuthDialogs />, {
      path: '/?auth=sign-up&next=%2Fapp%2Fprofile',
    });
    await screen.findByRole('dialog');
    fillValidForm();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
    expect(post.mock.calls[0]?.[1]).not.toHaveProperty('agencyCode');
    expect(await screen.findByText('Welcome, 김민준! Your account is ready.')).toBeTruthy();
  });

  it('links to sign-in, keeping `next`', async () => {
    const { router } = await renderApp(<AuthDialogs />, {
      path: '/?auth=sign-up&next=%2Fapp%2Fsell',
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: 'Sign in' });
    expect(router.state.location.search).toBe('?auth=sign-in&next=%2Fapp%2Fsell');
  });

  it.each([
    [
      'en',
      /^Name/,
      /^Phone number/,
      "Use only Hangul, Latin letters (A-Z), spaces, hyphens (-), apostrophes (') and periods (.) in a name, starting with a letter.",
      'Enter a full Korean phone number, such as 010-1234-5678 or 02-123-4567.',
    ],
    [
      'ko',
      /^이름/,
      /^전화번호/,
      "이름은 한글, 영문(A-Z), 띄어쓰기, 하이픈(-), 아포스트로피('), 마침표(.)만 쓸 수 있고, 첫 글자는 한글이나 영문이어야 합니다.",
      '국내 전화번호를 끝까지 입력해 주세요 (예: 010-1234-5678, 02-123-4567).',
    ],
  ] as const)(
    'refuses an emoji name and an incomplete phone, each in its own words (%s)',
    async (language, nameLabel, phoneLabel, nameText, phoneText) => {
      const post = mockApi.post;
      await renderApp(<AuthDialogs />, { path: '/?auth=sign-up', language });
      await screen.findByRole('dialog');
      const name = screen.getByLabelText(nameLabel);
      const phone = screen.getByLabelText(phoneLabel);
      type(name, '김민준😀');
      type(phone, '010-1234');
      await waitFor(() => expect(describedText(name)).toContain(nameText));
      await waitFor(() => expect(describedText(phone)).toContain(phoneText));
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('says the limit of a long name, and sends a phone typed without dashes with them', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ user: testUser }, 201));
    await renderApp(<AuthDialogs />, { path: '/?auth=sign-up' });
    await screen.findByRole('dialog');
    fillValidForm();
    type(field.name(), '가'.repeat(61));
    await waitFor(() =>
      expect(describedText(field.name())).toContain('Use at most 60 characters.'),
    );
    type(field.name(), "Jean-Luc O'Brien");
    type(field.phone(), '01012345678');
    submit();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      name: "Jean-Luc O'Brien",
      phone: '010-1234-5678',
    });
  });
});
