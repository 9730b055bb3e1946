import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconHourglass, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Approval } from '@portal/contract/approvals';
import type { LinkedDeposit } from '@portal/contract/operator-workbench';
import type { TransactionDetail as Detail } from '@portal/contract/transactions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { operatorUserPath } from '@/lib/operator-user-path';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useCancelTransaction } from '@/features/transactions/api/cancel-transaction';
import {
  useAgencyTransaction,
  useOperatorTransaction,
  useTransaction,
} from '@/features/transactions/api/get-transaction';
import { LinkedDeposits } from '@/features/transactions/components/linked-deposits';
import { TransactionApprovals } from '@/features/transactions/components/transaction-approvals';
import { formatAsset, formatDateTime, formatKrw, formatRate } from '@/lib/format';
import { DepositInstructions } from '@/features/transactions/components/deposit-instructions';
import { EventHistory } from '@/features/transactions/components/event-history';
import { Figure } from '@/components/transactions/figure';
import { DelayNotice } from '@/features/transactions/components/delay-notice';
import { DepositOutcome } from '@/features/transactions/components/deposit-outcome';
import { OperatorCancelNotice, SellPayout } from '@/features/transactions/components/sell-payout';
import { StatusBadge } from '@/components/transactions/status-badge';

/**
 * One transaction: its figures, what to do next (deposit instructions for an open buy), why it
 * may be delayed, its history, and Cancel while it is Requested. Live updates refresh it.
 */
