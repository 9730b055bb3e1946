import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { resolveDepositRequestSchema, type Deposit } from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorOf } from '@/lib/api-error';
import { formatDecimal } from '@/lib/format';
import { applyApiErrorToForm, errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useResolveDeposit } from '../api/resolve-deposit';

/** Resolving needs words: what was done with the money (returned, paid which buy). */
export function ResolveDialog({
  deposit,
  onClose,
}: {
  deposit: Deposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['depositsAdmin', 'common']);
  return (
    <Modal
      opened={deposit !== null}
      onClose={onClose}
      title={deposit ? t('resolve.title', { reference: deposit.bankReference }) : ''}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {deposit ? <ResolveForm deposit={deposit} onDone={onClose} /> : null}
    </Modal>
  );
}

function ResolveForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'common', 'validation', 'errors']);
  const resolve = useResolveDeposit();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resolveDepositRequestSchema),
    mode: 'onBlur',
    defaultValues: { resolution: '' },
  });

  const onSubmit = handleSubmit(async ({ resolution }) => {
    setFormError(null);
    try {
      await resolve.mutateAsync({ id: deposit.id, resolution });
      toast('success', { message: t('resolve.done', { reference: deposit.bankReference }) });
      onDone();
    } catch (error) {
      // Someone else resolved it meanwhile: the list refreshes, nothing is left to do here.
      if (apiErrorOf(error)?.code === 'DEPOSIT_ALREADY_RESOLVED') {
        toast('warning', { message: errorMessage(t, error) });
        onDone();
      } else if (!applyApiErrorToForm(error, setError, ['resolution'])) {
        setFormError(errorMessage(t, error));
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('resolve.lead', {
            amount: formatDecimal(deposit.amountKrw, i18n.language),
            name: deposit.depositorName,
          })}
        </Text>
        <FormAlert message={formError} />
        <Textarea
          label={t('resolve.resolution')}
          description={t('resolve.resolutionHint')}
          styles={readableFieldStyles}
          required
          rows={3}
          data-autofocus
          aria-invalid={errors.resolution ? true : undefined}
          error={fieldErrorText(t, errors.resolution)}
          {...register('resolution')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={resolve.isPending}>
            {t('resolve.back')}
          </Button>
          <SubmitButton loading={resolve.isPending}>{t('resolve.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
