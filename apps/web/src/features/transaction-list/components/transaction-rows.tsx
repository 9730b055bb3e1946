import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList } from '@/components/ui/card-list';
import { StatusBadge } from '@/components/transactions/status-badge';
import { formatAsset, formatDateTime, formatKrw } from '@/lib/format';
import { transactionPath } from '@/lib/transactions/transaction-path';
import type { ListedTransaction } from '@/features/transaction-list/api/transaction-list';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The rows of a list: a table from a tablet up, cards on a phone. */
export function TransactionRows({
  items,
  label,
  withClient,
  phone,
}: {
  items: ListedTransaction[];
  label: string;
  withClient: boolean;
  phone: boolean;
}) {
  const { t, i18n } = useTranslation(['transactionList', 'transactions']);
  const language = i18n.language;
  const numberLink = (tx: ListedTransaction) => (
    <Anchor
      component={Link}
      to={transactionPath(tx.id)}
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

  if (phone) {
    return (
      <CardList items={items} label={label} itemKey={(tx) => tx.id}>
        {(tx) => (
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
      </CardList>
    );
  }

  return (
    <Table.ScrollContainer minWidth={withClient ? 1080 : 900}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.number')}</Table.Th>
            <Table.Th scope="col">{t('columns.type')}</Table.Th>
            {withClient ? <Table.Th scope="col">{t('columns.client')}</Table.Th> : null}
            <Table.Th scope="col">{t('columns.merchant')}</Table.Th>
            <Table.Th scope="col">{t('columns.accounts')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {t('columns.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('columns.date')}</Table.Th>
            <Table.Th scope="col">{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((tx) => (
            <Table.Tr key={tx.id}>
              <Table.Td>{numberLink(tx)}</Table.Td>
              <Table.Td>
                <Text fz="sm">{type(tx)}</Text>
              </Table.Td>
              {withClient ? (
                <Table.Td>
                  <Text fz="sm">{tx.client?.name}</Text>
                  <Text fz="xs" c="dark.6" style={breakAnywhere}>
                    {tx.client?.email}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text fz="sm">{tx.merchant.name}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text fz="sm">{tx.account.name}</Text>
                  <Text fz="xs" c="dark.6" ff="monospace" style={breakAnywhere}>
                    {tx.account.accountNumber}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Text fz="sm">{amount(tx)}</Text>
                <Text fz="xs" c="dark.6">
                  {total(tx)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{formatDateTime(tx.createdAt, language)}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={tx.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
