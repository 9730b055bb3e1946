import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { stepUpRequestSchema } from '@portal/contract/two-factor';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { proveSecondFactor } from '@/lib/auth/step-up';
import { fieldErrorText } from '@/lib/form-errors';
import { useFormSubmit } from '@/lib/use-form-submit';

/**
 * The step-up dialog's one input (docs/SECURITY.md "Two-factor sign-in"): a code from the
 * authenticator app or a recovery code, read as the sign-in's second step reads it. A wrong code
 * is said on the input and the dialog stays; too many tries are said in the alert.
 */
export function StepUpForm({ onProved, onCancel }: { onProved: () => void; onCancel: () => void }) {
  const { t } = useTranslation(['common', 'validation', 'errors']);
  const prove = useMutation({ mutationFn: proveSecondFactor });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(stepUpRequestSchema),
    mode: 'onBlur',
    defaultValues: { code: '' },
  });
  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async ({ code }) => {
      // The code as the contract reads it (no spaces or dashes, a recovery code in capitals).
      await prove.mutateAsync({ code: code.code });
      onProved();
    },
    { fields: ['code'], codeFields: { SECOND_FACTOR_INVALID: 'code' } },
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
          required
          // It appears after the dialog took the focus (the form loads on first use).
          autoFocus
          error={fieldErrorText(t, errors.code)}
          {...register('code')}
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
