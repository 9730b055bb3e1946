import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  passwordResetConfirmSchema,
  passwordResetTokenSchema,
  type PasswordResetConfirm,
} from '@portal/contract/auth';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorOf } from '@/lib/api-error';
import { authDialogPath } from '@/lib/auth/auth-paths';
import { fieldErrorText } from '@/lib/form-errors';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSetPasswordFromLink } from '@/features/auth/api/password-reset';

const FIELDS = ['password', 'confirmPassword'] as const;

/**
 * A new password from a reset link's token (docs/SECURITY.md "Password reset by email"). A link
 * that no longer works says why and offers a new one; a new password signs nobody in.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const setPassword = useSetPasswordFromLink();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordResetConfirmSchema),
    mode: 'onBlur',
    defaultValues: { token, password: '', confirmPassword: '' } as PasswordResetConfirm,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      await setPassword.mutateAsync(values);
      onDone();
    },
    { fields: FIELDS },
  );

  const askAgain = (
    <Text fz="sm">
      <Anchor component={Link} to={authDialogPath('forgot-password')} replace fw={600}>
        {t('resetPassword.askAgain')}
      </Anchor>
    </Text>
  );
  // A link cut short or altered on its way: nothing to send, only a new link helps.
  if (!passwordResetTokenSchema.safeParse(token).success) {
    return (
      <Stack gap="md">
        <FormAlert message={t('errors:codes.RESET_LINK_INVALID')} />
        {askAgain}
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('resetPassword.title')}
    >
      <Stack gap="md">
        <FormAlert message={formError} />
        {apiErrorOf(setPassword.error)?.code === 'RESET_LINK_INVALID' ? askAgain : null}
        <PasswordField
          label={t('resetPassword.password')}
          description={t('signUp.passwordHint')}
          autoComplete="new-password"
          required
          data-autofocus
          error={fieldErrorText(t, errors.password)}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          error={fieldErrorText(t, errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <SubmitButton loading={setPassword.isPending} fullWidth>
          {t('resetPassword.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