export function TransactionDetailScreen({
  id,
  scope = 'own',
}: {
  id: string;
  /**
   * `agency`: one of the agency's clients' transactions, read-only, with the client. `operator`:
   * any user's, read-only (the actions are in the queues), with the user, who took each step and
   * the linked deposits (docs/decisions/021).
   */
  scope?: 'own' | 'agency' | 'operator';
}) {
  const { t } = useTranslation(['transactions', 'errors', 'common']);
  const own = useTransaction(id, scope === 'own');
  const agency = useAgencyTransaction(id, scope === 'agency');
  const operator = useOperatorTransaction(id, scope === 'operator');
  const query = scope === 'own' ? own : scope === 'agency' ? agency : operator;
  const detail = query.data;
  const client = scope === 'agency' ? agency.data?.client : undefined;
  const user = scope === 'operator' ? operator.data?.user : undefined;
  const backTo =
    scope === 'operator'
      ? `${paths.app.operatorTransactions}?queue=all`
      : scope === 'agency'
        ? paths.app.clientTransactions
        : detail?.type === 'sell'
          ? paths.app.sell
          : paths.app.buy;
  const backLabel =
    scope === 'operator'
      ? t('detail.backOperator')
      : scope === 'agency'
        ? t('detail.backClients')
        : t(detail?.type === 'sell' ? 'detail.backSell' : 'detail.backBuy');

  return (
    <>
      <ScreenHeader
        title={detail ? t('detail.title', { number: detail.number }) : t('detail.titleLoading')}
      >
        <Group gap="sm">
          {detail ? <StatusBadge status={detail.status} /> : null}
          {detail ? (
            <Text fz="sm" c="dark.7">
              {t(`type.${detail.type}`)}
            </Text>
          ) : null}
          <Anchor component={Link} to={backTo} fz="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={16} aria-hidden />
              {backLabel}
            </Group>
          </Anchor>
        </Group>
      </ScreenHeader>
      {client ? (
        <Text fz="sm" c="dark.7" mb="md">
          {t('detail.client', { name: client.name, email: client.email })}
        </Text>
      ) : null}
      {user ? (
        <Text fz="sm" c="dark.7" mb="md">
          {t('detail.user')}{' '}
          <Anchor component={Link} to={operatorUserPath(user.id)}>
            {user.name} ({user.email})
          </Anchor>
        </Text>
      ) : null}
      {detail ? (
        <DetailBody
          detail={detail}
          readOnly={scope !== 'own'}
          deposits={scope === 'operator' ? operator.data?.deposits : undefined}
          approvals={scope === 'operator' ? operator.data?.approvals : undefined}
        />
      ) : query.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{errorMessage(t, query.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('detail.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Center py="xl" aria-busy="true">
          <Loader aria-label={t('detail.loading')} />
        </Center>
      )}
    </>
  );
}

function DetailBody({
  detail,
  readOnly,
  deposits,
  approvals,
}: {
  detail: Detail;
  readOnly: boolean;
  /** The operator's: every deposit linked to the transaction. */
  deposits?: LinkedDeposit[];
  /** The operator's: the approvals asked for on it (docs/decisions/017). */
  approvals?: Approval[];
}) {
  const { t, i18n } = useTranslation(['transactions', 'errors']);
  const cancel = useCancelTransaction();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const asset = detail.merchant.asset;
  const openBuy = detail.type === 'buy' && detail.status === 'Requested';

  const confirmCancel = async () => {
    setProblem(null);
    try {
      await cancel.mutateAsync({ id: detail.id });
      toast('success', { message: t('cancel.done', { number: detail.number }) });
    } catch (error) {
      setProblem(errorMessage(t, error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="lg">
      <FormAlert message={problem} />
      <OperatorCancelNotice detail={detail} />
      <DepositOutcome detail={detail} />
      <DelayNotice detail={detail} />
      {detail.creditStatus === 'pending' ? (
        <Alert color="blue" variant="light" icon={<IconHourglass aria-hidden />} role="status">
          {t(
            detail.type === 'sell' && detail.status === 'Cancelled'
              ? 'detail.returning'
              : 'detail.crediting',
          )}
        </Alert>
      ) : null}
      {detail.creditStatus === 'failed' ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          role="status"
        >
          {t('detail.creditFailed')}
        </Alert>
      ) : null}
      {/* Addressed to the payer ("your registered name"): not the agency's or the operator's. */}
      {openBuy && detail.depositInstructions && !readOnly ? (
        <DepositInstructions
          instructions={detail.depositInstructions}
          expiresAt={detail.expiresAt}
        />
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
        <Title order={2} fz="lg" mb="md">
          {t('detail.summary')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <Figure label={t('detail.number')}>{detail.number}</Figure>
          <Figure label={t('detail.type')}>{t(`type.${detail.type}`)}</Figure>
          <Figure label={t('detail.merchant')}>{detail.merchant.name}</Figure>
          <Figure label={t('detail.account')} hint={detail.account.accountNumber}>
            {detail.account.name}
          </Figure>
          <Figure label={t('detail.amount')}>{formatAsset(t, detail.amount, asset)}</Figure>
          <Figure label={t('detail.rate')}>{formatRate(t, detail.rateKrw, asset)}</Figure>
          <Figure label={t(`detail.total.${detail.type}`)} emphasis>
            {formatKrw(t, detail.totalKrw)}
          </Figure>
          <Figure label={t('detail.createdAt')}>
            {formatDateTime(detail.createdAt, i18n.language)}
          </Figure>
          {detail.completedAt ? (
            <Figure label={t('detail.completedAt')}>
              {formatDateTime(detail.completedAt, i18n.language)}
            </Figure>
          ) : (
            <Figure label={t('detail.updatedAt')}>
              {formatDateTime(detail.updatedAt, i18n.language)}
            </Figure>
          )}
          {detail.type === 'sell' && detail.payoutReference ? (
            <Figure label={t('detail.payoutReference')}>{detail.payoutReference}</Figure>
          ) : null}
        </SimpleGrid>
        {detail.status === 'Requested' && !readOnly ? (
          <Group justify="flex-end" mt="lg">
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('cancel.button')}
            </Button>
          </Group>
        ) : null}
      </Paper>

      <SellPayout detail={detail} />
      {deposits ? <LinkedDeposits deposits={deposits} /> : null}
      {approvals ? <TransactionApprovals approvals={approvals} /> : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
        <Title order={2} fz="lg" mb="md">
          {t('history.title')}
        </Title>
        <EventHistory events={detail.events} />
      </Paper>

      <ConfirmDialog
        opened={confirming}
        title={t('cancel.title')}
        message={t(`cancel.message.${detail.type}`, { number: detail.number })}
        confirmLabel={t('cancel.confirm')}
        dismissLabel={t('cancel.keep')}
        loading={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
