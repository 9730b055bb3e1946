import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveList, type ListColumn } from '@/components/ui/responsive-list';
import { StatusBadge } from '@/components/transactions/status-badge';
import { formatAsset, formatDateTime, formatKrw } from '@/lib/format';
import { clientTransactionPath, transactionPath } from '@/lib/transactions/transaction-path';
import type { ListedTransaction } from '@/features/transaction-list/api/transaction-list';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The rows of a list: a table from a tablet up, cards on a phone. */
export function TransactionRows({
  items,
  label,
  withClient,
}: {
  items: ListedTransaction[];
  label: string;
  withClient: boolean;
}) {
  const { t, i18n } = useTranslation(['transactionList', 'transactions']);
  const language = i18n.language;
  const numberLink = (tx: ListedTransaction) => (
    <Anchor
      component={Link}
      to={withClient ? clientTransactionPath(tx.id) : transactionPath(tx.id)}
      fw={700}
      ff="monospace"
      fz="sm"
      aria-label={t('open', { number: tx.number })}
    >
      {tx.number}
    </Anchor>
  );
  const amount = (tx: ListedTransaction) => formatAsset(t, tx.amount, tx.merchant.asset);
  const total = (tx: ListedTransaction) => formatKrw(t, tx.totalKrw);
  const type = (tx: ListedTransaction) => t(`transactions:type.${tx.type}`);

  const clientColumn: ListColumn<ListedTransaction> = {
    header: t('columns.client'),
    cell: (tx) => (
      <>
        <Text fz="sm">{tx.client?.name}</Text>
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {tx.client?.email}
        </Text>
      </>
    ),
  };

  const accountLines = (tx: ListedTransaction) => (
    <Stack gap={0}>
      <Text fz="sm">{tx.account.name}</Text>
      <Text fz="xs" c="dark.6" ff="monospace" style={breakAnywhere}>
        {tx.account.accountNumber}
      </Text>
    </Stack>
  );
  const amountLines = (tx: ListedTransaction) => (
    <>
      <Text fz="sm">{amount(tx)}</Text>
      <Text fz="xs" c="dark.6">
        {total(tx)}
      </Text>
    </>
  );
  const statusColumn: ListColumn<ListedTransaction> = {
    header: t('columns.status'),
    cell: (tx) => <StatusBadge status={tx.status} />,
  };
  const dateColumn: ListColumn<ListedTransaction> = {
    header: t('columns.date'),
    cell: (tx) => <Text fz="sm">{formatDateTime(tx.createdAt, language)}</Text>,
  };

  // With the client the row has one more column: the type goes under the number and the merchant
  // over the account, so the whole row, Status included, fits the content width at 1280 px
  // (1280 - 280 menu - 64 padding = 936 px) without scrolling.
  const columns: ListColumn<ListedTransaction>[] = withClient
    ? [
        {
          header: t('columns.number'),
          cell: (tx) => (
            <Stack gap={0}>
              {numberLink(tx)}
              <Text fz="xs" c="dark.6">
                {type(tx)}
              </Text>
            </Stack>
          ),
        },
        clientColumn,
        {
          header: t('columns.merchantAccount'),
          cell: (tx) => (
            <Stack gap={0}>
              <Text fz="sm" fw={600}>
                {tx.merchant.name}
              </Text>
              {accountLines(tx)}
            </Stack>
          ),
        },
        { header: t('columns.amount'), align: 'right', cell: amountLines },
        dateColumn,
        statusColumn,
      ]
    : [
        { header: t('columns.number'), cell: numberLink },
        { header: t('columns.type'), cell: (tx) => <Text fz="sm">{type(tx)}</Text> },
        { header: t('columns.merchant'), cell: (tx) => <Text fz="sm">{tx.merchant.name}</Text> },
        { header: t('columns.accounts'), cell: accountLines },
        { header: t('columns.amount'), align: 'right', cell: amountLines },
        dateColumn,
        statusColumn,
      ];

  return (
    <ResponsiveList
      items={items}
      label={label}
      itemKey={(tx) => tx.id}
      minWidth={900}
      highlightOnHover
      columns={columns}
      card={(tx) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group gap={6}>
              {numberLink(tx)}
              <Text fz="sm" c="dark.6">
                {type(tx)}
              </Text>
            </Group>
            <StatusBadge status={tx.status} />
          </Group>
          {withClient && tx.client ? (
            <Text fz="sm" fw={600} style={breakAnywhere}>
              {tx.client.name} · {tx.client.email}
            </Text>
          ) : null}
          <Text fz="sm">
            {amount(tx)} · {total(tx)}
          </Text>
          <Text fz="xs" c="dark.6" style={breakAnywhere}>
            {tx.merchant.name} · {tx.account.name} ({tx.account.accountNumber})
          </Text>
          <Text fz="xs" c="dark.6">
            {formatDateTime(tx.createdAt, language)}
          </Text>
        </>
      )}
    />
  );
}
