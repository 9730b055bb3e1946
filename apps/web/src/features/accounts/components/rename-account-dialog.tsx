import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  renameAccountRequestSchema,
  type Account,
  type RenameAccountRequest,
} from '@portal/contract/accounts';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyApiErrorToForm, errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useRenameAccount } from '@/features/accounts/api/rename-account';

/** Renames a saved account, with the same rule the server applies. */
export function RenameAccountDialog({
  account,
  onClose,
}: {
  account: Account | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['accounts', 'common']);
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={t('rename.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {account ? <RenameForm account={account} onDone={onClose} /> : null}
    </Modal>
  );
}

function RenameForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation(['accounts', 'common', 'validation', 'errors']);
  const rename = useRenameAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(renameAccountRequestSchema),
    mode: 'onBlur',
    defaultValues: { name: account.name } satisfies RenameAccountRequest,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await rename.mutateAsync({ id: account.id, body: values });
      toast('success', { message: t('rename.done', { name: saved.name }) });
      onDone();
    } catch (error) {
      if (!applyApiErrorToForm(error, setError, ['name'])) setFormError(errorMessage(t, error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('fields.name')}
          description={t('rename.hint', {
            merchant: account.merchant.name,
            number: account.accountNumber,
          })}
          styles={readableFieldStyles}
          autoComplete="off"
          required
          data-autofocus
          aria-invalid={errors.name ? true : undefined}
          error={fieldErrorText(t, errors.name)}
          {...register('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={rename.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={rename.isPending}>{t('rename.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
