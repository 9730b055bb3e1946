import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  agencyBankAccountRequestSchema,
  type AgencyBankAccountRequest,
  type BankAccount,
} from '@portal/contract/agency-bank-account';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import { useUpdateAgencyBankAccount } from '@/features/agency-bank-account/api/update-agency-bank-account';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['bankName', 'accountNumber', 'accountHolder'] as const;

/**
 * The agency's new bank account, checked with the server's own schema before it is sent. It waits
 * for the operator's approval (docs/decisions/017); the screen then shows it apart and starts
 * this form again from the account in force.
 */
export function BankAccountForm({ account }: { account: BankAccount | null }) {
  const { t } = useTranslation(['agencyBankAccount', 'validation', 'errors']);
  const update = useUpdateAgencyBankAccount();
  const sentForApproval = useAnnounceSentForApproval({ checker: 'operator' });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(agencyBankAccountRequestSchema),
    mode: 'onBlur',
    values: {
      bankName: account?.bankName ?? '',
      accountNumber: account?.accountNumber ?? '',
      accountHolder: account?.accountHolder ?? '',
    } satisfies AgencyBankAccountRequest,
    resetOptions: { keepDirtyValues: true },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const result = await update.mutateAsync(values);
      if (!result.done) {
        void sentForApproval();
        return;
      }
      if (result.data.account) reset(result.data.account);
      toast('success', { message: t('form.saved') });
    },
    { fields: FIELDS },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('form.bankName')}
          description={t('form.bankNameHint')}
          styles={readableFieldStyles}
          autoComplete="off"
          required
          error={fieldErrorText(t, errors.bankName)}
          {...register('bankName')}
        />
        <TextInput
          label={t('form.accountNumber')}
          description={t('form.accountNumberHint')}
          styles={readableFieldStyles}
          autoComplete="off"
          spellCheck={false}
          required
          error={fieldErrorText(t, errors.accountNumber)}
          {...register('accountNumber')}
        />
        <TextInput
          label={t('form.accountHolder')}
          description={t('form.accountHolderHint')}
          styles={readableFieldStyles}
          autoComplete="off"
          required
          error={fieldErrorText(t, errors.accountHolder)}
          {...register('accountHolder')}
        />
        <Group justify="flex-end">
          <SubmitButton loading={update.isPending} disabled={!isDirty}>
            {t('form.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
