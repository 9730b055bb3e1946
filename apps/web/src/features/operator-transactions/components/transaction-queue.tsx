import { groupDigits } from '@portal/contract/decimal';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  OperatorTransaction,
  TransactionStatus,
  TransactionType,
} from '@portal/contract/transactions';
import { PageButtons, transactionListPageLabel } from '@/components/ui/page-buttons';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { paths } from '@/config/paths';
import { StatusBadge } from '@/components/transactions/status-badge';
import { formatKoreaDateTime } from '@/lib/format';
import { operatorTransactionPath } from '@/lib/transactions/transaction-path';
import {
  useOperatorTransactions,
  type OperatorTransactionFilters,
} from '@/features/operator-transactions/api/get-operator-transactions';
import type { TransactionAction } from '@/features/operator-transactions/api/transaction-actions';
import type { PendingAction } from '@/features/operator-transactions/components/action-dialog';
import {
  DebitState,
  PayeeDetails,
} from '@/features/operator-transactions/components/sell-payout-details';
import { useMinuteClock, Waited, waitedMinutes, waitedRowProps } from '@/components/ui/waited';

const PAGE_SIZE = 20;

/** An open request (Requested, Pending) waits since it was asked for; a closed one no longer. */
const openSince = (tx: OperatorTransaction) =>
  tx.status === 'Requested' || tx.status === 'Pending' ? tx.createdAt : null;
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** What the operator may do next: the server's rules, mirrored so only allowed buttons show. */
export function actionsOf(transaction: OperatorTransaction): TransactionAction[] {
  if (transaction.creditStatus === 'failed') return ['retryCredit'];
  if (transaction.status === 'Requested' && transaction.type === 'sell') {
    // Take is the merchant debit (docs/decisions/010). A refused debit leaves only Cancel; an
    // unanswered one only Take again (the same key, so never debited twice).
    if (transaction.debit?.failure) return ['cancel'];
    if (transaction.debit?.sentAt) return ['take'];
    return ['take', 'cancel'];
  }
  if (transaction.status === 'Requested') return ['cancel'];
  if (transaction.status !== 'Pending') return [];
  // A Pending buy completes only by matching its deposit (docs/decisions/010): see actionsFor.
  return transaction.type === 'sell' ? ['completeSell', 'cancel'] : ['cancel'];
}

