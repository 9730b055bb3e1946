import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Transaction, TransactionList } from '@portal/contract/transactions';
import { CardList } from '@/components/ui/card-list';
import { ListState } from '@/components/ui/list-state';
import { StatusBadge } from '@/components/transactions/status-badge';
import { formatAsset, formatDateTime } from '@/lib/format';
import { transactionPath } from '@/lib/transactions/transaction-path';
import classes from './transaction-table.module.css';
import { usePhone } from '@/lib/use-phone';

interface TransactionTableProps {
  /** Id of the section's heading, which also names the table. */
  id: string;
  title: string;
  /** A link (View All) beside the title. */
  action?: ReactNode;
  query: {
    data?: TransactionList;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  empty: { title: string; hint?: string; icon?: Icon };
}

/**
 * A short list of transactions with the dashboard's columns (docs/PRODUCT.md "Screens"): the
 * spec's No., Type, Merchant, Status, then the amount and the date, without which a row says
 * little (docs/decisions/015-korean-polish.md). A table on wider screens, cards on a phone; the
 * number opens the transaction.
 * Not `ResponsiveList`: Mantine's Table brings its scroll area and @floating-ui to the first
 * signed-in page, so this one is a plain semantic table (docs/BENCHMARKS.md).
 */
export function TransactionTable({ id, title, action, query, empty }: TransactionTableProps) {
  const { t, i18n } = useTranslation(['dashboard', 'transactions']);
  const phone = usePhone();
  const items = query.data?.items ?? [];
  const amount = (item: Transaction) => formatAsset(t, item.amount, item.merchant.asset);
  const date = (item: Transaction) => formatDateTime(item.createdAt, i18n.language);

  const numberLink = (item: Transaction) => (
    <Anchor
      component={Link}
      to={transactionPath(item.id)}
      fw={700}
      ff="monospace"
      aria-label={t('dashboard:table.open', { number: item.number })}
    >
      {item.number}
    </Anchor>
  );

  const table = (
    <div className={classes.scroll}>
      <table className={classes.table} aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard:columns.number')}</th>
            <th scope="col">{t('dashboard:columns.type')}</th>
            <th scope="col">{t('dashboard:columns.merchant')}</th>
            <th scope="col">{t('dashboard:columns.status')}</th>
            <th scope="col" className={classes.end}>
              {t('dashboard:columns.amount')}
            </th>
            <th scope="col">{t('dashboard:columns.date')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{numberLink(item)}</td>
              <td>{t(`transactions:type.${item.type}`)}</td>
              <td>{item.merchant.name}</td>
              <td>
                <StatusBadge status={item.status} />
              </td>
              <td className={classes.end}>{amount(item)}</td>
              <td className={classes.nowrap}>{date(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  const cards = (
    <CardList items={items} label={title} itemKey={(item) => item.id}>
      {(item) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            {numberLink(item)}
            <StatusBadge status={item.status} />
          </Group>
          <Text fz="sm">
            {t(`transactions:type.${item.type}`)} · {item.merchant.name}
          </Text>
          <Group justify="space-between" gap="xs">
            <Text fz="sm" fw={600}>
              {amount(item)}
            </Text>
            <Text fz="xs" c="dark.6">
              {date(item)}
            </Text>
          </Group>
        </>
      )}
    </CardList>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title id={id} order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      <Paper withBorder radius="md">
        <ListState
          query={query}
          isEmpty={items.length === 0}
          empty={{ icon: empty.icon ?? IconReceipt, title: empty.title, hint: empty.hint }}
          loadingLabel={t('dashboard:table.loading', { title })}
          retryLabel={t('dashboard:table.retry')}
        >
          {phone ? cards : table}
        </ListState>
      </Paper>
    </Stack>
  );
}
