import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@portal/contract/profile';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField } from '@/components/ui/password-field';
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useChangePassword } from '@/features/profile/api/change-password';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const emptyForm: ChangePasswordRequest = { currentPassword: '', password: '', confirmPassword: '' };

/** Password and confirm password (docs/PRODUCT.md "Screens"); the current password proves it is you. */
export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'validation', 'errors']);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordRequestSchema),
    mode: 'onBlur',
    defaultValues: emptyForm,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      await change.mutateAsync(values);
      reset(emptyForm);
      toast('success', { message: t('password.changed') });
    },
    {
      fields: FIELDS,
      codeFields: {
        CURRENT_PASSWORD_WRONG: 'currentPassword',
      },
    },
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-password-title"
    >
      <Title id="profile-password-title" order={2} fz="lg" mb={4}>
        {t('password.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('password.lead')}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <PasswordField
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            required
            error={fieldErrorText(t, errors.currentPassword)}
            {...register('currentPassword')}
          />
          <PasswordField
            label={t('fields.password')}
            description={t('password.hint')}
            autoComplete="new-password"
            required
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
          <Group justify="flex-end">
            <SubmitButton loading={change.isPending}>{t('password.save')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
