import { groupDigits } from '@portal/contract/decimal';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Deposit, DepositSort, DepositStatus } from '@portal/contract/transactions';
import { PageButtons, transactionListPageLabel } from '@/components/ui/page-buttons';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatKoreaDate, formatKoreaDateTime } from '@/lib/format';
import { useMinuteClock, Waited, waitedMinutes, waitedRowProps } from '@/components/ui/waited';
import { useDeposits, type DepositSearch } from '@/features/operator-deposits/api/get-deposits';

const PAGE_SIZE = 20;
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * One page of deposits of a status; those under review or to be returned can be opened. The
 * page is the screen's, kept in the address with the status.
 */
export function DepositList({
  status,
  search,
  page,
  onPage,
  onDecide,
}: {
  status: DepositStatus;
  search: DepositSearch & { sort: DepositSort };
  page: number;
  onPage: (page: number) => void;
  onDecide: (deposit: Deposit) => void;
}) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'errors', 'transactionList']);
  const query = useDeposits({ status, ...search, page, pageSize: PAGE_SIZE });
  const now = useMinuteClock();
  // A deposit in review waits since the portal recorded it (docs/decisions/021).
  const waitingSince = (deposit: Deposit) =>
    deposit.status === 'review' ? deposit.createdAt : null;
  const language = i18n.language;
  const items = query.data?.items ?? [];
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  const label = t('tableLabel', { status: t(`tabs.${status}`) });

  const amount = (deposit: Deposit) => t('krw', { amount: groupDigits(deposit.amountKrw) });
  const receivedAt = (deposit: Deposit) => formatKoreaDateTime(deposit.receivedAt, language);

  /** Why it waits, or how it ended. */
  const outcome = (deposit: Deposit) => (
    <Stack gap={2}>
      {deposit.reviewReason ? <Text fz="sm">{t(`reasons.${deposit.reviewReason}`)}</Text> : null}
      {deposit.status === 'refund_due' && deposit.refundReason ? (
        <Text fz="sm" fw={600}>
          {t('refundInfo.due', { reason: t(`refundReasons.${deposit.refundReason}`) })}
        </Text>
      ) : null}
      {deposit.status === 'refunded' ? (
        <Text fz="sm">
          {t('refundInfo.refunded', {
            date: formatKoreaDate(deposit.refundedAt, language),
            reference: deposit.refundBankReference ?? '',
          })}
        </Text>
      ) : null}
      {deposit.status === 'written_off' && deposit.writeOffReason ? (
        <Text fz="sm" style={breakAnywhere}>
          {t('refundInfo.writtenOff', { reason: deposit.writeOffReason })}
        </Text>
      ) : null}
      {deposit.resolution ? (
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {t('resolution', { text: deposit.resolution })}
        </Text>
      ) : null}
    </Stack>
  );

  const transactions = (deposit: Deposit) => {
    const related = deposit.relatedTransactions
      .filter((tx) => tx.id !== deposit.matchedTransaction?.id)
      .map((tx) => tx.number);
    if (!deposit.matchedTransaction && related.length === 0) {
      return (
        <Text fz="sm" c="dark.6">
          {t('noTransactions')}
        </Text>
      );
    }
    return (
      <Stack gap={2}>
        {deposit.matchedTransaction ? (
          <Text fz="sm" ff="monospace">
            {t('matched', { number: deposit.matchedTransaction.number })}
          </Text>
        ) : null}
        {related.length > 0 ? (
          <Text fz="sm" ff="monospace" style={breakAnywhere}>
            {t('related', { numbers: related.join(', ') })}
          </Text>
        ) : null}
      </Stack>
    );
  };

  const decideButton = (deposit: Deposit) =>
    deposit.status === 'review' || deposit.status === 'refund_due' ? (
      <Button
        size="xs"
        variant="default"
        aria-label={t('actions.decideLabel', { reference: deposit.bankReference })}
        onClick={() => onDecide(deposit)}
      >
        {t('actions.decide')}
      </Button>
    ) : null;

  const reviewing = status === 'review' || status === 'refund_due';

  const list = (
    <ResponsiveList
      items={items}
      label={label}
      itemKey={(deposit) => deposit.id}
      minWidth={860}
      rowProps={(deposit) => waitedRowProps(waitedMinutes(waitingSince(deposit), now))}
      columns={[
        {
          // Who paid, into which account, and the bank's reference under it: one column, so the
          // queue and its Decide button fit the desktop screen without scrolling sideways.
          header: t('columns.depositor'),
          cell: (deposit) => (
            <Stack gap={2}>
              <Text fz="sm">{deposit.depositorName}</Text>
              {deposit.receivingAccount ? (
                <Text fz="xs" c="dark.6">
                  {t('receivingAccount', { account: deposit.receivingAccount })}
                </Text>
              ) : null}
              <Text fz="xs" c="dark.6" ff="monospace" style={breakAnywhere}>
                {deposit.bankReference}
              </Text>
            </Stack>
          ),
        },
        {
          header: t('columns.amount'),
          align: 'right' as const,
          cell: (deposit) => (
            <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {amount(deposit)}
            </Text>
          ),
        },
        {
          // When it came in and how (webhook, statement, by hand); in review, how long it has
          // waited for a decision.
          header: status === 'review' ? t('columns.receivedWaited') : t('columns.receivedAt'),
          cell: (deposit: Deposit) => (
            <Stack gap={2}>
              <Text fz="sm">{receivedAt(deposit)}</Text>
              <Text fz="xs" c="dark.6">
                {t(`source.${deposit.source}`)}
              </Text>
              {status === 'review' ? <Waited since={waitingSince(deposit)} now={now} /> : null}
            </Stack>
          ),
        },
        { header: t('columns.reason'), cellProps: { maw: 320 }, cell: outcome },
        { header: t('columns.transactions'), cell: transactions },
        ...(reviewing
          ? [
              {
                header: t('columns.actions'),
                align: 'right' as const,
                cellProps: { style: { width: '1%' } },
                cell: decideButton,
              },
            ]
          : []),
      ]}
      card={(deposit) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{deposit.depositorName}</Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {amount(deposit)}
            </Text>
          </Group>
          <Text fz="sm" ff="monospace" style={breakAnywhere}>
            {deposit.bankReference}
          </Text>
          <Text fz="xs" c="dark.6">
            {receivedAt(deposit)} · {t(`source.${deposit.source}`)}
          </Text>
          {status === 'review' ? (
            <Group gap={6} wrap="nowrap">
              <Text fz="xs" c="dark.6">
                {t('columns.waited')}
              </Text>
              <Waited since={waitingSince(deposit)} now={now} />
            </Group>
          ) : null}
          {outcome(deposit)}
          {transactions(deposit)}
          {reviewing ? <Group mt={6}>{decideButton(deposit)}</Group> : null}
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
          empty={{ icon: IconBuildingBank, title: t(`empty.${status}`) }}
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