/** One queue: a page of transactions of a type and status, with their actions. */
export function TransactionQueue({
  label,
  empty,
  type,
  status,
  filters = {},
  page,
  onPage,
  onAction,
}: {
  label: string;
  empty: string;
  type?: TransactionType;
  status?: TransactionStatus;
  /** The All list's search, dates and order; the queues are oldest first. */
  filters?: Pick<OperatorTransactionFilters, 'q' | 'from' | 'to' | 'sort'>;
  /** The page, kept by the screen in the address. */
  page: number;
  onPage: (page: number) => void;
  onAction: (pending: PendingAction) => void;
}) {
  const { t, i18n } = useTranslation([
    'operatorTransactions',
    'depositsAdmin',
    'errors',
    'transactionList',
  ]);
  const query = useOperatorTransactions({ type, status, ...filters, page, pageSize: PAGE_SIZE });
  const now = useMinuteClock();
  const language = i18n.language;
  const items = query.data?.items ?? [];
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;

  const amount = (tx: OperatorTransaction) => `${groupDigits(tx.amount)} ${tx.merchant.asset}`;
  const total = (tx: OperatorTransaction) => t('krw', { amount: groupDigits(tx.totalKrw) });
  const rate = (tx: OperatorTransaction) => t('atRate', { rate: groupDigits(tx.rateKrw) });

  // The number opens the transaction in full (docs/decisions/021).
  const numberLink = (tx: OperatorTransaction) => (
    <Anchor
      component={Link}
      to={operatorTransactionPath(tx.id)}
      fz="sm"
      fw={600}
      ff="monospace"
      aria-label={t('openTransaction', { number: tx.number })}
    >
      {tx.number}
    </Anchor>
  );
  const statusBadge = (tx: OperatorTransaction) => <StatusBadge status={tx.status} size="sm" />;
  const notes = (tx: OperatorTransaction) => (
    <>
      {tx.delayReason ? (
        <Text fz="xs" c="red.9">
          {t('delayed', { reason: t(`depositsAdmin:reasonsShort.${tx.delayReason}`) })}
        </Text>
      ) : null}
      {tx.creditStatus === 'failed' ? (
        <Text fz="xs" c="red.9">
          {t('creditFailedShort')}
        </Text>
      ) : null}
      {tx.payoutReference ? (
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {t('payoutReference', { reference: tx.payoutReference })}
        </Text>
      ) : null}
      <DebitState transaction={tx} />
    </>
  );
  // The payee matters while there is a payout to make.
  const showsPayee = (tx: OperatorTransaction) =>
    tx.type === 'sell' && (tx.status === 'Requested' || tx.status === 'Pending');
  const actionsFor = (tx: OperatorTransaction) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {tx.type === 'buy' && tx.status === 'Pending' ? (
        <Button
          size="xs"
          style={{ flexShrink: 0 }}
          component={Link}
          to={`${paths.app.depositsAdmin}?status=review`}
          aria-label={t('actions.label', { action: t('actions.findDeposit'), number: tx.number })}
        >
          {t('actions.findDeposit')}
        </Button>
      ) : null}
      {actionsOf(tx).map((action) => (
        <Button
          key={action}
          size="xs"
          style={{ flexShrink: 0 }}
          variant={action === 'cancel' ? 'light' : 'filled'}
          color={action === 'cancel' ? 'red' : undefined}
          aria-label={t('actions.label', { action: t(`actions.${action}`), number: tx.number })}
          onClick={() => onAction({ action, transaction: tx })}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </Group>
  );

  const list = (
    <ResponsiveList
      items={items}
      label={label}
      itemKey={(tx) => tx.id}
      minWidth={900}
      rowProps={(tx) => waitedRowProps(waitedMinutes(openSince(tx), now))}
      columns={[
        {
          header: t('columns.number'),
          cell: (tx) => (
            <>
              {numberLink(tx)}
              <Text fz="xs" c="dark.6">
                {t(`type.${tx.type}`)}
              </Text>
            </>
          ),
        },
        {
          header: t('columns.user'),
          cell: (tx) => (
            <>
              <Text fz="sm">{tx.user.name}</Text>
              <Text fz="xs" c="dark.6" style={breakAnywhere}>
                {tx.user.email}
              </Text>
            </>
          ),
        },
        {
          header: t('columns.merchant'),
          cell: (tx) => (
            <>
              <Text fz="sm">{tx.merchant.name}</Text>
              <Text fz="xs" c="dark.6" style={breakAnywhere}>
                {tx.account.accountNumber}
              </Text>
            </>
          ),
        },
        {
          // One column for what moves (the asset at its rate, and the won), so the actions fit.
          header: t('columns.amount'),
          cell: (tx) => (
            <>
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {total(tx)}
              </Text>
              <Text fz="xs" c="dark.6">
                {amount(tx)} {rate(tx)}
              </Text>
            </>
          ),
        },
        {
          header: t('columns.status'),
          cell: (tx) => (
            <Stack gap={2}>
              {statusBadge(tx)}
              {notes(tx)}
            </Stack>
          ),
        },
        {
          // When it was asked for, and under it how long it has waited (docs/decisions/021).
          header: t('columns.requestedWaited'),
          cell: (tx) => (
            <>
              <Text fz="sm">{formatKoreaDateTime(tx.createdAt, language)}</Text>
              <Waited since={openSince(tx)} now={now} />
            </>
          ),
        },
        {
          header: t('columns.actions'),
          align: 'right',
          // Never squeezed: a button cut to "Start p…" is no button (docs/decisions/021).
          cellProps: { style: { width: '1%', whiteSpace: 'nowrap' } },
          cell: actionsFor,
        },
      ]}
      // A row of its own under the sell: the payout account, wide enough to read and copy.
      rowDetail={(tx) =>
        showsPayee(tx) ? (
          <>
            <Text fz="xs" fw={700} c="dark.7" mb={4}>
              {t('columns.payee')}
            </Text>
            <PayeeDetails transaction={tx} layout="row" />
          </>
        ) : null
      }
      card={(tx) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap={6} wrap="nowrap">
              {numberLink(tx)}
              <Text fz="sm">· {t(`type.${tx.type}`)}</Text>
            </Group>
            {statusBadge(tx)}
          </Group>
          <Text fz="sm" style={breakAnywhere}>
            {tx.user.name} · {tx.user.email}
          </Text>
          <Text fz="sm">
            {amount(tx)} · {total(tx)}
          </Text>
          <Text fz="xs" c="dark.6">
            {tx.merchant.name} · {tx.account.accountNumber} ·{' '}
            {formatKoreaDateTime(tx.createdAt, language)}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text fz="xs" c="dark.6">
              {t('columns.waited')}
            </Text>
            <Waited since={openSince(tx)} now={now} />
          </Group>
          {notes(tx)}
          {showsPayee(tx) ? <PayeeDetails transaction={tx} /> : null}
          {actionsOf(tx).length > 0 ? (
            <Group mt={6} justify="flex-start">
              {actionsFor(tx)}
            </Group>
          ) : null}
        </>
      )}
    />
  );

  return (
    <Stack gap="xs">
      {query.data ? (
        <Text fz="sm" c="dark.6" aria-live="polite">
          {t('count', { count: query.data.total })}
        </Text>
      ) : null}
      <Paper withBorder radius="md">
        <ListState
          query={query}
          isEmpty={items.length === 0}
          empty={{ icon: IconReceipt, title: empty }}
          retryLabel={t('retry')}
        >
          {list}
        </ListState>
      </Paper>
      <PageButtons
        pages={pages}
        page={page}
        onChange={onPage}
        controlLabel={transactionListPageLabel(t)}
      />
    </Stack>
  );
}
