import { koreaWallClock } from '@portal/contract/korea-time';
import { groupDigits } from '@portal/contract/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  markRefundedRequestSchema,
  refundDepositRequestSchema,
  writeOffDepositRequestSchema,
  type DepositCandidate,
} from '@portal/contract/deposits';
import { REFUND_REASONS, type Deposit } from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { ListState } from '@/components/ui/list-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatKoreaDateTime } from '@/lib/format';
import { errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import {
  useDecideDeposit,
  useDepositDetail,
} from '@/features/operator-deposits/api/deposit-decisions';
import { useFormSubmit } from '@/lib/use-form-submit';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * One screen for a deposit that did not settle a buy by itself (docs/decisions/010): the
 * deposit, the buys it could pay side by side with names and amounts, "Match to this buy" (a
 * differing amount only once accepted), "Refund", and for a refund due "Record the refund" or
 * "Write off".
 */
export function DecisionDialog({
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
      size="xl"
      title={deposit ? t('decide.title', { reference: deposit.bankReference }) : ''}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {deposit ? <Decisions id={deposit.id} onDone={onClose} /> : null}
    </Modal>
  );
}

function Decisions({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'errors']);
  const query = useDepositDetail(id);
  const detail = query.data;
  const deposit = detail?.deposit;
  const usable = deposit?.status === 'review' || deposit?.status === 'refund_due';
  const language = i18n.language;
  return (
    <ListState
      query={query}
      isEmpty={false}
      empty={{ icon: IconBuildingBank, title: '' }}
      retryLabel={t('retry')}
    >
      {deposit && detail ? (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fz="sm">
              {t('decide.lead', {
                amount: groupDigits(deposit.amountKrw),
                name: deposit.depositorName,
                at: formatKoreaDateTime(deposit.receivedAt, language),
              })}
            </Text>
            <Text fz="sm" c="dark.6">
              {deposit.receivingAccount
                ? t('decide.into', { account: deposit.receivingAccount })
                : t('decide.intoUnknown')}
            </Text>
            {deposit.reviewReason ? (
              <Text fz="sm" c="dark.7">
                {t(`reasons.${deposit.reviewReason}`)}
              </Text>
            ) : null}
          </Stack>
          {usable ? (
            <>
              <Title order={3} fz="md">
                {t('decide.candidates')}
              </Title>
              {detail.candidates.length === 0 ? (
                <Text fz="sm" c="dark.6">
                  {t('decide.noCandidates')}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {detail.candidates.map((candidate) => (
                    <Candidate
                      key={candidate.id}
                      deposit={deposit}
                      candidate={candidate}
                      onDone={onDone}
                    />
                  ))}
                </SimpleGrid>
              )}
              <Divider />
              {deposit.status === 'review' ? (
                <RefundForm deposit={deposit} onDone={onDone} />
              ) : null}
              {deposit.status === 'refund_due' ? (
                <RefundedForm deposit={deposit} onDone={onDone} />
              ) : null}
              <Divider />
              <WriteOffForm deposit={deposit} onDone={onDone} />
            </>
          ) : (
            <Text fz="sm" c="dark.6">
              {t('decide.final')}
            </Text>
          )}
        </Stack>
      ) : null}
    </ListState>
  );
}

function Candidate({
  deposit,
  candidate,
  onDone,
}: {
  deposit: Deposit;
  candidate: DepositCandidate;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'errors', 'transactions']);
  const language = i18n.language;
  const decide = useDecideDeposit(deposit.id);
  const differs = candidate.differenceKrw !== '0';
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const match = async () => {
    setError(null);
    try {
      await decide.mutateAsync({
        kind: 'match',
        body: { transactionId: candidate.id, acceptAmountDifference: differs && accepted },
      });
      toast('success', {
        message: t('decide.matched', {
          reference: deposit.bankReference,
          number: candidate.number,
        }),
      });
      onDone();
    } catch (caught) {
      setError(errorMessage(t, caught));
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      aria-label={t('decide.candidateLabel', { number: candidate.number })}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} ff="monospace">
            {candidate.number}
          </Text>
          <Badge variant="light" color="gray">
            {t(`transactions:status.${candidate.status}`)}
          </Badge>
        </Group>
        <Text fz="sm" fw={600}>
          {candidate.userName}
        </Text>
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {candidate.userEmail}
        </Text>
        <Text fz="sm">
          {t('krw', { amount: groupDigits(candidate.totalKrw) })} · {groupDigits(candidate.amount)}{' '}
          {candidate.asset}
        </Text>
        <Text fz="sm" c={differs ? 'red.8' : 'teal.8'} fw={600}>
          {differs
            ? t('decide.difference', { amount: groupDigits(candidate.differenceKrw) })
            : t('decide.same')}
        </Text>
        {candidate.depositAccountNumber ? (
          <Text fz="xs" c="dark.6">
            {t('decide.shownAccount', { account: candidate.depositAccountNumber })}
          </Text>
        ) : null}
        <Text fz="xs" c="dark.6">
          {formatKoreaDateTime(candidate.createdAt, language)}
        </Text>
        {candidate.matchable ? (
          <Stack gap="xs" mt={4}>
            {differs ? (
              <Checkbox
                checked={accepted}
                onChange={(event) => setAccepted(event.currentTarget.checked)}
                label={t('decide.accept', {
                  krw: groupDigits(deposit.amountKrw),
                  amount: groupDigits(candidate.amountAtDeposit),
                  asset: candidate.asset,
                  rate: groupDigits(candidate.rateKrw),
                })}
              />
            ) : null}
            <FormAlert message={error} />
            <Button
              size="xs"
              onClick={() => void match()}
              loading={decide.isPending}
              disabled={differs && !accepted}
              aria-label={t('decide.matchLabel', {
                reference: deposit.bankReference,
                number: candidate.number,
              })}
            >
              {t('decide.match')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function RefundForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'errors', 'validation']);
  const decide = useDecideDeposit(deposit.id);
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
      await decide.mutateAsync({ kind: 'refund', body });
      toast('success', { message: t('decide.refundDone', { reference: deposit.bankReference }) });
      onDone();
    },
    { fields: ['reason', 'note'] },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('decide.refund')}
        </Title>
        <Text fz="sm" c="dark.6">
          {t('decide.refundLead')}
        </Text>
        <FormAlert message={formError} />
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
        <Group justify="flex-end">
          <SubmitButton loading={decide.isPending} color="red">
            {t('decide.refundSubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function RefundedForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
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
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('decide.refunded')}
        </Title>
        <Text fz="sm" c="dark.6">
          {t('decide.refundedLead')}
        </Text>
        <FormAlert message={formError} />
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
        <Group justify="flex-end">
          <SubmitButton loading={decide.isPending}>{t('decide.refundedSubmit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function WriteOffForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
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
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('decide.writeOff')}
        </Title>
        <Text fz="sm" c="dark.6">
          {t('decide.writeOffLead')}
        </Text>
        <FormAlert message={formError} />
        <Textarea
          label={t('decide.writeOffReason')}
          styles={readableFieldStyles}
          required
          rows={2}
          error={fieldErrorText(t, errors.reason)}
          {...register('reason')}
        />
        <Group justify="flex-end">
          <SubmitButton loading={decide.isPending} variant="default">
            {t('decide.writeOffSubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
