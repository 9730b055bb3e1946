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
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage, fieldErrorText, retryAfterSeconds } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { useSignIn } from '@/features/auth/api/sign-in';

const emptyForm: SignInRequest = { email: '', password: '' };

/** Sign-in. A wrong email or password gets one message, never which of the two was wrong. */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInRequestSchema),
    mode: 'onBlur',
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The page's language, for the mail about a sign-in from a new device.
      onSignedIn(
        await signIn.mutateAsync({ ...values, language: toSupportedLanguage(i18n.language) }),
      );
    } catch (error) {
      setFormError(signInErrorText(error));
    }
  });

  function signInErrorText(error: unknown): string {
    if (apiErrorOf(error)?.code === 'RATE_LIMITED') {
      const seconds = retryAfterSeconds(error);
      if (seconds !== undefined) {
        return t('signIn.rateLimited', { count: Math.max(1, Math.ceil(seconds / 60)) });
      }
    }
    return errorMessage(t, error);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('signIn.title')}>
      <Stack gap="md">
        <FormAlert message={formError} />
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
