import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
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
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useRenameAccount } from '@/features/accounts/api/rename-account';
import { useFormSubmit } from '@/lib/use-form-submit';

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

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const saved = await rename.mutateAsync({ id: account.id, body: values });
      toast('success', { message: t('rename.done', { name: saved.name }) });
      onDone();
    },
    { fields: ['name'] },
  );

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
