import { koreaWallClock } from '@portal/contract/korea-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  markRefundedRequestSchema,
  refundDepositRequestSchema,
  writeOffDepositRequestSchema,
} from '@portal/contract/deposits';
import { REFUND_REASONS, type Deposit } from '@portal/contract/transactions';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import { useDecideDeposit } from '@/features/operator-deposits/api/deposit-decisions';
import { useFormSubmit } from '@/lib/use-form-submit';

/** The refund side of a deposit decision: refund it, record it refunded, or write it off. */
export function RefundForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'errors', 'validation']);
  const decide = useDecideDeposit(deposit.id);
  const sentForApproval = useAnnounceSentForApproval();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(refundDepositRequestSchema),
    defaultValues: { reason: undefined, note: undefined },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (body) => {
      const result = await decide.mutateAsync({ kind: 'refund', body });
      if (result.done) {
        toast('success', { message: t('decide.refundDone', { reference: deposit.bankReference }) });
      } else void sentForApproval();
      onDone();
    },
    { fields: ['reason', 'note'] },
  );
  return (
    <DecisionForm
      title={t('decide.refund')}
      lead={t('decide.refundLead')}
      formError={formError}
      onSubmit={onSubmit}
      submit={
        <SubmitButton loading={decide.isPending} color="red">
          {t('decide.refundSubmit')}
        </SubmitButton>
      }
    >
      <Controller
        control={control}
        name="reason"
        render={({ field }) => (
          <Select
            label={t('decide.refundReason')}
            required
            data={REFUND_REASONS.map((value) => ({
              value,
              label: t(`refundReasons.${value}`),
            }))}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            error={fieldErrorText(t, errors.reason)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <Textarea
        label={t('decide.note')}
        styles={readableFieldStyles}
        rows={2}
        error={fieldErrorText(t, errors.note)}
        {...register('note', { setValueAs: (value: string) => value || undefined })}
      />
    </DecisionForm>
  );
}

export function RefundedForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'errors', 'validation']);
  const decide = useDecideDeposit(deposit.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(markRefundedRequestSchema),
    defaultValues: { bankReference: '', refundedOn: koreaWallClock().slice(0, 10) },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (body) => {
      await decide.mutateAsync({ kind: 'refunded', body });
      toast('success', { message: t('decide.refundedDone', { reference: deposit.bankReference }) });
      onDone();
    },
    { fields: ['bankReference', 'refundedOn'] },
  );
  return (
    <DecisionForm
      title={t('decide.refunded')}
      lead={t('decide.refundedLead')}
      formError={formError}
      onSubmit={onSubmit}
      submit={<SubmitButton loading={decide.isPending}>{t('decide.refundedSubmit')}</SubmitButton>}
    >
      <TextInput
        label={t('decide.bankReference')}
        required
        error={fieldErrorText(t, errors.bankReference)}
        {...register('bankReference')}
      />
      <TextInput
        type="date"
        label={t('decide.refundedOn')}
        required
        max={koreaWallClock().slice(0, 10)}
        error={fieldErrorText(t, errors.refundedOn)}
        {...register('refundedOn')}
      />
    </DecisionForm>
  );
}

export function WriteOffForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'errors', 'validation']);
  const decide = useDecideDeposit(deposit.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(writeOffDepositRequestSchema),
    defaultValues: { reason: '' },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (body) => {
      await decide.mutateAsync({ kind: 'write-off', body });
      toast('success', { message: t('decide.writeOffDone', { reference: deposit.bankReference }) });
      onDone();
    },
    { fields: ['reason'] },
  );
  return (
    <DecisionForm
      title={t('decide.writeOff')}
      lead={t('decide.writeOffLead')}
      formError={formError}
      onSubmit={onSubmit}
      submit={
        <SubmitButton loading={decide.isPending} variant="default">
          {t('decide.writeOffSubmit')}
        </SubmitButton>
      }
    >
      <Textarea
        label={t('decide.writeOffReason')}
        styles={readableFieldStyles}
        required
        rows={2}
        error={fieldErrorText(t, errors.reason)}
        {...register('reason')}
      />
    </DecisionForm>
  );
}

/** The frame the three forms share: a heading, a lead, the form's alert, the fields, the button. */
function DecisionForm({
  title,
  lead,
  formError,
  onSubmit,
  submit,
  children,
}: {
  title: string;
  lead: string;
  formError: string | null;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<unknown>;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text fz="sm" c="dark.6">
          {lead}
        </Text>
        <FormAlert message={formError} />
        {children}
        <Group justify="flex-end">{submit}</Group>
      </Stack>
    </form>
  );
}
