import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stepUpRequestSchema } from '@portal/contract/two-factor';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCodeForm } from '@/components/ui/use-code-form';
import { proveSecondFactor } from '@/lib/auth/step-up';

/**
 * The step-up dialog's one input (docs/SECURITY.md "Two-factor sign-in"): a code from the
 * authenticator app or a recovery code, read as the sign-in's second step reads it. A wrong code
 * is said on the input and the dialog stays; too many tries are said in the alert.
 */
export function StepUpForm({ onProved, onCancel }: { onProved: () => void; onCancel: () => void }) {
  const { t } = useTranslation(['common', 'validation', 'errors']);
  const prove = useMutation({ mutationFn: proveSecondFactor });
  const { onSubmit, formError, codeFieldProps } = useCodeForm(
    stepUpRequestSchema,
    async ({ code }) => {
      // The code as the contract reads it (no spaces or dashes, a recovery code in capitals).
      await prove.mutateAsync({ code: code.code });
      onProved();
    },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('twoFactor.stepUp.lead')}
        </Text>
        <FormAlert message={formError} />
        <CodeField
          label={t('twoFactor.stepUp.code')}
          // It appears after the dialog took the focus (the form loads on first use).
          autoFocus
          {...codeFieldProps}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={prove.isPending}>
            {t('actions.cancel')}
          </Button>
          <SubmitButton loading={prove.isPending}>{t('twoFactor.stepUp.confirm')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
