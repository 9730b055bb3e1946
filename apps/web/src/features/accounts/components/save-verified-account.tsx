import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountNameSchema, type VerifyAccountResponse } from '@portal/contract/accounts';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useCreateAccount } from '@/features/accounts/api/create-account';
import { useFormSubmit } from '@/lib/use-form-submit';

/** The optional display name; left empty, the server names the account after its holder. */
const saveSchema = z.object({ name: accountNameSchema.optional() });

/** Second step of adding an account: name the verified account and save it. */
export function SaveVerifiedAccount({
  verification,
  onSaved,
  onFailed,
  onCancel,
}: {
  verification: VerifyAccountResponse;
  onSaved: (name: string) => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['accounts', 'validation', 'errors']);
  const create = useCreateAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(saveSchema),
    mode: 'onBlur',
    defaultValues: { name: verification.holderName },
  });

  const { onSubmit } = useFormSubmit(
    { handleSubmit, setError },
    async ({ name }) => {
      const account = await create.mutateAsync({
        verificationId: verification.verificationId,
        ...(name ? { name } : {}),
      });
      onSaved(account.name);
    },
    { fields: ['name'], onUnplaced: onFailed },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('add.saveLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('fields.name')}
          description={t('add.nameHint')}
          styles={readableFieldStyles}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          error={fieldErrorText(t, errors.name)}
          {...register('name', {
            setValueAs: (value: string) => (value.trim() === '' ? undefined : value),
          })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('add.cancel')}
          </Button>
          <SubmitButton loading={create.isPending}>{t('add.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
