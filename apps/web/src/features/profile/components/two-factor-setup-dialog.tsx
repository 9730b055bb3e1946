import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  twoFactorConfirmRequestSchema,
  twoFactorSetupRequestSchema,
  type TwoFactorSetupResponse,
} from '@portal/contract/two-factor';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { AuthenticatorSecret } from '@/components/ui/authenticator-secret';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { RecoveryCodes } from '@/components/ui/recovery-codes';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCodeForm } from '@/components/ui/use-code-form';
import { fieldErrorText } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { toast } from '@/lib/notifications';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from '@/features/profile/api/two-factor';
import { useUser } from '@/lib/user/user-context';

type Step =
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] };
const FIRST: Step = { kind: 'password' };

/**
 * Turning two-factor sign-in on, in three steps: the current password, then the new secret (a QR
 * code and the key as text) and a code from the app that proves it holds it, then the recovery
 * codes, shown once. While they are shown the dialog closes only by saying they are saved.
 */
export function TwoFactorSetupDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const { user } = useUser();
  const [step, setStep] = useState<Step>(FIRST);
  const close = () => {
    setStep(FIRST);
    onClose();
  };
  const showingCodes = step.kind === 'codes';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={showingCodes ? t('common:twoFactor.codes.title') : t('twoFactor.setup.title')}
      withCloseButton={!showingCodes}
      closeOnEscape={!showingCodes}
      closeOnClickOutside={!showingCodes}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      <Text fz="xs" fw={600} c="dark.6" mb="xs">
        {t('twoFactor.setup.step', {
          step: step.kind === 'password' ? 1 : step.kind === 'scan' ? 2 : 3,
        })}
      </Text>
      {step.kind === 'password' ? (
        <PasswordStep onCancel={close} onStarted={(setup) => setStep({ kind: 'scan', setup })} />
      ) : step.kind === 'scan' ? (
        <ScanStep
          setup={step.setup}
          onCancel={close}
          onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
        />
      ) : (
        <RecoveryCodes codes={step.codes} email={user.email ?? ''} onDone={close} />
      )}
    </Modal>
  );
}

function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetupResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['profile', 'common', 'validation', 'errors']);
  const start = useStartTwoFactorSetup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(twoFactorSetupRequestSchema),
    mode: 'onBlur',
    defaultValues: { currentPassword: '' },
  });
  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => onStarted(await start.mutateAsync(values)),
    { fields: ['currentPassword'], codeFields: { CURRENT_PASSWORD_WRONG: 'currentPassword' } },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('twoFactor.setup.passwordLead')}
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={start.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={start.isPending}>{t('twoFactor.setup.continue')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function ScanStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['profile', 'common', 'validation', 'errors']);
  const confirm = useConfirmTwoFactor();
  const { onSubmit, formError, codeFieldProps } = useCodeForm(
    twoFactorConfirmRequestSchema,
    async ({ code }) => {
      // The page's language, for the mail saying two-factor sign-in was turned on.
      const codes = await confirm.mutateAsync({
        code,
        language: toSupportedLanguage(i18n.language),
      });
      toast('success', { message: t('twoFactor.setup.done') });
      onConfirmed(codes);
    },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <AuthenticatorSecret setup={setup} />
        <FormAlert message={formError} />
        <CodeField
          label={t('common:twoFactor.app.code')}
          digitsOnly
          autoFocus
          {...codeFieldProps}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={confirm.isPending}>{t('twoFactor.setup.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
