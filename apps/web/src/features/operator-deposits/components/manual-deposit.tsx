import { koreaWallClock, koreaWallClockToIso } from '@portal/contract/korea-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { typedKrwAmountSchema, withoutWonSign } from '@portal/contract/money';
import { atMost } from '@portal/contract/validation';
import { depositNotificationSchema } from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { CalendarSettings } from '@/components/ui/calendar-settings';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useRecordDeposit } from '@/features/operator-deposits/api/record-deposit';
import { useFormSubmit } from '@/lib/use-form-submit';

/**
 * The form's own shape: the time is what the picker shows, Korean wall-clock time, and becomes
 * an ISO time with +09:00 on the way out; everything else is the API's rule.
 */
const formSchema = depositNotificationSchema.extend({
  // Won as the operator reads them off the bank's screen: "1,392,500원" (decision 014).
  amountKrw: z.preprocess(
    (value) => (typeof value === 'string' ? withoutWonSign(value) : value),
    typedKrwAmountSchema,
  ),
  receivedAt: z
    .string({ error: 'required' })
    .refine((value) => koreaWallClockToIso(value) !== null, { error: 'dateInvalid' }),
  receivingAccount: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(60, atMost()).optional(),
  ),
});
interface FormValues {
  bankReference: string;
  depositorName: string;
  amountKrw: string;
  /** "YYYY-MM-DD HH:mm:ss", Korean wall-clock time. */
  receivedAt: string;
  receivingAccount?: string;
}

const FIELDS = [
  'bankReference',
  'depositorName',
  'amountKrw',
  'receivedAt',
  'receivingAccount',
] as const;

export function ManualDepositDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('manual.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <ManualDepositForm onDone={onClose} /> : null}
    </Modal>
  );
}

function ManualDepositForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'common', 'validation', 'errors']);
  const record = useRecordDeposit();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema) as never,
    mode: 'onBlur',
    defaultValues: {
      bankReference: '',
      depositorName: '',
      amountKrw: '',
      receivedAt: koreaWallClock(),
      receivingAccount: '',
    },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const receivedAt = koreaWallClockToIso(values.receivedAt);
      if (!receivedAt) return;

      const { deposit, duplicate } = await record.mutateAsync({ ...values, receivedAt });
      const reference = deposit.bankReference;
      if (duplicate) toast('info', { message: t('manual.duplicate', { reference }) });
      else if (deposit.matchedTransaction) {
        const number = deposit.matchedTransaction.number;
        toast('success', { message: t('manual.settled', { reference, number }) });
      } else toast('warning', { message: t('manual.queued', { reference }) });
      onDone();
    },
    {
      fields: FIELDS,
      codeFields: {
        DEPOSIT_ALREADY_RECORDED: 'bankReference',
      },
    },
  );

  const text = (name: (typeof FIELDS)[number]) => fieldErrorText(t, errors[name]);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('manual.lead')}
        </Text>
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('manual.bankReference')}
            description={t('manual.bankReferenceHint')}
            styles={readableFieldStyles}
            required
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.bankReference ? true : undefined}
            error={text('bankReference')}
            {...register('bankReference')}
          />
          <TextInput
            label={t('manual.depositorName')}
            description={t('manual.depositorNameHint')}
            styles={readableFieldStyles}
            required
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.depositorName ? true : undefined}
            error={text('depositorName')}
            {...register('depositorName')}
          />
          <TextInput
            label={t('manual.amountKrw')}
            styles={readableFieldStyles}
            required
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={errors.amountKrw ? true : undefined}
            error={text('amountKrw')}
            {...register('amountKrw')}
          />
          <CalendarSettings>
            <Controller
              control={control}
              name="receivedAt"
              render={({ field }) => (
                <DateTimePicker
                  label={t('manual.receivedAt')}
                  styles={readableFieldStyles}
                  required
                  valueFormat="YYYY-MM-DD HH:mm"
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={text('receivedAt')}
                />
              )}
            />
          </CalendarSettings>
        </SimpleGrid>
        <TextInput
          label={t('manual.receivingAccount')}
          description={t('manual.receivingAccountHint')}
          styles={readableFieldStyles}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.receivingAccount ? true : undefined}
          error={text('receivingAccount')}
          {...register('receivingAccount')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            {t('manual.back')}
          </Button>
          <SubmitButton loading={record.isPending}>{t('manual.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
