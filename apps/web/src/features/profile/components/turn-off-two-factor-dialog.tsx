import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { existingPasswordSchema } from '@portal/contract/auth';
import { secondFactorCodeSchema } from '@portal/contract/two-factor';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { toast } from '@/lib/notifications';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useDisableTwoFactor } from '@/features/profile/api/two-factor';

const FIELDS = ['currentPassword', 'code'] as const;
const turnOffFormSchema = z.object({
  currentPassword: existingPasswordSchema,
  code: secondFactorCodeSchema,
});

/**
 * Turning two-factor sign-in off, which the dialog asks to confirm by saying what it means: the
 * password alone signs in, the recovery codes stop working. The password and a code prove it is
 * the owner.
 */
export function TurnOffTwoFactorDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('twoFactor.disable.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <TurnOffForm onDone={onClose} /> : null}
    </Modal>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'common', 'validation', 'errors']);
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(turnOffFormSchema),
    mode: 'onBlur',
    defaultValues: { currentPassword: '', code: '' },
  });
  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async ({ currentPassword, code }) => {
      await disable.mutateAsync({
        currentPassword,
        code: code.code,
        language: toSupportedLanguage(i18n.language),
      });
      toast('success', { message: t('twoFactor.disable.done') });
      onDone();
    },
    {
      fields: FIELDS,
      codeFields: { CURRENT_PASSWORD_WRONG: 'currentPassword', SECOND_FACTOR_INVALID: 'code' },
    },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('twoFactor.disable.lead')}
        </Text>
        <FormAlert message={formError} />
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          data-autofocus
          error={fieldErrorText(t, errors.currentPassword)}
          {...register('currentPassword')}
        />
        <CodeField
          label={t('twoFactor.code')}
          required
          error={fieldErrorText(t, errors.code)}
          {...register('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={disable.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton color="red" loading={disable.isPending}>
            {t('twoFactor.disable.submit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
