import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { secondFactorCodeSchema } from '@portal/contract/two-factor';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { RecoveryCodes } from '@/components/ui/recovery-codes';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCodeForm } from '@/components/ui/use-code-form';
import { toSupportedLanguage } from '@/lib/i18n';
import { useRenewRecoveryCodes } from '@/features/profile/api/two-factor';
import { useUser } from '@/lib/user/user-context';

const codeFormSchema = z.object({ code: secondFactorCodeSchema });

/**
 * A new set of recovery codes for a code (from the app, or one of the old recovery codes); the
 * new set is shown once, as when two-factor sign-in was turned on, and replaces the old.
 */
export function NewRecoveryCodesDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const { user } = useUser();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  const showingCodes = codes !== null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={showingCodes ? t('common:twoFactor.codes.title') : t('twoFactor.renew.title')}
      withCloseButton={!showingCodes}
      closeOnEscape={!showingCodes}
      closeOnClickOutside={!showingCodes}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {showingCodes ? (
        <RecoveryCodes codes={codes} email={user.email ?? ''} onDone={close} />
      ) : (
        <RenewForm onRenewed={setCodes} onCancel={close} />
      )}
    </Modal>
  );
}

function RenewForm({
  onRenewed,
  onCancel,
}: {
  onRenewed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['profile', 'common', 'validation', 'errors']);
  const renew = useRenewRecoveryCodes();
  const { onSubmit, formError, codeFieldProps } = useCodeForm(codeFormSchema, async ({ code }) =>
    onRenewed(
      await renew.mutateAsync({ code: code.code, language: toSupportedLanguage(i18n.language) }),
    ),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('twoFactor.renew.lead')}
        </Text>
        <FormAlert message={formError} />
        <CodeField label={t('twoFactor.code')} data-autofocus {...codeFieldProps} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={renew.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={renew.isPending}>{t('twoFactor.renew.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
