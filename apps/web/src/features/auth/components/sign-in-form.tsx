import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { signInRequestSchema, type SignInRequest } from '@portal/contract/auth';
import type { CurrentUser } from '@portal/contract/users';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField } from '@/components/ui/password-field';
import { fieldErrorText } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSignIn } from '@/features/auth/api/sign-in';
import { rateLimitedText } from '@/features/auth/components/sign-in-errors';

const FIELDS = ['email', 'password'] as const;

/**
 * The password was right and the account asks for its second factor (`code`), or, for staff
 * without one, to set it up first (`setup`).
 */
export type SecondFactorStep = { challenge: string; email: string } & (
  { kind: 'code'; passkey: boolean } | { kind: 'setup' }
);

/**
 * Sign-in. A wrong email or password gets one message, never which of the two was wrong. An
 * account with two-factor sign-in on (or staff who must set it up) goes on to its second step
 * (`onSecondFactor`); coming back
 * from there, the email is filled in again (`email`) and `notice` says why.
 */
export function SignInForm({
  onSignedIn,
  onSecondFactor,
  email = '',
  notice = null,
}: {
  onSignedIn: (user: CurrentUser) => void;
  onSecondFactor: (step: SecondFactorStep) => void;
  email?: string;
  notice?: string | null;
}) {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const signIn = useSignIn();
  // Why the second step sent the person back, until they send the form again.
  const [showNotice, setShowNotice] = useState(true);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInRequestSchema),
    mode: 'onBlur',
    defaultValues: { email, password: '' } satisfies SignInRequest,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values, { setFormError }) => {
      try {
        // The page's language, for the mail about a sign-in from a new device.
        const answer = await signIn.mutateAsync({
          ...values,
          language: toSupportedLanguage(i18n.language),
        });
        const { email } = values;
        if ('user' in answer) onSignedIn(answer.user);
        else if ('secondFactor' in answer)
          onSecondFactor({
            kind: 'code',
            challenge: answer.secondFactor.challenge,
            passkey: answer.secondFactor.passkey,
            email,
          });
        else
          onSecondFactor({ kind: 'setup', challenge: answer.secondFactorSetup.challenge, email });
      } catch (error) {
        const limited = rateLimitedText(t, error);
        if (limited === null) throw error;
        setFormError(limited);
      }
    },
    { fields: FIELDS },
  );

  return (
    <form
      onSubmit={(event) => {
        setShowNotice(false);
        void onSubmit(event);
      }}
      noValidate
      aria-label={t('signIn.title')}
    >
      <Stack gap="md">
        <FormAlert message={formError ?? (showNotice ? notice : null)} />
        <TextInput
          styles={readableFieldStyles}
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          data-autofocus
          error={fieldErrorText(t, errors.email)}
          {...register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          // Back from the second step with the email kept: the password is what is left to type.
          autoFocus={email !== ''}
          error={fieldErrorText(t, errors.password)}
          {...register('password')}
        />
        <SubmitButton loading={signIn.isPending} fullWidth>
          {t('signIn.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
