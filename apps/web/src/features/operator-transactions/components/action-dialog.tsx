import { groupDigits } from '@portal/contract/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OperatorTransaction } from '@portal/contract/transactions';
import { safeText } from '@portal/contract/validation';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import {
  useTransactionAction,
  type TransactionAction,
} from '@/features/operator-transactions/api/transaction-actions';
import { PayeeDetails } from '@/features/operator-transactions/components/sell-payout-details';
import { useFormSubmit } from '@/lib/use-form-submit';

/** The same rule as the server's note, reason and payout reference: safe text, 1 to 500. */
const text = safeText({ max: 500 });
/** An empty optional field is no value, not an empty string the server would refuse. */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  text.optional(),
);

const schemas = {
  take: z.object({ note: optionalText }),
  completeSell: z.object({ payoutReference: text, note: optionalText }),
  cancel: z.object({ reason: text }),
  retryCredit: z.object({ note: optionalText }),
} satisfies Record<TransactionAction, z.ZodType>;

interface ActionValues {
  note?: string;
  payoutReference?: string;
  reason?: string;
}

const FIELDS = ['note', 'payoutReference', 'reason'] as const;

export interface PendingAction {
  action: TransactionAction;
  transaction: OperatorTransaction;
}

/** Asks for what an action needs (a payout reference, a reason, an optional note), then runs it. */
export function ActionDialog({
  pending,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['operatorTransactions', 'common']);
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={
        pending ? t(`dialog.${pending.action}.title`, { number: pending.transaction.number }) : ''
      }
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {pending ? <ActionForm {...pending} onDone={onClose} /> : null}
    </Modal>
  );
}

function ActionForm({
  action,
  transaction,
  onDone,
}: PendingAction & {
  onDone: () => void;
}) {
  const { t } = useTranslation(['operatorTransactions', 'common', 'validation', 'errors']);
  const run = useTransactionAction();
  const sentForApproval = useAnnounceSentForApproval();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ActionValues>({
    resolver: zodResolver(schemas[action]) as never,
    mode: 'onBlur',
    defaultValues: {},
  });
  const values = {
    number: transaction.number,
    name: transaction.user.name,
    amount: groupDigits(transaction.amount),
    asset: transaction.merchant.asset,
    total: groupDigits(transaction.totalKrw),
  };

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (body) => {
      const result = await run.mutateAsync({ id: transaction.id, action, body });
      // Waiting for a second operator is not done: never say it is (docs/decisions/017).
      if (result.done) toast('success', { message: t(`dialog.${action}.done`, values) });
      else void sentForApproval();
      onDone();
    },
    {
      fields: FIELDS,
      codeFields: {
        REASON_REQUIRED: 'reason',
        PAYOUT_REFERENCE_REQUIRED: 'payoutReference',
      },
    },
  );

  const cancelling = action === 'cancel';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t(`dialog.${action}.lead`, values)}
        </Text>
        {action === 'take' || action === 'completeSell' ? (
          <PayeeDetails transaction={transaction} />
        ) : null}
        <FormAlert message={formError} />
        {action === 'completeSell' ? (
          <TextInput
            label={t('dialog.payoutReference')}
            description={t('dialog.payoutReferenceHint')}
            styles={readableFieldStyles}
            required
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.payoutReference ? true : undefined}
            error={fieldErrorText(t, errors.payoutReference)}
            {...register('payoutReference')}
          />
        ) : null}
        {cancelling ? (
          <Textarea
            label={t('dialog.reason')}
            description={t('dialog.reasonHint')}
            styles={readableFieldStyles}
            required
            rows={3}
            data-autofocus
            aria-invalid={errors.reason ? true : undefined}
            error={fieldErrorText(t, errors.reason)}
            {...register('reason')}
          />
        ) : (
          <Textarea
            label={t('dialog.note')}
            description={t('dialog.noteHint')}
            styles={readableFieldStyles}
            rows={2}
            data-autofocus={action !== 'completeSell' || undefined}
            aria-invalid={errors.note ? true : undefined}
            error={fieldErrorText(t, errors.note)}
            {...register('note')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={run.isPending}>
            {t('dialog.back')}
          </Button>
          <SubmitButton color={cancelling ? 'red' : undefined} loading={run.isPending}>
            {t(`dialog.${action}.submit`)}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
