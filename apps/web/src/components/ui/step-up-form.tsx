import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stepUpRequestSchema } from '@portal/contract/two-factor';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCodeForm } from '@/components/ui/use-code-form';
import {
  PasskeyCancelled,
  passkeyErrorText,
  passkeysQuery,
  passkeysSupported,
} from '@/lib/auth/passkey';
import { proveSecondFactor, proveWithPasskey } from '@/lib/auth/step-up';

/**
 * The step-up dialog's one input (docs/SECURITY.md "Two-factor sign-in"): a code from the
 * authenticator app or a recovery code, read as the sign-in's second step reads it. A wrong code
 * is said on the input and the dialog stays; too many tries are said in the alert. A user with a
 * passkey may use it instead (docs/decisions/025); a closed prompt is said calmly.
 */
export function StepUpForm({ onProved, onCancel }: { onProved: () => void; onCancel: () => void }) {
  const { t } = useTranslation(['common', 'validation', 'errors']);
  const prove = useMutation({ mutationFn: proveSecondFactor });
  const passkeys = useQuery({ ...passkeysQuery(), enabled: passkeysSupported() });
  const withPasskey = useMutation({ mutationFn: proveWithPasskey });
  const [passkeySaid, setPasskeySaid] = useState<{ text: string; calm: boolean } | null>(null);
  const provePasskey = async () => {
    setPasskeySaid(null);
    try {
      await withPasskey.mutateAsync();
      onProved();
    } catch (error) {
      setPasskeySaid({ text: passkeyErrorText(t, error), calm: error instanceof PasskeyCancelled });
    }
  };
  const pending = prove.isPending || withPasskey.isPending;
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
        {passkeySaid ? (
          <Alert
            color={passkeySaid.calm ? 'blue' : 'red'}
            variant="light"
            icon={passkeySaid.calm ? <IconInfoCircle aria-hidden /> : undefined}
            role={passkeySaid.calm ? 'status' : 'alert'}
          >
            {passkeySaid.text}
          </Alert>
        ) : null}
        <CodeField
          label={t('twoFactor.stepUp.code')}
          // It appears after the dialog took the focus (the form loads on first use).
          autoFocus
          {...codeFieldProps}
        />
        {Array.isArray(passkeys.data) && passkeys.data.length > 0 ? (
          <Button
            variant="default"
            leftSection={<IconKey aria-hidden size={18} />}
            loading={withPasskey.isPending}
            disabled={prove.isPending}
            onClick={() => void provePasskey()}
          >
            {t('twoFactor.stepUp.passkey')}
          </Button>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <SubmitButton loading={prove.isPending}>{t('twoFactor.stepUp.confirm')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
