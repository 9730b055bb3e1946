import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KOREAN_BANKS, payeeRequestSchema, type PayeeRequest } from '@portal/contract/payees';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormSelect } from '@/components/ui/form-select';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TwoFactorRequired } from '@/components/ui/two-factor-required';
import { useTwoFactorOn } from '@/lib/auth/two-factor-status';
import { errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { toast } from '@/lib/notifications';
import { useUser } from '@/lib/user/user-context';
import { usePayee, useSavePayee } from '@/lib/payee';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['bankCode', 'accountNumber'] as const;

/**
 * Profile, "Payout bank account": where the won of the user's sells is paid
 * (docs/decisions/010). The holder is always the user's own name, so it is shown, not asked.
 */
export function PayeeForm() {
  const { t, i18n } = useTranslation(['payee', 'validation', 'errors']);
  const { user } = useUser();
  const payee = usePayee();
  const save = useSavePayee();
  // Setting where the won goes needs two-factor on (TWO_FACTOR_REQUIRED, docs/decisions/026):
  // said before anything is typed, and the fields wait for it.
  const twoFactorOn = useTwoFactorOn();
  const locked = twoFactorOn === false;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PayeeRequest>({
    resolver: zodResolver(payeeRequestSchema),
    mode: 'onBlur',
    values: {
      bankCode: (payee.data?.bankCode ?? '') as PayeeRequest['bankCode'],
      accountNumber: payee.data?.accountNumber ?? '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const korean = i18n.language.startsWith('ko');
  const banks = KOREAN_BANKS.map((bank) => ({
    value: bank.code,
    label: korean ? bank.ko : bank.en,
  }));

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      // The mail about the change goes out in the page's language.
      const saved = await save.mutateAsync({
        ...values,
        language: toSupportedLanguage(i18n.language),
      });
      reset({
        bankCode: saved.bankCode as PayeeRequest['bankCode'],
        accountNumber: saved.accountNumber,
      });
      toast('success', { message: t('payee:form.saved') });
    },
    { fields: FIELDS },
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-payee-title"
    >
      <Title id="profile-payee-title" order={2} fz="lg" mb={4}>
        {t('payee:form.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('payee:form.lead')}
      </Text>
      {payee.isPending ? (
        <Loader size="sm" aria-label={t('payee:form.loading')} />
      ) : (
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={t('payee:form.title')}
        >
          <Stack gap="md">
            {locked ? <TwoFactorRequired /> : null}
            <FormAlert
              message={formError ?? (payee.isError ? errorMessage(t, payee.error) : null)}
            />
            <FormSelect
              control={control}
              name="bankCode"
              label={t('payee:form.bank')}
              placeholder={t('payee:form.bankPlaceholder')}
              data={banks}
              searchable
              nothingFoundMessage={t('payee:form.noBank')}
              required
              disabled={locked}
            />
            <TextInput
              label={t('payee:form.accountNumber')}
              description={t('payee:form.accountNumberHint')}
              styles={readableFieldStyles}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              required
              disabled={locked}
              aria-invalid={errors.accountNumber ? true : undefined}
              error={fieldErrorText(t, errors.accountNumber)}
              {...register('accountNumber')}
            />
            <TextInput
              label={t('payee:form.holder')}
              description={t('payee:form.holderHint')}
              styles={readableFieldStyles}
              value={user.name ?? ''}
              readOnly
            />
            <Group justify="flex-end">
              <SubmitButton loading={save.isPending} disabled={!isDirty || locked}>
                {t('payee:form.save')}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
