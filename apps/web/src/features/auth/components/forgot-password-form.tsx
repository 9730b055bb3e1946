import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_RESET_MINUTES,
  passwordResetRequestSchema,
  type PasswordResetRequest,
} from '@portal/contract/auth';
import { FormAlert } from '@/components/ui/form-alert';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useAskForPasswordReset } from '@/features/auth/api/password-reset';

const FIELDS = ['email'] as const;

/**
 * Asks for a password reset link (docs/SECURITY.md "Password reset by email"). The answer says
 * the same for every email, so the form never tells whether someone has an account.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const ask = useAskForPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: 'onBlur',
    defaultValues: {
      email: '',
      language: toSupportedLanguage(i18n.language),
    } as PasswordResetRequest,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      // The language of the page now, should it have changed since the form opened.
      await ask.mutateAsync({ ...values, language: toSupportedLanguage(i18n.language) });
      setSentTo(values.email);
    },
    { fields: FIELDS },
  );

  if (sentTo !== null) {
    return (
      <Alert color="teal" variant="light" role="status">
        {t('forgotPassword.sent', { email: sentTo, minutes: PASSWORD_RESET_MINUTES })}
      </Alert>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('forgotPassword.title')}
    >
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
        <SubmitButton loading={ask.isPending} fullWidth>
          {t('forgotPassword.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
